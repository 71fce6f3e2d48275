"""Мастер's sampled deals played out on the search simulator (issue 31).

`SimSampler` is the simulator's side of `search.SearchPlayer`'s sampled search (its engine
side is `search.EngineSampler`, the same interface): for one choice of the cards the seat has
not seen, every candidate action is played on a `Sim` of that deal and the deal is played out
to its end, the stock coupled between the candidates (`sim.playout.CoupledDraws`, as `search.Draws`), and
the candidate's value is the seat's score margin at the end.

Rollout policies: "heuristic" — the Любитель (`sim.amateur`, decision for decision the engine's
`heuristic_action`), so that a sample's margins are the engine's own, about three times faster
(tests/players/test_sim_rollouts.py compares whole analyses), and with a lookahead
(`lookahead_value`: the searcher's own next plays branch over the Любитель's best choices,
the best branch counts; an option: it gained nothing in whole games, docs/benchmarks/games.md);
"greedy" and "random" — the
simulator's cheap policies (`sim.playout`), kept for the measurements of
docs/benchmarks/simulator.md. The simulator serves two-handed games only (`sim.supports`); for
other rules `search` keeps its engine playouts.
"""

from __future__ import annotations

import random
from typing import Callable

from .sim import SimTemplate, find
from .sim.amateur import amateur_action, amateur_choices, played_mask
from .sim.cards import BIT, cid
from .sim.playout import CoupledDraws, greedy_playout, play_card, random_playout
from .sim.state import OVER, PLAY, Sim

POLICIES = ("heuristic", "greedy", "random")


def apply_action(s: Sim, a, draws: CoupledDraws | None) -> None:
    """Any simulator action, the stock arranged by `draws` before a trick's draw."""
    if type(a) is int and a >= 0:
        play_card(s, a, draws)
    else:
        s.apply(a)


def lookahead_value(s: Sim, draws: CoupledDraws | None, me: int, branch: int, depth: int,
                    played: int | None = None) -> int:
    """The seat `me`'s margin when `s` is played out by the Любитель's policy (`sim.amateur`)
    for both seats, except that at `me`'s next `depth` stock-phase card plays the Любитель's
    `branch` best choices are each played out and the best margin is taken (a lookahead inside
    one sampled deal; depth 0 or branch 1: the Любитель's playout)."""
    if played is None:
        played = played_mask(s)
    while s.stage != OVER:
        seat = s.to_act
        if depth and seat == me and s.stage == PLAY and s.phase == 1:
            choices = amateur_choices(s, branch, played)
            if len(choices) > 1:
                best = None
                for c in choices:
                    s2 = s.clone()
                    d2 = draws.copy() if draws is not None else None
                    play_card(s2, c, d2)
                    v = lookahead_value(s2, d2, me, branch, depth - 1, played | BIT[c])
                    if best is None or v > best:
                        best = v
                return best
        a = amateur_action(s, seat, played)
        if type(a) is int and a >= 0:
            played |= BIT[a]
            play_card(s, a, draws)
        else:
            s.apply(a)
    sc = s.scores()
    return sc[me] - sc[1 - me]


class SimSampler:
    """Values the candidates of one decision on sampled deals, in the simulator (module doc).
    `unseen`, `hidden_count` and `known_opp` are what `SearchPlayer._dealer` deals from (engine
    cards); `row(cards, alive, seed)` plays sample `cards` (the opponent's concealed cards,
    then the stock from the top) for the candidates `alive` and returns {index: margin}.
    `lookahead` (width, depth): with the Любитель's policy, `lookahead_value` instead of the
    plain playout."""

    def __init__(self, view, cands: list, policy: str, coupled: bool,
                 check: Callable[[], None] | None = None, lookahead: tuple | None = None):
        if policy not in POLICIES:
            raise ValueError(f"unknown rollout policy {policy!r}; choose from {POLICIES}")
        self.stmpl = stmpl = SimTemplate(view)
        tmpl = stmpl.template
        self.unseen, self.hidden_count = tmpl.unseen, tmpl.hidden_count
        self.known_opp = tmpl.known_opp
        self.me = view.seat
        self.acts = [find(stmpl.base, a) for a in cands]
        self.policy = policy
        self.coupled = coupled
        self.declare_pending = view.stage == "declare"
        self.check = check
        self.lookahead = lookahead if policy == "heuristic" else None   # (width, depth)

    def row(self, cards: list, alive: list[int], seed: int) -> dict:
        me, h, check, policy = self.me, self.hidden_count, self.check, self.policy
        ids = [cid(c) for c in cards]
        stock = ids[h:]
        base = self.stmpl.sim_ids(ids[:h], stock)
        draws = CoupledDraws.split(stock, me) if self.coupled else None
        if draws is not None and self.declare_pending:
            draws.arrange(base, me)               # the draw after this declaration turn
        row = {}
        for i in alive:
            if check is not None:
                check()
            s = base.clone()
            dr = draws.copy() if draws is not None else None
            apply_action(s, self.acts[i], dr)
            if policy == "heuristic":
                row[i] = lookahead_value(s, dr, me, *(self.lookahead or (1, 0)))
                continue
            if policy == "greedy":
                greedy_playout(s, dr)
            else:
                random_playout(s, random.Random(seed), dr)
            sc = s.scores()
            row[i] = sc[me] - sc[1 - me]
        return row


__all__ = ["SimSampler", "POLICIES", "apply_action", "lookahead_value"]
