"""Random self-play: whole deals played by random legal actions (declarations included)."""

from __future__ import annotations

import random
from typing import Iterator

from .deal import Deal
from .players.random_player import random_action
from .rules import RuleSet


def play_random_deal(rules: RuleSet, dealer: int, rng: random.Random) -> Deal:
    deal = Deal.new(rules, dealer, rng=rng)
    legal, apply = deal.legal_actions, deal.apply
    while not deal.is_over:
        apply(random_action(legal(), rng))
    return deal


def selfplay(rules: RuleSet, deals: int, seed: int) -> Iterator[Deal]:
    """`deals` random deals, reproducible from `seed`; the dealer alternates."""
    rng = random.Random(seed)
    for i in range(deals):
        yield play_random_deal(rules, i % rules.players, rng)
