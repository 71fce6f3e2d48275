"""Position files for three and four players (docs/positions.md): `players`, `you`, the
four-handed `partnership` and a `trick` with seats. Old two-player files are unchanged; every
bad value of a new field is a Russian FormatError naming the field, with an example."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bezique.errors import FormatError
from bezique.positions import compare, load_file, load_position, position_to_json, solve

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = [ROOT / "exercises" / "positions" / lv for lv in ("v1_three_handed", "v2_four_handed")]


def _tr(*pairs):
    return [{"player": p, "card": c} for p, c in pairs]


THREE = {"id": "t", "kind": "trick_winner", "rules": "three_handed", "players": 3, "trump": "H",
         "trick": _tr((1, "9C"), (2, "AC"), (0, "7H"))}
FOUR = {"id": "f", "kind": "legal_plays", "rules": "four_handed", "players": 4,
        "partnership": [[0, 2], [1, 3]], "trump": "H", "phase": 2, "you": 0,
        "hand": ["AC", "7C", "AH", "9S"], "trick": _tr((2, "KC"), (3, "8C"))}


def _with(base, **changes):
    data = copy.deepcopy(base)
    for k, v in changes.items():
        if v is KeyError:
            data.pop(k, None)
        else:
            data[k] = v
    return data


def test_three_card_trick_goes_to_the_trump_and_names_the_seat():
    answer = solve(load_position(THREE))
    assert answer["winner"] == 0 and "вы" in answer["reason"]
    # The same trick with the ace of clubs led first: still the trump of the last seat.
    assert solve(load_position(_with(THREE, you=1)))["winner"] == 0


def test_identical_cards_first_played_wins_with_three():
    data = _with(THREE, trump="D", trick=_tr((2, "AS"), (0, "9S"), (1, "AS")))
    assert solve(load_position(data))["winner"] == 2


def test_partner_must_be_overtaken_in_the_last_eight():
    answer = solve(load_position(FOUR))
    assert answer["legal"] == ["AC#1"] and "партнёр" in answer["reason"]
    # Not when the partner's card cannot be beaten: any club, and no word about the partner.
    answer = solve(load_position(_with(FOUR, trick=_tr((2, "AC"), (3, "8C")),
                                       hand=["QC", "7C", "AH", "9S"])))
    assert answer["legal"] == ["QC#1", "7C#1"] and "партнёр" not in answer["reason"]
    # In phase 1 anything goes, partner or not.
    assert len(solve(load_position(_with(FOUR, phase=1)))["legal"]) == 4


def test_two_player_files_are_unchanged():
    old = {"id": "o", "kind": "trick_winner", "trump": "H", "lead": "9C", "follow": "KC"}
    pos = load_position(old)
    assert pos.players == 2 and pos.you == 0 and pos.trick == [] and pos.partnership is None
    assert solve(pos)["winner"] == "follow"
    out = position_to_json(pos)
    assert not {"players", "you", "partnership", "trick"} & set(out)
    # A two-player trick may be written with seats too; its winner is then a seat.
    seats = _with(old, lead=KeyError, follow=KeyError, trick=_tr((1, "9C"), (0, "KC")))
    assert solve(load_position(seats))["winner"] == 0


@pytest.mark.parametrize("base,changes,field", [
    (THREE, {"players": 4}, "players"),
    (THREE, {"players": "3"}, "players"),
    (THREE, {"players": 3.0}, "players"),
    (THREE, {"players": True}, "players"),
    (THREE, {"players": 5}, "players"),
    (THREE, {"you": 3}, "you"),
    (THREE, {"you": -1}, "you"),
    (THREE, {"you": True}, "you"),
    (THREE, {"partnership": [[0, 2], [1, 3]]}, "partnership"),
    (FOUR, {"partnership": KeyError}, "partnership"),
    (FOUR, {"partnership": [[0, 1], [2, 3]]}, "partnership"),
    (FOUR, {"partnership": [[0, 2]]}, "partnership"),
    (FOUR, {"partnership": [[0, 2], [1, 1]]}, "partnership"),
    (FOUR, {"partnership": "0-2"}, "partnership"),
    (THREE, {"trick": []}, "trick"),
    (THREE, {"trick": "9C"}, "trick"),
    (THREE, {"trick": ["9C", "AC", "7H"]}, "trick[0]"),
    (THREE, {"trick": _tr((1, "9C"), (2, "AC"))}, "trick"),                 # not complete
    (THREE, {"trick": _tr((1, "9C"), (0, "AC"), (2, "7H"))}, "trick[1].player"),   # order
    (THREE, {"trick": _tr((1, "9C"), (2, "AC"), (3, "7H"))}, "trick[2].player"),
    (THREE, {"trick": _tr((1, "9C"), (2, "ZZ"), (0, "7H"))}, "trick[1].card"),
    (THREE, {"trick": _tr((1, "9C#4"), (2, "AC"), (0, "7H"))}, "trick[0].card"),
    (THREE, {"trick": _tr((1, "9C#1"), (2, "9C#1"), (0, "7H"))}, "trick[1].card"),
    (THREE, {"lead": "9C"}, "lead"),
    (_with(THREE, trick=KeyError), {"lead": "9C", "follow": "AC"}, "lead"),
    (FOUR, {"trick": _tr((1, "9C"), (2, "KC"), (3, "8C"), (0, "AC"))}, "trick"),   # you play
    (FOUR, {"trick": _tr((1, "KC"), (2, "8C"))}, "trick"),       # seat 3 plays before you
    (_with(FOUR, kind="declarations", won_trick=True), {}, "trick"),
    (FOUR, {"hand": ["KC#1", "KC#2", "KC#3"]}, "trick[0].card"),   # a fourth KC in 3 packs
])
def test_bad_values_are_refused_in_russian(base, changes, field):
    data = _with(base, **changes)
    with pytest.raises(FormatError) as e:
        load_position(data, "bad.json")
    assert e.value.field == field, e.value.message
    assert any("\u0400" <= ch <= "\u04ff" for ch in e.value.detail)
    assert "Traceback" not in e.value.message


def test_every_error_message_of_a_new_field_gives_an_example():
    for changes in ({"players": 4}, {"you": 9}, {"trick": []}):
        with pytest.raises(FormatError) as e:
            load_position(_with(THREE, **changes))
        assert "например" in e.value.detail or "\"rules\"" in e.value.detail, e.value.detail
    with pytest.raises(FormatError) as e:
        load_position(_with(FOUR, partnership=[[0, 1], [2, 3]]))
    assert "[[0, 2], [1, 3]]" in e.value.detail


def test_answer_winner_is_a_seat_of_the_trick():
    pos = load_position(_with(THREE, answer={"winner": "follow"}))
    with pytest.raises(FormatError) as e:
        compare(pos)
    assert e.value.field == "answer.winner"
    assert compare(load_position(_with(THREE, answer={"winner": 0}))) == []
    assert compare(load_position(_with(THREE, answer={"winner": 1})))


@pytest.mark.parametrize("path", [p for d in VARIANTS for p in sorted(d.glob("*.json"))],
                         ids=lambda p: p.stem)
def test_curated_variant_positions_round_trip(path):
    for pos in load_file(str(path)):
        dumped = position_to_json(pos)
        again = load_position(json.loads(json.dumps(dumped)), "again.json")
        assert position_to_json(again) == dumped and solve(again) == solve(pos)
        assert compare(again) == []


def test_solve_and_check_over_the_new_files(tmp_path):
    run = subprocess.run([sys.executable, "-m", "bezique", "check", *map(str, VARIANTS)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    data = _with(FOUR, answer={"legal": ["7C"]})
    f = tmp_path / "wrong.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bezique", "check", str(f)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "legal" in run.stdout + run.stderr
    run = subprocess.run([sys.executable, "-m", "bezique", "solve", "-"], cwd=ROOT, input=json.dumps(THREE),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and json.loads(run.stdout)["winner"] == 0
    f.write_text(json.dumps(_with(THREE, you=7)), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bezique", "check", str(f)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "«you»" in run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr


FOUR_TALLY = {"id": "f4", "kind": "deal_score", "rules": "four_handed", "players": 4,
              "partnership": [[0, 2], [1, 3]], "trump": "H",
              "scored": [[{"meld": "marriage", "cards": ["KS#1", "QS#1"]}], [],
                         [{"meld": "royal_marriage", "cards": ["KH#1", "QH#1"]}], []],
              "tricks": [["AS#1", "9S#1", "8S#1", "7S#1"], ["TC#1", "9C#1", "8C#1", "7C#1"],
                         ["AD#1", "TD#1", "9D#1", "8D#1"], []],
              "last_trick": 2}


def test_a_four_handed_tally_is_one_score_a_side_as_the_engine_counts_a_deal():
    """Partners keep a joint score (RULES.md §10.2): the tally of a four-handed position has
    one entry a side — the partners' brisques and declarations added, the last trick once."""
    answer = solve(load_position(FOUR_TALLY))
    assert answer == {"scores": [20 + 40 + 30 + 10, 10], "brisques": [30, 10],
                      "declared": [60, 0], "last_trick": [10, 0]}


def test_the_exercise_asks_a_four_handed_tally_per_side():
    from bezique.widgets.exercises.answers import Judge
    from bezique.widgets.exercises.exercise import ExerciseWidget
    judge = Judge(FOUR_TALLY)
    assert judge.score_names == ["Игрок 1 и Игрок 3", "Игрок 2 и Игрок 4"]
    assert judge.score([100, 10]).verdict == "right"
    feedback = judge.score([100, 20])
    assert feedback.verdict == "partial" and "Игрок 2 и Игрок 4: бриски 10 очков" in feedback.message
    w = ExerciseWidget(FOUR_TALLY)
    assert [f.description for f in w.part.total_fields] == ["Игрок 1 и Игрок 3, всего",
                                                            "Игрок 2 и Игрок 4, всего"]
    w.set_scores([100, 10])
    assert w.submit().verdict == "right"
