"""Language packs: what is Chinese or English about reading a question and saying
an answer. A pack is code in `nl2cypher/lang/<code>/` (numbers, time expressions,
cutting words) plus its words and texts as data in
`patterns/lang/<code>/` (connector and unit words, column-name and note
templates, messages, the prompt's rules). The stage code asks the pack; it
writes no word of any language itself."""

from __future__ import annotations

import datetime as dt
import importlib
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import yaml

from ..errors import Nl2CypherError
from ..resources import data_path, load_yaml
from .values import Number, TimeSpan

DEFAULT_LANGUAGE = "zh"

# word groups of words.yaml that synthesis reads by their text: accounted for like asking words
READ_BY_PASSES = ("current", "former", "ever", "each", "each_day", "each_quarter", "each_month", "each_year", "each_of_one")


def _read(code: str, name: str) -> dict[str, Any]:
    path = data_path("patterns") / "lang" / code / f"{name}.yaml"
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except OSError:
        raise Nl2CypherError(f"language {code!r}: no {path}") from None
    except yaml.YAMLError as e:
        raise Nl2CypherError(f"{path}: not valid YAML ({type(e).__name__})") from None
    if not isinstance(data, dict):
        raise Nl2CypherError(f"{path}: expected a mapping")
    return data


def question_headers() -> tuple[str, ...]:
    """What each language pack calls the question column of a batch file (`问题`)."""
    out = []
    for path in sorted((data_path("patterns") / "lang").glob("*/words.yaml")):
        out += [str(w) for w in _read(path.parent.name, "words").get("question_column") or ()]
    return tuple(out)


@lru_cache(maxsize=None)
def prompt_text(code: str) -> dict[str, Any]:
    """The revision prompt's rules and headings (a language may have only these)."""
    return _read(code, "prompt")


@dataclass(frozen=True)
class Fillers:
    """Words that carry no meaning for the query (the pack's `fillers.yaml`)."""

    particles: frozenset[str]
    words: re.Pattern  # longest first
    frames: tuple[re.Pattern, ...]
    asking: re.Pattern  # filler words and question/joining words (accounted for, but no blockers of a rule)
    clause_final: frozenset[str] = frozenset()  # particles that end a clause (吗): a space after one is a comma

    def spans(self, text: str, asking: bool = False) -> list[tuple[int, int]]:
        """Filler words and particles in `text` (blank out what is already read);
        with `asking`, the question and joining words too."""
        out = [m.span() for m in (self.asking if asking else self.words).finditer(text)]
        covered = {k for a, b in out for k in range(a, b)}
        out += [(k, k + 1) for k, c in enumerate(text) if c in self.particles and k not in covered]
        return sorted(out)

    def covers(self, text: str, asking: bool = False) -> bool:
        """Is `text` nothing but filler (想问下, 的; with `asking`, 中有 too)?"""
        rest = (self.asking if asking else self.words).sub("", text)
        return bool(text) and all(c in self.particles or c.isspace() for c in rest)

    def frame_spans(self, question: str) -> list[tuple[int, int]]:
        """The parts of polite frames around a request (能否告诉我…, …，谢谢)."""
        out = []
        for frame in self.frames:
            m = frame.search(question)
            if not m or m.end() == m.start():
                continue
            if "body" in frame.groupindex and m.group("body") is not None:
                out += [(m.start(), m.start("body")), (m.end("body"), m.end())]
            else:
                out.append(m.span())
        return sorted((a, b) for a, b in out if b > a)


