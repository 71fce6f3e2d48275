"""Helpers for the scenarios of RULES-multipack.md §15.14 (S-R01 … S-R20).

P1 = non-dealer = seat 0, P2 = dealer = seat 1. Cards are written with their copy numbers
(`QS#3`); unnamed cards are fillers: nines, eights and sevens, which form no combination in
these games (the trump seven has no value, R15.3.6).
"""

from __future__ import annotations

from bezique import PASS, RuleSet
from bezique.actions import Play
from bezique.cards import RANKS, SUITS, Card, sort_cards
from bezique.deal import STAGE_DECLARE
from bezique.melds import Declaration, MeldContext
from bezique.setup import deal_from_cards
from bezique.variants.multipack.deal import MultipackDeal
from bezique.variants.multipack.melds import MultipackMelds, multipack_declarations

P1, P2 = 0, 1


def card(code: str) -> Card:
    rank, suit, copy = code[0], code[1], int(code.split("#")[1])
    return Card(rank, suit, copy)


def cards(codes: str) -> list[Card]:
    return [card(c) for c in codes.split()]


def fillers(rules: RuleSet) -> list[Card]:
    """Nines, eights and sevens of every suit, every copy."""
    return [Card(r, s, k) for r in "987" for s in SUITS for k in range(1, rules.packs + 1)]


def build(preset: str | RuleSet, hand0: str = "", hand1: str = "", stock_top=(), lift=None):
    """A real multi-pack deal with the named cards; P2 deals; fillers everywhere else first.
    `stock_top`: codes (or None for the next filler), the first cards to be drawn; `lift`:
    the six-pack lift (packet, estimate)."""
    rules = preset if isinstance(preset, RuleSet) else RuleSet.preset(preset)
    top = [None if c is None else card(c) for c in stock_top]
    d = deal_from_cards([cards(hand0), cards(hand1)], None, top, rules=rules, dealer=P2,
                        spare=fillers(rules))
    if lift is None:
        return d
    hands, _, stock = d.initial
    return MultipackDeal(rules, P2, hands, None, stock, lift=lift)


def trick(deal, lead: str, follow: str):
    """The seat to act leads `lead`, the other answers `follow`; a declaration turn the winner
    does not use is passed by the next `trick` (or `finish_turn`)."""
    finish_turn(deal)
    deal.apply(Play(card(lead)))
    deal.apply(Play(card(follow)))


def finish_turn(deal):
    if deal.stage == STAGE_DECLARE:
        deal.apply(PASS)


def offered(deal) -> dict:
    """{(meld, "cards"): points} of the legal declarations now."""
    return {(d.meld, " ".join(c.code for c in d.cards)): d.points for d in deal.legal_declarations()}


def declare(deal, meld: str, codes: str):
    found = [d for d in deal.legal_declarations() if d.meld == meld
             and {c.code for c in d.cards} == set(codes.split())]
    assert found, (meld, codes, offered(deal))
    deal.apply(found[0])
    return found[0]


def legal(preset: str, trump: str | None, hand: str, scored=(), **options) -> dict:
    """Meld-level: the legal declarations of `hand` after `scored` [(meld, codes)] under the
    preset with `options`: {(meld, "codes in card order"): points}. A scored instance whose
    card is not in `hand` has been played (broken)."""
    rules = RuleSet.preset(preset).with_options(**options) if options else RuleSet.preset(preset)
    state = MultipackMelds()
    for meld, codes in scored:
        state.record(Declaration(meld, tuple(sort_cards(cards(codes))), 0), trump)
    ctx = MeldContext.for_hand(rules=rules, trump=trump)
    return {(d.meld, " ".join(c.code for c in d.cards)): d.points
            for d in multipack_declarations(cards(hand), state, ctx)}


def key(meld: str, codes: str):
    return (meld, " ".join(c.code for c in sort_cards(cards(codes))))


__all__ = ["P1", "P2", "RANKS", "build", "card", "cards", "declare", "finish_turn", "key",
           "legal", "offered", "trick"]
