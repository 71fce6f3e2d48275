"""Build full deals that agree with everything one seat has seen (determinization).

A seat's `PlayerView` leaves open only two things: which unseen cards the opponent holds
concealed, and the order of the face-down stock. `sample_deal` fills them in at random,
consistently with the view:

* the cards played, the seat's own hand and the turn-up are where the view says;
* every card in `view.known[opp]` (cards on the opponent's table, the exchanged turn-up, the
  turn-up taken after the last stock trick) stays in the opponent's hand;
* the opponent holds exactly `view.hand_sizes[opp]` cards, the stock exactly
  `view.stock_count`;
* the other unseen cards are spread between the opponent's concealed hand and the stock
  uniformly at random.

`deal_from_view` turns a view plus a choice of the hidden cards into a `bezique.deal.Deal` in
the current state. The engine has no constructor for a mid-deal state, so this module builds a
fresh `Deal` (to get every attribute the engine sets up) and then copies the state of the view
into its fields: hands, tables, known cards, stock, turn-up, trick in progress, tricks won,
declarations scored (re-use bookkeeping rebuilt by `MeldState.record`), pending declarations,
scores and the declaration window. Nothing in the engine is changed.

Limits (documented, harmless for play): such a deal has no action history (`actions` is empty,
`initial` is the current state, so `undo` cannot go back past it); penalties are taken as 0;
with `require_card_from_hand` every pending declaration counts as laid out from the hand.
Two-handed deals only.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..actions import Announce, Pass, Play
from ..cards import Card
from ..deal import Deal, STAGE_DECLARE
from ..melds import CARTE_BLANCHE, Declaration, MeldState


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
    """Everything about the current state that the view fixes, prepared once per decision;
    `deal(hidden, stock)` then makes a full deal for one choice of the hidden cards."""

    def __init__(self, view):
        rules = view.rules
        if rules.players != 2:
            raise ValueError("determinization is implemented for the two-handed game")
        self.view = view
        me = self.me = view.seat
        opp = self.opp = 1 - me
        self.unseen = view.unseen()                         # sorted: depends on the view only
        known_opp = sorted(view.known[opp])
        self.known_opp = known_opp
        self.hidden_count = view.hand_sizes[opp] - len(known_opp)
        if self.hidden_count < 0 or self.hidden_count + view.stock_count != len(self.unseen):
            raise ValueError("the view is inconsistent: hidden cards do not add up")
        d = Deal.new(rules, view.dealer, seed=0)          # every attribute the engine sets up
        d.trump = view.trump
        d.turn_up = view.turn_up
        d.phase, d.stage, d.to_act = view.phase, view.stage, view.to_act
        d.tricks_done = view.tricks_done
        d.trick = [c for _, c in view.trick]
        d.trick_seats = [s for s, _ in view.trick]
        if d.trick:
            d.leader = d.trick_seats[0]
        else:
            d.leader = view.to_act if view.to_act >= 0 else d.leader
        d.exposed = [set(t) for t in view.tables]
        d.known = [set(k) for k in view.known]
        won = [[], []]
        log = []
        for seats, cards, winner in view.tricks:
            won[winner].append(tuple(cards))
            log.append(("trick", winner, tuple(cards), tuple(seats)))
        d.won = won
        d.log = log
        d.actions = []
        d.melds = [MeldState.from_scored(view.scored[s], view.trump, rules) for s in range(2)]
        if (view.turn_up is not None and view.turn_up.rank == "7" and not view.seven_exchanged
                and view.phase == 1):
            d.melds[view.dealer].sevens_scored.add(view.turn_up)   # the dealer's turned-up seven
        d.pending = [list(p) for p in view.pending]
        d.pending_qualified = [set(x.key for x in p) for p in view.pending]
        d.declared = list(view.declared)
        d.penalties = [0, 0]
        d.zeroed = [False, False]
        d.seven_exchanged = view.seven_exchanged
        d.carte_blanche_done = any(x.meld == CARTE_BLANCHE for s in view.scored for x in s)
        d.last_trick_winner = None
        d.hands = [[], []]
        d.hands[me] = list(view.hand)
        d.hands[opp] = known_opp + self.unseen[:self.hidden_count]
        d.stock = list(reversed(self.unseen[self.hidden_count:]))
        d._decl_cache_key = None
        d._decl_cache = []
        d._reset_window()
        if view.stage == STAGE_DECLARE and view.to_act == me:
            self._match_window(d)
        d.initial = ([list(h) for h in d.hands], d.turn_up, list(reversed(d.stock)))
        self.base = d

    def _match_window(self, d: Deal) -> None:
        """Recover the declaration-window flags (what was already done after this trick) by
        finding the setting under which the engine offers exactly the view's legal actions."""
        want = sorted(action_key(a) for a in self.view.legal_actions)
        blocked = [None] + sorted(c for c in self.view.known[self.me] if c in self.view.hand)
        for combo, seven, scored in ((False, False, False), (True, True, True),
                                     (False, True, False), (True, False, True),
                                     (True, True, False)):
            for b in blocked:
                d._w_combo, d._w_seven, d._w_scored_combo, d._w_blocked = combo, seven, scored, b
                d._decl_cache_key = None
                if sorted(action_key(a) for a in d.legal_actions(self.me)) == want:
                    return
        d._reset_window()                                  # no exact match: the plain window

    def deal(self, hidden: Sequence[Card], stock_top_first: Sequence[Card]) -> Deal:
        """A full deal with the opponent's concealed unseen cards `hidden` and the stock."""
        d = self.base.clone()
        d.hands[self.opp] = list(self.known_opp) + list(hidden)
        d.stock = list(reversed(stock_top_first))
        d._decl_cache_key = None
        return d

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
              "scored", "pending", "declared", "tricks_done"):
        if getattr(v2, f) != getattr(view, f):
            problems.append(f"view field {f} differs")
    if sorted(map(action_key, v2.legal_actions)) != sorted(map(action_key, view.legal_actions)):
        problems.append("legal actions differ")
    return problems
