"""Playouts in the simulator: a deal played to its end by a cheap policy for both seats.

* `random_playout`: the Новичок's policy (`random_player.random_action`: any legal card; in a
  declaration turn a random declaration, or a pass with probability 0.2; after a scored
  combination a random announcement with probability 0.3) — the same distribution as
  `search.playout(deal, "random")`, not the same random stream.
* `greedy_playout`: a simple greedy policy, NOT the Любитель: declare the declaration worth
  most at once (never announce); in the stock phase lead the cheapest card by a fixed card value
  and take a trick holding an ace or a ten with the cheapest card that takes it; in the last
  eight take the trick with the cheapest card that can, else throw the cheapest, and lead the
  highest card. Its strength as a rollout policy is unmeasured (issue 31, part 2).

Both mutate the state they are given (clone first) and return it. With `draws`
(`CoupledDraws`) the stock is arranged before each stock trick's draw, so that each seat
receives its own stream of cards whoever wins the tricks (as `search.Draws` on the engine).
"""

from __future__ import annotations

import random

from .cards import BIT, BRISQUE, NCARDS, RANK_OF, SEVEN, SUIT_MASK, SUIT_OF, bits
from .state import OVER, PLAY, Sim

PASS_RATE = 0.2
ANNOUNCE_RATE = 0.3

# The greedy policy's fixed value of keeping a card, by rank (A T K Q J 9 8 7), and the extra
# for a trump.
RANK_VALUE = (11, 10, 6, 6, 5, 1, 0, 0)
TRUMP_EXTRA = 6
_values: dict = {}


def card_values(trump: int | None) -> tuple[int, ...]:
    v = _values.get(trump)
    if v is None:
        # times 64 plus the id: no two cards are worth the same (ties by card order)
        v = _values[trump] = tuple(
            (RANK_VALUE[RANK_OF[c]] + (TRUMP_EXTRA + (3 if RANK_OF[c] == SEVEN else 0)
                                       if SUIT_OF[c] == trump else 0)) * 64 + c
            for c in range(NCARDS))
    return v


def arrange_pair(stock: list, streams, pos: list, winner: int) -> None:
    """Two seats: put the winner's and the loser's next cards of their streams on top of the
    stock (top last), before they draw. `stock` holds cards or ids, `streams[seat]` the seat's
    cards in order, `pos[seat]` how many it has drawn (advanced here). Shared by the engine's
    `search.Draws` and the simulator's `CoupledDraws`."""
    n = len(stock)
    if n < 2:
        return
    loser = 1 - winner
    a = streams[winner][pos[winner]]
    b = streams[loser][pos[loser]]
    pos[winner] += 1
    pos[loser] += 1
    i = stock.index(a)
    stock[i], stock[n - 1] = stock[n - 1], stock[i]
    j = stock.index(b)
    stock[j], stock[n - 2] = stock[n - 2], stock[j]


class CoupledDraws:
    """Each seat's own stream of stock cards (ids, top first), whoever wins the tricks."""

    __slots__ = ("streams", "pos")

    def __init__(self, streams, pos=None):
        self.streams = streams
        self.pos = pos if pos is not None else [0, 0]

    @classmethod
    def split(cls, stock_ids: list[int], me: int) -> "CoupledDraws":
        """The searching seat `me` draws the first half of the stock (top first), the other
        seat the second."""
        m = len(stock_ids) // 2
        streams = [None, None]
        streams[me] = stock_ids[:m]
        streams[1 - me] = stock_ids[m:2 * m]
        return cls(streams)

    def copy(self) -> "CoupledDraws":
        return CoupledDraws(self.streams, self.pos[:])

    def arrange(self, s: Sim, winner: int) -> None:
        arrange_pair(s.stock, self.streams, self.pos, winner)


def play_card(s: Sim, c: int, draws: CoupledDraws | None) -> None:
    """A card play; with `draws`, the stock is arranged first when it ends a stock trick."""
    if draws is not None and s.phase == 1 and s.lead >= 0:
        seat = s.to_act
        draws.arrange(s, seat if (s.t.beaters[s.lead] >> c) & 1 else 1 - seat)
    s.play(c)


def _player(s: Sim, draws: CoupledDraws | None):
    return s.play if draws is None else (lambda c: play_card(s, c, draws))


def random_playout(s: Sim, rng: random.Random, draws: CoupledDraws | None = None) -> Sim:
    """Play `s` to its end by the random policy (module doc)."""
    rnd = rng.random
    play = _player(s, draws)
    while True:
        stage = s.stage
        if stage == PLAY:
            plays = s._plays()
            play(plays[int(rnd() * len(plays))])
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


def greedy_playout(s: Sim, draws: CoupledDraws | None = None) -> Sim:
    """Play `s` to its end by the greedy policy (module doc). Deterministic."""
    play = _player(s, draws)
    t = s.t
    value = card_values(t.trump).__getitem__
    beaters = t.beaters
    while True:
        stage = s.stage
        if stage == PLAY:
            seat = s.to_act
            lead = s.lead
            if lead < 0:
                if s.phase == 1:
                    play(min(s.hl[seat], key=value))
                else:
                    play(max(s.hl[seat], key=value))
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
                play(min(bits(win), key=value))
            elif legal == hand:
                play(min(s.hl[seat], key=value))
            else:
                play(min(bits(legal), key=value))
        elif stage == OVER:
            return s
        else:
            decls = s._decls(s.to_act)
            if decls:
                s.score(max(decls, key=_points))
                if s.t is not t:                   # no-trump: the marriage fixed trumps
                    t = s.t
                    value = card_values(t.trump).__getitem__
                    beaters = t.beaters
            else:
                s.pass_turn()


def _points(d) -> int:
    return d[2]
