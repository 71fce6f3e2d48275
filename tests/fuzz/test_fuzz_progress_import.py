"""Fuzz: «Загрузить прогресс из файла». Whatever file the learner chooses — random bytes, JSON
of the wrong shape or types, a saved file cut short, bytes flipped, a field swapped for a
value of another type, huge numbers and strings — loading either takes only sound levels of
the course, or refuses in Russian and changes nothing (the progress in memory and the file);
it never raises."""

import json
import re
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from ci_support import require_import
require_import("ipywidgets")

from bezique.widgets.exercises.progress import LEVEL_NAMES, PROGRESS_FORMAT, Progress, clean_level
from bezique.widgets.exercises.progress_files import ProgressFiles, Refused, parse_progress_file

from .tally import counter_fixture, russian

TALLY, _report = counter_fixture("progress import")

LEVELS = {
    "m1_single": {"answered": 5, "right": 4, "streak": 2, "best_streak": 3, "seen": ["a", "b"], "generated": 0},
    "t1_trick_winner": {"answered": 9, "right": 9, "streak": 9, "best_streak": 9,
                        "seen": ["tw-1", "gen:x"], "generated": 4},
}
SAVED = json.dumps({"format": PROGRESS_FORMAT, "levels": LEVELS}, ensure_ascii=False,
                   indent=1, sort_keys=True).encode()
HERE = {"m1_single": {"answered": 7, "right": 1, "streak": 0, "best_streak": 1, "seen": ["c"],
                      "generated": 2}}
FIELDS = ["answered", "right", "streak", "best_streak", "seen", "generated"]

ODD = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.text(max_size=8),
                st.integers(-5, 5), st.integers(10**9 - 2, 10**9 + 2), st.integers(10**30, 10**31),
                st.lists(st.one_of(st.integers(), st.text(max_size=300)), max_size=3),
                st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
JSONISH = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                                 st.text(max_size=10)),
                       lambda inner: st.one_of(st.lists(inner, max_size=4),
                                               st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                       max_leaves=20)


@st.composite
def sound_level(draw):
    answered = draw(st.integers(0, 10**9))
    right = draw(st.integers(0, answered))
    best = draw(st.integers(0, right))
    return {"answered": answered, "right": right, "best_streak": best,
            "streak": draw(st.integers(0, best)), "generated": draw(st.integers(0, 10**9)),
            "seen": draw(st.lists(st.text(max_size=20), max_size=5))}


LEVEL_KEY = st.one_of(st.sampled_from(sorted(LEVEL_NAMES)), st.text(max_size=12))

files = st.one_of(
    st.binary(max_size=200),
    JSONISH.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(LEVEL_KEY, JSONISH, max_size=4).map(
        lambda lv: json.dumps({"format": PROGRESS_FORMAT, "levels": lv}).encode()),
    st.tuples(st.sampled_from(sorted(LEVELS)), st.sampled_from(FIELDS), ODD).map(
        lambda a: json.dumps({"levels": {**LEVELS, a[0]: {**LEVELS[a[0]], a[1]: a[2]}}}).encode()),
    st.integers(0, len(SAVED) - 1).map(lambda n: SAVED[:n]),
    st.lists(st.tuples(st.integers(0, len(SAVED) - 1), st.integers(1, 255)), min_size=1, max_size=4).map(
        lambda flips: bytes(b ^ dict(flips).get(i, 0) for i, b in enumerate(SAVED))),
    st.dictionaries(st.sampled_from(sorted(LEVEL_NAMES)), sound_level(), min_size=1, max_size=4).map(
        lambda lv: json.dumps({"format": PROGRESS_FORMAT, "levels": lv}).encode()),
    st.one_of(st.just(SAVED), st.just(b'{"levels": {"m1_single": {"seen": ["' + b"x" * 250 + b'"]}}}'),
              st.just(b'{"levels": {"m1_single": {"seen": ' + json.dumps(["p"] * 100_001).encode() + b"}}}")),
)


def outside_quotes(message: str) -> str:
    """The message without what it quotes from the file («…»): that may be any text."""
    return re.sub(r"«[^»]*»", "«…»", message)


@settings(max_examples=400, deadline=None)
@given(files)
def test_loading_any_file_takes_sound_levels_or_changes_nothing(data):
    TALLY["tried"] += 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.json"
        path.write_text(json.dumps({"format": PROGRESS_FORMAT, "levels": HERE}), encoding="utf-8")
        before = path.read_bytes()
        progress = Progress(path)
        panel = ProgressFiles(progress)
        try:
            incoming = parse_progress_file(data)
        except Refused as e:
            assert russian(outside_quotes(str(e)))
            assert not panel.load_bytes(data)                      # never raises
            assert panel.message_kind == "error" and russian(outside_quotes(panel.message_text))
            assert path.read_bytes() == before and progress.levels == HERE
            TALLY["refused cleanly"] += 1
            return
        assert incoming and set(incoming) <= set(LEVEL_NAMES)
        assert all(clean_level(entry) == entry for entry in incoming.values())
        assert panel.load_bytes(data) and panel.message_kind == "ok"
        again = Progress(path)
        assert again.problem is None and set(again.levels) == set(HERE) | set(incoming)
        for level, entry in again.levels.items():
            assert clean_level(entry) == entry
            mine, theirs = HERE.get(level), incoming.get(level)
            if mine and theirs:
                best = max(mine, theirs, key=lambda e: (e["right"], e["answered"], e["best_streak"]))
                assert entry["answered"] == best["answered"] and entry["right"] == best["right"]
                assert set(entry["seen"]) == set(mine["seen"]) | set(theirs["seen"])
        TALLY["accepted"] += 1
