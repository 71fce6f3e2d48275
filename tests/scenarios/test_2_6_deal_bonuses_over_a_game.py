"""RULES.md §2.6 over whole games (issue 29): the club text's repeat-suit bonus (S-06) needs the
same trump three deals running and is the dealer's; the turned-up seven's malus hits every
opponent at a table of three."""

import pytest

from bezique import Game, RuleSet
from bezique.setup import deal_from_cards

from .helpers import finish_randomly

CLUB = RuleSet.preset("seed_000C")


def play_game(rules, turn_ups, first_dealer=1):
    """A game of `rules` whose deals turn up `turn_ups` in turn (the rest of each deal seeded),
    each played to its end at random: the summaries."""
    game = Game(rules, seed=0, first_dealer=first_dealer)
    out = []
    for k, up in enumerate(turn_ups):
        deal = deal_from_cards([()] * rules.players, up, rules=rules, dealer=game.next_dealer(),
                               seed=k)
        game.start_deal(deal)
        finish_randomly(deal, seed=k)
        out.append(game.finish_deal())
        assert not game.is_over
        game.totals = [0] * len(game.totals)        # keep the game going (only bonuses matter)
    return out


def test_s06_two_deals_running_are_not_enough():
    """Turn-up suits ♥, ♠, ♠: no bonus in any deal."""
    summaries = play_game(CLUB, ["9H", "9S", "9S#2"])
    assert [s.trump for s in summaries] == ["H", "S", "S"]
    assert [s.bonus for s in summaries] == [[0, 0], [0, 0], [0, 0]]


def test_s06_three_deals_running_give_the_dealer_20_and_a_fourth_again():
    summaries = play_game(CLUB, ["9H", "9S", "9S#2", "8S", "8S#2"])
    assert [s.bonus for s in summaries] == [[0, 0], [0, 0], [0, 0], [20, 0], [0, 20]]
    assert [s.dealer for s in summaries] == [1, 0, 1, 0, 1]
    last = summaries[-1]
    assert last.totals_after[1] == last.result["scores"][1] + 20


def test_s06_three_deals_running_in_clubs_cost_the_dealer_20():
    summaries = play_game(CLUB, ["9C", "9C#2", "8C"])
    assert [s.bonus for s in summaries] == [[0, 0], [0, 0], [0, -20]]


def test_s06_off_by_default():
    summaries = play_game(RuleSet(), ["9S", "9S#2", "8S"])
    assert [s.bonus for s in summaries] == [[0, 0]] * 3


def test_s06_three_handed_the_dealer_of_the_third_deal():
    rules = RuleSet.preset("three_handed").with_options(deal_bonus_repeat_suit=True)
    summaries = play_game(rules, ["9S", "9S#2", "9S#3"], first_dealer=0)
    assert [s.dealer for s in summaries] == [0, 1, 2]
    assert [s.bonus for s in summaries] == [[0, 0, 0], [0, 0, 0], [0, 0, 20]]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_r2_6_turned_up_seven_malus_hits_every_opponent_of_three(dealer):
    rules = RuleSet.preset("three_handed").with_options(deal_bonus_seven_opponent_malus=5)
    deal = deal_from_cards([(), (), ()], "7H", rules=rules, dealer=dealer, seed=1)
    assert deal.declared == [10 if s == dealer else -5 for s in range(3)]
