"""Two asks in one question (泸州老窖今天开盘多少 收盘多少; 汇添富…持了多少只股 总持仓市值多少):
when the whole question is not understood, each clause is answered on its own;
when every one is sure and each later clause reads rows the first one reads (its
pattern maps into the first's, its conditions are among the first's), one query
— the first's, with the later clauses' columns — answers them all; when each is
one figure of other rows (今天上涨的有多少家，下跌的有多少家) or the one row a ranking
picked (最高价多少，最低价多少; 哪个涨得最猛 哪个跌得最惨), side by side, each column saying
which clause it answers. Anything else keeps the whole question's answer."""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .cypher.ast import (AGGREGATES, Bin, DateLit, Func, Item, Lit, Match, Node, Order, Param, Path, Prop, Query, Return,
                         Var, With, and_all, conjuncts, nodes, transform)
from .cypher.parse import Unsupported, parse
from .errors import Nl2CypherError

if TYPE_CHECKING:
    from .answer import Answer
    from .engine import Engine

MAX_CLAUSES = 3


@dataclass(frozen=True)
class Merged:
    query: Query
    parts: list["Answer"]
    concepts: tuple[str, ...] = ()  # parts that asked what a concept means: no data answers them


def split(question: str, marks: str, ends: str = "", script: str = "") -> list[str]:
    """The clauses: cut at the language's clause marks, at a space between two
    words (spoken or typed run-ons use one where writing uses a comma) and after
    an ask's end with more words after it (涨的多少家|跌的多少家)."""
    cut = re.sub(rf"[{re.escape(marks)}]+|(?<=[^\sA-Za-z0-9])\s+(?=[^\sA-Za-z0-9])", "\n", question)
    if ends and script:  # only when what follows ends the same way (涨的多少家|跌的多少家, not 几只|股票)
        cut = re.sub(rf"({ends})(?=[{script}][^\n]*?(?:{ends})(?:\n|$))", "\\1\n", cut)
    return [p.strip() for p in cut.split("\n") if len(p.strip()) >= 2]


_MERGING = threading.local()  # the questions this thread is cutting now, per engine


def merged(engine: "Engine", question: str, today) -> Merged | None:
    """Each clause answered — a later one alone, else as a follow-up of the first —
    and one query when all are sure and the later ones read the first's rows. A clause
    whose follow-up reading is the whole question again is not cut a second time."""
    key, cutting = (id(engine), question), _MERGING.__dict__.setdefault("now", set())
    if key in cutting:
        return None
    cutting.add(key)
    try:
        return _merged(engine, question, today)
    finally:
        cutting.discard(key)


def _merged(engine: "Engine", question: str, today) -> Merged | None:
    # cut as read: a rewrite may say two asks as two clauses (利好利空各几条: 利好的几条，利空的几条)
    parts = split(engine.lexicon.as_read(question), engine.expressed.clause_marks, engine.expressed.clause_ends,
                  engine.lang.script)
    # 你给我数数 after the asks: a clause of filler words asks nothing
    parts = [p for p in _named_first(engine, parts, today) if not engine.lang.fillers.covers(p)]
    # …涨了没 家人们我重仓白酒的: a later clause only naming what an earlier one named asks nothing
    said = len(parts)
    parts = [p for i, p in enumerate(parts) if i == 0 or not _named_again(engine, parts[:i], p, today)]
    # 红三兵是什么意思，最近哪些股票出现了: what a concept means no data answers — the rest is asked
    concepts = tuple(p for p in parts if engine.lang.found("concept", p))
    if concepts and len(concepts) < len(parts):
        parts = _without_concepts(engine, parts, concepts, today)
    if not (2 <= len(parts) <= MAX_CLAUSES or said >= 2 and len(parts) == 1):
        return None
    session = engine.session()
    first = session.ask(parts[0], today)
    query = _read(engine, first)
    if query is None:
        return None
    if len(parts) == 1:  # the rest only named its thing again (or asked a concept): the first clause is the question
        return Merged(query, [first], concepts)
    answers = [first]
    for p in parts[1:]:
        rows = len(first.rows) if len(answers) == 1 else 0  # the first clause's rows, nothing grafted yet
        found = _joined(engine, session, query, parts[0], p, today, rows, first.rows if len(answers) == 1 else [])
        if found is None:
            return None
        query, a = found
        answers.append(a)
    return Merged(query, answers, concepts)


