"""Settling a multi-pack game at the end of its one deal (RULES-multipack.md §15.11, Laws 57–61),
and the engine's reading of Law 17 (§15.12).

A player's *score* is every point but brisques; *brisques* (Rubicon only) count only to break a
tie or to save the rubicon. The value of the game is in hundreds: fractions of a hundred are
disregarded, after the winner is found on the exact scores.

`settle_steps` is the settlement: it returns the terms of the sum (`SettlementSteps`) as well as
the result, so that an explanation reads the very numbers the value was made of; `settle` is its
result alone ({winner, value, rubiconed}, as records keep it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


def hundreds(x: int, rules) -> int:
    """H(x): `x` rounded down to a multiple of 100 (R15.11.4)."""
    return x - x % 100 if rules.settle_round_down_100 else x


@dataclass(frozen=True)
class SettlementSteps:
    """How a game was settled (R15.11.8), term by term.

    `winner` None: the game is void (Law 61), `value` 0. Otherwise `loser` = 1 − winner and:
    * `tie` — the scores were equal, brisques decided the winner; `option` — brisques re-decided
      a winner by the rule set's `brisques_decide = "when_decisive"` (C-R5); `saved` — the
      loser's brisques lifted him to the rubicon (Law 60); `brisques_added` — the totals below
      include both players' brisques;
    * `totals` — (winner's, loser's) points the value is made of; `rounded` — the same with
      fractions of a hundred disregarded;
    * `terms` — the summands of the value, the bonus last: rubiconed (Laws 58, 59)
      (rounded winner, max(rounded loser, minimum), bonus); otherwise (Law 57)
      (max(rounded winner − rounded loser, minimum), bonus). `value == sum(terms)`;
    * `minimum_applied` — the minimum replaced a smaller number (the difference, or the
      rubiconed loser's points).
    """

    scores: tuple[int, int]
    brisques: tuple[int, int]
    brisques_count: bool                 # the game has brisques (Rubicon)
    threshold: int                       # the rubicon
    round_down: bool                     # fractions of a hundred are disregarded
    winner: int | None
    tie: bool = False
    option: bool = False
    saved: bool = False
    brisques_added: bool = False
    rubiconed: bool = False
    totals: tuple[int, int] = (0, 0)
    rounded: tuple[int, int] = (0, 0)
    difference: int = 0                  # rounded winner − rounded loser (not rubiconed)
    minimum: int = 0
    minimum_applied: bool = False
    bonus: int = 0
    terms: tuple[int, ...] = ()

    @property
    def value(self) -> int:
        return sum(self.terms)

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else 1 - self.winner

    def result(self) -> dict:
        """{"winner", "value", "rubiconed"}: the record's settlement."""
        return {"winner": self.winner, "value": self.value, "rubiconed": self.rubiconed}


def settle_steps(scores: Sequence[int], brisques: Sequence[int], rules) -> SettlementSteps:
    """The settlement of R15.11.8 with its terms."""
    a, b = 0, 1
    counts = rules.brisque_role == "tiebreak_rubicon"
    score = list(scores)
    full = [score[i] + (brisques[i] if counts else 0) for i in (a, b)]
    base = dict(scores=tuple(scores), brisques=tuple(brisques), brisques_count=counts,
                threshold=rules.rubicon_threshold, round_down=bool(rules.settle_round_down_100))
    with_brisques = tie = option = False
    if score[a] != score[b]:
        w, l = (a, b) if score[a] > score[b] else (b, a)
        if counts and rules.brisques_decide == "when_decisive" and full[a] != full[b]:
            w2 = a if full[a] > full[b] else b
            if w2 != w:
                w, l, with_brisques, option = w2, w, True, True
    else:
        if not counts or full[a] == full[b]:
            return SettlementSteps(**base, winner=None, tie=True)          # Law 61: void
        w, l = (a, b) if full[a] > full[b] else (b, a)
        with_brisques = tie = True
    rubiconed = score[l] < rules.rubicon_threshold
    saved = False
    if rubiconed and counts and full[l] >= rules.rubicon_threshold:
        rubiconed, with_brisques, saved = False, True, True                # Law 60: saved
    H = lambda x: hundreds(x, rules)                                      # noqa: E731
    if rubiconed:                                                         # Laws 58, 59
        low = rules.settle_rubiconed_min
        return SettlementSteps(
            **base, winner=w, tie=tie, option=option, rubiconed=True,
            totals=(score[w], score[l]), rounded=(H(score[w]), H(score[l])), minimum=low,
            minimum_applied=H(score[l]) < low, bonus=rules.rubicon_bonus,
            terms=(H(score[w]), max(H(score[l]), low), rules.rubicon_bonus))
    ws, ls = (full[w], full[l]) if with_brisques else (score[w], score[l])
    diff = H(ws) - H(ls)
    low = rules.settle_min_difference
    return SettlementSteps(                                               # Law 57
        **base, winner=w, tie=tie, option=option, saved=saved, brisques_added=with_brisques,
        totals=(ws, ls), rounded=(H(ws), H(ls)), difference=diff, minimum=low,
        minimum_applied=diff < low, bonus=rules.game_bonus,
        terms=(max(diff, low), rules.game_bonus))


def settle(scores: Sequence[int], brisques: Sequence[int], rules) -> dict:
    """{"winner": seat or None (void), "value": points won, "rubiconed": bool} (R15.11.8)."""
    return settle_steps(scores, brisques, rules).result()


def settle_too_many_cards(offender: int, scores: Sequence[int], rules) -> dict:
    """Law 17 (engine reading, §15.12): a player who played with more cards than the hand is
    rubiconed whatever his score; at most `too_many_cards_cap` of his points are added."""
    w = 1 - offender
    H = lambda x: hundreds(x, rules)                                      # noqa: E731
    added = min(max(H(scores[offender]), rules.settle_rubiconed_min), rules.too_many_cards_cap)
    return {"winner": w, "value": H(scores[w]) + added + rules.rubicon_bonus, "rubiconed": True}
