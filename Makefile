# The two commands of the README: `make tutorial` and `make test`.
# Both create .venv with Python 3.11 and install everything the project needs.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
VOILA_CARDS := book/voila/voila/labextensions/bezique-cards/static/cards.js
HOST ?= 127.0.0.1
PORT ?= 8888

.PHONY: tutorial test install browser-deps book site practice bench clean

# pip's output goes to .venv/install.log, shown (its end) only if the installation fails.
INSTALL_LOG := $(VENV)/install.log
$(STAMP): pyproject.toml
	@echo "Устанавливаю Python-пакеты курса в .venv (в первый раз — несколько минут)…"
	@$(PYTHON) -m venv $(VENV)
	@{ $(PY) -m pip install --upgrade pip && $(PY) -m pip install -e '.[jupyter,dev]'; } \
	  > $(INSTALL_LOG) 2>&1 || { tail -n 40 $(INSTALL_LOG); \
	  echo "Установка не удалась; весь журнал: $(INSTALL_LOG)"; exit 1; }
	@touch $(STAMP)

install: $(STAMP) $(VOILA_CARDS)

# The Voilà app (`make practice`) loads the course's front-end (book/live/widgets/cards.js)
# through a small hand-written labextension; Voilà serves no symlink, so it gets a copy, made
# here from the one source (not kept in git).
$(VOILA_CARDS): book/live/widgets/cards.js
	@cp $< $@

# Debian packages the tests need: Chromium for the real-browser tests (never a browser
# download of a test tool) and hunspell with the Russian dictionary for the spelling check.
browser-deps:
	@need=""; command -v chromium >/dev/null 2>&1 || need="$$need chromium"; \
	command -v npm >/dev/null 2>&1 || need="$$need nodejs npm"; \
	command -v hunspell >/dev/null 2>&1 || need="$$need hunspell"; \
	[ -e /usr/share/hunspell/ru_RU.dic ] || need="$$need hunspell-ru"; \
	if [ -z "$$need" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$need >/dev/null; \
	else echo "Для тестов нужны пакеты Debian:$$need (sudo apt-get install$$need)"; fi

# Every test: engine, formats, widgets, the chapter and exercise notebooks (nbval, outputs
# compared), and the real-browser tests of the built book. pytest exits non-zero if no test ran.
test: $(STAMP) $(VOILA_CARDS) browser-deps
	$(PY) -m pytest tests book/chapters exercises --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg

book: $(STAMP)
	$(PY) book/build.py

# The live site with no server: the book (book/build.py) with Python in it for the learner's
# browser (book/site/vendor_site.py: Pyodide, the pinned wheels, the course's wheel). Publish
# book/_build/html on any static host, or try it: cd book/_build/html && python3 -m http.server
site: $(STAMP)
	@$(PY) book/build.py -q
	@$(PY) book/site/vendor_site.py

bench: $(STAMP)
	$(PY) -m bezique bench

# Builds the book (static pages in book/_build/html) and serves it live on this machine
# (book/live/serve.py: a Jupyter server on 127.0.0.1, token kept, a free port if PORT is taken,
# root or not); prints the one URL that opens the book's first page. Stop it with Ctrl+C.
tutorial: $(STAMP)
	@$(PY) book/build.py -q
	@JUPYTER_PLATFORM_DIRS=1 $(PY) book/live/serve.py --port $(PORT)

# The practice table as an app (Voilà) on this machine only; stop it with Ctrl+C. The page
# template book/voila/…/bezique asks nothing from the internet (no Font Awesome CDN).
# book/voila/voila.py (found through JUPYTER_CONFIG_PATH) keeps Voilà's log to what matters.
PRACTICE_PORT ?= 8866
practice: $(STAMP) $(VOILA_CARDS)
	@echo "Тренировочный стол: http://$(HOST):$(PRACTICE_PORT)/ — остановить: Ctrl+C"
	@JUPYTER_PATH=$(CURDIR)/book/voila JUPYTER_CONFIG_PATH=$(CURDIR)/book/voila \
	  $(VENV)/bin/voila book/chapters/15_practice.ipynb \
	  --template=bezique --no-browser --port=$(PRACTICE_PORT) --Voila.ip=$(HOST)

# JupyterLab on the course, an extra for those who want to see the code (the book is
# `make tutorial`): Russian interface, MyST rendered, code cells collapsed, no news pop-up,
# nothing fetched from the internet; on 127.0.0.1 with a token, root or not, the next free
# port if LAB_PORT is taken. book/jupyterlab/lab.py passes the settings kept in
# book/jupyterlab/settings/ by path (nothing to copy into .venv) and prints the one URL that
# opens the first chapter. Stop it with Ctrl+C.
LAB_PORT ?= 8889
.PHONY: lab
lab: $(STAMP)
	@$(PY) book/jupyterlab/lab.py --port $(LAB_PORT)

clean:
	rm -rf $(VENV) book/_build book/_site_cache .pytest_cache .hypothesis
