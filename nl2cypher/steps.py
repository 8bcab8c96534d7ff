"""An instruction in steps (Find the airline with the most revenue in 2019, then give its
net income for 2019–2021): each step is asked as a turn of one conversation, so a later
step's its / their / that industry leans on what the step before answered. The last step's
answer is the answer — when every step is sure, or surer than the whole question read as
one — no surer than any step, its notes saying each step. Where a language's steps begin
(then, step 2:, finally) is data: `steps` in its words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime as dt

    from .answer import Answer
    from .engine import Engine

MAX_STEPS = 4


def split(question: str, marks: list[str]) -> list[str]:
    """The steps, cut where a step word begins one; [question] when there are none."""
    if not marks:
        return [question]
    parts = re.split("|".join(f"(?:{m})" for m in marks), question, flags=re.IGNORECASE)
    steps = [p.strip(" ,;.:") for p in parts if p and any(c.isalnum() for c in p)]
    return steps or [question]


def of(engine: "Engine", question: str) -> list[str]:
    """The question's steps, by the language's step words."""
    return split(question, [str(m) for m in engine.lang.words.get("steps") or ()])


def answered(engine: "Engine", question: str, today: "dt.date | None", steps: list[str]) -> "Answer | None":
    """The last step's answer, each step asked after the one before; None when the
    question has one step, too many, or a step is not answered or leans on none before it."""
    if not 2 <= len(steps) <= MAX_STEPS:
        return None
    session = engine.session()
    answers = []
    for step in steps:
        ans = session.ask(step, today)
        if ans.error is not None or (answers and ans.follow_up in ("new", "reset")):
            return None  # a step that leans on none before it: no chain (…, give the number of companies)
        answers.append(ans)
    last = answers[-1]
    last.question = question
    last.confidence = min((a.confidence for a in answers if a.confidence is not None), default=last.confidence)
    said = engine.lang.say("notes.step_join").join(a.resolved_question or a.question for a in answers)
    last.notes.append(engine.lang.say("notes.steps", n=len(steps), steps=said))
    return last
