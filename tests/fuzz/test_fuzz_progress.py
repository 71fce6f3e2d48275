"""Fuzz: the exercise progress file. A valid file damaged at random — cut short, bytes
flipped, one field of a level swapped for a value of another type — never makes loading
raise; undamaged levels are kept exactly, every level kept is sound, and a damaged file is
always kept as a backup with its exact bytes; saving afterwards leaves a clean file."""

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings, strategies as st

from ci_support import require_import
require_import("ipywidgets")

from bezique.widgets.exercises.progress import PROGRESS_FORMAT, Progress, clean_level

from .tally import counter_fixture, russian

TALLY, _report = counter_fixture("progress file")

LEVELS = {
    "m1_single": {"answered": 5, "right": 4, "streak": 2, "best_streak": 3, "seen": ["a", "b"], "generated": 0},
    "m4_timing": {"answered": 2, "right": 0, "streak": 0, "best_streak": 0, "seen": ["tm-1"], "generated": 0},
    "t1_trick_winner": {"answered": 9, "right": 9, "streak": 9, "best_streak": 9,
                        "seen": ["tw-1", "gen:x"], "generated": 4},
}
VALID = json.dumps({"format": PROGRESS_FORMAT, "levels": LEVELS}, ensure_ascii=False, indent=1,
                   sort_keys=True).encode()
FIELDS = ["answered", "right", "streak", "best_streak", "seen", "generated"]
ODD_VALUES = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=5),
                       st.integers(-5, 5), st.integers(10**30, 10**31), st.just(10**9),
                       st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))

mutation = st.one_of(
    st.tuples(st.just("truncate"), st.integers(0, len(VALID) - 1)),
    st.tuples(st.just("flip"), st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(1, 255)),
                                        min_size=1, max_size=4)),
    st.tuples(st.just("swap"), st.tuples(st.sampled_from(sorted(LEVELS)), st.sampled_from(FIELDS), ODD_VALUES)),
    st.tuples(st.just("entry"), st.tuples(st.sampled_from(sorted(LEVELS)), ODD_VALUES)),
    st.tuples(st.just("format"), st.one_of(st.text(max_size=20), st.integers(), st.none())),
)


def mutate(kind, arg) -> tuple[bytes, set[str]]:
    """The damaged bytes, and the levels sure to be undamaged."""
    if kind == "truncate":
        return VALID[:arg], set()
    if kind == "flip":
        data = bytearray(VALID)
        for pos, x in arg:
            data[pos] ^= x
        return bytes(data), set()
    data = json.loads(VALID)
    if kind == "swap":
        level, name, value = arg
        data["levels"][level][name] = value
        untouched = set(LEVELS) - {level}
    elif kind == "entry":
        level, value = arg
        data["levels"][level] = value
        untouched = set(LEVELS) - {level}
    else:
        data["format"] = arg
        untouched = set(LEVELS) if arg == PROGRESS_FORMAT else set()
    return json.dumps(data, ensure_ascii=False).encode(), untouched


@settings(max_examples=400, deadline=None)
@given(mutation)
def test_a_damaged_progress_file_loses_nothing_good(m):
    content, untouched = mutate(*m)
    TALLY["tried"] += 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bezique_progress.json"
        path.write_bytes(content)
        p = Progress(path)                                # never raises
        for level, entry in p.levels.items():
            assert clean_level(entry) == entry    # everything kept is sound
        for level in untouched:
            assert p.levels[level] == LEVELS[level]
        backups = sorted(Path(tmp).glob("bezique_progress.json.damaged.*"))
        if p.problem is None:
            # Still a valid file (a flip may rename a field: missing counts are 0, unknown ignored).
            assert not backups
            assert p.levels == {k: clean_level(v) for k, v in json.loads(content)["levels"].items()}
            TALLY["accepted (still valid)"] += 1
        else:
            assert russian(p.problem) and "damaged.1" in p.problem
            assert [b.name for b in backups] == ["bezique_progress.json.damaged.1"]
            assert backups[0].read_bytes() == content
            TALLY["refused cleanly (backup kept)"] += 1
            if p.levels:
                TALLY["partly salvaged"] += 1
        p.record("m1_single", True)
        assert p.save() is None
        again = Progress(path)
        assert again.problem is None and again.levels == p.levels
