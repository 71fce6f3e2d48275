"""Real deals of any table (two, three, four players; every preset) played to their end, and
games whose last deal is such a deal (issue 29: how a game ends).

A game's end depends on the totals after the last deal's tally and on who took its last trick
(R8). `game_ending(rules, after, last)` finds a real deal (seeded random play, the engine's own
tally) whose last trick `last` takes, sets the totals before it to `after` minus its tally and
lets `Game.finish_deal` decide: the totals after the deal are exactly `after`.
"""

from __future__ import annotations

from bezique import Deal, Game, RuleSet

from .helpers import finish_randomly


def played_deal(rules: RuleSet, dealer: int, seed: int) -> Deal:
    """A deal of `rules` dealt from `seed` and played to its end at random."""
    return finish_randomly(Deal.new(rules, dealer=dealer, seed=seed), seed=seed)


def real_deal(rules: RuleSet, dealer: int, last: int | None = None, accept=None,
              tries: int = 400) -> Deal:
    """The first seeded deal whose last trick seat `last` takes (any seat if None) and that
    `accept(deal)` accepts."""
    for seed in range(tries):
        deal = played_deal(rules, dealer, seed)
        if (last is None or deal.last_trick_winner == last) and (accept is None or accept(deal)):
            return deal
    raise AssertionError("no such deal")                              # pragma: no cover


def game_ending(rules: RuleSet, after: list[int], last: int, first_dealer: int = 0,
                accept=None):
    """(game, summary): a game whose real last deal, its last trick taken by seat `last`,
    brings the totals (per player, or per side) to `after`."""
    game = Game(rules, seed=0, first_dealer=first_dealer)

    def fits(deal):
        before = [a - s for a, s in zip(after, deal.result()["scores"])]
        return all(b >= 0 for b in before) and (accept is None or accept(deal))

    deal = real_deal(rules, game.next_dealer(), last, fits)
    game.totals = [a - s for a, s in zip(after, deal.result()["scores"])]
    game.start_deal(deal)
    summary = game.finish_deal()
    assert summary.totals_after == after
    assert summary.last_trick_winner == last
    return game, summary
