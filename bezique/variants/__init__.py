"""The variant registry: a variant that changes the state machine itself declares itself here
(as python-chess's `VARIANTS` / `find_variant`) with everything the standard game does
differently, and the engine asks the registry instead of naming a variant anywhere.

A variant module (e.g. `variants.infusorka`) calls `register(Variant(...))` when it is imported;
`bezique/__init__.py` imports the variant modules, so every variant is known as soon as the
package is. This module imports nothing of the engine, so the low modules (`packs`, `tally`,
`ru`, `melds`, `deal`) may consult it without an import circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class Variant:
    """One variant: its `RuleSet.variant` value and what it overrides in the standard game."""

    name: str                                          # the RuleSet.variant value
    deal_class: type                                   # the Deal subclass that plays it
    pack: Callable[[Any], list]                        # rules -> every physical card, card order
    melds: tuple[str, ...] = ()                        # the meld ids its declarations use
    meld_state: type | None = None                     # its MeldState subclass (None: standard)
    meld_names: Mapping[str, str] = field(default_factory=dict)       # its own ids, in Russian
    meld_names_acc: Mapping[str, str] = field(default_factory=dict)   # accusative, where it differs
    trick_points: Callable[[Any, Any], int] | None = None        # (tricks, rules) -> card points
    last_trick_points: int | None = None               # the last-trick bonus (None: the rules')
    check_rules: Callable[[Any], None] | None = None   # rules -> RulesError for a table it cannot seat
    lead_index: Callable[[Any], int] | None = None     # trick cards -> the card acting as the lead
    meld_points: Callable[..., int] | None = None      # (meld, rules, trump, cards) -> its value
    declarations: Callable[..., list] | None = None    # (held, state, ctx) -> legal declarations
    shape_problem: Callable[..., str | None] | None = None   # (meld, cards, rules, trump) -> why not


VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make `variant` known to the engine (called by the variant's module)."""
    VARIANTS[variant.name] = variant
    return variant


def find_variant(rules) -> Variant | None:
    """The registered variant these rules play (None: the standard state machine)."""
    return VARIANTS.get(rules.variant)


def variant_meld_name(meld: str, accusative: bool = False) -> str | None:
    """A variant's own meld id in Russian (None if no variant has it)."""
    for v in VARIANTS.values():
        if meld in v.meld_names:
            return (v.meld_names_acc.get(meld) if accusative else None) or v.meld_names[meld]
    return None
