"""The real-style questions for a second KG: the same questions with every name
and date moved to the other KG (built by `tests/support/alt_kg.py`: another
seed and year, every stock, fund and manager renamed).

A name is moved to the name of the same row of the same label: the demo KG's
贵州茅台 is the first stock, the other KG calls its first stock 瀚海茅台. A name written with a typo keeps
its typo where the other name keeps those characters (贵州茅苔 -> 瀚海茅苔); a short
form contained in the new name (茅台) and an alias (宁王, aliases.csv keeps its
ids) stay as written. Years move by the difference of the two KGs' last days,
and a day that does not exist in the other year (02-29) becomes the month's
last day.

    python eval/real_style/second_kg.py DEMO_KG_DIR ALT_KG_DIR OUT.jsonl IN.jsonl...
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
import sys
from pathlib import Path

RENAMED = ("stock", "public_offering_fund", "fund_manager")


def _names(kg: Path) -> dict[tuple[str, int], str]:
    """Names by label and row: the generator writes the same kinds of things in
    the same order (ids of generated funds differ between seeds)."""
    out = {}
    for label in RENAMED:
        with open(kg / "nodes" / f"{label}.csv", encoding="utf-8") as fh:
            for k, r in enumerate(csv.DictReader(fh)):
                out[label, k] = r["name"]
    return out


def _end(kg: Path) -> dt.date:
    text = (kg / "README.txt").read_text(encoding="utf-8")
    return dt.date.fromisoformat(re.search(r"end=(\d{4}-\d{2}-\d{2})", text).group(1))


class Mover:
    def __init__(self, demo: Path, alt: Path, prefixes: dict[str, str] | None = None):
        a, b = _names(demo), _names(alt)
        self.names = {a[i]: b[i] for i in a if i in b and a[i] != b[i]}
        self.prefixes = prefixes or {}  # fund companies: 易方达 -> 东吴 (名字以易方达开头)
        self.years = _end(demo).year - _end(alt).year
        self.today = {_end(demo).isoformat(): _end(alt).isoformat()}

    def _year(self, y: int) -> int:
        return y - self.years

    def _day(self, m: re.Match) -> str:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        y = self._year(y)
        while True:
            try:
                return dt.date(y, mo, d).isoformat()
            except ValueError:
                d -= 1  # 2024-02-29 -> 2019-02-28

    def text(self, s: str, typos: bool = True) -> str:
        out = s
        for old in sorted(self.names, key=len, reverse=True):
            if old in out:
                out = out.replace(old, self.names[old])
        for old, new in self.prefixes.items():
            out = re.sub(rf"{old}(?=开头|旗下|的基金|')", new, out)  # ' : the gold's CONTAINS '易方达'
        if typos:
            out = self._typos(out)
        return out

    def _typos(self, s: str) -> str:
        """A stock name with one character off (贵州茅苔) keeps its typo in the
        part the other name shares (the last two characters)."""
        for old, new in self.names.items():
            if len(old) < 3 or old in s or new in s:
                continue
            for k in range(len(s) - len(old) + 2):
                for n in (len(old), len(old) + 1, len(old) - 1):
                    frag = s[k:k + n]
                    if len(frag) != n or frag == old:
                        continue
                    if _off_by_one(frag, old) and frag[-2:] != old[-2:] and frag[:-2] == old[:len(old) - 2]:
                        return s[:k] + new[:-2] + frag[len(old) - 2:] + s[k + n:]
        return s

    def question(self, r: dict) -> dict:
        q = dict(r)
        q["question"] = self._years(self.text(r["question"]))
        if "gold" in r:
            g = self.text(r["gold"], typos=False)
            g = re.sub(r"(\d{4})-(\d{2})-(\d{2})", self._day, g)
            g = re.sub(r"(\.year = )(\d{4})", lambda m: m.group(1) + str(self._year(int(m.group(2)))), g)
            q["gold"] = g
        if r.get("today"):
            q["today"] = self.today.get(r["today"], r["today"])
        return q

    def _years(self, s: str) -> str:
        s = re.sub(r"(?<!\d)(20\d{2})(?=年)", lambda m: str(self._year(int(m.group(1)))), s)
        return re.sub(r"(?<!\d)(\d{2})(?=年)", lambda m: f"{(int(m.group(1)) - self.years) % 100:02d}", s)


def _off_by_one(a: str, b: str) -> bool:
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 4:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
    from support.alt_kg import FUND_COMPANIES

    mover = Mover(Path(argv[0]), Path(argv[1]), FUND_COMPANIES)
    n = 0
    with open(argv[2], "w", encoding="utf-8") as out:
        for path in argv[3:]:
            for line in open(path, encoding="utf-8"):
                if line.strip():
                    out.write(json.dumps(mover.question(json.loads(line)), ensure_ascii=False) + "\n")
                    n += 1
    print(f"wrote {n} questions to {argv[2]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
