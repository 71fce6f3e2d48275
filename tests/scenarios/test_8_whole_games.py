"""Whole games under every preset (issue 29, RULES.md §8): the end of a game as each rule set
plays it — its target (R8.1), who wins when both (or several) reach it (R8.3: higher score, or
the last trick under the club and old texts), one at the target (R8.6), a tie, nobody yet — and
games played from the first deal to the last, for two, three and four players and the
single-deal mode."""

import random

import pytest

from bezique import Game, RuleSet
from bezique.rules import MULTIPACK_PRESETS, PRESETS

from .game_helpers import game_ending
from .helpers import finish_randomly

LAST_TRICK_PRESETS = {"seed_000C", "seed_000E"}          # both_reach_rule="last_trick"
# The multi-pack games (RULES-multipack.md §15.11) are one deal each, settled: no target.
TARGET_PRESETS = [n for n in PRESETS if n not in MULTIPACK_PRESETS]
TARGET = {name: RuleSet.preset(name).target_score for name in TARGET_PRESETS}


def test_the_presets_that_change_the_end_of_a_game():
    """What the tests below rely on: the targets and both-reach rules of the presets."""
    assert {n for n in PRESETS if RuleSet.preset(n).both_reach_rule == "last_trick"} == \
        LAST_TRICK_PRESETS
    assert {n for n, t in TARGET.items() if t == 1500} == {"seed_001", "three_handed",
                                                            "four_handed"}
    assert {n for n, t in TARGET.items() if t != 1500} == set(TARGET_PRESETS) - {
        "seed_001", "three_handed", "four_handed"} and set(TARGET.values()) == {1000, 1500}
    assert all(RuleSet.preset(n).game_mode == "target" for n in TARGET_PRESETS)
    assert all(RuleSet.preset(n).game_mode == "rubicon" for n in MULTIPACK_PRESETS)


def _sides(rules):
    return 2 if rules.partnerships else rules.players


@pytest.mark.parametrize("name", TARGET_PRESETS)
def test_both_reach_the_target(name):
    """Seat 0 ends 100 over the target, seat 1 50 over, seat 1 took the last trick: the
    higher total wins, except where the last trick decides (000-C, 000-E)."""
    rules = RuleSet.preset(name)
    t = rules.target_score
    after = [t + 100, t + 50] + [t - 600] * (_sides(rules) - 2)
    game, summary = game_ending(rules, after, last=1)
    assert summary.totals_after == after
    assert game.winner == (1 if name in LAST_TRICK_PRESETS else 0) and game.is_over


@pytest.mark.parametrize("name", TARGET_PRESETS)
def test_equal_totals_over_the_target_go_to_the_last_trick(name):
    rules = RuleSet.preset(name)
    t = rules.target_score
    for last in (0, 1):
        after = [t + 40, t + 40] + [t - 600] * (_sides(rules) - 2)
        game, _ = game_ending(rules, after, last=last)
        assert game.winner == last


@pytest.mark.parametrize("name", TARGET_PRESETS)
def test_exactly_the_target_and_one_point_short(name):
    rules = RuleSet.preset(name)
    t = rules.target_score
    rest = [t - 600] * (_sides(rules) - 2)
    game, _ = game_ending(rules, [t - 10, t] + rest, last=0)
    assert game.winner == 1                               # R8.6: only seat 1 reached it
    game, _ = game_ending(rules, [t - 10, t - 20] + rest, last=0)
    assert game.winner is None and not game.is_over       # R8.1: nobody yet, the game goes on


def play_game(rules, seed, max_deals=40):
    """A whole game: deals dealt and played at random until the game is won."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        assert len(game.history) < max_deals
        deal = game.start_deal()
        finish_randomly(deal, seed=rng.randrange(10 ** 6))
        game.finish_deal()
    return game


def check_finished_game(game):
    """What every finished game must show: the dealers in turn, the totals the sums of the
    deals, and a winner that the rules of §8 give."""
    rules, hist = game.rules, game.history
    n = rules.players
    assert [h.dealer for h in hist] == [(game.first_dealer + k) % n for k in range(len(hist))]
    if rules.game_mode == "rubicon":                      # R15.11: void deals, then one settled
        assert all(h.result["settlement"]["winner"] is None for h in hist[:-1])
        st = hist[-1].result["settlement"]
        assert game.winner == st["winner"] is not None
        assert game.totals == [st["value"] if s == st["winner"] else 0 for s in range(n)]
        return
    totals = [0] * _sides(rules)
    for h in hist:
        totals = [a + s + b for a, s, b in zip(totals, h.result["scores"], h.bonus)]
        assert h.totals_after == totals
    assert game.totals == totals
    last = hist[-1]
    if rules.game_mode == "single_deal":
        assert len(hist) == 1
        scores = last.result["scores"]
        top = [s for s, v in enumerate(scores) if v == max(scores)]
        assert game.winner in top
        if len(top) > 1 and rules.side(last.last_trick_winner) in top:
            assert game.winner == rules.side(last.last_trick_winner)
        return
    for h in hist[:-1]:                                   # nobody had won before the last deal
        assert max(h.totals_after) < rules.target_score
    reached = [s for s, v in enumerate(totals) if v >= rules.target_score]
    assert game.winner in reached
    side_last = rules.side(last.last_trick_winner)
    if rules.both_reach_rule == "last_trick" and side_last in reached:
        assert game.winner == side_last
    else:
        best = max(totals[s] for s in reached)
        assert totals[game.winner] == best
        if [totals[s] for s in reached].count(best) > 1 and side_last in reached:
            assert game.winner == side_last


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_whole_game_under_every_preset(name):
    rules = RuleSet.preset(name)
    for seed in range(2):
        game = play_game(rules, seed)
        check_finished_game(game)
        assert len(game.totals) == _sides(rules)
        with pytest.raises(ValueError):
            game.start_deal()                              # a won game deals no more


@pytest.mark.parametrize("name", ["canonical", "three_handed", "four_handed", "seed_000C"])
def test_a_single_deal_game_at_every_table(name):
    rules = RuleSet.preset(name).with_options(game_mode="single_deal")
    for seed in range(4):
        game = play_game(rules, seed, max_deals=1)
        check_finished_game(game)
        assert game.is_over and len(game.history) == 1


@pytest.mark.parametrize("name", ["three_handed", "four_handed"])
def test_lower_target_games_of_three_and_four_end_sooner(name):
    """The target is an option at every table: a game to 300 is over after a deal or two."""
    rules = RuleSet.preset(name).with_options(target_score=300)
    game = play_game(rules, 5, max_deals=4)
    check_finished_game(game)
    assert game.totals[game.winner] >= 300
