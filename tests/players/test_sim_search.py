"""The experimental Мастер on the simulator (issue 31, part 2): legal choices, simulator
playouts where the simulator plays the rules, today's search elsewhere."""

from __future__ import annotations

import random

import pytest

from bezique.deal import Deal
from bezique.players.random_player import random_action
from bezique.players.search import Draws
from bezique.players.sim import from_deal
from bezique.players.sim.cards import CARD, cid
from bezique.players.sim_search import CoupledDraws, SimSearchPlayer
from bezique.rules import RuleSet


@pytest.mark.parametrize("rollout", ["greedy", "random"])
def test_plays_legal_moves_with_simulator_rollouts(rollout):
    deal = Deal.new(RuleSet(), 0, seed=5)
    bot = SimSearchPlayer(seed=1, rollout=rollout, samples=6, time_limit=None, extra_samples=0)
    methods = set()
    rng = random.Random(2)
    while not deal.is_over:
        view = deal.view(deal.to_act)
        if deal.to_act == 0:
            act = bot.choose(view)
            if bot.last is not None and len(view.legal_actions) > 1:
                methods.add(bot.last.method)
        else:
            act = random_action(deal.legal_actions(), rng)
        assert act in view.legal_actions
        deal.apply(act)
    assert "sim-rollouts" in methods and "endgame" in methods


def test_other_rules_fall_back_to_the_search():
    deal = Deal.new(RuleSet.preset("three_handed"), 0, seed=3)
    bot = SimSearchPlayer(seed=1, samples=3, time_limit=None, extra_samples=0)
    view = deal.view(deal.to_act)
    assert bot.choose(view) in view.legal_actions
    assert bot.last.method == "rollouts"


def test_coupled_draws_deal_as_the_search_does():
    """The simulator's coupled draws put the same cards on top as `search.Draws`."""
    deal = Deal.new(RuleSet(), 0, seed=8)
    sim = from_deal(deal)
    top_first = list(reversed(deal.stock))
    ours = CoupledDraws.split([cid(c) for c in top_first], 1)
    theirs = Draws.split(top_first, 1)
    for winner in (0, 1, 1, 0):
        ours.arrange(sim, winner)
        theirs.arrange(deal, winner)
        assert [CARD[c] for c in sim.stock] == deal.stock
        for stock in (deal.stock, sim.stock):         # the two cards drawn
            del stock[-2:]
