"""A game (партия): deals to the target score, the dealer alternating (RULES.md §2.1, §8); in the
multi-pack games one deal settled by RULES-multipack.md §15.11 (a void one is dealt again)."""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field

from .cards import Card
from .deal import Deal
from .melds import SUIT_REPEATED, meld_points
from .packs import pack_for
from .rules import RuleSet


def cut_for_deal(rules: RuleSet, rng: _random.Random) -> tuple[int, list[list[Card]]]:
    """Each player cuts a card; the higher (or lower, 001) deals; equal ranks cut again
    (R2.1). Returns the first dealer and every round of cuts (for the tutorial)."""
    n = rules.players
    if rules.cut_for_deal == "random":
        return rng.randrange(n), []
    rounds = []
    while True:
        pack = [c for c in pack_for(rules) if not c.is_joker]
        rng.shuffle(pack)
        cuts = pack[:n]
        rounds.append(cuts)
        ranks = [c.rank_index for c in cuts]          # 0 = ace, the highest
        best = max(ranks) if rules.cut_for_deal == "low" else min(ranks)
        if ranks.count(best) == 1:
            if rules.cut_for_deal == "high_chooses":   # R15.2.1: the higher card chooses, and
                return (ranks.index(best) + 1) % n, rounds   # the engine's choice: not to deal
            return ranks.index(best), rounds


@dataclass
class DealSummary:
    dealer: int
    trump: str | None
    result: dict
    bonus: list[int]
    totals_after: list[int]
    last_trick_winner: int | None


@dataclass
class Game:
    """Deals until somebody reaches the target (or one deal, `game_mode="single_deal"`).
    Scores are per player, or per side in the four-handed partnership game."""

    rules: RuleSet = field(default_factory=RuleSet)
    seed: int | None = None
    first_dealer: int | None = None

    def __post_init__(self):
        self.rng = _random.Random(self.seed)
        if self.first_dealer is None:
            self.first_dealer, self.cuts = cut_for_deal(self.rules, self.rng)
        else:
            self.cuts = []
        sides = 2 if self.rules.partnerships else self.rules.players
        self.totals = [0] * sides
        self.history: list[DealSummary] = []
        self.winner: int | None = None
        self.deal: Deal | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.history)) % self.rules.players   # R2.1.4

    def start_deal(self, deal: Deal | None = None) -> Deal:
        """Deal the next deal (or take a prepared one, e.g. a numbered or recorded deal)."""
        if self.is_over:
            raise ValueError("game is over")
        self.deal = deal or Deal.new(self.rules, self.next_dealer(), rng=self.rng)
        return self.deal

    def repeat_suit_bonus(self, trump: str | None) -> int:
        """000-C: the same trump three deals running: a dealer's bonus, a malus in clubs (S-06)."""
        if not self.rules.deal_bonus_repeat_suit or trump is None or len(self.history) < 2:
            return 0
        if self.history[-1].trump == trump and self.history[-2].trump == trump:
            return meld_points(SUIT_REPEATED, self.rules, trump)
        return 0

    def side(self, seat: int) -> int:
        return self.rules.side(seat)

    def finish_deal(self) -> DealSummary:
        """Add the finished deal to the totals and decide whether the game is won (R8)."""
        deal = self.deal
        if deal is None or not deal.is_over:
            raise ValueError("the deal is not finished")
        result = deal.result()
        bonus = [0] * len(self.totals)
        initial_trump = deal.initial[1].suit if deal.initial[1] is not None else None
        bonus[self.side(deal.dealer)] += self.repeat_suit_bonus(initial_trump)
        for seat in range(deal.n):
            if deal.zeroed[seat]:                       # false declaration: all points (§9.2)
                self.totals[self.side(seat)] = 0
        settlement = result.get("settlement") if self.rules.game_mode == "rubicon" else None
        for s in range(len(self.totals)):
            if self.rules.game_mode == "rubicon":             # R15.11: the game's value only
                if settlement["winner"] == s:
                    self.totals[s] += settlement["value"]
            else:
                self.totals[s] += result["scores"][s] + bonus[s]
        summary = DealSummary(deal.dealer, initial_trump, result, bonus, list(self.totals),
                              deal.last_trick_winner)
        self.history.append(summary)
        if deal.game_won_by is not None:
            self.winner = self.side(deal.game_won_by)
        else:
            self.winner = self.decide(summary)
        self.deal = None
        return summary

    def decide(self, summary: DealSummary) -> int | None:
        rules = self.rules
        last = summary.last_trick_winner
        last_side = self.side(last) if last is not None else None
        if rules.game_mode == "rubicon":          # R15.11.1: one deal is the game; a void game
            return summary.result["settlement"]["winner"]    # (Law 61) is dealt again
        if rules.game_mode == "single_deal":                         # R8.4
            scores = summary.result["scores"]
            best = max(scores)
            top = [s for s, v in enumerate(scores) if v == best]
            return top[0] if len(top) == 1 else (last_side if last_side in top else top[0])
        reached = [s for s, v in enumerate(self.totals) if v >= rules.target_score]
        if not reached:
            return None
        if len(reached) == 1:                                        # R8.6
            return reached[0]
        if rules.both_reach_rule == "last_trick" and last_side in reached:   # R8.3
            return last_side
        best = max(self.totals[s] for s in reached)
        top = [s for s in reached if self.totals[s] == best]
        if len(top) == 1:
            return top[0]
        return last_side if last_side in top else top[0]
