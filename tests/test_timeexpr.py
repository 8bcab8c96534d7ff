import datetime as dt

import pytest

from nl2cypher.lang.zh.numbers import cn_to_number, find_numbers
from nl2cypher.lang.zh.timeexpr import find_times

D = dt.date
TODAY = D(2024, 3, 15)  # a Friday
CAL = [D(2024, 3, d) for d in (4, 5, 6, 7, 8, 11, 12, 13, 14, 15)]


@pytest.mark.parametrize("text, start, end", [
    ("今天", D(2024, 3, 15), D(2024, 3, 15)),
    ("最新", D(2024, 3, 15), D(2024, 3, 15)),
    ("昨天", D(2024, 3, 14), D(2024, 3, 14)),
    ("前天", D(2024, 3, 13), D(2024, 3, 13)),
    ("明天", D(2024, 3, 16), D(2024, 3, 16)),
    ("3天前", D(2024, 3, 12), D(2024, 3, 12)),
    ("一周前", D(2024, 3, 8), D(2024, 3, 8)),
    ("近5日", D(2024, 3, 11), D(2024, 3, 15)),  # five trading days
    ("最近", D(2024, 3, 11), D(2024, 3, 15)),
    ("近两周", D(2024, 3, 2), D(2024, 3, 15)),
    ("近三个月", D(2023, 12, 16), D(2024, 3, 15)),
    ("本周", D(2024, 3, 11), D(2024, 3, 15)),
    ("上周", D(2024, 3, 4), D(2024, 3, 10)),
    ("本月", D(2024, 3, 1), D(2024, 3, 15)),
    ("上个月", D(2024, 2, 1), D(2024, 2, 29)),
    ("今年", D(2024, 1, 1), D(2024, 3, 15)),
    ("去年", D(2023, 1, 1), D(2023, 12, 31)),
    ("前年", D(2022, 1, 1), D(2022, 12, 31)),
    ("2021年9月23日", D(2021, 9, 23), D(2021, 9, 23)),
    ("2024/3/1", D(2024, 3, 1), D(2024, 3, 1)),
    ("2024-3-1", D(2024, 3, 1), D(2024, 3, 1)),
    ("3月1号", D(2024, 3, 1), D(2024, 3, 1)),
    ("12月25日", D(2023, 12, 25), D(2023, 12, 25)),  # the latest such date not after today
    ("2023年12月", D(2023, 12, 1), D(2023, 12, 31)),
    ("二零二三年", D(2023, 1, 1), D(2023, 12, 31)),  # a year said digit by digit
    ("二〇二三年十二月", D(2023, 12, 1), D(2023, 12, 31)),
    ("3月1日到3月8日", D(2024, 3, 1), D(2024, 3, 8)),
    ("截至3月10日", None, D(2024, 3, 10)),
    # a week in words (礼拜, 星期), a year said whole, the first or last trading day of a period
    ("这个礼拜", D(2024, 3, 11), D(2024, 3, 15)),
    ("上个星期", D(2024, 3, 4), D(2024, 3, 10)),
    ("上礼拜三", D(2024, 3, 6), D(2024, 3, 6)),
    ("去年一整年", D(2023, 1, 1), D(2023, 12, 31)),
    ("本月第一个交易日", D(2024, 3, 4), D(2024, 3, 4)),
    ("上周最后一天", D(2024, 3, 8), D(2024, 3, 8)),
    # a day to compare with: the same day a year back, a year's end, where this year started from
    ("去年今天", D(2023, 3, 15), D(2023, 3, 15)),
    ("去年底", D(2023, 12, 31), D(2023, 12, 31)),
    ("年初", D(2023, 12, 31), D(2023, 12, 31)),
])
def test_time_expressions_resolve_to_literal_dates(text, start, end):
    [t] = find_times(text, TODAY, CAL)
    assert (t.start, t.end) == (start, end)


@pytest.mark.parametrize("text, year, quarter, half", [
    ("去年第三季度", 2023, 3, None),
    ("2023Q4", 2023, 4, None),
    ("第三季度", 2023, 3, None),  # 2024 Q3 has not ended on 2024-03-15
    ("一季度", 2023, 1, None),
    ("2023年上半年", 2023, None, 1),
    ("下半年", 2023, None, 2),
])
def test_report_periods(text, year, quarter, half):
    [t] = find_times(text, TODAY)
    assert (t.year, t.quarter, t.half) == (year, quarter, half)


def test_no_time_in_plain_numbers():
    assert find_times("净值介于1和1.2之间的基金", TODAY) == []
    assert find_times("收盘价大于10的股票", TODAY) == []


@pytest.mark.parametrize("text, value", [("十五", 15), ("两千三百", 2300), ("一万二千", 12000), ("三", 3),
                                         ("二〇二四", 2024), ("十", 10)])
def test_chinese_numerals(text, value):
    assert cn_to_number(text) == value


@pytest.mark.parametrize("text, value, unit", [
    ("1.2万", 12000, ""), ("3亿元", 300_000_000, "元"), ("15%", 15, "%"), ("4-5元", 4, ""), ("1,200股", 1200, "股"),
    ("两千万", 20_000_000, ""), ("十个亿", 1_000_000_000, ""), ("一个亿股", 100_000_000, "股"), ("5个点", 5, "%"),
])
def test_numbers_with_units(text, value, unit):
    n = find_numbers(text)[0]
    assert (n.value, n.unit) == (value, unit)


def test_a_big_unit_alone_is_no_number():
    assert find_numbers("万科") == []


def test_a_dash_between_numbers_is_a_range_not_a_sign():
    assert [n.value for n in find_numbers("10-20元")] == [10, 20]


