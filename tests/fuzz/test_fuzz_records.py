"""Fuzzing deal records (issue 15): mutations of records written by random self-play of every
two-player preset are either refused with a FormatError whose Russian message names a field,
or replayed — to a clean Russian refusal naming the first bad action, or to a deal whose record
replays again to itself. Never another exception."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bezique import Deal, RuleSet
from bezique.errors import FormatError
from bezique.record import deal_to_record, parse_record, replay
from bezique.rules import PRESETS
from bezique.selfplay import play_random_deal

from .mutate import RECORD_EDITS, Tally, cyrillic, mutate

TWO_PLAYER = [name for name in PRESETS if RuleSet.preset(name).players == 2]


def _records() -> list[dict]:
    out = []
    for i, name in enumerate(TWO_PLAYER):
        rules = RuleSet.preset(name)
        out.append(deal_to_record(play_random_deal(rules, i % 2, random.Random(i))))
        deal = Deal.new(rules, (i + 1) % 2, seed=100 + i)        # an unfinished deal too
        rng = random.Random(i)
        for _ in range(20):
            acts = deal.legal_actions()
            deal.apply(acts[rng.randrange(len(acts))])
        out.append(deal_to_record(deal))
    apply = RuleSet().with_options(penalty_mode="apply")
    out.append(deal_to_record(play_random_deal(apply, 0, random.Random(7))))
    return out


ORIGINALS = _records()
TALLY = Tally()


def test_every_two_player_preset_is_fuzzed():
    assert {"canonical", "no_trump", "many_pack_infusorka", "seed_000C"} <= set(TWO_PLAYER)
    assert len(ORIGINALS) == 2 * len(TWO_PLAYER) + 1


def _round_trip(deal) -> None:
    rec = json.loads(json.dumps(deal_to_record(deal)))
    again = replay(parse_record(rec, "again.jsonl:1"))
    assert again.ok, again.error
    assert deal_to_record(again.deal) == rec


@pytest.mark.parametrize("original", ORIGINALS, ids=lambda r: json.dumps(r["rules"]))
def test_self_play_records_round_trip(original):
    out = replay(parse_record(json.loads(json.dumps(original))))
    assert out.ok, out.error
    assert deal_to_record(out.deal) == original
    _round_trip(out.deal)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_record_is_refused_cleanly_or_replayed_consistently(data):
    original = data.draw(st.sampled_from(ORIGINALS), label="original")
    mutated, how = mutate(original, data.draw, RECORD_EDITS)
    TALLY["tried"] += 1
    try:
        rec = parse_record(mutated, "mutated.jsonl:1")
    except FormatError as e:
        TALLY["refused"] += 1
        assert e.field, (how, e.message)
        assert cyrillic(e.detail) and f"«{e.field}»" in e.message, (how, e.message)
        return
    out = replay(rec)
    if not out.ok:
        TALLY["refused"] += 1
        TALLY["refused_by_replay"] += 1
        assert out.error and cyrillic(out.error), (how, out.error)
        return
    TALLY["accepted"] += 1
    _round_trip(out.deal)


def test_record_mutations_reach_both_outcomes():
    """Run after the fuzz test (file order): both outcomes were exercised."""
    print("\n" + TALLY.summary("deal records") + f" (of the refused, {TALLY['refused_by_replay']} "
          "by the replay)")
    if TALLY["tried"]:
        assert TALLY["refused"] > 0 and TALLY["accepted"] > 0, TALLY


@pytest.mark.parametrize("other", ["no_trump", "many_pack_infusorka", "three_handed",
                                   "seed_000C"])
def test_a_canonical_record_does_not_replay_as_another_variant(other):
    """Issue 15: a record of one variant must not replay as another (turn-up, stock size, hand
    sizes, players, pack); where the structure happens to fit, the actions decide."""
    original = next(r for r in ORIGINALS if r["rules"] == "canonical" and "result" in r)
    rec = dict(original, rules=other)
    try:
        parsed = parse_record(rec, "x.jsonl:1")
    except FormatError as e:
        assert e.field and cyrillic(e.detail)
        return
    out = replay(parsed)
    assert not out.ok and cyrillic(out.error)
