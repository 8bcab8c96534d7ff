"""Chinese time expressions resolved against a reference date ("today").

Every expression becomes literal dates (and, for reports, a year/quarter), so
a query means the same thing tomorrow. Windows that are not spelled out:

- 最近 / 近期 / 前几天 / 这几天: the last 5 trading days (5 calendar days
  when no trading calendar is known).
- 近N天/日: the last N trading days when a calendar is known ("近5日" as
  traders use it), else N calendar days; 近N周/月/年: calendar windows ending today.
- A quarter or half-year without a year is the latest one that has ended by
  today (第三季度 asked in March 2024 is 2023 Q3).
- A month-day without a year is the latest such date not after today.
"""

from __future__ import annotations

import bisect
import calendar
import datetime as dt
import re
import dataclasses
from functools import lru_cache

from ...resources import data_path, load_yaml
from ..values import TimeSpan
from .numbers import CN_NUM_CHARS, cn_to_number, to_int

D = dt.date
N = rf"(?:\d+|[{CN_NUM_CHARS}]+)"
# 最新/最近 before these is "the newest" (最近成立的公司, 最新上任的董事长, 最近的那个新股, 最近有新股…吗, 最近一次), no time
NOT_A_TIME = r"成立|上市|上任|任职|离任|卸任|离职|发行|发布|有新|一次|的?(?:那个|那只|那家|那位|那期|一个|一只|一家|一位|一期)"
# a week said in words (礼拜 and 星期 are 周): this one, the one before
THIS_WEEK = ("本周", "这周", "这一周", "这个礼拜", "这礼拜", "本礼拜", "这个星期", "这星期", "本星期", "这一个礼拜")
LAST_WEEK = ("上周", "上一周", "上个礼拜", "上礼拜", "上个星期", "上星期", "上一个礼拜", "上一个星期")
WEEKS = "|".join(sorted(THIS_WEEK + LAST_WEEK, key=len, reverse=True))
# this month (year) so far: a period, not the day it started from (月初到现在 is 本月)
SO_FAR = "(?:至今|以来|到现在|到今天|到目前|到今|至现在|到当前)"
MONTH_SO_FAR = ("本月", "这个月", "本月以来")
YEAR_SO_FAR = ("今年", "本年", "年内")
# the first or last trading day of a period said before it (今年第一个交易日, 上个月最后一天)
EDGE_DAY = re.compile(r"的?(?:(?P<first>第一个交易日|首个交易日|第一天|头一天)|(?P<last>最后一个交易日|最后1个交易日|最后一天|最后1天|(?:末|底)(?:那天|那一天|当天)))")
# 从 (自, 由) before a range of two times belongs to it; 就是 (也就是, 即) between two times says the first again
FROM = re.compile(r"(?:从|自|由)?\s*$")
SAID_AGAIN = re.compile(r"\s*[，,]?\s*(?:就是|也就是|即|即是|也就是说)\s*|\s*[(（]\s*")  # 近5日（0311-0315）
ASIDE_END = re.compile(r"\s*[，,]")  # … the comma that closes such an aside
RECENT_TRADING_DAYS = 5
SOON_DAYS = 31  # a month and day without a year this far ahead is this year's (asked about the days to come)
DAY_BEFORE = ("前一", "上一")  # 前一天, 上一个交易日: said of another day
BREAK_DAYS = 4  # days between two trading days that make a holiday (a weekend is 3: Friday to Monday)
# a named holiday: the named day (festivals.yaml) its break is around (国庆后 = after the October break)
HOLIDAYS = {"国庆": "国庆节", "十一长假": "国庆节", "五一": "劳动节", "劳动节": "劳动节", "春节": "春节", "过年": "春节",
            "元旦": "元旦", "清明": "清明", "端午": "端午", "中秋": "中秋", "中秋国庆": "中秋", "国庆中秋": "中秋"}
HOLIDAY = "|".join(sorted(HOLIDAYS, key=len, reverse=True))
# a holiday named, or only a break said (节后, 假期前): never a bare 后 (上市后第一天 is no holiday)
BREAK = rf"(?:(?:(?P<y>\d{{4}}|今|去)年的?)?(?P<h>{HOLIDAY})(?:节|假期|长假|假)?|节|假期|长假|节假日)"
# the first trading day after a break (国庆后开盘第一天, 春节后开市头一天, 端午节后开盘那天)
FIRST_DAY_AFTER = r"(?:后|之后|过后|收假后)(?:开盘|开市|复市|开工|上班)?的?(?:第一个交易日|首个交易日|第一天|头一天|首日|那天|那一天|当天)"


