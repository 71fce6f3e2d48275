"""An experimental Мастер whose sampled deals are played out in the search simulator
(issue 31, part 2; not one of the course's opponents).

`SimSearchPlayer` is `search.SearchPlayer` — the same candidates, the same preselection, the
same opponent model, the same pruning, the same preference for the Любитель's choice, the same
exact solver of the last eight — except that each sampled deal is a `sim.Sim` built by
`sim.SimTemplate` and played out by a simulator policy (`rollout`: "greedy" or "random",
`sim.playout`), with the stock coupled between the candidates as `search.Draws` couples it. With
playouts some 17 times cheaper it affords many more samples in the same time; whether they are
worth as much as the Любитель's playouts is what docs/benchmarks/sim_search.py measures.
Rules the simulator does not play are searched by `SearchPlayer` itself.
"""

from __future__ import annotations

import random

from .clock import thinking_time
from .search import PRUNE_AFTER, Analysis, SearchPlayer, _prune, wall_clock
from .sim import SimTemplate, find, supports
from .sim.cards import BIT, BRISQUE, SUIT_MASK, SUIT_OF, bits, cid
from .sim.playout import ANNOUNCE_RATE, PASS_RATE, card_values
from .sim.state import OVER, PLAY, Sim


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
    if type(a) is int and a >= 0:
        _play(s, a, draws)
    else:
        s.apply(a)


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


class SimSearchPlayer(SearchPlayer):
    """Мастер with simulator playouts (module doc). `rollout`: "greedy" or "random"."""

    name = "simsearch"
    title = "Мастер"

    def __init__(self, seed: int | None = None, rollout: str = "greedy", **options):
        super().__init__(seed, **options)
        self.sim_rollout = rollout

    def _rollouts(self, view, cands, samples, limit, rng, t0, stop_at=None) -> Analysis:
        if not supports(view.rules):
            return super()._rollouts(view, cands, samples, limit, rng, t0, stop_at)
        cpu0 = thinking_time()
        cut = False
        me = view.seat
        stmpl = SimTemplate(view)
        tmpl = stmpl.template
        acts = [find(stmpl.base, a) for a in cands]
        rows: list[dict] = []
        alive = list(range(len(cands)))
        default = self._default_index(view, cands)
        h = tmpl.hidden_count
        deal_cards = self._dealer(view, tmpl.unseen, h, tmpl.known_opp, rng)
        declare_pending = view.stage == "declare"
        greedy = self.sim_rollout == "greedy"
        n = 0
        while len(alive) > 1:
            if n >= samples or (limit is not None and thinking_time() - cpu0 >= limit):
                if not self._extend(n, samples, limit, cpu0, alive, rows, default):
                    break
            if stop_at is not None and wall_clock() >= stop_at:
                cut = True
                break
            ids = [cid(c) for c in deal_cards()]
            stock = ids[h:]
            base = stmpl.sim_ids(ids[:h], stock)
            draws = CoupledDraws.split(stock, me) if self.coupled else None
            if draws is not None and declare_pending:
                draws.arrange(base, me)
            seed = rng.getrandbits(32)
            row = {}
            for i in alive:
                s = base.clone()
                dr = draws.copy() if draws is not None else None
                apply_action(s, acts[i], dr)
                if greedy:
                    greedy_coupled(s, dr)
                else:
                    random_coupled(s, random.Random(seed), dr)
                sc = s.scores()
                row[i] = sc[me] - sc[1 - me]
            rows.append(row)
            n += 1
            if n >= PRUNE_AFTER:
                alive = _prune(alive, rows, keep=default)
        return self._analysis(view, cands, rows, alive, default, t0, cut, "sim-rollouts")


__all__ = ["SimSearchPlayer", "CoupledDraws", "greedy_coupled", "random_coupled"]
