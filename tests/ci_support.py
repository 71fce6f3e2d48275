"""What CI changes in the tests: skips that cannot hide a failure, more Hypothesis examples.

`require(what, reason)` skips the test locally (a developer's machine may lack Chromium,
hunspell, Voilà, ../shared/rules/RULES.md or an optional package) but FAILS it when the
environment variable CI is "true" (or any non-empty value but "0"/"false"): CI installs
everything, so a missing piece there is a bug, never a skip. `require_import(name)` is the
same for `pytest.importorskip`. The CI run must report 0 skipped.

Imported as a plain module: tests/conftest.py puts tests/ on sys.path.
"""

from __future__ import annotations

import importlib
import os

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require(what: str, reason: str):
    """`what` is missing: skip locally, fail in CI."""
    message = f"{what}: {reason}"
    if in_ci():
        pytest.fail(message + " (в CI это ошибка: CI ставит всё, что нужно тестам)",
                    pytrace=False)
    pytest.skip(message, allow_module_level=True)


def require_import(module: str):
    """The module, imported; if it cannot be imported: skip locally, fail in CI."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        require(f"модуль {module}", f"не импортируется ({exc}); make install")


def examples(local: int, ci: int) -> int:
    """Hypothesis `max_examples` for a property: `local` on a developer's machine, `ci` in CI
    (where the "ci" profile of conftest.py also derandomizes: the same examples every run)."""
    return ci if in_ci() else local


def learner_env(**extra: str) -> dict[str, str]:
    """The environment of a learner's shell, for a test that runs `make tutorial` or `make
    practice` as he types it: not that of the `make test` running the tests (a make inside a
    make prints «Entering directory»)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    return {**env, **extra}
