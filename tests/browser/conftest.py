"""Fixtures for the real-browser tests of the built book (Playwright + Debian's Chromium).

* `built_book` (session): a snapshot of book/_build/html, built by book/build.py if missing or
  stale;
* `book_url` (session): the book served on 127.0.0.1 by a thread, e.g. "http://127.0.0.1:PORT/";
* `browser` (session): headless Chromium from /usr/bin/chromium (never a downloaded browser);
* `page` (function): a fresh page in a fresh context.

Page checks to reuse are in pagecheck.py (`visit`, `problems_offline`, `blank_widgets`,
`axe_violations`). Without Chromium the tests are skipped locally, but FAIL in CI (env CI set).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

from ci_support import require
from pagecheck import serve

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def load_build_module():
    spec = importlib.util.spec_from_file_location("book_build", BOOK / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _unavailable(reason: str):
    """Skip locally, fail in CI: CI installs Chromium, so its absence there is a bug."""
    require("Chromium", reason)


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    """A snapshot of book/_build/html (built first by book/build.py if missing or stale), so
    that a build started meanwhile in the shared working tree cannot change the pages under the
    tests. build.log and .build-stamp of that build lie beside it (built_book.parent)."""
    build = load_build_module()
    try:
        html = build.ensure_built(snapshot_to=tmp_path_factory.mktemp("book"))
    except RuntimeError as error:
        pytest.fail(f"Книга не собралась.\n{error}", pytrace=False)
    # The book as book/build.py makes it: if `make site` put Python into book/_build/html, the
    # snapshot leaves it out again (test_live_site.py makes its own site from this snapshot).
    shutil.rmtree(html / "vendor" / "site" / "pyodide", ignore_errors=True)
    (html / build.SITE_MANIFEST).write_text(build.SITE_STUB_MANIFEST, encoding="utf-8")
    return html


@pytest.fixture(scope="session")
def book_url(built_book):
    server, url = serve(built_book)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_instance():
    if not CHROMIUM.exists():
        _unavailable(f"Нет браузера {CHROMIUM}: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        _unavailable("Нет пакета playwright: make install")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(30000)
    yield page
    context.close()
