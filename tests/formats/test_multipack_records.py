"""Deal records of the multi-pack games (docs/deal-records.md): they replay; `result` keeps
`scores` and `brisques` and adds `settlement`; six-pack records keep the dealer's `lift`; both
new fields round-trip and every malformed value is refused with a Russian message."""

import copy
import json
import random

import pytest

from bezique import Deal, RuleSet
from bezique.errors import FormatError
from bezique.record import deal_to_record, parse_record, replay
from bezique.rules import MULTIPACK_GAMES
from bezique.selfplay import play_random_deal


def _record(preset, seed=1):
    return json.loads(json.dumps(deal_to_record(play_random_deal(RuleSet.preset(preset), seed % 2,
                                                                 random.Random(seed)))))


@pytest.mark.parametrize("preset", MULTIPACK_GAMES)
def test_a_record_replays_with_its_settlement(preset):
    rec = _record(preset)
    assert rec["rules"] == preset and rec["turn_up"] is None
    st = rec["result"]["settlement"]
    assert set(st) == {"winner", "value", "rubiconed"} and st["value"] % 100 == 0
    out = replay(parse_record(rec))
    assert out.ok, out.error
    assert deal_to_record(out.deal) == rec                          # round trip
    assert ("lift" in rec) == (preset == "six_pack")


def test_an_unfinished_record_round_trips():
    d = Deal.new(RuleSet.preset("six_pack"), 0, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        acts = d.legal_actions()
        d.apply(acts[rng.randrange(len(acts))])
    rec = json.loads(json.dumps(deal_to_record(d)))
    assert "result" not in rec
    out = replay(parse_record(rec))
    assert out.ok and deal_to_record(out.deal) == rec


def test_a_changed_settlement_or_lift_is_caught():
    rec = _record("six_pack", 3)
    bad = copy.deepcopy(rec)
    bad["result"]["settlement"]["value"] += 100
    out = replay(parse_record(bad))
    assert not out.ok and "расчёт партии" in out.error
    moved = copy.deepcopy(rec)
    moved["lift"] = {"packet": 24, "estimate": 24}               # +250 and +150 more
    assert rec["lift"] != moved["lift"]
    out = replay(parse_record(moved))
    assert not out.ok and "очки" in out.error


@pytest.mark.parametrize("field, value", [
    ("settlement", {"winner": 2, "value": 100, "rubiconed": False}),
    ("settlement", {"winner": 0, "value": -100, "rubiconed": False}),
    ("settlement", {"winner": 0, "value": 100, "rubiconed": "yes"}),
    ("settlement", {"winner": 0, "value": 100}),
    ("settlement", [0, 100, False]),
    ("lift", {"packet": "24", "estimate": 20}),
    ("lift", {"packet": 24}),
    ("lift", [24, 20]),
    ("lift", {"packet": 0, "estimate": 20}),
])
def test_malformed_new_fields_are_refused_in_russian(field, value):
    rec = _record("six_pack", 5)
    if field == "settlement":
        rec["result"]["settlement"] = value
    else:
        rec["lift"] = value
    with pytest.raises(FormatError) as e:
        parse_record(rec)
    assert field in str(e.value.field or "") and any("а" <= ch <= "я" for ch in e.value.message)


def test_a_lift_outside_six_pack_is_refused():
    rec = _record("rubicon", 2)
    rec["lift"] = {"packet": 24, "estimate": 24}
    with pytest.raises(FormatError):
        parse_record(rec)


def test_fuzzed_records_never_crash():
    """Random edits of the new fields and the structure: a FormatError or a replay verdict,
    never another exception."""
    rng = random.Random(7)
    base = [_record(p, i) for i, p in enumerate(MULTIPACK_GAMES)]
    values = [None, 0, -1, 10**12, "x", [], {}, True, 24, {"packet": 24, "estimate": 24},
              {"winner": None, "value": 0, "rubiconed": False}]
    for _ in range(150):
        rec = copy.deepcopy(rng.choice(base))
        target = rng.choice(["lift", "settlement", "turn_up", "rules", "hands"])
        v = copy.deepcopy(rng.choice(values))
        if target == "settlement":
            rec["result"]["settlement"] = v
        elif target == "hands":
            rec["hands"][0] = rec["hands"][0][:-1]
        else:
            rec[target] = v
        try:
            replay(parse_record(rec))
        except FormatError as e:
            assert e.message