def _without_concepts(engine: "Engine", parts: list[str], concepts: tuple[str, ...], today) -> list[str]:
    """The parts asking the KG; when none of them names a figure, the first is asked of what
    the concepts named (红三兵是什么意思，最近哪些股票出现了: of 红三兵; 存货周转率怎么理解…看下茅台2023年报的)."""
    rest = [p for p in parts if p not in concepts]
    reads = [_read_clause(engine, p, today) for p in rest]
    if any(ex is not None and ex.of("property") for ex in reads):
        return rest
    said = [m.text for c in concepts if (ex := _read_clause(engine, c, today)) is not None
            for m in ex.mentions if m.kind in ("property", "value")]
    return ["".join(said) + rest[0]] + rest[1:]


def named_again(engine: "Engine", question: str, today) -> bool:
    """Does a later clause name again a thing the first clause named (储能上游是啥 跟储能有关的票有哪些),
    with words of its own to ask (not only the name: …涨了没 家人们我重仓白酒的)?"""
    parts = split(engine.lexicon.as_read(question), engine.expressed.clause_marks, engine.expressed.clause_ends,
                  engine.lang.script)
    if len(parts) < 2 or len(parts) > MAX_CLAUSES:
        return False
    reads = [_read_clause(engine, p, today) for p in parts]
    if reads[0] is None:
        return False
    first = {r.name for m in reads[0].of("entity") for r in m.entities}
    return any(ex is not None and (not _says_names_only(engine, ex)
               and (first & {r.name for m in ex.of("entity") for r in m.entities}
                    or len(first) == 1 and _points_back(engine, p)) or _asked_again_of(engine, p, ex, reads[0]))
               or _further(engine, p) for p, ex in zip(parts[1:], reads[1:]))


def goes_further(engine: "Engine", question: str) -> bool:
    """Does a later clause go one link further along the first's chain (…，再往下呢)?"""
    parts = split(engine.lexicon.as_read(question), engine.expressed.clause_marks, engine.expressed.clause_ends,
                  engine.lang.script)
    return any(_further(engine, p) for p in parts[1:])


def _further(engine: "Engine", clause: str) -> bool:
    """多晶硅的下游有哪些，再往下一层又是哪些: a later clause going one link further along the first's chain."""
    words = [str(w) for w in (engine.lang.references.get("follow_up") or {}).get("further") or ()]
    return any(clause.lstrip(engine.expressed.clause_marks + " ").startswith(w) for w in words)


def _asked_again_of(engine: "Engine", clause: str, ex, first) -> bool:
    """山东的票今天谁涨最猛 湖南的呢: a later clause naming only another thing of the kind the first
    named, with the tail word of a follow-up (呢) — the first's ask, of it."""
    tails = [str(w) for w in (engine.lang.references.get("follow_up") or {}).get("clause_tail") or ()]
    kinds = {t for m in first.mentions if m.kind in ("entity", "value") for t in m.targets}
    said = clause.rstrip(engine.expressed.clause_marks + " ")
    return _says_names_only(engine, ex) and any(said.endswith(w) for w in tails) \
        and any(t in kinds for m in ex.mentions if m.kind in ("entity", "value") for t in m.targets)


def _points_back(engine: "Engine", clause: str) -> bool:
    """Does the clause open with a word pointing at the one thing named before (…收盘多少 它是哪个板块的)?"""
    words = (engine.lang.references.get("follow_up") or {})
    leads = [""] + [str(w) for w in words.get("lead") or ()]  # 还有它是创业板的吗: after a lead word
    return any(clause.startswith(lead + str(w)) for lead in leads
               for kind in ("it", "person") for w in words.get(kind) or ())


def _named_first(engine: "Engine", parts: list[str], today) -> list[str]:
    """工程机械 今天几涨几跌: a clause that only names what the next one asks about
    is that clause's subject, not an ask of its own."""
    out: list[str] = []
    for p in parts:
        if out and _names_only(engine, out[-1], today):
            out[-1] += p
        else:
            out.append(p)
    return out


