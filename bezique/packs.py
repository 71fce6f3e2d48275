"""The pack a RuleSet plays with: the standard piquet packs (`cards.make_pack`), or the pack a
registered variant brings (`variants.Variant.pack`)."""

from __future__ import annotations

from .cards import Card, make_pack
from .rules import RuleSet
from .variants import find_variant


def pack_for(rules: RuleSet) -> list[Card]:
    """Every physical card of the game, in card order."""
    variant = find_variant(rules)
    if variant is not None:
        return variant.pack(rules)
    return make_pack(rules.packs)
