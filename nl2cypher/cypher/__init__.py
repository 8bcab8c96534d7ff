"""Queries as ASTs, rendered per dialect."""

from .ast import *  # noqa: F401,F403
from .render import DIALECTS, render  # noqa: F401