def _read_clause(engine: "Engine", clause: str, today):
    """The clause's words as the lexicon reads them, or None where it reads no question."""
    try:
        return engine.lexicon.extract(clause, engine.context(today).today, engine.trading_days)
    except Nl2CypherError:
        return None


def _named_again(engine: "Engine", before: list[str], clause: str, today) -> bool:
    """Does the clause only name things an earlier clause named (…涨了没 家人们我重仓白酒的)?"""
    ex = _read_clause(engine, clause, today)
    if ex is None or not _says_names_only(engine, ex):
        return False
    earlier = [_read_clause(engine, c, today) for c in before]
    named = {r.name for m in ex.of("entity") for r in m.entities}
    said = {r.name for e in earlier if e is not None for m in e.of("entity") for r in m.entities}
    return bool(named) and named <= said


def _names_only(engine: "Engine", clause: str, today) -> bool:
    ex = _read_clause(engine, clause, today)
    return ex is not None and _says_names_only(engine, ex)


def _says_names_only(engine: "Engine", ex) -> bool:
    rest = "".join(" " if any(m.start <= i < m.end for m in ex.mentions if m.kind in ("entity", "label", "value", "time"))
                   else c for i, c in enumerate(ex.question))
    rest = "".join(c for c in rest if not unicodedata.category(c).startswith("S")).strip()  # 😭: no word
    return bool(ex.mentions) and (not rest or engine.lang.fillers.covers(rest, asking=False))


def _joined(engine: "Engine", session, query: Query, first: str, p: str, today, rows: int = 0, shown=()):
    """The query answering the clauses so far and clause p, and p's answer: p's
    columns grafted on (收盘多少 alone; 最高到多少点 after the first), else p's figure
    beside (跌的多少家 at the first's time; 深市主板呢 after the first)."""
    alone = engine.ask(p, today)
    if (q := _read(engine, alone)) is not None and (grafted := _graft(query, q) or _parallel(query, q)) is not None:
        return grafted, alone
    after = session.ask(p, today)
    if (q := _read(engine, after)) is not None and \
            (grafted := _graft(query, q) or _widened(query, q) or _parallel(query, q)) is not None:
        return grafted, after
    if q is not None and _further(engine, p) and (chain := _chained(query, q, [first, p], engine)) is not None:
        return chain, after
    if q is not None and _covers(after.rows, shown) and _names_its_own(engine, p, today):
        return q, after  # 注册资本多少，跟兴业银行比哪个大: both, the first's row among them
    if q is not None and _shown_already(after.rows, shown) and not _names_its_own(engine, p, today):
        # 哪一天涨得最多？那天涨了百分之几: the first's row shows it already (和电池板块比哪个好: not the other's)
        return query, after
    if q is not None and not _weighed(engine, p) and (both := _either_day(query, q)) is not None:
        return both, after  # 上周五收多少 这周五呢: both days' rows (跟今天比呢 asks more than the rows)
    # (再往下呢 goes further along the first's chain: its thing put before it would start the chain again)
    timed = _timed(engine, p, first, today) if not _further(engine, p) else p
    # a row of its own beside the first's only when the clause names the thing it asks of (长江电力呢), neither
    # pointing back (他还管啥: his other funds) nor weighing against the first (跟今天比呢)
    own = not engine.lang.pronouns.search(p) and not _weighed(engine, p) and _its_own(engine, first, p, today)
    for a in ((engine.ask(timed, today),) if timed != p else ()) + (after,):
        if (q := _read(engine, a)) is not None and \
                (both := _beside(query, q, [first, p], engine, (rows, len(a.rows)) if own else (0, 0),
                                 own and _names_its_own(engine, p, today))) is not None:
            return both, a
    return None


def _covers(rows, shown) -> bool:
    """Are the first clause's rows all among more rows of a later clause's answer?"""
    have = {repr(r) for r in rows}
    return bool(shown) and len(rows) > len(shown) and all(repr(r) in have for r in shown)