class Language:
    def __init__(self, code: str):
        self.code = code
        self.words = _read(code, "words")
        self.texts = _read(code, "text")
        try:
            self.module = importlib.import_module(f"{__name__}.{code}")
        except ImportError:
            raise Nl2CypherError(f"language {code!r}: no pack nl2cypher/lang/{code}/") from None

    def say(self, key: str, **values: Any) -> str:
        """A text by its dotted key (`errors.no_query`, `columns.date`), filled in."""
        node: Any = self.texts
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"patterns/lang/{self.code}/text.yaml has no {key!r}")
            node = node[part]
        return str(node).format(**values) if values else str(node)

    def found(self, group: str, text: str) -> list[str]:
        """The words of a words.yaml group that `text` holds (现任 of `current`)."""
        return [str(w) for w in self.words.get(group) or () if str(w) in text]

    def join(self, items) -> str:
        """Items listed in running text (贵州茅台、五粮液)."""
        return str(self.words.get("list_separator", ", ")).join(map(str, items))

    def word(self, table: str, key: str, fallback: str | None = None) -> str:
        """One entry of a word table (`aggregates`, `growth`): the key's, else the
        fallback key's, else the key itself."""
        words = self.texts.get(table, {})
        found = next((k for k in (key, fallback) if k is not None and k in words), None)
        return str(words[found] or "") if found is not None else key  # an empty entry is no word

    @cached_property
    def fillers(self) -> Fillers:
        data = _read(self.code, "fillers")
        words = sorted({str(w) for w in data.get("words") or ()}, key=len, reverse=True)
        read = {str(w) for k in READ_BY_PASSES for w in self.words.get(k) or ()}  # 现任, 每个季度: a pass reads them
        asking = sorted({str(w) for w in data.get("asking") or ()} | set(words) | read, key=len, reverse=True)
        try:
            frames = tuple(re.compile(str(f)) for f in data.get("frames") or ())
        except re.error as e:
            raise Nl2CypherError(f"patterns/lang/{self.code}/fillers.yaml: bad frame ({e})") from None
        return Fillers(frozenset(str(data.get("particles") or "")),
                       re.compile(self.alternation(words)), frames, re.compile(self.alternation(asking)),
                       frozenset(str(data.get("clause_final") or "")))

    @cached_property
    def references(self) -> dict[str, Any]:
        """Words pointing back at something named before (the pack's `references.yaml`)."""
        try:
            return _read(self.code, "references")
        except Nl2CypherError:
            return {}  # a pack without references: nothing points back

    @cached_property
    def asking_part(self) -> re.Pattern | None:
        """What makes a part of a question ask (the pack's `asking_part`: 多少, 哪, 谁, …吗), or None."""
        asking = self.words.get("asking_part")
        return re.compile(str(asking)) if asking else None

    def answered_before(self, text: str) -> bool:
        """规模最大的基金是哪个，它的管理费: a clause before the last clause mark that asks which
        one (references' `which` words) — a pronoun after it points at that clause's answer."""
        marks = str(self.words.get("clause_marks") or "")
        cut = max((text.rfind(c) for c in marks), default=-1)
        which = (self.references.get("follow_up") or {}).get("which") or ()
        return cut > 0 and any(str(w) in text[:cut] for w in which)

    def spoken_of(self, text: str) -> bool:
        """客户说他想问: a person word right after someone who asks (references' `speakers`)
        points at that one — no one of the KG. `text` is what comes before the person word."""
        return self._speakers is not None and self._speakers.search(text) is not None

    @cached_property
    def _speakers(self) -> re.Pattern | None:
        words = (self.references.get("follow_up") or {}).get("speakers") or ()
        ends = re.escape(self.sentence_ends)  # …said in the same sentence as the person word
        return re.compile(f"(?:{self.alternation(words)})(?!.*[{ends}])") if words else None

    @cached_property
    def pronouns(self) -> re.Pattern:
        """Words that point back at a thing, a person or several (references.yaml's
        `follow_up` it/person/they/pair), longest first; the group says one or several."""
        kinds = self.references.get("follow_up") or {}

        def group(name, keys):
            words = sorted({str(w) for k in keys for w in kinds.get(k) or ()}, key=len, reverse=True)
            return f"(?P<{name}>{self.alternation(words)})"
        # `several` (它们, 这些) before `one` (它): the longer plural wins
        return re.compile(group("several", ("they", "pair", "counted")) + "|" + group("one", ("it", "person")))

    @cached_property
    def connectors(self) -> re.Pattern:
        return re.compile(rf"\s*({self.alternation(self.words['connectors'], in_order=True)})\s*")

    def alternation(self, words, in_order: bool = False) -> str:
        """A regular expression matching any of the words, the longest first (unless
        `in_order`); in a language that spaces its words, whole words in any case."""
        words = [str(w) for w in words]
        body = "|".join(map(re.escape, words if in_order else sorted(words, key=len, reverse=True)))
        if not body:
            return r"(?!)"
        if self.script:
            return body
        return rf"(?i:(?<![A-Za-z0-9])(?:{body})(?![A-Za-z0-9]))"

    def says(self, text: str, words) -> bool:
        """Does the text say any of the words (whole words in any case, where words are spaced)?"""
        key = tuple(str(w) for w in words)
        if key not in self._said:
            self._said[key] = re.compile(self.alternation(key))
        return bool(key) and self._said[key].search(text) is not None

    @cached_property
    def _said(self) -> dict:
        return {}

    # ---- reading: the pack's code (nl2cypher/lang/<code>/) and its words for text ----
    def decimals(self, text: str) -> int | None:
        """The decimal places the text asks the figures in (精确到两位小数 → 2), if it asks any."""
        pattern = self.words.get("decimals")
        m = re.search(str(pattern), text) if pattern else None
        if m is None:
            return None
        said = next(g for g in m.groups() if g)
        found = self.numbers(said)
        words = {"one": 1, "two": 2, "three": 3, "four": 4}
        n = int(found[0].value) if found else words.get(said.lower())
        return n if n is not None and 0 <= n <= 8 else None

    def numbers(self, text: str) -> list[Number]:
        """Every number in the text with its unit and magnitude applied."""
        return self.module.find_numbers(text)

    def number_stands(self, text: str, number: Number) -> bool:
        """Is this number meant as one where it stands (not 一 of 一下)?"""
        return self.module.number_stands(text, number)

    def times(self, text: str, today: dt.date, calendar: list[dt.date] | None = None) -> list[TimeSpan]:
        """Every time expression in the text, resolved to dates against `today`."""
        return self.module.find_times(text, today, calendar)

    def approximate(self, text: str) -> str:
        """Numbers said roughly written as the range they cover (a pack may have no such words)."""
        said = getattr(self.module, "approximate", None)
        return said(text) if said is not None else text

    def one_script(self, text: str, kept: frozenset[str] = frozenset()) -> str:
        """The text in the one script the pack's words are written in (traditional
        characters as simplified), the `kept` characters as typed."""
        return self.module.one_script(text, kept)

    def tokenizer(self):
        """A fresh word cutter (jieba's interface: cut, lcut, add_word, FREQ, total)."""
        return self.module.tokenizer()

    def word_forms(self, word: str) -> tuple[str, ...]:
        """A dictionary word and the other forms users write it in (revenue, revenues)."""
        return self.module.word_forms(word)

    def name_forms(self, name: str) -> tuple[list[str], list[str]]:
        """Shorter names users call a thing by: the whole name with the pack's `name_ends`
        and `name_starts` dropped (APPLE INC. is APPLE), and its first word alone (META
        PLATFORMS is META) — a part of the name, which gives way to another's whole name."""
        ends, starts = self._name_edges
        if not ends and not starts and not self._name_variants:
            return [], []
        words = name.replace(",", " ").split()
        while len(words) > 1 and words[-1].upper() in ends:
            words.pop()
        while len(words) > 1 and words[0].upper() in starts:
            words.pop(0)
        whole = [" ".join(words)] if " ".join(words) != name else []
        whole += [v for w in [name, *whole] for p, r in self._name_variants if (v := p.sub(r, w)) != w]
        return list(dict.fromkeys(whole)), ([words[0]] if len(words) > 1 and len(words[0]) >= 3 else [])

    @cached_property
    def _name_variants(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(str(a)), str(b)) for a, b in self.words.get("name_variants") or ()]

    def name_edge(self, word: str) -> bool:
        """A word names start or end with that names nothing alone (HOLDINGS, GROUP, INC.)."""
        return any(word.upper() in edge for edge in self._name_edges)

    @cached_property
    def _name_edges(self) -> tuple[frozenset[str], frozenset[str]]:
        return tuple(frozenset(str(w).upper() for w in self.words.get(k) or ()) for k in ("name_ends", "name_starts"))

    def spoken_forms(self, value: str) -> tuple[str, ...]:
        """Every form users say a value in, lower-case: its words (`value_words`), their
        variants (`value_variants`) and plural or singular forms (`word_forms`)."""
        said = self.value_words(value)
        return tuple(dict.fromkeys(f.lower() for w in (said, *self.value_variants(said)) for f in self.word_forms(w)))

    def value_words(self, value: str) -> str:
        """What users call a value the KG writes in a code of its own (the pack's
        `value_forms` rewrites: us-gaap:ResearchAndDevelopmentExpense → research and
        development expense); a plain value stays as it is."""
        for pattern, replacement in self._value_forms:
            value = pattern.sub(replacement, value)
        return value

    def value_variants(self, words: str) -> list[str]:
        """Other ways users say a value's words (the pack's `value_variants`: assets current
        is current assets)."""
        def once(low: str) -> list[str]:
            return [pattern.sub(replacement, low) for pattern, replacement in self._value_variants
                    if pattern.search(low)]
        first = once(words.lower())  # and a variant of a variant (total liabilities and shareholders equity)
        return list(dict.fromkeys(first + [w for v in first for w in once(v)]))

    @cached_property
    def _value_variants(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(str(a)), str(b)) for a, b in self.words.get("value_variants") or ()]

    @cached_property
    def _value_forms(self) -> list[tuple[re.Pattern, str]]:
        return [(re.compile(str(a)), str(b)) for a, b in self.words.get("value_forms") or ()]

    def sound(self, char: str) -> str | None:
        """How a character sounds (None for one the pack does not voice)."""
        return self.module.sound(char)

    def word_sound(self, word: str) -> tuple[str, ...]:
        return self.module.word_sound(word)

    def sound_alike(self, a: str, b: str) -> bool:
        """Can every character of a be read as the one of b at its place — or, where it
        cannot, be taken for it by the eye (泸州老窑: 窑 looks like 窖; the pack's look_alike)?"""
        if len(a) != len(b):
            return False
        return self.module.sound_alike(a, b) or all(
            self.module.sound_alike(x, y) or any(x in group and y in group for group in self._look_alike)
            for x, y in zip(a, b) if x != y)

    @cached_property
    def _look_alike(self) -> list[str]:
        return [str(group) for group in self.words.get("look_alike") or ()]

    def slip(self, typed: str, name: str) -> bool:
        """Is `typed` `name` with a slip of the keyboard users of this language make (Microsfot,
        qualcom)? None of a language whose typos are heard, not typed (its sound_alike)."""
        return self.module.slip(typed, name)

    @cached_property
    def script(self) -> str:
        """A character class (no brackets) of the characters of words written with no
        space between them; empty for a language that spaces its words."""
        return str(self.words.get("script") or "")

    def in_script(self, text: str) -> bool:
        """Is every character of `text` one of the script's?"""
        return bool(self.script) and self._script_run.fullmatch(text) is not None

    @cached_property
    def _script_run(self) -> re.Pattern:
        return re.compile(f"[{self.script}]+")

    @cached_property
    def sentence_ends(self) -> str:
        return str(self.words.get("sentence_ends") or "?.!")

    @cached_property
    def separators(self) -> str:
        return str(self.words.get("separators") or ",")

    def glue(self, kind: str) -> str:
        """A joining word of a rewritten question (`of`: X的Y, `among`: X中)."""
        return str((self.words.get("joins") or {}).get(kind, ""))

    def means_low(self, text: str) -> bool:
        return any(w in text for w in self.words.get("low_words", ()))

    def means_true(self, value: Any) -> bool:
        return str(value).lower() in {str(w).lower() for w in self.words.get("true_words", ())}

    def unit_factor(self, unit: str) -> float | None:
        return self.words.get("unit_factors", {}).get(unit)

    def is_base_unit(self, unit: str | None) -> bool:
        return unit in self.words.get("base_units", ())

    def answer_scale(self, question: str) -> tuple[float, str, tuple[str, ...]] | None:
        """总规模多少亿: the magnitude a figure is asked in (its factor and word, and the
        units a figure may be kept in to be answered so: 成交量多少手 is of shares; none: a base unit)."""
        for pattern, (factor, word, *units) in (self.words.get("answer_scales") or {}).items():
            if re.search(str(pattern), question):
                return float(factor), str(word), tuple(map(str, units))
        return None

    def label_word(self, description: str) -> str:
        """A label's short word: its description up to the first bracket."""
        for end in self.words.get("label_word_ends", ()):
            description = description.split(end)[0]
        return description

    @cached_property
    def explanation_starts(self) -> tuple[str, ...]:
        return tuple(str(w) for w in self.words.get("explanation_starts", ()))

    def verbalise(self, query, schema) -> str:
        """A short description of what a query asks, in this language (for the encoder)."""
        from .verbalise import Verbaliser

        return Verbaliser(schema, self).generate(query)

    def interpret(self, query, schema) -> str:
        """What the user reads above an answer: the query that ran, briefly."""
        from .verbalise import Interpreter

        return Interpreter(schema, self).generate(query)


@lru_cache(maxsize=None)
def load_language(code: str | None = None) -> Language:
    return Language(code or DEFAULT_LANGUAGE)
