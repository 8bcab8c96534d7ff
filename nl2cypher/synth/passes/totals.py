"""累计/区间 of a figure that is neither a price nor a change measure (累计成交量,
一共赚了多少) asks for a plain total: the change unit implies a sum.

Reads the `change` unit and the first attached property; writes a unit."""

from __future__ import annotations

from ...units import Unit
from ..ir import QueryGraph, Slot
from .properties import names_change


def run(g: QueryGraph) -> None:
    if not g.has("change") or g.unit("change").params.get("of") == "change" or names_change(g, g.unit("change")):
        return  # 注册资本有多少, 涨了多少 量多大: a change word only for the change measure, no total implied
    a = next((a for a in g.props if isinstance(a.owner, Slot)), None)
    if a is None or a.prop in g.schema.labels[a.owner.label].measures.values():
        return
    pdef, span = g.schema.labels[a.owner.label].property(a.prop), g.time_span()
    if pdef is not None and pdef.total and pdef.total != "sum" and span is not None and span.kind != "day":
        return  # 区间最高价: the highest of the days (the figure's own way of combining), no sum
    g.units.append(Unit("aggregate", 0, 0, {"fn": "sum"}))
