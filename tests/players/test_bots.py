"""Computer opponents: only legal actions, never a peek at hidden cards, reproducible."""

from __future__ import annotations

import random

import pytest

from bezique.deal import Deal
from bezique.players.determinize import action_key
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.match import make_player, play_deal
from bezique.players.random_player import RandomPlayer
from bezique.players.search import SearchPlayer
from bezique.rules import RuleSet

from .helpers import advance, swap_hidden


class Checked:
    """Asserts that every chosen action is one of the view's legal actions."""

    def __init__(self, player):
        self.player = player

    def choose(self, view):
        act = self.player.choose(view)
        assert action_key(act) in {action_key(a) for a in view.legal_actions}, act
        return act


@pytest.mark.parametrize("preset", ["canonical", "seed_001", "seed_003", "seed_000E", "seed_002"])
def test_random_and_heuristic_only_legal(preset):
    rules = RuleSet.from_spec(preset)
    wins = margin = 0
    for i in range(12):
        deal = Deal.new(rules, i % 2, seed=i)
        h = i % 2                                             # the heuristic's seat
        play_deal(deal, [Checked(HeuristicPlayer(i)), Checked(RandomPlayer(i))][::1 - 2 * h])
        scores = deal.result()["scores"]
        wins += scores[h] > scores[1 - h]
        margin += scores[h] - scores[1 - h]
    # the Любитель plays to win: it beats random play in (almost) every deal
    assert wins >= 10 and margin > 12 * 100, (wins, margin)


def test_heuristic_self_play_many_deals():
    rules = RuleSet()
    for i in range(40):
        deal = Deal.new(rules, i % 2, seed=1000 + i)
        play_deal(deal, [Checked(HeuristicPlayer(1)), Checked(HeuristicPlayer(2))])
        assert sum(deal.result()["brisques"]) == 160


def test_search_tiny_budget_only_legal():
    rules = RuleSet()
    for i in range(1):
        deal = Deal.new(rules, i, seed=77 + i)
        play_deal(deal, [Checked(SearchPlayer(i, samples=2, time_limit=None)),
                         Checked(RandomPlayer(i))][::1 - 2 * (i % 2)])
        scores = deal.result()["scores"]
        assert scores[i % 2] > scores[1 - i % 2], scores     # even two samples beat random play


@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_player_interface(name):
    p = make_player(name, 3, **({"samples": 2, "time_limit": None} if name == "search" else {}))
    assert p.name == name and p.title in ("Новичок", "Любитель", "Мастер")
    deal = Deal.new(RuleSet(), 0, seed=5)
    act = p.choose(deal.view(deal.to_act))
    assert act in deal.legal_actions()


def _views_equal(a, b):
    fields = ("seat", "trump", "phase", "stage", "to_act", "hand", "tables", "known", "hand_sizes",
              "trick", "tricks", "turn_up", "stock_count", "seven_exchanged", "scored", "pending",
              "declared", "tricks_done")
    return all(getattr(a, f) == getattr(b, f) for f in fields) and \
        sorted(map(action_key, a.legal_actions)) == sorted(map(action_key, b.legal_actions))


def _positions(count, seed):
    """Pairs of deals (original, hidden cards rearranged) with the seat to act in phase 1."""
    rng = random.Random(seed)
    out = []
    i = 0
    while len(out) < count:
        i += 1
        deal = advance(Deal.new(RuleSet(), i % 2, seed=seed * 100 + i), rng.randrange(2, 60), rng)
        if deal.is_over or deal.phase != 1:
            continue
        seat = deal.to_act
        other = swap_hidden(deal, seat, rng)
        if other is None:
            continue
        assert _views_equal(deal.view(seat), other.view(seat))
        assert sorted(other.hands[1 - seat]) != sorted(deal.hands[1 - seat])
        out.append((deal, other, seat))
    return out


def test_heuristic_does_not_peek():
    for deal, other, seat in _positions(25, 1):
        a = HeuristicPlayer(0).choose(deal.view(seat))
        b = HeuristicPlayer(0).choose(other.view(seat))
        assert action_key(a) == action_key(b)


def test_search_does_not_peek():
    for deal, other, seat in _positions(6, 2):
        a = SearchPlayer(9, samples=3, time_limit=None).choose(deal.view(seat))
        b = SearchPlayer(9, samples=3, time_limit=None).choose(other.view(seat))
        assert action_key(a) == action_key(b)


def test_search_does_not_peek_in_phase2():
    rng = random.Random(4)
    found = 0
    i = 0
    while found < 3:
        i += 1
        deal = Deal.new(RuleSet(), 0, seed=400 + i)
        while not (deal.phase == 2 and deal.tricks_done >= 26) and not deal.is_over:
            advance(deal, 1, rng, mix=1.0)
        if deal.is_over:
            continue
        seat = deal.to_act
        # In phase 2 nothing is hidden from a seat that remembers the cards.
        assert sorted(deal.view(seat).unseen()) == sorted(
            c for c in deal.hands[1 - seat] if c not in deal.known[1 - seat])
        found += 1


def test_seeded_search_reproducible():
    rules = RuleSet()

    def run():
        deal = Deal.new(rules, 1, seed=31)
        players = [SearchPlayer(5, samples=2, time_limit=None), HeuristicPlayer(5)]
        play_deal(deal, players, until=lambda d: len(d.actions) >= 30)
        return [action_key(a) for _, a in deal.actions]
    assert run() == run()


def test_seeded_random_reproducible():
    def run():
        deal = Deal.new(RuleSet(), 0, seed=8)
        play_deal(deal, [RandomPlayer(3), RandomPlayer(4)])
        return [action_key(a) for _, a in deal.actions]
    assert run() == run()


@pytest.mark.parametrize("preset", ["no_trump"])
def test_search_other_variants(preset):
    """No-trump is searched (three and four seats: tests/players/test_table.py)."""
    rules = RuleSet.from_spec(preset)
    deal = Deal.new(rules, 0, seed=3)
    play_deal(deal, [Checked(SearchPlayer(0, samples=1, time_limit=None))]
              + [Checked(RandomPlayer(s)) for s in range(1, rules.players)])
    scores = deal.result()["scores"]                      # per side when in partnerships
    assert scores[0] == max(scores) and scores.count(scores[0]) == 1, scores


def test_open_choice_extends_only_close_noisy_decisions():
    from bezique.players.search import _open_choice
    rng = random.Random(1)
    noisy_close = [{0: x, 1: x + rng.gauss(0, 80)} for x in (rng.gauss(0, 100) for _ in range(24))]
    assert _open_choice([0, 1], noisy_close, None)
    # Far apart: candidate 1 is 60 points better every time, give or take a little.
    clear = [{0: x, 1: x + 60 + rng.gauss(0, 5)} for x in (rng.gauss(0, 100) for _ in range(24))]
    assert not _open_choice([0, 1], clear, None)
    # Close but already precise: more samples would not change anything that matters.
    precise = [{0: x, 1: x + rng.gauss(0, 2)} for x in (rng.gauss(0, 100) for _ in range(24))]
    assert not _open_choice([0, 1], precise, None)


def test_search_extends_close_decisions_within_the_extra_budget():
    extended = []
    for deal, _, seat in _positions(6, 3):
        view = deal.view(seat)
        n = SearchPlayer(2, samples=4, time_limit=None, extra_samples=6).analyse(view).samples
        assert n <= 10
        extended.append(n > 4)
        assert SearchPlayer(2, samples=4, time_limit=None, extra_samples=0).analyse(view).samples <= 4
    assert any(extended)
