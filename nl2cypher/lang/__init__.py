"""Language packs: what is Chinese (or, later, English) about reading a question
and saying an answer. A pack is code in `nl2cypher/lang/<code>/` (numbers, time
expressions, the verbaliser) plus its words and texts as data in
`patterns/lang/<code>/` (connector and unit words, column-name and note
templates, messages, the prompt's rules). The stage code asks the pack; it
writes no word of any language itself."""

from __future__ import annotations

import importlib
import re
from functools import cached_property, lru_cache
from typing import Any

import yaml

from ..errors import Nl2CypherError
from ..resources import data_path

DEFAULT_LANGUAGE = "zh"


def _read(code: str, name: str) -> dict[str, Any]:
    path = data_path("patterns") / "lang" / code / f"{name}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError:
        raise Nl2CypherError(f"language {code!r}: no {path}") from None
    except yaml.YAMLError as e:
        raise Nl2CypherError(f"{path}: not valid YAML ({type(e).__name__})") from None
    if not isinstance(data, dict):
        raise Nl2CypherError(f"{path}: expected a mapping")
    return data


@lru_cache(maxsize=None)
def prompt_text(code: str) -> dict[str, Any]:
    """The revision prompt's rules and headings (a language may have only these)."""
    return _read(code, "prompt")


class Language:
    def __init__(self, code: str):
        self.code = code
        self.words = _read(code, "words")
        self.texts = _read(code, "text")
        try:
            self.module = importlib.import_module(f"{__name__}.{code}")
        except ImportError:
            raise Nl2CypherError(f"language {code!r}: no pack nl2cypher/lang/{code}/") from None

    def say(self, key: str, **values: Any) -> str:
        """A text by its dotted key (`errors.no_query`, `columns.date`), filled in."""
        node: Any = self.texts
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"patterns/lang/{self.code}/text.yaml has no {key!r}")
            node = node[part]
        return str(node).format(**values) if values else str(node)

    def join(self, items) -> str:
        """Items listed in running text (贵州茅台、五粮液)."""
        return str(self.words.get("list_separator", ", ")).join(map(str, items))

    def word(self, table: str, key: str, fallback: str | None = None) -> str:
        """One entry of a word table (`aggregates`, `growth`): the key's, else the
        fallback key's, else the key itself."""
        words = self.texts.get(table, {})
        return str(words.get(key) or words.get(fallback) or key)

    @cached_property
    def connectors(self) -> re.Pattern:
        words = "|".join(re.escape(str(w)) for w in self.words["connectors"])
        return re.compile(rf"\s*({words})\s*")

    def means_low(self, text: str) -> bool:
        return any(w in text for w in self.words.get("low_words", ()))

    def means_true(self, value: Any) -> bool:
        return str(value).lower() in {str(w).lower() for w in self.words.get("true_words", ())}

    def unit_factor(self, unit: str) -> float | None:
        return self.words.get("unit_factors", {}).get(unit)

    def is_base_unit(self, unit: str | None) -> bool:
        return unit in self.words.get("base_units", ())

    def label_word(self, description: str) -> str:
        """A label's short word: its description up to the first bracket."""
        for end in self.words.get("label_word_ends", ()):
            description = description.split(end)[0]
        return description

    @cached_property
    def explanation_starts(self) -> tuple[str, ...]:
        return tuple(str(w) for w in self.words.get("explanation_starts", ()))

    def verbalise(self, query, schema) -> str:
        """A short description of what a query asks, in this language (for the encoder)."""
        return self.module.Verbaliser(schema, self).generate(query)


@lru_cache(maxsize=None)
def load_language(code: str | None = None) -> Language:
    return Language(code or DEFAULT_LANGUAGE)
