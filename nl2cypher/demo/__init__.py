"""Demo KG generators, one module a domain (`finance.py`): synthetic data in the
KG directory contract, for `make demo`, the tests and the benchmarks."""

from __future__ import annotations

from pathlib import Path


def synthetic_note(domain: str) -> str:
    """What a domain's demo KG says of its data."""
    if domain == "reportkg":
        from .reportkg import SYNTHETIC_NOTE
    else:
        from .finance import SYNTHETIC_NOTE
    return SYNTHETIC_NOTE


def write_domain_demo(domain: str, out: str | Path, seed: int | None = None) -> tuple[dict[str, int], str]:
    """The demo KG of a domain other than finance (whose demo takes sizes and dates),
    written to `out`: its rows per table and the note saying what is synthetic."""
    if domain == "reportkg":
        from .reportkg import DEFAULT_SEED, SYNTHETIC_NOTE, write_reportkg

        return write_reportkg(out, DEFAULT_SEED if seed is None else seed), SYNTHETIC_NOTE
    raise KeyError(domain)
