"""Reading the opponent's last move (an opponent model for the search).

A sensible player leads its least useful card and answers a lead by weighing the trick against
the cards it would spend — the Любитель's policy. When the search samples the opponent's hidden
cards, a sample in which the Любитель would *not* have made the move the opponent just made is
less likely to be the truth. `LastMoveFilter` rejects such samples, for the opponent's most
recent card play when nothing happened since but that play (no draw, no declaration):

* the seat is answering a lead: the opponent led that card holding its present hand plus it;
* the seat has just won a trick and not yet declared: the opponent played its card to that
  trick holding its present hand plus that card.

The filter reads only the view (the public state at the moment of the opponent's play is the
present one, minus that card), so the search still never uses a hidden card. Against an
opponent that is not the Любитель the filter is a model, not a certainty: the search falls back
to unfiltered samples when too few samples pass.
"""

from __future__ import annotations

from ..actions import Announce, Play
from ..melds import SEVEN_EXCHANGE, MeldState
from ..tricks import legal_plays
from .heuristic import decide
from .observation import Obs, brisque_worth


def _was_on_table(card, scored, pending) -> bool:
    """Was this played card lying on its owner's table? Declared cards stay on the table until
    played (the exchanged seven excepted), so: did it belong to a declaration?"""
    return any(card in d.cards for d in scored if d.meld != SEVEN_EXCHANGE) or \
        any(card in d.cards for d in pending)


class LastMoveFilter:
    """Accepts or rejects a sampled set of the opponent's hidden cards."""

    def __init__(self, view, played, trick_then, gone_then, my_later=None):
        me, opp = view.seat, 1 - view.seat
        self.view = view
        self.played = played
        self.trick_then = list(trick_then)
        self.gone_then = gone_then
        self.known_opp = list(view.known[opp])
        self.opp_table = set(view.tables[opp])
        if _was_on_table(played, view.scored[opp], view.pending[opp]):
            self.opp_table.add(played)
        # The seat's card played after the opponent's was still in the seat's hand then: on
        # its table if it belonged to a declaration.
        self.my_table = set(view.tables[me])
        self.my_known = set(view.known[me])
        if my_later is not None and _was_on_table(my_later, view.scored[me], view.pending[me]):
            self.my_table.add(my_later)
            self.my_known.add(my_later)
        self.opp_melds = MeldState.from_scored(view.scored[opp], view.trump, view.rules)
        self.my_melds = MeldState.from_scored(view.scored[me], view.trump, view.rules)
        self.key = (played.face, played in self.opp_table)
        self.tested = self.accepted = 0

    @classmethod
    def from_view(cls, view) -> "LastMoveFilter | None":
        if view.phase != 1 or view.rules.players != 2 or view.to_act != view.seat:
            return None
        me, opp = view.seat, 1 - view.seat
        if view.stage == "play" and len(view.trick) == 1 and view.trick[0][0] == opp:
            card = view.trick[0][1]
            return cls(view, card, [], set(view.played) - {card})
        if view.stage == "declare" and view.tricks:
            if any(type(a) is Announce for a in view.legal_actions):
                return None                        # something was declared since the trick
            last = view.tricks[-1]
            seats, cards, winner = last.seats, last.cards, last.winner
            if winner != me or opp not in seats:
                return None
            i = seats.index(opp)
            card = cards[i]
            trick_then = list(cards[:i])
            gone = (set(view.played) - set(cards)) | set(trick_then)
            return cls(view, card, trick_then, gone, cards[1] if i == 0 else None)
        return None

    def accepts(self, hidden) -> bool:
        """Would the Любитель, holding these hidden cards, have played the card it played?"""
        return self.accepts_hand(self.known_opp + list(hidden) + [self.played])

    def accepts_hand(self, hand) -> bool:
        """The same, given the opponent's whole hand at that moment (the played card included)."""
        v = self.view
        hand = sorted(hand)
        o = Obs()
        o.rules, o.seat, o.opp = v.rules, 1 - v.seat, v.seat
        o.brisque = brisque_worth(v.rules)
        o.trump, o.phase, o.stage = v.trump, 1, "play"
        o.hand = hand
        o.my_table, o.opp_table = self.opp_table, self.my_table
        o.trick = self.trick_then
        o.gone = self.gone_then
        o.stock_count, o.turn_up = v.stock_count, v.turn_up
        o.seven_exchanged = v.seven_exchanged
        o.my_melds, o.opp_melds = self.opp_melds, self.my_melds
        cards = legal_plays(hand, self.trick_then, v.trump, 1, v.rules)
        o.legal = [Play(c) for c in cards]
        o.opp_known = self.my_known
        act = decide(o)
        self.tested += 1
        ok = type(act) is Play and (act.card.face, act.card in self.opp_table) == self.key
        self.accepted += ok
        return ok


