"""Follow-up resolution, the stage before extraction in a conversation: a
question that leans on the turns before it (那昨天呢, 五粮液呢, 它属于哪个板块,
这两家差多少) becomes a self-contained question, by rules over the typed
history — no LLM. Its vocabulary (pronouns, ellipsis markers, arithmetic
words) is the language's `references.yaml`; which labels are people is the
schema's `person: true`.

In order: a word starting afresh (换个问题) leans on nothing; arithmetic over the two
answers before (这两家差多少, 比上一个高多少) is computed from them (招行多赚了多少: the
one named first); a growth (环比增长多少, 变了多少) after one figure at two times is the
later against the earlier, and 同比呢 / 跟22年三季度比呢 after a growth change its base;
another time to compare with (比昨天高还是低) asks the question before against it; a
group word (按上市板块分一下) after a count counts per group; a ranking of the list
before (其中规模最大的, 哪只持仓占比最高, 按注册资本排个序)
ranks the question before; a pronoun or a definite reference (它, 这些股票, 这个
板块, 板块里) is replaced by what it points at — the one thing (or the rows) the turn
before named or answered, asked back when a singular one could be several (持有它:
the thing at the edge's far end); an ellipsis (那五粮液呢, 今天呢, 成交量呢, 那涨了百分之几,
再往下呢, 有几只) swaps the entity, the time, the property, the chain's length or the
answer's shape of the question before — a name with another kind word (那五粮液董事长呢)
asks that thing of it, and 同期X涨了多少 after a growth is X's change between the same
times; a value of the listed things (利空的是哪条) narrows the list; a question that
names nothing of its own but asks what the thing under discussion has (董事长是谁, or
a ranking over its edge: 第一大重仓今天涨了没) is about that thing; a question that names
what it asks about starts afresh. A reference with nothing to point at is not guessed: the turn
asks back (“它”指的是什么？). A resolution that had another reading as likely, or
leaned on nothing though worded as a follow-up, says so (the answer is flagged)."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections import Counter
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .errors import Nl2CypherError, UnknownEntity
from .lexicon import in_order
from .understanding import TRUST, clause_cuts
from .units import map_units

OWNER_TURNS = 3  # how far back the thing under discussion is looked for
RANK_TURNS = 6  # …and the ranking a 第二名 points into
ROWS_KEPT = 50  # the rows of an answer whose things a turn keeps (more are asked of by the question before)
MAX_CHOICES = 5  # names a question back shows when a reference could mean several
EARLIER_TURNS = 2  # how far back a pronoun looks when the turn before has nothing it fits
# units that make a question one of its own (ranking, comparing, grouping the market)
OWN_QUESTION_UNITS = ("extreme", "topk", "order", "group", "compare", "between", "date_compare", "same",
                      "same_prop", "which", "compare_entity", "rank_in_group", "history")
# units that ask for a measure by themselves (涨了百分之几): a property's place in an ellipsis
MEASURE_UNITS = ("change",)
# times a growth against another is read for (a quarter's report, a day's row, a year's total)
GROWN_TIMES = ("quarter", "day", "year")
# where the name of the one a ranking picked goes in the question asked of it
PICKED = "{picked}"
# units that rank (最大的, 前三, 哪只…最高, 按…排序): 其中最大的 ranks the rows of the answer before
RANKING_UNITS = ("extreme", "topk", "which", "order")
# units that say what shape the answer takes (有几只, 哪些, 最大的): swapped by 分别是哪些
COMPARING_UNITS = ("difference", "which", "compare_entity")  # 比…多多少, 哪个高, 比…高吗
SHAPE_UNITS = ("count", "list", "extreme", "topk", "order", "which", "yesno", "aggregate")


@dataclass(frozen=True)
class Named:
    label: str
    name: str


@dataclass
class Turn:
    """One answered turn, as plain values (a session is serialisable to JSON)."""

    question: str  # as the user asked it
    resolved: str  # the self-contained question that was answered
    mentions: list[dict] = field(default_factory=list)  # kind, text, start, end (in `resolved`), time
    shapes: list[list[int]] = field(default_factory=list)  # spans of answer-shape words in `resolved`
    named: list[Named] = field(default_factory=list)  # entities the question named
    answered: list[Named] = field(default_factory=list)  # entities the answer's rows are (its first column)
    others: list[Named] = field(default_factory=list)  # entities in the answer's other columns (所属板块)
    values: list[list[Any]] = field(default_factory=list)  # (name or None, number) per row, when numeric
    ok: bool = True
    confidence: float | None = None
    computed: bool = False  # arithmetic over earlier answers: no question to lean on
    number: int = 0  # its place in the conversation (1, 2, …)
    listed: str | None = None  # the label of the things the answer listed (资讯 for 有啥新闻)
    rows: int = 0  # how many rows the answer had
    ranked: bool = False  # the question ranked (最大的, 前三): its one row is the one it picked
    measures: list[list[int]] = field(default_factory=list)  # spans of measure words (涨了百分之几) in `resolved`
    counted: bool = False  # the answer counted things (其中女的几个): 她们 are the things counted
    growth: list[list[int]] = field(default_factory=list)  # spans of growth words (环比增长, 比二季度增长) in `resolved`
    day: str | None = None  # the one day the answer showed (最高价是哪天 → 2024-01-29): what 那天 points at
    figures: dict[str, float] = field(default_factory=dict)  # a one-row answer's numbers by column (收盘价, 涨跌幅)
    table: dict[str, list[float]] = field(default_factory=dict)  # a few-row answer's number columns (这些占比加起来)
    totalled: bool = False  # its answer was a figure over the rows of a turn before (平均呢 then is over those again)
    leader: bool = False  # every row shown, the one a superlative asked for first (各板块涨跌幅，并指出最大的)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Turn":
        d = dict(d)
        d["named"] = [Named(**x) for x in d.get("named", [])]
        d["answered"] = [Named(**x) for x in d.get("answered", [])]
        d["others"] = [Named(**x) for x in d.get("others", [])]
        return cls(**d)


@dataclass
class Resolution:
    question: str  # self-contained
    kind: str  # new | reset | entity | time | property | shape | pronoun | plural | among | against | arithmetic | compared
    clarify: str | None = None  # the question back, when a reference points at nothing
    arithmetic: tuple[str, int, int] | None = None  # (op, index of left turn, index of right turn)
    column: str | None = None  # …of the figures each answer showed, this column's (收盘价 beside 涨跌幅)
    stranded: bool = False  # worded as a follow-up (五粮液呢) with no answered turn to lean on
    unmoored: bool = False  # names nothing and leans on nothing, after a turn about something (董事长是谁)
    unsure: bool = False  # another reading was as likely (the one thing answered, or the ranking again)
    then: str | None = None  # asked of the one `question` picks (…最大的那个|关联了哪些公司), its name at PICKED
    repicked: bool = False  # names the one the ranking before picked, said again by its ranking (涨最猛那只)
    place: str | None = None  # 中信证券排第几: the one whose place among the ranked rows before is asked
    over_rows: bool = False  # 这些占比加起来: `column` totalled (averaged, spread) over the rows of the answer before
    order: list[str] | None = None  # 它们各自在哪个省 after a top 5: the names pointed at, rows shown in their order
    said: str | None = None  # the question as typed, its words pointing at an answer's things said by name (前三 → 华海精密、…)
    leaned: int | None = None  # the turn it leans on, when not the latest (这五只 after a turn about fewer)


class Resolver:
    def __init__(self, lexicon, packs, trust: float = TRUST):
        self.lexicon, self.lang, self.schema = lexicon, packs.lang, packs.schema
        self.trust = trust  # the engine's line: a turn below it is no sure list to point back to
        lang = self.lang
        # how a rewritten question is cut and joined: the pack's words (的 / 中 in Chinese)
        self._ends, self._seps = lang.sentence_ends + " ", lang.separators + " "
        self._of_word, self._among_word = lang.glue("of"), lang.glue("among")
        vocab = self.lang.references.get("follow_up") or {}
        self.words = {k: sorted(map(str, vocab.get(k) or ()), key=len, reverse=True)
                      for k in ("it", "person", "they", "pair", "among", "inside", "definite", "previous", "lead", "tail", "further",
                                "superlatives", "which", "same_time", "others", "against", "periodic", "reset", "changed",
                                "moved", "picked", "joined", "weak", "that_time", "that_day", "place", "clause_tail", "mine",
                                "names_it", "periods_counted", "ourselves", "bounds", "listing", "that_figure", "set_against",
                                "bare_extremes")}
        self._ourselves_said = re.compile(str(vocab["ourselves_said"])) if vocab.get("ourselves_said") else None
        self._ourselves = re.compile("|".join(map(re.escape, self.words["ourselves"]))) if self.words["ourselves"] else None
        self.counted = {str(k): int(v) for k, v in (vocab.get("counted") or {}).items()}
        self.nth = {str(k): int(v) for k, v in (vocab.get("nth") or {}).items()}
        self._class = re.compile(str(vocab["share_class"])) if vocab.get("share_class") else None
        self._picked_bare = re.compile(str(vocab["picked_bare"])) if vocab.get("picked_bare") else None
        units = [str(u) for u in vocab.get("nth_units") or ()]
        self._count_units = "".join(units)  # 三家: a count of things said with one of these
        between = f"(?:{lang.alternation(vocab['nth_between'])})?" if vocab.get("nth_between") else ""
        self._nth = re.compile(f"({lang.alternation(self.nth)}){between}({lang.alternation(units)})") \
            if self.nth and units else None
        self.nth_ranks = {str(u) for u in vocab.get("nth_ranks") or ()}
        first_n = {str(k): int(v) for k, v in (vocab.get("first_n") or {}).items()}
        among = lang.alternation(self.words["among"]) if self.words["among"] else ""
        self._first_n = (re.compile(f"^(?:{among})?({lang.alternation(first_n)})(?:{lang.alternation(units)})?"), first_n) \
            if first_n and units else None
        self.words["they"] = sorted([*self.words["they"], *self.counted], key=len, reverse=True)
        self.patterns = {k: re.compile(lang.alternation(ws, in_order=True)) for k, ws in self.words.items() if ws}
        no_lead = f"(?!{vocab['lead_not']})" if vocab.get("lead_not") else ""
        self._lead = re.compile(f"^{no_lead}(?:{lang.alternation(self.words['lead'], in_order=True)})")
        self._tail = re.compile(f"(?:{lang.alternation(self.words['tail'], in_order=True)})$")
        # 泸州老窖呢 同一段时间: a tail word closing the first clause, more words after it
        seps = re.escape(self._ends + self._seps)
        self._clause_tail = re.compile(f"(?:{lang.alternation(self.words['clause_tail'])})(?=[{seps}]+\\S)") \
            if self.words["clause_tail"] else None
        # 这几只里: several pointed at, then an inside word
        self._scales = [re.compile(str(p)) for p in (lang.words.get("answer_scales") or {})]
        counted_any = str(vocab.get("counted_any") or "")  # 这5个里: so many pointed at, any number
        self._they_inside = re.compile(f"(?:{lang.alternation(self.words['they'], in_order=True)}"
                                       f"{'|' + counted_any if counted_any else ''})"
                                       f"(?:{lang.alternation(self.words['inside'], in_order=True)})") \
            if self.words["they"] and self.words["inside"] else None
        counted = (lang.words or {}).get("asks_count")
        self._asks_count = re.compile(str(counted)) if counted else None
        # the kinds whose things have members (a board's stocks): 这家银行 names a group, no one thing
        self._groups = {t for e in self.schema.edges.values() if e.members for t in e.targets}
        # rows with a change measure: their change (涨了没) and the figure words they show (收盘价)
        moving = {k: lab for k, lab in self.schema.labels.items() if lab.measures.get("change")}
        self._changes = {f"{k}.{lab.measures['change']}" for k, lab in moving.items()}
        self._row_words = [{p.description for p in lab.properties.values() if p.description} for lab in moving.values()]
        self.same_period = {str(k): str(v) for k, v in (vocab.get("same_period") or {}).items()}
        self.arithmetic = {op: sorted(map(str, ws or ()), key=len, reverse=True)
                           for op, ws in (vocab.get("arithmetic") or {}).items()}
        self.over_rows = {op: re.compile("|".join(map(str, ps))) for op, ps in (vocab.get("over_rows") or {}).items()}
        self.arithmetic_also = {op: [str(w) for w in ws or ()] for op, ws in (vocab.get("arithmetic_also") or {}).items()}
        # a report row's year and quarter are its keys, not figures to total
        self._period_words = {p.description for lab in self.schema.labels.values() for prop in lab.period.values()
                              if (p := lab.properties.get(prop)) is not None and p.description}
        self._mapped: tuple = (None, [])  # the last reading and its units (rules ask for them often)
        prices = [lab.properties.get(lab.measures.get("price", "")) for lab in self.schema.labels.values() if lab.measures]
        # the columns a price is shown in (收盘价): what 差多少 of two bare prices subtracts
        self._price_words = {w for p in prices if p is not None and p.description
                             for w in (p.description, lang.label_word(p.description))}
        self._pointed: Turn | None = None  # the ranked answer a place word (第一名, 前三) named things of
        self._pointed_first: list[str] | None = None  # …the first few it named (前三), in its order

    # ---- the rules, in order ---------------------------------------------
    def resolve(self, question: str, history: list[Turn], today: dt.date, calendar=None) -> Resolution:
        typed, self._pointed, self._pointed_first = question, None, None
        instead = self.lexicon.taken_back(question) if history else None
        if instead is not None:  # 不对 我想看的其实是银行板块: the turn before, with this said instead (那银行板块呢)
            question = instead
        for named in (self._as_ourselves, self._on_that_day, self._that_figure, self._nth_answered, self._first_answered,
                      self._other_class):
            # a day or a thing (things) of an answer before, by name
            question = named(question, history)
        question = self._ranked_then(question, today, calendar)
        res = self._resolve(question, history, today, calendar)
        if question != typed and res.said is None:
            res.said = question  # 前三分别属于哪个行业: the ranking word named its things, it ranks nothing
        if self._pointed_first and res.order is None:
            res.order = self._pointed_first  # …and its rows are shown in the ranking's order
        return res

    def _resolve(self, question: str, history: list[Turn], today: dt.date, calendar=None) -> Resolution:
        ex = self._extract(question, today, calendar)
        if ex is None:  # 换成兴业银行: the lead word glued to the name; read the rest
            rest = self._strip_markers(question)
            ex = self._extract(rest, today, calendar)
            q = question
            if ex is None and self._unknown_alone(rest, today, calendar):
                return Resolution(question, "new")  # What about Adidas?: a name the KG lacks, asked as typed
        else:
            q = ex.question
        if not history:  # the first turn leans on nothing (a reference alone is the engine's to ask back)
            return Resolution(question, "new")
        if self._advice_alone(q, ex) or self._future_alone(q, ex, today):
            # 我要不要卖掉算了 after a stock's day: advice asked, no KG question
            return Resolution(question, "new")
        prev = _latest(history)
        if self._find(q, "reset") is not None:  # 换个问题 …: leans on nothing
            return Resolution(question, "reset" if history else "new")
        # (over the words as typed: a total the reading drops, 四个季度加起来, is still asked)
        arith = self._over_rows(question, ex, history) or self._arithmetic(q, ex, history) or self._placed(q, ex, history)
        if arith is not None:
            return arith
        grown = self._grown(q, ex, history, calendar) or self._regrown(q, ex, prev) or \
            self._grown_since(q, ex, _same_quarter(ex, history) or prev)
        if grown is not None:
            return grown
        against = self._against(q, ex, prev)
        if against is not None:
            return against
        grouped = self._grouped(q, ex, prev) or self._listed_with(q, ex, prev)
        if grouped is not None:
            return grouped
        ranked = self._ranked_opposite(q, prev) \
            or self._ranked_among(q, ex, self._narrowed_from(prev, history), history[-1] is prev, history) \
            or self._ranked_again(q, ex, history, prev) or self._ranked_inside(q, ex, prev)
        if ranked is not None:
            return ranked
        if prev is not None and self._joins(q, ex, prev):  # add PayPal, compare that with Citi's: both
            return self._joined_ask(q, ex, prev) or self._ellipsis(q, ex, prev)
        compared = self._compared(q, ex, prev) or self._set_against_before(q, ex, prev, today, calendar)
        if compared is not None:
            return compared
        ref = self._reference(q, ex if ex is not None and ex.question == q else None)
        if ref is not None and ref[0] == "they" and not history[-1].ok \
                and not self._named_unanswered(history, ref[0], ref[3], ex)[0]:
            # 这几只里面哪只最大 after a turn that got no answer: the ones it was to list — asked back
            return Resolution(q, "plural", clarify=self.lang.say("followup.unresolved", word=self._unglued(q[ref[1]:ref[2]])))
        if ref is not None:
            return self._point(q, ref, history, prev, ex, when=(today, calendar))
        pair = self._which_of_two(q, ex, history)
        if pair is not None:
            return pair
        anew = self._ranked_anew(q, ex, prev) or self._each_listed(q, ex, self._listed_before(prev, history)) \
            or self._link_of_before(q, ex, prev) \
            or self._rows_of_before(q, ex, prev)
        if anew is not None:
            return anew
        if prev is not None and self._leans(q, ex):
            whole = self._whole(q, ex, history)
            res = whole if whole is not None else self._ellipsis(q, ex, prev)
            # 五粮液呢 也这么算 after a difference of two answers: the question before it is
            # asked again, not the arithmetic — unsure
            return replace(res, unsure=True) if history[-1].computed else res
        narrowed = self._narrowed(q, ex, prev)
        if narrowed is not None:
            return narrowed
        owned = (self._whole(q, ex, history) or self._owned(q, ex, history)) if prev is not None else None
        if prev is None and history and self._marked(q):  # 那五粮液呢 after turns that got no answer
            return Resolution(self._strip_markers(q) or q, "reset", stranded=True)
        if owned is not None:
            return owned
        # 董事长是谁 / 持股超5%的股东有哪些 after a turn about a stock, read of no thing: of every one — unsure
        unmoored = ex is not None and prev is not None and bool(prev.named or prev.answered) and not ex.of("entity")
        return Resolution(question, "reset" if history else "new", unmoored=unmoored)

    def _as_ourselves(self, q: str, history: list[Turn]) -> str:
        """今天我们在建材板块里排第几 after 我们是海螺水泥…: the asker's own company, by name."""
        if self._ourselves_said is None or self._ourselves is None:
            return q
        own = next((t.named[0].name for t in history if t.named and self._ourselves_said.search(t.question)), None)
        said = self._ourselves.search(q) if own else None
        if said is None or self._ourselves_said.match(q, said.start()):
            return q
        return q[:said.start()] + own + q[said.end():]

    def _on_that_day(self, q: str, history: list[Turn]) -> str:
        """那天成交量多少 after 最高价是哪天: the day the answer before showed, by its date."""
        m, prev = self._find(q, "that_day"), _latest(history)
        if m is None or prev is None or not prev.day:
            return q
        # …of the one thing it ranked the days of (那天涨了几个点 after 紫金矿业哪天量最大): a question of its own
        owner = prev.named[0].name if len(prev.named) == 1 and prev.ranked and prev.named[0].name not in q else ""
        return q[:m.start()] + owner + prev.day + q[m.end():]

    def _that_figure(self, q: str, history: list[Turn]) -> str:
        """化工板块里谁的这个指标最高 after 存货周转率呢: the figure the turn before asked, by its words."""
        m, prev = self._find(q, "that_figure"), _latest(history)
        asked = [x["text"] for x in prev.mentions if x["kind"] == "property"] if m is not None and prev else []
        return q[:m.start()] + asked[-1] + q[m.end():] if asked else q

    def _nth_answered(self, q: str, history: list[Turn]) -> str:
        """第二个呢 / 第三名Q3多少 after a ranking that listed several things (one of the last
        few turns): that row's thing, by name."""
        m = self._nth.search(q) if self._nth is not None else None
        k = self.nth.get(m.group(1)) if m is not None else None
        if k is None:
            return q
        recent = [t for t in history if t.ok and not t.computed][-OWNER_TURNS:]
        kind = self._kind_after(q, m.end())  # 第二个经理: of the latest list of managers
        kinded = [t for t in history if t.ok and not t.computed and t.answered
                  and t.answered[0].label == kind][-RANK_TURNS:] if kind is not None else []
        if kinded:  # (a list of its kind further back than the thing under discussion)
            recent = kinded
        else:  # 第一个董事长是谁 after a list of companies: no list of chairmen, the first company's
            kind = None
        # the latest list that long, as it was shown (第一个); a rank (第一名) only of a ranked one
        if m.group(2) in self.nth_ranks:  # 第三名: the latest ranked list that long (a rank names its list further back)
            ranked = [t for t in history if t.ok and not t.computed][-RANK_TURNS:]
            listed = next((t for t in reversed(ranked) if t.ranked and len(t.answered) >= max(2, abs(k))
                           and (kind is None or t.answered[0].label == kind)), None)
        else:  # 第一只: of the latest list shown (one row is a pick, no list); an empty one points at nothing
            lists = [t for t in reversed(recent) if t.listed and not t.counted and t.rows != 1]
            listed = lists[0] if lists and len(lists[0].answered) >= max(2, abs(k)) else None
        row = listed.answered[k - 1 if k > 0 else k] if listed is not None else None  # 最后: -1, counted from the end
        if row is None:
            return q
        self._pointed = listed
        head = q[:m.start()]
        among = next((w for w in self.words["among"] if head.rstrip().endswith(w)), None)
        if among is not None:  # 其中第一个: that one, no longer among the others
            head = head.rstrip()[:-len(among)]
        return head + row.name + q[m.end():]

    def _kind_after(self, q: str, at: int) -> str | None:
        """The kind of thing said right after a place word (第二个经理 → fund_manager), if any."""
        ex = self._extract(q[at:], dt.date.today(), None)
        first = min(ex.mentions, key=lambda x: x.start) if ex is not None and ex.mentions else None
        if first is None or first.kind != "label" or q[at:at + first.start].strip():
            return None  # (第一只的基金经理: a thing of that one's, not the list's kind)
        return first.targets[0] if first.targets else None

    def _first_answered(self, q: str, history: list[Turn]) -> str:
        """前三分别属于哪个行业 after a ranked list: its first rows' things, by name."""
        m = self._first_n[0].match(q) if self._first_n is not None else None
        if m is None:
            return q
        k = self._first_n[1][m.group(1)]
        ranked = [t for t in history if t.ok and not t.computed][-RANK_TURNS:]
        listed = next((t for t in reversed(ranked) if t.ranked and len(t.answered) > k), None)
        if listed is None:
            return q
        self._pointed, self._pointed_first = listed, [n.name for n in listed.answered[:k]]
        return self._join(self._pointed_first) + q[m.end():]

    def _ranked_then(self, q: str, today: dt.date, calendar) -> str:
        """最后一名跌了多少 after 今年以来…区间涨幅，排个名: a thing of a ranking over a period,
        asked with no time of its own, asked over that period."""
        listed = self._pointed
        if listed is None or not listed.ranked:
            return q
        times = [m for m in listed.mentions if m["kind"] == "time"]
        ex = self._extract(q, today, calendar)
        if len(times) != 1 or ex is None or ex.of("time") or not ex.of("entity"):
            return q
        first = min(ex.of("entity"), key=lambda m: m.start)
        return ex.question[:first.start] + times[0]["text"] + ex.question[first.start:]

    def _other_class(self, q: str, history: list[Turn]) -> str:
        """C类呢 / 跟C类比 after a turn about one share class of a thing: its other class, by name;
        A的经理 after a turn about both classes (named, or the rows of 招商消费升级混合): that one."""
        m, prev = self._class.search(q) if self._class is not None else None, _latest(history)
        if m is None or prev is None:
            return q
        letter = _class_letter(m)
        for n in prev.named or (prev.answered if len({a.name[:-1] for a in prev.answered}) == 1 else []):
            other = n.name[:-1] + letter
            if n.name[-1:].isascii() and n.name[-1:].isalpha() and self.lexicon.named(other):
                again = q[m.end():]  # 是A的，A类那个: the class said twice, named once
                if all(_class_letter(x) == letter for x in self._class.finditer(again)):
                    again = self._class.sub("", again)
                return q[:m.start()] + other + again
        return q

    def _against(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """比昨天高还是低 right after 白酒板块今天平均涨了多少: naming nothing but
        another time to compare with, it asks the question before against that time."""
        if ex is None or prev is None or any(m.kind in ("entity", "label", "property", "edge") for m in ex.mentions):
            return None
        units = self._units(ex)
        if not any(u.kind == "growth" and u.params.get("kind") == "vs" for u in units):
            return None
        rest = self._strip_markers(q) or q
        if len(ex.of("time")) >= 2 and len(prev.named) == 1:
            # 那今天比昨天涨了百分之几 after 茅台昨天收了多少: both days said — of that thing, as asked
            return Resolution(self.lang.say("followup.owned", owner=prev.named[0].name, question=rest), "owned")
        return Resolution(self.lang.say("followup.against", question=prev.resolved, against=rest), "against")

    def _grown(self, q: str, ex, history: list[Turn], calendar=None) -> Resolution | None:
        """环比增长多少 right after two turns asking one figure of one thing at two
        times (招行三季度赚了多少, 二季度呢): the later time against the earlier —
        and 涨了百分之几 when the two are not trading days one after the other."""
        if not self._growth_only(ex):
            return None
        last = [t for t in history if t.ok and not t.computed][-2:]
        if len(last) < 2 or any(len(t.values) != 1 for t in last) or not last[0].named \
                or set(last[0].named) != set(last[1].named):
            return None
        times = [[m for m in t.mentions if m["kind"] == "time" and m.get("time")] for t in last]
        if not all(times) or times[0][0]["time"]["start"] == times[1][0]["time"]["start"] \
                or any(t[0]["time"]["kind"] not in GROWN_TIMES for t in times):
            return None
        late = 0 if times[0][0]["time"]["start"] > times[1][0]["time"]["start"] else 1
        if self._find(ex.question, "changed") is None and _next_days(times[1 - late][0]["time"]["start"],
                                                                     times[late][0]["time"]["start"], calendar):
            return None  # 昨天收盘多少, 今天呢, 涨了百分之几: today's own change
        then = self._moved(times[1 - late], "years", 0)
        if then is None:
            return None
        return Resolution(self.lang.say("followup.grown", question=last[late].resolved, time=then), "against")

    def _regrown(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """同比呢 / 跟22年三季度比呢 right after a growth (环比增长多少): the same growth
        against the other period."""
        if prev is None or not prev.growth or ex is None or ex.of("entity") or ex.of("property") \
                or self._find(q, "which") is not None:
            return None  # which grew faster: of the two things before
        units = self._units(ex)
        growth = next((u for u in units if u.kind == "growth"), None)
        times = ex.of("time")
        if growth is not None and growth.params.get("kind") == "span" and not times:
            # by what percent, after a change: the change shows it; percentage decline: the fall, its
            # R&D fall too: that figure's
            a, b = prev.growth[0]
            word, was = ex.question[growth.span[0]:growth.span[1]], prev.resolved[a:b].split(" ", 1)
            edits = [(a, a + len(was[0]), word)] if growth.params.get("dir") == "down" and len(was) == 2 else []
            figures = [m for m in ex.of("value") if self._measures(m.targets)]
            old = [m for m in prev.mentions if self._measure_said(m) and m["end"] <= a]
            if len(figures) == 1 and len(old) == 1:
                edits.append((old[0]["start"], old[0]["end"], figures[0].text))
            return Resolution(_apply(prev.resolved, edits, not self.lang.script), "against")
        if growth is not None:
            new = ex.question[growth.span[0]:growth.span[1]]
        elif len(times) == 1 and self._find(q, "against") is not None:
            new = self.lang.say("followup.grown_against", time=times[0].text)
        else:
            return None
        a, b = prev.growth[0]
        return Resolution(prev.resolved[:a] + new + prev.resolved[b:], "against")

    def _grown_since(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """同比呢 跟22年二季度比 right after one figure at one time (宁德时代23年二季度净利润):
        its growth since the time said, not the figure at that time instead."""
        if prev is None or not prev.ok or prev.growth or ex is None or self._find(q, "against") is None \
                or not (self._growth_only_but_time(ex) or self._only_a_time(ex)) or len(ex.of("time")) != 1:
            return None
        before = [m for m in prev.mentions if m["kind"] == "time" and m.get("time")]
        if len(before) != 1 or before[0]["time"]["kind"] not in GROWN_TIMES:
            return None
        return Resolution(self.lang.say("followup.grown", question=prev.resolved, time=ex.of("time")[0].text), "against")

    def _only_a_time(self, ex) -> bool:
        """跟三季度比呢: a time to weigh against, and nothing else said or asked."""
        return all(m.kind == "time" for m in ex.mentions) and not self._units(ex)

    def _growth_only_but_time(self, ex) -> bool:
        """A growth asked (同比, 增长多少) and nothing named but a time (比昨天高还是低 weighs the
        question before against a day: `_against`'s)."""
        growths = [u for u in self._units(ex) if u.kind == "growth"]
        return bool(growths) and not any(u.params.get("kind") == "vs" for u in growths) and \
            not any(m.kind in ("entity", "property", "label", "value") for m in ex.mentions)

    def _ungrown(self, prev: Turn) -> list[tuple[int, int, str]]:
        """Edits taking the growth out of the question before, with the asking words
        and the comma that went with it (…赚了多少，比二季度增长多少)."""
        text, edits = prev.resolved, []
        for a, b in prev.growth:
            if self._said_all(text[b:]):
                b = len(text)
            while a > 0 and text[a - 1] in self._seps:
                a -= 1
            edits.append((a, b, ""))
        return edits

    def _asks(self, q: str) -> bool:
        """Does the question say its own asking word (多少, 是多少 — not a filler, not 呢)?"""
        fillers = self.lang.fillers
        for w in self.words["tail"]:  # 也这么算一下: the marker asks the same, not something of its own
            if q.endswith(w):
                q = q[:-len(w)]
                break
        q = self._lead.sub("", q.strip(), count=1)  # and Alphabet's?: a lead word asks nothing of its own
        return any(not fillers.words.fullmatch(m.group()) and m.group() not in self.words["tail"]
                   and any(c.isalnum() for c in m.group()) for m in fillers.asking.finditer(q))

    def _growth_only(self, ex) -> bool:
        """The question asks a growth (环比增长多少, 同比呢, 变了多少) and names nothing else."""
        if ex is None:
            return False
        changed = self._find(ex.question, "changed") or self._find(ex.question, "moved")  # 涨了百分之几: its own rise word
        if any(m.kind in ("entity", "property", "time", "label") and not (changed and changed.start() <= m.start
                                                                          and m.end <= changed.end())
               for m in ex.mentions):
            return False
        return changed is not None or \
            any(u.kind == "growth" for u in self._units(ex))

    def _grouped(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """按上市板块分一下 right after 今天有多少只涨停: the count before, one per group."""
        if ex is None or prev is None or not prev.counted \
                or any(m.kind in ("entity", "time", "value") for m in ex.mentions):
            return None
        group = next((u for u in self._units(ex) if u.kind == "group"), None)
        if group is None:
            return None
        return Resolution(self.lang.say("followup.grouped", group=ex.question[group.span[0]:group.span[1]],
                                        question=prev.resolved), "shape")

    def _listed_with(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """都列一下吧，附上今天收盘价 right after 白酒板块有几只股票: the things counted, listed,
        with what the next clause asks of each (not a figure of the board)."""
        if ex is None or prev is None or not prev.counted or ex.of("entity"):
            return None
        cut = next((i for i, c in enumerate(q) if c in self._seps), None)
        said = self._find(q, "listing")
        if cut is None or said is None or said.end() > cut or any(m.start < cut for m in ex.mentions) \
                or not any(m.kind == "property" for m in ex.mentions):
            return None
        return Resolution(self._reshaped(prev, q[said.start():]), "shape")

    def _which_of_two(self, q: str, ex, history: list[Turn]) -> Resolution | None:
        """谁的注册资本大 / 哪个涨得多 right after two turns each about one thing of
        the same kind (宁德时代…, 比亚迪呢): which of those two."""
        if ex is None or any(m.kind == "entity" for m in ex.mentions) or self._find(q, "which") is None:
            return None
        if not any(u.kind in RANKING_UNITS for u in self._units(ex)):
            return None  # 它属于哪个板块, 那个经理是谁: which one, not which of the two
        last = [t for t in history if t.ok and not t.computed][-2:]
        if last and len(last[-1].named) == 2 and not last[-1].ranked:  # 这礼拜谁涨的多 after 俩差多少钱: those two
            last = [last[-1], last[-1]]  # (the one turn stands for both below)
            a, b = last[0].named
        elif len(last) < 2 or any(len(t.named) != 1 for t in last):
            return None
        else:
            a, b = last[0].named[0], last[1].named[0]
        if a.label != b.label or a.name == b.name:
            return None
        grown = [m for m in last[1].mentions if m["kind"] == "entity"]
        if last[1].growth and len(grown) == 1:  # which grew faster, after two growths: both, between those years
            text = _apply(last[1].resolved, [(grown[0]["start"], grown[0]["end"], self._join([a.name, b.name]))],
                          not self.lang.script)
            return Resolution(self._cat(text, self._strip_markers(q)), "plural")
        # 那谁表现好: what was asked before, or a figure of its own asked when the one before was
        asked = self._carried(last[1], ex, self._of_word) or self._then(last[1], ex)
        names = self._cat(self._join([a.name, b.name]), asked)
        return Resolution(self._cat(names, self._strip_markers(q)), "plural")

    def _compared(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """茅台比五粮液多多少 / 茅台和五粮液哪个高 after a figure of them: two names of the kind
        discussed compared with no figure of their own — the figure before, and when."""
        if ex is None or prev is None or self._marked(q) or not prev.named:
            return None
        ents = ex.of("entity")
        kinds = {n.label for n in prev.named}
        if len(ents) < 2 or not all(any(r.label in kinds for r in m.entities) for m in ents):
            return None
        if not any(u.kind in COMPARING_UNITS for u in self._units(ex)):
            return None
        asked = self._carried(prev, ex, self._of_word)
        if not asked:
            return None
        at = ents[-1].end
        return Resolution(q[:at] + asked + q[at:], "compared")

    def _set_against_before(self, q: str, ex, prev: Turn | None, today: dt.date, calendar) -> Resolution | None:
        """比招行今日的收盘价低多少 / 跟比亚迪比谁成交量大 after a figure of one thing: naming one other
        thing of its kind after a comparing word, it sets the thing before against it (and asks
        what was asked before, then, where it names no figure of its own)."""
        if ex is None or prev is None or len(prev.named) != 1 or not self.words["set_against"]:
            return None
        ents, before = ex.of("entity"), prev.named[0]
        if len(ents) != 1 or before.name in {e.name for e in ents[0].entities} \
                or before.label not in {e.label for e in ents[0].entities}:
            return None
        rest = self._strip_markers(q) or q
        if not any(rest.startswith(w) for w in self.words["set_against"]) \
                or not any(u.kind in COMPARING_UNITS for u in self._units(ex)):
            return None  # 和比亚迪呢: that one asked the same, not set against
        both = before.name + rest
        ex2 = self._extract(both, today, calendar)
        return self._compared(both, ex2, prev) or Resolution(both, "compared")

    def _whole(self, q: str, ex, history: list[Turn]) -> Resolution | None:
        """这个月平均每天成交多少股 after a turn about 比亚迪: a question complete but
        for whom (its own property and its own time) is about the thing under
        discussion, as asked — not spliced into the question before; so is
        男的女的 (two values of one property: which one it is)."""
        if ex is None or self._marked(q):
            return None
        either = bool(_either(ex.mentions))
        if not (ex.of("property") and ex.of("time")) and not either:
            return None
        return self._owned(q, ex, history, asked=either)

    def _narrowed(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """利空的是哪条 right after 五粮液最近有啥新闻: a value of the listed (or counted)
        things themselves (or of their link to what was named) narrows that list."""
        if ex is None or prev is None or prev.listed is None or prev.rows < 2 and not self._counted_some(prev):
            return None  # a list, or a count of some things (今天有涨停的么 after 券商板块多少只票)
        listed = {prev.listed}
        # 哪个是债券基金: the listed kind's own word said with the value is still the list before
        if any(m.kind == "entity" or m.kind == "label" and not listed & set(m.targets) for m in ex.mentions):
            return None
        values = [m for m in ex.mentions if m.kind == "value"]
        if not values or not all(any(self._of(t.split(".")[0], listed) for t in m.targets) for m in values):
            return None
        if prev.rows < 2 and (any(m.text in prev.resolved for m in values) or
                              self._asks_count is not None and self._asks_count.search(q)):
            return None  # 昨天涨停的有几只 after 今天有多少只涨停: the count asked again, of another day
        if prev.rows >= 2 and self._swap_values(q, ex, prev):
            return None  # 利好 几条 after …利空 (a list): another value of what it was picked by, not a narrowing
        rest = self._strip_markers(q)
        return Resolution(self._reshaped(prev, rest), "among") if rest else None

    def _of(self, owner: str, labels: set[str]) -> bool:
        """Is `owner` (a label or an edge) one of these labels, an edge that ends at one, or
        their own dated rows (a stock's 日行情: 今天有涨停的么 after 券商板块的股票)?"""
        edge = self.schema.edges.get(owner)
        if owner in labels or (edge is not None and bool(labels & (set(edge.sources) | set(edge.targets)))):
            return True
        rows = self.schema.labels.get(owner)
        return rows is not None and rows.dynamic and any(
            labels & set(e.sources) and owner in e.targets for e in self.schema.edges.values())

    def _ranked_among(self, q: str, ex, prev: Turn | None, last: bool = True, history=()) -> Resolution | None:
        """其中规模最大的是哪只 / 哪只持仓占比最高 right after a list: the question
        before, ranked — so what it was about (持有宁德时代的, 今天) stays with it.
        Not when the question before ranked already, nor for another kind of thing."""
        if ex is None or prev is None or any(m.kind == "entity" for m in ex.mentions):
            return None
        if not any(u.kind in RANKING_UNITS for u in self._units(ex)):
            return None
        cut = self._then_at(q, ex)  # 上游里面规模最大的那个|关联了哪些公司: the ranking, then a question of the one
        if cut is not None and prev.ranked and len(prev.answered) == 1:
            # 涨最猛那只今天成交量多少 right after 谁涨最猛: the one it picked, asked on (涨最好那个 after the
            # best and then the worst: the one the turn saying those words picked)
            bare = self._picked_bare.search(q[:cut]) if self._picked_bare is not None else None
            said = q[:bare.start()] if bare is not None else ""
            picked = self._described_turn(said, prev.answered[0].label, history) or prev.answered
            return Resolution(self._cat(picked[0].name, q[cut:]), "pronoun", repicked=True)
        # 规模最大的是哪只 after 王明管几只基金: among those counted (这几只 says which ones itself); after a
        # count that narrowed a list before (其中银行股几家), writers rank that list — not this count
        counted = prev.counted and prev.number == 1 and last and self._find(q, "they") is None \
            and self._find(q, "pair") is None
        # 里面最大的那只 after 这两只规模平均多少: one figure over the things it named — among those
        over_named = prev.rows == 1 and bool(prev.values) and not prev.answered and self._find(q, "among") is not None \
            and len({n.label for n in prev.named}) == 1 < len(prev.named)
        if len(prev.answered) < 2 and not counted and not over_named:
            return None
        head = [m for m in ex.mentions if cut is None or m.end <= cut]
        labels = {n.label for n in prev.answered}
        if any(m.kind == "label" and not labels & set(m.targets) for m in head):
            return None  # 这些基金里规模最大的经理: the managers, not the funds
        ranking = q[:cut] if cut is not None else q
        bare = self._picked_bare.search(ranking) if self._picked_bare is not None and cut is not None else None
        if bare is not None and bare.end() == len(ranking):
            ranking = ranking[:bare.start()]  # 比例最高那家|董事长是谁: the ranking (那家 would point back again)
        they = self._find(ranking, "they")  # 这几个今天谁涨得最多, 在这些上游产业当中
        if they is not None and they.start() and they.group() in self.counted and not prev.ranked:
            return None  # 把这五只按涨跌幅排一下: so many pointed at inside the question, put in their names
        pointers = (self._find(ranking, "among"), self._those_inside(ranking), they)
        among = min(filter(None, pointers), key=lambda m: m.start(), default=None)  # 这几个(里面): the pointing word goes too
        if prev.ranked:
            if among is None or not last or len(prev.answered) < 2:
                return None
            # 这5个里成立最早的 after the five largest: among those five, by name — not the ranking redone
            rest = self._strip_markers(ranking[:among.start()] + ranking[among.end():])
            return Resolution(self._join([n.name for n in prev.answered]) + self._among_word + rest, "among") \
                if rest else None
        if among is not None and not last:
            return None  # 这几只里面 after a turn that got no answer: which ones is asked back
        # a kind or edge word before it (上游里面) names the list before: said once, by that list
        named = among is not None and among.start() > 0 and any(
            m.kind in ("edge", "label") and m.start == 0 and m.end == among.start() for m in ex.mentions)
        rest = self._strip_markers(ranking[among.end():] if named else
                                   ranking[:among.start()] + ranking[among.end():] if among else ranking)
        measured = any(m.kind == "property" for m in head) or \
            self._measure_words(ex, self._units(ex))
        if not rest:
            return None
        # 其中持股最多的那个还持有哪些公司: the others-word leaves out what the turn before named
        then = self._besides(q, prev, [], ex, PICKED + q[cut:]) if cut is not None else None
        return Resolution(self._reshaped(prev, rest, unasked=bool(measured)), "among", then=then)

    def _rows_of_before(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """板块指数本月表现如何 after a turn about one board: a word for the daily rows of the kind of
        thing the turn before named, nothing named — that thing's rows."""
        if ex is None or prev is None or len(prev.named) != 1 or not prev.ok or ex.of("entity") or ex.of("value"):
            return None
        labels = [t for m in ex.of("label") for t in m.targets]
        own = {h.dst for h in self.schema.neighbours(prev.named[0].label) if self.schema.labels[h.dst].dynamic}
        if not labels or not set(labels) <= own:
            return None
        rest = ex.question
        for m in sorted(ex.of("label"), key=lambda m: -m.start):  # its rows are the owner's own: the word goes
            rest = rest[:m.start] + rest[m.end:]
        rest = self._strip_markers(rest) or rest
        return Resolution(self._cat(prev.named[0].name, rest), "property")

    def _link_of_before(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """茅台占百分之几 after a turn about one fund: a figure of a link (a holding's share)
        between the thing named now and the one the turn before was about."""
        if ex is None or prev is None or len(prev.named) != 1 or not prev.ok:
            return None
        ents = ex.of("entity")
        labels = {r.label for m in ents for r in m.entities}
        before = prev.named[0]
        if len(ents) != 1 or len(labels) != 1 or before.label in labels or before.name in q:
            return None
        links = [self.schema.edges[t.split(".")[0]] for m in ex.of("property") for t in m.targets
                 if t.split(".")[0] in self.schema.edges]
        if not links or not any({*labels, before.label} <= {*e.sources, *e.targets} for e in links):
            return None
        return Resolution(self.lang.say("followup.owned", owner=before.name, question=self._strip_markers(q) or q),
                          "entity")

    @staticmethod
    def _listed_before(prev: Turn | None, history: list[Turn]) -> Turn | None:
        """The turn that listed the things the latest turns are about (规模合计 after 各自规模 after the
        top five funds: those five)."""
        if prev is None or len(prev.answered) >= 2:
            return prev
        lists = [t for t in history if len(t.answered) >= 2 and t.ok]
        return lists[-1] if lists and lists[-1].answered[0].name in prev.resolved else prev

    def _each_listed(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """现任董事长分别是谁 after a list of banks: each-words (分别, 各自) with nothing named
        ask of every one the answer before listed."""
        if ex is None or prev is None or len(prev.answered) < 2 or not prev.ok:
            return None
        if any(m.kind in ("entity", "value") for m in ex.mentions) or not ex.of("label") and not ex.of("property"):
            return None
        each = (self.lang.words.get("each_of_several") or ())
        label = prev.answered[0].label
        if not self.lang.says(q, each) or not self._fits(label, ex) \
                or any(label in m.targets for m in ex.of("label")):
            return None  # (这些银行各自…: a kind word of the list's own kind points by itself)
        rest = self._strip_markers(q) or q
        if prev.rows > ROWS_KEPT:  # too many to name: the question before, asked of each
            return Resolution(self._reshaped(prev, rest), "plural")
        names = self._join([n.name for n in prev.answered])
        for w in sorted(each, key=len, reverse=True):  # each one's, named: the each-word says nothing more
            rest = rest.replace(str(w), "")
        return Resolution(self.lang.say("followup.owned", owner=names, question=rest or q), "plural")

    def _ranked_anew(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """(同一天)跌幅最大的是哪只 after a question about one stock: which one of all of its kind,
        at that turn's time — not that one stock again."""
        if ex is None or prev is None or prev.ranked or len(prev.named) != 1 or len(prev.answered) > 1:
            return None
        if any(m.kind in ("entity", "value") for m in ex.mentions) or self._find(q, "which") is None \
                or not any(u.kind in ("extreme", "topk") for u in self._units(ex)) \
                or not any(m.kind in ("label", "property") for m in ex.mentions) \
                or self.lang.says(q, (self.lang.words.get("asks") or {}).get("day", ())):
            return None  # 哪个季度最差 after one stock's quarters: which of those rows
        if any(m.kind == "label" and prev.named[0].label not in m.targets for m in ex.mentions):
            return None  # 经理里谁最年轻: another kind of thing
        then = self._then(prev, ex)
        return Resolution(then + q if then else q, "time" if then else "reset")

    def _narrowed_from(self, prev: Turn | None, history: list[Turn]) -> Turn | None:
        """其中创业板的有几只, then 连续涨停天数最多的是哪只: a count that narrowed the list before —
        a ranking after it ranks that list (by its names, or its question narrowed)."""
        if prev is None or prev.answered or not prev.values or prev.rows != 1:
            return prev  # (持股比例平均多少 after the list: a figure over it, as a count is)
        before = next((t for t in reversed(history) if t.ok and not t.computed and t is not prev
                       and len(t.answered) >= 2 and t.number < prev.number), None)
        if before is None:
            return prev
        narrowed = prev.counted and all(n.name in prev.resolved for n in before.answered[:3]) or \
            bool(prev.values[0][-1]) and prev.resolved.startswith(self._reshaped(before, ""))
        return before if narrowed else prev

    def _those_inside(self, q: str) -> re.Match | None:
        """这几只里, 它们中间: several pointed at, then an inside word — among the answer before."""
        return self._they_inside.search(q) if self._they_inside is not None else None

    def _ranked_opposite(self, q: str, prev: Turn | None) -> Resolution | None:
        """跌最多的呢 after 哪个板块涨最多: the same ranking the other way — not a ranking inside
        the one it picked. Only when the follow-up says nothing but the superlative (and the figure
        ranked before)."""
        if prev is None or not prev.ranked:
            return None
        sup, old = self._find(q, "superlatives"), self._find(prev.resolved, "superlatives")
        if sup is None or old is None or sup.group() == old.group():
            return None
        rest = (self._strip_markers(q) or q).replace(sup.group(), "", 1).replace(self._of_word, "").strip()
        if rest and rest not in prev.resolved[old.end():]:
            return None  # (最低收盘价呢 after 最高收盘价: the figure said again is the same one)
        start, end, said = self._superlative_swapped(sup, old)
        return Resolution(prev.resolved[:start] + said + prev.resolved[end:], "comparison")

    def _ranked_again(self, q: str, ex, history: list[Turn], prev: Turn | None) -> Resolution | None:
        """跌最多的板块呢 after a turn about one board (the one 哪个板块涨最多 picked): the
        ranking of that kind asked again, on its own and then — not inside the one discussed."""
        if ex is None or prev is None or ex.of("entity") or not any(u.kind in RANKING_UNITS for u in self._units(ex)) \
                or self._inside(q, ex) is not None:  # 板块里哪只涨得最多: inside the one discussed
            return None
        labels = {t for m in ex.of("label") for t in m.targets}
        if not labels or not any(n.label in labels for n in prev.named + prev.answered):
            return None
        if (self._reference(q, ex) or ("",))[0] == "definite":
            return None  # 这只基金前三大重仓股: a ranking inside the one pointed at
        for t in reversed(history):
            if t is not prev and t.ok and t.ranked and any(n.label in labels for n in t.answered):
                when = [m["text"] for m in t.mentions if m["kind"] == "time"][:1]
                rest = self._strip_markers(q) or q
                return Resolution(rest if ex.of("time") or not when else self._cat(when[0], rest), "shape")
        return None

    def _then_at(self, q: str, ex) -> int | None:
        """Where a question about the one a ranking picks begins (…最大的那个|关联了哪些公司),
        when it asks something new of that one (an edge or a kind of thing)."""
        m = self._find(q, "picked") or (self._picked_bare.search(q) if self._picked_bare else None) \
            or self._after_ranking(q, ex)
        if m is None or self._said_all(q[m.end():]):
            return None
        ranked_by = {t for x in ex.mentions if x.end <= m.start() and x.kind == "property" for t in x.targets}
        # 占比最大的那只是哪个 占多少: nothing new asked of it; 涨最猛那只成交量多少: a figure of its own
        # (a figure of the link it was ranked by — 占流通股多少 of the holder's stake — stays with the ranking)
        asked = [x for x in ex.mentions if x.start >= m.end() and (
            x.kind in ("edge", "label") or x.kind == "property" and not ranked_by & set(x.targets)
            and all(t.partition(".")[0] in self.schema.labels for t in x.targets))]
        return m.end() if asked else None

    def _after_ranking(self, q: str, ex) -> re.Match | None:
        """哪只最早截止？经理是谁: a clause mark after the ranking's clause — the next clause
        asks of the one picked."""
        ends = [u.span[1] for u in self._units(ex) if u.kind in RANKING_UNITS]
        marks = str(self.lang.words.get("clause_marks") or "")
        return clause_cuts(marks).search(q, min(ends)) if ends and marks else None  # (a space too: 占比最高 经理)

    def _last_time(self, u) -> bool:
        """A ranking by the date of daily rows (上一次涨停): the latest day of one thing's rows."""
        lab = self.schema.labels.get(str(u.params.get("prop", "")).partition(".")[0])
        return u.params.get("by") == "day" and lab is not None and lab.dynamic

    def _owned(self, q: str, ex, history: list[Turn], asked: bool = False) -> Resolution | None:
        """董事长是谁 / 经理是谁 / 有啥利好消息 after a turn about one thing: a question that
        names nothing of its own but asks what that thing has is about it — not
        about every stock. A question that ranks, compares or groups, or asks
        about the thing's own kind again (哪些股票…), is a question of its own."""
        if ex is None or any(m.kind == "entity" for m in ex.mentions):
            return None
        units = self._units(ex)
        last_time = [u for u in units if self._last_time(u)]  # 上一次涨停是哪天: one thing's days, not the market's
        # 涨停的有哪些: a filter alone asks about the market; 有利空吗: a value of a link (how news
        # bears on a stock) is the link of the thing discussed
        linked = any(t.split(".")[0] in self.schema.edges for m in ex.of("value") for t in m.targets)
        if not asked and not last_time and not linked and not self._figure(ex) \
                and not any(m.kind in ("label", "property", "edge") for m in ex.mentions):
            return None
        side = None
        if any(u.kind in OWN_QUESTION_UNITS and u not in last_time for u in units):
            side = self._unsaid_end(ex)  # 第一大重仓今天涨了没: the holder, from before — ranked over its holdings
            if side is None:
                return None
        for turn in [t for t in history if t.ok and not t.computed][-OWNER_TURNS:][::-1]:
            # what the turn was about first (华海化学, not the board its answer named), then its
            # answer — the one a ranking picked first (占比最大的那只 → 这只有啥新闻)
            for pool in (turn.answered, turn.named) if turn.ranked else (turn.named, turn.answered):
                hits = list(dict.fromkeys(n for n in pool if (n.label in side if side else self._fits(n.label, ex))))
                if len(hits) == 1:
                    t = hits[0]
                    if any(m.kind == "label" and t.label in m.targets and not self._a_unit(ex, m) for m in ex.mentions):
                        return None
                    owner = self._cat(t.name, self._then(turn, ex))  # the gross margin is? after its 2023 figures
                    return Resolution(self.lang.say("followup.owned", owner=owner, question=q), "owned")
        return None

    def _a_unit(self, ex, m) -> bool:
        """几万股: the kind's word said as the unit of a figure (shares), right after its number — no thing asked."""
        units = self.lang.words.get("share_units") or ()
        return m.text in units and m.start > 0 and not ex.question[m.start - 1].isspace() and \
            any(m2.kind == "property" and m2.end <= m.start for m2 in ex.mentions)

    def _figure(self, ex) -> bool:
        """Does the question name a figure by its value (a company's concept: the gross
        margin, current liabilities), which is asked of something as a property is?"""
        return any(self._measures(m.targets) for m in ex.of("value"))

    def _measure_said(self, m: dict) -> bool:
        """Is this mention of a turn before a figure named by its value (R&D, revenue)?"""
        return m["kind"] == "value" and self._measures(m.get("targets", ()))

    def _measures(self, targets) -> bool:
        """Do these targets name a figure by its value (a concept's: R&D, revenue)?"""
        labels = self.schema.labels
        return any(labels[o].measure for t in targets if (o := t.split(".")[0]) in labels)

    def _unsaid_end(self, ex) -> set[str] | None:
        """The labels at the end of the question's edge word that it names nothing of
        (最大的重仓的股票: the fund side of 重仓), when the other end is said."""
        edge = next((m for m in ex.mentions if m.kind == "edge"), None)
        if edge is None:
            return self._weighed_end(ex)
        specs = [self.schema.edges[e] for e in edge.targets if e in self.schema.edges]
        sources, targets = ({x for s in specs for x in s.sources}, {x for s in specs for x in s.targets})
        said = {t for m in ex.mentions if m.kind == "label" for t in m.targets}
        if said & targets and not said & sources:
            return sources
        if said & sources and not said & targets:
            return targets
        return None

    def _weighed_end(self, ex) -> set[str] | None:
        """最大的股东是谁 (no edge word, no figure): ranked by how big each one's link is (the
        edge's `weight`), of a thing at the link's other end — the one discussed."""
        said = {t for m in ex.mentions if m.kind == "label" for t in m.targets}
        weighed = [e for e in self.schema.edges.values() if e.weight and said & {*e.sources, *e.targets}]
        own = {e.name for e in weighed}  # 持股多少: a figure of the link itself, asked beside it
        if any(m.kind == "property" and not any(t.partition(".")[0] in own for t in m.targets) for m in ex.mentions):
            return None
        ends = {x for e in weighed for x in (*e.sources, *e.targets)} - said
        return ends or None

    def arithmetic_words(self, q: str) -> list[tuple[str, list[str]]]:
        """Each operation whose words the question says (相差多少, 高多少), each with
        those words — not where a superlative says them (最高多少 asks the highest)."""
        sups = [m.span() for m in self.patterns["superlatives"].finditer(q)] if "superlatives" in self.patterns else []
        out = []
        for op, ws in self.arithmetic.items():
            said = [w for w in ws for m in re.finditer(self.lang.alternation([w]), q)  # whole words, in any case
                    if not any(a <= m.start() < b for a, b in sups)]
            if said:
                out.append((op, said))
        return out

    def dangling(self, ex) -> str | None:
        """A word of a question asked on its own that points back (它, 这些股票,
        那个基金) with no name before it to point at: the words, else None. After
        words that ask (X是谁管的…我要骂他, 有哪些…其中), it points at what they ask."""
        ref = self._reference(ex.question, ex, alone=True)
        asking = self.lang.asking_part
        if ref is None or asking is not None and asking.search(ex.question[:ref[1]]):
            return None
        if self._picked_bare is not None and any(m.start() <= ref[1] < m.end() for m in self._picked_bare.finditer(ex.question)):
            return None  # 持股比例最高那家: the one a superlative picks, pointing at nothing before
        return self._unglued(ex.question[ref[1]:ref[2]])

    def _advice_alone(self, q: str, ex) -> bool:
        """A turn that names nothing of the KG and asks what no KG answers (the language's
        `out_of_scope` words: 要不要, 能买吗): its own question, to be refused, not a follow-up."""
        named = ex is not None and any(m.kind in ("entity", "label", "property", "value", "edge") for m in ex.mentions)
        # 哪个好 after two things: which of them did better, not advice
        return not named and bool(self.lang.found("out_of_scope", q)) and self._find(q, "which") is None

    def _future_alone(self, q: str, ex, today: dt.date) -> bool:
        """招商银行明年能涨到多少钱 after its shareholders: a thing named and a day to come, or
        what no KG answers (the `out_of_scope` words) — its own question, to be refused, no
        swap into the turn before."""
        if ex is None or not any(m.kind == "entity" for m in ex.mentions):
            return False
        return any(m.time.start is not None and m.time.start > today for m in ex.of("time")) or \
            bool(self.lang.found("out_of_scope", q)) and self._find(q, "which") is None

    def _unknown_alone(self, rest: str, today: dt.date, calendar) -> bool:
        """Is what the question says, but for its lead and tail words, one name the KG lacks?"""
        try:
            self.lexicon.extract(rest, today, calendar)
        except UnknownEntity as e:
            return not e.ambiguous and e.text.strip() == rest.strip(self._ends + self._seps)
        except Nl2CypherError:
            return False
        return False

    def _extract(self, q: str, today: dt.date, calendar):
        try:
            return self.lexicon.extract(q, today, calendar)
        except Nl2CypherError:
            return None  # 那个基金呢: words the lexicon cannot place are not a follow-up's business

    def _units(self, ex) -> list:
        """The units of a follow-up's reading, mapped once however many rules ask."""
        seen, units = self._mapped  # one tuple read: a session beside this one never mixes its units in
        if seen is not ex:
            units = map_units(ex, self.lexicon.triggers, self.lang.fillers)
            self._mapped = (ex, units)
        return units

    def _spoken_of(self, q: str, at: int, ex) -> bool:
        """A person word after someone who asks (客户说他想问, 我朋友问她买的), no name of the KG between."""
        cut = max((x.end for x in ex.mentions if x.names and x.end <= at), default=0) if ex is not None else 0
        return self.lang.spoken_of(q[cut:at])

    def _find(self, q: str, kind: str, at: int = 0) -> re.Match | None:
        pattern = self.patterns.get(kind)
        return pattern.search(q, at) if pattern is not None else None

    def _reference(self, q: str, ex, alone: bool = False) -> tuple[str, int, int, str | None] | None:
        """(kind, start, end, label) of the first word that points back; a pronoun
        after a name of the same question points at that name and is left alone.
        `alone`: the question has no turn before it (基金里面哪个… is among all funds)."""
        found = []
        for kind in ("they", "pair", "among", "person", "it"):
            m = self._find(q, kind)
            if m and kind == "among" and ex is not None and any(
                    x.end <= m.start() and q[x.end:m.start()] in ("", self.lang.glue("of"))  # 涨停的里头: 的 is no gap
                    and (x.kind in ("entity", "value") or x.kind == "label" and (x.start > 0 or alone))
                    for x in ex.mentions):
                m = None  # 科创板里面, 涨停的股票里面: among the things just said (板块里面 alone: the one discussed)
            others = self.patterns["others"].finditer(q) if "others" in self.patterns else ()
            if m and any(o.start() < m.start() < o.end() for o in others):
                m = None  # 其他公司: the pronoun's character inside an others-word
            if m and ex is not None and any(x.kind == "time" and x.start <= m.start() < x.end for x in ex.mentions):
                m = None  # 这两个星期: the words of a time said, no reference
            if m and kind in ("they", "pair") and q.startswith(tuple(self.words["periods_counted"]), m.end()):
                m = None  # 这四个季度里哪个最高: periods counted (of the turn before), no things
            if m and ex is not None and self._names_next(q, m, ex):
                m = None  # 这只中国中免: a pointing word before a name says which one, no reference
            if m and kind == "person" and self._spoken_of(q, m.start(), ex):
                m = None  # 客户说他想问: the one who asks, said just before, no one of the KG
            if m:
                found.append((m.start(), -(m.end() - m.start()), kind, m.end(), None))
        inside = self._inside(q, ex) if not alone else None
        if inside is not None:  # 板块里一共几只票: inside the board discussed
            found.append((inside.start, -(inside.end - inside.start), "definite", inside.end, inside.targets[0]))
        m = self._find(q, "definite")
        while m and ex is not None:
            if self._picked_bare is not None and self._picked_bare.match(q, m.start()):
                m = self._find(q, "definite", m.end())  # 跌得最多那只董事长: the one the ranking picks
                continue
            # the company (the word after a space) in a follow-up that names nothing — "the company
            # where Brenda Ortiz is a stakeholder", or asked first ("name the company with the
            # highest …"), it is no reference
            at = len(q) - len(q[m.end():].lstrip()) if not alone and not any(x.names for x in ex.mentions) else m.end()
            label = next((x for x in ex.mentions if x.kind == "label" and x.start in (m.end(), at)), None)
            # 基金最多的那个经理: after a particle it heads a relative clause, it points at nothing before;
            # 那个基金经理张丽华: the name right after says which one, it points at nothing before either
            if label is not None and not (m.start() and q[m.start() - 1] in self.lang.fillers.particles) \
                    and not self._named_after(q, label, ex) and not self._described(m.group(), label, ex):
                found.append((m.start(), -(label.end - m.start()), "definite", label.end, label.targets[0]))
                break
            m = self._find(q, "definite", m.end())
        if not found:
            return None
        start, _, kind, end, label = min(found)
        if kind in ("it", "person") and self.lang.answered_before(q[:start]):
            return None  # 规模最大的基金是哪个，它的管理费: the one the first clause asks for
        named = [x for x in ex.mentions if x.names and x.end <= start] if ex is not None else []
        kinds = [x for x in ex.mentions if x.kind == "label" and x.end <= start] if ex is not None and kind == "they" else []
        # companies with more than $100B of debt … their total assets: those companies' (not with an
        # edge between — 基金持有这几只 are the ones before, at its other end)
        if not named and kinds and not any(x.kind == "edge" and kinds[-1].end <= x.start < start for x in ex.mentions):
            return None
        if named:
            edge = next((x for x in ex.mentions if x.kind == "edge" and named[-1].end <= x.start and x.end <= start), None)
            subject = any(x.kind == "edge" and x.start == end for x in ex.mentions)
            # 中央汇金到处持股，它都持着哪些: the edge word ends its own clause, 它 opens the next
            marks = str(self.lang.words.get("clause_marks") or "")
            apart = edge is not None and any(ch in marks for ch in q[edge.end:start])
            if edge is None or kind not in ("it", "person") or subject or apart:
                # 关于贵州茅台，它的董事长 / 易方达旗下这些基金 / 社保一一八组合买了好多股票 它买了啥
                # (the edge word after it: its subject): the pronoun points inside the question
                return None
            # 社保一一八组合也持有它吗: an edge word between — 它 is what is at the edge's other end, from before
            label = label or self._other_end(edge, named[-1])
        return kind, start, end, label

    def _other_end(self, edge, named) -> str | None:
        """The one label at the far end of an edge word from a named thing (持有 from a holder: a stock)."""
        own = {r.label for r in named.entities}
        ends = set()
        for e in edge.targets:
            spec = self.schema.edges.get(e)
            if spec is not None and own & set(spec.sources):
                ends |= set(spec.targets)
            elif spec is not None and own & set(spec.targets):
                ends |= set(spec.sources)
        if not ends:  # the word names another edge of the same reading (持有: a fund's or a holder's): its object
            ends = {x for e in edge.targets if e in self.schema.edges for x in self.schema.edges[e].targets}
        return next(iter(ends)) if len(ends) == 1 else None

    def _inside(self, q: str, ex):
        """A kind word opening the question with an `inside` word right after it
        (板块里, 基金里面; a time said first too: 节后第一天板块里): the label mention, read as
        that kind's one thing discussed."""
        said = sorted(ex.mentions, key=lambda x: x.start) if ex is not None else []
        times = list(itertools.takewhile(lambda x: x.kind == "time", said))
        first = said[len(times)] if len(said) > len(times) else None
        if first is None or first.kind != "label" or first.start != (times[-1].end if times else 0):
            return None
        m = self._find(q, "inside", first.end)
        return first if m is not None and m.start() == first.end else None

    def _described(self, word: str, label, ex) -> bool:
        """The company with the highest 2023 revenue: a weak definite word (the) whose kind
        word a ranking follows describes the thing, it points at nothing before."""
        return word.lower() in self.words["weak"] and any(
            u.kind in RANKING_UNITS and u.span[0] >= label.end for u in self._units(ex))

    def _names_next(self, q: str, m: re.Match, ex) -> bool:
        """A pointing word (这只, 那家; 我司, the asker's own) with a name right after it — or
        an among word and one (里面那个锂矿: that one of the answer, named)."""
        among = m.group() in self.words["among"]
        if not among and not any(m.group().startswith(w) for w in self.words["definite"]) \
                and m.group() not in self.words["ourselves"]:
            return False
        at = len(q) - len(q[m.end():].lstrip())
        of = self.lang.glue("of")
        if among and of and q.startswith(of, at):
            at += len(of)  # 其中的锂电池: that one of the answer, named
        elif among:
            pointing = self._find(q, "definite", at)
            if pointing is None or pointing.start() != at:
                return False
            at = len(q) - len(q[pointing.end():].lstrip())
        # 这家银行 (a board's name, a kind of company too) still points back: a group's name is no name of one
        return any(x.kind == "entity" and x.start == at and not {r.label for r in x.entities} & self._groups
                   for x in ex.mentions)

    def _named_after(self, q: str, label, ex) -> bool:
        """The label word is followed by a name of its own kind (基金经理张丽华, 我那个基金是中欧医疗健康指数C)."""
        nxt = min((x for x in ex.mentions if x.start >= label.end), key=lambda x: x.start, default=None)
        between = q[label.end:nxt.start].strip() if nxt is not None else ""
        return nxt is not None and nxt.kind == "entity" and (not between or between in self.words["names_it"]) and \
            any(r.label in label.targets for r in nxt.entities)

    def _point(self, q: str, ref, history: list[Turn], prev: Turn | None, ex=None, when=None) -> Resolution:
        kind, start, end, label = ref
        word = q[start:end]
        said = next((m for m in (ex.mentions if ex is not None else ()) if m.kind == "label"
                     and start <= m.start and m.end <= end), None)
        after = next((m for m in (ex.mentions if ex is not None else ()) if m.kind == "label" and m.start == end), None)
        if kind == "they" and (said or after) is not None:
            label = (said or after).targets[0]  # 这些基金, 这几只基金: things of that kind
        targets = self._targets(kind, label, history, prev, ex, self.counted.get(word, 2)) if prev is not None else []
        if kind == "definite" and prev is not None:
            targets = self._described_turn(q[:start], label, history) or targets
        unanswered, named_by = self._named_unanswered(history, kind, label, ex)
        if unanswered:
            prev, targets = named_by, unanswered
        leaned = None
        if word in self.counted and len(targets) != self.counted[word]:
            targets, leaned = self._of_count(history, self.counted[word], label, ex)
        if word in self.counted and len(targets) != self.counted[word]:
            return Resolution(q, kind, clarify=self.lang.say("followup.unresolved", word=word))
        many = kind in ("among", "they") and prev is not None and prev.rows > ROWS_KEPT and set(targets) <= set(prev.answered) \
            and ex is not None
        if many:  # 其中超过5%的几家, 它们分别属于哪个板块 after 73 rows: too many to name — the question before, narrowed
            targets = []
        inside = self._inside_one(prev, ex) if kind == "among" and not targets and prev is not None else None
        if inside is not None:  # 那里头哪个股票涨得最多 after the board that rose most: its stocks
            said = self._cat(q[:start], inside.name + self._among_word + q[end:].lstrip(self._seps))
            return Resolution(self._cat(self._then_before(history, ex), said), "among")
        if kind in ("among", "they") and not targets and prev is not None and (kind == "among" or self._counted_some(prev)
                                                                               or self._listed_none(prev, label) or many):
            # 浙江的公司有多少家 … 其中创业板的有几家: the question before, narrowed (about none: flagged);
            # 其中博士呢: asked in no shape of its own, in the shape before (counted again)
            rest = (q[:start] + q[end:]).strip(self._seps)
            if ex is not None and prev.shapes and not any(u.kind in SHAPE_UNITS for u in self._units(ex)):
                rest = self._cat(self._strip_markers(rest) or rest, prev.resolved[min(a for a, _ in prev.shapes):])
            return Resolution(self._reshaped(prev, rest), "among", unsure=self._listed_none(prev, label))
        if not targets:
            return Resolution(q, kind, clarify=self.lang.say("followup.unresolved", word=self._unglued(word)))
        if kind == "definite" and len(targets) > 1 and any(q[:start].endswith(w) for w in self.words["mine"]):
            # 我那个基金 after a list of funds: the asker's own — the first of that kind they named
            mine = next((n for t in history for n in t.named if n.label == targets[0].label), None)
            targets = [mine] if mine is not None else targets
        if kind in ("definite", "it", "person") and len(targets) > 1 and prev is not None and prev.leader \
                and targets[0] in prev.answered[:1]:
            # 该板块 after 各板块涨跌幅，并指出涨幅最大的, 它 after 招行跟工行谁涨得多: the one it pointed out,
            # listed first
            targets = targets[:1]
        if kind == "definite" and len(targets) > 1:  # 这个板块 after a list of boards: which one?
            shown = self.lang.join([t.name for t in targets[:MAX_CHOICES]]) + ("…" if len(targets) > MAX_CHOICES else "")
            return Resolution(q, kind, clarify=self.lang.say("followup.which_one", word=word, choices=shown))
        keep = self._of_word if self._of_word and word.endswith(self._of_word) and kind != "definite" else ""
        names = self._join([t.name for t in targets])
        if kind == "among":
            # (其中 is no word the lexicon reads: the rest of the question says the figure)
            read = ex if ex is not None or when is None else self._extract(q[:start] + q[end:], *when)
            names += self._among_word + self._join([n.name for n in self._partners(prev, targets, read)])
            names += self._narrowed_by(prev, targets)
        if said is not None and not {t.label for t in targets} & set(said.targets):
            names += self._of_word + said.text  # 这些基金 after a list of managers: their funds
        then = self._then_before(history, ex)  # the turn before's time, or a recent one's
        names = self._cat(names, self._carried(prev, ex, "" if kind == "among" else self._of_word) or then)
        rest = q[end:]
        qual = next((m for m in (ex.of("entity") if ex is not None and ex.question == q else []) if m.start == end), None)
        if qual is not None and self._of_word and q.startswith(self._of_word, qual.end) \
                and not {r.label for r in qual.entities} & {t.label for t in targets}:
            rest = q[qual.end + len(self._of_word):]  # 这仨家电的: the kind said of them, no thing asked about
        same = self._find(rest, "that_time") if then else None
        if same is not None:  # its net income that year: the year said in its place
            rest = rest[:same.start()] + rest[same.end():]
        text = self._besides(q, prev, targets, ex, self._cat(q[:start], names + keep, rest), history)
        return Resolution(text, {"they": "plural", "pair": "plural", "among": "among"}.get(kind, "pronoun"),
                          unsure=kind in ("it", "person") and len(targets) > 1,
                          order=[t.name for t in targets] if len(targets) > 1 else None, leaned=leaned)

    def _of_count(self, history: list[Turn], n: int, label: str | None, ex) -> tuple[list[Named], int | None]:
        """这五只 after turns between that were about fewer (or none): the latest sure turn that
        answered — or named — that many things of a fitting kind, and its number."""
        for t in reversed(history):
            for pool in (t.answered, _one_kind(t.named)):
                fit = [x for x in dict.fromkeys(pool) if (label is None or x.label == label) and self._fits(x.label, ex)]
                if len(fit) == n and (len(t.answered) < ROWS_KEPT or pool is not t.answered) and t.ok \
                        and (t.confidence is None or t.confidence >= self.trust):
                    return fit, t.number
        return [], None

    def _described_turn(self, before: str, label: str | None, history: list[Turn]) -> list[Named]:
        """涨最好那个板块 after the best board and then the worst: the answer of the turn that said
        the words right before the pointing word (in order, a particle or two between)."""
        said = re.split(f"[{re.escape(self._ends + self._seps)}]", before)[-1].strip("".join(self.lang.fillers.particles))
        if len(said) < 2:
            return []
        for t in reversed(history):
            hits = list(dict.fromkeys(n for n in t.answered if n.label == label))
            if hits and in_order(said, t.resolved):
                return hits
        return []

    def _narrowed_by(self, prev: Turn, targets: list[Named]) -> str:
        """里面…最多的 after …中女的规模合计 (the names, narrowed by a value): still narrowed — those
        values said again after the names."""
        if not targets or not all(n in prev.named for n in targets) or not self._among_word:
            return ""
        text = prev.resolved
        at = text.find(self._among_word)
        if at < 0 or targets[-1].name not in text[:at]:
            return ""
        after = at + len(self._among_word)
        values = [m for m in prev.mentions if m["kind"] == "value" and m["start"] >= after]
        run = []
        for m in sorted(values, key=lambda m: m["start"]):
            if m["start"] != (run[-1]["end"] if run else after):
                break
            run.append(m)
        return "".join(m["text"] for m in run)

    def _partners(self, prev: Turn, targets: list[Named], ex) -> list[Named]:
        """其中持股比例最高的 after the stocks 中央汇金 holds: a figure of a link (持股比例) between
        the listed things and one thing the turn before named keeps that thing in the question."""
        if ex is None:
            return []
        links = [self.schema.edges[t.split(".")[0]] for m in ex.mentions if m.kind == "property"
                 for t in m.targets if t.split(".")[0] in self.schema.edges]
        kinds = {t.label for t in targets}
        ends = [{*e.sources, *e.targets} for e in links]
        return [n for n in prev.named if n not in targets and n.label not in kinds
                and any(n.label in both and kinds & both for both in ends)]

    def _left_out(self, prev: Turn, n: Named) -> bool:
        """Did the turn before leave this one out (除了贵州茅台，…还持有哪些)?"""
        return prev.resolved.startswith(self.lexicon.as_read(self.lang.say("followup.besides", names=n.name, question="")))

    @staticmethod
    def _narrowed_to(prev: Turn) -> bool:
        """The turn before kept some of the things it named (其中今天涨停的, not 哪个涨得多:
        a ranking's pick leaves both things under discussion)."""
        return bool(prev.answered) and not prev.ranked and set(prev.answered) < set(prev.named)

    @staticmethod
    def _listed_none(prev: Turn, label: str | None) -> bool:
        """The turn before listed things of this kind and found none (这些股票 after a
        fund that holds no stocks): the same question, asked on, answers none too."""
        return prev.rows == 0 and prev.listed is not None and label in (None, prev.listed)

    @staticmethod
    def _counted_some(prev: Turn) -> bool:
        """The turn before counted things and found some (none counted: 这几只 are the list before)."""
        return prev.counted and not prev.answered and bool(prev.values) and bool(prev.values[0][1])

    def _besides(self, q: str, prev: Turn, targets: list[Named], ex, text: str, history: list[Turn] = ()) -> str:
        """他还管了哪些别的基金, 它还持有哪些: an `others` word leaves out the things
        of the kind it is about that the turn before named (the fund asked about) — or, when
        it named none, the turn that answered the one pointed at (基金A谁管的 · 他的学历 · 他还管哪些)."""
        if ex is None or "others" not in self.patterns:
            return text
        # 还管着别的公司: each others-word says a kind (the edge's ends, the label's)
        kinds = {k for at in self.patterns["others"].finditer(q) for k in self._other_kinds(at.end(), ex)}
        names = []
        for turn in [prev, *reversed(history[:-1])]:
            names = [n.name for n in turn.named if n.label in kinds and n not in targets]
            if names or set(targets) & set(turn.answered) - set(turn.named):  # where it came out as an answer
                break
        return self.lang.say("followup.besides", names=self.lang.join(names), question=text) if names else text

    def _other_kinds(self, at: int, ex) -> set[str]:
        """What an `others` word leaves out: the kind of a label word after it (别的基金),
        or the ends of an edge word right after it (他还管了哪些: the funds)."""
        for m in ex.mentions:
            if m.start < at:
                continue
            if m.kind == "edge" and m.start - at <= 1:
                return {lab for e in m.targets if e in self.schema.edges
                        for lab in self.schema.edges[e].sources + self.schema.edges[e].targets}
            if m.kind == "label":
                return set(m.targets)
            if m.kind == "property" and m.start - at <= 1:  # 别的基金规模: the funds whose size is asked
                return {x.partition(".")[0] for x in m.targets if x.partition(".")[0] in self.schema.labels}
        return set()

    def _carried(self, prev: Turn, ex, joint: str) -> str:
        """这两家谁更大, 其中最便宜的, 哪个大: naming no property of its own, the
        question asks about what the one before asked about, and when."""
        if ex is None or any(m.kind in ("property", "label", "edge", "value") for m in ex.mentions):
            return ""
        if self._measure_words(ex, self._units(ex)):
            return ""  # 它今天涨了多少: a measure of its own (the change)
        figures = [m for m in prev.mentions if self._measure_said(m)]  # one figure (R&D), or a ratio's words
        if len(figures) > 1:
            figures = [{"text": prev.resolved[figures[0]["start"]:figures[-1]["end"]]}]
        carried = [m for m in prev.mentions if m["kind"] == "property"][:1] or figures
        if not carried:
            return ""
        when = [m for m in prev.mentions if m["kind"] == "time"][:1]
        time = when[0]["text"] if when and not any(m.kind == "time" for m in ex.mentions) else ""
        return self._cat(time, joint + carried[0]["text"])

    def _then(self, prev: Turn, ex) -> str:
        """它的成交量呢, and its gross profit? after a figure at a time: a figure of its
        own that has a time, asked at no time of its own, is asked at the same time."""
        if ex is None or ex.of("time") or not self._timed(ex) or any(self._last_time(u) for u in self._units(ex)):
            return ""  # 上一次涨停是哪天 is asked over all of its days
        when = [m for m in prev.mentions if m["kind"] == "time"][:1]
        return when[0]["text"] if when else ""

    def _then_before(self, history: list[Turn], ex) -> str:
        """The time of the latest turn that had one (who are its directors may come between):
        asked at no time of its own, a figure is asked then."""
        for turn in [t for t in history if t.ok and not t.computed][-OWNER_TURNS:][::-1]:
            when = self._then(turn, ex)
            if when:
                return when
        return ""

    def _timed(self, ex) -> bool:
        """Does the question ask a figure kept per day or per period (成交量, a concept's facts)?"""
        labels = self.schema.labels
        for m in ex.mentions:
            for t in m.targets if m.kind in ("property", "value") else ():
                lab = labels.get(t.split(".")[0])
                rows = labels.get(lab.measure.split(".")[0]) if lab is not None and lab.measure else lab
                if rows is not None and (rows.dynamic or rows.period):
                    return True
        return False

    def _chained(self, label: str | None) -> bool:
        """Are things of this kind the links of the schema's chain (an industry's up- and downstream)?"""
        chain = self.schema.role_edge("chain")
        return chain is not None and label in chain[0].sources and label in chain[0].targets

    def _targets(self, kind: str, label: str | None, history: list[Turn], prev: Turn, ex=None,
                 n: int = 2) -> list[Named]:
        person = lambda n: self.schema.labels[n.label].person if n.label in self.schema.labels else False  # noqa: E731
        if kind in ("they", "pair", "among") and prev.totalled and not prev.answered:
            # 这些股票 after 这些占比加起来: the rows that were totalled
            prev = next((t for t in reversed(history) if t.ok and not t.computed and not t.totalled
                         and t.number < prev.number), prev)
        if kind in ("they", "pair", "among"):
            if kind == "they" and self._counted_some(prev):
                return []  # the things counted, not the names the count was narrowed by: read again
            # 这些里面哪个规模最大 after managers and their funds: the column of things that have a 规模
            fitting = [n for n in prev.others if self._fits(n.label, ex)]
            if len(fitting) >= 2 and prev.answered and not self._fits(prev.answered[0].label, ex):
                return fitting if kind != "pair" or len(fitting) == 2 else []
            if kind == "they" and self._narrowed_to(prev):
                return prev.answered  # 这些股票 after 其中今天涨停的: the ones left
            said = list(dict.fromkeys(n for n in prev.answered + prev.named if n.label == label
                                      and not self._left_out(prev, n)))
            links = [n for n in prev.answered if n.label == label]
            if len(links) >= 2 and self._chained(label):
                said = links  # 这些产业 after 锂电池的上游: the links listed, not the one they lead to
            if kind == "they" and len(said) >= 2:
                return said  # 这几只基金 after 张丽华管的基金和她的重仓股: the funds named and answered
            for pool in (prev.answered, _one_kind(prev.named)):
                if kind == "pair":  # 这两家注册资本 after two chairmen: not them
                    pool = [n for n in pool if self._fits(n.label, ex)]
                if len(pool) >= 2:  # 这两家 after three rows: which two? asked back
                    return pool if kind != "pair" or len(pool) == 2 else []
            listed = self._picked_from(history, prev, ex) if kind == "they" else []
            if listed:  # their revenue after the one a ranking picked from a list: the list's
                return listed
            recent = []  # 这两家 after 比亚迪呢: the one thing of each of the last two (n) turns
            of_kind: dict[str, list[Named]] = {}  # …or of the last turns of one kind, when a turn was about two
            mixed = False
            for t in reversed(history):
                # the one thing the turn was about that can have what is asked (这两个人谁任职时间更早:
                # the chairman each turn answered, not the company it named)
                one = list(dict.fromkeys(n for n in (t.named if len(t.named) == 1 else []) + t.answered[:1]
                                         if self._fits(n.label, ex)))
                if t.ok and len(one) == 1 and one[0] not in recent and all(r.label == one[0].label for r in recent) \
                        and not self._left_out(prev, one[0]):
                    recent.append(one[0])
                if len(recent) == n:
                    return recent[::-1]
                mixed = mixed or t.ok and len({x.label for x in one}) > 1
                for thing in one if t.ok else ():  # 长城汽车那个董事长呢 after 比亚迪's: a company and a person
                    same = of_kind.setdefault(thing.label, [])
                    if thing not in same and not self._left_out(prev, thing):
                        same.append(thing)
                full = [same for same in of_kind.values() if len(same) == n]
                if kind == "pair" and mixed and full:
                    return full[0][::-1]
            if kind == "they" and len(prev.answered) == 1:
                return prev.answered  # 这些基金 after a manager who runs one: that one (a list of one)
            if kind == "they":  # 它们买的股票 after the funds' total, then their manager: the funds listed earlier
                for t in [t for t in history if t is not prev and t.ok and not t.computed][-EARLIER_TURNS:][::-1]:
                    pool = [n for n in t.answered if self._fits(n.label, ex)]
                    if pool and t.listed and t.rows <= ROWS_KEPT:  # (a list of one: 张丽华 runs one fund)
                        return pool
            return []
        if kind == "definite":  # 这个板块: the latest turn with things of that kind, its answer first
            for t in reversed(history):
                for pool in (t.answered, t.named, t.others):
                    hits = list(dict.fromkeys(n for n in pool if n.label == label))
                    if hits:
                        return hits  # several: the caller asks which one
            return []
        want_person = kind == "person"
        grouped = self._group_of_one(prev)
        if kind == "it" and grouped is not None and self._fits(grouped.label, ex) and not any(
                m.kind == "label" and grouped.label in m.targets for m in (ex.mentions if ex is not None else ())):
            return [grouped]  # 它最近三天收盘多少 after 美的集团是哪个板块的: the company, not its board
        # 它的经理 after the one holding that ranked first (宁德时代 | its fund): the answer's
        # other column when neither its rows nor the names said fit
        for pool in (prev.answered, prev.named, prev.others if prev.ranked else []):
            hits = [n for n in pool if person(n) == want_person and self._fits(n.label, ex)
                    and (label is None or n.label == label)]  # 持有它: a thing at that edge's end
            if 1 <= len(hits) <= MAX_CHOICES:
                return hits  # several (他 after a fund's two managers): all of them, flagged by the caller
        # 有基金拿着它吗 after a turn about its board: the one thing an earlier turn was about, if it fits
        for t in [t for t in history if t is not prev and t.ok][-EARLIER_TURNS:][::-1]:
            hits = [n for n in t.named if person(n) == want_person and self._fits(n.label, ex)
                    and (label is None or n.label == label)]
            if hits:
                return hits if len(hits) == 1 else []
        who = (self.lang.words.get("asks") or {}).get("person") or ()
        if want_person and ex is not None and (not any(str(w) in ex.question for w in who) or any(
                m.kind in ("label", "property", "edge") for m in ex.mentions)):
            # 他昨天呢 after 茅台今天收多少 (no person talked about): 他 typed for 它 — and 他老板是谁
            # asks who of something it has (她是谁 alone asks back)
            return self._targets("it", label, history, prev, ex, n)
        return []

    def _ranked_inside(self, q: str, ex, prev: Turn | None) -> Resolution | None:
        """今儿哪只涨得最好 / 跌最狠的哪个 after a turn about one board: which of its members,
        not which of everything — the board said before the question."""
        if ex is None or prev is None or len(prev.named) != 1 or self._find(q, "which") is None:
            return None
        if any(m.kind in ("entity", "label") for m in ex.mentions) \
                or not any(u.kind in RANKING_UNITS for u in self._units(ex)):
            return None
        group = prev.named[0]
        if not any(e.members and group.label in e.targets for e in self.schema.edges.values()):
            return None
        return Resolution(self._cat(group.name, q), "among")

    def _group_of_one(self, prev: Turn) -> Named | None:
        """The one thing the turn before named, when its answer was only the groups it is a
        member of (its board): the talk is still about the thing."""
        if len(prev.named) != 1 or not prev.answered:
            return None
        one = prev.named[0]
        groups = {e.targets[0] if len(e.targets) == 1 else None for e in self.schema.edges.values()
                  if e.members and one.label in e.sources}
        return one if all(n.label in groups for n in prev.answered) else None

    def _picked_from(self, history: list[Turn], prev: Turn, ex) -> list[Named]:
        """The list a ranking turn picked its one thing from (the companies in Washington,
        before 'which of them had the most revenue'), when it fits the question."""
        if not prev.ranked or len(prev.answered) != 1:
            return []
        for t in reversed(history):
            if t is not prev and t.ok and len(t.answered) >= 2 and prev.answered[0] in t.answered:
                return t.answered if all(self._fits(n.label, ex) for n in t.answered) else []
        return []

    def _measured(self, label: str, ex=None) -> bool:
        """Has a thing of this label a daily change (涨了多少): its own, or its rows'."""
        labels = self.schema.labels
        return any(labels[x].measures.get("change") for x in [label, *(
            t for t in labels if self.schema.edges_between(label, t))] if x in labels)

    def _inside_one(self, prev: Turn, ex) -> Named | None:
        """The one thing the turn before answered, when the kind now asked among is one
        step from it (a board's stocks), not its own kind."""
        if len(prev.answered) != 1 or ex is None:
            return None
        one = prev.answered[0]
        kinds = {t for m in ex.mentions if m.kind == "label" for t in m.targets}
        return one if kinds and one.label not in kinds and all(self._one_step(one.label, k) for k in kinds) else None

    def _named_unanswered(self, history: list[Turn], kind: str, label: str | None, ex) -> tuple[list[Named], Turn | None]:
        """这俩 after a line that named two things and got no answer (…这俩高股息的今天收多少:
        no dividends in the KG): the two it named, not an older turn's — and that line."""
        last = next((t for t in reversed(history) if t.ok or t.named), None)  # (上个月底呢 between: also unanswered)
        if last is None or last.ok or kind not in ("it", "person", "pair", "they", "definite"):
            return [], None
        fit = list(dict.fromkeys(n for n in last.named if (n.label == label if kind == "definite" else
                                                           self._fits(n.label, ex))))
        want = {"it": 1, "person": 1, "pair": 2, "definite": 1}.get(kind)
        return (fit, last) if (len(fit) == want if want else len(fit) >= 2) else ([], None)

    def _fits(self, label: str, ex) -> bool:
        """Can a thing of this label have what the question asks (它的注册资本:
        a stock, not the industry the answer before listed)?"""
        mentions = ex.mentions if ex is not None else ()
        kinds = [m for m in mentions if m.kind == "label"]
        near = {label} | {t for m in kinds for t in m.targets if self._one_step(label, t)}
        for m in kinds:  # 它的董事长: a label word must be one step from it, or from a kind said that is
            # (她管的基金里占比最高的持仓股: the stocks of her funds)
            if not any(self._one_step(n, t) or t == n for t in m.targets for n in near):
                return False
        owners = {t.split(".")[0] for m in mentions if m.kind == "property" for t in m.targets}
        owners |= {o for m in mentions if m.kind == "value" for t in m.targets for o in self.schema.reporters(t.split(".")[0])}
        # 有没有走出红三兵: a value a row of a kind holds (a day's), that kind's — not a holder's
        owners |= {t.split(".")[0] for m in mentions if m.kind == "value" for t in m.targets
                   if "." in t and t.split(".")[0] in self.schema.labels and not self.schema.reporters(t.split(".")[0])}
        if not owners:  # 男的女的: values of its own (a manager's sex, not a fund's)
            owners = {t.split(".")[0] for t in _either(mentions)}
        if not owners:
            return True
        said = [self.schema.edges[e] for m in mentions if m.kind == "edge" for e in m.targets if e in self.schema.edges]
        kinds = {t for m in mentions if m.kind == "label" for t in m.targets}
        for owner in owners:
            if owner in kinds and any(len(p.hops) == 1 for p in self.schema.shortest_paths(label, owner)):
                return True  # 它家董事长是男的女的: its chairman's (the kind word said, one step from it)
            if owner == label or any({label, owner} <= {*e.sources, *e.targets} for e in said):
                return True  # its own, or at the far end of a link the question says (他管的基金的规模)
            link = self.schema.edges.get(owner)
            if link is not None and label in (*link.sources, *link.targets):
                return True  # a figure of its own links (利好还是利空: how the news bears on it)
            if link is not None and (near - {label}) & {*link.sources, *link.targets}:
                return True  # of a link of a kind said one step from it (她管的基金里占比最高的: her funds' holdings)
            lab = self.schema.labels.get(owner)
            if lab is not None and (lab.dynamic or lab.period) and any(
                    len(p.hops) == 1 for p in self.schema.shortest_paths(label, owner)):
                return True  # its daily rows or reports
            named_by = self.schema.edges.get(lab.named_by) if lab is not None and lab.named_by else None
            if named_by is not None and label in named_by.sources + named_by.targets:
                return True  # rows it names (a stock's new issue: 它网上发行是哪天)
        return False

    def _one_step(self, a: str, b: str) -> bool:
        return b in self.schema.labels and any(len(p.hops) == 1 for p in self.schema.shortest_paths(a, b))

    def _arithmetic(self, q: str, ex, history: list[Turn]) -> Resolution | None:
        op = next((o for o, ws in self.arithmetic_words(q)), None)
        if op is None or self._find(q, "which") is not None:
            return None  # 谁的注册资本大，大多少: which of the two, and by how much (asked of both)
        done = [k for k, t in enumerate(history) if t.ok and t.values and not t.computed]
        if not done:
            return None
        if self._find(q, "they") is not None and history[-1].ok and done[-1] != len(history) - 1:
            return None  # 这四家加起来 after a list of three: those things' figures, not two answers before
        last = history[done[-1]]
        said = [m for m in last.mentions if m["kind"] == "property"]
        # the one column kept of each answer is its last figure (收盘价和涨跌幅: the change)
        asked = set(said[-1]["targets"]) if said else set()
        own = [m for m in ex.mentions if m.kind == "property"] if ex is not None else []
        column = self._column(own, last.figures) if own and any(not asked & set(m.targets) for m in own) else None
        if column is not None:  # 两天收盘差多少 after 收盘价和涨跌幅, 昨天呢: the two closes
            pair = done[-2:]
            if len(pair) == 2 and all(history[k].rows == 1 and column in history[k].figures for k in pair):
                op, a, b = _later_first(op, pair[1], pair[0], history)
                return Resolution(self._say_arith(op, history[a].resolved, history[b].resolved), "arithmetic",
                                  arithmetic=(op, a, b), column=column)
            return None
        if any(not asked & set(m.targets) for m in own):
            return None  # 成交量差多少 after two closing prices: a question of its own
        if not own and len(said) > 1:
            return None  # 加起来多大 after 规模和净值: which of the two figures is not said
        ents = [m for m in ex.mentions if m.kind == "entity"] if ex is not None else []
        if not ents and ex is not None and ex.of("time") and (timed := self._timed_first(op, ex, history, done)):
            return timed  # 今天比昨天多了多少 after today's close, 昨天呢: today's less yesterday's
        if ents:  # 招行多赚了多少 after 招行…合计, 兴业银行同期呢: that one's against the other
            return self._named_first(op, ents, history, done) if not ex.of("time") else None
        said = {str(m.time.start) for m in ex.of("time") if m.time is not None} if ex is not None else set()
        if said and not said & set().union(*(_days_of(history[k]) for k in done[-2:])):
            return None  # 上个礼拜五呢 差几钿 after today's two prices' gap: another day's, not these answers
        if len(done) >= 2 and bool(last.growth) != bool(history[done[-2]].growth):
            # a figure after a growth (招行净利润, 环比呢, 同比呢, 兴业银行同期呢 … 两家差多少): the figure
            # before of the same measure, when there is one; else the figure and the growth
            alike = next((k for k in reversed(done[:-1]) if not history[k].growth and _one_figure(history[k])
                          and _same_measure(last, history[k]) and _same_time(last, history[k])),
                         None) if not last.growth and _one_figure(last) else None
            if alike is None:
                return self._both(q, last, history[:done[-1]])
            return Resolution(self._say_arith(op, last.resolved, history[alike].resolved), "arithmetic",
                              arithmetic=(op, done[-1], alike))
        if last.ranked and len(last.values) == 1 and len(last.named) == 2 and last.named[0].label == last.named[1].label:
            # 两个今天谁涨得多 … 差几个点: which of the two, and by how much — asked again with both
            return Resolution(self._cat(last.resolved, q), "arithmetic")
        if len(last.values) == 2:  # 贵州茅台和五粮液的收盘价 …  这两家差多少
            return Resolution(self._say_arith(op, last.resolved, last.resolved), "arithmetic",
                              arithmetic=(op, done[-1], done[-1]))
        if len(done) >= 2 and len(last.values) == 1 and _one_figure(history[done[-2]]) \
                and _same_measure(last, history[done[-2]]):
            a, b = done[-1], done[-2]  # 比上一个高多少: this answer against the one before
            plain = self.patterns["periodic"].sub("", q) if "periodic" in self.patterns else q
            op, a, b = _later_first(op, a, b, history, said_order=self._find(plain, "against") is not None)
            # 茅台多少了, 五粮液呢, 差多少: no figure named, the price they showed (not the change beside it)
            price = self._price_column(history[a], history[b]) if not said else None
            # 两家差多少 after 五粮液2022年, 老窖2023年: two things at two times — no like for like, unsure
            apart = set(history[a].named) != set(history[b].named) and not _same_time(history[a], history[b])
            return Resolution(self._say_arith(op, history[a].resolved, history[b].resolved), "arithmetic",
                              arithmetic=(op, a, b), column=price, unsure=apart)
        return None

    def _over_rows(self, q: str, ex, history: list[Turn]) -> Resolution | None:
        """这些占比加起来 / 接着求这四个的平均数 right after an answer of a few rows, naming
        nothing else: that figure's total (mean, spread) over those rows, computed from them."""
        op = next((o for o, p in self.over_rows.items() if p.search(q)), None)
        k = len(history) - 1
        while k >= 0 and history[k].ok and (history[k].computed or history[k].totalled):
            k -= 1  # 平均每个季度呢 after their total: the same rows again
        if op is None or ex is None or k < 0 or not history[k].ok or not history[k].table \
                or self.lang.found("each_of_several", q):
            return None  # (全年合计 各自: each one's total, asked as a question)
        if any(m.kind not in ("property", "label") for m in ex.mentions):
            return None  # 五粮液呢 加起来 / 去年的加起来: a question of its own
        own = [m for m in ex.mentions if m.kind == "property"]
        figures = [c for c in history[k].table if c not in self._period_words]
        column = self._column(own, figures) if own else (figures[0] if len(figures) == 1 else None)
        if column is None:
            return None
        # …also said as a question of its own, for the engine to answer and the turns after to lean on
        asked = self._reshaped(history[k], self._strip_markers(q) or q)
        return Resolution(asked, "arithmetic", arithmetic=(op, k, k), column=column, over_rows=True)

    def _placed(self, q: str, ex, history: list[Turn]) -> Resolution | None:
        """中信证券排第几 right after a ranked list it is in, naming nothing else: its place
        among that answer's rows (computed from them, no query)."""
        k = len(history) - 1
        if ex is None or k < 0 or not history[k].ok or not history[k].ranked or self._find(q, "place") is None:
            return None
        ents = ex.of("entity")
        if len(ents) != 1 or any(m.kind not in ("entity", "number") for m in ex.mentions):
            return None
        name = next((n.name for r in ents[0].entities for n in history[k].answered if n.name == r.name), None)
        if name is None:
            return None
        return Resolution(self.lang.say("followup.place", name=name, question=history[k].resolved), "arithmetic",
                          arithmetic=("place", k, k), place=name)

    def _price_column(self, *turns: Turn) -> str | None:
        """The column all these answers show that is a price (the schema's `measures.price`)."""
        words = self._price_words
        found = [c for c in turns[0].figures if c in words and all(c in t.figures for t in turns[1:])]
        return found[0] if len(found) == 1 else None

    def _column(self, own, columns) -> str | None:
        """The one column of an answer's figures (`columns`) that the property the question
        names shows (收盘 → 收盘价), when that answer showed it among other figures."""
        targets = {t for m in own for t in m.targets}
        words = set()
        for t in targets:
            owner, _, prop = t.partition(".")
            spec = self.schema.labels.get(owner) or self.schema.edges.get(owner)
            pdef = spec.properties.get(prop) if spec is not None else None
            if pdef is not None and pdef.description:
                words |= {pdef.description, self.lang.label_word(pdef.description)}
        found = [c for c in columns if c in words]
        return found[0] if len(found) == 1 else None

    def _named_first(self, op: str, ents, history: list[Turn], done: list[int]) -> Resolution | None:
        """The two answers before, each one figure of one thing, the one this
        question names on the left; None when it names anything else."""
        pair = done[-2:]
        if len(ents) > 2 or len(pair) != 2 or not all(_one_figure(history[k]) for k in pair):
            return None
        names = [{r.name for r in m.entities} for m in ents]
        hits = [k for k in pair if any(n.name in names[0] for n in history[k].named)]
        if len(hits) != 1:
            return None
        a, b = hits[0], next(k for k in pair if k != hits[0])
        if len(ents) == 2 and not any(n.name in names[1] for n in history[b].named):
            return None  # how much higher is Apple's than Microsoft's: the two answers, in the order named
        return Resolution(self._say_arith(op, history[a].resolved, history[b].resolved), "arithmetic",
                          arithmetic=(op, a, b))

    def _timed_first(self, op: str, ex, history: list[Turn], done: list[int]) -> Resolution | None:
        """The two answers before, each one figure of one day, the day this question names
        first on the left; None unless each of the two days said is one answer's."""
        pair = done[-2:]
        if len(pair) != 2 or not all(_one_figure(history[k]) for k in pair):
            return None
        times = [m for m in ex.of("time") if m.time is not None and m.time.start is not None]
        said = [str(m.time.start) for m in times]
        days = {k: _days_of(history[k]) for k in pair}
        order = [next((k for k in pair if day in days[k]), None) for day in said[:2]]
        if len(order) == 1 and order[0] is not None and self._set_against(ex.question[:times[0].start]):
            order.insert(0, next(k for k in pair if k != order[0]))  # 比今天多还是少: the other day's against it
            op = "more" if op == "difference" else op  # …多还是少: signed
        if len(order) != 2 or None in order or order[0] == order[1]:
            return None
        if op == "difference" and len(times) > 1 and self._set_against(ex.question[:times[1].start]):
            op = "more"  # 今天比昨天差了多少: the first day's less the second's, signed
        return Resolution(self._say_arith(op, history[order[0]].resolved, history[order[1]].resolved), "arithmetic",
                          arithmetic=(op, order[0], order[1]))

    def _set_against(self, before: str) -> bool:
        """Does the text end with a word setting up what is compared against (比)?"""
        return any(before.rstrip().endswith(w) for w in self.words["against"])

    def _both(self, q: str, last: Turn, before: list[Turn]) -> Resolution | None:
        """俩差多少 after 招行…增长多少, 工行同期多少: the last question asked of both
        things named (工行和招行), the difference computed by the query."""
        ents = [m for m in last.mentions if m["kind"] == "entity"]
        if len(last.named) != 1 or not ents:
            return None
        one = last.named[0]
        other = next((n for t in reversed(before[-OWNER_TURNS:]) for n in t.named
                      if n.label == one.label and n.name != one.name), None)
        if other is None:
            return None
        both = _apply(last.resolved, [(ents[0]["start"], ents[-1]["end"], self._join([ents[0]["text"], other.name]))], not self.lang.script)
        return Resolution(self.lang.say("followup.against", question=both, against=q), "arithmetic")

    def _say_arith(self, op: str, left: str, right: str) -> str:
        return self.lang.say("followup.arithmetic", left=left, right=right, op=self.lang.say(f"followup.ops.{op}"))

    def _unglued(self, word: str) -> str:
        """A pointing word without the joining word after it (这些股票的 → 这些股票)."""
        while self._of_word and word.endswith(self._of_word):
            word = word[:-len(self._of_word)]
        return word

    def _marked(self, q: str) -> bool:
        """Worded as a follow-up: a lead or tail word (那…, …呢, 换成…)."""
        body = q.strip().rstrip(self._ends)
        return bool(self._lead.match(body) or self._tail.search(body) or self._closed_early(body))

    def _closed_early(self, body: str) -> bool:
        """泸州老窖呢 同一段时间, 伊利股份呢 多少: the tail word closes the swap and the words
        after it ask nothing of their own (fillers, a same-time or tail word); 泸州老窖呢 今天涨了
        好多 is a question of its own."""
        m = self._clause_tail.search(body) if self._clause_tail is not None else None
        if m is None:
            return False
        rest = body[m.end():].strip(self._seps + self._ends)
        if self._asks_count is not None and self._asks_count.search(rest):
            return False  # 江苏呢 多少家: the question before, counted (its own shape)
        return self.lang.fillers.covers(rest, asking=True) or rest in self.words["same_time"] \
            or bool(self._tail.fullmatch(rest))

    def _leans(self, q: str, ex) -> bool:
        """A follow-up rather than a question of its own: a lead or tail word
        (那…, …呢, 换成…), a 同期, or nothing named to ask about."""
        body = q.strip().rstrip(self._ends)
        if self._marked(q):
            return True
        if any(w in body for w in self.same_period) or any(w in body for w in self.words["same_time"]):
            return True  # 去年同期, 工行同期多少: the time before, moved or kept
        if ex is None:
            return False
        own = {r.label for m in ex.of("entity") for r in m.entities}
        kinds = ("entity", "value", "time") + (("label",) if all(own & set(m.targets) for m in ex.of("label")) else ())
        if (ex.of("entity") or ex.of("value")) and self._names_only(ex, kinds):
            return True  # moderna's? / 五粮液？ / 半导体板块YTD after a question: the same question of it
        if len(ex.of("entity")) > 1 and not ex.of("label") and self._names_only(ex, ("entity", "time"), asking=True):
            return True  # 五粮液 泸州老窖 山西汾酒分别是多少: each one's figure the question before asked
        return not any(m.kind in ("entity", "label", "value") for m in ex.mentions)

    def _joins(self, q: str, ex, prev: Turn) -> bool:
        """Does the question add names of the kind the turn before named to them (add PayPal,
        how does that compare with Ford, vs Duke) rather than put them in their place?"""
        if ex is None or self._find(q, "joined") is None:
            return False
        kinds = {n.label for n in prev.named}
        return any(r.label in kinds for m in ex.of("entity") for r in m.entities)

    def _joined_ask(self, q: str, ex, prev: Turn) -> Resolution | None:
        """加上浦发银行 三家 今天收盘avg: names added to those before, then an ask of its own
        (a figure named) — that ask of them all, not the question before; 加上建行 哪个贵 差多少
        (an ask, no figure): the question before, of them all, asked that way."""
        ents = [m for m in ex.mentions if m.kind == "entity"]
        said = [m["text"] for m in prev.mentions if m["kind"] == "entity"]
        if not said or not ents:
            return None
        rest = q[ents[-1].end:]
        if not ex.of("property"):
            body, before = self._reshaped(prev, rest.strip()), self._join(said)
            if not self._asks(rest) or before not in body:
                return None
            return Resolution(body.replace(before, self._join([*said, *(m.text for m in ents)]), 1), "entity")
        n = next((m for m in ex.mentions if m.kind == "number" and m.start >= ents[-1].end), None)
        if n is not None and n.number.value == len(said) + len(ents) and not q[ents[-1].end:n.start].strip():
            rest = q[n.end:].lstrip(self._count_units)  # 三家: all of them, counted
        names = self._join([*said, *(m.text for m in ents)])
        return Resolution(self._cat(names, rest.strip()), "entity")

    def _names_only(self, ex, kinds=("entity", "value"), asking: bool = False) -> bool:
        """Does the question say nothing but names and values (and fillers; `asking`: and
        asking words)?"""
        rest = "".join(" " if c in self._ends + self._seps or any(m.start <= i < m.end for m in ex.mentions
                                                                  if m.kind in kinds) else c
                       for i, c in enumerate(ex.question))  # OK, Lululemon then.: its commas and stops too
        return self.lang.fillers.covers(rest.strip(), asking=asking) or not any(c.isalnum() for c in rest)

    def _ellipsis(self, q: str, ex, prev: Turn) -> Resolution:
        """Swap into the question before what this one names: the entity, the
        time, the property, the chain's length, the superlative, a value — or,
        naming none of them, the answer's shape."""
        if ex is None:
            return Resolution(q, "new")
        alone = ex.of("property") and not ex.of("entity") and not ex.of("time")
        if alone and prev.ranked and len(prev.named) >= 2 and self._find(q, "which") is None \
                and all(self._fits(n.label, ex) for n in prev.named):
            # 成立时间呢 after 汾酒和泸州老窖注册资本谁大: both of them have one — theirs
            names = self._join([n.name for n in prev.named])
            return Resolution(self.lang.say("followup.owned", owner=names, question=self._strip_markers(q) or q),
                              "property", unsure=True)  # or the one picked's, or the ranking by it
        if ex.of("property") and not ex.of("entity") and prev.ranked and len(prev.named) >= 2 \
                and self._find(q, "which") is not None and all(self._fits(n.label, ex) for n in prev.named):
            # 这个月以来谁涨得多 after 泸州老窖跟汾酒今天哪个收得高: a which-ask of its own, of the two
            return Resolution(self._cat(self._join([n.name for n in prev.named]), self._strip_markers(q) or q),
                              "property")
        picked = self._picked(prev) if alone else None
        if picked is not None and self._fits(picked.label, ex):
            # 管理费呢 after 规模最大的基金: that one's (it has one), or the ranking by it: flagged
            rest = self._strip_markers(q) or q
            return Resolution(self.lang.say("followup.owned", owner=picked.name, question=rest), "owned", unsure=True)
        one = self._days_of_one(q, ex, prev)
        if one is not None:  # 最近一个月哪天量最大 after 五粮液今天成交量多少: which of its days
            # (哪天量最大 after 紫金矿业这礼拜每天收盘价: of the days the turn before showed)
            period = [m["text"] for m in prev.mentions if m["kind"] == "time" and m.get("time")
                      and m["time"]["start"] != m["time"]["end"]][:1] if not ex.of("time") else []
            return Resolution(self.lang.say("followup.owned", owner=one.name + "".join(period),
                                            question=self._strip_markers(q) or q), "owned")
        if self._new_kind(ex, prev):  # 那五粮液董事长呢 after a question about prices: its chairman
            return Resolution(self._strip_markers(q) or q, "reset")
        grown = self._grown_of(q, ex, prev)
        if grown is not None:
            return grown
        edits, kinds = [], []
        for kind, swap in (("entity", self._swap_entity), ("time", self._swap_time), ("property", self._swap_asked),
                           ("edge", self._swap_edge), ("comparison", self._swap_superlative),
                           ("value", self._swap_values)):
            found = swap(q, ex, prev)
            if isinstance(found, Resolution):
                return found
            if found:
                edits += found
                kinds.append(kind)
        if {"entity", "edge"} <= set(kinds) and self._other_label(ex, prev):
            # 锂矿相关的股票呢 after 锂电池上游都有啥: a thing, a link and a kind of its own — asked whole
            return Resolution(self._strip_markers(q) or q, "reset")
        if {"entity", "property"} <= set(kinds) and not any(m["kind"] == "property" for m in prev.mentions):
            # 华泰同期涨了多少 after 中信证券有啥新闻: a thing and a figure of their own, no figure before to swap
            return Resolution(self._strip_markers(q) or q, "reset")
        if kinds == ["property"] and self._timeless(ex) and any(m["kind"] == "entity" for m in prev.mentions):
            # 哪个省的 after 广州健康今天收多少: not today's province (这个月发行的新股: the time picks them, kept)
            edits += [(m["start"], m["end"], "") for m in prev.mentions if m["kind"] == "time"]
        if not kinds:  # 有几只, 分别是哪些, 最高的呢: the question before, asked in another shape
            rest = self._strip_markers(q)
            picked = prev.answered[0] if len(prev.answered) == 1 and (prev.ranked or not prev.named) else \
                prev.named[0] if len(prev.named) == 1 and not prev.ranked else None  # 谁管的 after its 规模多大: its
            if rest and picked is not None and self._links(picked.label, ex):
                # 谁管的 after 哪个基金最大: who manages the one the answer picked
                return Resolution(self.lang.say("followup.owned", owner=picked.name, question=rest), "owned")
            return Resolution(self._reshaped(prev, rest), "shape") if rest else Resolution(q, "new")
        asks_growth = any(u.kind == "growth" for u in self._units(ex))
        if "entity" in kinds and prev.growth and not self._growth_only(ex) and self._asks(q) and not asks_growth \
                and not self._joins(q, ex, prev):  # how does that compare with Ford: its growth too
            edits += self._ungrown(prev)  # 工行同期多少 after 招行…同比: the figure, not its growth
        shape = self._own_shape(ex, prev) if _apply(prev.resolved, edits, not self.lang.script) != prev.resolved else ""
        if shape:  # 那昨天的有几只 after 今天涨停的有哪些: the day swapped and the answer counted
            edits += [(a, b, "") for a, b in prev.shapes if not any(e[:2] == (a, b) for e in edits)]
        text = _apply(prev.resolved, edits, not self.lang.script)
        if shape:
            text = self._cat(self._unasked(text), shape)
        rest = self._strip_markers(q)
        if text == prev.resolved and rest and any(u.kind in SHAPE_UNITS for u in self._units(ex)):
            for t in ex.of("time"):  # 这两个星期哪天最高 after 这两个星期每天…: the time said again, once
                if t.text in prev.resolved and rest.replace(t.text, "", 1).strip(self._seps):
                    rest = rest.replace(t.text, "", 1)
            return Resolution(self._reshaped(prev, rest), "shape")  # how many directors is that: the same, counted
        growth = next((u for u in self._units(ex) if u.kind == "growth"), None) if not prev.growth else None
        if growth is not None:  # the growth from 2020 to 2022 after a figure: that figure's, between the times
            text = self.lang.say("followup.against", question=text, against=ex.question[growth.span[0]:growth.span[1]])
        # a value on an edge of the one a ranking picked (持仓市值呢): the ranking by it, flagged
        return Resolution(text, "+".join(kinds), unsure=picked is not None)

    @staticmethod
    def _other_label(ex, prev: Turn) -> bool:
        """Does the question name a kind of thing the turn before did not?"""
        before = {t for m in prev.mentions if m["kind"] == "label" for t in m.get("targets") or ()}
        return any(m.kind == "label" and not set(m.targets) & before for m in ex.mentions)

    def _days_of_one(self, q: str, ex, prev: Turn) -> Named | None:
        """The one thing the turn before named, when this turn ranks days (asks which
        day, with a superlative) and names no thing: a ranking of days is some thing's."""
        if ex.of("entity") or not ex.of("property") or len(prev.named) != 1 \
                or not any(u.kind == "extreme" for u in self._units(ex)):
            return None
        days = (self.lang.words.get("asks") or {}).get("day") or ()
        one = prev.named[0]
        return one if any(str(w) in q for w in days) and self._fits(one.label, ex) else None

    def _own_shape(self, ex, prev: Turn) -> str:
        """The shape words a follow-up ends with (…的有几只), when it asks a shape (a count,
        a list, yes or no) the question before did not: they replace the ones before."""
        kinds = {u.kind for u in self._units(ex) if u.kind in ("count", "list", "yesno")}
        last = max((m.end for m in ex.mentions), default=None)
        if not kinds or last is None or not prev.shapes:
            return ""
        said = {prev.resolved[a:b] for a, b in prev.shapes}
        tail = ex.question[last:].strip(self._seps + self._ends)
        if self._of_word and tail.startswith(self._of_word):
            tail = tail[len(self._of_word):]
        return tail if tail and tail not in said and self.lang.fillers.covers(tail, asking=True) else ""

    def _swap_entity(self, q: str, ex, prev: Turn) -> list:
        ents, old = ex.of("entity"), [m for m in prev.mentions if m["kind"] == "entity"]
        if not ents:
            return []
        text = self._join([m.text for m in ents])
        particles = self.lang.fillers.particles
        label = next((m for m in ex.mentions if m.kind == "label" and m.start >= ents[-1].end
                      and all(c in particles for c in ex.question[ents[-1].end:m.start])), None)
        if label is not None:
            text += ex.question[ents[-1].end:label.end]  # 券商板块呢, 招商银行的董事长呢
        if not old:
            return [(0, 0, text)]
        kinds = {r.label for m in ents for r in m.entities}
        same = [m for m in old if kinds & set(m.get("labels", ()))]
        if same and len(same) < len(old):  # and in Texas? after semiconductor companies in California: the state
            old = same
        if self._joins(q, ex, prev):  # add PayPal: the names before and the new ones
            text = self._join([*(m["text"] for m in old), *(m.text for m in ents)])
        a, b = old[0]["start"], old[-1]["end"]
        after = b
        while after < len(prev.resolved) and prev.resolved[after] in particles:  # 的 before the kind word
            after += 1
        if label is not None and prev.resolved[after:after + len(label.text)] == label.text:
            b = after + len(label.text)
        elif (kind := self._kind_word(prev, b)) is not None and set(kind["targets"]) & {n.label for n in prev.named} \
                and not set(kind["targets"]) & {r.label for m in ents for r in m.entities}:
            b = kind["end"]  # 青岛啤酒呢 after 白酒板块…: the board's word goes with the board
        return [(a, b, text), *self._reworded(prev, kinds, b)]

    def _reworded(self, prev: Turn, kinds: set[str], after: int) -> list:
        """半导体板块呢 after 两只股票的股价: a figure word of another kind's rows (股价, a stock's
        closing price) said in the new kind's own word for the same figure (收盘点位)."""
        edits = []
        for m in prev.mentions:
            if m["kind"] != "property" or m["start"] < after:
                continue
            if any(self._owns(t, kinds) for t in m["targets"]):
                continue  # 收盘 after a stock's question, of a board: its own word too
            words = {w for t in m["targets"] if (w := self._own_word(t, kinds))}
            if len(words) == 1:
                edits.append((m["start"], m["end"], words.pop()))
        return edits

    def _owns(self, target: str, kinds: set[str]) -> bool:
        """A figure of one of these kinds, or of their own rows."""
        owner = target.partition(".")[0]
        return owner in kinds or any(self._one_step(k, owner) for k in kinds)

    def _own_word(self, target: str, kinds: set[str]) -> str | None:
        owner, _, prop = target.partition(".")
        labels = self.schema.labels
        if owner not in labels or self._owns(target, kinds):
            return None
        for k in kinds:
            for other, spec in labels.items():
                pdef = spec.properties.get(prop)
                if pdef is not None and pdef.description and (other == k or self._one_step(k, other)):
                    return pdef.description
        return None

    def _grown_of(self, q: str, ex, prev: Turn) -> Resolution | None:
        """同期白酒板块涨了多少 after a growth between two times: the other thing's
        change between the same two times."""
        changed = self._find(q, "changed") or self._find(q, "moved")
        times = [m for m in prev.mentions if m["kind"] == "time" and m.get("time")]
        if not prev.growth or not ex.of("entity") or changed is None or len(times) != 2:
            return None
        late, early = sorted(times, key=lambda m: m["time"]["start"], reverse=True)
        name = self._swap_entity(q, ex, prev)[0][2]
        text = self.lang.say("followup.grown_of", name=name, later=prev.resolved[late["start"]:late["end"]],
                             earlier=prev.resolved[early["start"]:early["end"]], changed=changed.group())
        return Resolution(text, "entity")

    def _new_kind(self, ex, prev: Turn) -> bool:
        """Names with a kind word after them (五粮液董事长呢, 兴业和浦发的现任董事长呢: no other
        mention between) that is neither the names' own kind nor one the question before
        asked about: that thing of them."""
        ents = ex.of("entity")
        if not ents:
            return False
        last = ents[-1]
        label = min((m for m in ex.mentions if m.start >= last.end), key=lambda m: m.start, default=None)
        if label is None or label.kind != "label":
            return False
        before = {t for m in prev.mentions if m["kind"] == "label" for t in m.get("targets", ())}
        own = {r.label for m in ents for r in m.entities}
        return not set(label.targets) & (before | own)

    def _kind_word(self, prev: Turn, at: int) -> dict | None:
        """The label word right after the entity ending at `at` in the question before
        (白酒板块: 板块), particles between allowed."""
        particles = self.lang.fillers.particles
        nxt = min((m for m in prev.mentions if m["start"] >= at), key=lambda m: m["start"], default=None)
        if nxt is None or nxt["kind"] != "label" or not all(c in particles for c in prev.resolved[at:nxt["start"]]):
            return None
        return nxt

    def _swap_time(self, q: str, ex, prev: Turn):
        old = [m for m in prev.mentions if m["kind"] == "time"]
        period = next((w for w in self.same_period if w in q), None)
        times = [] if period else ex.of("time")  # 去年同期: the period before moved, not 去年
        if not times and not period:
            return []
        text = self._times_said(ex, times) if times else self._moved(old, self.same_period[period])
        if times and old and self._find(q, "same_time") and times[0].time is not None and times[0].time.kind == "year" \
                and old[0].get("time") and old[0]["time"].get("year") and old[0]["time"]["kind"] != "year":
            # 2022年同期呢 after 2023年四季度: that year's same quarter (day, month)
            text = self._moved(old, "years", old[0]["time"]["year"] - times[0].time.year) or text
        if text is None:
            return Resolution(q, "time", clarify=self.lang.say("followup.unresolved", word=period))
        if old and times and self._find(q, "joined") is not None:  # add 2022: that year too
            text = self._join([old[0]["text"], text])
        if old:
            return [(old[0]["start"], old[0]["end"], text)]
        ents = [m for m in prev.mentions if m["kind"] == "entity"]
        anchor = ents[-1]["end"] if ents else 0
        return [(anchor, anchor, text)]

    def _times_said(self, ex, times) -> str:
        """昨天和前天呢, 三季度四季度嘎: the times said one after another (joined or side by side), all."""
        end = times[0].end
        for t in times[1:]:
            between = ex.question[end:t.start]
            if between.strip() and not self.lang.connectors.fullmatch(between):
                break
            end = t.end
        return ex.question[times[0].start:end]

    def _links(self, label: str, ex) -> bool:
        """Does an edge word of the question join things of this label (管的: a fund's managers)?"""
        edges = [self.schema.edges[e] for m in ex.of("edge") for e in m.targets if e in self.schema.edges]
        return any(label in e.sources or label in e.targets for e in edges)

    def _timeless(self, ex) -> bool:
        """Does the question ask only properties of things with no time (a stock's
        province, not its price on a day nor a report's year)?"""
        labels = [self.schema.labels.get(t.partition(".")[0]) for m in ex.of("property") for t in m.targets]
        return bool(labels) and all(lab is not None and not lab.dynamic and not lab.period and not lab.day
                                    for lab in labels)

    def _swap_asked(self, q: str, ex, prev: Turn):
        """成交量呢, 那涨了百分之几: what the question before asked, all of it, is swapped."""
        props = ex.of("property")
        units = self._units(ex)
        asked = q[props[0].start:self._bounded_end(q, ex, props[-1].end)] if props else self._measure_words(ex, units)
        if not asked:
            return []
        agg = next((u for u in units if u.kind == "aggregate"), None)
        if agg is not None:  # 平均下来涨了多少: the average of it
            asked = ex.question[agg.span[0]:agg.span[1]] + asked
        scale = next((m.group() for p in self._scales if (m := p.search(q))), "")
        if scale and scale not in asked:  # 成交张数多少张: in the unit asked
            asked += scale
        base = prev.resolved
        was = self._asked_span(prev, whole=not props)
        if was is not None and len(props) == 1 and props[0].text in self.words["bare_extremes"] and prev.rows > 1 \
                and self._strip_each(base) != base and self.lang.says(q, (self.lang.words.get("asks") or {}).get("day", ())):
            # 哪天最高 (read 最高价) after 这周每天收盘价: the day the close was highest
            rest = q.replace(props[0].text, base[was[0]:was[1]] + props[0].text[:2], 1)
            owner = base[:min((m["start"] for m in prev.mentions if m["kind"] == "property"), default=was[0])]
            return Resolution(self.lang.say("followup.owned", owner=self._strip_each(owner), question=rest), "owned")
        fits = self._fits if props else self._measured  # 涨了多少 names no property: a thing with a change measure
        owners = [n for n in prev.named if fits(n.label, ex)] if was is None and not ex.of("entity") else []
        if len(owners) == 1 and not any(fits(n.label, ex) for n in prev.answered):
            # 成交量呢 after 比亚迪的董事长是谁: the stock's, not the chairman's
            rest = self._strip_markers(q) or q
            return Resolution(self.lang.say("followup.owned", owner=owners[0].name, question=rest), "owned")
        if was is not None:
            kept = self._kept_figures(ex, prev)
            return [(was[0], was[1], self._join(kept + [asked]) if kept else asked)]
        # 申购代码呢 after 最近上市的新股有哪几个: theirs, asked after the last thing named (its asking words dropped)
        cut = max((m["end"] for m in prev.mentions), default=len(base))
        # …and 规模加起来多少 after 管了几只基金: the figure of the things counted, no longer their count
        # (the kind counted stays: 管了几只基金 → 管了基金的规模)
        counted = [(a, b, "".join(m["text"] for m in prev.mentions if m["kind"] == "label" and a <= m["start"]
                                  and m["end"] <= b)) for a, b in prev.shapes if prev.counted and b <= cut
                   and not self.patterns["superlatives"].search(base[a:b])] if "superlatives" in self.patterns else []
        return counted + [(cut, len(base), self._of_word + asked)]

    def _bounded_end(self, q: str, ex, end: int) -> int:
        """Where a figure said ends: 连板两天以上 after 今天涨停的 is the figure, its number and its bound."""
        num = next((m for m in ex.mentions if m.kind == "number" and 0 <= m.start - end <= 1), None)
        if num is None:
            return end
        # (its unit between: 两天以上, 5%以上)
        at = [(k + len(w)) for k in range(num.end, min(len(q), num.end + 4)) if q[k] not in self._seps + self._ends
              for w in self.words["bounds"] if q.startswith(w, k)]
        return min(at) if at else num.end

    def _kept_figures(self, ex, prev: Turn) -> list[str]:
        """涨了没 after 茅台今天多少钱: how one thing did, asked of the row whose figures the turn
        before showed — those stay beside its change (昨天呢, 那五粮液呢 then ask them all)."""
        if prev.rows != 1 or len(prev.named) != 1 or not prev.figures or ex.of("time") \
                or any(not set(m.targets) <= self._changes for m in ex.of("property")):
            return []  # 成交量呢: another figure named is asked instead; 这个月涨了多少: another row's
        return list(prev.figures) if any(set(prev.figures) <= words for words in self._row_words) else []

    def _swap_edge(self, q: str, ex, prev: Turn) -> list:
        old = [m for m in prev.mentions if m["kind"] == "edge"]
        if not old or ex.of("property"):
            return []
        runs = self._edge_runs(prev, old)
        if self._find(q, "further"):  # 再往下一层呢 after 锂矿的下游: one link further, after the first word of
            head = runs[-1][0]  # the run the chain ends with (往下游影响到: 下游, not the verb after it)
            return [(head["end"], head["end"], self._of_word + head["text"])]
        edges = ex.of("edge")  # 上游呢 after 锂电池的下游产业; 上游的上游呢: the chain as said now
        return [(old[0]["start"], runs[0][-1]["end"], ex.question[edges[0].start:edges[-1].end])] if edges else []

    def _edge_runs(self, prev: Turn, old: list[dict]) -> list[list[dict]]:
        """The edge words of the turn before in runs said one after another (上游的上游, 下游影响到)."""
        runs = [[old[0]]]
        for m in old[1:]:
            if prev.resolved[runs[-1][-1]["end"]:m["start"]].replace(self._of_word, "").strip():
                runs.append([m])
            else:
                runs[-1].append(m)
        return runs

    def _swap_superlative(self, q: str, ex, prev: Turn) -> list:
        sup, old = self._find(q, "superlatives"), self._find(prev.resolved, "superlatives")
        if sup and old and sup.group() != old.group():  # 最小的呢 after 成交量最大的5只
            return [self._superlative_swapped(sup, old)]
        return []

    def _superlative_swapped(self, sup: re.Match, old: re.Match) -> tuple[int, int, str]:
        """The edit putting the superlative said in place of the one before: only its
        superlative (最少 after 涨得最多: 涨得最少, the move kept), or whole (跌得最多)."""
        tail = next((w for w in self.words["superlatives"] if len(w) < len(old.group()) and old.group().endswith(w)),
                    None)
        start = old.end() - len(tail) if tail and len(sup.group()) <= len(tail) else old.start()
        return start, old.end(), sup.group()

    def _swap_values(self, q: str, ex, prev: Turn) -> list:
        values = ex.of("value")
        olds = [o for o in prev.mentions if o["kind"] == "value" and set(o.get("targets", ())) & {
            t for m in values for t in m.targets}]
        if len(values) > len(olds) == 1:  # the net margin after revenue: the ratio's words in place of the figure
            return [(olds[0]["start"], olds[0]["end"], ex.question[values[0].start:values[-1].end])]
        out, used = [], set()
        for m in values:  # 浙江呢: another value of the same property (each one before swapped once)
            same = next((k for k, o in enumerate(prev.mentions) if k not in used and o["kind"] == "value"
                         and set(o.get("targets", ())) & set(m.targets)), None)
            if same is None:
                continue
            used.add(same)
            o = prev.mentions[same]
            if o["text"].lower() != m.text.lower():  # the gross margin again (its two figures): nothing swapped
                out.append((o["start"], o["end"], m.text))
        return out

    def _asked_span(self, prev: Turn, whole: bool) -> tuple[int, int] | None:
        """Where the question before names what it asks: its property words and
        measure words (涨了百分之几), first to last; with `whole`, the asking word
        after them too (收盘多少 → 涨了百分之几, not 涨了百分之几多少)."""
        text = prev.resolved
        spans = [(m["start"], m["end"]) for m in prev.mentions if m["kind"] == "property"]
        if whole or not spans:
            spans += [tuple(x) for x in prev.measures]
        if not spans:
            return None
        a, b = min(x for x, _ in spans), max(y for _, y in spans)
        after = self.lang.fillers.spans(text[b:], asking=True)
        if whole and after and after[0][0] == 0:
            b += after[0][1]
        return a, b

    def _measure_words(self, ex, units) -> str | None:
        """Words that ask for a measure without naming a property (涨了百分之几, 累计涨了多少)."""
        unit = next((u for u in units if u.kind in MEASURE_UNITS), None)
        return ex.question[unit.span[0]:unit.span[1]] if unit is not None else None

    def _picked(self, prev: Turn) -> Named | None:
        """The one thing a ranking answered (哪只持仓占比最高 → 工银瑞信…), else None."""
        return prev.answered[0] if prev.ranked and (len(prev.answered) == 1 or prev.leader) and prev.answered else None

    def _reshaped(self, prev: Turn, rest: str, unasked: bool = False) -> str:
        """The question before without its answer-shape words (有几只, 有哪些) and the
        asking words left at its end (有都是), then `rest`; with `unasked`, without
        the property it asked at its end either (今天谁涨得多 after …的成立时间)."""
        cuts = [tuple(x) for x in prev.shapes]
        last = max(prev.mentions, key=lambda m: m["end"], default=None)
        if unasked and last is not None and last["kind"] == "property" \
                and self._said_all(prev.resolved[last["end"]:]):
            cuts.append((last["start"], len(prev.resolved)))
        body = self._unasked(_apply(prev.resolved, [(a, b, "") for a, b in cuts], not self.lang.script))
        while True:  # nor those at its start (What was …), which would ask the new question yes or no
            body = body.lstrip(self._seps)
            head = [(a, b) for a, b in self.lang.fillers.spans(body, asking=True)
                    if a == 0 and 0 < b < len(body) and body[b] in self._seps]  # whole words: not 中 of 中国平安
            if not head:
                break
            body = body[head[-1][1]:]
        for m in prev.mentions:  # 这几只里今天谁涨得最多 after 红三兵今天有哪些: the day said once
            said = m["text"]
            if m["kind"] == "time" and said in body and rest.replace(said, "", 1).strip(self._seps) and said in rest:
                rest = rest.replace(said, "", 1)
        return self._cat(body, rest)

    def _unasked(self, body: str) -> str:
        """The question without the asking words left at its end (有都是)."""
        body = body.rstrip(self._ends)
        while True:
            tail = [(a, b) for a, b in self.lang.fillers.spans(body, asking=True) if b == len(body) and a < b]
            if not tail or tail[-1][0] == 0:
                return body
            body = body[:tail[-1][0]]

    def _said_all(self, tail: str) -> bool:
        """Is what is left of a question nothing but asking words (多少, 是哪只) or nothing?"""
        tail = tail.rstrip(self._ends)
        return not tail or self.lang.fillers.covers(tail, asking=True)

    def _strip_each(self, text: str) -> str:
        """宁德时代这周每天 → 宁德时代这周: the period's rows, no longer each shown."""
        for w in sorted(map(str, self.lang.words.get("each") or ()), key=len, reverse=True):
            text = text.replace(w, "")
        return text

    def _strip_markers(self, q: str) -> str:
        body = q.strip().rstrip(self._ends)
        body = self._lead.sub("", body, count=1)
        if self._closed_early(body):
            body = self._clause_tail.sub("", body, count=1)
        return self._tail.sub("", body, count=1).strip(self._seps)

    def _moved(self, times: list[dict], unit: str, by: int = 1) -> str | None:
        """去年同期: the time of the question before, a year (month, week) earlier — or `by`
        of them — written out (上礼拜同一天: the same weekday a week before)."""
        if not times or not times[0].get("time"):
            return None
        t = times[0]["time"]
        shift = {"years": lambda d: _shift(d, years=by), "weeks": lambda d: d - dt.timedelta(weeks=by)}.get(
            unit, lambda d: _shift(d, months=by))
        say = self.lang.say
        if t.get("quarter") and t.get("year"):
            return say("followup.time_quarter", y=t["year"] - (by if unit == "years" else 0), q=t["quarter"])
        start = dt.date.fromisoformat(t["start"]) if t.get("start") else None
        end = dt.date.fromisoformat(t["end"]) if t.get("end") else None
        if start is None or end is None:
            return None
        a, b = shift(start), shift(end)
        if t.get("kind") == "year":
            return say("followup.time_year", y=a.year)
        if a == b:
            return say("followup.time_day", y=a.year, m=a.month, d=a.day)
        return say("followup.time_range", y=a.year, m=a.month, d=a.day, y2=b.year, m2=b.month, d2=b.day)

    def _cat(self, *parts: str) -> str:
        """Parts of a rewritten question one after another; in a language that spaces
        its words, a space where two parts would touch (Mastercard + By how much)."""
        out = ""
        for part in parts:
            if not self.lang.script and out and part and not out[-1].isspace() and not part[0].isspace() \
                    and part[0] not in self._ends + self._seps:
                out += " "
            out += part
        return out

    def _join(self, names: list[str]) -> str:
        names = list(dict.fromkeys(names))
        if len(names) == 2:
            return self.lang.say("followup.joined", a=names[0], b=names[1])
        return self.lang.join(names) if len(names) > 2 else (names[0] if names else "")


def _class_letter(m: re.Match) -> str:
    """The share class a `share_class` match says (A的, C类, 是A的: A or C)."""
    return next(g for g in m.groups() if g).upper()


def _same_quarter(ex, history: list[Turn]) -> Turn | None:
    """跟2022年四季度比呢 after 2023's fourth quarter, then its third: the recent turn of the
    same quarter in another year (a year against a year), if there is one."""
    said = [m.time for m in ex.of("time")] if ex is not None else []
    if len(said) != 1 or said[0].quarter is None or said[0].year is None:
        return None
    for t in [t for t in history if t.ok and not t.computed][-3:][::-1]:
        times = [m["time"] for m in t.mentions if m["kind"] == "time" and m.get("time")]
        if len(times) == 1 and times[0].get("quarter") == said[0].quarter \
                and times[0].get("year") not in (None, said[0].year):
            return t
    return None


def _latest(history: list[Turn]) -> Turn | None:
    """The latest turn answered by a query (not computed from others)."""
    return next((t for t in reversed(history) if t.ok and not t.computed), None)


def _one_figure(turn: Turn) -> bool:
    """The turn answered one figure (not the one group of a grouped answer)."""
    return len(turn.values) == 1 and turn.rows == 1


def _later_first(op: str, a: int, b: int, history: list[Turn], said_order: bool = False) -> tuple[str, int, int]:
    """Two answers of two days, their gap asked (差几块钱 after today's price, 昨天呢; 多了多少 after
    a quarter, then the year before's): a change over time, the later day's less the earlier's,
    signed; else as given (比上一个低多少 says its order)."""
    days = _day_of(history[a]), _day_of(history[b])
    if op not in ("difference", "more", "percent") or op != "difference" and said_order or not all(days) \
            or days[0] == days[1]:
        return op, a, b
    # (多挣了百分之几 after 23年, then 22年: the later against the earlier too)
    return ("percent" if op == "percent" else "more"), *((a, b) if days[0] > days[1] else (b, a))


def _days_of(turn: Turn) -> set[str]:
    """The days (or period starts) a turn asked about, ISO-written."""
    return {str(m["time"]["start"]) for m in turn.mentions
            if m["kind"] == "time" and m.get("time") and m["time"].get("start") is not None}


def _day_of(turn: Turn) -> str:
    """The one day a turn asked about, or "" if none or several."""
    days = _days_of(turn)
    return days.pop() if len(days) == 1 else ""


def _same_measure(a: Turn, b: Turn) -> bool:
    """Could two one-figure answers be subtracted: the properties their questions
    asked share one (a change and a total of holdings do not)?"""
    said = [{t for m in x.mentions if m["kind"] == "property" for t in m.get("targets", ())} for x in (a, b)]
    return not all(said) or bool(said[0] & said[1])


def _same_time(a: Turn, b: Turn) -> bool:
    """Were the two turns asked of the same period (兴业银行同期 and 招行2023年四季度)?"""
    def times(t: Turn):
        return sorted((m["time"]["start"], m["time"]["end"]) for m in t.mentions if m["kind"] == "time" and m.get("time"))
    return times(a) == times(b)


def _next_days(early: str, late: str, calendar) -> bool:
    """Are these two days (ISO text) trading days one right after the other (or, with no
    calendar, at most a weekend apart)?"""
    a, b = dt.date.fromisoformat(str(early)[:10]), dt.date.fromisoformat(str(late)[:10])
    if calendar:
        between = [d for d in calendar if a < d < b]
        return not between and b > a
    return 0 < (b - a).days <= 3


def _either(mentions) -> set[str]:
    """男的女的: two or more values of one property asked — which one it is; the
    property targets they share (empty when they are not that)."""
    values = [m for m in mentions if m.kind == "value"]
    return set.intersection(*(set(m.targets) for m in values)) if len(values) >= 2 else set()


def _apply(text: str, edits: list[tuple[int, int, str]], spaced: bool = False) -> str:
    """The text with each (start, end, new) edit made; in a language that spaces its
    words, new words are kept apart from the words beside them."""
    for a, b, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        if spaced and new and a > 0 and text[a - 1].isalnum() and new[0].isalnum():
            new = " " + new
        if spaced and new and b < len(text) and text[b].isalnum() and new[-1].isalnum():
            new += " "
        text = text[:a] + new + text[b:]
    return text


def _shift(d: dt.date, years: int = 0, months: int = 0) -> dt.date:
    y, m = d.year - years, d.month - months
    while m < 1:
        y, m = y - 1, m + 12
    while True:
        try:
            return d.replace(year=y, month=m)
        except ValueError:
            d = d - dt.timedelta(days=1)  # 02-29 a year before: 02-28


def _one_kind(named: list[Named]) -> list[Named]:
    """These are things of one kind: of names of several kinds (美的集团、金山办公、长城汽车中有
    银行股没 named three stocks and a board), those of the kind most named."""
    counts = Counter(n.label for n in named).most_common(2)
    if len(counts) < 2:
        return named
    if counts[0][1] == counts[1][1]:
        return []  # as many of each: which kind is meant is not said
    return [n for n in named if n.label == counts[0][0]]
