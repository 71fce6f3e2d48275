"""Exact play of the last eight tricks (phase 2, «на выход») for two players.

Once the stock is gone, a player who remembers the cards knows the opponent's hand: it is every
card not in their own hand, not played, and not elsewhere (the turn-up has been taken). So
phase 2 is a game of perfect information, and it is small enough to solve exactly: alpha-beta
(negamax) over card plays, with a transposition table keyed by the faces left in each hand
(the two copies of a card are interchangeable) and identical cards tried once.

The value of a position is the score margin over the rest of the deal — the points of the
tricks still to be won (brisques, or 000-C's trick scoring) plus the last-trick bonus — from the
side of the player to move. The rules are the engine's: which cards may be played comes from
`bezique.tricks.legal_plays`, who takes a trick from `bezique.tricks.winning_index`, and what a
trick is worth from `bezique.tally`.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card
from ..rules import RuleSet
from ..tally import trick_points
from ..tricks import legal_plays, winning_index

EXACT, LOWER, UPPER = 0, 1, 2


class Endgame:
    """Solver for one deal's phase 2 (two players). Reuse one object for one position and the
    positions that follow from it: the transposition table is kept between calls."""

    check_mask = 1023               # `move_values`' check: every 1024 nodes

    def __init__(self, rules: RuleSet, trump: str | None):
        if rules.players != 2:
            raise ValueError("the endgame solver plays the two-handed game only")
        self.rules = rules
        self.trump = trump
        self.tt: dict = {}
        self.nodes = 0
        self._tp: dict = {}
        self._check = None           # during `move_values`: the caller's deadline check

    # -------------------------------------------------------------- helpers
    def _trick_value(self, lead: Card, follow: Card) -> int:
        key = (lead.face, follow.face)
        v = self._tp.get(key)
        if v is None:
            v = self._tp[key] = trick_points([(lead, follow)], self.rules)
        return v

    def _legal(self, hand: tuple, lead: Card | None) -> list[Card]:
        """Legal cards, one per face (identical cards are the same choice)."""
        cards = hand if lead is None else legal_plays(hand, (lead,), self.trump, 2, self.rules)
        out, seen = [], set()
        for c in cards:
            f = c.face
            if f not in seen:
                seen.add(f)
                out.append(c)
        return out

    @staticmethod
    def _without(hand: tuple, card: Card) -> tuple:
        i = hand.index(card)
        return hand[:i] + hand[i + 1:]

    def _order(self, cards: list[Card], lead: Card | None) -> list[Card]:
        trump = self.trump
        if lead is None:
            # Leads: high cards first (aces, tens), trumps last among equals.
            return sorted(cards, key=lambda c: (c.rank_index, c.suit == trump))
        # Follows: cheap winners first, then low discards.
        def k(c):
            wins = winning_index((lead, c), trump) == 1
            return (not wins, -c.rank_index if wins else c.is_brisque, -c.rank_index)
        return sorted(cards, key=k)

    # -------------------------------------------------------------- search
    def value(self, mover: tuple, other: tuple, lead: Card | None,
              alpha: int = -10 ** 6, beta: int = 10 ** 6) -> int:
        """Margin for the player to move (holding `mover`) over the rest of the deal. `lead` is
        the card the other player has led to the current trick (None: `mover` leads)."""
        self.nodes += 1
        if self._check is not None and not self.nodes & self.check_mask:
            self._check()                      # may raise: nothing half-done is stored
        if not mover and lead is None:
            return 0
        key = (tuple(sorted(c.face for c in mover)), tuple(sorted(c.face for c in other)),
               lead.face if lead is not None else None)
        entry = self.tt.get(key)
        a0 = alpha
        best_move = None
        if entry is not None:
            flag, val, best_move = entry
            if flag == EXACT:
                return val
            if flag == LOWER:
                if val > alpha:
                    alpha = val
            elif val < beta:
                beta = val
            if alpha >= beta:
                return val
        moves = self._order(self._legal(mover, lead), lead)
        if best_move is not None:
            for i, c in enumerate(moves):
                if c.face == best_move:
                    if i:
                        moves.insert(0, moves.pop(i))
                    break
        best = -10 ** 7
        best_face = None
        for c in moves:
            v = self._after(mover, other, lead, c, alpha, beta)
            if v > best:
                best, best_face = v, c.face
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= a0 else (LOWER if best >= beta else EXACT)
        self.tt[key] = (flag, best, best_face)
        return best

    def _after(self, mover: tuple, other: tuple, lead: Card | None, card: Card,
               alpha: int, beta: int) -> int:
        """Value for the mover of playing `card`."""
        rest = self._without(mover, card)
        if lead is None:
            # The other player follows: their value is the negation of ours.
            return -self.value(other, rest, card, -beta, -alpha)
        pts = self._trick_value(lead, card)
        follower_wins = winning_index((lead, card), self.trump) == 1
        if not rest and not other:
            pts += self.rules.last_trick_points
            return pts if follower_wins else -pts
        if follower_wins:                      # the mover wins and leads next
            return pts + self.value(rest, other, None, alpha - pts, beta - pts)
        return -pts - self.value(other, rest, None, -beta - pts, -alpha - pts)

    def move_values(self, mover: Sequence[Card], other: Sequence[Card],
                    lead: Card | None, check=None) -> dict[Card, int]:
        """The exact value of each legal card for the player to move (one card per face).
        `check` (a deadline, `search.deadline_check`) is called every 1024 nodes and may raise;
        the transposition table then keeps only the positions solved before."""
        mover, other = tuple(sorted(mover)), tuple(sorted(other))
        self._check = check
        try:
            return {c: self._after(mover, other, lead, c, -10 ** 6, 10 ** 6)
                    for c in self._legal(mover, lead)}
        finally:
            self._check = None

    def best_move(self, mover: Sequence[Card], other: Sequence[Card],
                  lead: Card | None) -> tuple[Card, int]:
        """A best card and its value (ties: the first in card order)."""
        mover, other = tuple(sorted(mover)), tuple(sorted(other))
        best, best_v = None, None
        alpha = -10 ** 6
        for c in sorted(self._legal(mover, lead)):
            v = self._after(mover, other, lead, c, alpha - 1, 10 ** 6)
            if best_v is None or v > best_v:
                best, best_v = c, v
                alpha = v
        return best, best_v


def hands_from_view(view) -> tuple[list[Card], list[Card]]:
    """(own hand, the opponent's hand) in phase 2: the opponent holds every card this seat has
    not seen plus the cards known to be in their hand."""
    opp = (view.seat + 1) % 2
    theirs = list(view.known[opp]) + list(view.unseen())
    return list(view.hand), theirs


def solve_view(view, solver: Endgame | None = None) -> dict:
    """The exact value of every legal card for the seat of a phase-2 view (seat to act)."""
    solver = solver or Endgame(view.rules, view.trump)
    mine, theirs = hands_from_view(view)
    lead = view.trick[0][1] if view.trick else None
    vals = solver.move_values(mine, theirs, lead)
    # Copies of one face share the value.
    out = {}
    for a in view.legal_actions:
        c = a.card
        for k, v in vals.items():
            if k.face == c.face:
                out[a] = v
                break
    return out
