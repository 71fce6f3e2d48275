"""Fuzzing position files (issue 15): mutations of every curated exercise position (each kind)
and of the RULES.md scenario positions are either refused with a FormatError whose Russian
message names a field, or — if the mutated file is still a valid position — solved and checked
consistently and written back unchanged. Never another exception."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.errors import FormatError
from bezique.positions import (KINDS, compare, load_file, load_position, position_to_json,
                               solve)

from .mutate import Tally, cyrillic, mutate

ROOT = Path(__file__).resolve().parents[2]
FILES = (sorted((ROOT / "exercises" / "positions").rglob("*.json"))       # every kind
         + sorted((ROOT / "tests" / "scenarios" / "positions").glob("*.json")))  # RULES.md §12
ORIGINALS = [item for f in FILES for item in
             (lambda d: d if isinstance(d, list) else [d])(json.loads(f.read_text("utf-8")))]
TALLY = Tally()


def test_every_kind_is_fuzzed():
    assert {p["kind"] for p in ORIGINALS} == set(KINDS)


def _consistent(pos) -> None:
    """A valid position: solved twice alike, checked without surprise, written back unchanged."""
    answer = solve(pos)
    assert solve(pos) == answer
    json.dumps(answer, ensure_ascii=False)
    try:
        compare(pos)
    except FormatError as e:                     # the answer itself may be what is broken
        assert e.field and e.field.startswith("answer") and cyrillic(e.detail), e
    dumped = position_to_json(pos)
    again = load_position(json.loads(json.dumps(dumped)), "again.json")
    assert position_to_json(again) == dumped
    assert solve(again) == answer


@pytest.mark.parametrize("original", ORIGINALS[::7], ids=lambda p: p["id"])
def test_round_trip_of_curated_positions(original):
    pos = load_position(original, "x.json")
    _consistent(pos)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_position_is_refused_cleanly_or_solved_consistently(data):
    original = data.draw(st.sampled_from(ORIGINALS), label="original")
    mutated, how = mutate(original, data.draw)
    TALLY["tried"] += 1
    try:
        pos = load_position(mutated, "mutated.json")
    except FormatError as e:
        TALLY["refused"] += 1
        assert e.field, (how, e.message)
        assert cyrillic(e.detail) and f"«{e.field}»" in e.message, (how, e.message)
        assert "Traceback" not in e.message
        return
    TALLY["accepted"] += 1
    _consistent(pos)


def test_file_mutations_reach_both_outcomes():
    """Run after the fuzz test (file order): the mutations were neither all refused nor all
    accepted, so both branches above were exercised."""
    print("\n" + TALLY.summary("position files"))
    if TALLY["tried"]:
        assert TALLY["refused"] > 0 and TALLY["accepted"] > 0, TALLY


@pytest.mark.parametrize("text", ["", "{", "[]", "[1]", "null", "{\"id\": 1}", "\ufeff{}",
                                  "[" * 5000 + "]" * 5000, "1" * 5000])
def test_damaged_position_file_is_refused(tmp_path, text):
    f = tmp_path / "damaged.json"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError) as info:
        load_file(str(f))
    assert cyrillic(info.value.message)
