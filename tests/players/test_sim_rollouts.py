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
from bezique.players.sim.playout import CoupledDraws
from bezique.players.sim_rollouts import SimSampler, apply_action
from bezique.rules import RuleSet


def _analysis(view, simulate: bool, lookahead=None):
    bot = SearchPlayer(seed=5, time_limit=None, extra_samples=0, simulate=simulate,
                       lookahead=lookahead)
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
    margins: the whole analysis (values, samples, order) is the same — and so with a lookahead
    one choice wide, which is the playout."""
    n = 0
    for view in _decisions(preset, seed, 3):
        engine = _analysis(view, False)
        assert _analysis(view, True) == engine
        if n % 3 == 0:
            assert _analysis(view, True, (1, 2)) == engine
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


def _samples(preset: str, seed: int, n: int):
    """(sim state after a candidate, draws, seat) for sampled deals of Любитель positions."""
    rng = random.Random(seed)
    for view in _decisions(preset, seed, 4):
        if view.stage != "play":
            continue
        cands = candidates(view)
        sim = SimSampler(view, cands, "heuristic", True)
        for _ in range(n):
            cards = list(sim.unseen)
            rng.shuffle(cards)
            ids = [cid(c) for c in cards]
            stock = ids[sim.hidden_count:]
            base = sim.stmpl.sim_ids(ids[:sim.hidden_count], stock)
            draws = CoupledDraws.split(stock, view.seat)
            s = base.clone()
            d = draws.copy()
            apply_action(s, sim.acts[rng.randrange(len(cands))], d)
            yield s, d, view.seat


def test_amateur_choices_start_with_the_amateurs_own():
    from bezique.players.sim.amateur import amateur_action, amateur_choices
    seen = 0
    for s, _, _ in _samples("canonical", 21, 2):
        while not s.is_over:
            got = amateur_choices(s, 3)
            if got:
                seen += 1
                assert got[0] == amateur_action(s)
                assert 2 <= len(got) <= 3 and len(set(got)) == len(got)
                assert all(c in s._plays() for c in got)
            a = amateur_action(s)
            s.apply(a)
    assert seen > 100


def test_lookahead_is_the_playout_at_width_one_and_never_below_it():
    """Width 1 or depth 0 is the Любитель's playout (whose margins are the engine's: the tests
    above); a wider lookahead keeps the Любитель's own line among its branches, so it is never
    worth less on the same sample."""
    from bezique.players.sim_rollouts import lookahead_value
    n = 0
    for s, d, me in _samples("canonical", 22, 3):
        plain = lookahead_value(s.clone(), d.copy(), me, 3, 0)
        assert lookahead_value(s.clone(), d.copy(), me, 1, 2) == plain
        assert lookahead_value(s.clone(), d.copy(), me, 3, 1) >= plain
        assert lookahead_value(s.clone(), d.copy(), me, 3, 2) >= lookahead_value(
            s.clone(), d.copy(), me, 3, 1)
        n += 1
    assert n >= 20


def test_master_does_not_look_ahead_unless_asked_and_asking_changes_his_values():
    """The lookahead gained nothing in whole games (docs/benchmarks/games.md): Мастер plays
    without it; asked for, it does change the values."""
    assert SearchPlayer().lookahead is None
    views = list(_decisions("canonical", 3, 5))
    assert any(_analysis(v, True, (3, 2)) != _analysis(v, True) for v in views)


def test_lookahead_only_with_the_amateurs_playouts():
    view = next(v for v in _decisions("canonical", 1, 1) if v.stage == "play")
    assert SimSampler(view, candidates(view), "greedy", True, lookahead=(3, 2)).lookahead is None
    assert SimSampler(view, candidates(view), "heuristic", True, lookahead=(3, 2)).lookahead == (3, 2)


def test_search_with_lookahead_plays_legal_moves():
    deal = Deal.new(RuleSet(), 1, seed=9)
    bot = SearchPlayer(seed=1, samples=4, time_limit=None, extra_samples=0, lookahead=(3, 1))
    rng = random.Random(4)
    while not deal.is_over:
        view = deal.view(deal.to_act)
        act = bot.choose(view) if deal.to_act == 1 else random_action(deal.legal_actions(), rng)
        assert act in view.legal_actions
        deal.apply(act)