def _chained(a: Query, b: Query, said: list[str], engine: "Engine") -> Query | None:
    """锂矿下游是啥，再往下呢: b walks a's one path one hop further — a's rows, each beside the
    things that hop reaches from it (none: an empty cell), each column saying its clause."""
    if len(a.clauses) != 2 or len(b.clauses) != 2 or a.params != b.params:
        return None
    (ma, ra), (mb, rb) = a.clauses, b.clauses
    if not (isinstance(ma, Match) and isinstance(mb, Match) and isinstance(ra, Return) and isinstance(rb, Return)) \
            or len(ma.paths) != 1 or len(mb.paths) != 1 or ma.where != mb.where or ra.order or rb.order \
            or ra.limit is not None or rb.limit is not None or len(ra.items) != 1 or len(rb.items) != 1:
        return None
    pa, pb = ma.paths[0], mb.paths[0]
    end, last = pa.steps[-1][1] if pa.steps else None, pb.steps[-1] if pb.steps else None
    same = [(r.type, r.forward, n.label) for r, n in pa.steps] == [(r.type, r.forward, n.label) for r, n in pb.steps[:-1]]
    shown = rb.items[0].expr
    if end is None or last is None or len(pb.steps) != len(pa.steps) + 1 or not same or pa.start != pb.start \
            or not isinstance(shown, Prop) or shown.var != last[1].var or ra.items[0].expr != replace(shown, var=end.var):
        return None
    taken = {n.var for n in nodes(a) if isinstance(n, Node) and n.var}
    further = replace(last[1], var=_free(last[1].var, taken))
    hop = Match((Path(Node(end.var, end.label), ((last[0], further),)),), optional=True)
    name = ra.items[0].alias or ""
    items = (Item(ra.items[0].expr, engine.lang.say("columns.of_clause", name=name, clause=said[0])),
             Item(replace(shown, var=further.var), engine.lang.say("columns.of_clause", name=rb.items[0].alias or name,
                                                                      clause=said[-1])))
    return Query((ma, hop, Return(items, distinct=True)), dict(a.params))


def _shown_already(rows, shown) -> bool:
    """Is a later clause's one-row answer made of values the first clause's one row shows —
    the same row, by a name or a day it shows (two counts that happen to be equal are not)?"""
    if len(rows) != 1 or len(shown) != 1 or not rows[0]:
        return False
    have = {repr(v) for v in shown[0]}
    return all(repr(v) in have for v in rows[0]) and any(isinstance(v, str) for v in rows[0])


def _names_its_own(engine: "Engine", clause: str, today) -> bool:
    """Does the clause name a thing of its own (跟储能有关的票有哪些), not lean on what the first
    answered (对应哪些公司: the companies of the industries just listed)?"""
    ex = _read_clause(engine, clause, today)
    return ex is not None and bool(ex.of("entity"))


def _its_own(engine: "Engine", first: str, clause: str, today) -> bool:
    """Does the clause ask of its own thing (长江电力呢), or of the first's thing at no other
    day (今天股价多少 after 是白酒版块的吗)? Not 今天呢 after 上周五收盘多少: a day against a day."""
    a, b = _read_clause(engine, first, today), _read_clause(engine, clause, today)
    if a is None or b is None:
        return False
    return bool(b.of("entity")) or not (a.of("time") and b.of("time"))


def _timed(engine: "Engine", clause: str, first: str, today) -> str:
    """A later clause with no time of its own is asked at the first clause's time —
    and, naming nothing to ask about, of the first's things (同花顺这周涨了几天跌了几天)
    or kind of things (哪个板块涨得最猛 哪个跌得最惨: the boards)."""
    def said(text):
        ex = _read_clause(engine, text, today)
        return ex.mentions if ex is not None else []
    own = said(clause)
    # …and the thing named first (以及持仓占比最高的基金: of 贵州茅台's holders) when it names none
    carried = [m for m in said(first) if m.kind == "time" and not any(x.kind == "time" for x in own)
               or m.kind == "entity" and not any(x.kind == "entity" for x in own)
               or m.kind == "label" and not any(x.kind in ("entity", "label") for x in own)]
    return "".join(m.text for m in carried) + clause


def _read(engine: "Engine", a: "Answer") -> Query | None:
    """A sure answer's query, as a tree with its parameters."""
    if a.error is not None or a.cypher is None or a.confidence is None or a.confidence < engine.trust:
        return None
    try:
        return replace(parse(a.cypher), params=a.params)
    except Unsupported:
        return None


