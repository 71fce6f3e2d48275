"""Мастер's sampled deals played out on the search simulator (issue 31).

`SimSampler` is the simulator's side of `search.SearchPlayer`'s sampled search (its engine
side is `search.EngineSampler`, the same interface): for one choice of the cards the seat has
not seen, every candidate action is played on a `Sim` of that deal and the deal is played out
to its end, the stock coupled between the candidates (`CoupledDraws`, as `search.Draws`), and
the candidate's value is the seat's score margin at the end.

Rollout policies: "heuristic" — the Любитель (`sim.amateur`, decision for decision the engine's
`heuristic_action`), so that a sample's margins are the engine's own, about three times faster
(tests/players/test_sim_rollouts.py compares whole analyses), and with a lookahead
(`lookahead_value`: the searcher's own next plays branch over the Любитель's best choices,
the best branch counts) — Мастер's default; "greedy" and "random" — the
simulator's cheap policies (`sim.playout`), kept for the measurements of
docs/benchmarks/simulator.md. The simulator serves two-handed games only (`sim.supports`); for
other rules `search` keeps its engine playouts.
"""

from __future__ import annotations

import random
from typing import Callable

from .sim import SimTemplate, find
from .sim.amateur import amateur_action, amateur_choices, played_mask
from .sim.cards import BIT, BRISQUE, SUIT_MASK, SUIT_OF, bits, cid
from .sim.playout import ANNOUNCE_RATE, PASS_RATE, card_values
from .sim.state import OVER, PLAY, Sim

POLICIES = ("heuristic", "greedy", "random")


class CoupledDraws:
    """`search.Draws` for the simulator: each seat receives its own stream of stock cards
    whoever wins the tricks (ids, top first)."""

    __slots__ = ("streams", "pos")

    def __init__(self, streams, pos=None):
        self.streams = streams
        self.pos = pos if pos is not None else [0, 0]

    @classmethod
    def split(cls, stock_ids: list[int], me: int) -> "CoupledDraws":
        m = len(stock_ids) // 2
        streams = [None, None]
        streams[me] = stock_ids[:m]
        streams[1 - me] = stock_ids[m:2 * m]
        return cls(streams)

    def copy(self) -> "CoupledDraws":
        return CoupledDraws(self.streams, self.pos[:])

    def arrange(self, s: Sim, winner: int) -> None:
        """Put the winner's and the loser's next cards on top of the stock (`Draws.arrange`)."""
        stock = s.stock
        n = len(stock)
        if n < 2:
            return
        loser = 1 - winner
        pos = self.pos
        a = self.streams[winner][pos[winner]]
        b = self.streams[loser][pos[loser]]
        pos[winner] += 1
        pos[loser] += 1
        i = stock.index(a)
        stock[i], stock[n - 1] = stock[n - 1], stock[i]
        j = stock.index(b)
        stock[j], stock[n - 2] = stock[n - 2], stock[j]


def _play(s: Sim, c: int, draws: CoupledDraws | None) -> None:
    """A card play; with `draws`, the stock is arranged first when it ends a stock trick."""
    if draws is not None and s.phase == 1 and s.lead >= 0:
        seat = s.to_act
        draws.arrange(s, seat if (s.t.beaters[s.lead] >> c) & 1 else 1 - seat)
    s.play(c)


def apply_action(s: Sim, a, draws: CoupledDraws | None) -> None:
    """Any simulator action, the stock arranged by `draws` before a trick's draw."""
    if type(a) is int and a >= 0:
        _play(s, a, draws)
    else:
        s.apply(a)


def heuristic_coupled(s: Sim, draws: CoupledDraws | None) -> Sim:
    """Play `s` to its end by the Любитель's policy for both seats (`sim.amateur`)."""
    played = played_mask(s)
    while s.stage != OVER:
        a = amateur_action(s, s.to_act, played)
        if type(a) is int and a >= 0:
            played |= BIT[a]
            _play(s, a, draws)
        else:
            s.apply(a)
    return s


def lookahead_value(s: Sim, draws: CoupledDraws | None, me: int, branch: int, depth: int,
                    played: int | None = None) -> int:
    """The seat `me`'s margin when `s` is played out by the Любитель's policy, except that at
    `me`'s next `depth` stock-phase card plays the Любитель's `branch` best choices are each
    played out and the best margin is taken (a lookahead inside one sampled deal)."""
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
                    _play(s2, c, d2)
                    v = lookahead_value(s2, d2, me, branch, depth - 1, played | BIT[c])
                    if best is None or v > best:
                        best = v
                return best
        a = amateur_action(s, seat, played)
        if type(a) is int and a >= 0:
            played |= BIT[a]
            _play(s, a, draws)
        else:
            s.apply(a)
    sc = s.scores()
    return sc[me] - sc[1 - me]


def greedy_coupled(s: Sim, draws: CoupledDraws | None) -> Sim:
    """`sim.playout.greedy_playout` with coupled draws."""
    t = s.t
    value = card_values(t.trump).__getitem__
    beaters = t.beaters
    while True:
        stage = s.stage
        if stage == PLAY:
            seat = s.to_act
            lead = s.lead
            if lead < 0:
                pick = min if s.phase == 1 else max
                _play(s, pick(s.hl[seat], key=value), draws)
                continue
            hand = s.hands[seat]
            if s.phase == 2:
                legal = s._phase2_plays(hand, lead)
            elif t.must_follow1:
                legal = hand & SUIT_MASK[SUIT_OF[lead]] or hand
            else:
                legal = hand
            win = legal & beaters[lead]
            if win and (s.phase == 2 or BIT[lead] & BRISQUE):
                c = min(bits(win), key=value)
            elif legal == hand:
                c = min(s.hl[seat], key=value)
            else:
                c = min(bits(legal), key=value)
            _play(s, c, draws)
        elif stage == OVER:
            return s
        else:
            decls = s._decls(s.to_act)
            if decls:
                s.score(max(decls, key=lambda d: d[2]))
                if s.t is not t:
                    t = s.t
                    value = card_values(t.trump).__getitem__
                    beaters = t.beaters
            else:
                s.pass_turn()


def random_coupled(s: Sim, rng: random.Random, draws: CoupledDraws | None) -> Sim:
    """`sim.playout.random_playout` with coupled draws."""
    rnd = rng.random
    while True:
        stage = s.stage
        if stage == PLAY:
            plays = s._plays()
            _play(s, plays[int(rnd() * len(plays))], draws)
        elif stage == OVER:
            return s
        else:
            decls = s._decls(s.to_act)
            if decls and rnd() >= PASS_RATE:
                s.score(decls[int(rnd() * len(decls))])
                continue
            anns = s.announcements()
            if anns and rnd() < ANNOUNCE_RATE:
                s.announce(anns[int(rnd() * len(anns))])
                continue
            s.pass_turn()


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
        self.unseen, self.hidden_count, self.known_opp = tmpl.unseen, tmpl.hidden_count, tmpl.known_opp
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
            if self.lookahead:
                row[i] = lookahead_value(s, dr, me, *self.lookahead)
                continue
            if policy == "heuristic":
                heuristic_coupled(s, dr)
            elif policy == "greedy":
                greedy_coupled(s, dr)
            else:
                random_coupled(s, random.Random(seed), dr)
            sc = s.scores()
            row[i] = sc[me] - sc[1 - me]
        return row


__all__ = ["SimSampler", "CoupledDraws", "POLICIES", "apply_action", "heuristic_coupled",
           "greedy_coupled", "random_coupled"]
