"""Determinization: sampled deals agree with everything the seat has seen."""

from __future__ import annotations

import random

import pytest

from bezique.actions import Play
from bezique.deal import Deal
from bezique.events import DrawEvent
from bezique.melds import Window
from bezique.players.determinize import Template, check_consistent
from bezique.players.random_player import random_action
from bezique.rules import RuleSet

from .helpers import advance


@pytest.mark.parametrize("preset", ["canonical", "seed_001", "seed_003", "seed_000E", "seed_000A",
                                    "no_trump", "three_handed", "four_handed",
                                    "many_pack_infusorka", "rubicon", "six_pack", "eight_pack"])
def test_sampled_deals_match_the_view(preset):
    rules = RuleSet.from_spec(preset)
    rng = random.Random(11)
    checked = 0
    for i in range(8):
        deal = Deal.new(rules, i % 2, seed=i)
        while not deal.is_over:
            if rng.random() < 0.25:
                view = deal.view(deal.to_act)
                tmpl = Template(view)
                for _ in range(2):
                    sample = tmpl.sample(rng)
                    assert check_consistent(sample, view) == []
                    # The sampled deal can be played to its end.
                    while not sample.is_over:
                        sample.apply(random_action(sample.legal_actions(), rng))
                    checked += 1
            advance(deal, 1, rng)
    assert checked > 50


def test_known_cards_stay_with_their_owner():
    rng = random.Random(3)
    for i in range(30):
        deal = advance(Deal.new(RuleSet(), 0, seed=50 + i), rng.randrange(10, 70), rng)
        if deal.is_over:
            continue
        seat = deal.to_act
        view = deal.view(seat)
        opp = 1 - seat
        for _ in range(3):
            s = Template(view).sample(rng)
            assert view.known[opp] <= set(s.hands[opp])
            assert len(s.hands[opp]) == len(deal.hands[opp])
            assert len(s.stock) == len(deal.stock)
            assert sorted(s.hands[seat]) == sorted(deal.hands[seat])


def test_coupled_draws_give_each_seat_its_own_stream():
    """With `Draws`, a seat receives the same stock cards whoever wins the tricks."""
    from bezique.players.search import Draws, playout, step
    from bezique.actions import Play
    rng = random.Random(5)
    for i in range(6):
        deal = advance(Deal.new(RuleSet(), i % 2, seed=600 + i), rng.randrange(0, 30), rng)
        if deal.is_over or deal.phase != 1 or deal.stage != "play":
            continue
        view = deal.view(deal.to_act)
        tmpl = Template(view)
        cards = list(tmpl.unseen)
        rng.shuffle(cards)
        h = tmpl.hidden_count
        stock = cards[h:]
        draws = Draws.split(stock, view.seat)
        got = []
        for cand in [a for a in view.legal_actions if type(a) is Play][:3]:
            d = tmpl.deal(cards[:h], stock)
            dr = draws.copy()
            start = len(d.log)
            step(d, cand, view.seat, dr)
            playout(d, draws=dr)
            drawn = [e for e in d.log[start:] if type(e) is DrawEvent]
            mine = [e.card for e in drawn if e.seat == view.seat]
            theirs = [e.card for e in drawn if e.seat != view.seat]
            m = (len(stock) - 1) // 2
            assert mine[:m] == draws.streams[view.seat][:len(mine[:m])]
            assert theirs[:m] == draws.streams[1 - view.seat][:len(theirs[:m])]
            got.append(mine[:m])
        assert all(g == got[0] for g in got)


def test_from_view_keeps_the_declaration_window():
    """In the middle of a declaration turn the rebuilt deal offers exactly what the real one
    does: the window is a public value of the view, carried over as it is."""
    rng = random.Random(8)
    windows = 0
    for i in range(150):
        deal = Deal.new(RuleSet(), i % 2, seed=700 + i)
        while not deal.is_over:
            if deal.stage == "declare" and deal.window != Window():
                view = deal.view(deal.to_act)
                tmpl = Template(view)
                rebuilt = tmpl.deal(tmpl.unseen[:tmpl.hidden_count], tmpl.unseen[tmpl.hidden_count:])
                assert rebuilt.window == deal.window
                assert check_consistent(rebuilt, view) == []
                windows += 1
            acts = deal.legal_actions()
            decl = [a for a in acts if type(a) is not Play]
            deal.apply(decl[0] if decl and rng.random() < 0.8 else random_action(acts, rng))
    assert windows >= 5


def test_melds_from_scored_follow_the_variant():
    from bezique.melds import MeldState
    from bezique.variants.infusorka import InfusorkaMelds
    rules = RuleSet.preset("many_pack_infusorka")
    assert type(MeldState.from_scored((), "H", rules)) is InfusorkaMelds
    assert type(MeldState.from_scored((), "H", RuleSet())) is MeldState
