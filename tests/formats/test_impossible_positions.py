"""Positions and records that cannot happen are refused in Russian (issue 28 point 17, issue 29):
each message names what was wrong and shows a correct example; nothing is changed.

* a position in phase 2 that still has a turn-up (the turn-up is taken after the last stock
  trick, R6);
* a full trick before your turn (`legal_plays` with a complete `trick`, or `lead` and `follow`);
* a deal-score position whose turned-up seven was also declared or exchanged for (R2.5, R5.2);
* a deal record that is a JSON list instead of an object (a line of a `.jsonl` file).
"""

import copy
import json

import pytest

from bezique.errors import FormatError
from bezique.positions import load_position, solve
from bezique.practice import PracticeSession
from bezique.record import parse_record


def refused(data, field, *words):
    before = copy.deepcopy(data)
    with pytest.raises(FormatError) as info:
        load_position(data, "pos.json")
    e = info.value
    assert data == before                                  # the input is left as it was
    assert e.field == field, (e.field, e.detail)
    assert any("\u0400" <= ch <= "\u04ff" for ch in e.detail)
    assert "пример" in e.detail.lower(), e.detail
    for w in words:
        assert w in e.detail, e.detail
    assert "Traceback" not in str(e)
    return e.detail


LEGAL = {"id": "p", "kind": "legal_plays", "trump": "H", "hand": ["AS", "9C"]}
DECL = {"id": "d", "kind": "declarations", "trump": "H", "hand": ["QS", "JD"], "won_trick": True}


@pytest.mark.parametrize("base", [LEGAL, DECL], ids=["legal_plays", "declarations"])
def test_phase_2_with_a_turn_up_is_refused(base):
    data = {**base, "phase": 2, "turn_up": "9H#2"}
    text = refused(data, "turn_up", "фазе 2", "9H#2", '"phase": 1')
    assert "талона уже нет" in text
    ok = dict(data)
    del ok["turn_up"]
    solve(load_position(ok))                               # the same without the turn-up
    ok = {**data, "phase": 1}
    solve(load_position(ok))                               # or in phase 1


def test_a_full_two_card_trick_before_your_turn_is_refused():
    data = {**LEGAL, "trick": [{"player": 0, "card": "9D"}, {"player": 1, "card": "KD"}]}
    text = refused(data, "trick", "самое большее 1 карта", "а здесь 2 карты",
                   "кто возьмёт взятку")
    assert '"trick": [{"player": 1, "card": "9C"}]' in text


def test_lead_and_follow_before_your_turn_are_refused():
    data = {**LEGAL, "lead": "9D", "follow": "KD"}
    refused(data, "follow", "«lead»", "trick_winner", '"lead": "9C"')
    ok = {**LEGAL, "lead": "9D"}
    assert solve(load_position(ok))["legal"] == ["AS#1", "9C#1"]


@pytest.mark.parametrize("rules,n", [("three_handed", 3), ("four_handed", 4)])
def test_a_full_trick_at_three_and_four_is_refused(rules, n):
    data = {"id": "t", "kind": "legal_plays", "rules": rules, "players": n, "trump": "H",
            "you": 0, "hand": ["AS", "9C"],
            "trick": [{"player": (k + 1) % n, "card": c} for k, c in
                      zip(range(n), ["9D", "KD", "TD", "AD"])]}
    if n == 4:
        data["partnership"] = [[0, 2], [1, 3]]
    refused(data, "trick", f"самое большее {n - 1} карты", f"а здесь {n} карты")


SCORE = {"id": "s", "kind": "deal_score", "trump": "H", "tricks": [[], []], "last_trick": 0,
         "turned_up_seven": 1}


def test_deal_score_with_both_trump_sevens_declared_and_one_turned_up_is_refused():
    data = {**SCORE, "scored": [[{"meld": "trump_seven", "cards": ["7H#1"]}],
                                [{"meld": "trump_seven", "cards": ["7H#2"]}]]}
    refused(data, "scored", "открытый козырь", "только другую", "7H#1, 7H#2")


def test_deal_score_with_the_turned_up_seven_declared_is_refused():
    data = {**SCORE, "turn_up": "7H#2",
            "scored": [[], [{"meld": "trump_seven", "cards": ["7H#2"]}]]}
    text = refused(data, "scored", "7H#2", "объявить её нельзя")
    assert '"7H#1"' in text                                # the example names the other seven


def test_deal_score_with_an_exchange_for_a_turned_up_seven_is_refused():
    data = {**SCORE, "scored": [[{"meld": "seven_exchange", "cards": ["7H#1"]}], []]}
    refused(data, "scored[0]", "на семёрку семёрку не меняют")


def test_deal_score_with_the_other_seven_declared_is_solved():
    data = {**SCORE, "scored": [[{"meld": "trump_seven", "cards": ["7H#1"]}], []]}
    out = solve(load_position(data))
    assert out["declared"] == [10, 10] and out["scores"] == [20, 10]


def test_three_packs_one_seven_turned_up_two_others_may_be_declared():
    data = {**SCORE, "rules": "three_handed", "tricks": [[], [], []],
            "scored": [[{"meld": "trump_seven", "cards": ["7H#1"]}],
                       [{"meld": "trump_seven", "cards": ["7H#2"]}], []]}
    assert solve(load_position(data))["declared"] == [10, 20, 0]
    data["scored"][2] = [{"meld": "trump_seven", "cards": ["7H#3"]}]
    refused(data, "scored", "только две другие")


@pytest.mark.parametrize("line", [[], ["format", "bezique-deal/1"], [{"format": "bezique-deal/1"}]])
def test_a_record_that_is_a_list_is_refused(line):
    before = copy.deepcopy(line)
    with pytest.raises(FormatError) as info:
        parse_record(line, "сдачи.jsonl")
    text = info.value.detail
    assert line == before
    assert "JSON-объект" in text and "а здесь список" in text
    assert 'пример: {"format": "bezique-deal/1"' in text


def test_the_practice_table_refuses_a_list_and_keeps_its_deal():
    s = PracticeSession("random", seed=1)
    before = json.dumps(s.save(), sort_keys=True)
    out = s.load(json.dumps([s.save()]))
    assert not out.ok and "а здесь список" in out.message and "пример" in out.message
    assert json.dumps(s.save(), sort_keys=True) == before