class PreviousMoveFilter:
    """The opponent's card play in the trick before the last, checked across one draw.

    Built from the view the seat itself had during that trick (`earlier`, remembered by the
    player): the public state at the opponent's decision is exactly known from it. The
    opponent's hand then was its hand now, plus the cards it has played since, minus the one
    card it drew after that trick — which card that was is unknown, so it is chosen at random
    among the cards not known to be in its hand before (an unbiased test of the likelihood)."""

    def __init__(self, check: LastMoveFilter, known_then: set, played_since: list):
        self.check = check
        self.known_then = known_then
        self.played_since = played_since

    @classmethod
    def from_views(cls, now, history) -> "PreviousMoveFilter | None":
        if now.phase != 1 or now.rules.players != 2 or now.to_act != now.seat or not history:
            return None
        me, opp = now.seat, 1 - now.seat
        # The trick whose opponent card is checked, and the opponent's cards played since.
        if now.stage == "play" and not now.trick:
            target = len(now.tricks) - 1
            since = []
        elif now.stage == "play" and len(now.trick) == 1 and now.trick[0][0] == opp:
            target = len(now.tricks) - 1
            since = [now.trick[0][1]]
        elif now.stage == "declare" and not any(type(a) is Announce for a in now.legal_actions):
            target = len(now.tricks) - 2
            since = [c for s, c in now.tricks[-1].plays if s == opp]
        else:
            return None
        if target < 0:
            return None
        seats, cards = now.tricks[target].seats, now.tricks[target].cards
        if opp not in seats or me not in seats:
            return None
        earlier = next((v for v in reversed(history) if v.stage == "play"
                        and v.tricks_done == target and v.phase == 1
                        and tuple(v.tricks) == tuple(now.tricks[:target])), None)
        if earlier is None:
            return None
        # Nothing but the plays and one draw each since: no opponent declaration, no new card
        # known in its hand.
        if (len(earlier.scored[opp]) != len(now.scored[opp])
                or len(earlier.pending[opp]) != len(now.pending[opp])
                or not now.known[opp] <= earlier.known[opp]
                or earlier.stock_count - now.stock_count != 2):
            return None
        i = seats.index(opp)
        b = cards[i]
        if earlier.trick:                       # the opponent led: the seat was answering
            if earlier.trick[0] != (opp, b):
                return None
            check = LastMoveFilter.from_view(earlier)
        else:                                   # the seat led; the opponent answered
            a = cards[1 - i]
            check = LastMoveFilter(earlier, b, [a], set(earlier.played) | {a})
            check.my_table.discard(a)
            check.my_known.discard(a)
            check.known_opp = [c for c in check.known_opp if c != b]
        if check is None:
            return None
        return cls(check, set(earlier.known[opp]), since)

    def accepts(self, known_now, hidden, rng) -> bool:
        held = list(known_now) + list(hidden) + list(self.played_since)
        drawn = [c for c in held if c not in self.known_then]
        if not drawn:
            return True
        d = drawn[rng.randrange(len(drawn))]
        hand = [c for c in held if c != d] + [self.check.played]
        return self.check.accepts_hand(hand)
