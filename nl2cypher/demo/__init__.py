"""Demo KG generators, one module a domain (`finance.py`, `reportkg.py`): synthetic
data in the KG directory contract, for `make demo`, the tests and the benchmarks.
Finance's takes a size and an end date; another domain's module has `write_<domain>(out,
seed)`, `DEFAULT_SEED` and `SYNTHETIC_NOTE`."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType


def _module(domain: str) -> ModuleType:
    try:
        return importlib.import_module(f"{__name__}.{domain}")
    except ModuleNotFoundError:
        raise KeyError(domain) from None


def synthetic_note(domain: str) -> str:
    """What a domain's demo KG says of its data (the finance note for a KG of no known domain)."""
    try:
        return _module(domain).SYNTHETIC_NOTE
    except KeyError:
        return _module("finance").SYNTHETIC_NOTE


def write_domain_demo(domain: str, out: str | Path, seed: int | None = None) -> tuple[dict[str, int], str]:
    """The demo KG of a domain other than finance, written to `out`: its rows per table
    and the note saying what is synthetic (KeyError: the domain has no demo)."""
    mod = _module(domain)
    write = getattr(mod, f"write_{domain}", None)
    if write is None:
        raise KeyError(domain)
    return write(out, mod.DEFAULT_SEED if seed is None else seed), mod.SYNTHETIC_NOTE