def _graft(a: Query, b: Query) -> Query | None:
    """a with b's columns, when b's pattern maps into a's and b's conditions are a's
    (and a keeps all its rows: after 哪个大, 分别在哪个省 asks of both)."""
    if len(a.clauses) != 2 or len(b.clauses) != 2:
        return None
    (ma, ra), (mb, rb) = a.clauses, b.clauses
    if not (isinstance(ma, Match) and isinstance(mb, Match) and isinstance(ra, Return) and isinstance(rb, Return)):
        return None
    mapped = _mapping(ma, mb)
    if mapped is None or rb.order or ra.limit is not None or rb.limit is not None or mb.optional != ma.optional:
        return None
    names, unnamed = mapped
    ma = _named_rels(ma, unnamed)
    rename = _renamer(names)
    if not _valued(transform(mb.where, rename), b.params) <= _valued(ma.where, a.params):
        return None
    items, params = _own_params(transform(rb.items, rename), b.params, a.params)
    if _aggregated(ra) != _aggregated(Return(items)):
        return None
    have = {i.expr for i in ra.items}
    items = ra.items + tuple(i for i in items if i.expr not in have)
    return Query((ma, Return(items, ra.distinct or rb.distinct, ra.order, ra.limit)), params)


def _own_params(x, own: dict, beside: dict):
    """x with the parameters it reads renamed apart from `beside`'s, and the parameters of both
    (是创业板的吗 after 代码多少: its 创业板 is no name the first clause bound)."""
    used = {n.name for n in nodes(x) if isinstance(n, Param)}
    free = {k: _free(k, set(beside)) for k in used}
    x = transform(x, lambda n: replace(n, name=free[n.name]) if isinstance(n, Param) and n.name in free else n)
    return x, dict(beside) | {free[k]: own[k] for k in used}


def _widened(a: Query, b: Query) -> Query | None:
    """…收盘多少 它是哪个板块的: b asks of a's one named thing through hops a does not walk —
    a with b's new hops added (from a node both share) and b's columns beside a's."""
    if len(a.clauses) != 2 or len(b.clauses) != 2:
        return None
    (ma, ra), (mb, rb) = a.clauses, b.clauses
    if not (isinstance(ma, Match) and isinstance(mb, Match) and isinstance(ra, Return) and isinstance(rb, Return)) \
            or ma.optional or mb.optional or ra.limit is not None or rb.limit is not None or rb.order \
            or any(_is_figure(i) for i in ra.items + rb.items):
        return None  # (a count beside a row's values is another shape: `_beside`)
    la, lb = _edges(ma)[0], _edges(mb)[0]
    by_label = {}
    for var, label in la.items():
        by_label.setdefault(label, []).append(var)
    shared = {v: by_label[lab][0] for v, lab in lb.items() if len(by_label.get(lab, ())) == 1}
    taken = set(la) | {h[3] for h in _edges(ma)[1] if h[3]}
    names = dict(shared) | {v: _free(v, taken) for v in lb if v not in shared}
    added = []
    for path in mb.paths:
        vars_ = [path.start.var] + [n.var for _, n in path.steps]
        inner = [v for v in vars_ if v in shared]
        if len(inner) != 1 or len(vars_) < 2 or any(r.var for r, _ in path.steps):
            return None  # one node of a's each new path hangs on, no hop named
        added.append(transform(path, lambda x: replace(x, var=names[x.var]) if isinstance(x, Node) and x.var in names else x))
    extra = [c for c in conjuncts(mb.where) if not {r for r in _vars_of(c)} <= set(shared)]
    kept = [c for c in conjuncts(mb.where) if c not in extra]
    if not added or not _valued(transform(and_all(kept), _renamer(names)), b.params) <= _valued(ma.where, a.params):
        return None
    rename = _renamer(names)
    (items, extra), params = _own_params((transform(rb.items, rename), tuple(transform(c, rename) for c in extra)),
                                         b.params, a.params)
    have = {i.expr for i in ra.items}
    items = ra.items + tuple(i for i in items if i.expr not in have)
    where = and_all(list(conjuncts(ma.where)) + list(extra))
    return Query((Match(ma.paths + tuple(added), where), Return(items, ra.distinct or rb.distinct, ra.order)), params)


