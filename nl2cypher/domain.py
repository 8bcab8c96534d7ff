"""A domain pack: what one kind of knowledge graph means, as data in the top-level
folders — `schema/<name>.yaml` (with role annotations), `patterns/<name>/` (trigger
table, prompt role text), `fewshot/<name>/` (question/Cypher examples). Finance is
the default; the wheel carries it. Nothing here knows finance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .errors import Nl2CypherError
from .resources import data_path

DEFAULT_DOMAIN = "finance"


@dataclass(frozen=True)
class Domain:
    name: str

    @property
    def schema_path(self) -> Path:
        return data_path("schema") / f"{self.name}.yaml"

    @property
    def triggers_path(self) -> Path:
        return data_path("patterns") / self.name / "trigger_mapping.xlsx"

    @property
    def fewshot_path(self) -> Path:
        return data_path("fewshot") / self.name / "examples.xlsx"

    def prompt_role(self, lang: str) -> dict[str, str]:
        """The reviser's role sentences in one language (`role`, `role_generate`)."""
        roles = _prompt(self.name)
        try:
            return {k: v[lang] for k, v in roles.items()}
        except KeyError:
            raise Nl2CypherError(f"patterns/{self.name}/prompt.yaml has no {lang!r} text") from None


@lru_cache(maxsize=None)
def _prompt(name: str) -> dict[str, dict[str, str]]:
    path = data_path("patterns") / name / "prompt.yaml"
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise Nl2CypherError(f"{path}: cannot read ({type(e).__name__})") from None


def load_domain(name: str | None = None) -> Domain:
    name = name or DEFAULT_DOMAIN
    domain = Domain(name)
    if not domain.schema_path.is_file():
        raise Nl2CypherError(f"unknown domain {name!r}: no {domain.schema_path}")
    return domain
