"""Ranking: each candidate is verbalised from its AST into a short description
in the question's language (the language pack's verbaliser); candidates are
ordered by cosine similarity between the question and the descriptions under a
sentence encoder (plus the synthesiser's small prior). Ranking runs only when
there is a choice."""

from __future__ import annotations

from .lang import Language, load_language
from .schema import Schema
from .synth import Candidate


class Ranker:
    """Orders candidates; the encoder is loaded on first use (per process)."""

    def __init__(self, schema: Schema, encoder_spec: str | None = None, enabled: bool = True,
                 lang: Language | None = None, backend: str | None = None):
        self.schema = schema
        self.lang = lang or load_language()
        self.encoder_spec = encoder_spec
        self.backend = backend
        self.enabled = enabled
        self._encoder = None

    @property
    def encoder(self):
        if self._encoder is None:
            from .encoder import load_encoder

            self._encoder = load_encoder(self.encoder_spec, self.backend)
        return self._encoder

    def describe(self, cand: Candidate) -> str:
        return self.lang.verbalise(cand.query, self.schema)

    def rank(self, question: str, cands: list[Candidate]) -> list[Candidate]:
        if len(cands) <= 1 or not self.enabled:
            for c in cands:
                c.score = c.prior
            return cands
        texts = [self.describe(c) for c in cands]
        vecs = self.encoder.encode([question] + texts, query=False)
        sims = vecs[1:] @ vecs[0]
        for c, s in zip(cands, sims):
            c.score = float(s) + c.prior
        return sorted(cands, key=lambda c: -c.score)
