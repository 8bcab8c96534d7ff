"""Numbers as English questions write them: 12, 3.5, 1,200, 0.2, twenty, 1.5 billion,
$3M, 2.5bn, 500k, 20%, 20 percent. A magnitude word is applied (1.5 billion is
1500000000); a dollar sign or word gives the unit USD."""

from __future__ import annotations

import re

from ..values import Number

WORDS = {w: k for k, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6, "mm": 1e6, "billion": 1e9, "bn": 1e9,
          "b": 1e9, "trillion": 1e12, "tn": 1e12, "t": 1e12}
_WORD = "|".join(sorted([*WORDS, *TENS], key=len, reverse=True))
_SCALE = "|".join(sorted(SCALES, key=len, reverse=True))
NUMBER = re.compile(
    rf"(?<![\w.])(?P<cur>\$|usd\s*|us\$)?\s*(?P<num>[+-]?\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|[+-]?\d+(?:\.\d+)?|(?:{_WORD})"
    rf"(?:-(?:{'|'.join(sorted(WORDS, key=len, reverse=True))}))?\b)(?:\s*(?P<scale>{_SCALE})\b)?(?:\s*(?P<unit>%|percent\b|per cent\b|"
    rf"percentage points?\b|dollars?\b|usd\b))?", re.I)


def _value(num: str) -> float | None:
    num = num.lower().replace(",", "")
    try:
        return float(num)
    except ValueError:
        pass
    parts = re.split(r"[- ]", num)
    if parts[0] in TENS:
        return float(TENS[parts[0]] + (WORDS.get(parts[1], 0) if len(parts) > 1 else 0))
    return float(WORDS[parts[0]]) if parts[0] in WORDS and len(parts) == 1 else None


def find_numbers(text: str) -> list[Number]:
    """Every number in the text with its unit; magnitude words applied."""
    out = []
    for m in NUMBER.finditer(text):
        value = _value(m.group("num"))
        if value is None:
            continue
        scale = SCALES[m.group("scale").lower()] if m.group("scale") else 1.0
        unit = (m.group("unit") or "").lower()
        unit = "%" if unit.startswith(("%", "percent", "per cent")) else "USD" if unit or m.group("cur") else ""
        start = m.start("cur") if m.group("cur") else m.start("num")
        out.append(Number(value * scale, start, m.end(), text[start:m.end()], unit, scale))
    return out
