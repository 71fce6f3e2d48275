"""Новичок: any legal action, chosen at random (and sometimes no declaration at all)."""

from __future__ import annotations

import random

from ..actions import PASS, Announce, Pass
from ..melds import Declaration


def random_action(actions: list, rng: random.Random, pass_rate: float = 0.2,
                  announce_rate: float = 0.3):
    """A random legal action. In a declaration turn: pass with `pass_rate`, otherwise a random
    declaration; after a scored combination, lay out a pending one with `announce_rate`."""
    first = actions[0]
    if type(first) is not Declaration and type(first) is not Announce and type(first) is not Pass:
        return actions[rng.randrange(len(actions))]
    decls = [a for a in actions if type(a) is Declaration]
    anns = [a for a in actions if type(a) is Announce]
    if decls and rng.random() >= pass_rate:
        return decls[rng.randrange(len(decls))]
    if anns and rng.random() < announce_rate:
        return anns[rng.randrange(len(anns))]
    return PASS


class RandomPlayer:
    """Новичок. Deterministic given a seed."""

    name = "random"
    title = "Новичок"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view) -> object:
        return random_action(view.legal_actions, self.rng)
