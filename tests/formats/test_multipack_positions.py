"""Positions of Rubicon, six-pack and eight-pack (issue 30 item 2; docs/positions.md): the reader
accepts them, solves them as RULES-multipack.md §15 says (scenarios S-R02…S-R18 as positions),
writes them back unchanged, and refuses every field these games cannot have with a Russian
message naming the field and an example."""

from __future__ import annotations

import json

import pytest

from bezique.errors import FormatError
from bezique.positions import compare, load_position, position_to_json, solve
from bezique.variants.multipack import settle

FILL = ["9S", "8H", "7D", "9C", "8S", "7H", "9D", "8C", "7S", "9H", "8D", "7C", "TS", "TH"]


def _solve(**d):
    return solve(load_position({"id": "t", **d}))


def _decls(**d):
    return {(e["meld"], tuple(e["cards"]), e["points"]) for e in _solve(**d)["declarations"]}


QUEENS = [{"meld": "four_queens", "cards": ["QS#1", "QH#1", "QD#1", "QC#1"]}]


def test_s_r06_four_queens_again_only_after_one_is_played():
    base = dict(kind="declarations", rules="rubicon", trump="C", won_trick=True, scored=QUEENS)
    played = _decls(**base, table=["QS#1", "QD#1", "QC#1"], hand=["QH#2", *FILL[:4]])
    assert played == {("four_queens", ("QS#1", "QH#2", "QD#1", "QC#1"), 60)}
    intact = _decls(**base, table=["QS#1", "QH#1", "QD#1", "QC#1"], hand=["QH#2", *FILL[:3]])
    assert intact == set()
    new_set = _decls(**{**base, "rules": "rubicon_hoffmann_commentary"},
                     table=["QS#1", "QH#1", "QD#1", "QC#1"], hand=["QH#2", *FILL[:3]])
    assert ("four_queens", ("QS#1", "QH#2", "QD#1", "QC#1"), 60) in new_set


def test_s_r02_before_trumps_the_first_marriage_is_royal():
    got = _decls(kind="declarations", rules="rubicon", trump=None, won_trick=True,
                 hand=["KC#1", "QC#2", "KH#1", "QH#1", *FILL[:4]])
    assert got == {("royal_marriage", ("KH#1", "QH#1"), 40),
                   ("royal_marriage", ("KC#1", "QC#2"), 40)}


def test_s_r08_singles_unite_in_rubicon():
    got = _decls(kind="declarations", rules="rubicon", trump="H", won_trick=True,
                 scored=[{"meld": "bezique", "cards": ["QS#1", "JD#1"]},
                         {"meld": "bezique", "cards": ["QS#2", "JD#2"]}],
                 table=["QS#1", "JD#1", "QS#2", "JD#2"], hand=FILL[:4])
    assert got == {("double_bezique", ("QS#1", "QS#2", "JD#1", "JD#2"), 500)}


def test_s_r12_and_s_r13_quartets_and_quintets():
    six = _decls(kind="declarations", rules="six_pack", trump="H", won_trick=True,
                 scored=[{"meld": "four_aces", "cards": ["AH#1", "AH#2", "AS#1", "AD#1"]}],
                 table=["AH#1", "AH#2", "AS#1", "AD#1"], hand=["AH#3", "AH#4", *FILL[:5]])
    assert six == {("four_trump_aces", ("AH#1", "AH#2", "AH#3", "AH#4"), 1000)}
    eight = _decls(kind="declarations", rules="eight_pack", trump="D", won_trick=True,
                   scored=[{"meld": "four_trump_aces", "cards": ["AD#1", "AD#2", "AD#3", "AD#4"]}],
                   table=["AD#1", "AD#2", "AD#3", "AD#4"], hand=["AD#5", *FILL[:9]])
    assert eight == {("five_trump_aces", ("AD#1", "AD#2", "AD#3", "AD#4", "AD#5"), 2000)}


@pytest.mark.parametrize("game,count", [("rubicon", "девяти"), ("six_pack", "двенадцати"),
                                        ("eight_pack", "пятнадцати")])
def test_the_last_tricks_are_named_by_their_count(game, count):
    decl = _solve(kind="declarations", rules=game, trump="H", phase=2, hand=["KC", "7C"])
    assert f"В последних {count} взятках" in decl["reason"]
    plays = _solve(kind="legal_plays", rules=game, trump="H", phase=2, lead="9C",
                   hand=["KC", "7C", "AH"])
    assert plays["legal"] == ["KC#1"] and f"последних {count} взятках" in plays["reason"]


@pytest.mark.parametrize("game,a,b,ba,bb,want", [
    ("rubicon", 1510, 1240, 0, 0, {"winner": 0, "value": 800, "rubiconed": False}),   # S-R15a
    ("rubicon", 1320, 620, 0, 150, {"winner": 0, "value": 3200, "rubiconed": True}),  # S-R16a
    ("rubicon", 1480, 930, 140, 180, {"winner": 0, "value": 1000, "rubiconed": False}),  # S-R17a
    ("six_pack", 3550, 3510, 0, 0, {"winner": 0, "value": 1100, "rubiconed": False}),  # S-R18
    ("eight_pack", 6120, 4980, 0, 0, {"winner": 0, "value": 12500, "rubiconed": True}),  # S-R18
])
def test_deal_score_settles_as_15_11(game, a, b, ba, bb, want):
    """The tally in a position (declarations, last trick, brisque tricks) settles exactly as
    the engine's `settle` settles the same scores: S-R15…S-R18."""
    from .multipack_fixtures import settlement_position
    pos = load_position(settlement_position(game, a, b, ba, bb), "s.json")
    ans = solve(pos)
    assert ans["scores"] == [a, b] and ans["brisques"] == [ba, bb]
    assert ans["settlement"] == want == settle([a, b], [ba, bb], pos.rules)
    assert ans["reason"].startswith("Победитель")


