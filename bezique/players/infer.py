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
from ..melds import SEVEN_EXCHANGE
from ..tricks import legal_plays
from .heuristic import Obs, decide, melds_from_scored


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
        self.opp_melds = melds_from_scored(view.scored[opp], view.trump)
        self.my_melds = melds_from_scored(view.scored[me], view.trump)
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
            seats, cards, winner = view.tricks[-1]
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
        v = self.view
        hand = sorted(self.known_opp + list(hidden) + [self.played])
        o = Obs()
        o.rules, o.seat, o.opp = v.rules, 1 - v.seat, v.seat
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
