"""How Chinese is read before any rule: words are cut by jieba, characters sound
by their pinyin (a same-sound typo: 茅苔 for 茅台), and a numeral written in
characters is a number only where a number is meant."""

from __future__ import annotations

import logging
import re
from functools import lru_cache

from ..values import Number

RANK_BEFORE = re.compile(r"(前|后|于|过|到|至|为|是|第|倒数|top|至少|最少|最多)$", re.I)  # 前十, 大于五, 第三, 至少两
MEASURE_AFTER = "只个家支位名天日条年月次回"  # 五只, 三天, 两次
POINTING = ("这", "那")  # 这两只, 那三家
WORD_AFTER_ONE = "直起样下共些般定切向律旦再概"  # 是不是一直在涨, 是一样的: 一 of a word, not a number


def tokenizer():
    """A fresh jieba tokenizer over its general dictionary (the KG's words are added to it)."""
    import jieba

    jieba.setLogLevel(logging.WARNING)
    tok = jieba.Tokenizer()
    tok.initialize()
    return tok


@lru_cache(maxsize=1)
def _to_simplified():
    from opencc import OpenCC

    return OpenCC("t2s")


def one_script(text: str, kept: frozenset[str] = frozenset()) -> str:
    """Traditional characters read as the simplified the KG and the rules are written in
    (招商銀行今日收市價幾多 is 招商银行今日收市价几多) — except the `kept` characters, which
    the KG's own names use (乾 of 乾照光电 is no 干)."""
    if text.isascii():
        return text
    out = _to_simplified().convert(text)
    if len(out) != len(text):
        return out
    return "".join(a if a in kept else b for a, b in zip(text, out))


@lru_cache(maxsize=8192)
def sound(c: str) -> str | None:
    """A Chinese character's pinyin (None for anything else)."""
    from pypinyin import lazy_pinyin

    return lazy_pinyin(c)[0] if "\u4e00" <= c <= "\u9fff" else None


def word_sound(word: str) -> tuple[str, ...]:
    """How a word is read, each character in its context (行 of 银行 is hang)."""
    from pypinyin import lazy_pinyin

    return tuple(lazy_pinyin(word))


def slip(typed: str, name: str) -> bool:
    """Chinese typos are same-sound characters (sound_alike), not keyboard slips."""
    return False


def sound_alike(a: str, b: str) -> bool:
    """Every character can be read the same (行 is hang or xing: 因行 sounds like 银行)."""
    from pypinyin import Style, pinyin

    if len(a) != len(b):
        return False
    ra, rb = (pinyin(x, style=Style.NORMAL, heteronym=True) for x in (a, b))
    return all(set(x) & set(y) for x, y in zip(ra, rb))


def number_stands(text: str, n: Number) -> bool:
    """Digits are a number; a numeral in characters only with a unit or measure
    word, or after a comparison/rank word (前十, 大于五)."""
    if n.text[0].isdigit() or n.text[0] in "+-":
        return True
    after = text[n.end:n.end + 1]
    after_rank_word = bool(RANK_BEFORE.search(text[max(0, n.start - 2):n.start]))
    if len(n.text) == 1 and text[max(0, n.start - 1):n.start] in POINTING:
        return False  # 这两只, 那三家: a pointing word's count, not a number
    if n.text == "一":  # 同一个, 一下, 一共: 一 is rarely a number on its own
        return after_rank_word and after not in WORD_AFTER_ONE
    # nothing after it counts too (the question ends on the number)
    return bool(n.unit or n.scale != 1 or after in MEASURE_AFTER or after_rank_word)


def word_forms(word: str) -> tuple[str, ...]:
    return (word,)  # a Chinese word has no plural