def test_round_trip_keeps_trump_null_and_histories():
    raw = {"id": "rt", "kind": "declarations", "rules": "rubicon", "trump": None,
           "won_trick": True, "hand": ["QS", "JD", *FILL[:6]],
           "scored": [{"meld": "four_jacks", "cards": ["JS", "JH", "JD#2", "JC"]}],
           "table": ["JS", "JH", "JD#2", "JC"][:0]}
    raw["hand"] = ["QS", "JD", *FILL[:6]]
    pos = load_position(raw, "rt.json")
    dumped = position_to_json(pos)
    assert dumped["trump"] is None and "turn_up" not in dumped
    again = load_position(json.loads(json.dumps(dumped)), "again.json")
    assert position_to_json(again) == dumped and solve(again) == solve(pos)


def test_answers_with_a_settlement_are_checked():
    from .multipack_fixtures import settlement_position
    raw = settlement_position("rubicon", 1510, 1240, 0, 0)
    raw["answer"] = solve(load_position(raw))
    assert compare(load_position(raw)) == []
    wrong = dict(raw, answer={**raw["answer"], "settlement": {"winner": 0, "value": 900,
                                                               "rubiconed": False}})
    assert any("settlement" in d for d in compare(load_position(wrong)))
    for bad in ({"winner": "A", "value": 800, "rubiconed": False},
                {"winner": 0, "value": -1, "rubiconed": False},
                {"winner": 0, "value": 800, "rubiconed": 0}, [0, 800]):
        with pytest.raises(FormatError) as e:
            compare(load_position(dict(raw, answer={**raw["answer"], "settlement": bad})))
        assert e.value.field == "answer.settlement" and "например" in e.value.detail


REFUSED = [
    ("turn_up", dict(trump="H", turn_up="AH")),
    ("seven_exchanged", dict(trump="H", seven_exchanged=True)),
    ("scored[0]", dict(trump=None, scored=[{"meld": "royal_marriage", "cards": ["KH", "QH"]}])),
    ("scored[0]", dict(trump="H", scored=[{"meld": "royal_marriage", "cards": ["KS", "QS"]}])),
    ("scored[0].meld", dict(trump="H", scored=[{"meld": "trump_seven", "cards": ["7H"]}])),
    ("scored[1]", dict(trump="C", table=["QS#1", "QH#1", "QD#1", "QC#1"],
                      scored=QUEENS + [{"meld": "four_queens", "cards": ["QS#1", "QH#2", "QD#1", "QC#1"]}])),
    ("scored[0]", dict(trump="H", scored=[{"meld": "carte_blanche", "cards": ["9S", "8S"]}])),
    ("scored[0]", dict(trump=None, scored=[{"meld": "four_trump_aces", "cards": ["AH#1", "AH#2", "AH#3", "AH#4"]}])),
    ("hand", dict(trump="H", hand=FILL[:10])),
    ("hand[0]", dict(trump="H", hand=["QS#5"])),
]


@pytest.mark.parametrize("field,extra", REFUSED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(REFUSED)])
def test_impossible_fields_are_refused_in_russian(field, extra):
    raw = {"id": "bad", "kind": "declarations", "rules": "rubicon", "won_trick": True,
           "hand": ["QH#2", "9S"], **extra}
    with pytest.raises(FormatError) as e:
        load_position(raw, "bad.json")
    assert e.value.field == field, (e.value.field, e.value.detail)
    assert any("а" <= ch <= "я" for ch in e.value.detail.lower())


def test_carte_blanche_chain_in_a_finished_deal():
    chain = [{"meld": "carte_blanche", "cards": ["9C", "9D", "8H", "7S", "AC", "TC", "AH", "8D", "7C"]},
             {"meld": "carte_blanche", "cards": ["9S"]}, {"meld": "carte_blanche", "cards": ["AS"]}]
    raw = {"id": "cb", "kind": "deal_score", "rules": "rubicon", "trump": "H",
           "tricks": [[], []], "scored": [[], chain], "last_trick": 0}
    assert solve(load_position(raw))["declared"] == [0, 150]               # S-R09
    foster = dict(raw, rules="rubicon_foster")
    with pytest.raises(FormatError) as e:
        load_position(foster)
    assert e.value.field == "scored[1][1]"
    assert solve(load_position(dict(raw, rules="six_pack", scored=[[], [
        dict(chain[0], cards=chain[0]["cards"] + ["TS", "TH", "9H"]), *chain[1:]]])))["declared"] == [0, 750]
    with pytest.raises(FormatError):                                     # eight-pack: none
        load_position(dict(raw, rules="eight_pack"))
