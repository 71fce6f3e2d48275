"""Мастер in a game (issue 18): the game's totals in the view, the game-aware utility of a
played-out deal, the budget of the last stock tricks."""

from __future__ import annotations

import random

from bezique.deal import Deal
from bezique.game import Game
from bezique.players.game_value import (GAME_WEIGHT, LATE_FACTOR, GameValue, game_winner,
                                        late_samples)
from bezique.players.heuristic import HeuristicPlayer, heuristic_action
from bezique.players.match import play_deal
from bezique.players.search import SearchPlayer, playout
from bezique.rules import RuleSet


def finished(seed: int = 3) -> Deal:
    return playout(Deal.new(RuleSet(), 0, seed=seed))


def late_position(seed: int = 13) -> Deal:
    """The Любитель's play to the last stock tricks, a play to choose with several options."""
    d = Deal.new(RuleSet(), 0, seed=seed)
    while not (d.phase == 1 and len(d.stock) <= 7 and len(d.legal_actions()) > 1):
        d.apply(heuristic_action(d))
    return d


def test_view_carries_the_game_totals_before_the_deal():
    game = Game(RuleSet(), seed=1, first_dealer=0)
    deal = game.start_deal()
    assert deal.view(0).game_scores == (0, 0)
    play_deal(deal, [HeuristicPlayer(0), HeuristicPlayer(1)])
    game.finish_deal()
    deal = game.start_deal()
    assert deal.view(1).game_scores == tuple(game.totals) != (0, 0)
    assert Deal.new(RuleSet(), 0, seed=1).view(0).game_scores is None      # a single deal


def test_game_winner_is_the_engines_decision():
    d = finished()
    a, b = d.result()["scores"]
    rules = d.rules
    target = rules.target_score
    cases = [(0, 0), (target - a, 0), (0, target - b), (target - a, target - b),
             (target - a + 5, target - b)]
    for before in cases:
        g = Game(rules, seed=0, first_dealer=0)
        g.totals = list(before)
        g.start_deal(d.clone())
        g.finish_deal()
        assert game_winner(rules, before, d) == g.winner
    assert game_winner(rules, (0, 0), d) is None
    assert game_winner(rules, (target - a, 0), d) == 0


def test_game_term_and_utility():
    d = finished()
    a, b = d.result()["scores"]
    t = d.rules.target_score
    v = d.view(0)
    assert GameValue.of(v) is None                                   # no game: margin only
    win = GameValue(d.rules, (t - a, 0), 0)
    lose = GameValue(d.rules, (0, t - b), 0)
    on = GameValue(d.rules, (0, 0), 0)
    assert (win.term(d), lose.term(d), on.term(d)) == (1, -1, 0)
    assert win.utility(d, 12.0) == 12.0 + GAME_WEIGHT
    assert lose.utility(d, 12.0) == 12.0 - GAME_WEIGHT
    assert on.utility(d, 12.0) == 12.0
    assert GameValue(d.rules, (t - b, 0), 1).term(d) == -1           # the other seat's side
    single = RuleSet(game_mode="single_deal")
    d2 = Deal.new(single, 0, seed=3)
    d2.game_scores = (0, 0)
    assert GameValue.of(d2.view(0)) is None


def test_late_stock_tricks_get_more_samples():
    d = Deal.new(RuleSet(), 0, seed=4)
    assert late_samples(d.view(d.to_act), 24) == 24
    d = late_position(4)
    assert late_samples(d.view(d.to_act), 24) == 48
    assert late_samples(d.view(d.to_act), 24, factor=1.0) == 24


def _choice(deal: Deal, seat: int, scores, seed: int):
    deal.game_scores = scores
    try:
        return SearchPlayer(seed, samples=24, time_limit=None,
                            game_weight=GAME_WEIGHT).analyse(deal.view(seat)).best
    finally:
        deal.game_scores = None


def test_game_aware_search_changes_the_choice_near_the_target():
    """A constructed position: Мастер (seat 1) needs 10 more points this deal to reach 1000,
    the opponent 40. Playing for the game, it takes the trick with the ace of hearts (a
    brisque, and the lead); playing for the margin it does not."""
    d = late_position(13)
    seat = d.to_act
    assert seat == 1 and d.stage == "play"
    scores = (830, 750)
    for seed in (1, 2):
        game_choice = _choice(d, seat, scores, seed)
        assert str(game_choice.card).startswith("Card(AH")
        assert _choice(d, seat, None, seed) != game_choice


def test_without_game_scores_the_search_values_the_margin_as_before():
    """With no game (or a game whose target nobody can reach in this deal) the values are
    exactly the margins: the same analysis, sample by sample."""
    rng = random.Random(6)
    for seed in (5, 6):
        d = Deal.new(RuleSet(), 0, seed=seed)
        for _ in range(rng.randrange(4, 12)):
            d.apply(heuristic_action(d))
        seat = d.to_act
        ref = SearchPlayer(seed, samples=6, time_limit=None, game_weight=0.0).analyse(d.view(seat))
        plain = SearchPlayer(seed, samples=6, time_limit=None,
                             game_weight=GAME_WEIGHT).analyse(d.view(seat))
        d.game_scores = (0, 0)                        # the first deal of a game to 1000
        early = SearchPlayer(seed, samples=6, time_limit=None,
                             game_weight=GAME_WEIGHT).analyse(d.view(seat))
        for an in (plain, early):
            assert [(av.action, av.value, av.samples) for av in an.ranked] == \
                [(av.action, av.value, av.samples) for av in ref.ranked]


def test_default_search_plays_for_the_margin():
    p = SearchPlayer(0)
    assert (p.game_weight, p.late_factor) == (0.0, 1.0)        # the game term is opt-in


def test_game_aware_search_is_reproducible():
    def run():
        game = Game(RuleSet(), seed=8, first_dealer=0)
        game.totals = [700, 650]
        deal = game.start_deal()
        players = [SearchPlayer(3, samples=3, time_limit=None, game_weight=GAME_WEIGHT,
                                late_factor=LATE_FACTOR), HeuristicPlayer(3)]
        play_deal(deal, players)
        return list(deal.actions)
    assert run() == run()
