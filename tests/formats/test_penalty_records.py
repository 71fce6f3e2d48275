"""Penalties that no play or declaration expresses are actions too: records and undo keep them."""

import random

import pytest

from bezique import Deal, IllegalAction, RuleSet
from bezique.actions import Penalty
from bezique.players.random_player import random_action
from bezique.record import deal_to_record, parse_record, replay


def test_extra_card_penalty_survives_replay_and_undo():
    rules = RuleSet(penalty_mode="apply", penalty_extra_card=60)
    deal = Deal.new(rules, 0, seed=3)
    deal.apply(Penalty("extra_card"), 1)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(random_action(deal.legal_actions(), rng))
    rec = deal_to_record(deal)
    assert {"player": 1, "penalty": "extra_card"} in rec["actions"]
    assert rec["result"]["penalties"] == [0, 60]
    outcome = replay(parse_record(rec))
    assert outcome.ok, outcome.error
    assert deal.undo(0).result() == deal.result()


def test_penalties_only_in_apply_mode_and_known_offences():
    with pytest.raises(IllegalAction):
        Deal.new(RuleSet(), 0, seed=1).apply(Penalty("extra_card"), 0)
    deal = Deal.new(RuleSet(penalty_mode="apply"), 0, seed=1)
    before = deal_to_record(deal)
    with pytest.raises(IllegalAction):
        deal.apply(Penalty("dancing_on_the_table"), 0)
    assert deal_to_record(deal) == before
