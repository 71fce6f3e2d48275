"""Deal-score positions of the multi-pack games with given scores and brisques, made of real
combinations by the exercise generator's composer (tests only)."""

from __future__ import annotations

from bezique.generator_multipack import _brisque_tricks, compose
from bezique.rules import RuleSet


def settlement_position(game: str, a: int, b: int, ba: int, bb: int, trump: str = "H",
                        last: int = 0) -> dict:
    rules = RuleSet.from_spec(game)
    n, lt = rules.packs, rules.last_trick_points
    halves = [list(range(1, n // 2 + 1)), list(range(n // 2 + 1, n + 1))]
    scored = [compose(rules, trump, halves[p], s - (lt if p == last else 0))
              for p, s in enumerate((a, b))]
    assert None not in scored
    return {"id": f"{game}-{a}-{b}", "kind": "deal_score", "rules": game, "trump": trump,
            "tricks": _brisque_tricks(ba // 10, bb // 10), "scored": scored, "last_trick": last}
