"""The Chinese language pack: numbers (`numbers.py`), time expressions
(`timeexpr.py`), cutting words and how characters sound (`reading.py`); its words
and texts are data in patterns/lang/zh/ (the verbaliser, lang/verbalise.py, says
them)."""

from .numbers import approximate, find_numbers  # noqa: F401
from .reading import number_stands, one_script, slip, sound, sound_alike, tokenizer, word_forms, word_sound  # noqa: F401
from .timeexpr import find_times  # noqa: F401
