"""RULES.md R5.5.1 under the automatic seven rules (issue 29): with `seven_rule` "played" or
"win_trick" a trump seven scores when played to (or winning) a phase-1 trick, never in the last
eight tricks."""

import pytest

from bezique import RuleSet, play
from bezique.events import PhaseTwoEvent, SevenPlayedEvent

from .helpers import C, P1, P2, FullDeal, build_deal, codes, lead


def _phase2_with_both_trump_sevens(rule):
    """P1 holds both trump sevens (♠) in phase 2 and no club; P2 took trick 24 and leads."""
    fd = FullDeal("7S 7S#2 8S AH AD 9H 9D 8H", "7C 8C KC KD TC TD 9C 8D", turn_up="8S",
                  winners=[P1] * 23 + [P2], rules=RuleSet().with_options(seven_rule=rule))
    deal = fd.run(24)
    assert deal.phase == 2 and deal.to_act == P2 and deal.trump == "S"
    return deal


@pytest.mark.parametrize("rule", ["played", "win_trick"])
def test_r5_5_1_a_trump_seven_winning_a_phase_2_trick_scores_nothing(rule):
    deal = _phase2_with_both_trump_sevens(rule)
    before = list(deal.declared)
    deal.apply(play(C("7C")), P2)
    assert codes(deal.legal_plays(P1)) == ["8S#1", "7S#1", "7S#2"]       # must trump
    deal.apply(play(C("7S")), P1)
    assert deal.leader == P1                                  # the seven wins the trick
    assert deal.declared == before
    deal.apply(play(C("7S#2")), P1)                           # and the other one, led
    deal.apply(play(deal.legal_plays(P2)[0]), P2)
    assert deal.declared == before
    two = deal.log.index(next(e for e in deal.log if type(e) is PhaseTwoEvent))
    assert [e for e in deal.log[two:] if type(e) is SevenPlayedEvent] == []


@pytest.mark.parametrize("rule", ["played", "win_trick"])
def test_r5_7_the_same_seven_scores_in_phase_1(rule):
    """The contrast: in phase 1 a trump seven winning the trick scores 10 under both rules."""
    deal = build_deal(["7S"], [], turn_up="9S#2", rules=RuleSet().with_options(seven_rule=rule))
    assert lead(deal, "7S") == P1
    assert deal.declared == [10, 0]
    assert SevenPlayedEvent(P1, C("7S"), 10) in deal.log
