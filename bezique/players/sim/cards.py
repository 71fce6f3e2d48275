"""Card ids and bit masks of the search simulator (two packs, 64 cards).

A card of the two-pack game is a small int `cid = (suit * 8 + rank) * 2 + copy - 1`
(suit S H D C = 0..3, rank A T K Q J 9 8 7 = 0..7, as `bezique.cards`), and a set of cards
(a hand, a meld's cards, the cards used in one kind of meld) is an int with bit `cid` set for
each card. The tables here are the only translation between these ids and the engine's `Card`
objects (`CARD`, `cid`).
"""

from __future__ import annotations

from ...cards import RANKS, SUITS, Card

COPIES = 2
NCARDS = 32 * COPIES
ALL = (1 << NCARDS) - 1

A, T, K, Q, J, NINE, EIGHT, SEVEN = range(8)


def cid(card: Card) -> int:
    """The simulator's id of an engine card (two packs)."""
    return ((card.suit_index * 8 + card.rank_index) << 1) | (card.copy - 1)


CARD: tuple[Card, ...] = tuple(Card(RANKS[(i >> 1) & 7], SUITS[i >> 4], (i & 1) + 1)
                               for i in range(NCARDS))
SUIT_OF: tuple[int, ...] = tuple(i >> 4 for i in range(NCARDS))
RANK_OF: tuple[int, ...] = tuple((i >> 1) & 7 for i in range(NCARDS))
BIT: tuple[int, ...] = tuple(1 << i for i in range(NCARDS))

SUIT_MASK: tuple[int, ...] = tuple(0xFFFF << (16 * s) for s in range(4))


def face_mask(suit: int, rank: int) -> int:
    """Both copies of one face."""
    return 3 << ((suit * 8 + rank) * 2)


FACE: tuple[tuple[int, ...], ...] = tuple(tuple(face_mask(s, r) for r in range(8)) for s in range(4))
RANK_MASK: tuple[int, ...] = tuple(sum(FACE[s][r] for s in range(4)) for r in range(8))
BRISQUE = RANK_MASK[A] | RANK_MASK[T]
COURT = RANK_MASK[K] | RANK_MASK[Q] | RANK_MASK[J]
KQ = RANK_MASK[K] | RANK_MASK[Q]
# Cards of the same suit and a higher rank (they beat the card when played after it).
HIGHER: tuple[int, ...] = tuple(sum(FACE[i >> 4][r] for r in range((i >> 1) & 7))
                                for i in range(NCARDS))


def beaters(trump: int | None) -> tuple[int, ...]:
    """For each card: the cards that take a two-card trick it leads (R3.3): a higher card of
    its suit, or any trump if it is not one."""
    out = []
    for i in range(NCARDS):
        m = HIGHER[i]
        if trump is not None and SUIT_OF[i] != trump:
            m |= SUIT_MASK[trump]
        out.append(m)
    return tuple(out)


BEATERS: dict = {t: beaters(t) for t in (None, 0, 1, 2, 3)}


def bits(m: int) -> list[int]:
    """The card ids of a mask, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def mask_of(cards) -> int:
    """The mask of engine cards."""
    m = 0
    for c in cards:
        m |= 1 << cid(c)
    return m


def cards_of(m: int) -> list[Card]:
    """The engine cards of a mask, in card order."""
    return [CARD[i] for i in bits(m)]
