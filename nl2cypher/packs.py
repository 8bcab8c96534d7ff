"""What one engine knows of its knowledge graph's domain and of the language its
users write, handed as one value to every stage: the domain pack (trigger table,
codes, examples), the language pack (words, texts, how numbers and times are read)
and the schema of the KG loaded (its structure, with the domain's annotations)."""

from __future__ import annotations

from dataclasses import dataclass

from .domain import Domain
from .lang import Language
from .schema import Schema


@dataclass(frozen=True)
class Packs:
    domain: Domain
    lang: Language
    schema: Schema
