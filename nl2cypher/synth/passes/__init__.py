"""The synthesis passes, in the order they run over one query graph."""

from __future__ import annotations

from . import current, filters, joins, named, periods, properties, reasons, sentiment, subjects, totals, values

PASSES = (
    subjects.find_entities,  # an entity slot per name (or group 「A和B」)
    subjects.find_labels,  # a slot per label word that is not just a type word of an entity
    subjects.choose_target,  # the answer's subject
    sentiment.run,  # 为什么涨/跌: the news becomes the target
    properties.run,  # property words -> their owners (daily rows, reports, edges)
    properties.default_change,  # 排名/累计 with no property: the change measure
    properties.default_price,  # a day against another day with no property: the price
    properties.default_newest,  # 最近的那个新股: the newest by its own date
    values.run,  # value words -> conditions
    properties.default_figure,  # a measure named with no property (Apple's revenue): its figures
    joins.run,  # every slot joined to the target over schema paths
    properties.default_weight,  # 持茅台最多 / 第一大股东 with no property: the holding's size
    named.run,  # rows named through an edge (新股 by their stock): the namer joined
    filters.run,  # names, comparisons, ranges, name patterns, exclusions
    current.run,  # 现任董事长: a chairman who left falls away
    reasons.run,  # 董事长是女的公司: the chairman beside each company
    periods.run,  # days and periods of daily rows, report periods
    totals.run,  # 累计 of a plain figure: a sum
)
