"""The practice table's numbered deal and its record of finished deals (issue 29): in a numbered
deal the seat before the learner deals and the learner leads (RULES.md R3.1, R10.1); a deal's
margin is measured against the strongest opponent."""

import random
import sys
from pathlib import Path

import pytest

from bezique.practice import PracticeSession

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_practice import play_out  # noqa: E402


@pytest.mark.parametrize("rules,human,dealer", [
    ("canonical", 0, 1), ("canonical", 1, 0),
    ("three_handed", 0, 2), ("three_handed", 1, 0), ("three_handed", 2, 1),
    ("four_handed", 0, 3), ("four_handed", 3, 2),
])
def test_numbered_deal_the_seat_before_the_learner_deals(rules, human, dealer):
    s = PracticeSession("random", rules=rules, human=human, seed=1)
    deal = s.new_deal(42)
    assert deal.dealer == dealer == (human - 1) % s.n
    assert deal.leader == human and deal.to_act == human and not deal.trick
    assert deal.actions == []                       # nobody has played before the learner


def _finished(rules, shape, human=0):
    """A practice deal played out at random whose scores (learner first) fit `shape`."""
    for seed in range(60):
        s = PracticeSession("random", rules=rules, human=human, seed=seed)
        play_out(s, random.Random(seed))
        if s.deal.is_over and shape(s):
            return s
    raise AssertionError("no such deal")                              # pragma: no cover


def test_three_handed_margin_is_against_the_strongest_opponent():
    """The learner between the two opponents (like 300 / 250 / 350): the margin is against the
    one ahead — a lost deal."""
    def between(s):
        sc = s.deal.result()["scores"]
        others = [sc[i] for i in range(3) if i != s.human]
        return min(others) < sc[s.human] < max(others)

    s = _finished("three_handed", between)
    sc = s.deal.result()["scores"]
    best = max(sc[i] for i in range(3) if i != s.human)
    assert s.results[-1]["you"] == sc[s.human]
    assert s.results[-1]["opponent"] == best
    st = s.statistics()
    assert (st["deals"], st["won"], st["lost"], st["drawn"]) == (1, 0, 1, 0)
    assert st["average_margin"] == sc[s.human] - best < 0


def test_three_handed_ahead_of_both_is_a_won_deal():
    def ahead(s):
        sc = s.deal.result()["scores"]
        return all(sc[s.human] > sc[i] for i in range(3) if i != s.human)

    s = _finished("three_handed", ahead, human=1)
    sc = s.deal.result()["scores"]
    st = s.statistics()
    assert (st["won"], st["lost"]) == (1, 0)
    assert st["average_margin"] == sc[1] - max(sc[0], sc[2]) > 0


def test_four_handed_margin_is_side_against_side():
    s = _finished("four_handed", lambda s: len(set(s.deal.result()["scores"])) == 2, human=1)
    sc = s.deal.result()["scores"]                   # per side: seat 1 is on side 1
    assert s.results[-1]["you"] == sc[1] and s.results[-1]["opponent"] == sc[0]
