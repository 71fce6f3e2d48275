"""RULES.md §12.7: scoring and the end of the game (S-75 … S-84)."""

import pytest

from bezique import Deal, Game, RuleSet, play
from bezique.cards import Card
from bezique.tally import trick_points

from .helpers import (C, D, P1, P2, FullDeal, assert_position, build_deal, decl, finish_randomly,
                      lead, legal, then, trick)


def test_s075_counting_brisques():
    assert_position("s075_counting_brisques")
    won = [(C("AS#1"), C("AS#2")), (C("TH"), C("TC")), (C("AD"), C("9C")), (C("8C"), C("7D"))]
    assert trick_points(won, RuleSet()) == 5 * 10 == 50
    assert trick_points(won, RuleSet().with_options(brisque_count="per_trick")) == 30


def test_s076_full_deal_tally():
    (pos,) = assert_position("s076_full_deal_tally")
    from bezique.positions import solve
    out = solve(pos)
    assert out["scores"] == [230, 380]
    assert out["brisques"] == [90, 70] and sum(out["brisques"]) == 160
    assert out["declared"] == [40 + 100, 10 + 40 + 250]
    assert out["last_trick"] == [0, 10]


def _finished(rules, scores, last_trick_winner, dealer):
    """A real deal played to its end, whose tally is then set to the scenario's figures."""
    deal = build_deal(rules=rules, dealer=dealer)
    finish_randomly(deal, seed=1)
    deal.result = lambda: {"scores": list(scores), "brisques": [0, 0], "declared": list(scores),
                           "last_trick": [10 if p == last_trick_winner else 0 for p in (0, 1)]}
    deal.last_trick_winner = last_trick_winner
    return deal


def _game_after(rules, before, deal_scores, last_trick_winner):
    game = Game(rules, seed=0, first_dealer=1)
    game.totals = list(before)
    game.start_deal(_finished(game.rules, deal_scores, last_trick_winner, game.next_dealer()))
    summary = game.finish_deal()
    return game, summary


def test_s077_one_player_reaches_the_target():
    game, summary = _game_after(RuleSet(), [980, 900], [30, 50], P2)
    assert summary.totals_after == [1010, 950]
    assert game.winner == P1 and game.is_over


def test_s078_both_reach_the_target():
    game, summary = _game_after(RuleSet(), [820, 700], [240, 370], P1)
    assert summary.totals_after == [1060, 1070]
    assert game.winner == P2                                         # higher_score
    game, _ = _game_after(RuleSet().with_options(both_reach_rule="last_trick"),
                          [820, 700], [240, 370], P1)
    assert game.winner == P1
    assert RuleSet.preset("seed_000C").both_reach_rule == "last_trick"


@pytest.mark.parametrize("rule", ["higher_score", "last_trick"])
def test_s079_both_reach_with_equal_totals(rule):
    game, summary = _game_after(RuleSet().with_options(both_reach_rule=rule), [900, 900],
                                [140, 140], P2)
    assert summary.totals_after == [1040, 1040]
    assert game.winner == P2


def test_s080_reaching_the_target_mid_deal():
    game = Game(RuleSet(), seed=0, first_dealer=1)
    game.totals = [965, 0]
    deal = build_deal("QS JD", (), turn_up="9H#2")
    game.start_deal(deal)
    for _ in range(9):
        trick(deal, min(c for c in deal.concealed(P1) if c.rank in "987T"))
    lead(deal, min(c for c in deal.concealed(P1) if c.rank in "987T"))       # trick 10
    assert deal.tricks_done == 10
    then(deal, decl(deal, P1, "bezique", "QS JD"))
    assert game.totals[P1] + deal.declared[P1] == 1005
    assert not game.is_over and not deal.is_over and deal.legal_actions()   # play continues
    with pytest.raises(ValueError):
        game.finish_deal()                                          # no check before the end
    finish_randomly(deal, seed=4)
    summary = game.finish_deal()
    assert summary.totals_after[P1] >= 1005 and summary.totals_after[P2] < 1000
    assert game.winner == P1


def test_s081_target_1500():
    rules = RuleSet.preset("seed_001")
    assert rules.target_score == 1500
    game, summary = _game_after(rules, [1000, 1000], [210, 490], P2)
    assert summary.totals_after == [1210, 1490]
    assert game.winner is None and not game.is_over
    assert game.next_dealer() == 0                                 # next deal, dealer alternates


def test_s082_single_deal_game():
    rules = RuleSet().with_options(game_mode="single_deal")
    game, summary = _game_after(rules, [0, 0], [430, 380], P2)
    assert game.winner == P1


def test_s083_last_trick_250():
    assert_position("s083_last_trick_250")
    for rules, pts in ((RuleSet().with_options(last_trick_points=250), 250), (RuleSet(), 10)):
        fd = FullDeal("AS AH AD AC 9S 9H 9D 9C", "7S 7H 7D 7C 8S 8H 8D 8C", turn_up="8H",
                      rules=rules)
        deal = fd.run(24)
        for card in ("AS", "AH", "AD", "AC", "9S", "9H", "9D", "9C"):    # P1 wins every trick
            lead(deal, card)
        assert deal.is_over and deal.last_trick_winner == P1
        assert deal.result()["last_trick"] == [pts, 0]


def test_s084_trick_scoring_000C():
    assert_position("s084_trick_scoring_000C")
    option = RuleSet().with_options(trick_scoring="per_trick_000C", brisque_count="per_trick")
    assert trick_points([(C("AH"), C("JC"))], option) == 20
    assert trick_points([(C("7D"), C("8D"))], option) == 10
    assert trick_points([(C("AH"), C("JC"))], RuleSet()) == 10
    assert trick_points([(C("7D"), C("8D"))], RuleSet()) == 0
    # in a real deal: P1 leads AH (trump ♠), P2 plays JC, P1 takes the trick
    deal = build_deal(["AH"], ["JC"], turn_up="9S#2", rules=option)
    assert lead(deal, "AH", follow="JC") == P1
    assert deal.brisques(P1) == 20 and deal.brisques(P2) == 0
    assert RuleSet.preset("seed_000C").trick_scoring == "per_trick_000C"
