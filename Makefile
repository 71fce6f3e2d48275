# The two commands of the README: `make tutorial` and `make test`.
# Both create .venv with Python 3.11 and install everything the project needs.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888

.PHONY: tutorial test install browser-deps book practice bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[jupyter,dev]'
	touch $(STAMP)

install: $(STAMP)

# Debian's Chromium for the real-browser tests (never a browser download of a test tool).
browser-deps:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "Браузерные тесты требуют Chromium: sudo apt-get install chromium"; fi

test: $(STAMP) browser-deps
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bezique bench

tutorial: $(STAMP)
	@echo "Курс откроется в JupyterLab: http://$(HOST):$(PORT)/lab"
	$(VENV)/bin/jupyter lab --no-browser --ip=$(HOST) --port=$(PORT) --ServerApp.token='' \
	  --notebook-dir=. book

clean:
	rm -rf $(VENV) book/_build .pytest_cache .hypothesis
