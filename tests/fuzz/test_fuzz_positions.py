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


# --------------------------------------------------------------------------- three and four

SEATED = [p for p in ORIGINALS if p.get("players", 2) > 2]
SEAT_VALUES = [0, 1, 2, 3, 4, -1, True, 1.0, "0", None, [], [[0, 2], [1, 3]], [[2, 0], [3, 1]],
               [[0, 1], [2, 3]], [[0, 2]], {"player": 0}]


def test_three_and_four_handed_positions_are_fuzzed():
    assert {p["players"] for p in SEATED} == {3, 4}
    assert {p["kind"] for p in SEATED} >= {"trick_winner", "legal_plays", "declarations"}


def _seat_mutation(original: dict, draw) -> tuple[dict, str]:
    """An edit of the seat fields: players, you, partnership, a trick entry's seat or card,
    the trick cut, lengthened, rotated or reversed."""
    data = json.loads(json.dumps(original))
    what = draw(st.sampled_from(["players", "you", "partnership", "seat", "card", "cut",
                                 "rotate", "reverse", "lead", "drop"]), label="what")
    trick = data.get("trick") or []
    if what in ("players", "you", "partnership"):
        data[what] = draw(st.sampled_from(SEAT_VALUES), label="value")
    elif what == "drop":
        data.pop(draw(st.sampled_from(["players", "you", "partnership", "trick", "rules"])), None)
    elif what in ("seat", "card") and trick:
        i = draw(st.integers(0, len(trick) - 1), label="i")
        key = "player" if what == "seat" else "card"
        trick[i][key] = draw(st.sampled_from(SEAT_VALUES + ["QS#3", "QS#4", "XX", "9C", "Д♠"]),
                             label="value")
    elif what == "cut" and trick:
        del trick[draw(st.integers(0, len(trick) - 1), label="i"):]
    elif what == "rotate" and trick:
        k = draw(st.integers(1, 3), label="k")
        data["trick"] = [{"player": (e["player"] + k) % 4, "card": e["card"]} for e in trick]
    elif what == "reverse":
        data["trick"] = trick[::-1]
    elif what == "lead":
        data["lead"] = "9C"
    return data, what


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_seats_are_refused_cleanly_or_solved_consistently(data):
    original = data.draw(st.sampled_from(SEATED), label="original")
    mutated, how = _seat_mutation(original, data.draw)
    TALLY["seats tried"] += 1
    try:
        pos = load_position(mutated, "mutated.json")
    except FormatError as e:
        TALLY["seats refused"] += 1
        assert e.field and cyrillic(e.detail) and f"«{e.field}»" in e.message, (how, e.message)
        return
    TALLY["seats accepted"] += 1
    assert pos.players == pos.rules.players and 0 <= pos.you < pos.players
    assert (pos.partnership is not None) == (pos.players == 4)
    if pos.kind == "trick_winner" and pos.trick:
        assert solve(pos)["winner"] in [s for s, _ in pos.trick]
    _consistent(pos)


def test_seat_mutations_reach_both_outcomes():
    print(f"\nseats: tried {TALLY['seats tried']}, refused cleanly {TALLY['seats refused']}, "
          f"accepted {TALLY['seats accepted']}")
    if TALLY["seats tried"]:
        assert TALLY["seats refused"] > 0 and TALLY["seats accepted"] > 0, TALLY
