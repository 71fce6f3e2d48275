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
def built_book() -> Path:
    """book/_build/html, built once by book/build.py if it is missing or older than a source."""
    try:
        return load_build_module().ensure_built()
    except RuntimeError as error:
        pytest.fail(f"Книга не собралась.\n{error}", pytrace=False)
