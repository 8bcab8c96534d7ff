"""Queries as ASTs, rendered per dialect."""

from .ast import *  # noqa: F401,F403
from .dialects import DIALECTS, render  # noqa: F401