def _vars_of(c) -> set[str]:
    return {x.var for x in nodes(c) if isinstance(x, Prop)} | {x.name for x in nodes(c) if isinstance(x, Var)}


def _parallel(a: Query, b: Query) -> Query | None:
    """招行多少 工行多少: the same question of another named thing — one query, the things named
    together (= becomes IN), each row saying which thing it is."""
    if a.clauses != b.clauses or set(a.params) != set(b.params):
        return None
    differ = [k for k in a.params if a.params[k] != b.params[k]]
    if len(differ) != 1 or not all(isinstance(v, (str, list)) for v in (a.params[differ[0]], b.params[differ[0]])):
        return None
    key = differ[0]
    named = [c for c in nodes(a.clauses) if isinstance(c, Bin) and c.op in ("=", "IN") and c.right == Param(key)
             and isinstance(c.left, Prop)]
    ret = a.clauses[-1] if isinstance(a.clauses[-1], Return) else None
    if len(named) != 1 or ret is None or ret.limit is not None or any(map(_is_figure, ret.items)):
        return None  # (figures of each, 开放申购的几只 vs 暂停申购的几只, stand side by side: `_beside`)
    prop = named[0].left

    clauses = list(transform(a.clauses, lambda x: Bin("IN", x.left, x.right) if x == named[0] else x))
    if not any(i.expr == prop for i in ret.items):  # 601939的董事长 另一个…601398的: whose each row is
        clauses[-1] = replace(clauses[-1], items=(Item(prop, None),) + clauses[-1].items)
    values = [v for x in (a.params[key], b.params[key]) for v in (x if isinstance(x, list) else [x])]
    return Query(tuple(clauses), {**a.params, key: list(dict.fromkeys(values))})


def _either_day(a: Query, b: Query) -> Query | None:
    """a and b the same question of two days (a's day swapped in b): one query, the
    rows of either day, in the order of their days."""
    if len(a.clauses) != 2 or len(b.clauses) != 2 or a.clauses[1] != b.clauses[1]:
        return None
    (ma, ra), mb = a.clauses, b.clauses[0]
    if not isinstance(ma, Match) or not isinstance(mb, Match) or ma.paths != mb.paths or ra.limit is not None:
        return None
    ca, cb = _valued(ma.where, a.params), _valued(mb.where, b.params)
    da = [c for c in conjuncts(ma.where) if repr(transform(c, _value_of(a.params))) not in cb]
    db = [c for c in conjuncts(mb.where) if repr(transform(c, _value_of(b.params))) not in ca]
    if len(da) != 1 or len(db) != 1 or not (_on_day(da[0]) and _on_day(db[0]) and da[0].left == db[0].left):
        return None
    kept = [c for c in conjuncts(ma.where) if c is not da[0]]
    where = Bin("OR", da[0], db[0])
    for c in reversed(kept):
        where = Bin("AND", c, where)
    order = ra.order or (Order(da[0].left),)
    return Query((replace(ma, where=where), replace(ra, order=order)), a.params)


def _weighed(engine: "Engine", clause: str) -> bool:
    """Does the clause weigh against the first (跟今天比呢: a comparison word)?"""
    return any(str(w) in clause for w in (engine.lang.references.get("follow_up") or {}).get("against") or ())


def _on_day(c) -> bool:
    """x.date = date('…'): a condition naming one day."""
    return isinstance(c, Bin) and c.op == "=" and isinstance(c.left, Prop) and isinstance(c.right, DateLit)


def _value_of(params: dict):
    def value(x):
        return Lit(params.get(x.name)) if isinstance(x, Param) else x
    return value


def _edges(m: Match):
    """(var, label) of every node, and every hop as (from, type, to, rel var) in the arrow's direction."""
    labels, hops = {}, []
    for p in m.paths:
        prev = p.start
        labels.setdefault(prev.var, prev.label)
        for rel, node in p.steps:
            labels.setdefault(node.var, node.label)
            src, dst = (prev.var, node.var) if rel.forward is not False else (node.var, prev.var)
            hops.append((src, rel.type, dst, rel.var, rel.forward is None))
            prev = node
    return labels, hops


