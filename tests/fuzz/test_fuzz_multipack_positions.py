"""Fuzzing the multi-pack position fields (issue 30): trump null or another suit, the game
switched between Rubicon, six-pack and eight-pack, scored histories reordered, cut or grown
(re-declarations, carte blanche), cards played since (a table card dropped), standard-game
fields added, the settlement of an answer damaged. Every mutation is refused with a
FormatError naming a field in Russian, or solved consistently and written back unchanged."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.errors import FormatError
from bezique.generator import generate
from bezique.positions import compare, load_position, position_to_json, solve

from .mutate import Tally, cyrillic

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "exercises" / "positions").glob("r[12]_*/*.json"))
ORIGINALS = ([json.loads(f.read_text("utf-8")) for f in FILES]
             + generate("r1_multipack", 6, 7) + generate("r2_settlement", 6, 7))
GAMES = ["rubicon", "six_pack", "eight_pack", "rubicon_hoffmann_commentary",
         "rubicon_whiteknuckle", "six_pack_variable", "rubicon_foster", "canonical"]
JUNK = [None, 0, 1, -5, "0", 1.0, True, [], {}, "S", {"winner": 0}, {"winner": 2, "value": 100,
        "rubiconed": False}, {"winner": None, "value": 0, "rubiconed": "нет"}]
TALLY = Tally()


def mutate(original: dict, draw) -> tuple[dict, str]:
    p = copy.deepcopy(original)
    how = draw(st.sampled_from(["trump", "rules", "reorder", "cut", "grow", "played",
                                "standard", "settlement", "carte_blanche"]), label="how")
    if how == "trump":
        p["trump"] = draw(st.sampled_from([None, "S", "H", "D", "C", "X", 1]))
    elif how == "rules":
        p["rules"] = draw(st.sampled_from(GAMES))
    elif how in ("reorder", "cut", "grow", "carte_blanche"):
        if p["kind"] == "deal_score":
            h = p["scored"][draw(st.integers(0, 1))]
        else:
            h = p.setdefault("scored", [])
        if how == "reorder" and len(h) > 1:
            i, j = draw(st.integers(0, len(h) - 1)), draw(st.integers(0, len(h) - 1))
            h[i], h[j] = h[j], h[i]
        elif how == "cut" and h:
            del h[draw(st.integers(0, len(h) - 1))]
        elif how == "grow":
            cards = p.get("hand", []) + p.get("table", [])
            meld = draw(st.sampled_from(["four_queens", "bezique", "double_bezique", "marriage",
                                         "royal_marriage", "plain_sequence", "four_trump_aces"]))
            picked = draw(st.lists(st.sampled_from(cards or ["QS", "JD"]), min_size=2, max_size=5,
                                   unique=True))
            h.append({"meld": meld, "cards": picked})
        else:
            shown = draw(st.lists(st.sampled_from(["9S", "8H", "AC", "TD", "7C", "KH", "9D#9"]),
                                  min_size=1, max_size=12))
            h.insert(draw(st.integers(0, len(h))), {"meld": "carte_blanche", "cards": shown})
    elif how == "played" and p.get("table"):
        p["table"].pop(draw(st.integers(0, len(p["table"]) - 1)))
    elif how == "standard":
        key = draw(st.sampled_from(["turn_up", "seven_exchanged", "players", "phase"]))
        p[key] = draw(st.sampled_from(["AH", True, 3, 2, 0]))
    elif how == "settlement" and "answer" in p:
        p["answer"]["settlement"] = draw(st.sampled_from(JUNK))
    return p, how


def _consistent(pos) -> None:
    answer = solve(pos)
    assert solve(pos) == answer
    try:
        compare(pos)
    except FormatError as e:
        assert e.field and e.field.startswith("answer") and cyrillic(e.detail), e
    dumped = position_to_json(pos)
    again = load_position(json.loads(json.dumps(dumped)), "again.json")
    assert position_to_json(again) == dumped and solve(again) == answer
    if "settlement" in answer:
        s = answer["settlement"]
        assert s["winner"] in (0, 1, None) and s["value"] >= 0
        assert (s["winner"] is None) == (s["value"] == 0)


def test_originals_cover_both_levels_and_round_trip():
    assert len(ORIGINALS) >= 60
    for raw in ORIGINALS:
        _consistent(load_position(raw, "x.json"))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_multipack_position_is_refused_cleanly_or_solved_consistently(data):
    original = data.draw(st.sampled_from(ORIGINALS), label="original")
    mutated, how = mutate(original, data.draw)
    TALLY["tried"] += 1
    try:
        pos = load_position(mutated, "mutated.json")
    except FormatError as e:
        TALLY["refused"] += 1
        assert e.field and cyrillic(e.detail), (how, e)
        return
    TALLY["solved"] += 1
    _consistent(pos)


def test_mutations_reach_both_outcomes():
    if TALLY["tried"] >= 100:
        assert TALLY["refused"] and TALLY["solved"], dict(TALLY)
