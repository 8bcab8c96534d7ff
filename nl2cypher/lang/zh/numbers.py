"""Numbers as users write them: 12, 3.5, 1,200, 十五, 两千三百, 1.2万, 3亿, 十个亿, 15%, 5个点, 百分之五."""

from __future__ import annotations

import re
from ..values import Number

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_BIG_UNITS = {"万": 10_000, "亿": 100_000_000}
CN_NUM_CHARS = "零〇一二三四五六七八九两十百千万亿"
_CN_RUN = f"[{CN_NUM_CHARS}]+"


def cn_to_number(text: str) -> int | None:
    """十五 -> 15, 两千三百 -> 2300, 一万二千 -> 12000, 三 -> 3; None if not a numeral."""
    if not text or any(c not in CN_NUM_CHARS for c in text) or text[0] in _BIG_UNITS:
        return None  # 万 alone is no number (万科)
    if all(c in _DIGITS for c in text) and len(text) > 1:  # 二〇二四 -> 2024
        return int("".join(str(_DIGITS[c]) for c in text))
    total, section, digit = 0, 0, None
    for c in text:
        if c in _DIGITS:
            digit = _DIGITS[c]
        elif c in _SMALL_UNITS:
            section += (1 if digit is None else digit) * _SMALL_UNITS[c]
            digit = None
        else:  # 万 / 亿
            section += digit or 0
            total = (total + section) * _BIG_UNITS[c] if c == "亿" else total + section * _BIG_UNITS[c]
            section, digit = 0, None
    return total + section + (digit or 0)


def to_int(text: str) -> int | None:
    text = text.strip()
    if text.isdigit():
        return int(text)
    return cn_to_number(text)


# multipliers of unit words after a number
UNIT_SCALE = {"万亿": 1_000_000_000_000, "千万": 10_000_000, "百万": 1_000_000, "十万": 100_000, "万": 10_000, "亿": 100_000_000, "千": 1000,
              "k": 1000, "K": 1000, "w": 10_000, "W": 10_000}

# 百分之几 / 百分之多少 ask for a per cent: their 百 is no number
NUMBER = re.compile(
    rf"(?!百分之(?:几|多少))(?P<percent>百分之)?(?P<num>(?<![\d.])[-+]?\d+(?:,\d{{3}})*(?:\.\d+)?|{_CN_RUN}(?:点[{CN_NUM_CHARS}]+)?)"
    r"\s*(?:(?:个(?=亿))?(?P<scale>万亿|千万|百万|十万|万|亿|千|[kKwW](?![a-zA-Z])))?\s*(?P<unit>%|％|个百分点|个点|元|块钱|块|股|手|倍|万元|亿元)?"
)


def parse_number_text(num: str) -> float | None:
    num = num.replace(",", "")
    try:
        return float(num)
    except ValueError:
        pass
    if "点" in num:
        whole, frac = num.split("点", 1)
        w = cn_to_number(whole) if whole else 0
        digits = [_DIGITS.get(c) for c in frac]
        if w is None or any(d is None for d in digits):
            return None
        return float(f"{w}.{''.join(str(d) for d in digits)}")
    v = cn_to_number(num)
    return None if v is None else float(v)


def find_numbers(text: str) -> list[Number]:
    """Every number in text with its unit; 万/亿 applied (3亿 -> 300000000)."""
    out = []
    for m in NUMBER.finditer(text):
        v = parse_number_text(m.group("num"))
        if v is None:
            continue
        scale = UNIT_SCALE.get(m.group("scale") or "", 1)
        unit = m.group("unit") or ""
        if unit in ("万元", "亿元"):
            scale *= UNIT_SCALE[unit[0]]
            unit = "元"
        unit = {"％": "%", "个百分点": "%", "个点": "%", "块钱": "元", "块": "元"}.get(unit, unit)
        if m.group("percent"):  # 百分之五 is 5%
            unit = "%"
        written = scale
        if scale == 1 and m.group("num")[-1] in _BIG_UNITS:  # 五千万: a magnitude written, as in 5000万
            written = _BIG_UNITS[m.group("num")[-1]]
        out.append(Number(v * scale, m.start(), m.end(), m.group(0), unit, written))
    return out


# 两百多块 / 五千多万 / 20多块: a round number and more, short of the next — the range it covers;
# 三点几 / 百分之三点几: that whole number and a fraction
_MORE = re.compile(r"(?<![第前后])(?P<n>[一二两三四五六七八九十]+|\d+)(?P<u>十|百|千|万)?多(?P<mag>万|亿)?(?=\s*(?:块|元|个点|个百分点|%|倍|的)|(?<=[万亿]))")
_POINT = re.compile(r"(?<![第前后])(?P<pct>百分之)?(?P<n>[一二两三四五六七八九十]+|\d+)点几(?P<unit>个点|个百分点|%)?")
_TENS = re.compile(r"(?<![第前后])(?P<n>[一二两三四五六七八九]|[1-9])?十几(?P<mag>万|亿)?(?=\s*(?:块|元|个点|个百分点|%|倍|的)|(?<=[万亿]))")
_UNIT_STEP = {"十": 10, "百": 100, "千": 1000, "万": 10_000}


def _more(m: re.Match) -> str:
    n = to_int(m.group("n"))
    if n is None or n == 0:
        return m.group(0)
    if m.group("u"):
        low, step = n * _UNIT_STEP[m.group("u")], _UNIT_STEP[m.group("u")]
    else:
        low, step = n, 10 ** (len(str(n)) - len(str(n).rstrip("0")))
    mag = m.group("mag") or ""  # 五千多万: each end in 万
    return f"{low}{mag}到{low + step}{mag}"


def _point(m: re.Match) -> str:
    n = to_int(m.group("n"))
    if n is None:
        return m.group(0)
    mark = "%" if m.group("pct") or m.group("unit") else ""
    return f"{n}{mark}到{n + 1}{mark}"


# a security code said digit by digit (零零零八五八, 六零零五一九; 幺 is 1 said on the phone)
_SPELLED_CODE = re.compile(r"(?<![零〇一二两三四五六七八九幺十百千万亿])[零〇一二三四五六七八九幺]{6}(?![零〇一二两三四五六七八九幺十百千万亿])")
_SPELLED_DIGIT = {**{k: str(v) for k, v in _DIGITS.items()}, "幺": "1"}


def approximate(text: str) -> str:
    """Numbers said roughly, as the range they cover: 两百多块 → 200到300块, 五千多万 → 5000万到6000万,
    百分之三点几 → 3%到4%, 3点几个点 → 3%到4%, 二十几亿 → 20亿到30亿; a code said digit by digit
    in figures (零零零八五八 → 000858)."""
    text = _SPELLED_CODE.sub(lambda m: "".join(_SPELLED_DIGIT[c] for c in m.group(0)), text)
    if "多" in text:
        text = _MORE.sub(_more, text)
    if "点几" in text:
        text = _POINT.sub(_point, text)
    if "十几" in text:  # 十几块 / 二十几亿: that ten and up to the next
        text = _TENS.sub(lambda m: (lambda low, mag: f"{low}{mag}到{low + 10}{mag}")(
            10 * (to_int(m.group("n")) if m.group("n") else 1), m.group("mag") or ""), text)
    return text
