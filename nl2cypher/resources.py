"""Where data and the default store live.

The data folders (schema/, patterns/, fewshot/, finetune/) sit at the repository
top level so a domain expert can edit them; the wheel carries copies under
nl2cypher/_data/. A checkout or editable install reads the top-level folders."""

from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_path(folder: str) -> Path:
    packaged = _PKG / "_data" / folder
    if packaged.is_dir():
        return packaged
    return _PKG.parent / folder


def cache_dir() -> Path:
    base = os.environ.get("NL2CYPHER_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "nl2cypher" if "NL2CYPHER_CACHE" not in os.environ else Path(base)


def user_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nl2cypher"


def default_db_path() -> Path:
    """`NL2CYPHER_DB`, else the per-user default store."""
    env = os.environ.get("NL2CYPHER_DB")
    return Path(env) if env else user_data_dir() / "finance.lbug"


def is_default_db(path: Path) -> bool:
    return "NL2CYPHER_DB" not in os.environ and Path(path) == user_data_dir() / "finance.lbug"


def load_yaml(text: str):
    """yaml.safe_load, with libyaml's C loader when PyYAML has it (ten times faster at start-up)."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
