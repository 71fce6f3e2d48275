"""What one seat may know about a deal: the basis for bots that cannot peek and for the coach.

A view holds the seat's own cards, every table of declared cards, the cards played so far,
the turn-up, the stock count, public scores, and the cards of other hands that became known
(declared, or taken openly: the exchanged turn-up, the turn-up taken after the last stock
trick). It never holds another seat's concealed cards or the order of the stock.

The number of face-down cards is always deducible from the tricks played, so bots keep it
(`stock_count`); what a table shows a person is `shown_stock_count`, None where the rules
forbid counting the stock (`show_stock_count=false`, R2.4.4): whether the stock is empty is
still visible (`stock_empty`).

The multi-pack games (RULES-multipack.md §15) add what their rules make public: who fixed
trumps (`trump_fixed_by`, R15.3), whose carte blanche chain still runs (`carte_blanche_chain`,
R15.8.3) and the played cards lying face up (`open_tricks`, R15.4.5: Rubicon's heap until a
trick with a brisque is won, the six- and eight-pack pile of every trick).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, sort_cards
from .events import TrickEvent
from .melds import Declaration, Window
from .packs import pack_for
from .rules import RuleSet


@dataclass(frozen=True)
class PlayerView:
    seat: int
    rules: RuleSet
    dealer: int
    trump: str | None
    phase: int
    stage: str
    to_act: int
    hand: tuple[Card, ...]                    # own cards, concealed and exposed
    tables: tuple[frozenset, ...]             # every seat's exposed (declared) cards
    known: tuple[frozenset, ...]              # cards each seat is known to hold
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]       # (seat, card) of the trick in progress
    tricks: tuple[TrickEvent, ...]            # the finished tricks, in order
    turn_up: Card | None
    stock_count: int                          # deducible; for programs
    shown_stock_count: int | None             # for people: None if the rules hide it (R2.4.4)
    seven_exchanged: bool
    scored: tuple[tuple[Declaration, ...], ...]
    pending: tuple[tuple[Declaration, ...], ...]
    declared: tuple[int, ...]
    tricks_done: int
    window: Window                            # the declaration turn so far (public)
    legal_actions: tuple
    trump_fixed_by: int | None = None        # the seat whose declaration fixed trumps (R15.3)
    carte_blanche_chain: tuple[bool, ...] = ()   # per seat: may score carte blanche again (R15.8.3)
    open_tricks: tuple[Card, ...] = ()       # played cards lying face up (R15.4.5), oldest first

    @property
    def stock_empty(self) -> bool:
        return self.stock_count == 0

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def played(self) -> list[Card]:
        return [c for t in self.tricks for c in t.cards] + [c for _, c in self.trick]

    @property
    def trick_number(self) -> int:
        """The trick a decision now belongs to, from 1: the one being played, or during a
        declaration turn the one just won (its draw is still to come)."""
        return self.tricks_done + (0 if self.stage == "declare" else 1)

    @property
    def draws_in_time(self) -> int:
        """How many more cards this seat will draw from the stock that it could still declare:
        a card drawn after a stock trick can be declared after a later one, up to the last
        trick that opens a declaration turn (`RuleSet.last_declaration_trick`); what is drawn
        after that one comes too late. The next draw follows the trick of `trick_number`."""
        if self.phase != 1:
            return 0
        return max(0, self.rules.last_declaration_trick - self.trick_number)

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: in other hands (not known) or face down in the stock."""
        seen = set(self.hand) | set(self.played)
        for s, k in enumerate(self.known):
            if s != self.seat:
                seen |= k
        if self.turn_up is not None:
            seen.add(self.turn_up)
        return sort_cards(c for c in pack_for(self.rules) if c not in seen)


def shown_stock_count(deal) -> int | None:
    """The stock count a table shows a person: None where the rules forbid counting the stock
    (`show_stock_count=false`, R2.4.4)."""
    return len(deal.stock) if deal.rules.show_stock_count else None


def open_tricks(deal) -> list[Card]:
    """The played cards of finished tricks that lie face up on the table (R15.4.5):
    `trick_display="heap_until_brisque"` (Rubicon) — the heap since the last trick with a
    brisque, whose winner took the heap up face down; `"face_up_pile"` (six- and eight-pack) —
    every trick; `"face_down"` — none (the tricks are turned)."""
    mode = deal.rules.trick_display
    if mode == "face_down":
        return []
    tricks = deal.tricks()
    if mode == "heap_until_brisque":
        last = max((i for i, t in enumerate(tricks) if any(c.is_brisque for c in t.cards)),
                   default=-1)
        tricks = tricks[last + 1:]
    return [c for t in tricks for c in t.cards]


def heap_taken_up(deal) -> bool:
    """Rubicon: the last trick held a brisque, so its winner took the heap up face down."""
    last = deal.last_trick()
    return (deal.rules.trick_display == "heap_until_brisque" and last is not None
            and any(c.is_brisque for c in last.cards))


def view_of(deal, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat, rules=deal.rules, dealer=deal.dealer, trump=deal.trump, phase=deal.phase,
        stage=deal.stage, to_act=deal.to_act, hand=tuple(sort_cards(deal.hands[seat])),
        tables=tuple(frozenset(e) for e in deal.exposed),
        known=tuple(frozenset(k) for k in deal.known),
        hand_sizes=tuple(len(h) for h in deal.hands),
        trick=tuple(zip(deal.trick_seats, deal.trick)),
        tricks=tuple(deal.tricks()), turn_up=deal.turn_up, stock_count=len(deal.stock),
        shown_stock_count=shown_stock_count(deal),
        seven_exchanged=deal.seven_exchanged,
        scored=tuple(tuple(m.scored) for m in deal.melds),
        pending=tuple(tuple(p) for p in deal.pending),
        declared=tuple(deal.declared), tricks_done=deal.tricks_done, window=deal.window,
        legal_actions=tuple(deal.legal_actions(seat)) if deal.to_act == seat else (),
        trump_fixed_by=getattr(deal, "trump_fixed_by", None),
        carte_blanche_chain=tuple(getattr(deal, "chain", ())),
        open_tricks=tuple(open_tricks(deal)) if deal.rules.trick_display != "face_down" else (),
    )
