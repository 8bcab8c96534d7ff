"""The mark a mention leaves in the tagged question: 〈K<index>〉, K the mention's
kind letter (E entity, L label, P property, V value, R edge, N number, T time).
Trigger rules are written over the tagged question — a table's `{entity}` placeholder
becomes a mark, and free-text rules skip marks — so the mark is part of the trigger
table's format, the same in every language. It is written here and nowhere else."""

from __future__ import annotations

import re

OPEN, CLOSE = "〈", "〉"
MARK = re.compile(re.escape(OPEN) + r"[A-Z](\d+)" + re.escape(CLOSE))


def mark(letter: str, index: int) -> str:
    return f"{OPEN}{letter}{index}{CLOSE}"


def placeholder(letter: str, group: str) -> str:
    """The regular expression of a mark of one kind, its index captured as `group`."""
    return f"{re.escape(OPEN)}{letter}(?P<{group}>\\d+){re.escape(CLOSE)}"


def strip(text: str) -> str:
    """The words of a tagged stretch that no mention covers."""
    return MARK.sub("", text)


def indexes(text: str) -> list[int]:
    """The mentions marked in a tagged stretch, in order."""
    return [int(i) for i in MARK.findall(text)]


def untag(text: str, words) -> str:
    """A tagged stretch with each mark back to the words it stands for (`words[i]`)."""
    return MARK.sub(lambda m: words[int(m.group(1))], text)
