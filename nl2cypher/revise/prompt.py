"""The revision prompt, shared by serving and by fine-tuning data so both see
the same format (PROMPT_FORMAT_VERSION is written next to every adapter).

After the seed's template: a role, few-shot question/Cypher pairs, rules (only
schema names, output only the query, today's date), the relevant schema slice,
the question and the top candidate -> the revised query. Variants: generate
from scratch when there is no candidate, and English. The words are data: the
role in patterns/<domain>/prompt.yaml, the rest in patterns/lang/<code>/prompt.yaml."""

from __future__ import annotations

from dataclasses import dataclass

from ..domain import load_domain
from ..lang import DEFAULT_LANGUAGE, prompt_text

PROMPT_FORMAT_VERSION = "1"


@dataclass(frozen=True)
class Example:
    question: str
    cypher: str


def build_messages(question: str, schema_text: str, examples: list[Example], today: str,
                   candidate: str | None = None, lang: str = DEFAULT_LANGUAGE,
                   domain: str | None = None) -> list[dict[str, str]]:
    """Chat messages for one revision (or, without a candidate, one generation):
    the domain's role sentence, the language's rules and headings."""
    t = {**prompt_text(lang), **load_domain(domain).prompt_role(lang)}
    rules = "\n".join(f"{i}. {r.format(today=today)}" for i, r in enumerate(t["rules"], 1))
    system = (t["role"] if candidate else t["role_generate"]) + "\n" + rules
    parts = [t["schema"], schema_text, ""]
    if examples:
        parts.append(t["examples"])
        for ex in examples:
            parts += [f"{t['q']}{ex.question}", f"{t['a']}{ex.cypher}", ""]
    parts.append(f"{t['q']}{question}")
    if candidate:
        parts += [f"{t['candidate']}{candidate}", t["task"]]
    else:
        parts.append(t["task_generate"])
    parts.append(t["a"])
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(parts)}]


def build_training_pair(question: str, schema_text: str, examples: list[Example], today: str, gold: str,
                        candidate: str | None = None, lang: str = DEFAULT_LANGUAGE,
                        domain: str | None = None) -> tuple[list[dict[str, str]], str]:
    """The same prompt as serving, with the answer the model should give."""
    return build_messages(question, schema_text, examples, today, candidate, lang, domain), gold