def _mapping(ma: Match, mb: Match):
    """b's variable names as a's — nodes by their label (one node of it in a), hops
    by their ends — and the hops of a that b names while a does not (their new names)."""
    la, ha = _edges(ma)
    lb, hb = _edges(mb)
    by_label: dict[str, list[str]] = {}
    for var, label in la.items():
        by_label.setdefault(label, []).append(var)
    names, unnamed = {}, {}
    for var, label in lb.items():
        if len(by_label.get(label, ())) != 1:
            return None
        names[var] = by_label[label][0]
    for src, typ, dst, rvar, loose in hb:
        hop = next((h for h in ha if h[1] == typ and {h[0], h[2]} == {names[src], names[dst]}
                    and (loose or h[4] or (h[0], h[2]) == (names[src], names[dst]))), None)
        if hop is None:
            return None
        if rvar is None:
            continue
        if hop[3] is None and (rvar in la or any(h[3] == rvar for h in ha)):
            return None  # b's name for the hop is taken in a
        names[rvar] = hop[3] or rvar
        if hop[3] is None:
            unnamed[(hop[0], typ, hop[2])] = rvar
    return names, unnamed


def _named_rels(m: Match, unnamed: dict) -> Match:
    """a's hops that b names by a variable get that name (b's columns read h.position_amount)."""
    def name(x):
        if isinstance(x, Path):
            steps, prev = [], x.start
            for rel, node in x.steps:
                src, dst = (prev.var, node.var) if rel.forward is not False else (node.var, prev.var)
                var = unnamed.get((src, rel.type, dst)) if rel.var is None else None
                steps.append((replace(rel, var=var) if var else rel, node))
                prev = node
            return replace(x, steps=tuple(steps))
        return x
    return transform(m, name) if unnamed else m


def _renamer(names: dict):
    def rename(x):
        if isinstance(x, Prop) and x.var in names:
            return replace(x, var=names[x.var])
        if isinstance(x, Var) and x.name in names:
            return replace(x, name=names[x.name])
        return x
    return rename


def _valued(where, params: dict) -> frozenset:
    """The conditions of a WHERE, parameters replaced by their values."""
    return frozenset(repr(transform(c, _value_of(params))) for c in conjuncts(where))


def _aggregated(r: Return):
    """Whether the rows are aggregated, and over which keys: both queries must agree."""
    agg = [_is_figure(i) for i in r.items]
    return any(agg) and frozenset(i.expr for i, a in zip(r.items, agg) if not a)


def _is_figure(item: Item) -> bool:
    """A column computed over rows (a count, a total)."""
    return any(isinstance(x, Func) and x.name.lower() in AGGREGATES for x in nodes(item.expr))


def _figures(q: Query, schema, one_row: bool = False, listed: bool = False) -> tuple[Match, Return] | None:
    """A query of one MATCH answering one row: figures only (counts, sums), the things a
    named thing is linked to as one list each (永磁材料上游是啥 下游是啥), the one row a
    ranking picked (近一年最高价: that day's row), or — `one_row`, as both answered —
    one named thing's row (电力板块今天涨了吗 长江电力呢: the board's day, the stock's day)."""
    if len(q.clauses) != 2 or not isinstance(q.clauses[0], Match) or not isinstance(q.clauses[1], Return):
        return None
    m, r = q.clauses
    one = all(map(_is_figure, r.items)) and not r.order and r.limit is None
    if listed and not one and r.limit is None and (lists := _listed(m, r, schema)) is not None:
        return m, lists
    looked_up = one_row and not any(map(_is_figure, r.items)) and r.limit is None
    return (m, r) if one or looked_up or (r.limit == 1 and r.order and not any(map(_is_figure, r.items))) else None


def _listed(m: Match, r: Return, schema) -> Return | None:
    """The names of the things linked to one named thing as one list (its own columns stay
    as they are): two lists side by side are two answers, not every pair of them. Not when
    a linked thing's other columns are asked (董事长是男是女: its row)."""
    labels, _ = _edges(m)
    named = {c.left.var for c in conjuncts(m.where) if isinstance(c, Bin) and c.op == "="
             and isinstance(c.left, Prop) and isinstance(c.right, Param)}
    linked = [isinstance(i.expr, Prop) and i.expr.var not in named and i.expr.var in labels
              and not schema.labels[labels[i.expr.var]].dynamic for i in r.items]
    names = {v: schema.labels[lab].display for v, lab in labels.items()}
    own = [_is_figure(i) or isinstance(i.expr, Prop) and i.expr.var in named for i in r.items]
    if not named or not any(linked) or not all(o or k and i.expr.key == names[i.expr.var]
                                               for i, k, o in zip(r.items, linked, own)):
        return None
    items = tuple(Item(Func("collect", (i.expr,), True), i.alias) if k else i for i, k in zip(r.items, linked))
    return Return(items, r.distinct)


