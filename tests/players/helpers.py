"""Shared helpers for the players' tests: positions built from explicit hands, and a second
deal that differs from the first only in cards one seat has not seen."""

from __future__ import annotations

import random

from bezique.cards import Card
from bezique.deal import Deal
from bezique.errors import IllegalAction
from bezique.players.heuristic import heuristic_action
from bezique.players.random_player import random_action
from bezique.rules import RuleSet
from bezique.setup import deal_from_cards


def deal_from(h0: str, h1: str, turn_up: str, dealer: int = 0, rules: RuleSet | None = None,
              stock_first: str = "") -> Deal:
    """A deal with the given hands; the stock is the rest of the pack (cards named in
    `stock_first` on top, then card order)."""
    return deal_from_cards([h0, h1], turn_up, stock_first, rules=rules, dealer=dealer)


def advance(deal: Deal, moves: int, rng: random.Random, mix: float = 0.5) -> Deal:
    """Play `moves` actions (heuristic or random) unless the deal ends first."""
    for _ in range(moves):
        if deal.is_over:
            break
        if rng.random() < mix:
            deal.apply(heuristic_action(deal))
        else:
            deal.apply(random_action(deal.legal_actions(), rng))
    return deal


def swap_hidden(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """A second deal with the same history whose seat `seat` sees exactly the same view, but in
    which cards it has not seen are arranged differently: one card the opponent holds concealed
    (never shown) is swapped, in the original shuffle, with a card still face down in the stock.
    Built independently of the determinization code. None if no such pair exists."""
    opp = 1 - seat
    hidden = [c for c in deal.hands[opp] if c not in deal.known[opp]]
    stock = list(deal.stock)
    if not hidden or not stock:
        return None
    x, y = rng.choice(sorted(hidden)), rng.choice(sorted(stock))
    hands, turn_up, st = deal.initial

    def sw(c: Card) -> Card:
        return y if c == x else x if c == y else c
    new = Deal(deal.rules, deal.dealer, [[sw(c) for c in h] for h in hands], turn_up,
               [sw(c) for c in st])
    try:
        for s, act in deal.actions:
            new.apply(act, s)
    except IllegalAction:
        return None          # the opponent's past declaration turns would have differed
    return new
