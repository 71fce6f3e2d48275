"""Determinization: sampled deals agree with everything the seat has seen."""

from __future__ import annotations

import random

import pytest

from bezique.deal import Deal
from bezique.players.determinize import Template, check_consistent
from bezique.players.random_player import random_action
from bezique.rules import RuleSet

from .helpers import advance


@pytest.mark.parametrize("preset", ["canonical", "seed_001", "seed_003", "seed_000E", "seed_000A"])
def test_sampled_deals_match_the_view(preset):
    rules = RuleSet.from_spec(preset)
    rng = random.Random(11)
    checked = 0
    for i in range(8):
        deal = Deal.new(rules, i % 2, seed=i)
        while not deal.is_over:
            if rng.random() < 0.25:
                view = deal.view(deal.to_act)
                tmpl = Template(view)
                for _ in range(2):
                    sample = tmpl.sample(rng)
                    assert check_consistent(sample, view) == []
                    # The sampled deal can be played to its end.
                    while not sample.is_over:
                        sample.apply(random_action(sample.legal_actions(), rng))
                    checked += 1
            advance(deal, 1, rng)
    assert checked > 50


def test_known_cards_stay_with_their_owner():
    rng = random.Random(3)
    for i in range(30):
        deal = advance(Deal.new(RuleSet(), 0, seed=50 + i), rng.randrange(10, 70), rng)
        if deal.is_over:
            continue
        seat = deal.to_act
        view = deal.view(seat)
        opp = 1 - seat
        for _ in range(3):
            s = Template(view).sample(rng)
            assert view.known[opp] <= set(s.hands[opp])
            assert len(s.hands[opp]) == len(deal.hands[opp])
            assert len(s.stock) == len(deal.stock)
            assert sorted(s.hands[seat]) == sorted(deal.hands[seat])
