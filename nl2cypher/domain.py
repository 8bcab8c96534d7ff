"""A domain pack: what one kind of knowledge graph means, as data in the top-level
folders — `schema/<name>.yaml` (with role annotations), `patterns/<name>/` (trigger
table, prompt role text), `fewshot/<name>/` (question/Cypher examples), how codes are written (`codes.yaml`). Finance is
the default; the wheel carries it. Nothing here knows finance."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .errors import Nl2CypherError
from .resources import data_path, load_yaml

DEFAULT_DOMAIN = "finance"


@dataclass(frozen=True)
class Domain:
    name: str

    @property
    def schema_path(self) -> Path:
        return data_path("schema") / f"{self.name}.yaml"

    @property
    def triggers_path(self) -> Path:
        """The trigger table: a workbook (trigger_mapping.xlsx), else triggers.yaml."""
        book = data_path("patterns") / self.name / "trigger_mapping.xlsx"
        return book if book.is_file() else book.with_name("triggers.yaml")

    @property
    def fewshot_path(self) -> Path:
        return data_path("fewshot") / self.name / "examples.xlsx"

    @property
    def code_pattern(self) -> re.Pattern:
        """How a code is written in a question (patterns/<domain>/codes.yaml): the
        group `code` is what the KG knows; prefix and suffix only mark it."""
        spec = _read(self.name, "codes")
        if not spec.get("code"):
            return re.compile(r"(?!)")  # a domain whose things have no codes
        alt = lambda words: "|".join(re.escape(str(w)) for w in words)  # noqa: E731
        pre = rf"(?:(?P<pre>{alt(spec['prefixes'])})\s*)?" if spec.get("prefixes") else ""
        suf = rf"(?:\.(?P<suf>{alt(spec['suffixes'])}))?" if spec.get("suffixes") else ""
        return re.compile(rf"(?<![A-Za-z0-9]){pre}(?P<code>{spec['code']}){suf}(?![0-9])")

    @property
    def measures(self) -> tuple[tuple[re.Pattern, str], ...]:
        """Figures users name that the KG does not hold, each with its definition in
        the words of figures it does (patterns/<domain>/measures.yaml; none if absent)."""
        path = data_path("patterns") / self.name / "measures.yaml"
        spec = _read(self.name, "measures") if path.is_file() else {}
        return tuple((re.compile(r"(?i)(?<![\w&])(?:" + "|".join(re.escape(w.strip()) + "s?" for w in str(k).split("|"))
                                 + r")(?![\w&])"), str(v)) for k, v in spec.items())

    @property
    def nicknames(self) -> dict[str, str]:
        """What users call some things of the domain (Citi, BofA, Coke), each with its name as a
        KG of the domain stores it (patterns/<domain>/nicknames.yaml; none if absent): a KG that
        has the thing answers to the nickname too."""
        path = data_path("patterns") / self.name / "nicknames.yaml"
        return {str(k): str(v) for k, v in (_read(self.name, "nicknames") if path.is_file() else {}).items()}

    @property
    def absent(self) -> tuple[str, ...]:
        """Figures and things users name that the KG does not hold (patterns/<domain>/absent.yaml;
        none if absent): a question naming one is one the KG cannot answer."""
        path = data_path("patterns") / self.name / "absent.yaml"
        return tuple(str(w) for w in _read(self.name, "absent").get("absent") or ()) if path.is_file() else ()

    @property
    def agent(self) -> dict:
        """What an agent's tools say of this domain (patterns/<domain>/agent.yaml)."""
        return _read(self.name, "agent")

    def prompt_role(self, lang: str) -> dict[str, str]:
        """The reviser's role sentences in one language (`role`, `role_generate`)."""
        roles = _read(self.name, "prompt")
        try:
            return {k: v[lang] for k, v in roles.items()}
        except KeyError:
            raise Nl2CypherError(f"patterns/{self.name}/prompt.yaml has no {lang!r} text") from None


@lru_cache(maxsize=None)
def _read(name: str, what: str) -> dict:
    path = data_path("patterns") / name / f"{what}.yaml"
    try:
        return load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise Nl2CypherError(f"{path}: cannot read ({type(e).__name__})") from None


def domain_exists(name: str) -> bool:
    """Is there a domain pack of this name (its schema file)?"""
    return name.isidentifier() and Domain(name).schema_path.is_file()


def load_domain(name: str | None = None) -> Domain:
    name = name or DEFAULT_DOMAIN
    domain = Domain(name)
    if not domain.schema_path.is_file():
        raise Nl2CypherError(f"unknown domain {name!r}: no {domain.schema_path}")
    return domain
