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


def _real_deal(rules, dealer, last_trick_winner, after):
    """A real deal played to its end by the engine (seeded random play): the first whose last
    trick `last_trick_winner` takes and whose tally brings totals below the target (nobody had
    won before it) to `after`. Its tally is the engine's own."""
    for seed in range(300):
        deal = finish_randomly(build_deal(rules=rules, dealer=dealer), seed=seed)
        before = [a - s for a, s in zip(after, deal.result()["scores"])]
        if (deal.last_trick_winner == last_trick_winner
                and all(0 <= t < rules.target_score for t in before)):
            return deal, before
    raise AssertionError("no such deal")                          # pragma: no cover


def _game_after(rules, after, last_trick_winner):
    """A game whose real last deal (the last trick to `last_trick_winner`) brings the totals to
    the scenario's `after`: the totals before the deal are `after` minus the deal's tally.
    (A two-handed deal scores at least 170 in all — 160 in brisques and 10 for the last trick —
    so the deal figures of some scenarios, e.g. S-77's +30/+50, are not a real tally; the
    totals after the deal and the winner are what the scenarios pin.)"""
    game = Game(rules, seed=0, first_dealer=1)
    deal, before = _real_deal(game.rules, game.next_dealer(), last_trick_winner, after)
    assert sum(deal.result()["scores"]) >= 170
    assert deal.result()["last_trick"][last_trick_winner] == 10
    game.totals = list(before)
    game.start_deal(deal)
    summary = game.finish_deal()
    assert summary.result == deal.result()
    return game, summary


def test_s077_one_player_reaches_the_target():
    game, summary = _game_after(RuleSet(), [1010, 950], P2)
    assert summary.totals_after == [1010, 950]
    assert game.winner == P1 and game.is_over


def test_exactly_the_target_wins():
    """R8.6: a player at or above the target after the tally wins (1000 exactly is enough)."""
    game, summary = _game_after(RuleSet(), [1000, 950], P2)
    assert summary.totals_after == [1000, 950]
    assert game.winner == P1 and game.is_over
    game, _ = _game_after(RuleSet(), [990, 950], P2)
    assert game.winner is None and not game.is_over


def test_s078_both_reach_the_target():
    game, summary = _game_after(RuleSet(), [1060, 1070], P1)
    assert summary.totals_after == [1060, 1070]
    assert game.winner == P2                                         # higher_score
    game, _ = _game_after(RuleSet().with_options(both_reach_rule="last_trick"), [1060, 1070], P1)
    assert game.winner == P1
    assert RuleSet.preset("seed_000C").both_reach_rule == "last_trick"


@pytest.mark.parametrize("rule", ["higher_score", "last_trick"])
def test_s079_both_reach_with_equal_totals(rule):
    game, summary = _game_after(RuleSet().with_options(both_reach_rule=rule), [1040, 1040], P2)
    assert summary.totals_after == [1040, 1040]
    assert game.winner == P2
    game, _ = _game_after(RuleSet().with_options(both_reach_rule=rule), [1040, 1040], P1)
    assert game.winner == P1                                         # the last trick decides


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
    game, summary = _game_after(rules, [1210, 1490], P2)
    assert summary.totals_after == [1210, 1490]
    assert game.winner is None and not game.is_over
    assert game.next_dealer() == 0                                 # next deal, dealer alternates


def test_s082_single_deal_game():
    rules = RuleSet().with_options(game_mode="single_deal")
    decided = set()
    for seed in range(40):                         # real deals: the higher deal score wins
        game = Game(rules, seed=0, first_dealer=1)
        deal = finish_randomly(build_deal(rules=rules, dealer=game.next_dealer()), seed=seed)
        game.start_deal(deal)
        summary = game.finish_deal()
        scores = summary.result["scores"]
        if scores[P1] != scores[P2]:
            assert game.winner == (P1 if scores[P1] > scores[P2] else P2) and game.is_over
            decided.add(game.winner)
    assert decided == {P1, P2}


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
