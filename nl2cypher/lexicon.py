"""Keyword extraction: the KG's own names (entities, codes, pinyin initials,
aliases, vocabulary values) plus the trigger table's concept words form a
dictionary; the question is tokenised with jieba (dictionary words added) and
matched by maximum matching in both directions, giving typed mentions.
Numbers and time expressions are recognised alongside."""

from __future__ import annotations

import collections
import dataclasses
import datetime as dt
import functools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import corrections, tags
from .cypher import queries
from .errors import BadQuestion, Nl2CypherError, UnknownEntity
from .lang import Language
from .lang.values import Number, TimeSpan
from .packs import Packs
from .schema import KEY
from .triggers import TriggerTable

# priority when two dictionary words cover the same span
_PRIORITY = {"entity": 5, "value": 4, "property": 3, "label": 2, "edge": 1, "keyword": 0}
KEYWORD_MIN = 2  # a word inside searchable texts counts when this many texts hold it (not one title's oddity)
KEYWORD_COMMON = 1e-5  # ... and when it is rarer than this in general text (回购, 减持; not 主要, 收到)
_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


@dataclass(frozen=True)
class EntityRef:
    label: str
    id: str
    prop: str  # the naming property matched (name, code, chinese_spelling) or "alias"
    name: str  # the entity's display value (what the query filters on)


def unknown_entity(lang: Language, text: str, candidates: list[str], ambiguous: bool = False) -> UnknownEntity:
    """The error for a name the KG does not know (or knows several of), with the
    closest names, in the language pack's words."""
    if ambiguous:
        msg = lang.say("errors.ambiguous_name", name=text, close=lang.join(candidates[:6]))
    elif candidates:
        msg = lang.say("errors.unknown_name_suggest", name=text, close=lang.join(candidates[:5]))
    else:
        msg = lang.say("errors.unknown_name", name=text)
    return UnknownEntity(text, candidates, ambiguous, msg)


MAX_NAME_PIECE = 16  # the longest run of words tried as one name (fund names run to 15 characters)
FAMILY = "STARTS WITH"  # the condition a family's name sets (易方达的基金: names that start with it)


@dataclass
class Mention:
    kind: str  # entity | label | property | value | edge | number | time
    text: str
    start: int
    end: int
    entities: tuple[EntityRef, ...] = ()  # entity: the KG nodes it may name
    targets: tuple[str, ...] = ()  # concept: alternatives from the trigger table
    params: dict = field(default_factory=dict)
    number: Number | None = None
    time: TimeSpan | None = None
    note: str = ""  # e.g. "typo corrected from 茅苔"

    @property
    def names(self) -> bool:
        """Names things a pronoun after it may point at: an entity, or a family of them
        (易方达 in 易方达旗下这些基金)."""
        return self.kind == "entity" or self.params.get("op") == FAMILY

    @property
    def tag(self) -> str:
        return {"entity": "E", "label": "L", "property": "P", "value": "V", "edge": "R", "number": "N",
                "time": "T"}[self.kind]


@dataclass
class Extraction:
    question: str  # normalised text the spans refer to
    mentions: list[Mention]
    tagged: str  # question with each mention replaced by its mark (tags.py)
    framed: tuple[tuple[int, int], ...] = ()  # polite frames around the request (filler, not a yes/no 吗)

    def of_any(self, kinds) -> bool:
        """Has the question a mention of one of these kinds?"""
        return any(m.kind in kinds for m in self.mentions)

    def of(self, kind: str) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind]

    def tag_span(self, index: int) -> tuple[int, int]:
        """Where mention `index` sits in the tagged question."""
        tag = tags.mark(self.mentions[index].tag, index)
        a = self.tagged.index(tag)
        return a, a + len(tag)

    @property
    def unframed(self) -> str:
        """The question with its polite frames blanked (what marker rules read)."""
        chars = list(self.question)
        for a, b in self.framed:
            chars[a:b] = " " * (b - a)
        return "".join(chars)

    @cached_property
    def _owners(self) -> list[tuple[int, int]]:
        return tag_question(self.question, self.mentions)[1]

    def question_span(self, a: int, b: int) -> tuple[int, int]:
        """The stretch of the question a stretch [a, b) of the tagged question covers."""
        if b <= a or a >= len(self._owners):
            n = len(self.question)
            return n, n
        return self._owners[a][0], self._owners[min(b, len(self._owners)) - 1][1]

    def between(self, i: int, j: int) -> str:
        """Tagged text between mentions i and j (i before j)."""
        return self.tagged[self.tag_span(i)[1]:self.tag_span(j)[0]]

    def in_a_row(self, said: list[int], joiner: str) -> int:
        """The longest run of these mentions one right after another (nothing or
        `joiner` between: 下游的下游 is two); said again further on, a word is counted once."""
        longest = run = 0
        for k, i in enumerate(said):
            run = run + 1 if k and (self.between(said[k - 1], i) or "") in ("", joiner) else 1
            longest = max(longest, run)
        return longest


def tag_question(q: str, mentions: list[Mention]) -> tuple[str, list[tuple[int, int]]]:
    """The question with each mention replaced by its mark, and for each character
    of it the stretch of the question it stands for (a mention's whole span)."""
    tagged, owner, pos = [], [], 0
    for i, m in enumerate(mentions):
        tagged.append(q[pos:m.start])
        owner += [(k, k + 1) for k in range(pos, m.start)]
        tag = tags.mark(m.tag, i)
        tagged.append(tag)
        owner += [(m.start, m.end)] * len(tag)
        pos = m.end
    tagged.append(q[pos:])
    owner += [(k, k + 1) for k in range(pos, len(q))]
    return "".join(tagged), owner


def normalise(text: str, script: str = "", glue: frozenset[str] | str = "", final: frozenset[str] | str = "") -> str:
    """NFKC (full-width digits and letters), collapse spaces, the language's own
    punctuation kept. For a language written without spaces (`script`, its
    characters): a space after a clause-final particle (`final`: 是白酒板块的吗 今天股价多少)
    ends the clause as a comma would; a space beside one of the `glue` characters
    (its particles) between two of its characters is dropped — 「跌得最多 的 5只」 —
    while a space between words still separates them (「王明 基金 规模」)."""
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()
    cjk = script
    if not cjk:
        return text
    if final:
        text = re.sub(rf"(?<=[{''.join(sorted(final))}]) (?=[{cjk}])", ",", text)
    if not glue:
        return text
    g = "".join(sorted(glue))
    return re.sub(rf"(?<=[{cjk}]) (?=[{g}])|(?<=[{g}]) (?=[{cjk}])", "", text)


def in_order(part: str, whole: str) -> bool:
    """Are part's characters found in whole in the same order (some of whole left out)?"""
    it = iter(whole)
    return all(c in it for c in part)


def _edit_distance(a: str, b: str, cap: int = 3) -> int:
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


