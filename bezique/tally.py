"""Counting at the end of a deal (RULES.md §7.3–§7.5): brisques and the last trick."""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .rules import RuleSet
from .variants import find_variant


def trick_points(tricks: Sequence[Sequence[Card]], rules: RuleSet) -> int:
    """Points for the tricks one player won: brisques (10 per ace or ten, or per trick holding
    one), plus 10 a trick under 000-C's trick scoring; a variant may count its own way."""
    variant = find_variant(rules)
    if variant is not None and variant.trick_points is not None:
        return variant.trick_points(tricks, rules)
    if rules.brisque_count == "per_card":
        pts = 10 * sum(1 for t in tricks for c in t if c.is_brisque)
    else:
        pts = 10 * sum(1 for t in tricks if any(c.is_brisque for c in t))
    if rules.trick_scoring == "per_trick_000C":
        pts += 10 * len(tricks)
    return pts


def deal_tally(brisques: Sequence[int], declared: Sequence[int], last_winner: int | None,
               rules: RuleSet, penalties: Sequence[int] | None = None) -> dict:
    """The end-of-deal tally in the shape of formats.md from each player's card points,
    declaration points and penalties and the winner of the last trick: one entry a player, or,
    in a partnership game, one a side (`RuleSet.side`: the partners' points added, the
    last-trick bonus counted once a side). "penalties" is there only when one was paid."""
    n = rules.players
    last = [last_trick_points(p, last_winner, rules) for p in range(n)]
    pens = list(penalties) if penalties is not None else [0] * n
    brisques, declared = list(brisques), list(declared)
    if rules.partnerships:
        seats = [[p for p in range(n) if rules.side(p) == k] for k in (0, 1)]
        brisques, declared, pens = ([sum(v[p] for p in side) for side in seats]
                                    for v in (brisques, declared, pens))
        last = [last[side[0]] for side in seats]
    scores = [b + d + lt - pen for b, d, lt, pen in zip(brisques, declared, last, pens)]
    out = {"scores": scores, "brisques": brisques, "declared": declared, "last_trick": last}
    if any(pens):
        out["penalties"] = pens
    return out


def last_trick_points(seat: int, winner: int | None, rules: RuleSet) -> int:
    """The last-trick bonus for `seat` (R7.3.2; partnerships: C-31)."""
    if winner is None:
        return 0
    variant = find_variant(rules)
    bonus = rules.last_trick_points
    if variant is not None and variant.last_trick_points is not None:
        bonus = variant.last_trick_points
    if rules.partnerships:
        if rules.four_hand_last_trick == "split_sides":
            return bonus // 2
        return bonus if rules.side(seat) == rules.side(winner) else 0
    return bonus if seat == winner else 0
