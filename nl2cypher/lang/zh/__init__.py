"""The Chinese language pack: numbers (`numbers.py`), time expressions
(`timeexpr.py`), cutting words and how characters sound (`reading.py`), the
verbaliser (`verbalise.py`); its words and texts are data in patterns/lang/zh/."""

from .numbers import find_numbers  # noqa: F401
from .reading import number_stands, sound, sound_alike, tokenizer, word_sound  # noqa: F401
from .timeexpr import find_times  # noqa: F401
from .verbalise import Interpreter, Verbaliser  # noqa: F401
