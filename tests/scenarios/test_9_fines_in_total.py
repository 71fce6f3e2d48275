"""RULES.md §9.1–§9.2 (issue 29): the fines of one seat add up over a deal, each offence at its
own amount (the nine-card one 120), and the game total is the deal's tally less the fines."""

import pytest

from bezique import Game, RuleSet
from bezique.events import PenaltyEvent

from .helpers import P1, P2, build_deal, finish_randomly

APPLY = RuleSet().with_options(penalty_mode="apply")


def test_9_2_two_fines_of_one_seat_add_up_to_80():
    """An extra card (50) and playing before drawing (30) in one deal: fined 80 in total."""
    deal = build_deal(rules=APPLY)
    deal.penalize(P1, "extra_card")
    deal.penalize(P1, "play_before_draw")
    assert deal.penalties == [80, 0]
    assert deal.result()["penalties"] == [80, 0]
    assert deal.result()["scores"] == [-80, 0]
    assert [e for e in deal.log if type(e) is PenaltyEvent] == [
        PenaltyEvent(P1, "extra_card", 50), PenaltyEvent(P1, "play_before_draw", 30)]


def test_9_2_the_fines_come_off_the_game_total():
    game = Game(APPLY, seed=0, first_dealer=1)
    game.totals = [300, 200]
    deal = game.start_deal(build_deal(rules=APPLY))
    deal.penalize(P1, "extra_card")
    deal.penalize(P1, "declare_before_trick")
    deal.penalize(P2, "play_before_draw")
    finish_randomly(deal, seed=1, avoid_declarations=True)
    result = deal.result()
    summary = game.finish_deal()
    assert result["penalties"] == [60, 30]
    assert summary.totals_after == [300 + result["brisques"][0] + result["declared"][0]
                                    + result["last_trick"][0] - 60,
                                    200 + result["brisques"][1] + result["declared"][1]
                                    + result["last_trick"][1] - 30]


@pytest.mark.parametrize("rules", [APPLY, RuleSet.preset("seed_000A").with_options(penalty_mode="apply")])
def test_9_1_5_playing_with_nine_cards_is_fined_120(rules):
    deal = build_deal(rules=rules)
    deal.penalize(P2, "nine_cards")
    assert deal.penalties == [0, 120]
    assert deal.result()["scores"] == [0, -120]
    assert PenaltyEvent(P2, "nine_cards", 120) in deal.log


def test_9_1_every_fine_at_its_amount_and_all_of_them_together():
    """000-A's list: 10, 30, 60 (its extra card), 120 — one seat, one deal: 220."""
    rules = RuleSet.preset("seed_000A").with_options(penalty_mode="apply")
    deal = build_deal(rules=rules)
    for offence, amount in (("declare_before_trick", 10), ("play_before_draw", 30),
                            ("extra_card", 60), ("nine_cards", 120)):
        before = deal.penalties[P1]
        deal.penalize(P1, offence)
        assert deal.penalties[P1] - before == amount, offence
    assert deal.penalties == [220, 0]


def test_9_2_fines_of_a_side_add_up_in_the_four_handed_game():
    """Partners keep one score (R10.2): the fines of seats 0 and 2 come off side 0's."""
    rules = RuleSet.preset("four_handed").with_options(penalty_mode="apply")
    from bezique import Deal
    deal = Deal.new(rules, dealer=3, seed=2)
    deal.penalize(0, "extra_card")
    deal.penalize(2, "play_before_draw")
    deal.penalize(1, "nine_cards")
    assert deal.result()["penalties"] == [80, 120]
    assert deal.result()["scores"] == [-80, -120]
