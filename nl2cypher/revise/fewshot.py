"""Few-shot examples (fewshot/examples.xlsx: question, cypher), chosen per
question by encoder similarity; the question being asked is never its own example."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import Nl2CypherError
from ..domain import load_domain
from .prompt import Example


def _norm(q: str) -> str:
    return "".join(ch for ch in q if ch.isalnum())


class FewShot:
    def __init__(self, path: str | Path | None = None):
        import openpyxl

        path = Path(path) if path else load_domain().fewshot_path
        try:
            ws = openpyxl.load_workbook(path, read_only=True).worksheets[0]
        except Exception as e:  # noqa: BLE001 - missing or unreadable: one clear line
            raise Nl2CypherError(f"few-shot examples {path}: cannot read ({type(e).__name__})") from None
        rows = list(ws.iter_rows(values_only=True))
        head = [str(c or "").strip().lower() for c in rows[0]] if rows else []
        if "question" not in head or "cypher" not in head:
            raise Nl2CypherError(f"few-shot examples {path}: needs columns question and cypher")
        qi, ci = head.index("question"), head.index("cypher")
        self.examples = [Example(str(r[qi]).strip(), str(r[ci]).strip()) for r in rows[1:]
                         if r and r[qi] and r[ci]]
        self._vectors: np.ndarray | None = None

    def select(self, question: str, k: int, encoder) -> list[Example]:
        if k <= 0 or not self.examples:
            return []
        if self._vectors is None:
            self._vectors = encoder.encode([e.question for e in self.examples])
        q = encoder.encode([question])[0]
        order = np.argsort(-(self._vectors @ q))
        own = _norm(question)
        picked = [self.examples[i] for i in order if _norm(self.examples[i].question) != own]
        return picked[:k]
