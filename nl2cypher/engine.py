"""Engine.ask(): the pipeline of DESIGN.md, stage by stage, timed.

    question -> lexicon (mentions) -> units -> synthesis (candidates)
             -> ranking -> execution (read-only) -> Answer + Trace
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import time
from dataclasses import replace
from pathlib import Path

from . import clauses, steps
from .answer import Answer, Trace
from .cypher import queries
from .cypher.ast import Node, Return, nodes
from .cypher.dialects import render
from .cypher.parse import Unsupported, parse
from .domain import domain_exists, load_domain
from .errors import BadQuestion, CannotTranslate, Nl2CypherError, NotUnderstood, OutOfScope, UnknownEntity, Unresolved
from .followup import Resolver
from .lang import load_language
from .own_days import OwnDays
from .packs import Packs
from .lexicon import Lexicon
from .rank import Ranker
from .revise import Revision, RevisionResult
from .schema import Schema
from .store import GraphStore, LadybugStore
from .synth import Context, Synthesizer
from .triggers import load_triggers
from .understanding import (LONE_TURN, NOTHING_FOUND, TIED, TRUST, Expressed, Understanding, as_typed, complete_first,
                            asides, lists_everything, understand, unexplained_words, untold, without_views)
from .units import map_units

__all__ = ["Engine", "Answer", "Trace", "BadQuestion"]

MAX_QUESTION_CHARS = 500
MAX_RESOLVED_CHARS = 4000  # a follow-up resolved over the rows of the answer before (50 names and more)
NAMING = ("entity", "value", "label")  # mentions that say what a question is about
MAX_ROWS = 10_000  # rows an answer shows at most (the answer says when it was cut)
RANKED_KINDS = ("ranking",)  # answers ordered by a figure and cut (a tie past the cut makes the pick arbitrary;
# a count per thing ties often and its pick by name is the convention: not flagged)
PRESUPPOSED = ("lookup", "ranking")  # answers that presuppose a row (a named thing's value, the one a ranking picks)


def _one_line(text: str) -> str:
    return " ".join(text.split())[:500] or "?"


_ORDERED = re.compile(r"\bORDER\s+BY\b", re.I)


def _stable(rows: list[list], cypher: str | None) -> list[list]:
    """The same question on the same store gives the same table: floats to 10
    significant digits (a parallel avg() differs in the last bits) and, when the
    query asks for no order, rows in one fixed order."""
    rows = [[_rounded(v) for v in r] for r in rows]
    if not _ORDERED.search(cypher or ""):
        rows.sort(key=lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True, default=str))
    return rows


def _rounded(v):
    if isinstance(v, float):
        return float(f"{v:.10g}")
    if isinstance(v, list):
        return [_rounded(x) for x in v]
    if isinstance(v, dict):
        return {k: _rounded(x) for k, x in v.items()}
    return v


def _current_annotations(stored: Schema, domain) -> Schema:
    """A KG keeps the schema it was loaded with. When the domain's packaged schema
    of the same name has the same structure, its descriptions and annotations (which a
    domain expert may have improved since) are used without a reload."""
    try:
        pkg = Schema.load(domain.schema_path)
    except Nl2CypherError:
        return stored
    if pkg.name == stored.name and pkg.structure() == stored.structure():
        return pkg
    return stored


class Engine:
    """Translate and answer questions over one graph store."""

    def __init__(self, store: GraphStore | str | Path, today: dt.date | None = None, *, domain: str | None = None,
                 lang: str | None = None, rank: bool = True, encoder: str | None = None,
                 triggers_path: str | Path | None = None, dialect: str | None = None, revise: str | None = None,
                 reviser=None, fewshot_k: int = 2, schema_slice: bool = True, adapter: str | None = None,
                 max_rows: int = MAX_ROWS, strict: bool | None = None, trust: float = TRUST,
                 encoder_backend: str | None = None):
        self.store = LadybugStore(store) if isinstance(store, (str, Path)) else store
        stored = self.store.schema  # a KG remembers its domain (the schema's name) and its users' language
        self.domain = load_domain(domain or (stored.name if domain_exists(stored.name) else None))
        self.lang = load_language(lang or stored.language or None)
        self.schema = _current_annotations(self.store.schema, self.domain)
        self.packs = Packs(self.domain, self.lang, self.schema)
        self.today = today
        self.max_rows = max_rows
        # strict: refuse rather than answer below the trust line (NL2CYPHER_STRICT=1 sets it)
        self.strict = strict if strict is not None else os.environ.get("NL2CYPHER_STRICT", "") not in ("", "0")
        self.trust = trust
        self.dialect = dialect or self.store.dialect
        self.triggers = load_triggers(self.schema, triggers_path or self.domain.triggers_path)
        self.lexicon = Lexicon.from_store(self.store, self.triggers, self.packs)
        self.resolver = Resolver(self.lexicon, self.packs, self.trust)  # follow-ups, and dangling 它 in one question
        self.own_days = OwnDays(self.store, self.packs.schema, self.lang)
        self.synth = Synthesizer(self.packs)
        self.ranker = Ranker(self.packs, encoder, enabled=rank, backend=encoder_backend)
        self.trading_days, self.earliest, self.latest = self._calendar()
        self.expressed = Expressed.of(self.packs)  # what a query must hold to express a word
        self.revision = Revision(self.packs, self.store, self.dialect, lambda: self.ranker.encoder,
                                 mode=revise, backend=reviser, k=fewshot_k,
                                 schema_slice=schema_slice, adapter=adapter)

    def _calendar(self) -> tuple[list[dt.date], dict[str, dt.date], dict[str, dt.date]]:
        """Trading days = the days of the label the schema marks `calendar: trading`
        (else the first daily label); the earliest and the latest day per dated label."""
        days: list[dt.date] = []
        earliest: dict[str, dt.date] = {}
        latest: dict[str, dt.date] = {}
        calendar = self.schema.calendar_label or next(iter(self.schema.dynamic_labels), None)
        for lab in self.schema.labels.values():
            if not lab.day:
                continue
            if lab.name == calendar:
                q = queries.distinct_values(lab.name, lab.day)
                days = [dt.date.fromisoformat(d) for (d,) in self.store.run(render(q, self.dialect)).rows if d]
            rows = self.store.run(render(queries.bounds(lab.name, lab.day), self.dialect)).rows
            if rows and rows[0][1]:
                earliest[lab.name] = dt.date.fromisoformat(str(rows[0][0])[:10])
                latest[lab.name] = dt.date.fromisoformat(str(rows[0][1])[:10])
        return days, earliest, latest

    def context(self, today: dt.date | None) -> Context:
        return Context(today or self.today or dt.date.today(), self.trading_days, self.latest)

    def translate(self, question: str, today: dt.date | None = None, *, said: str | None = None,
                  after_turns: bool = False, into: Answer | None = None) -> Answer:
        """Everything but execution. In a conversation, `said` is what the user
        typed when `question` is their follow-up resolved (its words must be in
        the query too), and `after_turns` marks a turn asked after others that
        leaned on none of them; `into` is the answer filled (its trace keeps what
        was read when the question is refused)."""
        ans = into if into is not None else Answer(question)
        tr = ans.trace
        q = (question or "").strip()
        if not q or not any(ch.isalnum() for ch in q):
            raise BadQuestion(self.lang.say("errors.empty_question"))
        typed = said if said is not None else q  # a resolved follow-up may list the rows before (其中…)
        limit = MAX_QUESTION_CHARS if said is None else MAX_RESOLVED_CHARS
        if len(typed) > MAX_QUESTION_CHARS or len(q) > limit:
            raise BadQuestion(self.lang.say("errors.question_too_long", chars=len(typed), limit=MAX_QUESTION_CHARS))
        ctx = self.context(today)
        t0 = time.perf_counter()
        views: list[str] = []  # the asker's views set aside (选基金就是选基金经理，…)
        try:
            ex = self.lexicon.extract(q, ctx.today, self.trading_days)
            written = self.own_days.written(ex)  # 上市以来: since the day it listed, as a date
            if written is not None:
                q, ex = written, self.lexicon.extract(written, ctx.today, self.trading_days)
            viewless = without_views(ex, *self._aside_words(ex))  # 选基金就是选基金经理，…: a view, not asked
            if viewless is not None:
                q, views = viewless
                ex = self.lexicon.extract(q, ctx.today, self.trading_days)
            if written is not None or viewless is not None:
                tr.read = ex.question
        except UnknownEntity as e:
            self._refuse_out_of_scope((e.text,))  # 应该抄底|白酒: advice, not an unknown name
            raise
        t1 = time.perf_counter()
        units = untold(ex, map_units(ex, self.triggers, self.lang.fillers), *self._aside_words(ex))
        t2 = time.perf_counter()
        tr.mentions, tr.tagged, tr.units = ex.mentions, ex.tagged, units
        self._refuse_future(ex, ctx)
        unexplained = unexplained_words(ex, units, self.lang.fillers, self.lang.pronouns, self.lang.answered_before,
                                        self.lang.spoken_of)
        ans.unexplained = list(unexplained)
        dangling = self.resolver.dangling(ex)
        # 它的注册资本 asked on its own: ask back rather than answer for every stock (我这个人…, an aside, points at nobody)
        if dangling and self._not_aside((dangling,), ex):
            raise Unresolved(self.lang.say("followup.unresolved", word=dangling), unexplained)
        try:
            cands = self.synth.candidates(ex, units, ctx)
        except CannotTranslate:
            self._refuse_out_of_scope(unexplained, ex)
            result = self.revision.generate(ex, ctx)  # an LLM may write it from scratch, validated
            if result is None or not self._use(ans, result):
                raise
            ans.confidence = 0.0  # written from scratch: nothing of ours vouches for it
            ans.interpretation = self.lang.say("notes.revised_interpretation")
            return ans
        t3 = time.perf_counter()
        ranked = complete_first(ex, self.ranker.rank(ex.question, cands), self.expressed, units)
        t4 = time.perf_counter()
        tr.timings_ms = {"lexicon": (t1 - t0) * 1e3, "units": (t2 - t1) * 1e3, "synthesis": (t3 - t2) * 1e3,
                         "ranking": (t4 - t3) * 1e3}
        for c in ranked:
            tr.candidates.append({"cypher": render(c.query, self.dialect), "params": c.query.params,
                                  "score": round(c.score, 4), "prior": round(c.prior, 4), "choices": list(c.choices),
                                  "description": self.ranker.describe(c)})
        best = ranked[0]
        und = understand(ex, unexplained, ranked, self.expressed, units)
        und = self._in_conversation(und, best, said, ctx)
        tr.understanding = und
        if und.confidence < self.trust:
            self._refuse_out_of_scope(unexplained + und.guessed, ex)
            self._refuse_missing(best, unexplained + und.guessed, ex)  # 收益率 guessed as a news word: not in the KG
        self._refuse_outside(ex, best.query)
        ans.cypher = render(best.query, self.dialect)
        ans.params = dict(best.query.params)
        ans.kind = best.answer
        tr.listed = best.query.listed()
        tr.named_rows = best.query.named_rows()
        tr.ranks_all = best.query.ranks_all()
        ans.confidence = und.confidence
        ans.interpretation = self.lang.interpret(best.query, self.schema)
        corrected = [m.note for m in ex.mentions if m.note and m.kind != "entity"]  # 收盘架 → 收盘价
        meant = self.lexicon.as_read(q)
        if meant != self.lexicon.as_read(q, meant=False):  # 茅台，哦不，五粮液…: read as the user corrected it
            corrected.insert(0, self.lang.say("notes.taken_back", meant=meant))
        if views:  # (said, so a reader sees what was set aside)
            corrected.insert(0, self.lang.say("notes.views_aside", views=self.lang.join(views)))
        ans.notes = list(dict.fromkeys(corrected + best.notes))
        tr.notes = ans.notes
        unused = tuple(dict.fromkeys(und.unexplained + und.ignored + und.guessed))
        self._revise(ans, self.revision.review(ex, ctx, best.query, ans.interpretation, unused,
                                               unsure=und.confidence < self.trust))
        if self.revision.mode == "auto" and not ans.trace.revision and ex.of("entity"):  # empty: revised then
            ans.trace.later = lambda: self.revision.after_empty(ex, ctx, best.query, ans.interpretation, unused)
        self._flag(ans, und, best, ex, after_turns)
        return ans

    def _revise(self, ans: Answer, result: RevisionResult | None) -> bool:
        """Use a revision the reviser accepted; True when the query changed."""
        if result is not None and self._use(ans, result) and ans.trace.revision.get("changed"):
            ans.interpretation = self.lang.say("notes.revised_interpretation")
            return True
        return False

    def _flag(self, ans: Answer, und: Understanding, best, ex, after_turns: bool) -> None:
        """Below the trust line the answer says why (or, strict, is refused)."""
        if after_turns and (lists_everything(best.query) or not ex.of_any(NAMING)):
            # 经理是谁 / 成交量分别几多 that leaned on nothing: answered for every one
            ans.confidence = min(ans.confidence, LONE_TURN)
            ans.notes.append(self.lang.say("notes.lone_turn"))
        elif ans.confidence < self.trust:
            doubt = self._doubt(und)
            if self.strict:
                raise NotUnderstood(self.lang.say("errors.not_understood", words=doubt))
            ans.notes.append(self.lang.say("notes.unsure", words=doubt))

    def _in_conversation(self, und: Understanding, best, said: str | None, ctx: Context) -> Understanding:
        """A resolved follow-up: a property, ranking or group word the user typed
        (持仓比例最高的是哪只) that the chosen query does not express is doubted,
        as it would be in a question of its own."""
        if not said:
            return und
        try:
            typed = self.lexicon.extract(said, ctx.today, self.trading_days)
        except Nl2CypherError:
            return und
        return as_typed(und, typed, best.query, self.expressed, map_units(typed, self.triggers, self.lang.fillers))

    def _doubt(self, und: Understanding) -> str:
        """What the engine is unsure of, in a few words for the user."""
        parts = []
        if und.unexplained:
            parts.append(self.lang.say("notes.unsure_words", words=self.lang.join(und.unexplained)))
        if und.ignored:
            parts.append(self.lang.say("notes.unsure_ignored", words=self.lang.join(und.ignored)))
        if und.echo:
            parts.append(self.lang.say("notes.unsure_echo"))
        if und.guessed:
            parts.append(self.lang.say("notes.unsure_guessed", words=self.lang.join(und.guessed)))
        if not parts:
            parts.append(self.lang.say("notes.unsure_tie"))
        return self.lang.join(parts)

    def _refuse_out_of_scope(self, unexplained: tuple[str, ...], ex=None) -> None:
        """A definition, a forecast, advice: words no KG answers (the language's
        `out_of_scope` list) left unexplained — refuse instead of guessing."""
        kept = self._not_aside(unexplained, ex)

        def said(words):  # market|cap, 下|星期: one phrase left apart
            return words + (" ".join(words), "".join(words))
        # advice, forecasts; and what the KG does not hold — also named alone as a terse note's part
        offered = ex is not None and self.lang.found("fallback", ex.question)  # …没有的话 X也行: X is asked
        asked = [(self.lang.words.get("out_of_scope", ()), said(kept)),
                 (self.domain.absent, said(kept + (() if offered else self._bare(unexplained, ex))))]
        hits = [w for known, words in asked for w in known if any(_says(str(w), u) for u in words)]
        if hits:
            why = self.lang.say("errors.out_of_scope_words", words=self.lang.join(hits))
            raise OutOfScope(self.lang.say("errors.out_of_scope", why=why))

    def _refuse_missing(self, best, unexplained: tuple[str, ...], ex=None) -> None:
        """茅台的市盈率: the best reading only shows the whole thing, and words were
        left over — what they ask is not in the KG. Say so rather than show a row."""
        unexplained = self._not_aside(unexplained, ex)
        if best.answer == "entity" and unexplained:
            why = self.lang.say("errors.out_of_scope_words", words=self.lang.join(unexplained))
            raise OutOfScope(self.lang.say("errors.out_of_scope", why=why))

    def _not_aside(self, unexplained: tuple[str, ...], ex) -> tuple[str, ...]:
        """The words left unexplained but those of an aside (刚开户看不懂 after the
        question): an aside is no reason to refuse — its words only keep the answer unsure."""
        if ex is None:
            return unexplained
        aside = asides(ex, *self._aside_words(ex))
        # a word said in an aside and again in what is asked (市净率是什么意思？…工商银行的市净率) is asked
        return tuple(u for u in unexplained if ex.question.count(u) > sum(a.count(u) for a in aside))

    def _bare(self, unexplained: tuple[str, ...], ex) -> tuple[str, ...]:
        """华夏医疗健康股票A 经理 毕业院校, …就是市盈率: a part that is only an unexplained word (and
        filler words) is what a terse note asks, no aside — its word may say what the KG lacks."""
        if ex is None:
            return ()
        parts = asides(ex, *self._aside_words(ex))

        def bare(part: str, word: str) -> bool:
            rest = part.replace(word, "").strip()
            return not rest or self.lang.fillers.covers(rest)
        return tuple(u for u in unexplained if any(u in a and bare(a, u) for a in parts))

    def _aside_words(self, ex) -> tuple:
        """What finds a question's asides: where parts end, what asks, what fills, who is heard."""
        return (self.lang.sentence_ends + self.lang.separators, self.lang.asking_part, self.lang.fillers,
                self.lang.found("hearsay", ex.question), self.lang.found("opinions", ex.question), not self.lang.script)

    def _refuse_future(self, ex, ctx: Context) -> None:
        """A day after today (明天, 下周) has no data yet: refused, not answered
        with the latest day."""
        latest = max(self.latest.values(), default=None)
        for m in ex.of("time"):
            start = m.time.start
            if start is not None and start > ctx.today and (latest is None or start > latest):
                raise OutOfScope(self.lang.say("errors.future", latest=latest or ctx.today, day=m.text))

    def _refuse_outside(self, ex, query) -> None:
        """茅台2022年1月的股价, 2019年各季度净利润: a time that ends before the first day of every
        dated row the query reads has no data — refused, not answered with nothing; so has a
        report period after the latest report (今年一季度净利润, asked before it is out)."""
        labels = {n.label for n in nodes(query) if isinstance(n, Node) and n.label in self.earliest}
        if not labels:
            return
        first = min(self.earliest[lab] for lab in labels)
        reports = [self.latest[lab] for lab in labels if self.schema.labels[lab].period]
        for m in ex.of("time"):
            if m.time.end is not None and m.time.end < first:
                raise OutOfScope(self.lang.say("errors.before", earliest=first, day=m.text))
            if reports and m.time.year is not None and m.time.start is not None and m.time.start > max(reports):
                raise OutOfScope(self.lang.say("errors.future", latest=max(reports), day=m.text))

    def _tied_past_limit(self, ans: Answer) -> bool:
        """Does the row after the last one a ranking keeps tie with it on what ranks them? (Asked
        again for one row more: the store gives no ties of its own.)"""
        try:
            query = parse(ans.cypher)
        except (Unsupported, Nl2CypherError):
            return False
        last = query.clauses[-1]
        if not isinstance(last, Return) or not last.limit or not last.order or len(ans.rows) < last.limit:
            return False  # (fewer rows than kept: none left to tie with, no second query)
        ranked = [k for k, item in enumerate(last.items) if item.expr == last.order[0].expr]
        if not ranked:
            return False
        more = replace(query, clauses=query.clauses[:-1] + (replace(last, limit=last.limit + 1),))
        rows = self.store.run(render(more, self.dialect), ans.params, max_rows=last.limit + 1).rows
        return len(rows) > last.limit and rows[last.limit][ranked[0]] == rows[last.limit - 1][ranked[0]]

    def _use(self, ans: Answer, result: RevisionResult) -> bool:
        """The engine's decision on a revision: an accepted query replaces the
        heuristic one (and says so); a skipped one leaves a note. True if used."""
        info = result.trace()
        ans.trace.revision = info
        if result.elapsed_ms is not None:
            ans.trace.timings_ms["revision"] = result.elapsed_ms
        if result.skipped and result.backend is None:
            ans.notes.append(self.lang.say("notes.revision_skipped", reason=result.skipped))
        if not result.accepted:
            return False
        info["changed"] = result.query != ans.cypher
        if info["changed"]:
            ans.notes.append(self.lang.say("notes.revised"))
        ans.cypher, ans.params = result.query, result.params
        return True

    def ask(self, question: str, today: dt.date | None = None, *, said: str | None = None,
            after_turns: bool = False) -> Answer:
        """Translate and run one question. Never raises: whatever goes wrong is the
        answer's one-line `error` (and its class, `error_type`), so a batch goes on.
        `said` and `after_turns` are a conversation's (see `translate`)."""
        t0 = time.perf_counter()
        merged = self._clauses_first(question, today, said, after_turns)
        if merged is not None:
            return merged
        parts = steps.of(self, question) if said is None else [question]
        stepped = steps.answered(self, question, today, parts)
        if stepped is not None and (stepped.confidence or 0) >= self.trust:
            return stepped  # an instruction in steps, each sure: not read as one question
        ans = Answer(question)
        try:
            ans = self.translate(question, today, said=said, after_turns=after_turns, into=ans)
            t1 = time.perf_counter()
            res = self.store.run(ans.cypher, ans.params, max_rows=self.max_rows)
            if not res.rows and ans.trace.later is not None and self._revise(ans, ans.trace.later()):
                res = self.store.run(ans.cypher, ans.params, max_rows=self.max_rows)  # the revised query
            ans.trace.timings_ms["execution"] = (time.perf_counter() - t1) * 1e3
            ans.columns, ans.rows, ans.truncated = res.columns, _stable(res.rows, ans.cypher), res.truncated
            if res.truncated:
                ans.notes.append(self.lang.say("notes.truncated", rows=self.max_rows))
            if not res.rows and ans.kind in PRESUPPOSED and (ans.confidence or 0) >= self.trust:
                # 华海锂电的申购代码 with no IPO row, 最多的是哪只 among none: no answer to vouch for
                ans.confidence = NOTHING_FOUND
                ans.notes.append(self.lang.say("notes.nothing_found"))
            if said is None:  # (a follow-up's IN list may be the rows before: 其中涨停的 keeps some)
                self._named_missing(ans)
        except Nl2CypherError as e:
            ans.error, ans.error_type = _one_line(str(e)), type(e).__name__
            if isinstance(e, Unresolved):  # known not to be understood, and which words
                ans.confidence, ans.unexplained = 0.0, list(e.unexplained)
        except Exception as e:  # noqa: BLE001 - a bug must cost one answer, not a batch
            ans.error = self.lang.say("errors.internal", what=f"{type(e).__name__}: {_one_line(str(e))}")
            ans.error_type = "InternalError"
        if ans.error is not None or (ans.confidence is not None and ans.confidence < self.trust):
            if said is None or self._opens_with_a_name(question, today):
                ans = self._by_clauses(ans, today)  # (a resolved follow-up too: 田涛一共管几只基金，加起来规模多少)
            if said is None:  # a question as typed (a resolved follow-up is checked on its words)
                ans = self._unspaced(ans, today, after_turns)
        elif said is None and ans.error is None and clauses.named_again(self, question, today):
            # 储能上游是啥 跟储能有关的票有哪些: a later clause naming the first's thing again asks of that
            # thing, not of the first's answer — its clauses answered together, when sure, stand
            found = self._by_clauses(ans, today)
            if found is not ans and (found.trace.clauses or 0) > 1 and (found.confidence or 0) >= self.trust:
                ans = found
            elif clauses.goes_further(self, question) and ans.confidence is not None:
                # 锂矿下游是啥，再往下呢 answered with the first link alone: the later clause went unanswered
                ans.confidence = min(ans.confidence, LONE_TURN)
                ans.notes.append(self.lang.say("notes.steps_unchained", n=2))
        self.rounded(ans, question)
        if stepped is not None and (ans.error is not None or (stepped.confidence or 0) > (ans.confidence or 0) or (
                (ans.confidence or 0) < self.trust and (stepped.confidence or 0) >= (ans.confidence or 0))):
            ans = stepped  # its steps answered it surer than the whole (as sure, when neither is vouched for)
        elif len(parts) > 1 and ans.error is None and (ans.confidence or 0) >= self.trust:
            ans.confidence = LONE_TURN  # steps not chained, read as one question: a reading to check
            ans.notes.append(self.lang.say("notes.steps_unchained", n=len(parts)))
        if ans.error is None and ans.kind in RANKED_KINDS and (ans.confidence or 0) >= self.trust \
                and ans.cypher and self._tied_past_limit(ans):
            # 连板最多的是哪只 with nine at one day: the one shown is one of several, picked by its name
            # (said of the answer chosen: a sure reading is not swapped for another because of it)
            ans.confidence, ans.trace.tied = TIED, True
            ans.notes.append(self.lang.say("notes.tied"))
        ans.elapsed_ms = (time.perf_counter() - t0) * 1e3
        return ans

    def rounded(self, ans: Answer, question: str) -> None:
        """精确到两位小数: the answer's figures shown to the places asked (and said so)."""
        n = self.lang.decimals(question) if ans.error is None and ans.rows else None
        if n is None:
            return
        ans.rows = [[round(c, n) if isinstance(c, float) else c for c in row] for row in ans.rows]
        ans.notes.append(self.lang.say("notes.rounded", n=n))

    def _named_missing(self, ans: Answer) -> None:
        """沪市主板与深市主板涨停家数: a name or value asked for by name with no row of its
        own (none met the conditions) is said, and the answer is not vouched for as whole."""
        named = ans.trace.named_rows
        shown = {str(r[0]) for r in ans.rows if r}
        missing = [str(v) for v in named if str(v) not in shown]
        if missing and ans.rows and (ans.confidence or 0) >= self.trust:
            ans.confidence = NOTHING_FOUND
            ans.notes.append(self.lang.say("notes.named_missing", names=self.lang.join(missing)))

    def _unspaced(self, ans: Answer, today, after_turns: bool) -> Answer:
        """600519 3月 最高, 省份 公司数 排名: keywords typed into a search box (no part asks), spaced
        where the script writes none — unsure as clauses, asked again as one run of words."""
        if (ans.error is None and (ans.confidence or 0) >= self.trust) or not self.lang.script:
            return ans
        run = re.sub(rf"(?<=[{self.lang.script}])\s+|\s+(?=[{self.lang.script}])", "", ans.question)
        asking = self.lang.asking_part
        read = self.lexicon.as_read(ans.question)  # (its words as read: 系边个 asks as 是谁 does)
        if run == ans.question or asking is not None and any(asking.search(part) for part in read.split()):
            return ans  # 持了哪些票 哪只比例最高, 大连特钢 董事长任职日期 股东有谁: asks a space apart are clauses, not keywords
        with self.revision.paused():  # the model was asked about the question as typed already, if at all
            again = self.ask(run, today, after_turns=after_turns)
        if again.error is not None or (again.confidence or 0) < self.trust and not again.trace.tied:
            return ans
        again.question = ans.question
        return again

    def _opens_with_a_name(self, question: str, today) -> bool:
        """Its first clause names a thing: a resolved follow-up's clauses can be asked on their own
        (持仓市值合计多少？占它规模的比例呢 names its fund in the second only: not)."""
        parts = clauses.split(self.lexicon.as_read(question), self.expressed.clause_marks,
                              self.expressed.clause_ends, self.lang.script)
        try:
            return len(parts) > 1 and bool(self.lexicon.extract(parts[0], self.context(today).today,
                                                                self.trading_days).of("entity"))
        except Nl2CypherError:
            return False

    def _clauses_first(self, question: str, today, said, after_turns: bool) -> Answer | None:
        """Two asks in one question that its clauses answer together need no model:
        under `auto` they are tried before the reviser is asked about the whole."""
        if said is not None or self.revision.mode != "auto" or \
                len(clauses.split(self.lexicon.as_read(question), self.expressed.clause_marks,
                                  self.expressed.clause_ends, self.lang.script)) < 2:
            return None
        with self.revision.paused():
            plain = self.ask(question, today, after_turns=after_turns)
        # merged, or sure with rows (no `auto` trigger would fire): this answer stands, not asked twice
        sure = plain.error is None and (plain.confidence or 0) >= self.trust and bool(plain.rows)
        return plain if plain.trace.clauses or sure else None

    def _by_clauses(self, ans: Answer, today: dt.date | None) -> Answer:
        """Two asks in one question, each sure on its own and reading the same rows:
        one query for both (`clauses.py`); otherwise the whole question's answer."""
        try:
            with self.revision.paused():
                found = clauses.merged(self, ans.question, today)
            if found is None:
                return ans
            cypher = render(found.query, self.dialect)
            res = self.store.run(cypher, found.query.params, max_rows=self.max_rows)
        except Nl2CypherError:
            return ans
        parts = found.parts
        out = Answer(ans.question, cypher, dict(found.query.params), res.columns,
                     _stable(res.rows, cypher), truncated=res.truncated, kind=parts[0].kind,
                     confidence=min(p.confidence for p in parts), trace=ans.trace,
                     interpretation=self.lang.interpret(found.query, self.schema),
                     notes=list(dict.fromkeys(n for p in parts for n in p.notes)) +
                     ([self.lang.say("notes.clauses", n=len(parts))] if len(parts) > 1 else []) +
                     [self.lang.say("notes.concept_asked", part=c) for c in found.concepts])
        out.trace.notes = out.notes
        out.trace.clauses = len(parts)
        return out

    def session(self, id: str | None = None, max_turns: int | None = None):
        """A conversation over this engine: follow-up questions lean on the turns before.
        Named (`id`), its answers' records carry `conversation`, `turn` and `resolved_question`."""
        from .session import MAX_TURNS, Session

        return Session(self, max_turns or MAX_TURNS, id=id)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _says(word: str, text: str) -> bool:
    """Is the word in the text — a Latin one from a word's start, a short one (PE, EPS) as a
    whole word: PE is not in "opening", recommend is in "recommendation"."""
    if not word.isascii():
        return word in text
    end = r"(?![a-z])" if len(word) < 4 else ""
    return re.search(r"(?<![a-z])" + re.escape(word.lower()) + end, text.lower()) is not None
