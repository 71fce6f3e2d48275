"""The entries of a deal's log (`Deal.log`): one small frozen dataclass per kind of event, in
the order they happen. Callers read the named fields (`event.winner`, `event.card`) and tell
the kinds apart by type (`isinstance(e, TrickEvent)`, or `match`).

The log is what happened, as the engine did it: it holds every seat's draws, so a seat's own
account (`narrate.deal_log`) filters it. Deal records are made from the actions, not the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .melds import Declaration


@dataclass(frozen=True, slots=True)
class TrickEvent:
    """A finished trick: its cards in play order, who played each, and who took it."""

    winner: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) in play order."""
        return tuple(zip(self.seats, self.cards))

    @property
    def winner_index(self) -> int:
        """The place, in play order, of the card that took the trick."""
        return self.seats.index(self.winner)


@dataclass(frozen=True, slots=True)
class DeclareEvent:
    """A scored declaration (the seven's exchange included)."""

    seat: int
    declaration: Declaration


@dataclass(frozen=True, slots=True)
class AnnounceEvent:
    """A combination laid out pending, to be scored after a later trick (R4.3.2)."""

    seat: int
    declaration: Declaration


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """A card drawn from the stock (seen by its seat only)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TurnUpTakenEvent:
    """The turn-up taken after the last stock card (R6.3), seen by everyone."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PhaseTwoEvent:
    """The stock is used up: the last tricks begin, `leader` to lead (§6); `tricks` of them
    (a hand's worth: 8, or 9 / 12 / 15 in the multi-pack games)."""

    leader: int
    tricks: int = 8


@dataclass(frozen=True, slots=True)
class SevenTurnedEvent:
    """A seven turned up as trump: points to the dealer (R2.5.1)."""

    seat: int
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class AceTurnedEvent:
    """A trump ace turned up: the optional bonus to the dealer (R2.6)."""

    seat: int
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class SevenPlayedEvent:
    """A trump seven credited when played (seven_rule "played" / "win_trick", §5.7)."""

    seat: int
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class CarteBlancheEvent:
    """A hand without a court card, shown and scored (R10.4)."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class TrumpFixedEvent:
    """No-trump bezique: the first marriage fixes the trump suit (R10.3.2); multi-pack games:
    the first marriage or sequence scored (R15.3). `meld`: what fixed it."""

    seat: int
    suit: str
    meld: str = "no_trump_marriage"


@dataclass(frozen=True, slots=True)
class PenaltyEvent:
    """A fine of §9; `amount` None for a false declaration (all points lost)."""

    seat: int
    offence: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class EndEvent:
    """The deal is over; `result` is `Deal.result()` (formats.md's tally)."""

    result: dict


Event = (TrickEvent | DeclareEvent | AnnounceEvent | DrawEvent | TurnUpTakenEvent | PhaseTwoEvent
         | SevenTurnedEvent | AceTurnedEvent | SevenPlayedEvent | CarteBlancheEvent
         | TrumpFixedEvent | PenaltyEvent | EndEvent)