@lru_cache(maxsize=None)
def named_days() -> dict[str, list[tuple[D, D]]]:
    """Every named day or stretch (festivals.yaml), as its spans over the years."""
    data = load_yaml((data_path("patterns") / "lang" / "zh" / "festivals.yaml").read_text(encoding="utf-8"))
    out: dict[str, list[tuple[D, D]]] = {}
    for name, md in (data.get("fixed") or {}).items():
        mo, d = (int(x) for x in str(md).split("-"))
        out[name] = [(D(y, mo, d), D(y, mo, d)) for y in range(1990, 2041)]
    for name, days in (data.get("lunar") or {}).items():
        out[name] = [(day, day) for day in days]
    for name, spans in (data.get("spans") or {}).items():
        out[name] = [(a, b) for a, b in spans]
    for alias, name in (data.get("aliases") or {}).items():
        out[alias] = out[name]
    return out


def _year_word(word: str, today: D) -> int | None:
    word = word.rstrip("年度")
    rel = {"今": 0, "本": 0, "去": -1, "上": -1, "前": -2, "明": 1, "来": 1}
    if word in rel:
        return today.year + rel[word]
    if len(word) == 2 and word.isdigit():
        return 2000 + int(word)
    v = to_int(word)
    return v if v and v > 1900 else None


def _two_digit_year(word: str, today: D) -> str:
    """二二 → 22 when 2022 is a year up to next year's and after 2009; else as written."""
    n = int("".join(str(cn_to_number(c)) for c in word))
    return f"{n:02d}" if 10 <= n <= today.year % 100 + 1 else word


def _safe_date(y: int, m: int, d: int) -> D | None:
    try:
        return D(y, m, d)
    except ValueError:
        return None


def _month_end(y: int, m: int) -> D:
    return D(y, m, calendar.monthrange(y, m)[1])


def _add_months(day: D, months: int) -> D:
    y, m = divmod(day.month - 1 + months, 12)
    y += day.year
    return D(y, m + 1, min(day.day, calendar.monthrange(y, m + 1)[1]))


def _quarter_span(y: int, q: int) -> tuple[D, D]:
    return D(y, 3 * q - 2, 1), _month_end(y, 3 * q)


