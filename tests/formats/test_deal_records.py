"""Deal records (`bezique-deal/1`): write → read → replay → identical record; malformed and
tampered records are refused with a Russian message naming the field or the first bad action;
`python -m bezique replay` prints its counts (in Russian, and with --json as one JSON line)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from bezique import Deal, RuleSet
from bezique.errors import FormatError
from bezique.jsonio import read_jsonl
from bezique.record import (FORMAT, deal_to_record, dumps_record, parse_record,
                            replay, write_jsonl)
from bezique.rules import STANDARD_PRESETS
from bezique.selfplay import play_random_deal, selfplay


def _cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "bezique", *args], capture_output=True,
                          text=True, timeout=120)


def _record(preset="canonical", seed=3, dealer=1):
    return deal_to_record(play_random_deal(RuleSet.preset(preset), dealer, random.Random(seed)))


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
def test_write_read_replay_gives_the_identical_record(preset, tmp_path):
    deals = list(selfplay(RuleSet.preset(preset), 4, seed=11))
    path = tmp_path / f"{preset}.jsonl"
    assert write_jsonl(str(path), deals) == 4
    lines = list(read_jsonl(str(path)))
    assert [n for n, _ in lines] == [1, 2, 3, 4]
    for deal, (_, data) in zip(deals, lines):
        assert data["format"] == FORMAT and data["rules"] == preset
        assert data == json.loads(dumps_record(deal))
        out = replay(parse_record(data, str(path)))
        assert out.ok, out.error
        assert deal_to_record(out.deal) == deal_to_record(deal) == data
        assert out.deal.result() == data["result"]
        # every card carries its copy number; hands, turn-up and stock make the whole pack
        cards = [c for h in data["hands"] for c in h] + [data["turn_up"]] + data["stock"]
        assert len(cards) == len(set(cards)) == 64 and all("#" in c for c in cards)
        assert len(data["stock"]) == 47


def test_unfinished_deal_record_has_no_result_and_replays():
    deal = Deal.new(RuleSet(), 0, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    rec = deal_to_record(deal)
    assert "result" not in rec
    out = replay(parse_record(json.loads(json.dumps(rec))))
    assert out.ok and deal_to_record(out.deal) == rec


def test_record_with_options_round_trips():
    rules = RuleSet().with_options(phase2_must_head=False, last_trick_points=250)
    rec = deal_to_record(play_random_deal(rules, 0, random.Random(9)))
    assert rec["rules"] == {"preset": "canonical", "phase2_must_head": False, "last_trick_points": 250}
    out = replay(parse_record(rec))
    assert out.ok and out.deal.rules == rules and deal_to_record(out.deal) == rec


BROKEN = [  # (name, how to break a good record, field named)
    ("format", lambda r: r.update(format="bezique-deal/2"), "format"),
    ("rules", lambda r: r.update(rules="nope"), "rules"),
    ("dealer", lambda r: r.update(dealer=2), "dealer"),
    ("one_hand", lambda r: r.update(hands=r["hands"][:1]), "hands"),
    ("card_without_copy", lambda r: r["hands"][0].__setitem__(0, r["hands"][0][0].split("#")[0]),
     "hands[0][0]"),
    ("bad_card", lambda r: r["stock"].__setitem__(3, "ZZ#1"), "stock[3]"),
    ("no_turn_up", lambda r: r.update(turn_up=None), "turn_up"),
    ("actions_not_list", lambda r: r.update(actions={}), "actions"),
    ("bad_player", lambda r: r["actions"][0].update(player=3), "actions[0]"),
    ("no_verb", lambda r: r["actions"].__setitem__(0, {"player": 0}), "actions[0]"),
    ("unknown_meld", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "quint",
                                                             "cards": []}), "actions[2].declare"),
    ("points_not_int", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "bezique",
                                                               "cards": ["QS#1", "JD#1"],
                                                               "points": "40"}), "actions[2].points"),
    ("play_not_a_card", lambda r: r["actions"][1].update(play=7), "actions[1].play"),
    ("result_incomplete", lambda r: r.update(result={"scores": [1, 2]}), "result.brisques"),
    # issue 15: cards checked against the pack, structure against the rules, types and ranges
    ("third_copy", lambda r: r["stock"].__setitem__(0, r["stock"][0].split("#")[0] + "#3"),
     "stock[0]"),
    ("ninth_copy_in_hand", lambda r: r["hands"][1].__setitem__(2, "AS#9"), "hands[1][2]"),
    ("wild_card", lambda r: r["stock"].__setitem__(5, "XX#1"), "stock[5]"),
    ("wild_card_copy_of_no_pack", lambda r: r["stock"].__setitem__(5, "XX#17"), "stock[5]"),
    ("turn_up_copy", lambda r: r.update(turn_up="AS#3"), "turn_up"),
    ("nine_cards", lambda r: r["hands"][0].append(r["stock"].pop()), "hands[0]"),
    ("short_stock", lambda r: r["stock"].pop(), "stock"),
    ("card_twice", lambda r: r["stock"].__setitem__(0, r["hands"][0][0]), "stock[0]"),
    ("no_trump_with_turn_up", lambda r: r.update(rules="no_trump"), "turn_up"),
    ("dealer_bool", lambda r: r.update(dealer=True), "dealer"),
    ("player_float", lambda r: r["actions"][0].update(player=0.0), "actions[0]"),
    ("negative_points", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "bezique",
                                                                "cards": ["QS#1", "JD#1"],
                                                                "points": -1}), "actions[2].points"),
    ("bool_points", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "bezique",
                                                            "cards": ["QS#1", "JD#1"],
                                                            "points": True}), "actions[2].points"),
    ("seven_twice", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "trump_seven",
                                                            "cards": ["7S#1", "7S#1"],
                                                            "points": 10}), "actions[2].cards[1]"),
    ("no_meld_cards", lambda r: r["actions"].__setitem__(2, {"player": 0, "declare": "bezique",
                                                              "cards": []}), "actions[2].cards"),
    ("two_verbs", lambda r: r["actions"][0].update(declare="bezique"), "actions[0]"),
    ("result_bool", lambda r: r["result"].update(last_trick=[True, 0]), "result.last_trick"),
    ("packs_17", lambda r: r.update(rules={"preset": "canonical", "packs": 17}), "rules"),
    ("packs_1000", lambda r: r.update(rules={"preset": "canonical", "packs": 1000}), "rules"),
]


@pytest.mark.parametrize("name,breaker,field", BROKEN, ids=[b[0] for b in BROKEN])
def test_malformed_record_names_the_field_in_russian(name, breaker, field):
    rec = _record()
    breaker(rec)
    with pytest.raises(FormatError) as info:
        parse_record(rec, "deals.jsonl:1")
    err = info.value
    assert err.field == field
    assert f"«{field}»" in err.message and "deals.jsonl:1" in err.message
    assert _cyrillic(err.detail)


def test_record_must_be_an_object():
    for bad in ([], "text", None, 3):
        with pytest.raises(FormatError) as info:
            parse_record(bad)
        assert _cyrillic(info.value.message)


def _tamper_play(rec):
    """Make a lead in the middle of the deal play the card its follower holds; return its index."""
    acts = rec["actions"]
    for i in range(len(acts) // 2, len(acts) - 1):
        a, b = acts[i], acts[i + 1]
        if "play" in a and "play" in b and a["player"] != b["player"]:
            a["play"] = b["play"]
            return i
    raise AssertionError("no trick to tamper with")


def test_replay_of_tampered_record_names_the_first_bad_action():
    rec = _record()
    i = _tamper_play(rec)
    out = replay(parse_record(rec))
    assert not out.ok and out.action_index == i
    assert out.error.startswith(f"действие №{i + 1} ")
    assert json.dumps(rec["actions"][i], ensure_ascii=False) in out.error
    assert "нет" in out.error                              # «Карты … у вас нет»
    # wrong points on a declaration
    rec = _record(seed=4)
    j = next(k for k, a in enumerate(rec["actions"]) if "declare" in a)
    rec["actions"][j]["points"] += 10
    out = replay(parse_record(rec))
    assert not out.ok and out.action_index == j and "полагается" in out.error
    # a changed result
    rec = _record(seed=5)
    rec["result"]["scores"][0] += 1
    out = replay(parse_record(rec))
    assert not out.ok and out.action_index is None and "«scores»" in out.error


def test_cli_replay_counts_passed_and_failed(tmp_path):
    good = tmp_path / "good.jsonl"
    out = _cli("selfplay", "--deals", "3", "--seed", "2", "--out", str(good))
    assert out.returncode == 0, out.stderr
    out = _cli("replay", str(good), "--json")
    assert out.returncode == 0
    assert json.loads(out.stdout.splitlines()[-1]) == {"records": 3, "passed": 3, "failed": 0,
                                                       "malformed": 0}

    lines = good.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[1])
    i = _tamper_play(bad)
    changed = json.loads(lines[2])
    changed["result"]["brisques"][1] += 10
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([lines[0], json.dumps(bad, ensure_ascii=False),
                                json.dumps(changed, ensure_ascii=False), "{not json",
                                lines[0], ""]) + "\n", encoding="utf-8")
    out = _cli("replay", str(mixed), "--json")
    assert out.returncode == 2                    # a line that is not JSON: unreadable input
    assert json.loads(out.stdout.splitlines()[-1]) == {"records": 5, "passed": 2, "failed": 2,
                                                       "malformed": 1}
    assert "верных: 2; расходятся с движком: 2; не прочитано: 1" in out.stdout
    text = out.stdout
    assert f"строка 2: действие №{i + 1} " in text                  # the first bad action
    assert json.dumps(bad["actions"][i], ensure_ascii=False) in text
    assert "строка 3:" in text and "«brisques»" in text
    assert "строка 4:" in text and "JSON" in text
    assert "Traceback" not in text + out.stderr

    missing = _cli("replay", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and _cyrillic(missing.stderr)
