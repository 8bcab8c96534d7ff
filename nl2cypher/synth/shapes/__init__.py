"""Answer shapes, tried in order: the first that applies and lowers the query
graph to a query wins (a shape may decline by returning None). Shapes with
query forms of their own come first, then the general ones, the default last.

Adding a shape: a module with NAME, applies(graph) and lower(graph), a place in
SHAPES, the trigger-table rows whose units it reads, and its test."""

from __future__ import annotations

from ..ir import Candidate, QueryGraph
from . import (aggregate, both_ways, derived, change, change_rank, compare_entity, count, difference, entity, every, group_by, group_rank, growth, history, lookup, side_by_side,
               period_extreme, position, same_as, share, top_k, which_of_group, why, yesno)

SHAPES = (
    position,  # 我有300股茅台今天赚了多少 (the user's own holding valued)
    both_ways,  # 芯片制造的上游跟下游各是什么 (both ends of the chain)
    every,  # 这周每天都上涨的 (every dated row meets a threshold)
    derived,  # R&D as a percent of revenue (two figures of one thing)
    growth,  # 同比/环比
    group_rank,  # 行业内排名
    change,  # 区间涨跌幅
    change_rank,  # 今年以来涨得最多的 (ranked by the change over the period)
    compare_entity,  # 比某公司高的
    same_as,  # 和某公司同一省份的
    why,  # 为什么涨
    difference,  # A和B相差多少
    which_of_group,  # A和B哪个高
    history,  # 历史最高
    yesno,  # …吗
    share,  # 博士学历的占全部经理的比例
    group_by,  # 每个板块各有多少只 / 管的基金最多的经理
    count,  # 有多少
    aggregate,  # 平均/合计/最高 (and a period's total)
    side_by_side,  # revenue and net income for 2019-2023 (a column each)
    period_extreme,  # 近5日最高的收盘价
    top_k,  # 前十/最高的/排序
    entity,  # 介绍一下
    lookup,  # the default
)


def shape(g: QueryGraph) -> Candidate:
    for s in SHAPES:
        if s.applies(g):
            cand = s.lower(g)
            if cand is not None:
                cand.shape = s.__name__.rpartition(".")[2]
                return cand
    raise AssertionError("the default shape always applies")  # pragma: no cover
