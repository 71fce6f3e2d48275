"""Мастер's sampled deals on the simulator (issue 31): the same analysis as on the engine,
legal choices with every rollout policy, the engine kept for the rules the simulator refuses."""

from __future__ import annotations

import random

import pytest

from bezique.deal import Deal
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.random_player import random_action
from bezique.players.search import Draws, EngineSampler, SearchPlayer, candidates
from bezique.players.sim import from_deal
from bezique.players.sim.cards import CARD, cid
from bezique.players.sim_rollouts import CoupledDraws, SimSampler
from bezique.rules import RuleSet


def _analysis(view, simulate: bool):
    bot = SearchPlayer(seed=5, time_limit=None, extra_samples=0, simulate=simulate)
    an = bot.analyse(view, rng=random.Random(7))
    return an.method, [(a.action, a.value, a.samples) for a in an.ranked]


def _decisions(preset: str, seed: int, every: int):
    """Views of phase-1 decisions with a choice in a deal the Любитель plays."""
    deal = Deal.new(RuleSet.preset(preset), seed % 2, seed=seed)
    bots = [HeuristicPlayer(0), HeuristicPlayer(1)]
    k = 0
    while not deal.is_over:
        who = deal.to_act
        view = deal.view(who)
        if deal.phase == 1 and len(view.legal_actions) > 1:
            k += 1
            if k % every == 0:
                yield view
        deal.apply(bots[who].choose(view), who)


@pytest.mark.parametrize("preset,seed", [("canonical", 1), ("canonical", 2), ("seed_000A", 3),
                                         ("seed_001", 4), ("seed_004", 5), ("no_trump", 6)])
def test_simulator_analysis_equals_the_engines(preset, seed):
    """With the Любитель's policy, the simulator's playouts give every sample the engine's own
    margins: the whole analysis (values, samples, order) is the same."""
    n = 0
    for view in _decisions(preset, seed, 3):
        assert _analysis(view, True) == _analysis(view, False)
        n += 1
    assert n >= 5


def test_each_sample_row_is_the_engines():
    """Sample by sample (the opponent's cards, the stock order, the draws), on the declaration
    turn as in play."""
    rng = random.Random(3)
    stages = set()
    for view in _decisions("canonical", 11, 2):
        cands = candidates(view)
        eng = EngineSampler(view, cands, "heuristic", True)
        sim = SimSampler(view, cands, "heuristic", True)
        for _ in range(3):
            cards = list(eng.unseen)
            rng.shuffle(cards)
            alive = list(range(len(cands)))
            assert sim.row(cards, alive, 0) == eng.row(cards, alive, 0)
        stages.add(view.stage)
    assert stages == {"play", "declare"}


@pytest.mark.parametrize("rollout", ["heuristic", "greedy", "random"])
def test_plays_legal_moves_with_each_rollout_policy(rollout):
    deal = Deal.new(RuleSet(), 0, seed=5)
    bot = SearchPlayer(seed=1, rollout=rollout, samples=6, time_limit=None, extra_samples=0)
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
    assert {"rollouts", "endgame"} <= methods <= {"rollouts", "endgame", "forced"}


def test_rules_the_simulator_refuses_are_played_on_the_engine(monkeypatch):
    import bezique.players.sim_rollouts as sr
    made = []
    monkeypatch.setattr(sr.SimSampler, "__init__",
                        lambda *a, **k: made.append(1) or (_ for _ in ()).throw(AssertionError))
    deal = Deal.new(RuleSet.preset("three_handed"), 0, seed=3)
    bot = SearchPlayer(seed=1, samples=3, time_limit=None, extra_samples=0)
    view = deal.view(deal.to_act)
    assert bot.choose(view) in view.legal_actions
    assert bot.last.method == "rollouts" and not made


def test_unknown_policy_is_refused():
    view = Deal.new(RuleSet(), 0, seed=1).view(1)
    with pytest.raises(ValueError):
        SimSampler(view, candidates(view), "clever", True)


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