class TimeParser:
    """Finds time expressions in a question. `calendar` (sorted trading days)
    makes "近N日" and "最近" count trading days."""

    def __init__(self, today: D, calendar: list[D] | None = None):
        self.today = today
        self.calendar = sorted(calendar) if calendar else None
        self.rules = [
            (r"(?P<y1>\d{4}|(?<!\d)\d{2}(?=年))年?(?:到|至|~|—|-)(?P<y2>\d{4}|\d{2}(?=年))年?(?:的)?(?:每年|各年|每一年|历年)?(?:的)?"
             r"(?:(?:第)?(?P<q>[1-4一二三四])季度|[Qq](?P<q2>[1-4]))?", self._years),
            (r"(?:上个|上一个|上一|上)季度", self._last_quarter),
            (rf"(?:近|最近|过去)(?P<n>{N})个?季度", self._last_quarters),
            (r"(?P<y>\d{4}|(?<!\d)\d{2}|今|去|前|本)年度?(?:的)?(?:每个|每一个|各个|各|四个|4个|全部|所有)(?:单季度|季度|季)(?:的)?",
             self._year_quarters),
            (r"(?P<y>\d{4}|(?<!\d)\d{2}|今|去|前|本)年(?:的)?前(?P<n>[一二三两1-3])个?季度", self._first_quarters),
            (r"(?:上个月|上月)月?(?:底|末)", self._last_month_end),
            (rf"(?P<w>去年|前年|上个月|上月|(?P<n>{N})(?P<u>年|个月)(?:以)?前)(?:的)?(?:今天|今日|同一天|同日|这一天|这天|这个时候|这时候|这会儿|此时)",
             self._same_day_before),
            (r"(?P<y>\d{4}|(?<!\d)\d{2}|去|前)年(?:年)?(?:底|末)", self._year_end),
            (rf"(?P<w>(?:本月|这个月)?月初{SO_FAR}|(?:今年|本年)?年初{SO_FAR})", self._word_range),
            # 春节前最后一个交易日, 节前最后一天: the last trading day before the break
            # (a break said: 前一天 alone is the day before the day said, not a holiday's)
            (rf"(?:{BREAK}(?:前|之前|放假前)|放假前)的?(?:最后一个交易日|最后1个交易日|最后一天|一个交易日|一天|那天)",
             self._before_holiday),
            # 春节前那一周: the trading week the break starts after
            (rf"{BREAK}(?:前|之前|放假前)的?(?:那一周|那周|一周|最后一周|那个礼拜|最后一个礼拜)", self._last_week_before),
            # 国庆后开盘第一天, 节后头一天: the first trading day after the break
            (rf"{BREAK}{FIRST_DAY_AFTER}", self._first_day_after),
            # 节后首周, 春节后第一周, 国庆后那一周: the first trading week after the break
            (rf"{BREAK}(?:后|之后|过后|收假后)的?(?:首周|第一周|头一周|第一个星期|第一个礼拜|那一周|那周)",
             self._first_week_after),
            (rf"{BREAK}(?:后|之后|以后|过后|结束后|收假后)(?:{SO_FAR})?", self._after_holiday),
            (rf"(?:节后|节日后|春节后|长假后|假期后|收假后|节假日后)(?:{SO_FAR})?", self._after_break),
            # 龙抬头那天, 情人节, 两会期间, 去年端午: a day (or stretch) named by the calendar
            (rf"(?:(?P<y>\d{{4}}|(?<!\d)\d{{2}}|今|去|前)年的?)?"
             rf"(?P<f>{'|'.join(sorted(named_days(), key=len, reverse=True))})"
             r"(?:节)?(?:这几天|那几天|期间|那一周|这一周|当天|那天|那一天|这天|那日)?", self._named_day),
            (rf"(?:今年|本年)?年初(?!{SO_FAR})|(?:本月|这个月)?月初(?!{SO_FAR})", self._start_of_now),
            (rf"(?P<m>\d{{1,2}}|[{CN_NUM_CHARS}]{{1,3}})月(?:底|末)", self._month_end),
            (rf"(?P<y>\d{{4}}|(?<!\d)\d{{2}}|{N}|今|去|前|本|明)年(?:的)?(?:(?:第)?(?P<q>[1-4一二三四])季度|\s*[Qq](?P<q4>[1-4]))|(?P<y2>\d{{4}})\s*[Qq](?P<q2>[1-4])", self._year_quarter),
            (r"(?P<y>\d{4}|今|去|前|本)年(?:的)?(?P<h>上|下)半年", self._year_half),
            (r"(?:(?P<y>\d{4}|今|去|前|本)年的?)?元旦(?!节|假|后|之后|以后|过后|结束|收假)", self._new_year_day),
            (r"(?:第(?P<q>[1-4一二三四])季度|(?P<q3>[一二三四])季度|(?<![\d.])(?P<q5>[1-4])季度|[Qq](?P<q2>[1-4]))", self._quarter),
            (r"(?P<h>上|下)半年", self._half),
            # 20240315 and 0315 (an analyst's shorthand): a day — 1229 only beside another day or 收/开
            (r"(?<![\d.,])(?P<y>(?:19|20)\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?![\d.])", self._ymd),
            (r"(?<![\d.><=≥≤×*])(?<!\d,)(?<![><=≥≤×*]\s)(?:(?P<m>0[1-9])|(?<=[-~～—至到@(（])(?P<m1>1[0-2])|(?P<m2>1[0-2])(?=\s*[收开]|\s*[-~～—至到→]\s*\d{4}(?!\d)))"
             r"(?P<d>0[1-9]|[12]\d|3[01])(?![\d.%万亿元股只个天手倍])", self._mmdd),
            (r"(?P<y>\d{4})\s*[年/.\-]\s*(?P<m>\d{1,2})\s*[月/.\-]\s*(?P<d>\d{1,2})\s*[日号]?", self._ymd),
            (rf"(?P<y>\d{{4}}|今|去|前)年(?P<m>\d{{1,2}}|[{CN_NUM_CHARS}]+)月(?:份)?(?P<d>\d{{1,2}}|[{CN_NUM_CHARS}]+)[日号]", self._ymd),
            (r"(?<![\d.])(?P<y>(?:19|20)\d\d)-(?P<m>0[1-9]|1[0-2])(?![\d-])", self._ym),
            (rf"(?P<y>\d{{4}}|今|去|前)年(?P<m>\d{{1,2}}|[{CN_NUM_CHARS}]+)月(?:份)?", self._ym),
            (rf"(?P<m>\d{{1,2}}|[{CN_NUM_CHARS}]{{1,3}})月(?P<d>\d{{1,2}}|[{CN_NUM_CHARS}]{{1,3}})[日号]", self._md),
            (r"(?<![\d.])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?![\d./])", self._md),
            # 3.8开盘价, （3.11-3.15）: a month and day with a dot — only where no figure reads (净值1.2以上, 超过3.5)
            (r"(?<![\d.])(?:(?<=\d[-~～—至到])|(?<![值率价是为在额模本费于过到至上下约近破超]))"
             r"(?P<m>1[0-2]|[1-9])\.(?P<d>3[01]|[12]\d|0?[1-9])(?![\d.])"
             r"(?=\s*(?:[开收涨跌成号日当那这时全盘量最]|[-~～—至到]\s*(?:1[0-2]|[1-9])\.\d)|\s*[)）]|\s*$)", self._md),
            # 前一天, 上一个交易日: the trading day before the day said (none said: before today)
            (r"(?<![0-9零〇一二三四五六七八九十两几])(?:前一|上一)个?(?:交易日|天|日)(?!以来|来|内|里|之内)", self._day_before),
            # 这一年里头, 这一年来: the year back from today (这一年多来 says more than that: left unread)
            (r"这(?P<n>一)(?P<u>年|个月)(?!多)(?:以来|来|里头|里面|里|内|当中)?", self._recent_n),
            (rf"(?:近|最近|过去|前|这(?=[两二三四五六七八九十2-9]))(?P<n>{N})个?(?P<u>交易日|天|日|周|星期|个月|月|年)(?:内|里|以来|来)?", self._recent_n),
            (r"(?:(?:近|最近|过去|这)半(?P<u>年|个月)(?:内|里|以来|来)?|半(?P<u2>年|个月)(?:以来|来))", self._recent_half),
            (rf"(?P<n>{N})个?(?P<u>天|日|周|星期|个月|月|年)(?:以)?前", self._n_ago),
            (rf"(?P<w>大前天|前天|昨天|昨日|今天|今日|今儿个|今儿|今个|昨儿个|昨儿|昨个|当天|当日|明天|明日|(?<!出)现在|当前|目前|此刻|最新(?!{NOT_A_TIME})|眼下)", self._word_day),
            (rf"(?P<w>{WEEKS}|上上周|下周)(?P<d>[一二三四五六日天1-7])(?![共起直般些样下切定])(?<!天(?=天))|(?:周|星期|礼拜)(?P<d2>[一二三四五六日天1-7])(?![共起直般些样下切定])(?<!天(?=天))", self._weekday),
            (rf"(?P<w>{WEEKS}|上上周|上上个月|上上月|本月以来|本月|这个月|上个月|上月|今年|本年|去年|前年|年内)(?:(?<=[今本去前]年)(?:一整年|整年|一年|全年))?",
             self._word_range),
            (r"(?P<y>\d{4}|(?<!\d)\d{2}|今|去|前)年(?:度|全年|一整年|整年|一年)?", self._year),
            (rf"(?P<w>最近几天|最近几日|前几日|这几日|近几日|最近(?!{NOT_A_TIME})|近期|前几天|这几天|近几天|近日)", self._recent),
            (rf"(?P<m>\d{{1,2}}|[{CN_NUM_CHARS}]{{1,3}})月份?(?![\d{CN_NUM_CHARS}日号])", self._month),
        ]
        self.rules = [(re.compile(p), f) for p, f in self.rules]
        self._until = re.compile(r"(截至|截止到?|到|直到|以来|之前|以前|之后|以后|起|至今)")

    def find(self, text: str) -> list[TimeSpan]:
        # 二零二三年 is 2023年: a year said digit by digit, one digit per character (the spans stay where they were)
        text = re.sub(r"[零〇一二三四五六七八九]{4}(?=年)", lambda m: str(cn_to_number(m.group(0))), text)
        # 二二年 is 22年 (2022), a two-digit year said digit by digit — not 三四年 (three or four years)
        text = re.sub(r"(?<![零〇一二三四五六七八九十])[零〇一二三四五六七八九]{2}(?=年)",
                      lambda m: _two_digit_year(m.group(0), self.today), text)
        taken = [False] * len(text)
        found: list[TimeSpan] = []
        for rx, fn in self.rules:
            for m in rx.finditer(text):
                if any(taken[m.start():m.end()]):
                    continue
                span = fn(m)
                if span is None:
                    continue
                for i in range(m.start(), m.end()):
                    taken[i] = True
                found.append(span)
        found.sort(key=lambda s: s.pos)
        return self._ranges(text, self._days_before(found))

    def _days_before(self, found: list[TimeSpan]) -> list[TimeSpan]:
        """3月14号开盘比前一天收盘: 前一天 is the trading day before the day said first."""
        said = [s for s in found if s.kind == "day" and not s.text.startswith(DAY_BEFORE)]
        out = []
        for s in found:
            if s.kind == "day" and s.text.startswith(DAY_BEFORE) and said and said[0].start is not None:
                day = self._trading_before(said[0].start)
                s = dataclasses.replace(s, start=day, end=day)
            out.append(s)
        return out

    def _trading_before(self, day: D) -> D:
        earlier = [d for d in self.calendar or () if d < day]
        return earlier[-1] if earlier else day - dt.timedelta(days=1)

    def _day_before(self, m):
        day = self._trading_before(self.today)
        return self._span(m, "day", day, day)

    # combine "A到B", "截至A", "A以来"
    def _ranges(self, text: str, spans: list[TimeSpan]) -> list[TimeSpan]:
        out: list[TimeSpan] = []
        i = 0
        while i < len(spans):
            s = spans[i]
            nxt = spans[i + 1] if i + 1 < len(spans) else None
            between = text[s.end_pos:nxt.pos] if nxt else None
            if nxt and between is not None and re.fullmatch(r"\s*(到|至|～|~|-|—)\s*", between):
                pos = s.pos - len(FROM.search(text[:s.pos]).group(0))  # 从A到B: 从 is part of the range
                out.append(TimeSpan(text[pos:nxt.end_pos], pos, nxt.end_pos, "range", s.start, nxt.end))
                i += 2
                continue
            if nxt and between is not None and SAID_AGAIN.fullmatch(between):
                # 一年前，就是去年3月15号: the second says the first again, exactly
                end = nxt.end_pos
                if re.match(r"\s*[，,]", between) and (close := ASIDE_END.match(text, end)):
                    end = close.end()
                spans[i + 1] = dataclasses.replace(nxt, text=text[s.pos:end], pos=s.pos, end_pos=end)
                i += 1
                continue
            before = text[max(0, s.pos - 3):s.pos]
            after = text[s.end_pos:s.end_pos + 2]
            if re.search(r"(截至|截止到?|直到)$", before):
                k = re.search(r"(截至|截止到?|直到)$", before)
                out.append(TimeSpan(text[s.pos - len(k.group(0)):s.end_pos], s.pos - len(k.group(0)), s.end_pos,
                                    "until", None, s.end))
            elif self._edge_day(text, s) is not None:
                out.append(self._edge_day(text, s))
            elif re.match(r"(以来|至今)", after):
                k = re.match(r"(以来|至今)", after)
                out.append(TimeSpan(text[s.pos:s.end_pos + len(k.group(0))], s.pos, s.end_pos + len(k.group(0)),
                                    "since", s.start, self.today))
            else:
                out.append(s)
            i += 1
        return out

    def _edge_day(self, text: str, s: TimeSpan) -> TimeSpan | None:
        """今年第一个交易日, 去年最后一天: the first (last) trading day of a period."""
        m = EDGE_DAY.match(text, s.end_pos)
        if m is None or s.start is None or s.end is None or s.kind == "day":
            return None
        end = min(s.end, self.today)
        days = [d for d in self.calendar or () if s.start <= d <= end] or [s.start, end]
        day = days[0] if m.group("first") else days[-1]
        return TimeSpan(text[s.pos:m.end()], s.pos, m.end(), "day", day, day)

    # ---- rule handlers ---------------------------------------------------
    def _span(self, m, kind, start, end, **kw) -> TimeSpan:
        return TimeSpan(m.group(0), m.start(), m.end(), kind, start, end, **kw)

    def _q(self, s: str) -> int:
        return to_int(s)

    def _year_quarter(self, m):
        y = _year_word(m.group("y"), self.today) if m.group("y") else int(m.group("y2"))
        q = self._q(m.group("q") or m.group("q2") or m.group("q4"))
        if y is None or not q:
            return None
        a, b = _quarter_span(y, q)
        return self._span(m, "quarter", a, b, year=y, quarter=q)

    def _quarter(self, m):
        q = self._q(m.group("q") or m.group("q2") or m.group("q3") or m.group("q5"))
        y = self.today.year
        if _quarter_span(y, q)[1] > self.today:
            y -= 1
        a, b = _quarter_span(y, q)
        return self._span(m, "quarter", a, b, year=y, quarter=q)

    def _year_half(self, m):
        y = _year_word(m.group("y"), self.today)
        h = 1 if m.group("h") == "上" else 2
        a, b = (D(y, 1, 1), D(y, 6, 30)) if h == 1 else (D(y, 7, 1), D(y, 12, 31))
        return self._span(m, "half", a, b, year=y, half=h)

    def _half(self, m):
        h = 1 if m.group("h") == "上" else 2
        y = self.today.year
        end = D(y, 6, 30) if h == 1 else D(y, 12, 31)
        if end > self.today:
            y -= 1
        a, b = (D(y, 1, 1), D(y, 6, 30)) if h == 1 else (D(y, 7, 1), D(y, 12, 31))
        return self._span(m, "half", a, b, year=y, half=h)

    def _new_year_day(self, m):
        """(今年)元旦: the first of January (of the latest year that has one by today)."""
        y = _year_word(m.group("y"), self.today) if m.group("y") else self.today.year
        return self._span(m, "day", D(y, 1, 1), D(y, 1, 1)) if y else None

    def _ymd(self, m):
        y = _year_word(m.group("y"), self.today)
        mo, d = to_int(m.group("m")), to_int(m.group("d"))
        day = _safe_date(y, mo, d) if y and mo and d else None
        return self._span(m, "day", day, day) if day else None

    def _ym(self, m):
        y = _year_word(m.group("y"), self.today)
        mo = to_int(m.group("m"))
        if not y or not mo or not 1 <= mo <= 12:
            return None
        return self._span(m, "month", D(y, mo, 1), _month_end(y, mo), year=y)

    def _mmdd(self, m):
        month = m.group("m") or m.group("m1") or m.group("m2")
        return self._md(m, month)

    def _md(self, m, month: str | None = None):
        mo, d = to_int(month or m.group("m")), to_int(m.group("d"))
        if not mo or not d:
            return None
        day = _safe_date(self.today.year, mo, d)
        if day and (day - self.today).days > SOON_DAYS:  # 12月25日 in March: last December's
            day = _safe_date(self.today.year - 1, mo, d)
        return self._span(m, "day", day, day) if day else None  # 3月18号 on the 15th: days ahead, as said

    def _after_break(self, m):
        """节后 (到现在): from the first trading day after the latest holiday — a gap
        in the trading calendar longer than a weekend — to today."""
        cal = [d for d in self.calendar or () if d <= self.today]
        after = next((b for a, b in zip(reversed(cal[:-1]), reversed(cal[1:])) if (b - a).days > BREAK_DAYS - 1), None)
        return self._span(m, "range", after, self.today) if after else None

    def _after_holiday(self, m):
        """国庆后 (到现在): from the first trading day after the holiday's break to today."""
        gap = self._break(m)
        return self._span(m, "range", gap[1], self.today) if gap else None

    def _break(self, m) -> tuple[D, D] | None:
        """The break in trading around the holiday named (the latest by today, or the year's):
        its last trading day before and its first trading day after; a break only said
        (节后) is the latest gap in trading longer than a weekend."""
        cal = [d for d in self.calendar or () if d <= self.today]
        name = HOLIDAYS.get(m.group("h") or "")
        year = _year_word(m.group("y"), self.today) if "y" in m.re.groupindex and m.group("y") else None
        if name is None:
            return next(((a, b) for a, b in zip(reversed(cal[:-1]), reversed(cal[1:]))
                         if (b - a).days > BREAK_DAYS - 1 and (year is None or b.year == year)), None)
        gaps = []
        for day, _ in named_days()[name]:
            k = bisect.bisect_left(cal, day)
            after = k + (k < len(cal) and cal[k] == day)
            if 0 < k and after < len(cal) and (year is None or day.year == year):
                gaps.append((cal[k - 1], cal[after]))
        return max(gaps) if gaps else None

    def _before_holiday(self, m):
        gap = self._break(m)
        return self._span(m, "day", gap[0], gap[0]) if gap else None

    def _first_day_after(self, m):
        gap = self._break(m)
        return self._span(m, "day", gap[1], gap[1]) if gap else None

    def _last_week_before(self, m):
        gap = self._break(m)
        return self._span(m, "range", gap[0] - dt.timedelta(days=gap[0].weekday()), gap[0]) if gap else None

    def _named_day(self, m):
        """龙抬头那天 (the latest one by today, or the year's), 两会期间 (its days)."""
        y = _year_word(m.group("y"), self.today) if m.group("y") else None
        spans = [(a, b) for a, b in named_days()[m.group("f")]
                 if (a.year == y if y else a <= self.today)]
        if not spans:
            return None
        a, b = max(spans)
        return self._span(m, "day" if a == b else "range", a, min(b, self.today))

    def _first_week_after(self, m):
        gap = self._break(m)
        if gap is None:
            return None
        end = gap[1] + dt.timedelta(days=6 - gap[1].weekday() - 2) if gap[1].weekday() < 5 else gap[1]
        return self._span(m, "range", gap[1], min(end, self.today))

    def _trading_back(self, n: int) -> D:
        """The first of the last n trading days up to today."""
        cal = self.calendar
        k = bisect.bisect_right(cal, self.today)
        return cal[max(0, k - n)] if k else self.today

    def _recent_n(self, m):
        n, u = to_int(m.group("n")), m.group("u")
        if not n:
            return None
        t = self.today
        if u in ("天", "日", "交易日"):
            start = self._trading_back(n) if self.calendar else t - dt.timedelta(days=n - 1)
        elif u in ("周", "星期"):
            start = t - dt.timedelta(days=7 * n - 1)
        elif u in ("个月", "月"):
            start = _add_months(t, -n) + dt.timedelta(days=1)
        else:
            start = _add_months(t, -12 * n) + dt.timedelta(days=1)
        return self._span(m, "range", start, t)

    def _recent_half(self, m):
        """近半年 / 半年来: six months (近半个月: fifteen days) ending today."""
        t = self.today
        half_year = (m.group("u") or m.group("u2")) == "年"
        start = _add_months(t, -6) + dt.timedelta(days=1) if half_year else t - dt.timedelta(days=14)
        return self._span(m, "range", start, t)

    def _n_ago(self, m):
        n, u = to_int(m.group("n")), m.group("u")
        if n is None or (u == "年" and n >= 1000):  # 2000年以前 is before the year 2000, not 2000 years ago
            return None
        t = self.today
        if u in ("天", "日"):
            day = t - dt.timedelta(days=n)
        elif u in ("周", "星期"):
            day = t - dt.timedelta(days=7 * n)
        elif u in ("个月", "月"):
            day = _add_months(t, -n)
        else:
            day = _add_months(t, -12 * n)
        return self._span(m, "day", day, day)

    def _same_day_before(self, m):
        """去年今天, 上个月的今天, 一年前的今天: today's date a year (a month) back."""
        n = to_int(m.group("n")) if m.group("n") else None
        months = n * (12 if m.group("u") == "年" else 1) if n else {"去年": 12, "前年": 24}.get(m.group("w"), 1)
        day = _add_months(self.today, -months)
        return self._span(m, "day", day, day)

    def _word_day(self, m):
        off = {"大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "昨儿个": -1, "昨儿": -1, "昨个": -1,
               "明天": 1, "明日": 1}.get(m.group("w"), 0)
        day = self.today + dt.timedelta(days=off)
        return self._span(m, "day", day, day)

    def _weekday(self, m):
        """上周五, 本周一, 周三 (the latest such weekday not after today)."""
        d = m.group("d") or m.group("d2")
        wd = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}.get(d)
        wd = int(d) - 1 if wd is None else wd
        t = self.today
        monday = t - dt.timedelta(days=t.weekday())
        w = m.group("w") or ""
        week = -1 if w in LAST_WEEK else {"上上周": -2, "下周": 1}.get(w, 0)
        day = monday + dt.timedelta(days=7 * week + wd)
        if not m.group("w") and day > t:
            day -= dt.timedelta(days=7)
        return self._span(m, "day", day, day)

    def _last_quarter(self, m):
        """上季度: the last quarter that has ended."""
        q = (self.today.month - 1) // 3  # the current quarter minus one
        y = self.today.year if q else self.today.year - 1
        q = q or 4
        a, b = _quarter_span(y, q)
        return self._span(m, "quarter", a, b, year=y, quarter=q)

    def _years(self, m):
        """2020到2023年 (a stretch of years); 2020到2023每年四季度: that quarter of each, one row each."""
        y1, y2 = _year_word(m.group("y1"), self.today), _year_word(m.group("y2"), self.today)
        if not y1 or not y2 or y2 <= y1:
            return None
        q = m.group("q") or m.group("q2")
        if q:
            return self._span(m, "quarters", D(y1, 1, 1), D(y2, 12, 31), quarter=self._q(q))
        return self._span(m, "range", D(y1, 1, 1), min(D(y2, 12, 31), self.today))

    def _last_quarters(self, m):
        """最近4个季度: the last n quarters that have ended — a window of reports, one row each."""
        n = to_int(m.group("n"))
        if not n or n < 1:
            return None
        q = (self.today.month - 1) // 3  # the last ended quarter, counted from year 0
        last = self.today.year * 4 + q - 1
        first = last - (n - 1)
        a = _quarter_span(first // 4, first % 4 + 1)[0]
        b = _quarter_span(last // 4, last % 4 + 1)[1]
        return self._span(m, "quarters", a, b)

    def _year_quarters(self, m):
        """2023年每个季度 / 四个季度: that year's reports, one row each (not the year's total)."""
        y = _year_word(m.group("y"), self.today)
        return self._span(m, "quarters", D(y, 1, 1), D(y, 12, 31), year=y) if y else None

    def _first_quarters(self, m):
        """2023年前三季度: that year's first n quarters — their reports, one row each."""
        y, n = _year_word(m.group("y"), self.today), to_int(m.group("n"))
        if not y or not n:
            return None
        return self._span(m, "quarters", D(y, 1, 1), _quarter_span(y, n)[1])

    def _last_month_end(self, m):
        """上个月底: the last day of the previous month (a trading day before it if need be)."""
        last = D(self.today.year, self.today.month, 1) - dt.timedelta(days=1)
        return self._span(m, "day", last, last)

    def _year_end(self, m):
        """去年底, 2022年末: the year's last day (a trading day before it if need be)."""
        y = _year_word(m.group("y"), self.today)
        if not y or y >= self.today.year:
            return None
        return self._span(m, "day", D(y, 12, 31), D(y, 12, 31))

    def _start_of_now(self, m):
        """年初 (月初) as a day to compare with: where this year (month) started from,
        the day before its first (so the last close before it)."""
        first = D(self.today.year, 1, 1) if "年" in m.group(0) else D(self.today.year, self.today.month, 1)
        day = first - dt.timedelta(days=1)
        return self._span(m, "day", day, day)

    def _month_end(self, m):
        """2月底: the last day of the latest such month that has ended."""
        mo = to_int(m.group("m"))
        if not mo or not 1 <= mo <= 12:
            return None
        y = self.today.year if mo < self.today.month else self.today.year - 1
        last = _month_end(y, mo)
        return self._span(m, "day", last, last)

    def _month(self, m):
        """2月份: that month of the latest year in which it has begun."""
        mo = to_int(m.group("m"))
        if not mo or not 1 <= mo <= 12:
            return None
        y = self.today.year if mo <= self.today.month else self.today.year - 1
        return self._span(m, "month", D(y, mo, 1), min(_month_end(y, mo), self.today))

    def _word_range(self, m):
        w, t = m.group("w"), self.today
        if w in THIS_WEEK:
            a, b = t - dt.timedelta(days=t.weekday()), t
        elif w in LAST_WEEK:
            mon = t - dt.timedelta(days=t.weekday() + 7)
            a, b = mon, mon + dt.timedelta(days=6)
        elif w in MONTH_SO_FAR or "月初" in w:
            a, b = D(t.year, t.month, 1), t
        elif w in ("上个月", "上月", "上上个月", "上上月"):
            last = D(t.year, t.month, 1) - dt.timedelta(days=1)
            if w.startswith("上上"):  # the month before last
                last = D(last.year, last.month, 1) - dt.timedelta(days=1)
            a, b = D(last.year, last.month, 1), last
        elif w == "上上周":
            mon = t - dt.timedelta(days=t.weekday() + 14)
            a, b = mon, mon + dt.timedelta(days=6)
        elif w in YEAR_SO_FAR or "年初" in w:
            return self._span(m, "year", D(t.year, 1, 1), t, year=t.year)
        else:
            y = t.year - (1 if w == "去年" else 2)
            return self._span(m, "year", D(y, 1, 1), D(y, 12, 31), year=y)
        return self._span(m, "range", a, b)

    def _year(self, m):
        y = _year_word(m.group("y"), self.today)
        if not y:
            return None
        return self._span(m, "year", D(y, 1, 1), min(D(y, 12, 31), max(self.today, D(y, 1, 1))) if y == self.today.year else D(y, 12, 31), year=y)

    def _recent(self, m):
        t = self.today
        start = self._trading_back(RECENT_TRADING_DAYS) if self.calendar else t - dt.timedelta(days=RECENT_TRADING_DAYS - 1)
        return self._span(m, "range", start, t)


def find_times(text: str, today: D, calendar: list[D] | None = None) -> list[TimeSpan]:
    return [dataclasses.replace(t, names_year="年" in t.text) for t in TimeParser(today, calendar).find(text)]
