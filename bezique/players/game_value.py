"""What a deal's outcome is worth inside a game (партия), for Мастер's search (issue 18).

Opt-in (`SearchPlayer(game_weight=GAME_WEIGHT, late_factor=LATE_FACTOR)`): measured on 25 pairs
of games to 1000 against the Любитель it gave no gain (docs/benchmarks/games.md), so Мастер's
defaults still play for the deal's margin with the old budget.

In a single deal Мастер maximises the deal's score margin. In a game to the preset's target
score (`rules.target_score`, RULES.md §8) what counts at the end is who wins the game: when a
deal can end the game, winning it outright is worth far more than a few points of margin, and
keeping the opponent from reaching the target is worth more than scoring a little more oneself.
The seat's view carries the game's totals before this deal (`PlayerView.game_scores`, set by
`bezique.game.Game.start_deal`; None outside a game), and the utility of a played-out deal is

    margin + weight · (+1 if the seat's side wins the game at the end of this deal,
                       −1 if another side does, 0 if the game goes on)

Who wins is asked of the engine: the played-out deal is finished in a `Game` that holds the
totals before it (`game_winner`), so the target, the both-reach rule and an immediate win are
the engine's. In a sample where nobody reaches the target the term is 0 and the utility is the
margin, so early in a game (and in every single deal) Мастер plays exactly as before.

`weight` (GAME_WEIGHT points) prices a game in points of margin: the game is decided by the
totals, and with one or two deals left, a deal's margin has a spread of a few hundred points,
so a point of margin moves the chance of winning the game by about 1/750; a won game against
the game going on at even chances (+0.5) is then worth about 375 points.

The last eight tricks of the two-handed game need no change: no declarations are made after
the stock is gone, the points still to be won are fixed, so the deal's final scores — and the
game's outcome — are monotone in the margin of the last eight, and the exact solver's minimax
on the margin is also minimax on the game.

Budget (`late_samples`): the last stock tricks are where a choice is worth most and a playout
is short (about a third of the time of an early one), so Мастер's sample budget is multiplied
there (LATE_FACTOR, the last LATE_TRICKS tricks before the stock is gone); the time limit stays
the same.
"""

from __future__ import annotations

from ..deal import Deal
from ..game import Game

GAME_WEIGHT = 400.0       # points of margin a won (against a lost: twice this) game is worth
LATE_TRICKS = 4           # the last stock tricks that get more samples
LATE_FACTOR = 2.0         # … this many times the base number of samples


def game_winner(rules, before, deal: Deal) -> int | None:
    """The side that wins the game when `deal` (played out) is added to the totals `before`,
    or None if the game goes on: the engine's `Game.finish_deal` decides (RULES.md §8)."""
    game = Game(rules, seed=0, first_dealer=deal.dealer)
    game.totals = list(before)
    game.deal = deal
    game.finish_deal()
    return game.winner


class GameValue:
    """The game-aware utility of played-out deals for one seat (see the module doc)."""

    __slots__ = ("rules", "before", "side", "weight")

    def __init__(self, rules, before, seat: int, weight: float = GAME_WEIGHT):
        self.rules = rules
        self.before = tuple(before)
        self.side = rules.side(seat)
        self.weight = weight

    @classmethod
    def of(cls, view, weight: float = GAME_WEIGHT) -> "GameValue | None":
        """The utility for the view's seat, or None when the view is not part of a game to a
        target (a single deal, or `game_mode="single_deal"`): then the margin alone counts."""
        if view.game_scores is None or view.rules.game_mode != "target" or not weight:
            return None
        return cls(view.rules, view.game_scores, view.seat, weight)

    def term(self, deal: Deal) -> int:
        """+1 if the seat's side wins the game with this deal, −1 if another side does, 0 if
        the game goes on."""
        w = game_winner(self.rules, self.before, deal)
        if w is None:
            return 0
        return 1 if w == self.side else -1

    def utility(self, deal: Deal, margin: float) -> float:
        return margin + self.weight * self.term(deal)


def late_samples(view, samples: int, factor: float = LATE_FACTOR) -> int:
    """The sample budget of a decision: `samples`, times `factor` in the last LATE_TRICKS
    tricks of the first phase (the stock holds at most that many cards per player)."""
    if factor == 1 or view.phase != 1:
        return samples
    if view.stock_count <= LATE_TRICKS * view.rules.players:
        return int(round(samples * factor))
    return samples
