"""Self-corrections: a word taken back and the one said instead.

    茅台，哦不，五粮液昨天收盘多少          -> 五粮液昨天收盘多少
    帮我看下招商银行今天，不是，昨天涨了多少 -> 帮我看下招商银行昨天涨了多少
    有几只创业板股票今天涨停了 哦是科创板    -> 有几只科创板股票今天涨停了
    工商银行还是建设银行来着，建设银行的董事长 -> 建设银行的董事长
    明天贵州茅台能涨吗 算了 你说说今天收盘价 -> 你说说今天收盘价
    立讯精密跟工业富联，哦再加个京东方A，…   -> 立讯精密跟工业富联和京东方A，…

The words after a mark (the language's `corrections`) say again, from its first word of
a kind the words before also said (a stock, a day, a property…), what was meant: the
earlier word of that kind, and what was said with it, give way. Nothing is changed when
the words before say nothing of that kind — a mark alone (不是说利好吗) is no correction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

@dataclass(frozen=True)
class Said:
    """One word of a part of the question: what kind of word it is (a stock's name,
    a day, a property…), where it is and its text."""

    kind: str
    start: int
    end: int
    text: str


Reader = Callable[[str], "tuple[str, list[Said]]"]  # a part -> (the part as read, its words)


@dataclass(frozen=True)
class Marks:
    """Where a correction is said, compiled from the language's `corrections` words."""

    taken_back: re.Pattern  # …，哦不，… / …不对是… / …写错了，… / …我是说…: what follows replaces
    opening: re.Pattern  # 不对 我想看的其实是… / 错了错了 是…: a turn that takes back the one before
    instead_of: re.Pattern | None  # 哦不是今天 我要昨天的: a turn saying what it did not mean, then what it did
    settled: re.Pattern | None  # …来着，…: the words before were a try, what follows is meant
    dropped: re.Pattern | None  # …算了，…: the ask before is let go, what follows is asked instead
    added: re.Pattern | None  # …哦再加个…: one more of the same kind
    joined: str  # the word that joins the one added (和)
    particles: str  # what a word said instead may end with (上海的), and the marks between words
    described: re.Pattern | None = None  # 不是开放申购的那几只: things described by what they are not

    @classmethod
    def of(cls, words: dict, particles: str) -> "Marks | None":
        if not words:
            return None
        alt = _alternation
        marks = str(words.get("separators") or "")
        sep = f"[{re.escape(marks)}\\s]"
        oh, back = alt(words.get("interjections")), alt(words.get("taken_back"))
        instead, restated, hesitation = alt(words.get("instead")), alt(words.get("restated")), alt(words.get("hesitations"))
        taken = (f"(?:{sep}+(?:{oh})?|{oh}){sep}*(?:{back})(?:{sep}+(?:{instead})?|(?:{instead}))"
                 f"|{sep}*(?:{oh}){sep}*(?:{instead})|{sep}+(?:{restated})|{sep}+(?:{hesitation}){sep}+")
        opening = (f"^{sep}*(?:(?:{oh}){sep}*)?(?:(?:{back})(?:{sep}+|(?=(?:{instead}|{back}))))+(?:{instead})?{sep}*"
                   f"|^(?:(?:{oh}){sep}*)?(?:{restated}){sep}*")  # 不含…: a mark must stand apart
        settled = f"(?:{alt(words.get('settled'))}){sep}+" if words.get("settled") else None
        dropped = f"{sep}*(?:{alt(words.get('dropped'))}){sep}+" if words.get("dropped") else None
        more, also = alt(words.get("added")), alt(words.get("also"))
        added = f"(?:{sep}*(?:{oh}){sep}*(?:{more}|{also})|{sep}+(?:{more})){sep}*"
        instead_of = re.compile(str(words["instead_of"])) if words.get("instead_of") else None
        return cls(re.compile(taken), re.compile(opening), instead_of, re.compile(settled) if settled else None,
                   re.compile(dropped) if dropped else None, re.compile(added), str(words.get("joined") or ""),
                   "".join(sorted(particles)) + marks + " ",
                   re.compile(str(words["described"])) if words.get("described") else None)


