"""What was understood: after ranking, every character of the question is
accounted for by a mention, a trigger unit or a filler word (the language's
`fillers.yaml`); what is left is *unexplained*. The confidence of an answer is
built from that, from whether the chosen query used every name, number and date
the question gave, and from the ranking margin.

The score is calibrated so that one fixed line, `TRUST` (0.5), separates the
answers to trust from the rest: an unexplained word or an unused mention puts
an answer below it, a clear reading of every word above it (measured by
`nl2cypher eval`'s reliability table)."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field, replace

from .cypher import ast
from .lang import Fillers
from .lexicon import Extraction
from .synth import Candidate
from .units import Unit
from .schema import TIME_TYPES

TRUST = 0.5  # the contract's line: below it an answer is flagged as possibly not understood
LONE_TURN = 0.45  # a turn after others that leaned on none and names nothing: just below TRUST
NOTHING_FOUND = 0.45  # a named thing's value asked and no row came back: the KG may not hold it
TIED = 0.45  # a ranking's last row kept ties with the next: which are shown is the names' spelling
ECHO = 0.4  # an answer that only repeats the question's names
GUESS = 0.45  # words searched for in texts (news titles) with nothing saying which texts: just below TRUST
CLOSE_MARGIN = 0.005  # top two candidates this close: the ranking could not tell them apart


@dataclass(frozen=True)
class Understanding:
    unexplained: tuple[str, ...]  # words of the question nothing accounts for
    explained: float  # share of the question's content characters accounted for
    ignored: tuple[str, ...]  # words the chosen query does not use (a name, a number, a date)
    margin: float | None  # score of the best candidate minus the second's (None: one candidate)
    confidence: float
    echo: bool = False  # the answer only repeats names the question gave (丁伟是哪家的董事长 → 丁伟)
    guessed: tuple[str, ...] = ()  # words searched for inside texts (news titles) though nothing said news


def accounted(ex: Extraction, units: list[Unit], fillers: Fillers, pronouns: re.Pattern | None = None,
              answered=None, spoken=None) -> list[bool]:
    """Per character of the question: is it a mention, a unit's word, a filler,
    punctuation, or a pronoun after a name it can point back to (or right before one: 我司泸州老窖)?"""
    q = ex.question
    ok = [not (c.isalnum()) for c in q]  # punctuation and spaces say nothing
    for u in units:
        a, b = u.span
        ok[a:b] = [True] * (b - a)
        a, b = u.gap  # how much bigger … than: the words between are the question's own
        ok[a:b] = [not c.isalnum() for c in q[a:b]]
    for m in ex.mentions:
        ok[m.start:m.end] = [True] * (m.end - m.start)
    for a, b in ex.framed:
        ok[a:b] = [True] * (b - a)
    if pronouns is not None:  # before the fillers: 这些 is one word, not 这 and a filler 些
        named = [m.end for m in ex.mentions if m.names]
        rest = "".join(" " if k else c for c, k in zip(q, ok))
        words = fillers.spans(rest, asking=False)
        for p in pronouns.finditer(rest):
            if any(a < p.end() and p.start() < b and (a < p.start() or b > p.end()) for a, b in words):
                continue  # 其他 is a filler word, not 其 and a pronoun 他
            before = [end for end in named if end <= p.start()]
            # 关于贵州茅台，它的董事长: 它 is 贵州茅台; 锂矿的下游是什么产业，这些下游产业: several
            # things after one name, past a clause, are the clause's answer — not accounted for
            if before and (p.lastgroup != "several" or len(before) > 1 or _one_clause(q[before[-1]:p.start()])) \
                    or p.lastgroup == "one" and any(m.names and m.start == p.end() for m in ex.mentions) \
                    or answered is not None and p.lastgroup == "one" and answered(q[:p.start()]) \
                    or spoken is not None and p.lastgroup == "one" and not before and spoken(q[:p.start()]):
                ok[p.start():p.end()] = [True] * (p.end() - p.start())  # …or the one a clause before asks for
    rest = "".join(" " if k else c for c, k in zip(q, ok))
    for a, b in fillers.spans(rest, asking=True):
        ok[a:b] = [True] * (b - a)
    return ok


def _one_clause(between: str) -> bool:
    """No punctuation between a name and a pronoun (易方达旗下这些基金: these are its)."""
    return all(c.isalnum() or c.isspace() for c in between)


def _runs(q: str, ok: list[bool]) -> tuple[str, ...]:
    out, cur = [], ""
    for c, k in zip(q, ok):
        if k:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += c
    if cur:
        out.append(cur)
    return tuple(out)


NAMING = ("entity", "value", "label", "property")  # mentions that name something of the KG


def unnamed(ex: Extraction, query) -> tuple[str, ...]:
    """A thing the question names that the query never names (累计涨幅超过中信证券 answered with
    every broker's change: the one compared with was dropped) — the words naming it."""
    values = {str(x) for v in query.params.values() for x in (v if isinstance(v, list) else [v])}
    return tuple(m.text for m in ex.of("entity") if m.entities and not {r.name for r in m.entities} & values)


def asides(ex: Extraction, cuts: str, asking: re.Pattern | None, fillers: Fillers, hearsay=(), opinions=(), spaced=False) -> list[str]:
    """刚开户看不懂, 谁懂啊我今天刚上车: the parts of a question (cut at sentence ends,
    separators and spaces) that name nothing of the KG (a day alone names nothing) and
    ask nothing (no question mark after, no asking word in what is left of them without
    filler words), beside a part that names something — the asker's aside, not what is
    asked. A part that asks but names nothing, beside another that asks (我要不要割肉啊
    after 五粮液是不是被立案调查了), and one that reports what someone said and asks
    nothing (博主说红三兵是上车信号: the language's `hearsay` words) are asides too."""
    return [text for _, _, text, _ in _aside_parts(ex, cuts, asking, fillers, hearsay, opinions, spaced)]


def _aside_parts(ex: Extraction, cuts: str, asking: re.Pattern | None, fillers: Fillers, hearsay=(), opinions=(), spaced=False):
    """Each aside as (start, end, text, told): told when it reports what someone said, or
    the asker's own view (做价值投资得找赛道里最赚钱的) beside a part that asks."""
    # (a space parts a question where the script writes none; where words are spaced, only marks do)
    gap = "" if spaced else r"\s"
    parts = [(m.start(), m.end(), m.group().strip()) for m in re.finditer(rf"[^{re.escape(cuts)}{gap}]+", ex.question)
             if m.group().strip()]
    named = [any(a <= x.start < b and x.kind in NAMING for x in ex.mentions) for a, b, _ in parts]
    if not any(named) or asking is None or len(parts) < 2:
        return []  # (a question of one part is what is asked, whatever it reports)
    asks = [_asks(asking, fillers, text, ex.question[b:b + 1]) for a, b, text in parts]
    out = []
    for i, ((a, b, text), n, k) in enumerate(zip(parts, named, asks)):
        asked_elsewhere = any(asks[:i] + asks[i + 1:])
        told = any(w in text for w in hearsay)
        # (asked of something named elsewhere: 我觉得茅台今天涨了，是吗 asks the view itself)
        held = not k and any(w in text for w in opinions) and any(
            asks[j] and named[j] for j in range(len(parts)) if j != i)
        if (not n and (not k or asked_elsewhere)) or (not k and told) or held:
            out.append((a, b, text, told and not n or held))
    return out


def without_views(ex: Extraction, cuts: str, asking: re.Pattern | None, fillers: Fillers, hearsay=(),
                  opinions=(), spaced=False) -> tuple[str, list[str]] | None:
    """做价值投资得找赛道里最赚钱的，白酒板块里…哪一家: the question without the asker's
    views that name no thing of their own (their words would be read as asked), and the views;
    None if none."""
    views = [(a, b) for a, b, text, told in _aside_parts(ex, cuts, asking, fillers, hearsay, opinions, spaced)
             if told and any(w in text for w in opinions)]
    if not views:
        return None
    q = ex.question
    things = [m for m in ex.mentions if m.kind == "entity"]
    asked_of = any(not any(a <= m.start < b for a, b in views) for m in things)
    for a, b in reversed(views):
        # 长江电力一向被当成类债资产，…: the thing it names stays (unless what is asked names its own)
        named = "" if asked_of else "".join(m.text for m in things if a <= m.start < b)
        end = b if named or q[b:b + 1] not in cuts else b + 1
        q = q[:a] + named + q[end:]
    return (q.strip(), [ex.question[a:b] for a, b in views]) if q.strip() else None


def untold(ex: Extraction, units: list[Unit], cuts: str, asking: re.Pattern | None, fillers: Fillers,
           hearsay=(), opinions=(), spaced=False) -> list[Unit]:
    """博主说这个数越高越好是吗 after 海天味业存货周转率多少: what a part reporting someone's
    saying asks (its 是吗, its 个数) is their claim, not a question to the KG — its units go;
    so do those of the asker's view said before what is asked (连续亏损的公司我是碰都不碰的)."""
    told = [(a, b) for a, b, _, t in _aside_parts(ex, cuts, asking, fillers, hearsay, opinions, spaced) if t]
    return [u for u in units if not any(a <= u.span[0] and u.span[1] <= b for a, b in told)] if told else units


def _asks(asking: re.Pattern, fillers: Fillers, text: str, mark: str) -> bool:
    """Does this part ask (an asking word in what is left of it without filler words, or a question mark after)?"""
    said = text
    for x, y in reversed(fillers.spans(text)):
        said = said[:x] + " " + said[y:]
    return bool(asking.search(said.strip() + mark.strip()) or asking.search(text[-1:] + mark.strip()))  # …割肉吗: its last word asks


def unexplained_words(ex: Extraction, units: list[Unit], fillers: Fillers,
                      pronouns: re.Pattern | None = None, answered=None, spoken=None) -> tuple[str, ...]:
    return _runs(ex.question, accounted(ex, units, fillers, pronouns, answered, spoken))


@dataclass(frozen=True)
class Expressed:
    """What a query must hold to express a question's words: the language's
    `asks` words (ranking, group), the stored properties a property is read
    through (`read_as`: 成交额 → 收盘价, 成交量), the day properties (rows put in
    order of their day are listed, not ranked) and each edge's end labels."""

    asks: dict = field(default_factory=dict)
    read_as: dict[str, set[str]] = field(default_factory=dict)
    days: frozenset[str] = frozenset()
    ends: dict[str, set[str]] = field(default_factory=dict)
    clause_marks: str = ""  # marks that end a clause (，？): a second clause may ask a second thing
    unbuilt: tuple[str, ...] = ()  # 四个季度都盈利, 成立多少年了: what no reading holds
    clause_ends: str = ""  # what ends an ask with no mark after it (涨的多少家|跌的多少家)
    names: frozenset[str] = frozenset()  # the properties that show which thing a row is (labels' `display`)
    of: str = ""  # the word joining a thing to what it has (的): 下游的下游 is two links
    count: re.Pattern | None = None  # words that ask how many (几只), not which (哪几只)
    per_period: tuple[str, ...] = ()  # 每天, 每个季度: a figure asked for each period, one row each
    per_period_once: tuple[str, ...] = ()  # …but 平均每天: one average over the periods
    scales: tuple[re.Pattern, ...] = ()  # 多少亿, 几万股: an amount asked in a magnitude
    differences: tuple[str, ...] = ()  # 差多少, 相差多少: a difference asked
    periods: frozenset[str] = frozenset()  # the properties a row's day or report period is kept in
    monthly: tuple[str, ...] = ()  # 各月, 哪个月: rows asked a month at a time
    dated: frozenset[str] = frozenset()  # the properties that answer "when" (dates, a row's period)

    @classmethod
    def of(cls, packs) -> "Expressed":
        schema, lang = packs.schema, packs.lang
        return cls(lang.words.get("asks") or {}, schema.read_as(),
                   frozenset(lab.day for lab in schema.labels.values() if lab.day),
                   {n: set(e.sources) | set(e.targets) for n, e in schema.edges.items()},
                   str(lang.words.get("clause_marks") or ""), tuple(str(w) for w in lang.words.get("unbuilt") or ()),
                   str(lang.words.get("clause_ends") or ""),
                   frozenset(lab.display for lab in schema.labels.values() if lab.display), lang.glue("of"),
                   re.compile(str(lang.words["asks_count"])) if lang.words.get("asks_count") else None,
                   tuple(str(w) for w in lang.words.get("each") or ()),
                   tuple(str(w) for w in lang.words.get("each_averaged") or ()),
                   tuple(re.compile(str(p)) for p in lang.words.get("answer_scales") or ()),
                   tuple(str(w) for w in ((lang.references.get("follow_up") or {}).get("arithmetic") or {})
                         .get("difference") or ()),
                   frozenset(p for lab in schema.labels.values() for p in [lab.day, *lab.period.values()] if p),
                   tuple(str(w) for w in lang.words.get("each_month") or ()),
                   frozenset(p for lab in schema.labels.values() for p in [lab.day, *lab.period.values()] if p)
                   | {n for x in [*schema.labels.values(), *schema.edges.values()]
                      for n, d in x.properties.items() if d.type in TIME_TYPES})


def understand(ex: Extraction, unexplained: tuple[str, ...], ranked: list[Candidate],
               expressed: Expressed = Expressed(), units: list[Unit] = ()) -> Understanding:
    content = sum(1 for c in ex.question if c.isalnum()) or 1
    best = ranked[0]
    unexplained = rescaled(ex.question, unexplained, expressed, best.query)
    missing = sum(len(w) for w in unexplained)
    ignored = tuple(ex.mentions[i].text for i in best.ignored)
    ignored += tuple(w for w in unexpressed(ex, best.query, expressed, units) if w not in ignored)
    if best.answer == "entity":  # a whole row for 比昨天多了多少 or 今天咋样: the comparison or the day went unused
        ignored += tuple(ex.question[u.span[0]:u.span[1]] for u in units if u.kind not in WHOLE_ROW_UNITS)
        ignored += tuple(m.text for m in ex.mentions if m.kind == "time")
    listed = "collect" in _query_facts(best.query)[1]  # 有几只？分别是哪几只: the names are in the answer
    # 涨停了吗，连续几天了: the yes/no shows the figure beside it
    shown = best.shape == "yesno" and len(getattr(best.query.clauses[-1], "items", ())) > 1
    ignored += tuple(w for w in asked_twice(ex.question, units, expressed.clause_marks, ex.mentions, listed, shown)
                     if w not in ignored)
    # …a word a property word took in is that word's (成立多少年了: the age of a date, built)
    free = _blanked(ex.question, [m for m in ex.mentions if m.kind == "property"])
    if best.shape == "every":  # 每天都上涨: a condition in every period, built
        free = "".join(" " if any(a <= i < b for a, b in (u.span for u in units if u.kind == "every")) else c
                       for i, c in enumerate(free))
    ignored += tuple(w for w in expressed.unbuilt if w in free)
    ignored += tuple(w for w in unaggregated(ex.question, units, best.query) if w not in ignored)
    ignored += tuple(w for w in totalled_after_ranking(ex.question, units, best.query) if w not in ignored)
    ignored += unlisted(ex, units, best.query, expressed.names)
    ignored += tuple(w for w in unshown(ex, units, best.query, expressed.asks.get("person") or ()) if w not in ignored)
    ignored += unpicked(ex.question, units, best.query)
    ignored += ungrown(ex.question, units, best.query)
    ignored += each_then_one(ex.question, units, best.query, expressed)
    ignored += once_for_all(ex.question, best.query, expressed) if best.shape != "every" else ()  # 每天都涨的有几只
    ignored += no_month(ex.question, best.query, expressed)
    ignored += undated(ex.question, best.query, expressed)
    ignored += counted_once(ex.question, units, expressed.clause_marks, best.query)
    ignored += unmeasured(ex.question, expressed, best.query)
    ignored += undifferenced(ex.question, expressed.differences, best.query)
    ignored += unnamed(ex, best.query)
    ignored = tuple(dict.fromkeys(ignored))
    # how close the next reading as complete came (a less complete one is no rival: it drops a word)
    left = _left_out(ex, best, expressed, units)
    rivals = [c for c in ranked[1:] if _left_out(ex, c, expressed, units) <= left]
    margin = best.score - rivals[0].score if rivals else None
    echo = echoes(best.query, ex.question, expressed.days)
    guessed = guesses(ex, expressed.ends)
    score = confidence(missing, content, len(ignored), margin)
    if echo:
        score = min(score, ECHO)
    if guessed:
        score = min(score, GUESS)
    return Understanding(unexplained, round(1 - missing / content, 4), ignored, margin, score, echo, guessed)


def complete_first(ex: Extraction, ranked: list[Candidate], expressed: Expressed, units=()) -> list[Candidate]:
    """The ranked readings, those that leave fewer words of the question unused or
    unexpressed first (a reading by 产业规模 that drops 按申购状态分组 ranks below the
    funds' grouping, however close its description); the encoder's order within."""
    return sorted(ranked, key=lambda c: _left_out(ex, c, expressed, units)) if len(ranked) > 1 else ranked


def _left_out(ex: Extraction, c: Candidate, expressed: Expressed, units) -> int:
    """How many words of the question a reading leaves unused or unexpressed."""
    return len(c.ignored) + len(unexpressed(ex, c.query, expressed, units))


def ungrown(question: str, units, query) -> tuple[str, ...]:
    """A change between the times named (grew from 2020 to 2021) answered by a query
    that subtracts nothing — the values listed: the change word, as not expressed."""
    if any(isinstance(n, ast.Bin) and n.op in ("-", ">", "<") for n in _flat(query)):
        return ()
    # (这礼拜成交量比上礼拜大还是小 answered with this week's days: the comparison, as not expressed)
    return tuple(question[u.span[0]:u.span[1]] for u in units
                 if u.kind == "growth" and u.params.get("kind") in ("span", "vs"))[:1]


def unpicked(question: str, units, query) -> tuple[str, ...]:
    """谁涨得多 (which one, a direction) answered by a query that picks none — no
    order, no limit (a difference of the two): the which-words, as not expressed."""
    if _query_facts(query)[2]:
        return ()
    return tuple(question[u.span[0]:u.span[1]] for u in units if u.kind == "which" and u.params.get("dir"))[:1]


def each_then_one(question: str, units, query, expressed: Expressed) -> tuple[str, ...]:
    """分别是多少，哪家更高: each one's figure asked, then the higher picked in a later
    clause — a query keeping one row answers the pick alone: the each-word, as not expressed."""
    if not any(isinstance(c, ast.Return) and c.limit == 1 for c in query.clauses):
        return ()
    cuts = [m.start() for m in clause_cuts(expressed.clause_marks).finditer(question)]
    for w in expressed.asks.get("each", ()):
        at = question.find(str(w))
        cut = next((c for c in cuts if c > at), None) if at >= 0 else None
        if cut is not None and any(u.kind in ("which", "extreme") and u.span[0] > cut for u in units):
            return (str(w),)
    return ()


def unmeasured(question: str, expressed: Expressed, query) -> tuple[str, ...]:
    """回购多少亿 answered with names alone: an amount asked in a magnitude that no
    column shows (every column names a thing) — the amount's words, as not expressed."""
    m = _scale_said(question, expressed)
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if m is None or ret is None:
        return ()
    named = all(isinstance(i.expr, ast.Var) or isinstance(i.expr, ast.Prop) and i.expr.key in expressed.names
                for i in ret.items)
    return (m.group(),) if named else ()


def _scale_said(question: str, expressed: Expressed) -> re.Match | None:
    """Where the question asks for a magnitude (多少亿, 换算成亿元), if it does."""
    return next((m for p in expressed.scales if (m := p.search(question))), None)


def rescaled(question: str, unexplained: tuple[str, ...], expressed: Expressed, query) -> tuple[str, ...]:
    """换算成亿元 with a column divided into 亿元: the words asking the magnitude are read."""
    m = _scale_said(question, expressed)
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if m is None or ret is None or not any(isinstance(i.expr, ast.Bin) and i.expr.op == "/" and
                                           isinstance(i.expr.right, ast.Lit) for i in ret.items):
        return unexplained
    return tuple(u for u in unexplained if u not in m.group())


def undifferenced(question: str, words: tuple[str, ...], query) -> tuple[str, ...]:
    """收盘和开盘差多少 answered with the two figures side by side: a difference asked that
    the query never takes — the difference word, as not expressed."""
    said = next((w for w in words if w in question), None)
    if said is None or any(isinstance(n, ast.Bin) and n.op == "-" for n in _flat(query)):
        return ()
    return (said,)


def counted_once(question: str, units, marks: str, query) -> tuple[str, ...]:
    """女基金经理有几个 博士有几个: a count asked in each of two clauses answered by a query
    with fewer counts (one count of both conditions together) — the later count's words,
    as not expressed."""
    cuts = [m.start() for m in clause_cuts(marks).finditer(question)]
    asked = {}
    for u in units:
        if u.kind == "count":
            asked.setdefault(sum(1 for c in cuts if c < u.span[0]), u.span)
    last = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if len(asked) < 2 or last is None or sum(1 for i in last.items if _aggregated(i.expr)) >= len(asked):
        return ()
    a, b = asked[max(asked)]
    return (question[a:b],)


def once_for_all(question: str, query, expressed: Expressed) -> tuple[str, ...]:
    """本周每天涨停家数: a figure asked for each period (每天, 每个季度) answered by one
    aggregate (or one ranking) over them all, no period beside it — the each-word, as not expressed
    (unless a total was asked: 四个季度加在一起)."""
    if any(str(w) in question for w in expressed.asks.get("total", ())):
        return ()
    last = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if last is None or not last.items:
        return ()
    # …or 每个交易日成交量前5: one ranking over the whole window, no day beside it
    ranked_once = last.limit is not None and not any(isinstance(i.expr, ast.Prop) and i.expr.key in expressed.periods
                                                     for i in last.items)
    if not ranked_once and not all(_aggregated(i.expr) for i in last.items):
        return ()
    said = question
    for w in expressed.per_period_once:  # 平均每天成交多少: one figure over the days
        said = said.replace(w, " ")
    return tuple(w for w in expressed.per_period if w in said)[:1]


MONTHS = ("month_of", "year_month_of")  # the engine's functions that take a date's month


def no_month(question: str, query, expressed: Expressed) -> tuple[str, ...]:
    """茅台2023年哪个月涨得最多 answered with a day: a month asked (各月, 哪个月) that no
    column of the answer takes — the month word, as not expressed."""
    said = [w for w in expressed.monthly if w in question]
    if not said or any(isinstance(n, ast.Func) and n.name in MONTHS for n in _flat(query)):
        return ()
    return tuple(said[:1])


def undated(question: str, query, expressed: Expressed) -> tuple[str, ...]:
    """片仔癀近一年涨得最多的是哪一天 answered with the year's change: a day asked (哪一天,
    什么时候) that no column of the answer shows — the day word, as not expressed."""
    said = [str(w) for w in expressed.asks.get("day", ()) if str(w) in question]
    if not said or not expressed.dated:
        return ()
    shown = {n.key for c in query.clauses if isinstance(c, (ast.Return, ast.With))
             for i in c.items for n in ast.nodes(i.expr) if isinstance(n, ast.Prop)}
    bound = {n.var for n in _flat(query) if isinstance(n, ast.Node) and n.var}
    whole = any(isinstance(i.expr, ast.Var) and i.expr.name in bound
                for c in query.clauses if isinstance(c, ast.Return) for i in c.items)  # a whole row shows its day
    return () if whole or shown & expressed.dated else tuple(said[:1])


@functools.lru_cache(maxsize=8)
def clause_cuts(marks: str) -> re.Pattern:
    """Where a question's clauses are cut: a mark, or a space between two words."""
    return re.compile(rf"[{re.escape(marks)}]|(?<=[^\sA-Za-z0-9])\s+(?=[^\sA-Za-z0-9])")


def unlisted(ex: Extraction, units, query, names: frozenset[str]) -> tuple[str, ...]:
    """同比增长的白酒股有哪些 answered with one growth figure: a list of a kind of thing
    asked (有哪些 beside a kind word) whose answer shows no thing — no name, no whole row."""
    if not names or not any(m.kind == "label" for m in ex.mentions):
        return ()
    asked = [u for u in units if u.kind == "list"]
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if not asked or ret is None:
        return ()
    nodes = {n.var for n in _flat(query) if isinstance(n, ast.Node) and n.var}
    carried = {i.alias: i.expr for c in query.clauses if isinstance(c, ast.With) for i in c.items if i.alias}
    shown = [n for i in ret.items for n in ast.nodes(i.expr)]
    shown += [n for x in shown if isinstance(x, ast.Var) and x.name in carried for n in ast.nodes(carried[x.name])]
    if any(isinstance(n, ast.Var) and n.name in nodes or isinstance(n, ast.Prop) and n.key in names
           or isinstance(n, ast.Func) and n.name.lower() in ast.AGGREGATES for n in shown):
        return ()  # the things, or a figure over all of them (所有公司注册资本加起来)
    return (ex.question[asked[0].span[0]:asked[0].span[1]],)


def unshown(ex: Extraction, units, query, who: tuple = ()) -> tuple[str, ...]:
    """锂电池下游有哪些产业 对应哪些股票 answered with the industries alone: a kind of
    thing a list asks for (哪些股票), or a kind asked who (经理是谁), that the query
    matches but shows nothing of."""
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if ret is None:
        return ()
    labelled: dict[str, set[str]] = {}
    for n in _flat(query):
        if isinstance(n, ast.Node) and n.var and n.label:
            labelled.setdefault(n.label, set()).add(n.var)
    carried = {i.alias: i.expr for c in query.clauses if isinstance(c, ast.With) for i in c.items if i.alias}
    exprs = [i.expr for i in ret.items]
    exprs += [carried[x.name] for e in exprs for x in ast.nodes(e) if isinstance(x, ast.Var) and x.name in carried]
    if any(isinstance(x, ast.Func) and x.name.lower() in ast.AGGREGATES for e in exprs for x in ast.nodes(e)):
        return ()  # a figure over them (持有哪些股的合计持仓市值)
    shown = {x.var if isinstance(x, ast.Prop) else x.name for e in exprs for x in ast.nodes(e)
             if isinstance(x, (ast.Prop, ast.Var))}
    out = []
    for u in units:
        if u.kind != "list" or not u.span:
            continue
        m = min((m for m in ex.mentions if m.start >= u.span[1]), key=lambda m: m.start, default=None)
        if m is None or m.kind != "label" or m.start - u.span[1] > 2:
            # 跟它沾边的股票又有哪些: the kind said right before the list word that ends its clause
            m = max((m for m in ex.mentions if m.end <= u.span[0]), key=lambda m: m.end, default=None)
            if m is None or m.kind != "label" or u.span[0] - m.end > 1 or not _ends_clause(ex, u.span[1]):
                continue
        if any(labelled.get(t) and not labelled[t] & shown for t in m.targets):
            out.append(m.text)
    for m in ex.mentions:  # 占比最高的是哪只基金 经理是谁: the managers matched, never shown
        after = ex.question[m.end:m.end + 4]
        if m.kind == "label" and any(after.startswith(w) or after[1:].startswith(w) for w in who) \
                and any(labelled.get(t) and not labelled[t] & shown for t in m.targets):
            out.append(m.text)
    return tuple(dict.fromkeys(out))[:1]


def _ends_clause(ex: Extraction, at: int) -> bool:
    """Does nothing the lexicon read come after `at` before a punctuation mark (or the end)?"""
    nxt = min((m.start for m in ex.mentions if m.start >= at), default=len(ex.question))
    rest = ex.question[at:nxt]
    return nxt == len(ex.question) or any(unicodedata.category(c).startswith("P") for c in rest)


def guesses(ex: Extraction, ends: dict[str, set[str]]) -> tuple[str, ...]:
    """Words read as words inside a searchable text (减持 in the news titles)
    while no other word speaks of that text's things (消息, 新闻, 利好): a
    guess at what the user meant, so the answer is not vouched for."""
    def owners(m) -> set[str]:
        return {x for t in m.targets for o in [t.partition(".")[0]] for x in ({o} | ends.get(o, set()))}

    words = [m for m in ex.mentions if m.kind == "value" and m.params.get("op") == "CONTAINS"]
    others = set().union(*(owners(m) for m in ex.mentions if m not in words)) if ex.mentions else set()
    return tuple(m.text for m in words if not owners(m) & others)


ASKS = ("count", "yesno", "extreme", "topk", "aggregate", "which", "list")  # what a clause asks for


def asked_twice(question: str, units, marks: str, mentions=(), listed: bool = False,
                shown: bool = False) -> tuple[str, ...]:
    """A later clause that asks something else than the first (几只？分别是哪几只;
    哪个最好，哪个最差): one query answers one of them, so
    the other's words are returned as not expressed. Beside a yes/no, a clause that
    asks nothing but names a property (在哪个板块上市的？沪市主板吗) asks for its value.
    `listed`: the query lists the names beside its figure (a list asked is answered); `shown`: the
    yes/no shows the figures beside it."""
    # cut where the clauses are cut: at a mark, or a space between two words (涨得最猛 哪个跌得最惨)
    cuts = [m.start() for m in clause_cuts(marks).finditer(question)]
    asks: dict[int, list] = {}
    for u in units:
        if u.kind in ASKS:
            kind = u.kind if u.kind != "which" else "extreme" if u.params.get("dir") else "list"  # 哪个最少
            ranks = kind in ("extreme", "topk")  # 持仓市值最多的基金 前5: one ranking, its count said after
            # (a 前N of no way of its own, said after a superlative, ranks its way: no second ask)
            key = ("rank" if ranks else kind, _direction(u, mentions) if ranks and not u.params.get("neutral") else None)
            asks.setdefault(sum(1 for c in cuts if c < u.span[0]), []).append((key, u.span))
    growth = any(u.kind == "growth" for u in units)  # 收盘价，比昨天高吗: the comparison shows the values
    if not growth and not shown and any(k[0] == "yesno" for found in asks.values() for k, _ in found):  # a value beside
        for m in mentions:
            clause = sum(1 for c in cuts if c < m.start)
            if m.kind == "property" and clause not in asks:
                asks[clause] = [(("list", None), (m.start, m.end))]
    clauses = sorted(asks)
    first = {k for k, _ in asks[clauses[0]]} if clauses else set()
    for c in clauses[1:]:
        keys = {k for k, _ in asks[c]}
        new = [span for k, span in asks[c] if k not in first and not _one_ranking(k, first)
               and (k[0] != "list" or not (keys & first or listed))]
        if new:
            a, b = new[0]
            return (question[a:b],)
    return ()


def _one_ranking(key, first) -> bool:
    """最低的基金 前三 / 前三 跌得最多的: a ranking of no way of its own beside one that has a way is one ranking."""
    return key[0] == "rank" and (key[1] is None and any(f[0] == "rank" for f in first) or ("rank", None) in first)


def _direction(u, mentions) -> str | None:
    """A ranking's direction on the measure itself: 跌得最惨 (a fall word before it) is the lowest change."""
    before = [m for m in mentions if m.kind == "property" and m.end <= u.span[0]]
    flip = bool(before) and before[-1].params.get("flip") == "true"
    d = u.params.get("dir")
    return {"desc": "asc", "asc": "desc"}.get(d, d) if flip else d


def unaggregated(question: str, units, query) -> tuple[str, ...]:
    """An aggregate word (平均, 合计) the query does not compute — 平均管理几只
    answered with one count: the word, as not expressed."""
    funcs = _query_facts(query)[1]
    counts = [u.span[0] for u in units if u.kind == "count" and u.span]
    # 一共有几只: a count said right after is the total asked (…几只新股 总共多少万股: another total)
    counted = lambda u: "count" in funcs and any(0 <= c - u.span[1] <= 4 for c in counts)  # noqa: E731
    return tuple(question[u.span[0]:u.span[1]] for u in units
                 if u.kind == "aggregate" and u.params.get("fn", "avg") not in funcs
                 and not (u.params.get("fn", "avg") == "sum" and counted(u)))


def totalled_after_ranking(question: str, units, query) -> tuple[str, ...]:
    """涨幅前五的股票平均涨幅 (an average over the first few) answered with each one's own
    average, one row apiece: the aggregate word, as not expressed (no group was asked)."""
    if any(u.kind == "group" for u in units) or not _query_facts(query)[3]:
        return ()
    tops = [u.span[1] for u in units if u.kind == "topk" and u.span]
    return tuple(question[u.span[0]:u.span[1]] for u in units
                 if u.kind == "aggregate" and u.span and any(u.span[0] >= t for t in tops))[:1]


def echoes(query, question: str, days: frozenset[str] = frozenset()) -> bool:
    """The answer is only names the question itself gave: every column is a
    property of a thing the question named, with no other condition and no
    ranking (丁伟是哪家的董事长 → 丁伟); or a ranking whose rows are all the one
    thing named (香港中央结算持股比例最高的是哪家 → 香港中央结算) — unless what it
    ranks is the rows' day (汾酒上一次涨停是哪天: that day is the answer)."""
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    match = query.clauses[0] if query.clauses else None
    if ret is None or not isinstance(match, ast.Match) or match.where is None or len(query.clauses) != 2:
        return False
    named, one, other = set(), set(), False
    for x in ast.conjuncts(match.where):
        value = query.params.get(x.right.name) if isinstance(x, ast.Bin) and isinstance(x.right, ast.Param) else None
        said = value is not None and all(str(v) in question for v in (value if isinstance(value, list) else [value]))
        if isinstance(x, ast.Bin) and x.op in ("=", "IN") and isinstance(x.left, ast.Prop) and said:
            named.add(x.left)
            if x.op == "=":
                one.add(x.left)
        else:
            other = True
    if ret.limit is not None:  # the rows ranked differ only in what is not shown
        ranked = ret.order[0].expr if ret.order else None
        if isinstance(ranked, ast.Prop) and ranked.key in days:
            return False
        return bool(ret.items) and ret.items[0].expr in one and all(
            i.expr in one or i.expr == ranked for i in ret.items[1:])
    return not other and all(isinstance(i.expr, ast.Prop) and i.expr in named for i in ret.items)


def as_typed(und: Understanding, typed: Extraction, query, expressed: Expressed, units: list[Unit] = ()) -> Understanding:
    """A follow-up is answered as its resolved question; the words the user
    typed (持仓比例最高的是哪只, 平均…呢) must be in the query too, or the answer is doubted."""
    missing = tuple(w for w in unexpressed(typed, query, expressed, units) if w not in und.ignored)
    missing += tuple(w for w in unaggregated(typed.question, units, query) if w not in missing)
    missing += tuple(w for w in expressed.unbuilt if w in typed.question and w not in und.ignored + missing)
    if not missing:
        return und
    ignored = und.ignored + missing
    return replace(und, ignored=ignored, confidence=min(und.confidence, confidence(0, 1, len(ignored), und.margin)))


def confidence(missing: int, content: int, ignored: int, margin: float | None) -> float:
    """In [0, 1]. Every word read and used: 0.9 and up (a clear ranking adds the
    rest). An unexplained character or an unused mention: below TRUST, lower
    the more of the question is left over. A tie between candidates alone:
    just below TRUST (two readings, nothing to choose by)."""
    share = missing / content
    if missing or ignored:
        return round(max(0.05, 0.45 * (1 - share) - 0.1 * max(0, ignored - 1)), 3)
    if margin is not None and margin < CLOSE_MARGIN:
        return 0.45
    clear = 1.0 if margin is None else min(1.0, margin / 0.05)
    return round(0.9 + 0.1 * clear, 3)


# ---- is what the question asks for in the query? -----------------------------------------------

def _both_ways(query, types: set[str]) -> bool:
    """上游跟下游各是什么 answered both ways: one node the head of an edge of these types in one MATCH and its
    tail in another (a chain two links long, 下游的下游, is one path: not both ways)."""
    heads, tails = set(), set()
    for c in query.clauses:
        if not isinstance(c, ast.Match):
            continue
        for p in c.paths:
            nodes = [p.start] + [n for _, n in p.steps]
            for k, (rel, _) in enumerate(p.steps):
                if rel.type in types and rel.forward is not None:
                    a, b = nodes[k].var, nodes[k + 1].var
                    up, down = (a, b) if rel.forward else (b, a)
                    heads.add((id(c), up))
                    tails.add((id(c), down))
    return any(v == w and i != j for i, v in heads for j, w in tails)


def unexpressed(ex: Extraction, query, expressed: Expressed, units=()) -> tuple[str, ...]:
    """Words of the question the chosen query's shape does not express: a
    property word it never reads (注册资本 answered with a count), a ranking word
    with nothing ordered or maxed (谁最猛 answered with a list), a group word with
    no group (各…多少 answered with one number). The words are the language's
    `asks` lists; a word inside a mention (最高价) is the mention's, not a ranking;
    an edge word (上游) whose hop is left out (see `Expressed`)."""
    asks, read_as = expressed.asks, expressed.read_as
    props, funcs, ordered, keyed = _query_facts(query, expressed.days)
    free = _blanked(ex.question, ex.mentions)
    out = []
    for m in ex.mentions:
        keys = {t.rpartition(".")[2] for t in m.targets} if m.kind == "property" else set()
        through = keys | {k for key in keys for k in read_as.get(key, ())}
        if keys and not through & props:
            out.append(m.text)
    out += [m.text for m in ex.mentions if m.kind == "edge" and _hop_left_out(m.targets, query, expressed.ends)]
    out += _said_twice_taken_once(ex, query, expressed.of)
    # 上游是啥 下游又是啥: both ways asked, one query goes one way
    ways = [m for m in ex.mentions if m.kind == "edge" and "role" in m.params and "yields" not in m.params]
    if not (ways and _both_ways(query, set(ways[0].targets))):
        out += [m.text for m in ways if m.params["role"] != ways[0].params["role"]][:1]
    out += _periods_left_out(ex, query)
    # a value word whose property the query never reads (上证主板…，深市主板呢 counted over the market)
    out += [m.text for m in ex.mentions if m.kind == "value" and m.targets
            and not {t.rpartition(".")[2] for t in m.targets} & props]
    # 比茅台高的 answered with no value weighed against another's: the comparison is not in it
    out += [ex.question[slice(*u.span)] for u in units if u.kind == "compare_entity" and u.span and not _weighs(query)]
    # 23Q3 亏没亏 同比 answered with the quarter alone: the growth asked is not in it
    out += [ex.question[slice(*u.span)] for u in units if u.kind == "growth" and u.span and not _weighs(query)][:1]
    # 1.2买的…亏了几个点 answered with the figure alone: the holding's gain (worth) asked is not in it
    computes = any(isinstance(n, ast.Bin) and n.op in ("-", "*") for n in _flat(query))
    out += [ex.question[slice(*u.span)] for u in units if u.kind == "holding" and u.span and not computes
            and u.params.get("role") in ("gain", "worth", "even")][:1]
    free = free.lower()  # For each …: a word asks in any case
    for u in units:  # more than 5 companies: a comparison with a number, no ranking
        if u.kind == "compare" and u.span:
            free = free[:u.span[0]] + " " * (u.span[1] - u.span[0]) + free[u.span[1]:]
    out += _one_way(ex, query, units, funcs)
    counted = expressed.count.search(free) if expressed.count else None
    if counted and not funcs & {"count", "size"}:  # 几只 answered with a list
        out.append(counted.group())
    if not ordered and not funcs & {"max", "min"} and not _weighs(query):
        out += [w for w in asks.get("ranking", ()) if str(w).lower() in free][:1]
        # 板块 top3 answered with every board: the ranking asked is not in it
        out += [ex.question[slice(*u.span)] for u in units if u.kind in ("topk", "extreme") and u.span][:1]
    if not (keyed and funcs & ast.AGGREGATES) and not _each_named_shown(query):
        out += [w for w in asks.get("group", ()) if str(w).lower() in free][:1]
        # 按公司列一下 answered with one total: the grouping rule's words are not in it
        out += [ex.question[slice(*u.span)] for u in units if u.kind == "group" and u.span and funcs & ast.AGGREGATES][:1]
    return tuple(dict.fromkeys(str(w) for w in out))


def _one_way(ex: Extraction, query, units, funcs: set[str]) -> list[str]:
    """前3后3, 最大和最小的: rankings both ways asked, a query ranking one way (no max
    and min, fewer than two limited orders) answers half: the later ranking's words."""
    ranks = [u for u in units if u.kind in ("topk", "extreme") and u.span]
    # 最低的前五: a count said without a way of its own (前N) ranks the superlative's way
    said = any(u.kind == "extreme" for u in ranks)
    ways = {_direction(u, ex.mentions) for u in ranks if not (u.params.get("neutral") and said)}
    if not {"asc", "desc"} <= ways or {"max", "min"} <= funcs:
        return []
    limited = [c for c in query.clauses if isinstance(c, (ast.Return, ast.With)) and c.order and c.limit is not None]
    return [ex.question[slice(*ranks[-1].span)]] if len(limited) < 2 else []


def _blanked(question: str, mentions) -> str:
    """The question with these mentions' words blanked (what is left to read as words)."""
    return "".join(" " if any(m.start <= i < m.end for m in mentions) else c for i, c in enumerate(question))


def _weighs(query) -> bool:
    """Does the query weigh one figure against another (a − b, a / b, a > b — not a
    figure against a number the question gave)? Then a comparative (bigger, 高) is said."""
    fixed = (ast.Lit, ast.Param, ast.DateLit)
    return any(isinstance(n, ast.Bin) and n.op in ("-", "/", ">", "<", ">=", "<=")
               and not isinstance(n.left, fixed) and not isinstance(n.right, fixed)
               for n in _flat(query))


def _periods_left_out(ex: Extraction, query) -> list[str]:
    """比2022年增长多少 answered with 2023's rows alone: a year or a quarter the
    question names that no condition of the query reads (no year of it, no date in it)."""
    years, dates = set(), []
    for node in _flat(query):
        if isinstance(node, ast.Lit) and isinstance(node.value, int) and not isinstance(node.value, bool):
            years.add(node.value)
        elif isinstance(node, ast.Lit) and isinstance(node.value, list):  # IN [2015, 2023]
            years |= {v for v in node.value if isinstance(v, int) and not isinstance(v, bool)}
        elif isinstance(node, ast.DateLit):
            dates.append(node.value)
    out = []
    for m in ex.mentions:
        t = m.time
        if m.kind != "time" or t is None or t.kind not in ("year", "quarter") or t.start is None or t.end is None:
            continue
        if t.year not in years and not any(t.start <= d <= t.end for d in dates):
            out.append(m.text)
    return out


def _said_twice_taken_once(ex: Extraction, query, of: str = "") -> list[str]:
    """管X的经理还管了哪些基金: an edge word said twice asks for two hops; a query
    taking that edge once answers half of it."""
    hops: dict[str, int] = {}
    for node in _flat(query):
        if isinstance(node, ast.Rel) and node.type:
            hops[node.type] = hops.get(node.type, 0) + (node.max_hops or node.min_hops or 1)
    said = [m for m in ex.mentions if m.kind == "edge" and len(m.targets) == 1 and "yields" not in m.params]

    def times(m) -> int:  # a chain's word said again further on is the same link (影响哪些下游 下游有哪些公司)
        same = [i for i, x in enumerate(ex.mentions) if x in said and x.targets == m.targets]
        return ex.in_a_row(same, of) if "role" in m.params else len(same)
    return [m.text for m in said if times(m) > max(1, hops.get(m.targets[0], 0))][-1:]


def _each_named_shown(query) -> bool:
    """茅台和五粮液收盘价各多少: the query picks several things by a list (IN) and
    its answer shows which row is which — each one's, as asked."""
    ret = next((c for c in reversed(query.clauses) if isinstance(c, ast.Return)), None)
    if ret is None or len(ret.items) < 2:
        return False
    shown = {i.expr for i in ret.items if isinstance(i.expr, ast.Prop)}
    return any(isinstance(n, ast.Bin) and n.op == "IN" and isinstance(n.right, ast.Param) and n.left in shown
               for n in _flat(query))


def _hop_left_out(targets, query, ends: dict[str, set[str]] | None) -> bool:
    """An edge word (上游) whose edge the query never takes although it holds
    the labels at both of its ends (the industries): a hop left out. An edge
    word used as a verb of a property (属于哪个省) has an end the query lacks."""
    if not ends or not targets or set(targets) & query.rel_types():
        return False
    labels = query.labels()
    return any(t in ends and ends[t] <= labels for t in targets)


def lists_everything(query) -> bool:
    """The query names no thing, sets no condition, ranks and counts nothing: it
    lists every row of a kind (经理是谁 asked with nothing to be about)."""
    for node in _flat(query):
        if isinstance(node, (ast.Match, ast.With)) and node.where is not None:
            return False
        if isinstance(node, (ast.Return, ast.With)) and (node.order or node.limit is not None):
            return False
        if isinstance(node, ast.Func) and node.name.lower() in ast.AGGREGATES:
            return False
    return True


WHOLE_ROW_UNITS = ("info", "list", "filler")  # what a whole-row answer (介绍一下…) may have been asked with


_FLAT: dict[int, tuple[object, list]] = {}  # a query's nodes, listed once (a reading is weighed many ways)


def _flat(query) -> list:
    """Every node of a query's clauses, in order."""
    got = _FLAT.get(id(query))
    if got is None or got[0] is not query:
        if len(_FLAT) > 512:
            _FLAT.clear()
        got = _FLAT[id(query)] = (query, list(ast.nodes(query.clauses)))
    return got[1]


def _query_facts(query, days: frozenset[str] = frozenset()) -> tuple[set[str], set[str], bool, bool]:
    """The properties a query reads anywhere, the functions it calls, whether it
    ranks its rows (a limit, or an order other than by day), and whether it groups
    (a key beside an aggregate)."""
    props, funcs, ordered = set(), set(), False
    for node in _flat(query):
        if isinstance(node, ast.Prop):
            props.add(node.key)
        elif isinstance(node, ast.Func):
            funcs.add(node.name.lower())
        elif isinstance(node, (ast.Return, ast.With)) and (node.limit is not None or any(
                not (isinstance(o.expr, ast.Prop) and o.expr.key in days) for o in node.order)):
            ordered = True
    return props, funcs, ordered, any(_keyed(c.items) for c in query.clauses if isinstance(c, (ast.Return, ast.With)))


def _keyed(items) -> bool:
    """A key beside an aggregate: one row per group (in the answer, or carried on to
    find each group's best)."""
    agg = [_aggregated(i.expr) for i in items]
    return any(agg) and not all(agg)


def _aggregated(expr) -> bool:
    """Does this expression aggregate rows (count, sum, avg…)?"""
    return any(isinstance(n, ast.Func) and n.name.lower() in ast.AGGREGATES for n in ast.nodes(expr))
