"""Demo KG generators, one module a domain (`finance.py`): synthetic data in the
KG directory contract, for `make demo`, the tests and the benchmarks."""