def _alternation(words) -> str:
    words = sorted({str(w) for w in words or ()}, key=len, reverse=True)
    return "|".join(map(re.escape, words)) or "(?!)"


def meant(text: str, marks: Marks | None, read: Reader) -> str:
    """The text as the user meant it: each correction, first to last, applied."""
    if marks is None:
        return text
    for how, pattern in (("dropped", marks.dropped), ("added", marks.added), ("settled", marks.settled),
                         ("taken_back", marks.taken_back)):
        if pattern is None:
            continue
        for m in pattern.finditer(text):
            before, after = text[:m.start()], text[m.end():]
            if not before.strip() or not after.strip():
                continue
            fixed = _applied(how, before, after, marks, read)
            if fixed is not None:
                return meant(fixed, marks, read)  # a second correction in what is left
    return text


def taken_back(text: str, marks: Marks | None) -> str | None:
    """不对 我想看的其实是银行板块 (a turn of its own): what is said instead of the turn
    before, the mark cut off; None when the turn opens with no mark or says nothing more."""
    if marks is None or marks.described is not None and marks.described.match(text):
        return None
    m = (marks.instead_of and marks.instead_of.match(text)) or marks.opening.match(text)
    rest = text[m.end():].strip() if m else ""
    return rest or None


def _applied(how: str, before: str, after: str, marks: Marks, read: Reader) -> str | None:
    """One correction, or None when the words after it say nothing of a kind said before."""
    before, said_before = read(before)
    after, said_after = read(after)
    if how == "dropped":  # 算了 好吧: nothing asked instead, nothing let go
        if not said_after or any(w.kind.startswith("entity") for w in said_after):
            return after if said_after else None
        # 你说说今天收盘价: asked of the things named before, which stay
        return marks.joined.join(w.text for w in said_before if w.kind.startswith("entity")) + after
    for new in said_after:
        old = [w for w in said_before if _same_kind(w, new)]
        if not old:
            continue
        if how == "added":
            last = old[-1]
            return before[:last.end] + marks.joined + after[new.start:] + before[last.end:]
        if how == "settled":  # a name or a day was tried; 代码多少来着，拼音简称是啥 asks two things
            return after if new.kind.startswith(("entity", "value", "time")) else None
        return _replaced(before, said_before, old[-1], after, new, marks.particles)
    return None


def _replaced(before: str, said: list[Said], old: Said, after: str, new: Said, particles: str) -> str:
    """The words before, `old` given way to `new` and what follows it."""
    word = new.text
    if new.kind == "time" and len(word) < len(old.text) and old.text.endswith(word[-1]):
        word = old.text[:len(old.text) - len(word)] + word  # 2023年三季度，写错了，二季度: the year kept
    rest = after[new.end:]
    if not rest.strip(particles):  # 哦是科创板 / 我说的是上海的: the one word, in place
        return before[:old.start] + word + before[old.end:]
    lead, head = after[:new.start], before[:old.start]
    if head.endswith(lead):  # 比亚迪和长城汽车，不对，和上汽集团比: what led to it said again
        return head[:len(head) - len(lead)] + lead + word + rest
    kept = max((w.end for w in said if w.end <= old.start), default=0)
    return before[:kept] + lead + word + rest  # 中国平安最大股东 不是 第二大股东: its own words before it


def _same_kind(a: Said, b: Said) -> bool:
    """Two words of one kind; a name the KG lacks (基金经理张强 不好意思 是张婷) is any name."""
    unknown = "entity:?" in (a.kind, b.kind)
    return a.kind == b.kind or unknown and a.kind.startswith("entity") and b.kind.startswith("entity")
