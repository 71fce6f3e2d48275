"""Fixtures for the tests of the built book's text (no browser needed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"


def load_build_module():
    spec = importlib.util.spec_from_file_location("book_build", BOOK / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    """A snapshot of book/_build/html (built first by book/build.py if missing or stale), so
    that a build started meanwhile in the shared working tree cannot change the pages under the
    tests. build.log and .build-stamp of that build lie beside it (built_book.parent)."""
    try:
        return load_build_module().ensure_built(snapshot_to=tmp_path_factory.mktemp("book"))
    except RuntimeError as error:
        pytest.fail(f"Книга не собралась.\n{error}", pytrace=False)