def _carried(r: Return) -> With:
    """a's row carried on: its columns by name, and the ranking that picked it
    ordered by those names (a column for an order that shows nowhere)."""
    items = [Item(i.expr, f"f{n}") for n, i in enumerate(r.items)]
    order = []
    for o in r.order:
        item = next((i for i in items if i.expr == o.expr), None)
        if item is None:
            item = Item(o.expr, f"f{len(items)}")
            items.append(item)
        order.append(replace(o, expr=Var(item.alias)))
    return With(tuple(items), order=tuple(order), limit=r.limit)


def _beside(a: Query, b: Query, said: list[str], engine: "Engine", rows: tuple[int, int] = (0, 0),
            named: bool = False) -> Query | None:
    """a's figures carried (WITH), then b's MATCH and both figures side by side:
    one row answering both clauses. Figures of the same name say their clause. `rows`:
    each clause's rows as answered alone, when b asks of its own thing (0, 0 otherwise) —
    a clause of one row is that row; with b naming its thing (`named`), one of several rows
    of linked things is one list of them, unless a picked one (煤炭板块里注册资本最大的公司
    董事长是谁: the picked company's)."""
    lang = engine.lang
    lists = named and not (isinstance(a.clauses[-1], Return) and a.clauses[-1].limit is not None)
    fa = _figures(a, engine.schema, rows[0] == 1, lists and rows[0] > 1) or _side_by_side(a)
    fb = _figures(b, engine.schema, rows[0] >= 1 and rows[1] == 1, lists and rows[1] > 1)
    if fa is None or fb is None:
        return None
    taken = set(a.params)
    mb, rb = transform(fb, lambda x: replace(x, name=_free(x.name, taken)) if isinstance(x, Param) else x)
    params = dict(a.params) | {_free(k, taken): v for k, v in b.params.items()}
    carry = _carried(fa[1]).items[:len(fa[1].items)]
    names = [i.alias or "" for i in fa[1].items + rb.items]
    clause = [said[0]] * len(carry) + [said[-1]] * len(rb.items)
    # a name another column already says with its clause (数量 after 数量（利好几条）) says its own too
    shown = [lang.say("columns.of_clause", name=n, clause=c) if names.count(n) > 1 or
             any(o != n and o.startswith(n) for o in names) else n
             for n, c in zip(names, clause)]
    items = tuple(Item(Var(c.alias), shown[k]) for k, c in enumerate(carry)) + \
        tuple(Item(i.expr, shown[len(carry) + k]) for k, i in enumerate(rb.items))
    # OPTIONAL: b's figure over no rows is 0, and a's row stays
    head = fa[0] if isinstance(fa[0], tuple) else (fa[0],)
    return Query(head + (_carried(fa[1]), replace(mb, optional=True), replace(rb, items=items)), params)


def _side_by_side(a: Query) -> tuple[tuple, Return] | None:
    """利好几条 利空几条 — then 一共几条: two clauses' row of figures already side by side,
    carried on as one for a third (its clauses up to the last RETURN, and that RETURN)."""
    if len(a.clauses) < 4 or not isinstance(a.clauses[-1], Return) or not isinstance(a.clauses[-2], Match):
        return None
    r = a.clauses[-1]
    if r.order or r.limit is not None or not all(_is_figure(i) or isinstance(i.expr, Var) for i in r.items):
        return None
    return a.clauses[:-1], r


def _free(name: str, taken: set) -> str:
    """b's parameter name, unless a has it (p0 -> p0_2, then p0_3)."""
    n = 1
    while (f"{name}_{n}" if n > 1 else name) in taken:
        n += 1
    return f"{name}_{n}" if n > 1 else name
