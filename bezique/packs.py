"""The pack a RuleSet plays with: the standard piquet packs (`cards.make_pack`), or the pack a
registered variant brings (`variants.Variant.pack`); and the check that a card named from
outside (a record, a position file, a test) is one of its physical cards."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from .cards import Card, make_pack
from .rules import RuleSet
from .variants import find_variant


def pack_for(rules: RuleSet) -> list[Card]:
    """Every physical card of the game, in card order."""
    variant = find_variant(rules)
    if variant is not None:
        return variant.pack(rules)
    return make_pack(rules.packs)


@lru_cache(maxsize=64)
def pack_set(rules: RuleSet) -> frozenset[Card]:
    """The physical cards of the game, as a set (cached: RuleSet is frozen)."""
    return frozenset(pack_for(rules))


def copies_of(rank: str, suit: str, rules: RuleSet) -> list[Card]:
    """Every copy of one face in the game's pack, in card order (empty if the face is absent,
    e.g. a wild card outside the variant that has it)."""
    return sorted(c for c in pack_set(rules) if c.rank == rank and c.suit == suit)


def card_problem(card: Card, rules: RuleSet) -> str | None:
    """Why `card` is not a card of this game's pack (Russian, with an example), or None."""
    if card in pack_set(rules):
        return None
    copies = copies_of(card.rank, card.suit, rules)
    if not copies:
        if card.is_joker:
            return (f"карты {card.code} (инфузорки) в этой игре нет: инфузорки бывают только "
                    "в многоколодном безике")
        return (f"карты {card.code} ({card.name_ru}) в колоде этой игры нет совсем. "
                f"Пример карты этой колоды: «{min(pack_set(rules)).code}»")
    return (f"карты {card.code} нет в колоде этой игры: {card.name_ru} в ней есть только в "
            f"экземплярах {', '.join(c.code for c in copies)}. Пример: «{copies[-1].code}»")


def first_problem(cards: Iterable[Card], rules: RuleSet) -> str | None:
    """The problem of the first card of `cards` that is not in the pack (None if all are)."""
    pack = pack_set(rules)
    for c in cards:
        if c not in pack:
            return card_problem(c, rules)
    return None


__all__ = ["pack_for", "pack_set", "copies_of", "card_problem", "first_problem"]
