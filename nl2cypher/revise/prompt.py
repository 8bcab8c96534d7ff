"""The revision prompt, shared by serving and by fine-tuning data so both see
the same format (PROMPT_FORMAT_VERSION is written next to every adapter).

A fixed head — the domain's role, the language's rules, today's date and the
whole schema — then a short tail that changes with each question: the labels
it touches (the schema slice, by name), k similar examples, the question, what
the engine understood and the words it did not use, the candidate, the task
(answer one keep word when the candidate already answers the question: most
revisions end there, after a token or two, instead of copying the query).
The head is the same for every question of a day, so a backend that keeps the
last prompt's evaluated prefix (llama.cpp) reads it once; the tail is what
each revision pays for. Without a candidate the model writes a query from
nothing. The words are data: the role in patterns/<domain>/prompt.yaml, the
rest in patterns/lang/<code>/prompt.yaml."""

from __future__ import annotations

from dataclasses import dataclass

from ..domain import load_domain
from ..lang import DEFAULT_LANGUAGE, prompt_text

PROMPT_FORMAT_VERSION = "2"


@dataclass(frozen=True)
class Example:
    question: str
    cypher: str


@dataclass(frozen=True)
class Ask:
    """What one revision shows the model about the question."""

    question: str
    candidate: str | None = None  # None: write from nothing
    understood: str | None = None  # the engine's interpretation of the candidate
    unused: tuple[str, ...] = ()  # words the translator did not use
    focus: tuple[str, ...] = ()  # the labels and edges the question touches (the schema slice)


def build_messages(ask: Ask, schema_text: str, examples: list[Example], today: str,
                   lang: str = DEFAULT_LANGUAGE, domain: str | None = None) -> list[dict[str, str]]:
    """Chat messages for one revision (or, without a candidate, one generation)."""
    t = {**prompt_text(lang), **load_domain(domain).prompt_role(lang)}
    rules = "\n".join(f"{i}. {r.format(today=today)}" for i, r in enumerate(t["rules"], 1))
    role = t["role"] if ask.candidate else t["role_generate"]
    system = f"{role}\n{rules}\n{t['schema']}\n{schema_text}"
    parts = []
    if ask.focus:
        parts.append(t["focus"] + ", ".join(ask.focus))
    if examples:
        parts.append(t["examples"])
        for ex in examples:
            parts += [f"{t['q']}{ex.question}", f"{t['a']}{ex.cypher}"]
        parts.append("")
    parts.append(f"{t['q']}{ask.question}")
    if ask.candidate:
        if ask.understood:
            parts.append(f"{t['understood']}{ask.understood}")
        parts.append(t["unused"] + (t["list_sep"].join(ask.unused) if ask.unused else t["none"]))
        parts += [f"{t['candidate']}{ask.candidate}", t["task"].format(keep=t["keep"])]
    else:
        parts.append(t["task_generate"])
    parts.append(t["a"])
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(parts)}]


def build_training_pair(ask: Ask, schema_text: str, examples: list[Example], today: str, gold: str,
                        lang: str = DEFAULT_LANGUAGE, domain: str | None = None) -> tuple[list[dict[str, str]], str]:
    """The same prompt as serving, with the answer the model should give."""
    return build_messages(ask, schema_text, examples, today, lang, domain), gold

