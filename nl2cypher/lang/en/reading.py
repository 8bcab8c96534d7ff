"""How English is read before any rule: words are cut at spaces and marks (a
possessive 's stands alone: Apple's is Apple + 's), a dictionary word has its
plural and singular forms (inflect), and a number written as a word is one only
where a number is meant (top three; not "which one")."""

from __future__ import annotations

import re
from functools import lru_cache

from ..values import Number

TOKEN = re.compile(r"[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*|'s\b|\s+|.", re.S)
RANK_BEFORE = re.compile(r"\b(?:top|first|last|bottom|lowest|highest|largest|smallest)\s*$", re.I)


class Tokenizer:
    """jieba's interface over English: the tokens of a text join back to it."""

    total = 1

    def __init__(self):
        self.FREQ: dict[str, int] = {}

    def add_word(self, word: str, freq: int | None = None) -> None:
        self.FREQ[word] = freq or 1

    def cut(self, text: str, HMM: bool = False):  # noqa: N803 - jieba's keyword
        return iter(TOKEN.findall(text))

    def lcut(self, text: str, HMM: bool = False) -> list[str]:  # noqa: N803
        return TOKEN.findall(text)


def tokenizer() -> Tokenizer:
    return Tokenizer()


def one_script(text: str, kept: frozenset[str] = frozenset()) -> str:
    """English has one script: the text as typed."""
    return text


def sound(c: str) -> str | None:
    return None  # no same-sound typos are read in English


def word_sound(word: str) -> tuple[str, ...]:
    return tuple(word.lower())


def sound_alike(a: str, b: str) -> bool:
    return False


@lru_cache(maxsize=16384)
def _english(word: str) -> bool:
    """Is this a word of English (any inflected form of one)?"""
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word))


MIN_SLIPPED = 5  # shorter words are too near each other for one slip to say which was meant


def slip(typed: str, name: str) -> bool:
    """One letter left out, added, changed or two swapped (Microsfot, qualcom, Nvida), case
    aside, in a word long enough that one slip still says which was meant."""
    a, b = re.sub(r"['’]s$", "", typed.lower()), name.lower()  # Microsfot's: its name's slip
    if a == b or min(len(a), len(b)) < MIN_SLIPPED or abs(len(a) - len(b)) > 1 or _english(a):
        return False  # ranking, sells, grown: words of the language, no slips of a name
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if a[:-1] == b:
        return False  # a letter after the whole word makes another word (dollars, median), no slip
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


@lru_cache(maxsize=1)
def _inflect():
    import inflect

    return inflect.engine()


@lru_cache(maxsize=16384)
def word_forms(word: str) -> tuple[str, ...]:
    """A dictionary word with its last word's plural or singular (revenue, revenues);
    acronyms and short words stay as written (EPS is no plural of EP)."""
    head, _, last = word.rpartition(" ")
    if len(last) < 4 or not last.isalpha() or last.isupper():
        return (word,)
    eng = _inflect()
    other = eng.singular_noun(last) or eng.plural_noun(last)
    forms = [word] + ([f"{head} {other}".strip()] if other and other != last else [])
    return tuple(dict.fromkeys(forms))


def number_stands(text: str, n: Number) -> bool:
    """Digits are a number; a number word too, but "one" only after a rank word (top one)."""
    if n.text[0].isdigit() or n.text[0] in "+-$" or n.unit:
        return True
    return n.text.lower() != "one" or bool(RANK_BEFORE.search(text[:n.start]))
