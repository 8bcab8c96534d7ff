"""The Chinese language pack: numbers (`numbers.py`), time expressions
(`timeexpr.py`), the verbaliser (`verbalise.py`); its words and texts are data in
patterns/lang/zh/."""

from .verbalise import Interpreter, Verbaliser  # noqa: F401
