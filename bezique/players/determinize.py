"""Build full deals that agree with everything one seat has seen (determinization).

A seat's `PlayerView` leaves open only two things: which unseen cards the other seats hold
concealed, and the order of the face-down stock. `sample_deal` fills them in at random,
consistently with the view:

* the cards played, the seat's own hand and the turn-up are where the view says;
* every card in `view.known[s]` of another seat s (cards on its table, the exchanged turn-up,
  the turn-up taken after the last stock trick) stays in that seat's hand;
* each other seat s holds exactly `view.hand_sizes[s]` cards, the stock exactly
  `view.stock_count`;
* the other unseen cards are spread among the other seats' concealed hands and the stock
  uniformly at random.

`deal_from_view` turns a view plus a choice of the hidden cards into a `bezique.deal.Deal` in
the current state, through the engine's `Deal.from_view` (its limits are documented there).
Any number of seats: with three or four, the concealed cards are dealt to the other seats in
seat order (`Template.others`); `opp` and `known_opp` name the next seat, the only other one
in the two-handed game.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..actions import Announce, Pass, Play
from ..cards import Card
from ..deal import Deal
from ..melds import Declaration


def action_key(a) -> tuple:
    """A hashable identity of an action that does not depend on object identity."""
    t = type(a)
    if t is Play:
        return ("play", a.card)
    if t is Declaration:
        return ("declare", a.meld, a.cards)
    if t is Announce:
        return ("announce", a.meld, tuple(sorted(a.cards)))
    if t is Pass:
        return ("pass",)
    return ("other", repr(a))


class Template:
    """What the view fixes, prepared once per decision: the unseen cards and how many of them
    each other seat holds concealed; `deal(hidden, stock)` then makes a full deal for one
    choice (`hidden` the concealed cards of the other seats, in seat order)."""

    def __init__(self, view):
        self.view = view
        self.me = view.seat
        n = view.rules.players
        self.others = [(view.seat + k) % n for k in range(1, n)]   # the other seats, in order
        opp = self.opp = self.others[0]
        self.unseen = view.unseen()                         # sorted: depends on the view only
        self.known_opp = sorted(view.known[opp])
        self.hidden_counts = {s: view.hand_sizes[s] - len(view.known[s]) for s in self.others}
        self.hidden_count = sum(self.hidden_counts.values())
        if (min(self.hidden_counts.values()) < 0
                or self.hidden_count + view.stock_count != len(self.unseen)):
            raise ValueError("the view is inconsistent: hidden cards do not add up")

    def deal(self, hidden: Sequence[Card], stock_top_first: Sequence[Card]) -> Deal:
        """A full deal with the other seats' concealed unseen cards `hidden` (the first
        `hidden_counts[s]` for the first other seat, and so on) and the stock."""
        hidden = list(hidden)
        split, at = {}, 0
        for s in self.others:
            split[s] = hidden[at:at + self.hidden_counts[s]]
            at += self.hidden_counts[s]
        return Deal.from_view(self.view, split, stock_top_first)

    def sample(self, rng: random.Random) -> Deal:
        """One deal drawn uniformly among those consistent with the view."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        h = self.hidden_count
        return self.deal(cards[:h], cards[h:])


def deal_from_view(view, hidden: Sequence[Card], stock_top_first: Sequence[Card]) -> Deal:
    """A deal in the view's current state with the given hidden cards (see module doc)."""
    return Template(view).deal(hidden, stock_top_first)


def sample_deal(view, rng: random.Random) -> Deal:
    """A random deal consistent with everything `view.seat` has seen."""
    return Template(view).sample(rng)


def check_consistent(deal: Deal, view) -> list[str]:
    """Problems (empty if none) with a determinized deal: the pack adds up, and the seat of the
    view sees exactly the same view in it."""
    problems = []
    cards = [c for h in deal.hands for c in h] + list(deal.stock) + list(deal.trick)
    cards += [c for w in deal.won for t in w for c in t]
    if deal.turn_up is not None:
        cards.append(deal.turn_up)
    if len(cards) != deal.rules.pack_size or len(set(cards)) != len(cards):
        problems.append("cards do not add up to the pack")
    v2 = deal.view(view.seat)
    for f in ("seat", "trump", "phase", "stage", "to_act", "hand", "tables", "known",
              "hand_sizes", "trick", "tricks", "turn_up", "stock_count", "seven_exchanged",
              "scored", "pending", "declared", "tricks_done", "window", "trump_fixed_by",
              "carte_blanche_chain", "open_tricks"):
        if getattr(v2, f) != getattr(view, f):
            problems.append(f"view field {f} differs")
    if sorted(map(action_key, v2.legal_actions)) != sorted(map(action_key, view.legal_actions)):
        problems.append("legal actions differ")
    return problems
