# igraph-agent: every target bootstraps .venv when missing (pip, torch==2.13.0 CPU pinned).
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export LITELLM_LOCAL_MODEL_COST_MAP := True
export OMP_NUM_THREADS ?= 1

.PHONY: venv demo test test-fast lint bench lab clean system-deps

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q "torch==2.13.0"
	$(BIN)/pip install -q -e ".[dev,learn]"
	$(BIN)/pip install -q --upgrade --no-deps --target $(VENV)/ipykernel6 "ipykernel>=6.29,<7" nest_asyncio
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m igraph_agent.demo

lint: $(STAMP)
	$(BIN)/ruff check igraph_agent tests bench
	$(BIN)/mypy igraph_agent/runtime igraph_agent/tools/registry.py igraph_agent/jupyter

# the official MCP Inspector for tests/test_mcp_inspector.py, from npm, once per version
INSPECTOR := $(VENV)/mcp-inspector-2.12.0/node_modules/.bin/mcp-inspector
$(INSPECTOR): | system-deps
	npm install --no-audit --no-fund --loglevel=error --prefix $(VENV)/mcp-inspector-2.12.0 @modelcontextprotocol/inspector@2.12.0

test: $(STAMP) system-deps lint $(INSPECTOR)
	# unbuffered: if a test takes the process down, the log still shows how far it got
	PYTHONUNBUFFERED=1 $(BIN)/python -m pytest -q -p no:cacheprovider --nbval-lax tests notebooks

# the inner loop: unit and integration tests, without kernel, browser and slow tests (docs/testing.md)
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -m "not browser and not kernel and not slow"

system-deps:
# Debian packages the suite needs: Chromium (browser tests), bubblewrap (the code sandbox),
# Node and npm (the MCP Inspector test). Only what is missing is installed: a Node from
# another source often ships its own npm and conflicts with Debian's npm package.
	@pkgs=""; \
	test -x /usr/bin/chromium || pkgs="$$pkgs chromium"; \
	test -x /usr/bin/bwrap || pkgs="$$pkgs bubblewrap"; \
	command -v node >/dev/null || pkgs="$$pkgs nodejs"; \
	command -v npm >/dev/null || pkgs="$$pkgs npm"; \
	if [ -n "$$pkgs" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$pkgs >/dev/null; fi

bench: $(STAMP)
	$(BIN)/python bench/overhead.py

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/

clean:
	rm -rf $(VENV) .igraph-agent demo-output

.PHONY: labextension
# Rebuild the JupyterLab extension's committed assets (igraph_agent/labextension/); needs Node.js.
labextension: $(STAMP)
	cd labextension && ../$(BIN)/jlpm install && ../$(BIN)/jlpm tsc && ../$(BIN)/jupyter-builder build .
