"""The phase-2 solver agrees with brute force over the engine."""

from __future__ import annotations

import random

from bezique.deal import Deal
from bezique.players.endgame import Endgame, solve_view
from bezique.players.heuristic import heuristic_action
from bezique.players.random_player import random_action
from bezique.rules import RuleSet


def _brute(deal: Deal, root: int) -> int:
    """Minimax over every legal play, by the engine itself: the final margin for `root`."""
    if deal.is_over:
        r = deal.result()["scores"]
        return r[root] - r[1 - root]
    vals = []
    for a in deal.legal_actions():
        c = deal.clone()
        c.apply(a)
        vals.append(_brute(c, root))
    return max(vals) if deal.to_act == root else min(vals)


def _phase2_positions(rules, count, min_done, seed):
    rng = random.Random(seed)
    out = []
    i = 0
    while len(out) < count:
        i += 1
        deal = Deal.new(rules, i % 2, seed=seed * 1000 + i)
        target = rng.randint(min_done, 31)
        while not deal.is_over and (deal.tricks_done < target or deal.stage != "play"
                                    or (deal.trick and rng.random() < 0.5)):
            if rng.random() < 0.7:
                deal.apply(heuristic_action(deal))
            else:
                deal.apply(random_action(deal.legal_actions(), rng))
        if not deal.is_over and deal.phase == 2:
            out.append(deal)
    return out


def _check(rules, count, min_done, seed):
    for deal in _phase2_positions(rules, count, min_done, seed):
        seat = deal.to_act
        view = deal.view(seat)
        values = solve_view(view)
        now = deal.result()["scores"]
        base = now[seat] - now[1 - seat]
        for act, v in values.items():
            c = deal.clone()
            c.apply(act, seat)
            assert _brute(c, seat) - base == v, (act, v)


def test_solver_equals_brute_force_canonical():
    _check(RuleSet(), 25, 28, 1)


def test_solver_equals_brute_force_without_heading_and_000C_scoring():
    _check(RuleSet.from_spec("seed_002"), 10, 28, 2)
    _check(RuleSet.from_spec("seed_000C"), 10, 28, 3)


def test_best_move_is_the_best_value():
    rules = RuleSet()
    for deal in _phase2_positions(rules, 8, 24, 4):
        seat = deal.to_act
        view = deal.view(seat)
        values = solve_view(view)
        solver = Endgame(rules, deal.trump)
        mine = list(view.hand)
        theirs = [c for c in deal.hands[1 - seat]]
        lead = view.trick[0][1] if view.trick else None
        card, v = solver.best_move(mine, theirs, lead)
        assert v == max(values.values())
