"""Hand-made extractions and units for synthesis tests: no jieba, no encoder,
no store. `q(...)` spells a question as text and mentions; the tagged form and
positions are computed as the lexicon would."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from nl2cypher import tags
from nl2cypher.domain import load_domain
from nl2cypher.lang import load_language
from nl2cypher.lang.values import Number, TimeSpan
from nl2cypher.lexicon import EntityRef, Extraction, Mention
from nl2cypher.packs import Packs
from nl2cypher.schema import Schema, default_schema
from nl2cypher.synth import Context, build
from nl2cypher.synth.choices import Choices
from nl2cypher.synth.ir import QueryGraph
from nl2cypher.synth.passes import PASSES
from nl2cypher.cypher.dialects import render
from nl2cypher.units import Unit

SCHEMA = default_schema()
PACKS = Packs(load_domain(), load_language(), SCHEMA)
TODAY = dt.date(2024, 3, 15)
# 2024-03-09/10 is a weekend
DAYS = [dt.date(2024, 3, d) for d in (4, 5, 6, 7, 8, 11, 12, 13, 14, 15)]
CTX = Context(TODAY, DAYS, {"stock_financial_information": dt.date(2023, 12, 31)})
# the second domain: US companies' yearly filings, English (shapes that read a measure's figures)
REPORT = Packs(load_domain("reportkg"), load_language("en"), Schema.load(load_domain("reportkg").schema_path))
REPORT_CTX = Context(dt.date(2023, 12, 28))


def ent(text, label="stock", name=None):
    return Mention("entity", text, 0, 0, entities=(EntityRef(label, f"{label}:{text}", "name", name or text),))


def lab(text, *targets):
    return Mention("label", text, 0, 0, targets=targets)


def prop(text, *targets, **params):
    return Mention("property", text, 0, 0, targets=targets, params=params)


def val(text, target, values=(), **params):
    p = dict(params)
    if values:
        p["value"] = list(values)
    return Mention("value", text, 0, 0, targets=(target,), params=p)


def edge(text, *targets, **params):
    return Mention("edge", text, 0, 0, targets=targets, params=params)


def num(text, value, unit="", scale=1.0):
    return Mention("number", text, 0, 0, number=Number(value, 0, len(text), text, unit, scale))


def day(text, d):
    return Mention("time", text, 0, 0, time=TimeSpan(text, 0, len(text), "day", d, d))


def span(text, kind, start=None, end=None, **kw):
    return Mention("time", text, 0, 0, time=TimeSpan(text, 0, len(text), kind, start, end, **kw))


def q(*parts) -> Extraction:
    mentions, tagged, question = [], "", ""
    for p in parts:
        if isinstance(p, str):
            tagged += p
            question += p
            continue
        i = len(mentions)
        start = len(question)
        question += p.text
        mentions.append(replace(p, start=start, end=len(question)))
        tagged += tags.mark(p.tag, i)
    return Extraction(question, mentions, tagged)


def unit(ex: Extraction, unit_kind: str, anchor: str, refs=None, text="", **params) -> Unit:
    """A unit over `anchor`, a piece of the tagged question (mention k is 〈X k〉)."""
    start = ex.tagged.index(anchor)
    return Unit(unit_kind, start, start + len(anchor), params, refs or {}, text)


def graph(ex: Extraction, units=(), upto=None, vector=None) -> QueryGraph:
    """Run the passes up to (and including) `upto` on a fresh query graph."""
    g = QueryGraph(PACKS, ex, list(units), CTX, Choices(vector))
    for p in PASSES:
        p(g)
        if p is upto:
            break
    return g


def cypher(ex: Extraction, units=(), vector=None, domain: str = "finance"):
    packs, ctx = (REPORT, REPORT_CTX) if domain == "reportkg" else (PACKS, CTX)
    cand = build(packs, ex, list(units), ctx, Choices(vector))
    return cand, render(cand.query, "neo4j"), cand.query.params