class Lexicon:
    """The dictionary of one loaded KG plus the trigger table's words."""

    def __init__(self, packs: Packs, triggers: TriggerTable, entities: dict[str, list[EntityRef]],
                 vocabulary: dict[str, list[tuple[str, str]]], texts: dict[str, list[str]] | None = None,
                 kinds: dict[str, list[str]] | None = None):
        self.schema, self.lang = packs.schema, packs.lang
        self.fillers = self.lang.fillers
        self.codes = packs.domain.code_pattern  # how codes are written (the domain's codes.yaml)
        self.absent = packs.domain.absent  # what users name that the KG does not hold (基金公司)
        self._word_run = re.compile(f"[{self.lang.script}A-Za-z]+")  # what may be a name
        self._script = re.compile(f"[{self.lang.script}]") if self.lang.script else None
        self._glue = {str(c) for c in self.lang.words.get("connectors") or () if len(str(c)) == 1} | \
            set(self.fillers.particles)  # 茅和五粮液: 和 joins words, it is no part of one
        self.triggers = triggers
        self.entities = entities  # surface form (lower-case for ASCII) -> refs
        self.words: dict[str, list[tuple[str, object]]] = {}
        for form, refs in entities.items():
            self.words.setdefault(form, []).append(("entity", tuple(refs)))
        self._rewrites = [(re.compile(str(a)), str(b)) for a, b in self.lang.words.get("rewrites") or ()]
        self._rewrites += packs.domain.measures  # net margin: net income as a percent of revenue
        self._needs = [_consumed(p) for p, _ in self._rewrites]
        self._loose = set("".join(str(c) for c in self.lang.words.get("loose_ends") or ()))
        self._marks = corrections.Marks.of(self.lang.words.get("corrections") or {}, self.fillers.particles)
        self._meant: dict[str, str] = {}  # a question read -> as meant (corrections read its parts: kept)
        self._rewritten: dict[str, str] = {}  # a question as typed -> as rewritten
        gaps = [str(w) for w in self.lang.words.get("name_gaps") or ()]
        # 招商什么消费升级的: a name said with a word forgotten in the middle
        self._gap = re.compile(f"([{self.lang.script}A-Za-z]{{2,8}})(?:{'|'.join(map(re.escape, gaps))})"
                               f"([{self.lang.script}A-Za-z]{{2,10}})") if gaps and self.lang.script else None
        suffixes = [str(x) for x in self.lang.words.get("value_suffixes") or ()]
        for word, targets in vocabulary.items():  # value words from the KG itself, and 广东省 for 广东
            spoken = self.lang.spoken_forms(word)  # us-gaap:NetIncomeLoss is said "net income loss", "net income"
            for form in dict.fromkeys([word, *spoken] + [word + x for x in suffixes if not word.endswith(x)]):
                self.words.setdefault(form.lower(), []).append(("value", tuple(targets)))
        for c in triggers.concepts:
            for form in self.lang.word_forms(c.word):  # and revenues for revenue
                self.words.setdefault(form.lower(), []).append((c.kind, c))
        self.max_len = max((len(w) for w in self.words), default=1)
        self._sounds: dict[tuple, list[str]] = {}  # how concept words of 2-5 characters sound
        for c in triggers.concepts:
            if 2 <= len(c.word) <= 5 and not c.word.isascii():
                self._sounds.setdefault(self.lang.word_sound(c.word), []).append(c.word.lower())
        self._names = sorted({r.name for refs in entities.values() for r in refs
                              if r.prop in (self.schema.labels[r.label].display, "alias")})
        # the starts of names a gap word may follow (招商|什么消费升级): most words before one start none
        self._name_starts = {n[:i] for n in self._names for i in range(2, 9)} if self._gap is not None else set()
        by_name: dict[str, dict[str, EntityRef]] = {}
        for refs in entities.values():
            for r in refs:
                by_name.setdefault(r.name, {})[r.id] = r
        self._by_name = {n: list(d.values()) for n, d in by_name.items()}
        # 乾 of 乾照光电, 嗰 of the pack's 嗰个: characters the KG's names and the pack's rewrites spell stay as typed
        self._name_chars = frozenset(c for n in self._names for c in n) | \
            frozenset(c for a, _ in self._rewrites for c in a.pattern if not c.isascii())
        self.tokenizer = self.lang.tokenizer()
        general = self.tokenizer.total  # the dictionary's own word count, before the KG's words are added
        for w in self.words:
            if not w.isascii():
                self.tokenizer.add_word(w, freq=50000)
        vocab = self.lang.references.get("follow_up") or {}
        # 这仨家电: a word pointing at things before is its own word, no piece of a name
        self._pointing = {str(w) for kind in ("they", "pair", "counted") for w in vocab.get(kind) or ()}
        self._add_keywords(texts or {}, general)
        self._kinds = self._kind_pieces(kinds or {})
        self._kind_glue = re.compile(f"(?:{self.lang.words.get('kind_glue') or ''})$")

    def _share_classes(self, q: str, mentions: list[Mention], taken: list[bool]) -> list[Mention]:
        """中欧医疗健康指数A和C: a letter joined to a name that ends in a letter is
        the name with that letter (the other share class), when the KG has it."""
        out = []
        for m in [m for m in mentions if m.kind == "entity" and m.entities and m.entities[0].name[-1:].isascii()
                  and m.entities[0].name[-1:].isalpha()]:
            name = m.entities[0].name
            x = re.match(r"(?:%s)(?P<cls>[A-Za-z])(?![A-Za-z0-9])" % self.lang.connectors.pattern, q[m.end:])
            if x is None:
                continue
            a, b = m.end + x.start("cls"), m.end + x.end("cls")
            refs = self.entities.get((name[:-1] + x.group("cls").upper()).lower())
            if refs and not any(taken[a:b]):
                out.append(Mention("entity", q[a:b], a, b, entities=tuple(refs)))
        return out

    def _add_keywords(self, texts: dict[str, list[str]], general: int) -> None:
        """Words inside searchable texts (news titles: 回购, 减持) that are no word
        the engine already reads — not a piece of a name or concept, a filler, or
        any word a trigger rule or the language pack spells out — and are topical
        (rare in general text, by the tokenizer's own word frequencies): a
        mention of one searches the text for it."""
        from collections import Counter

        known = "\n".join([r.regex.pattern for r in self.triggers.rules] + [self.fillers.asking.pattern,
                           repr(self.lang.words)] + list(self.words))  # a piece of a name is that name's
        for target, values in texts.items():
            counts = Counter(w for v in values for w in set(self.tokenizer.lcut(str(v))))
            for w, n in counts.items():
                common = self.tokenizer.FREQ.get(w, 0) > KEYWORD_COMMON * general
                if n >= KEYWORD_MIN and len(w) >= 2 and self.lang.in_script(w) \
                        and not common and w not in self.words and w not in known:
                    self.words[w] = [("keyword", (target, w))]
            # 立案调查, 回购股份: a keyword and the word the texts say with it is that keyword said whole
            # (the search stays the keyword's: 股东减持 finds every 减持)
            pairs = Counter(p for v in values for toks in [self.tokenizer.lcut(str(v))] for p in set(zip(toks, toks[1:])))
            for (a, b), n in pairs.items():
                word = next((w for w in (a, b) if self.words.get(w) == [("keyword", (target, w))]), None)
                if word and n >= KEYWORD_MIN and self.lang.in_script(a + b) and a + b not in self.words:
                    self.words[a + b] = [("keyword", (target, word))]

    def _kind_pieces(self, kinds: dict[str, list[str]]) -> dict[str, dict[str, str]]:
        """Pieces of names that say a kind of the thing (债券, 红利优选, 医疗健康 in fund
        names): one or two of a name's tokens that several names share and that are
        no word the engine reads already; per label, piece -> the property holding it."""
        from collections import Counter

        out: dict[str, dict[str, str]] = {}
        for target, values in kinds.items():
            counts: Counter = Counter()
            for v in values:
                toks = self.tokenizer.lcut(str(v))
                counts.update({"".join(toks[i:i + n]) for n in (1, 2) for i in range(len(toks) - n + 1)})
            for w, n in counts.items():
                if n >= KEYWORD_MIN and len(w) >= 2 and self.lang.in_script(w) and w.lower() not in self.words:
                    out.setdefault(target.partition(".")[0], {})[w] = target
        # longest first, once: the question's words are matched against them in this order
        return {lab: dict(sorted(ps.items(), key=lambda kv: -len(kv[0]))) for lab, ps in out.items()}

    def _said_kinds(self, q: str, mentions: list[Mention], taken: list[bool]) -> list[Mention]:
        """债券基金, 红利类的基金: a piece of such names said right before the kind word
        (glue words between) picks the things whose name contains it."""
        out = []
        for m in [m for m in mentions if m.kind in ("label", "property")]:
            glue = self._kind_glue.search(q, 0, m.start)
            end = glue.start() if glue else m.start
            # 医疗基金规模: a property said with its kind word first (基金规模) is that kind's too
            labels = m.targets if m.kind == "label" else [t.partition(".")[0] for t in m.targets if any(
                m.text.startswith(c.word) for c in self.triggers.concepts
                if c.kind == "label" and t.partition(".")[0] in c.targets)]
            for label in labels:
                pieces = self._kinds.get(label, {})
                hit = next((w for w in pieces
                            if q.endswith(w, 0, end) and not any(taken[end - len(w):m.start])), None)
                if hit is not None:
                    out.append(Mention("value", q[end - len(hit):m.start], end - len(hit), m.start,
                                       targets=(pieces[hit],), params={"value": [hit], "op": "CONTAINS"}))
                    break
        return out

    # ---- building from a store ------------------------------------------
    @classmethod
    def from_store(cls, store, triggers: TriggerTable, packs: Packs) -> "Lexicon":
        schema = packs.schema  # the engine's: the packaged annotations of the store's structure
        entities: dict[str, list[EntityRef]] = {}
        by_id: dict[str, EntityRef] = {}

        def add(form: str, ref: EntityRef) -> None:
            form = form.strip()
            if not form:
                return
            refs = entities.setdefault(form.lower(), [])
            if all(r.id != ref.id for r in refs):
                refs.append(ref)

        vocabulary: dict[str, list[tuple[str, str]]] = {}
        texts: dict[str, list[str]] = {}
        kinds: dict[str, list[str]] = {}
        short: dict[str, list[EntityRef]] = {}  # names as users shorten them (APPLE INC. is Apple)
        for lab in schema.labels.values():
            if lab.names:
                for row in store.fetch(queries.properties(lab.name, [KEY, *lab.names])).rows:
                    nid, values = row[0], row[1:]
                    display = values[lab.names.index(lab.display)] if lab.display in lab.names else values[0]
                    if display is None:
                        continue
                    by_id[nid] = EntityRef(lab.name, nid, lab.display, display)
                    for prop, v in zip(lab.names, values):
                        if v is not None:
                            add(str(v), EntityRef(lab.name, nid, prop, display))
                    whole, part = packs.lang.name_forms(str(display))
                    if not lab.person:  # Airlines is an airline too (a person's name has no plural)
                        whole += [f for w in (str(display), *whole) for f in packs.lang.word_forms(w)[1:]]
                    for form in whole + part:
                        short.setdefault(form.lower(), []).append((EntityRef(lab.name, nid, "alias", display),
                                                                   form in whole))
            for p in lab.properties.values():
                if p.vocabulary:
                    for (v,) in store.fetch(queries.distinct_values(lab.name, p.name, ordered=False,
                                                                    skip_null=True)).rows:
                        vocabulary.setdefault(str(v), []).append((f"{lab.name}.{p.name}", str(v)))
                if p.kinds:
                    kinds[f"{lab.name}.{p.name}"] = [str(v) for (v,) in store.fetch(queries.distinct_values(
                        lab.name, p.name, ordered=False, skip_null=True)).rows]
                if p.keywords:
                    texts[f"{lab.name}.{p.name}"] = [str(v) for (v,) in store.fetch(queries.distinct_values(
                        lab.name, p.name, ordered=False, skip_null=True)).rows]
        taken = set(entities) | {w for v in vocabulary for w in (v.lower(), *packs.lang.spoken_forms(v))} \
            | {f.lower() for c in triggers.concepts for f in packs.lang.word_forms(c.word)}
        for form, refs in short.items():  # one thing's alone, and no word the KG or the table has already
            # semiconductor: Semiconductors' whole name, not Semiconductor Equipment's first word
            pick = [r for r, whole in refs if whole] or [r for r, _ in refs]
            if len({r.id for r in pick}) == 1 and form not in taken:
                add(form, pick[0])
        if hasattr(store, "aliases"):
            for nid, _label, alias in store.aliases():
                ref = by_id.get(nid)
                if ref is not None:
                    add(alias, EntityRef(ref.label, nid, "alias", ref.name))
        named = {ref.name: ref for ref in by_id.values()}
        for nickname, name in packs.domain.nicknames.items():  # Citi: CITIGROUP INC., where the KG has it
            if name in named:
                add(nickname, EntityRef(named[name].label, named[name].id, "alias", name))
        return cls(packs, triggers, entities, vocabulary, texts, kinds)

    # ---- extraction ------------------------------------------------------
    def as_read(self, question: str, *, meant: bool = True) -> str:
        """The question as extraction reads it (mention offsets are in this text):
        normalised, the language's `rewrites` applied (涨的最多 is 涨得最多), then the
        domain's measures said in the figures they are computed from; and, `meant`,
        a word taken back given way to the one said instead (茅台，哦不，五粮液…)."""
        q = self._rewritten.get(question)
        if q is None:  # (read three times a question: its ~600 rewrites are the lexicon's largest cost)
            q = self.lang.approximate(self.lang.one_script(normalise(question, self.lang.script, self.fillers.particles,
                                                                     self.fillers.clause_final), self._name_chars))
            for (pattern, replacement), needs in zip(self._rewrites, self._needs):
                if needs in q:  # (a rewrite is tried only where the characters it consumes occur)
                    q = pattern.sub(replacement, q)
            if self._gap is not None:
                q = self._gap.sub(self._gap_filled, q)
            if len(self._rewritten) > 4096:
                self._rewritten.clear()
            self._rewritten[question] = q
        if not meant or self._marks is None:
            return q
        if q not in self._meant:
            if len(self._meant) > 4096:
                self._meant.clear()
            self._meant[q] = corrections.meant(q, self._marks, self._said)
        return self._meant[q]

    def _gap_filled(self, m: re.Match) -> str:
        """招商什么消费升级的: the names that start with words just before the gap and hold
        words after it, said as the start they share (招商消费升级混合, its share classes)."""
        run, after = m.group(1), m.group(2)
        for j in range(len(run), 1, -1):  # the longest tail of the words before that starts a name
            head = run[-j:]
            if head not in self._name_starts:
                continue
            for k in range(len(after), 1, -1):
                part = after[:k]
                if any(kind != "entity" for kind, _ in self.words.get(part.lower(), ())):
                    continue  # 易方达什么基金: a kind word, no part of a name
                names = [n for n in self._names if n.startswith(head) and part in n[len(head):]]
                if names:
                    common = os.path.commonprefix(names)
                    return run[:-j] + common + after[k:] if part in common[len(head):] else m.group(0)
        return m.group(0)

    def taken_back(self, turn: str) -> str | None:
        """错了错了 是鹏华大金融股票A: a turn taking back the one before — what it says instead."""
        return corrections.taken_back(self.as_read(turn, meant=False), self._marks)

    def _said(self, part: str) -> tuple[str, list[corrections.Said]]:
        """A part of a question as read, and the kind of each of its words (a correction's reading)."""
        read = self.as_read(part)
        try:
            ex = self._extract(part, dt.date.today())
        except UnknownEntity as e:  # 基金经理张强 不好意思 是张婷: a name the KG lacks, taken back
            at = read.find(e.text)
            return read, [corrections.Said("entity:?", at, at + len(e.text), e.text)] if at >= 0 else []
        except Nl2CypherError:
            return read, []
        return ex.question, [corrections.Said(_kind(m), m.start, m.end, m.text) for m in ex.mentions]

    def extract(self, question: str, today: dt.date, calendar: list[dt.date] | None = None) -> Extraction:
        try:
            return self._extract(question, today, calendar)
        except UnknownEntity as e:
            again = self._said_again(self.as_read(question), e)
            if again is None:
                raise
            return self._extract(again, today, calendar)

    @staticmethod
    def _said_again(q: str, e: UnknownEntity) -> str | None:
        """格力 格力电器: a name the KG lacks, then said again in full — a name the error
        offers, elsewhere in the question: the question without the first try."""
        at = q.find(e.text)
        for name in e.candidates:
            full = q.find(name, at + len(e.text)) if at >= 0 else -1
            cut = next((k for k in range(len(e.text) - 1) if name.startswith(e.text[k:])), None)
            if full >= 0 and cut is not None:
                return q[:at + cut] + q[at + len(e.text):]
        return None

    def _extract(self, question: str, today: dt.date, calendar: list[dt.date] | None = None) -> Extraction:
        q = self.as_read(question)
        taken = [False] * len(q)
        mentions: list[Mention] = []
        framed = tuple(self.fillers.frame_spans(q))

        def claim(m: Mention) -> None:
            for i in range(m.start, m.end):
                taken[i] = True
            mentions.append(m)

        # 1. security codes in their usual spellings (600519, sh600519, 600519.SH, 沪600519)
        for m in self.codes.finditer(q):
            refs = self.entities.get(m.group("code"))
            if refs:
                claim(Mention("entity", m.group(0), m.start(), m.end(), entities=tuple(refs)))
            elif self._unknown_code(q, m):
                # a code the KG does not have must not fall away (and leave the whole market)
                raise unknown_entity(self.lang, m.group(0), self._closest_codes(m.group("code")))
        # 2. time expressions
        try:
            times = self.lang.times(q, today, calendar)
        except (ValueError, OverflowError):  # 近三万年: a date no calendar has
            raise BadQuestion(self.lang.say("errors.time_out_of_range")) from None
        for t in times:
            t = self._yield_to_name(q, t, today, calendar)
            if t is not None and not any(taken[t.pos:t.end_pos]):
                claim(Mention("time", t.text, t.pos, t.end_pos, time=t))
        # 3. what the KG does not hold (基金公司): no word inside it is read
        for a, b in self._absent(q, taken):
            taken[a:b] = [True] * (b - a)
        # 4. concept words written with a same-sound typo (收盘架, 涨停版), then
        #    dictionary words by maximum matching, aligned with jieba's tokens
        for m in self._concept_typos(q, taken):
            claim(m)
        for m in self._max_match(q, self._units_held(q, taken)):
            claim(m)
        for m in self._share_classes(q, mentions, taken):
            claim(m)
        # 5. numbers in what is left
        for n in self.lang.numbers(q):
            if any(taken[n.start:n.end]) or not self.lang.number_stands(q, n):
                continue
            claim(Mention("number", n.text, n.start, n.end, number=n))
        # 6. what is left and looks like a name (partial names, typos, unknown
        #    names), leaving out what a trigger rule explains (基本信息, 以…开头)
        mentions.sort(key=lambda m: m.start)
        covered = self._rule_coverage(q, mentions)
        for m in self._said_kinds(q, mentions, [t or c for t, c in zip(taken, covered)]):
            claim(m)  # not a word a rule reads already (名字里有红利的基金)
        free = [t or c for t, c in zip(taken, covered)]
        for a, b in framed:  # 能否告诉我|五粮液: a frame is never part of a name
            free[a:b] = [True] * (b - a)
        for m in self._leftover_names(q, free, mentions):
            claim(m)
        mentions.sort(key=lambda m: m.start)
        mentions = self._classed_families(q, mentions)
        self._name_heads(q, mentions, free)
        if not any(m.kind == "entity" for m in mentions):
            rest = "".join(" " if f else c for c, f in zip(q, free))
            for a, b in self.fillers.spans(rest):  # 请问|阿里巴巴的收盘价
                free[a:b] = [True] * (b - a)
            self._unknown_subject(q, free, mentions)
            self._unknown_capitalised(q, free, mentions)
        return Extraction(q, mentions, tag_question(q, mentions)[0], framed)

    def _units_held(self, q: str, taken: list[bool]) -> list[bool]:
        """两千万股: the unit after a magnitude belongs to the number (read in step 5), no word
        of its own (股 is no label there)."""
        held = list(taken)
        for n in self.lang.numbers(q):
            if n.scale > 1 and n.unit and not any(taken[n.start:n.end]):
                held[n.start:n.end] = [True] * (n.end - n.start)
        return held

    def _yield_to_name(self, q: str, t: TimeSpan, today: dt.date, calendar) -> TimeSpan | None:
        """本周五粮液: a name that starts inside a time expression and runs past
        it keeps its characters; the time is read again without them (本周)."""
        low = q.lower()
        for k in range(t.pos + 1, t.end_pos):
            if any(low[k:b] in self.entities for b in range(t.end_pos + 1, min(len(q), k + self.max_len) + 1)):
                shorter = [x for x in self.lang.times(q[t.pos:k], today, calendar) if x.pos == 0 and x.end_pos == k - t.pos]
                if not shorter:
                    return None
                return dataclasses.replace(shorter[0], pos=t.pos, end_pos=k)
        return t

    def _concept_typos(self, q: str, taken: list[bool]) -> list[Mention]:
        """A window of two to five characters that is no word of the dictionary
        but sounds exactly like a concept word one character away from it."""
        if not self._sounds:
            return []
        low = q.lower()
        sound = [self.lang.sound(c) for c in q]
        out, used = [], list(taken)
        fills = [(x, y) for x, y in self.fillers.spans(q) if y - x > 1]  # 手|上有: 上有 is no typo of 上游
        inside = self._inside_tokens(q)  # 增长|超过: 长超 is no typo of 涨超 (有利|控: 利控 is of 利空)
        for n in (5, 4, 3, 2):  # the longest first: 是不是张停 is 是不是涨停, not 是|不是涨停
            for a in range(0, len(q) - n + 1):
                b = a + n
                forms = self._sounds.get(tuple(sound[a:b]), ()) if None not in sound[a:b] else ()
                if not forms or any(used[a:b]) or low[a:b] in self.words \
                        or self.fillers.asking.fullmatch(q[a:b]) or self.fillers.words.fullmatch(q[a:b]):
                    continue  # 历任 is a word of its own, no typo of 离任
                if n == 2 and (self._in_a_word(low, a, b) or any(c in self.fillers.particles for c in q[a:b])
                               or any(x < a < y for x, y in fills) or {a, b} <= inside):  # never across two words
                    continue  # 云南的: 南的 is no typo of 男的; 涨的 is no typo of 涨得
                if self._in_a_word(low, a, b, names_only=True):
                    continue  # 科大讯|飞涨停: no typo of 非涨停 cuts into a name said whole
                for form in forms:  # (looked up first: most windows sound like no concept word)
                    if _edit_distance(form, low[a:b], 1) == 1 and not any(low[a:b] in w for w in self.entities):
                        m = self._make(q, a, b, form)
                        m.note = self._typo(q[a:b], form)
                        out.append(m)
                        used[a:b] = [True] * n
                        break
        return out

    def _absent(self, q: str, taken: list[bool]):
        """Spans naming what the domain's KG does not hold, not inside a longer word it has (持仓市值)."""
        low = q.lower()
        for word in self.absent:
            for m in re.finditer(r"(?<![a-z])" + re.escape(word.lower()) + r"(?![a-z])", low):
                a, b = m.span()
                if not any(taken[a:b]) and not self._in_a_word(low, a, b):
                    yield a, b

    def _inside_tokens(self, q: str) -> set[int]:
        """Offsets inside (not at the start of) a word jieba cuts from the question."""
        out, at = set(), 0
        for tok in self.tokenizer.cut(q, HMM=False):
            out.update(range(at + 1, at + len(tok)))
            at += len(tok)
        return out

    def _in_a_word(self, low: str, a: int, b: int, names_only: bool = False) -> bool:
        """Some dictionary word (a thing's name) of the question overlaps low[a:b] and runs past it."""
        for i in range(max(0, a - self.max_len + 1), b):
            for j in range(max(i + 2, a + 1), min(len(low), i + self.max_len) + 1):
                if (i < a or j > b) and i < b and j > a and low[i:j] in self.words and (
                        not names_only or any(k == "entity" for k, _ in self.words[low[i:j]])):
                    return True
        return False

    def _rule_coverage(self, q: str, mentions: list[Mention]) -> list[bool]:
        """Characters of q inside some trigger rule's match on the tagged text."""
        text, owner = tag_question(q, mentions)
        covered = [False] * len(q)
        for rule in self.triggers.rules:
            for mt in rule.regex.finditer(text):
                if rule.kind in ("starts_with", "ends_with", "contains", "not_contains") or mt.end() > mt.start():
                    gap = range(*mt.span("gap")) if "gap" in mt.groupdict() and mt.group("gap") else range(0)
                    for t in (t for t in range(mt.start(), mt.end()) if t not in gap):  # a name may stand in a gap
                        a, b = owner[t]
                        for k in range(a, b):
                            covered[k] = True
        return covered

    def _unknown_subject(self, q: str, free: list[bool], mentions: list[Mention]) -> None:
        """A question that opens with an unexplained word before 的 or a property
        (阿里巴巴的收盘价) names something the KG lacks: say so rather than answer
        about every stock."""
        k = 0
        while k < len(q) and free[k]:
            k += 1
        particles = re.escape("".join(sorted(self.fillers.particles))) or "\x00"
        m = re.match(rf"(?:(?![{particles}])[{self.lang.script}A-Za-z]){{2,}}", q[k:])
        if not m:
            return
        j = k + m.end()
        while j > k and free[j - 1]:
            j -= 1
        tok = q[k:j]
        if len(tok) < 2 or any(free[k:j]) or self.fillers.covers(tok, asking=True) or self.lang.found("hearsay", tok) \
                or self.lang.pronouns.match(tok):
            return  # 最近一个月哪天成交量最大: an asking word (哪天) names nothing; 在深圳说今天…: a saying; 这只: a pointer
        of = self.lang.glue("of")
        gap = len(of) if of and q.startswith(of, j) else 0
        nxt = next((x for x in mentions if x.start >= j), None)
        # X的收盘价 / X今天…: an attribute of X is asked, so X must be something the KG knows
        if nxt is not None and nxt.start == j + gap and nxt.kind in ("property", "time"):
            raise unknown_entity(self.lang, tok, self._closest(tok, cap=max(1, len(tok) // 2)))

    def _unknown_capitalised(self, q: str, free: list[bool], mentions: list[Mention]) -> None:
        """In a language that spaces its words and capitalises names: capitalised words
        nothing read, right before what is asked of a thing (Zebra Widgets' revenue),
        name something the KG lacks — say so rather than answer about every one."""
        if self.lang.script:
            return
        for m in re.finditer(r"(?<![A-Za-z])[A-Z][A-Za-z&.'-]*(?:\s+[A-Z][A-Za-z&.'-]*)*", q):
            a, b = m.span()
            lead = re.match(r"(?:[A-Za-z]+\s+)+", q[a:b])  # And Airbus: the asking word is no part of the name
            while lead and self.fillers.covers(q[a:a + lead.end()].strip(), asking=True) and a + lead.end() < b:
                a += lead.end()
                lead = re.match(r"(?:[A-Za-z]+\s+)+", q[a:b])
            words = [w for w in re.findall(r"[A-Za-z][A-Za-z&.'-]*", q[a:b]) if not self.fillers.covers(w, asking=True)]
            if any(free[a:b]) or not words:
                continue
            nxt = next((x for x in mentions if x.start >= b), None)
            around = (q[:a] + " " + q[b:]).strip(" ?.!,")
            alone = not mentions and (not around or self.fillers.covers(around, asking=True))
            if alone or (nxt is not None and nxt.kind in ("value", "property") and not q[b:nxt.start].strip(" '’")):
                # …or named alone (What about Adidas?): a name the KG lacks, said so
                raise unknown_entity(self.lang, q[a:b].strip(" '’"), self._closest(words[0], cap=2)
                                     or sorted(set().union(*(self._slips(w) for w in words))))

    def _tokens(self, q: str, taken: list[bool]) -> set[int]:
        """Token boundaries (character offsets) from jieba, plus the edges of
        what is already claimed (最新|净值 once 最新 is a time)."""
        cuts, pos = {0, len(q)}, 0
        loose = self._loose
        for tok in self.tokenizer.cut(q, HMM=False):
            if len(tok) > 2 and tok[-1] in loose and tok[:-1].lower() in self.words:
                cuts.add(pos + len(tok) - 1)  # 价格|比: a word before 比 stays a word
            pos += len(tok)
            cuts.add(pos)
        cuts |= {i for i in range(1, len(q)) if taken[i - 1] != taken[i]}
        return cuts

    def _candidates_at(self, q: str, low: str, i: int, taken: list[bool], cuts: set[int], forward: bool):
        """Dictionary words starting (forward) or ending (backward) at i, longest first."""
        for n in range(min(self.max_len, len(q)), 0, -1):
            a, b = (i, i + n) if forward else (i - n, i)
            if a < 0 or b > len(q) or any(taken[a:b]):
                continue
            form = low[a:b]
            if form not in self.words or self._common_word(q[a:b], form):
                continue
            if form.isascii():
                if (a > 0 and low[a - 1].isalnum() and low[a - 1].isascii()) or \
                        (b < len(q) and low[b].isalnum() and low[b].isascii()):
                    continue
            elif not (a in cuts and b in cuts) and n <= 2:
                continue  # a short word inside a longer jieba token (美的 in 完美的)
            elif n == 1 and self._in_word(form) and any(k == "entity" for k, _ in self.words[form]) and \
                    (a > 0 and self._in_word(q[a - 1]) or b < len(q) and self._in_word(q[b])):
                continue  # one character of a name (茅 收？, 茅和五粮液) stands alone, never inside words (贵州茅苔)
            yield a, b, form

    def _in_word(self, c: str) -> bool:
        """Is the character one of a written word's (not a space, mark, connector or particle)?"""
        return self._script is not None and self._script.match(c) is not None and c not in self._glue

    def _common_word(self, written: str, form: str) -> bool:
        """"all", "So": a word of every sentence, not the ticker ALL or SO it is also
        the form of (written in capitals, it is the ticker)."""
        return not self.lang.script and not written.isupper() and self.fillers.covers(written, asking=True) \
            and all(k == "entity" for k, _ in self.words.get(form, ()))

    def _make(self, q: str, a: int, b: int, form: str) -> Mention:
        entries = sorted(self.words[form], key=lambda e: -_PRIORITY[e[0]])
        kind, payload = entries[0]
        if kind == "entity":
            return Mention("entity", q[a:b], a, b, entities=payload)
        if kind == "keyword":  # a word inside a searchable text: the text contains it
            target, word = payload
            return Mention("value", q[a:b], a, b, targets=(target,), params={"value": [word], "op": "CONTAINS"})
        if kind == "value" and isinstance(payload, tuple):  # KG vocabulary value
            targets = tuple(t for t, _ in payload)
            return Mention("value", q[a:b], a, b, targets=targets, params={"value": [payload[0][1]]})
        # several trigger rows may share a word: merge their targets
        same = [c for k, c in entries if k == kind]
        targets = tuple(dict.fromkeys(t for c in same for t in c.targets))
        return Mention(kind, q[a:b], a, b, targets=targets, params=dict(same[0].params))

    def _max_match(self, q: str, taken: list[bool]) -> list[Mention]:
        low = q.lower()
        cuts = self._tokens(q, taken)
        results = []
        for forward in (True, False):
            used = list(taken)
            spans = []
            i = 0 if forward else len(q)
            while (i < len(q)) if forward else (i > 0):
                hit = next(self._candidates_at(q, low, i, used, cuts, forward), None)
                if hit:
                    a, b, form = hit
                    spans.append((a, b, form))
                    for k in range(a, b):
                        used[k] = True
                    i = b if forward else a
                else:
                    i = i + 1 if forward else i - 1
            covered = sum(b - a for a, b, _ in spans)
            ent = sum(b - a for a, b, f in spans if any(k == "entity" for k, _ in self.words[f]))
            results.append(((covered, ent, -len(spans)), spans))
        best = max(results, key=lambda r: r[0])[1]
        return [self._make(q, a, b, f) for a, b, f in sorted(best)]

    def _leftover_names(self, q: str, taken: list[bool], mentions: list[Mention]) -> list[Mention]:
        """Runs of untaken characters that could be names: a unique partial name
        resolves (茅台 -> 贵州茅台); a same-sound typo is corrected, also when a
        piece of it was read as another word (贵州|茅苔); a run that only
        resembles known names is an error listing them (东方红|银行)."""
        out = []
        free = list(c if not t else " " for c, t in zip(q, taken))
        for a, b in self.fillers.spans("".join(free)):  # 想问下|王明: filler words are never part of a name
            free[a:b] = " " * (b - a)
        free = "".join(free)
        runs = [(m.start(), m.end(), True) for m in self._word_run.finditer(free)]
        while runs:
            run_start, run_end, whole = runs.pop(0)
            hit = self._name_in_run(q, run_start, run_end, mentions, whole)
            if hit is not None:
                out.append(hit)
                # 隆基和通威: the rest of the run may name another thing
                runs += [(x, y, False) for x, y in ((run_start, hit.start), (hit.end, run_end)) if y - x >= 2]
        return out

    def _name_in_run(self, q: str, run_start: int, run_end: int, mentions: list[Mention], whole: bool) -> Mention | None:
        """The first piece of a run of unread characters that names something; a whole run
        may take in a word read beside it (贵州|茅苔), a rest of a run after a name may not."""
        unread_end = run_end
        left = next((x for x in mentions if x.end == run_start and x.kind in ("entity", "value", "label")), None) if whole else None
        right = next((x for x in mentions if x.start == run_end and x.kind in ("entity", "value", "label")), None) if whole else None
        # 招商因行跟|兴业银行: a connector between a run and a name keeps them apart
        head = re.match(r"(?:%s)" % self.lang.connectors.pattern, q[run_start:run_end])
        tail = re.search(r"(?:%s)$" % self.lang.connectors.pattern, q[run_start:run_end])
        if head and head.end() < run_end - run_start:
            run_start, left = run_start + head.end(), None
        if tail and tail.start() > 0:
            run_end, right = run_start + tail.start(), None
        asked = [a for a, b in self.fillers.spans(q[run_start:run_end], asking=True) if b == run_end - run_start]
        if asked and asked[-1] >= 2 and self._names_one(q[run_start:run_start + asked[-1]]):
            run_end, right = run_start + asked[-1], None  # 中新国际|是科创板: an asking word glued after a name
        for a, b, absorbed, quiet in self._spans_to_try(q, run_start, run_end, left, right):
            tok = q[a:b]
            if self._is_filler(tok):
                continue
            leftover = q[run_start:run_end]
            # only words glued before a name can make an unknown name (东方红|银行)
            glued = absorbed[0] if absorbed == [right] and right is not None and right.kind == "entity" else None
            hit = self._resolve_fragment(tok, extended=bool(absorbed), leftover=leftover if glued else "",
                                         word=glued.text if glued else "", quiet=quiet or not whole)
            if hit is not None:
                for x in absorbed:
                    mentions.remove(x)
                hit.start, hit.end, hit.text = a, b, tok
                self._heard_on(q, hit, unread_end)
                return hit
        return None

    def _heard_on(self, q: str, hit: Mention, run_end: int) -> None:
        """卢州老|叫: a part of a name heard with a slip, read short, takes the unread characters
        after it that sound like the rest of the name (泸州老窖)."""
        if not hit.note or len(hit.entities) != 1:
            return
        name, n = hit.entities[0].name, len(hit.text)
        at = next((k for k in range(len(name) - n + 1) if self.lang.sound_alike(hit.text, name[k:k + n])), None)
        if at is None:
            return
        end = hit.end
        while end < run_end and at + (end - hit.start) < len(name) \
                and self.lang.sound_alike(q[end], name[at + end - hit.start]):
            end += 1
        if end > hit.end:
            hit.end, hit.text = end, q[hit.start:end]
            hit.note = self._typo(hit.text, name[at:at + end - hit.start])

    def _name_heads(self, q: str, mentions: list[Mention], free: list[bool]) -> None:
        """社保基金一一八组合, 社保一一八组合: words before a name read from its tail that
        are, in order, the name's own head (some of it left out) — unread words or a kind
        word — belong to the name."""
        for m in [x for x in mentions if x.kind == "entity" and len(x.entities) == 1]:
            name = m.entities[0].name
            at = name.find(m.text)
            if at <= 0:
                continue
            k = m.start
            while k > 0 and in_order(q[k - 1:m.start], name[:at]) and (
                    not free[k - 1] or any(x.kind == "label" and x.start <= k - 1 < x.end for x in mentions)):
                k -= 1
            inside = [x for x in mentions if x is not m and k <= x.start and x.end <= m.start]
            if m.start - k < 2 or all(free[i] for i in range(k, m.start)) or any(x.start < k < x.end for x in mentions):
                continue  # nothing unread before it (a kind word alone), or a word cut in two
            for x in inside:
                mentions.remove(x)
            for i in range(k, m.start):
                free[i] = True
            m.start, m.text = k, q[k:m.end]

    def _spans_to_try(self, q: str, a: int, b: int, left, right):
        if left is not None and right is not None:
            yield left.start, right.end, [left, right], False
        if left is not None:
            yield left.start, b, [left], False
        if right is not None:
            yield a, right.end, [right], False
        if b - a >= 2:
            yield a, b, [], False
        for off, tok, quiet in self._name_like_tokens(q[a:b]):
            if len(tok) < b - a:
                yield a + off, a + off + len(tok), [], quiet

    def _family(self, tok: str, holders: list[str]) -> Mention | None:
        """易方达的基金: a word every holder's name starts with, all of one kind, names
        the family (a fund company's funds): a condition that their names start with it."""
        if len(holders) < 2 or not all(h.startswith(tok) for h in holders):
            return None
        refs = [r for h in holders for r in self.entities.get(h.lower(), ()) if r.name == h]  # named by the name itself
        if not refs or len({(r.label, r.prop) for r in refs}) != 1 or not self._has_families(refs[0].label):
            return None
        return Mention("value", tok, 0, 0, targets=(f"{refs[0].label}.{refs[0].prop}",),
                       params={"value": [tok], "op": FAMILY})

    def _classed_families(self, q: str, mentions: list[Mention]) -> list[Mention]:
        """易方达蓝筹A: the start of names, then a share-class letter — the one name of them
        that ends with the letter (易方达蓝筹精选混合A), not every name that starts so."""
        out = []
        for m in mentions:
            letter = re.match(r"[A-Ea-e](?![A-Za-z0-9])", q[m.end:])
            named = [n for n in self._names if n.startswith(m.text) and n.endswith(letter.group().upper())] \
                if letter and m.params.get("op") == FAMILY else []
            if len(named) == 1 and not any(x.start == m.end for x in mentions):
                m = Mention("entity", q[m.start:m.end + 1], m.start, m.end + 1, entities=tuple(self._by_name[named[0]]),
                            note=self.lang.say("notes.completed", written=q[m.start:m.end + 1], meant=named[0]))
            out.append(m)
        return out

    def _has_families(self, label: str) -> bool:
        lab = self.schema.labels.get(label)
        return lab is not None and lab.families

    def _ends_with_asking(self, text: str) -> bool:
        """客户在|华夏…: a joining word (在, 和, 是) just before the name ends the words before it."""
        return any(b == len(text) for _, b in self.fillers.spans(text, asking=True))

    def _is_filler(self, tok: str) -> bool:
        return self.fillers.covers(tok) or any(r.regex.fullmatch(tok) for r in self.triggers.rules_of("filler"))

    def _name_like_tokens(self, run: str):
        """Pieces of a run that could be a name: runs of whole words, the longest
        first (宁德|时带 together before 宁德 alone), single words of two or more.
        A run of several words only ever names something; it never makes an
        unknown-name error (quiet), a single word may."""
        words, pos = [], 0
        for tok in self.tokenizer.cut(run, HMM=True):
            words.append((pos, tok))
            pos += len(tok)
        for n in range(len(words), 0, -1):
            for i in range(len(words) - n + 1):
                start, end = words[i][0], words[i + n - 1][0] + len(words[i + n - 1][1])
                piece = run[start:end]
                t = piece.strip(" " + "".join(self.fillers.particles))
                if len(t) >= 2 and not self.fillers.covers(t) and (n == 1 or len(t) <= MAX_NAME_PIECE):
                    yield start + piece.find(t), t, n > 1

    def _resolve_fragment(self, tok: str, extended: bool = False, leftover: str = "", word: str = "",
                          quiet: bool = False) -> Mention | None:
        if extended:  # a word plus leftover characters: only a near-miss of a real name counts
            close = self._closest(tok)
            if close and len(close[0]) == len(tok) and self.lang.sound_alike(close[0], tok):
                return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[close[0]]),
                               note=self._typo(tok, close[0]))
            if leftover and len(leftover) >= 2 and not self.fillers.covers(leftover, asking=True) \
                    and not self._is_filler(leftover) and not self._ends_with_asking(leftover) \
                    and not self.lang.found("hearsay", leftover) \
                    and leftover not in self._pointing and len(self._holders(leftover)) != 1 \
                    and not self._asked_of(leftover) \
                    and self._ends_names(word):  # 汾酒|泸州老窖: two names glued, each its own
                # 东方红|银行: unknown words glued before a known name make an unknown name
                raise unknown_entity(self.lang, tok, self._closest(tok, cap=len(leftover)) or
                                    [n for n in self._names if word and word in n and n != word][:5])
            return None
        if tok.isascii():
            refs = self.entities.get(tok.lower()) if not self._common_word(tok, tok.lower()) else None
            if refs or self.lang.script:  # letters among characters: initials or a code (gzmt), whole
                return Mention("entity", tok, 0, 0, entities=tuple(refs)) if refs else None
        if not self.lang.script and self.fillers.covers(tok, asking=True):
            return None  # "and", "the": a word of every sentence is no part of a name
        if tok in self.lang.found("comparison_words", tok):
            return None  # 高于 (收盘价高于开盘价): a comparison word, never a typo of a name (高宇)
        # partial name: contained in exactly one entity name (not a word every name may end with: holdings)
        if len(tok) >= 2 and not self.lang.name_edge(tok):
            holders = self._holders(tok)
            if len(holders) == 1:
                refs = self._by_name[holders[0]]
                return Mention("entity", tok, 0, 0, entities=tuple(refs), note=self.lang.say("notes.completed", written=tok, meant=holders[0]))
            family = self._family(tok, holders)
            if family is not None:
                return family
            heads = [h for h in holders if h.startswith(tok)]
            if len(heads) == 1 and len(tok) == 2:
                # 长城 of 长城汽车 (景顺长城…'s funds hold it inside): a name is shortened to its first two characters
                return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[heads[0]]),
                               note=self.lang.say("notes.completed", written=tok, meant=heads[0]))
            if 1 < len(holders) <= 12 and len(tok) >= 3 and self._looks_like_name(tok) and not quiet:
                raise unknown_entity(self.lang, tok, holders, ambiguous=True)
        if self.lang.name_edge(tok):
            return None  # 资金 (北向资金) is no typo of 紫金 either: a word that names nothing alone
        slipped = self._slipped(tok)  # Microsfot, qualcom: one name a keyboard slip away
        if slipped is not None:
            return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[slipped]), note=self._typo(tok, slipped))
        short = self._shortened(tok)  # 新能源车: 新能源汽车 with one character left out
        if short is not None:
            return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[short]), note=self._typo(tok, short))
        # a typo: same length, sounding the same, one character off (two in a name of four or more:
        # 卢州老叫 for 泸州老窖, as a voice typing slips)
        close = self._closest(tok)
        if close:
            off = 1 if len(tok) <= 3 else 2
            fits = [n for n in close if len(n) == len(tok) and _edit_distance(n, tok) <= off and self.lang.sound_alike(n, tok)]
            if len(fits) == 1:  # 招商因行: the one close name that sounds the same, wherever it ranks
                meant = fits[0]
                return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[meant]), note=self._typo(tok, meant))
            if len(tok) >= 3 and self._looks_like_name(tok) and not quiet and not self._asked_of(tok) \
                    and not self._names_one(tok[:-1]):  # 招商银航|它: a piece of the run is the name
                raise unknown_entity(self.lang, tok, close)
        part = self._sounds_like_part(tok)  # 毛台: sounds like 茅台 of exactly one name
        if part is not None:
            return Mention("entity", tok, 0, 0, entities=tuple(self._by_name[part[1]]), note=self._typo(tok, part[0]))
        return None

    def _ends_names(self, word: str) -> bool:
        """银行 ends 招商银行, 兴业银行: words glued before it may be an unknown name of that
        kind (东方红|银行); before a name that ends no other (在看|易方达蓝筹精选混合A, 信任|胡海燕)
        they are the user's own words."""
        own = {r.name for r in self.entities.get(word.lower(), ())}
        return any(n.endswith(word) and n != word and n not in own for n in self._names)

    def _asked_of(self, run: str) -> bool:
        """叫|招商消费升级混合: an asking word glued before the start of names, no part of one."""
        return any(self.fillers.covers(run[:i], asking=True) and len(self._holders(run[i:])) > 1 for i in (1, 2))

    def _names_one(self, tok: str) -> bool:
        """Does `tok` alone name one thing (a partial name, a typo of one)?"""
        try:
            return self._resolve_fragment(tok, quiet=True) is not None
        except Nl2CypherError:
            return False

    def _shortened(self, tok: str) -> str | None:
        """The one name `tok` is with one inner character left out (新能源车: 新能源汽车),
        or two together (中欧医疗健康C: 中欧医疗健康指数C), its head and its last
        character kept; None when none or several."""
        if len(tok) < 4:
            return None
        for d in (1, 2):
            hits = [n for n in self._names if len(n) == len(tok) + d and n[:2] == tok[:2] and n[-1] == tok[-1]
                    and any(n[:k] + n[k + d:] == tok for k in range(2, len(n) - d))]
            if hits:
                return hits[0] if len(hits) == 1 else None
        return None

    def _holders(self, tok: str) -> list[str]:
        """The names `tok` is a part of (茅台: 贵州茅台; in a spaced language, a whole
        word of it in any case: Disney of THE WALT DISNEY COMPANY)."""
        if self.lang.script:
            return [n for n in self._names if tok in n and n != tok]
        low = tok.lower()
        word = re.compile(rf"(?<![a-z0-9]){re.escape(low)}(?![a-z0-9])")
        return [n for n, n_low in zip(self._names, self._names_low) if n_low != low and word.search(n_low)]

    @cached_property
    def _names_low(self) -> list[str]:
        return [n.lower() for n in self._names]

    def _slipped(self, tok: str) -> str | None:
        """The one thing a form of whose name `tok` is with a slip of the keyboard (the
        language's `slip`), by its name; None when none or several are."""
        if not tok.isascii() or self.fillers.covers(tok, asking=True):
            return None
        hits = self._slips(tok)
        return hits.pop() if len(hits) == 1 else None

    def _slips(self, tok: str) -> set[str]:
        """The names of the things a form of whose name `tok` is with a slip of the keyboard
        (forms one letter longer or shorter at most: the others are not measured)."""
        return {r.name for form, refs in self.entities.items()
                if abs(len(form) - len(tok)) <= 1 and self.lang.slip(tok, form) for r in refs}

    def _typo(self, written: str, meant: str) -> str:
        return self.lang.say("notes.typo", written=written, meant=meant)

    def _sounds_like_part(self, tok: str) -> tuple[str, str] | None:
        """(part, name): the one name with a part that sounds exactly like `tok`
        and differs from it by one character; None when none or several."""
        if not 2 <= len(tok) <= 4 or not all(self.lang.sound(c) for c in tok):
            return None
        hits = {(part, name) for part, name in self._name_parts.get(tuple(self.lang.sound(c) for c in tok), ())
                if _edit_distance(part, tok, 1) == 1}
        whole = [(part, name) for part, name in hits if part == name]
        if len(whole) == 1:  # 因行: sounds like the whole of 银行, which other names only end with
            return whole[0]
        names = {name for _, name in hits}
        return next(iter(hits)) if len(names) == 1 and len(hits) == 1 else None

    @functools.cached_property
    def _name_parts(self) -> dict[tuple, list[tuple[str, str]]]:
        """How the head and the tail of every Chinese name sound, 2-4 characters
        (names are shortened to either: 茅台 of 贵州茅台, 五粮 of 五粮液; built on first use)."""
        out: dict[tuple, list[tuple[str, str]]] = {}
        for name in self._names:
            sounds = [self.lang.sound(c) for c in name]
            for n in range(2, min(4, len(name)) + 1):
                for a, b in ((0, n), (len(name) - n, len(name))):
                    if None not in sounds[a:b]:
                        out.setdefault(tuple(sounds[a:b]), []).append((name[a:b], name))
        return out

    def named(self, value: Any) -> list[EntityRef]:
        """The entities a display value (a name in an answer's rows) is."""
        return list(self._by_name.get(value, ())) if isinstance(value, str) else []

    def _looks_like_name(self, tok: str) -> bool:
        """Worth an "unknown name" error: three or more characters that no
        trigger rule explains (有哪些, 怎么样 are rule words, not names)."""
        return len(tok) >= 2 and not any(r.regex.search(tok) for r in self.triggers.rules) \
            and not self.lang.found("hearsay", tok) \
            and not self.lang.pronouns.fullmatch(tok)  # 表妹在深圳说: someone's saying; 这只: a pointing word

    def _unknown_code(self, q: str, m: re.Match) -> bool:
        """Is this a code rather than a number? Marked by an exchange (sh…, ….SH),
        or bare digits with no unit after them and no comparison word before them
        (成交量大于100000 is a number)."""
        if m.group("pre") or m.group("suf"):
            return True
        if any(n.start <= m.start() < n.end and (n.unit or n.scale != 1 or n.end > m.end())
               for n in self.lang.numbers(q)):
            return False
        before = q[max(0, m.start() - 4):m.start()]
        marks = self.lang.words.get("range_marks", ())
        if marks:  # 200000到300000: the ends of a range of numbers
            mark = "|".join(map(re.escape, marks))
            if re.search(r"[0-9](?:%s)\s*$" % mark, before) or re.match(r"\s*(?:%s)\s*[0-9]" % mark, q[m.end():]):
                return False
        return not any(w in before for w in self.lang.words.get("comparison_words", ()))

    def _closest_codes(self, code: str) -> list[str]:
        """Known codes one or two digits away, as 'code name'."""
        out = []
        for form, refs in self.entities.items():
            if len(form) == len(code) and form.isdigit() and _edit_distance(code, form, 2) <= 2:
                out.append((_edit_distance(code, form, 2), f"{form} {refs[0].name}"))
        return [t for _, t in sorted(out)[:5]]

    def _closest(self, tok: str, limit: int = 5, cap: int | None = None) -> list[str]:
        cap = cap if cap is not None else (1 if len(tok) <= 3 else 2)
        scored = []
        for n in self._near_names(tok, cap):
            if abs(len(n) - len(tok)) > cap:
                continue
            d = _edit_distance(tok, n, cap)
            if d <= cap and d < len(tok) - 1:
                scored.append((d, n))
        return [n for _, n in sorted(scored)[:limit]]

    def _near_names(self, tok: str, cap: int) -> list[str]:
        """The names that can be within `cap` edits of `tok`: each edit loses at most
        one of tok's characters, so they hold all but `cap` of them (a market's tens of
        thousands of names are not each measured)."""
        need = len(set(tok)) - cap
        if need < 1:
            return self._names
        shared = collections.Counter()
        for c in set(tok):
            shared.update(self._names_with.get(c, ()))
        return [self._names[i] for i, k in shared.items() if k >= need]

    @functools.cached_property
    def _names_with(self) -> dict[str, list[int]]:
        """Character → the names holding it (their index in `_names`)."""
        out: dict[str, list[int]] = {}
        for i, name in enumerate(self._names):
            for c in set(name):
                out.setdefault(c, []).append(i)
        return out


def _consumed(pattern: re.Pattern) -> str:
    """The longest run of characters every match of the pattern consumes, read off its parse
    ("" when none or unreadable: then it is always tried)."""
    try:
        import re._parser as parser  # the standard library's own reading of a pattern
        from re._constants import LITERAL
        items = list(parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001 - a guard only: without one the rewrite is simply tried
        return ""
    if pattern.flags & re.IGNORECASE:
        return ""
    best, run = "", ""
    for op, arg in items:
        run = run + chr(arg) if op is LITERAL else ""
        best = max(best, run, key=len)
    return best


def _kind(m: Mention) -> str:
    """What a word is, for a correction: said instead, a word must be of the same kind
    (a stock for a stock, a board's value for a board's value, a day for a day)."""
    if m.kind == "entity":
        return "entity:" + ",".join(sorted({r.label for r in m.entities}))
    if m.kind == "value":
        return "value:" + ",".join(sorted(map(str, m.targets)))
    return m.kind