@pytest.mark.parametrize("text, year", [("2023年每个季度", 2023), ("去年四个季度", 2023), ("22年各季度的", 2022)])
def test_a_years_quarters_one_by_one_are_a_window_of_reports(text, year):
    (t,) = find_times(text, TODAY, CAL)
    assert (t.kind, t.start, t.end) == ("quarters", D(year, 1, 1), D(year, 12, 31))
    (q4,) = find_times(f"{year}年四季度", TODAY, CAL)  # 四季度 without 个 is the fourth quarter
    assert (q4.kind, q4.quarter) == ("quarter", 4)



@pytest.mark.parametrize("text, start, end", [
    ("从3月4日到3月8日", D(2024, 3, 4), D(2024, 3, 8)),  # 从 belongs to the range
    ("今年元旦到现在", D(2024, 1, 1), TODAY),
    ("一年前，就是去年3月15号，", D(2023, 3, 15), D(2023, 3, 15)),  # the day said again, exactly
])
def test_a_range_from_a_day_and_a_day_said_again(text, start, end):
    (t,) = find_times(text, TODAY, CAL)
    assert (t.start, t.end, t.pos, t.end_pos) == (start, end, 0, len(text))


@pytest.mark.parametrize("text, year", [("二二年", 2022), ("二三年的", 2023)])
def test_a_two_digit_year_said_digit_by_digit(text, year):
    (t,) = find_times(text, TODAY, CAL)
    assert (t.start, t.end) == (D(year, 1, 1), D(year, 12, 31))


def test_three_or_four_years_is_no_year():
    assert all(t.start is None or t.start.year < 2030 for t in find_times("近三四年", TODAY, CAL))


@pytest.mark.parametrize("text, start, end", [("比亚迪3.8开盘价", D(2024, 3, 8), D(2024, 3, 8)),
                                              ("（3.11-3.15）", D(2024, 3, 11), D(2024, 3, 15))])
def test_a_month_and_day_with_a_dot(text, start, end):
    (t,) = find_times(text, TODAY, CAL)
    assert (t.start, t.end) == (start, end)


@pytest.mark.parametrize("text", ["净值1.2以上的基金", "涨幅超过3.5的股票", "单位净值大于1.5", "收盘价在3.5到5之间"])
def test_a_figure_with_a_dot_is_no_day(text):
    assert find_times(text, TODAY, CAL) == []


@pytest.mark.parametrize("text", ["这一年里头", "这一年来"])
def test_this_one_year_is_the_year_back_from_today(text):
    (t,) = find_times(text, TODAY, CAL)
    assert t.end == TODAY and 360 <= (t.end - t.start).days <= 366


@pytest.mark.parametrize("text, start, end", [("近20个交易日（0219-0315）", D(2024, 2, 19), D(2024, 3, 15)),
                                              ("全样本（20230217-20240315）", D(2023, 2, 17), D(2024, 3, 15)),
                                              ("0315 涨停股", D(2024, 3, 15), D(2024, 3, 15)),
                                              ("2024-01 月度涨跌幅", D(2024, 1, 1), D(2024, 1, 31))])
def test_an_analysts_shorthand_days(text, start, end):
    """0315, 20240315 and 2024-01 are days and a month; a window said again in brackets is one window."""
    (t,) = find_times(text, TODAY, CAL)
    assert (t.start, t.end) == (start, end)


@pytest.mark.parametrize("text", ["注册资本大于1000万", "申购代码 1101", "收盘价 > 1215", "持仓1,0315股"])
def test_four_digits_that_are_figures_are_no_day(text):
    assert find_times(text, TODAY, CAL) == []


# a trading calendar with the 2023 Dragon Boat day, the autumn break and the Spring Festival break closed
def _trading_days(first: D, last: D) -> list[D]:
    closed = {D(2023, 6, 22)} | {D(2023, 9, 29) + dt.timedelta(days=k) for k in range(8)} \
        | {D(2024, 2, 9) + dt.timedelta(days=k) for k in range(10)}
    days = (first + dt.timedelta(days=k) for k in range((last - first).days + 1))
    return [d for d in days if d.weekday() < 5 and d not in closed]


YEAR_CAL = _trading_days(D(2023, 3, 1), TODAY)


@pytest.mark.parametrize("text, start, end", [
    ("龙抬头那天", D(2024, 3, 11), D(2024, 3, 11)),  # the lunar 2nd of the 2nd month
    ("腊八", D(2024, 1, 18), D(2024, 1, 18)),
    ("三八节那天", D(2024, 3, 8), D(2024, 3, 8)),
    ("两会期间", D(2024, 3, 4), D(2024, 3, 11)),
    ("去年端午节后开盘那天", D(2023, 6, 23), D(2023, 6, 23)),  # the day after the festival, no long break
    ("国庆后开盘第一天", D(2023, 10, 9), D(2023, 10, 9)),
    ("春节后开市头一天", D(2024, 2, 19), D(2024, 2, 19)),
    ("中秋国庆放假前一天", D(2023, 9, 28), D(2023, 9, 28)),
    ("春节前那一周", D(2024, 2, 5), D(2024, 2, 8)),
    ("去年国庆后那一周", D(2023, 10, 9), D(2023, 10, 13)),
    ("去年三季度末那天", D(2023, 9, 28), D(2023, 9, 28)),  # the quarter's last trading day
    ("上个月月底", D(2024, 2, 29), D(2024, 2, 29)),
])
def test_days_named_by_the_calendar_users_speak_in(text, start, end):
    (t,) = find_times(text, TODAY, YEAR_CAL)
    assert (t.text, t.start, t.end) == (text, start, end)


def test_after_a_listing_is_no_holiday():
    assert find_times("上市后第一天", TODAY, YEAR_CAL) == []
