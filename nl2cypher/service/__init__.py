"""The HTTP API (`app.py`) and the web page (`web/`)."""

from .app import create_app

__all__ = ["create_app"]
