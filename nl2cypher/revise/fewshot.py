"""Few-shot examples (fewshot/examples.xlsx: question, cypher), chosen per
question by encoder similarity; the question being asked is never its own example."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from ..errors import Nl2CypherError
from ..resources import cache_dir
from .prompt import Example


def _norm(q: str) -> str:
    return "".join(ch for ch in q if ch.isalnum())


class FewShot:
    def __init__(self, path: str | Path):
        import openpyxl

        path = Path(path)
        if not path.is_file():  # a domain brought without examples: said in its words, not as an exception's name
            raise Nl2CypherError(f"the {path.parent.name} domain has no few-shot examples yet ({path.parent.name}/{path.name})")
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

    def _cached_vectors(self, encoder) -> np.ndarray:
        """The examples' vectors, kept in the user's cache per examples and encoder
        (encoding them costs a few seconds a process)."""
        texts = [e.question for e in self.examples]
        probe = np.asarray(encoder.encode(texts[:1]), dtype=np.float32).round(4)  # which encoder: its own answer
        key = hashlib.sha256("\0".join(texts).encode() + probe.tobytes())
        path = cache_dir() / "fewshot" / f"{key.hexdigest()[:24]}.npy"
        try:
            vectors = np.load(path)
            if vectors.shape[0] == len(texts):
                return vectors
        except (OSError, ValueError):
            pass
        vectors = encoder.encode(texts)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, vectors)
        except OSError:
            pass  # a read-only cache: encode again next time
        return vectors

    def select(self, question: str, k: int, encoder) -> list[Example]:
        if k <= 0 or not self.examples:
            return []
        if self._vectors is None:
            self._vectors = self._cached_vectors(encoder)
        q = encoder.encode([question])[0]
        order = np.argsort(-(self._vectors @ q))
        own = _norm(question)
        picked = [self.examples[i] for i in order if _norm(self.examples[i].question) != own]
        return picked[:k]
