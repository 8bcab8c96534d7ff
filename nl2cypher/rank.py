"""Ranking: each candidate is verbalised from its AST into a short description
in the question's language (the language pack's verbaliser); candidates are
ordered by cosine similarity between the question and the descriptions under a
sentence encoder (plus the synthesiser's small prior). Ranking runs only when
there is a choice."""

from __future__ import annotations

from collections import OrderedDict

from .packs import Packs
from .synth import Candidate


VECTORS_KEPT = 4_096  # texts whose vectors a warm engine remembers


class Ranker:
    """Orders candidates; the encoder is loaded on first use (per process)."""

    def __init__(self, packs: Packs, encoder_spec: str | None = None, enabled: bool = True,
                 backend: str | None = None):
        self.schema, self.lang = packs.schema, packs.lang
        self.encoder_spec = encoder_spec
        self.backend = backend
        self.enabled = enabled
        self._encoder = None
        self._kept: OrderedDict[str, object] = OrderedDict()  # text -> vector, least recently used first

    @property
    def encoder(self):
        if self._encoder is None:
            from .encoder import load_encoder

            self._encoder = load_encoder(self.encoder_spec, self.backend)
        return self._encoder

    def _vectors(self, texts: list[str]):
        """The texts' vectors; those met lately are remembered (a server's questions
        and their candidates' descriptions recur), the rest encoded in one batch."""
        import numpy as np

        new = [t for t in dict.fromkeys(texts) if t not in self._kept]
        if new:
            self._kept.update(zip(new, self.encoder.encode(new, query=False)))
        for t in texts:
            self._kept.move_to_end(t)
        while len(self._kept) > VECTORS_KEPT:
            self._kept.popitem(last=False)
        return np.stack([self._kept[t] for t in texts])

    def describe(self, cand: Candidate) -> str:
        return self.lang.verbalise(cand.query, self.schema)

    def rank(self, question: str, cands: list[Candidate]) -> list[Candidate]:
        if len(cands) <= 1 or not self.enabled:
            for c in cands:
                c.score = c.prior
            return cands
        vecs = self._vectors([question] + [self.describe(c) for c in cands])
        sims = vecs[1:] @ vecs[0]
        for c, s in zip(cands, sims):
            c.score = float(s) + c.prior
        return sorted(cands, key=lambda c: -c.score)
