"""RULES.md §8 at every table (issue 29): who wins a game of three, of four (a side), and a
single-deal game, with the both-reach rules (R8.3), one player at the target (R8.6), a tie
(R8.3, R8.4) and the club text's 250-point last trick (S-83)."""

import pytest

from bezique import Game, RuleSet

from .game_helpers import game_ending, real_deal

THREE = RuleSet.preset("three_handed")
FOUR = RuleSet.preset("four_handed")


def test_r8_3_r8_6_three_handed_last_trick_to_a_player_below_the_target():
    """Both-reach rule «last trick»: 1600 / 1550 / 900, the seat on 900 took the last trick.
    It has not reached the target, so it cannot win: of the two who reached, the higher wins."""
    rules = THREE.with_options(both_reach_rule="last_trick")
    game, summary = game_ending(rules, [1600, 1550, 900], last=2)
    assert summary.totals_after == [1600, 1550, 900]
    assert game.winner == 0 and game.is_over


@pytest.mark.parametrize("rule,winner", [("last_trick", 1), ("higher_score", 0)])
def test_r8_3_three_handed_both_reach(rule, winner):
    """1600 / 1550 / 900, seat 1 (on 1550) took the last trick: «last trick» gives it the game,
    «higher score» seat 0."""
    game, _ = game_ending(THREE.with_options(both_reach_rule=rule), [1600, 1550, 900], last=1)
    assert game.winner == winner


def test_r8_6_three_handed_only_one_reaches():
    """Exactly one player at or above 1500 wins, whoever took the last trick."""
    for last in (0, 1, 2):
        game, _ = game_ending(THREE, [1400, 1500, 1490], last=last)
        assert game.winner == 1


def test_r8_1_three_handed_nobody_reaches_1500():
    game, _ = game_ending(THREE, [1490, 1200, 1450], last=0)
    assert game.winner is None and not game.is_over
    assert game.next_dealer() == 1                       # the deal passes on (R8.5)


@pytest.mark.parametrize("rule", ["higher_score", "last_trick"])
def test_r8_3_three_handed_equal_totals_above_the_target(rule):
    """Seats 0 and 2 tie on 1550, seat 2 took the last trick: it wins under either rule."""
    game, _ = game_ending(THREE.with_options(both_reach_rule=rule), [1550, 900, 1550], last=2)
    assert game.winner == 2


def test_r8_4_single_deal_tie_goes_to_the_last_trick():
    """Single deal, equal deal totals, seat 1 took the last trick → seat 1 wins."""
    rules = RuleSet().with_options(game_mode="single_deal")
    for last in (1, 0):
        deal = real_deal(rules, dealer=1, last=last,
                         accept=lambda d: len(set(d.result()["scores"])) == 1)
        game = Game(rules, seed=0, first_dealer=1)
        game.start_deal(deal)
        summary = game.finish_deal()
        assert summary.result["scores"][0] == summary.result["scores"][1]
        assert game.winner == last and game.is_over


def test_r8_4_single_deal_three_handed():
    """The highest deal total wins; two tied at the top: the one of them who took the last
    trick."""
    rules = THREE.with_options(game_mode="single_deal")

    def tie_of(deal, seats):
        s = deal.result()["scores"]
        top = max(s)
        return sorted(i for i, v in enumerate(s) if v == top) == seats

    deal = real_deal(rules, dealer=0, last=2, accept=lambda d: tie_of(d, [1, 2]))
    game = Game(rules, seed=0, first_dealer=0)
    game.start_deal(deal)
    game.finish_deal()
    assert game.winner == 2
    deal = real_deal(rules, dealer=0, accept=lambda d: len(set(d.result()["scores"])) == 3)
    game = Game(rules, seed=0, first_dealer=0)
    game.start_deal(deal)
    summary = game.finish_deal()
    scores = summary.result["scores"]
    assert game.winner == scores.index(max(scores)) and game.is_over


def test_r8_4_single_deal_four_handed_is_won_by_a_side():
    rules = FOUR.with_options(game_mode="single_deal")
    deal = real_deal(rules, dealer=1, last=3,
                     accept=lambda d: len(set(d.result()["scores"])) == 1)
    game = Game(rules, seed=0, first_dealer=1)
    game.start_deal(deal)
    summary = game.finish_deal()
    assert len(summary.result["scores"]) == 2
    assert game.winner == 1                       # seat 3 took the last trick: side 1 (R10.2)


@pytest.mark.parametrize("rule,winner", [("higher_score", 0), ("last_trick", 1)])
def test_r8_3_four_handed_sides_both_reach(rule, winner):
    """Totals per side: 1620 / 1510, seat 3 (side 1) took the last trick."""
    game, summary = game_ending(FOUR.with_options(both_reach_rule=rule), [1620, 1510], last=3)
    assert summary.totals_after == [1620, 1510]
    assert game.winner == winner


def test_s083_the_club_text_last_trick_is_250():
    """seed_000C: the last trick scores 250 (and nothing for the other player)."""
    rules = RuleSet.preset("seed_000C")
    assert rules.last_trick_points == 250
    for last in (0, 1):
        deal = real_deal(rules, dealer=1, last=last)
        assert deal.result()["last_trick"] == [250 if s == last else 0 for s in (0, 1)]
