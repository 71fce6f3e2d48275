"""Settling a multi-pack game at the end of its one deal (RULES-multipack.md §15.11, Laws 57–61),
and the engine's reading of Law 17 (§15.12).

A player's *score* is every point but brisques; *brisques* (Rubicon only) count only to break a
tie or to save the rubicon. The value of the game is in hundreds: fractions of a hundred are
disregarded, after the winner is found on the exact scores.
"""

from __future__ import annotations

from typing import Sequence


def hundreds(x: int, rules) -> int:
    """H(x): `x` rounded down to a multiple of 100 (R15.11.4)."""
    return x - x % 100 if rules.settle_round_down_100 else x


def settle(scores: Sequence[int], brisques: Sequence[int], rules) -> dict:
    """{"winner": seat or None (void), "value": points won, "rubiconed": bool} (R15.11.8)."""
    a, b = 0, 1
    counts = rules.brisque_role == "tiebreak_rubicon"
    score = list(scores)
    full = [score[i] + (brisques[i] if counts else 0) for i in (a, b)]
    with_brisques = False
    if score[a] != score[b]:
        w, l = (a, b) if score[a] > score[b] else (b, a)
        if counts and rules.brisques_decide == "when_decisive" and full[a] != full[b]:
            w2 = a if full[a] > full[b] else b
            if w2 != w:
                w, l, with_brisques = w2, w, True
    else:
        if not counts or full[a] == full[b]:
            return {"winner": None, "value": 0, "rubiconed": False}        # Law 61: void
        w, l = (a, b) if full[a] > full[b] else (b, a)
        with_brisques = True
    rubiconed = score[l] < rules.rubicon_threshold
    if rubiconed and counts and full[l] >= rules.rubicon_threshold:
        rubiconed, with_brisques = False, True                           # Law 60: saved
    H = lambda x: hundreds(x, rules)                                      # noqa: E731
    if rubiconed:                                                         # Laws 58, 59
        value = H(score[w]) + max(H(score[l]), rules.settle_rubiconed_min) + rules.rubicon_bonus
        return {"winner": w, "value": value, "rubiconed": True}
    ws, ls = (full[w], full[l]) if with_brisques else (score[w], score[l])
    value = max(H(ws) - H(ls), rules.settle_min_difference) + rules.game_bonus   # Law 57
    return {"winner": w, "value": value, "rubiconed": False}


def settle_too_many_cards(offender: int, scores: Sequence[int], rules) -> dict:
    """Law 17 (engine reading, §15.12): a player who played with more cards than the hand is
    rubiconed whatever his score; at most `too_many_cards_cap` of his points are added."""
    w = 1 - offender
    H = lambda x: hundreds(x, rules)                                      # noqa: E731
    added = min(max(H(scores[offender]), rules.settle_rubiconed_min), rules.too_many_cards_cap)
    return {"winner": w, "value": H(scores[w]) + added + rules.rubicon_bonus, "rubiconed": True}
