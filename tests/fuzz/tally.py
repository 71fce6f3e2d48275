"""Counts of fuzz cases (tried / refused cleanly / accepted) per area, printed at the end of a
module when BEZIQUE_FUZZ_REPORT is set (for the closing notes of an audit)."""

import os
import re
from collections import Counter

import pytest

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def counter_fixture(name: str):
    """A module-scoped autouse fixture that reports the module's counter."""
    tally: Counter = Counter()

    @pytest.fixture(autouse=True, scope="module")
    def _report():
        yield
        if os.environ.get("BEZIQUE_FUZZ_REPORT"):
            print(f"\n[fuzz {name}] " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))

    return tally, _report


def russian(message: str) -> bool:
    """A learner's message: Cyrillic words, no Python exception text."""
    return bool(message) and bool(CYRILLIC.search(message)) and "Traceback" not in message \
        and "Error" not in message
