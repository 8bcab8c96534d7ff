"""Named choice points. Each ambiguity (行业 = board or industry, 收盘价 of a stock
or of a board, which schema path) is picked by a key that names what is being
decided, so a vector of choices means the same thing whatever order the passes
meet them in."""

from __future__ import annotations

import itertools
from typing import Any, Iterator

PENALTY = 0.02  # prior cost of each step away from the trigger table's first alternative


class Choices:
    """Answers choice points from `vector` (key -> option index, 0 when absent);
    records the points met, in order, for enumeration and the trace."""

    def __init__(self, vector: dict[str, int] | None = None):
        self.vector = vector or {}
        self.points: dict[str, int] = {}  # key -> number of options, in the order met
        self.taken: list[str] = []
        self.penalty = 0.0

    def pick(self, key: str, options: list[Any], labels: list[str] | None = None, what: str | None = None) -> Any:
        if len(options) <= 1:
            return options[0] if options else None
        self.points.setdefault(key, len(options))
        k = min(self.vector.get(key, 0), len(options) - 1)
        self.penalty += PENALTY * k
        self.taken.append(f"{what or key}={labels[k] if labels else options[k]}")
        return options[k]


def alternatives(points: dict[str, int], limit: int) -> Iterator[dict[str, int]]:
    """Every other combination of the points met on the first run, first
    alternatives first (the first run itself is left out)."""
    keys = list(points)
    for combo in itertools.islice(itertools.product(*(range(points[k]) for k in keys)), 1, limit):
        yield dict(zip(keys, combo))
