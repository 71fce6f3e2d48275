"""The actions a player can take: play a card, declare (score), announce (pending), pass.

A declaration action is the `Declaration` of melds.py itself (meld, cards, points).
"""

from __future__ import annotations

from typing import NamedTuple, Union

from .cards import Card, sort_cards
from .melds import Declaration, make_declaration


class Play(NamedTuple):
    """Play a card (concealed or from the table) to the current trick."""

    card: Card


class Announce(NamedTuple):
    """Lay out a further combination now, to score it on a later trick («…очков за мной»)."""

    meld: str
    cards: tuple[Card, ...]


class Pass(NamedTuple):
    """End the declaration turn (with or without a declaration); the draw follows."""


class Penalty(NamedTuple):
    """An offence of §9 that no other action expresses (an extra card drawn, playing with nine
    cards, leading before drawing), recorded with `penalty_mode="apply"`."""

    offence: str


PASS = Pass()
Action = Union[Play, Declaration, Announce, Pass, Penalty]

class _PlayCache(dict):
    def __missing__(self, card: Card) -> Play:
        act = self[card] = Play(card)
        return act


PLAYS: dict[Card, Play] = _PlayCache()


def play(card: Card) -> Play:
    """The (cached) Play action of a card."""
    return PLAYS[card]


def declare(meld: str, cards, points: int | None = None) -> Declaration:
    """A declaration action; `points=None` lets the engine fill in the points."""
    return make_declaration(meld, cards, points if points is not None else -1)


def announce(meld: str, cards) -> Announce:
    return Announce(meld, tuple(sort_cards(cards)))
