# Two commands on a fresh machine:  make demo   and   make test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# CPU build from this machine's disk; installed before anything that depends on torch,
# or pip would pull a multi-GB CUDA build.
TORCH  := torch==2.13.0
SAMPLE := MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock)-[:belong_to]->(t:trade) WHERE m.name = $$name RETURN t.name AS 板块, count(DISTINCT s) AS 股票数 ORDER BY 股票数 DESC

.PHONY: demo test install bench fuzz clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q $(TORCH)
	$(BIN)/pip install -q -e '.[test,ml,llm]'
	touch $@

install: $(VENV)/.installed

demo: install
	$(BIN)/nl2cypher kg demo
	$(BIN)/nl2cypher kg stats
	$(BIN)/nl2cypher cypher '$(SAMPLE)' -p name=王明
	$(BIN)/nl2cypher ask "王明管理的基金都重仓了哪些板块"
	$(BIN)/nl2cypher ask "贵州茅台昨天的收盘价是多少"

test: install
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/python bench/load.py

# the long fuzz profile (make test runs the same properties with 60 examples each)
fuzz: install
	NL2CYPHER_FUZZ_EXAMPLES=5000 $(BIN)/python -m pytest -q tests/test_hostile.py -k fuzzed

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
