"""A conversation: `session = engine.session()`; `session.ask(question)` answers
with the turns before as context. Follow-ups are resolved into a
self-contained question first (`followup.py`), then answered as any question.
A session is a plain value: its turns serialise to JSON (a server keeps them, a
batch replays them), it holds at most `max_turns`, and sessions share nothing
but the engine."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import time
from typing import TYPE_CHECKING, Any

from .answer import Answer
from .errors import Unresolved
from .followup import MEASURE_UNITS, PICKED, RANKING_UNITS, ROWS_KEPT, SHAPE_UNITS, Named, Turn
from .understanding import LONE_TURN

if TYPE_CHECKING:
    from .engine import Engine

MAX_TURNS = 20


class Session:
    def __init__(self, engine: "Engine", max_turns: int = MAX_TURNS, turns: list[Turn] | None = None,
                 id: str | None = None, asked: int | None = None):
        self.engine = engine
        self.id = id  # the conversation's name in batch records and the service (None: not named)
        self.max_turns = max_turns
        self.turns: list[Turn] = list(turns or [])
        self.asked = len(self.turns) if asked is None else asked  # turns asked so far (the window keeps max_turns)

    def ask(self, question: str, today: dt.date | None = None) -> Answer:
        """Answer one turn. Never raises, like `Engine.ask`: a follow-up that points
        at nothing is answered with the question back as the error."""
        t0 = time.perf_counter()
        ctx = self.engine.context(today)
        asked = question
        try:
            asked = self._on_own_day(question, ctx)
            res = self.engine.resolver.resolve(asked, self.turns, ctx.today, self.engine.trading_days)
        except Exception:  # noqa: BLE001 - resolution must never cost the turn: answer it as asked
            res = None
        t1 = time.perf_counter()
        picked = res is not None and (res.then is not None or res.repicked)
        first = None
        if picked and res.then is not None:
            res, first = self._picked_then(res, today)
        if res is not None and res.clarify:
            ans = Answer(question, error=res.clarify, error_type=Unresolved.__name__)
        elif res is not None and res.over_rows:
            ans = self._over_rows(question, res, today)
        elif res is not None and res.arithmetic:
            ans = self._compute(question, res)
        else:
            resolved = res.question if res is not None else question
            lone = res is not None and res.kind == "reset"
            # a question asked of the one a ranking picked is checked on its own words (the ranking's were used)
            typed = res.said if res is not None and res.said else asked
            said = typed if resolved != typed and not picked else None  # (its listing day already a date)
            ans = self.engine.ask(resolved, today, said=said, after_turns=lone)
            ans.question = question
            self._carry_doubt(ans, res)
            self._in_order(ans, res)
            for flag, note in (("stranded", "notes.stranded"), ("unsure", "notes.two_readings"),
                               ("unmoored", "notes.unmoored")):
                if res is not None and getattr(res, flag) and ans.error is None and ans.confidence is not None:
                    ans.confidence = min(ans.confidence, LONE_TURN)
                    ans.notes.append(self.engine.lang.say(note))
            if res is None or res.kind != "arithmetic":  # else the question answered carries the difference
                self._uncomputed(question, ans)
            if not picked:  # a ranking answered first used its words
                self._dropped(question, res, ans)
            elif first is not None:  # say what the ranking picked (an answer about it is no surer than the pick)
                ans.notes.append(self.engine.lang.say("notes.picked", ranking=first.question, name=first.rows[0][0]))
                if ans.confidence is not None and first.confidence is not None:
                    ans.confidence = min(ans.confidence, first.confidence)
        ans.resolved_question = res.question if res is not None else question
        ans.follow_up = res.kind if res is not None else "new"
        ans.trace.timings_ms["resolution"] = (t1 - t0) * 1e3
        ans.trace.resolution = {"kind": ans.follow_up, "asked": question, "resolved": ans.resolved_question,
                                "over_rows": bool(res is not None and res.over_rows)}
        ans.elapsed_ms = (time.perf_counter() - t0) * 1e3
        self.asked += 1
        ans.conversation, ans.turn = self.id, self.asked
        self._remember(question, ans)
        return ans

    def _on_own_day(self, question: str, ctx) -> str:
        """上市当天涨了多少 after a turn about one stock, naming none: its listing day, as a date."""
        latest = next((t for t in reversed(self.turns) if t.ok and not t.computed), None)
        if latest is None or not self.engine.own_days.said(question):
            return question
        try:
            if any(m.kind == "entity" for m in self.engine.lexicon.extract(question, ctx.today).mentions):
                return question  # its own thing's day: the engine writes it
        except Exception:  # noqa: BLE001 - 上市 read as an unknown name: it is the day's word
            pass
        refs = self.engine.lexicon.entities
        ids = [r.id for n in latest.named + latest.answered for r in refs.get(n.name.lower(), ()) if r.label == n.label]
        return self.engine.own_days.written_for(question, ids) or question

    def _picked_then(self, res, today):
        """…最大的那个关联了哪些公司: the ranking answered first, then the rest asked of
        the one it picked (by name), with that answer; a ranking that picks none is the answer."""
        first = self.engine.ask(res.question, today)
        if first.error is not None or not first.rows or not isinstance(first.rows[0][0], str):
            return dataclasses.replace(res, then=None), None  # (an unsure pick is asked on, its doubt carried)
        return dataclasses.replace(res, question=res.then.replace(PICKED, first.rows[0][0]), then=None), first

    @staticmethod
    def _in_order(ans: Answer, res) -> None:
        """Rows about the things pointed at (它们各自在哪个省 after the five largest) come in the
        order those were shown or said, unless this answer ranks them its own way."""
        if res is None or not res.order or ans.error is not None or len(ans.rows) < 2 \
                or any(u.kind in RANKING_UNITS for u in ans.trace.units):
            return
        at = {name: i for i, name in enumerate(res.order)}
        place = [next((at[c] for c in row if isinstance(c, str) and c in at), None) for row in ans.rows]
        if None in place:
            return
        ans.rows = [row for _, row in sorted(zip(place, ans.rows), key=lambda p: p[0])]

    def _carry_doubt(self, ans: Answer, res) -> None:
        """An answer built on an unsure turn is no surer than that turn: 这板块
        after a misread 哪个板块涨最多 is flagged, not answered at full confidence."""
        if res is None or res.kind in ("new", "reset") or ans.error is not None or ans.confidence is None:
            return
        leaned = next((t for t in reversed(self.turns) if t.ok and not t.computed
                       and (res.leaned is None or t.number == res.leaned)), None)
        trust = self.engine.trust
        if leaned is None or leaned.confidence is None or leaned.confidence >= trust or ans.confidence < trust:
            return
        ans.confidence = leaned.confidence
        ans.notes.append(self.engine.lang.say("notes.doubted_turn", turn=leaned.number))

    def _uncomputed(self, question: str, ans: Answer) -> None:
        """两天收盘差多少 that could not be computed from the answers before and was
        answered as a question instead: the difference asked is not in it (a total, 这些基金规模加起来,
        is the answer's own sum)."""
        units = ans.trace.units or ()
        summed = any(u.kind == "aggregate" and u.params.get("fn") == "sum" for u in units)
        # 加上建行 哪个贵 差多少: the question answered takes the difference itself (its own check says if not)
        differed = any(u.kind == "difference" for u in units)
        self._unused(ans, [w for op, ws in self.engine.resolver.arithmetic_words(question)
                           if not (op == "sum" and summed or op in ("difference", "more") and differed) for w in ws])

    def _dropped(self, question: str, res, ans: Answer) -> None:
        """最新那只申购代码多少 resolved to the list before with its code: the ranking
        word the follow-up said is not in the question answered — say so."""
        if res is not None:
            # … and 还能追吗 swapped into a figure asked before: advice no KG holds, not carried — say so
            # … and a which-day word (这期间最高点多少 哪天) the resolved question lost, when no day is shown
            lang = self.engine.lang
            days = [] if lang.say("columns.day") in ans.columns else (lang.words.get("asks") or {}).get("day") or ()
            said = [*self.engine.resolver.words["superlatives"], *map(str, lang.words.get("out_of_scope") or ()), *map(str, days)]
            self._unused(ans, [w for w in said if w in question and w not in res.question])

    def _unused(self, ans: Answer, words: list[str]) -> None:
        """A sure answer that left out a word the user typed is flagged, naming it."""
        if words and ans.error is None and ans.confidence is not None and ans.confidence >= self.engine.trust:
            ans.confidence = LONE_TURN
            ans.notes.append(self.engine.lang.say("notes.unsure", words=self.engine.lang.say(
                "notes.unsure_ignored", words=words[0])))

    def reset(self) -> None:
        self.turns.clear()

    # ---- arithmetic over earlier answers ----------------------------------
    def _compute(self, question: str, res) -> Answer:
        op, a, b = res.arithmetic
        if res.place is not None:
            return self._place(question, res)
        left, right = self.turns[a], self.turns[b]
        if res.column is not None:  # 两天收盘差多少: that column of each answer
            x, y = left.figures[res.column], right.figures[res.column]
        else:
            x, y = (left.values[0][1], left.values[1][1]) if a == b else (left.values[0][1], right.values[0][1])
            if a == b and left.values[0][0] == left.values[1][0]:
                x, y = y, x  # one thing's two days, listed by day: the later against the earlier
        # 差多少，涨了百分之几: each figure asked of the two answers, one column each
        also = [o for o, ws in self.engine.resolver.arithmetic_also.items() if o != op and any(w in question for w in ws)]
        try:
            values = [{"difference": lambda: abs(x - y), "more": lambda: x - y, "less": lambda: y - x,
                       "ratio": lambda: x / y, "percent": lambda: (x - y) / y * 100, "sum": lambda: x + y}[o]()
                      for o in [op, *also]]
        except ZeroDivisionError:
            return Answer(question, error=self.engine.lang.say("errors.no_query"), error_type="CannotTranslate")
        lang = self.engine.lang
        ans = Answer(question, columns=[lang.say(f"followup.arithmetic_columns.{o}") for o in [op, *also]],
                     rows=[[round(v, 10) for v in values]], kind="arithmetic", interpretation=res.question,
                     notes=[lang.say("followup.computed", a=right.number, b=left.number)])
        confs = [c for c in (left.confidence, right.confidence) if c is not None]
        ans.confidence = min(confs) if confs else None
        if res.unsure and ans.confidence is not None:  # two things at two times: not like for like
            ans.confidence = min(ans.confidence, LONE_TURN)
            ans.notes.append(lang.say("notes.unlike_times"))
        self.engine.rounded(ans, question)
        return ans

    def _over_rows(self, question: str, res, today) -> Answer:
        """A figure's total (mean, spread) over the rows of the answer before: asked as a question
        when its answer is that number (its query shown, the turns after lean on it), else
        computed from those rows' own numbers."""
        op, k, _ = res.arithmetic
        turn, lang = self.turns[k], self.engine.lang
        xs = [x for x in turn.table[res.column] if x is not None]
        value = {"sum": sum, "avg": lambda v: sum(v) / len(v), "spread": lambda v: max(v) - min(v)}[op](xs)
        with self.engine.revision.paused():  # (the rows answer it already: no model is asked to read it)
            asked = self.engine.ask(res.question, today)
        if asked.error is None and len(asked.rows) == 1 and any(
                isinstance(x, (int, float)) and not isinstance(x, bool) and math.isclose(x, value, rel_tol=1e-6)
                for x in asked.rows[0]):
            asked.question = question  # two readings agree: as sure as the surer
            asked.confidence = max(c for c in (asked.confidence, turn.confidence, 0.0) if c is not None)
            return asked
        said = lang.say("followup.over_rows", question=turn.resolved, column=res.column,
                        op=lang.say(f"followup.over_ops.{op}"))
        return Answer(question, columns=[lang.say(f"followup.over_columns.{op}", column=res.column)],
                      rows=[[round(value, 10)]], kind="arithmetic", interpretation=said,
                      confidence=turn.confidence, notes=[lang.say("followup.over_computed", a=turn.number, n=len(xs))])

    def _place(self, question: str, res) -> Answer:
        """Its place (1, 2, …) among the rows of the ranked answer before, in their order."""
        turn, lang = self.turns[res.arithmetic[1]], self.engine.lang
        place = [n.name for n in turn.answered].index(res.place) + 1
        return Answer(question, columns=[lang.say("followup.arithmetic_columns.place")], rows=[[place]],
                      kind="arithmetic", interpretation=res.question, confidence=turn.confidence,
                      notes=[lang.say("followup.placed", a=turn.number)])

    # ---- the typed history ------------------------------------------------
    def _remember(self, question: str, ans: Answer) -> None:
        lex = self.engine.lexicon
        tr = ans.trace
        resolved = tr.read or lex.as_read(ans.resolved_question or question)  # the text the mentions' offsets are in
        mentions = []
        named = []
        for m in tr.mentions:
            rec: dict[str, Any] = {"kind": m.kind, "text": m.text, "start": m.start, "end": m.end,
                                   "targets": list(m.targets)}
            if m.kind == "entity" and m.entities:
                rec["labels"] = sorted({r.label for r in m.entities})
            if m.time is not None:
                rec["time"] = {"kind": m.time.kind, "start": _iso(m.time.start), "end": _iso(m.time.end),
                               "year": m.time.year, "quarter": m.time.quarter}
            mentions.append(rec)
            if m.kind == "entity" and m.entities:
                named.append(Named(m.entities[0].label, m.entities[0].name))
        answered, others, values = [], [], []
        for row in ans.rows[:ROWS_KEPT]:
            refs = lex.named(row[0]) if row else []
            if refs:
                answered.append(Named(refs[0].label, refs[0].name))
            for cell in row[1:]:
                if isinstance(cell, list):  # 有几家？分别是哪几家: the names listed beside the count
                    answered += [Named(r.label, r.name) for x in cell[:ROWS_KEPT] for r in lex.named(x)[:1]]
                    continue
                others += [Named(r.label, r.name) for r in lex.named(cell)[:1]]
            num = row[-1] if row else None
            if isinstance(num, (int, float)) and not isinstance(num, bool):
                values.append([row[0] if len(row) > 1 else None, num])
        turn = Turn(question, resolved, mentions, [list(u.span) for u in tr.units if u.kind in SHAPE_UNITS],
                    list(dict.fromkeys(named)), list(dict.fromkeys(answered)), list(dict.fromkeys(others)),
                    values if len(values) <= 2 else [], ok=ans.error is None, confidence=ans.confidence,
                    # 茅台比五粮液多多少 after their figures: computed from them, the next turn leans on those
                    computed=ans.kind == "arithmetic" or ans.follow_up == "compared", number=self.asked,
                    listed=tr.listed, rows=len(ans.rows),
                    ranked=any(u.kind in RANKING_UNITS for u in tr.units),
                    measures=[list(u.span) for u in tr.units if u.kind in MEASURE_UNITS],
                    counted=any(u.kind == "count" for u in tr.units),
                    growth=[list(u.span) for u in tr.units if u.kind == "growth"], day=self._day_shown(ans),
                    figures=_figures(ans), table=_table(ans), totalled=bool(tr.resolution.get("over_rows")),
                    leader=tr.ranks_all and any(u.kind in ("extreme", "which") for u in tr.units)
                    and not any(u.kind == "topk" for u in tr.units))
        self.turns.append(turn)
        del self.turns[:-self.max_turns]

    def _day_shown(self, ans: Answer) -> str | None:
        """The one day a one-row answer shows (最高价是哪天): what 那天 then points at."""
        col = self.engine.lang.say("columns.day")
        if len(ans.rows) != 1 or col not in ans.columns:
            return None
        return str(ans.rows[0][ans.columns.index(col)])

    # ---- a plain value ----------------------------------------------------
    def to_json(self) -> dict:
        return {"id": self.id, "asked": self.asked, "max_turns": self.max_turns,
                "turns": [t.to_json() for t in self.turns]}

    @classmethod
    def from_json(cls, engine: "Engine", data: dict) -> "Session":
        return cls(engine, int(data.get("max_turns", MAX_TURNS)), [Turn.from_json(t) for t in data.get("turns", [])],
                   data.get("id"), data.get("asked"))


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _table(ans: Answer, most: int = 100) -> dict[str, list[float | None]]:
    """A whole answer of a few rows: its number columns, each a list down the rows."""
    if ans.error is not None or ans.truncated or not 2 <= len(ans.rows) <= most:
        return {}
    cols = {}
    for i, c in enumerate(ans.columns):
        cells = [row[i] if i < len(row) else None for row in ans.rows]
        nums = [x for x in cells if isinstance(x, (int, float)) and not isinstance(x, bool)]
        if len(nums) >= 2 and len(nums) + cells.count(None) == len(cells):
            cols[c] = cells
    return cols


def _figures(ans: Answer) -> dict[str, float]:
    """A one-row answer's numbers by their column's name."""
    if len(ans.rows) != 1:
        return {}
    return {c: v for c, v in zip(ans.columns, ans.rows[0])
            if isinstance(v, (int, float)) and not isinstance(v, bool)}
