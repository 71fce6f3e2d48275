"""The coach: legality with the engine's reasons, hints with reasons, the after-deal review."""

from __future__ import annotations

import random

from bezique.actions import PASS, Play
from bezique.cards import Card
from bezique.deal import Deal
from bezique.melds import Declaration
from bezique.players import coach
from bezique.players.determinize import action_key
from bezique.players.heuristic import HeuristicPlayer
from bezique.players.match import play_deal
from bezique.rules import RuleSet
from bezique.tricks import legal_reason, play_problem

from .helpers import advance, deal_from, swap_hidden


def _royal_marriage_position(stock_first=""):
    """Seat 1 (trumps ♠, turn-up 8♠) wins the first trick holding K♠ Д♠; A♠ 10♠ В♠ unseen."""
    d = deal_from("7C 8C 9H KD QH JC TD 9S", "KS QS 9C 7H 8H 8D 9D 7C", "8S",
                  stock_first=stock_first)
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)
    return d


def test_hint_royal_marriage_early_with_reason():
    d = _royal_marriage_position()
    view = d.view(1)
    assert view.stage == "declare"
    h = coach.hint(view, samples=4)
    assert type(h.action) is Declaration and h.action.meld == "royal_marriage"
    assert "козырный марьяж" in h.text
    assert "секвенц" in h.reason and "250" in h.reason


def test_hint_royal_marriage_before_sequence_when_both_are_legal():
    d = deal_from("7C 8C 9H KD QH JC TD 9D", "KS QS AS TS JS 9C 8H 7C", "8S")
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)
    view = d.view(1)
    melds = {a.meld for a in view.legal_actions if type(a) is Declaration}
    assert {"royal_marriage", "sequence"} <= melds
    h = coach.hint(view, samples=6)
    assert h.action.meld == "royal_marriage"
    assert "секвенц" in h.reason


def test_hint_does_not_depend_on_unseen_cards():
    a = _royal_marriage_position()
    b = _royal_marriage_position(stock_first="AS TS JS")     # the sequence cards on top now
    assert a.view(1).unseen() == b.view(1).unseen()
    assert sorted(a.stock) != sorted(b.stock) or a.stock != b.stock
    ha, hb = coach.hint(a.view(1), samples=4), coach.hint(b.view(1), samples=4)
    assert action_key(ha.action) == action_key(hb.action) and ha.reason == hb.reason


def test_hint_permutation_of_unseen_cards_in_random_positions():
    rng = random.Random(21)
    done = 0
    i = 0
    while done < 4:
        i += 1
        deal = advance(Deal.new(RuleSet(), i % 2, seed=700 + i), rng.randrange(4, 50), rng)
        if deal.is_over or deal.phase != 1:
            continue
        seat = deal.to_act
        other = swap_hidden(deal, seat, rng)
        if other is None:
            continue
        ha = coach.hint(deal.view(seat), samples=3, seed=5)
        hb = coach.hint(other.view(seat), samples=3, seed=5)
        assert action_key(ha.action) == action_key(hb.action)
        assert ha.text == hb.text and ha.reason == hb.reason
        done += 1


def test_legality_phase2_quotes_the_engine():
    rng = random.Random(2)
    for i in range(40):
        deal = Deal.new(RuleSet(), 0, seed=300 + i)
        while not deal.is_over and not (deal.phase == 2 and deal.trick):
            advance(deal, 1, rng, mix=1.0)
        if deal.is_over:
            continue
        seat = deal.to_act
        view = deal.view(seat)
        lg = coach.legality(view)
        hand, trick = list(view.hand), [c for _, c in view.trick]
        assert lg.rule == legal_reason(hand, trick, view.trump, 2, view.rules)
        forbidden_cards = [f for f in lg.forbidden if type(f.action) is Play]
        for f in forbidden_cards:
            assert f.reason == play_problem(f.action.card, hand, trick, view.trump, 2, view.rules)
        assert len(lg.allowed) + len(forbidden_cards) == len(hand)
        # Declarations in phase 2: the engine's own message.
        for f in lg.forbidden:
            if type(f.action) is Declaration:
                assert "восьми взятках" in f.reason
        return
    raise AssertionError("no phase-2 position found")


def test_legality_explains_a_declaration_out_of_turn_and_a_reused_card():
    d = _royal_marriage_position()
    view = d.view(1)
    lg = coach.legality(view)
    assert any(o.action == PASS for o in lg.allowed)
    assert any("Сначала закончите объявление" in f.reason for f in lg.forbidden)
    d.apply(next(a for a in view.legal_actions if type(a) is Declaration), 1)
    # Seat 1 leads now: its marriage cards are on the table and cannot be married again.
    lg = coach.legality(d.view(1))
    texts = [f.reason for f in lg.forbidden]
    assert any("после выигранной взятки" in t for t in texts)


def test_review_lists_costly_decisions():
    from bezique.players.random_player import RandomPlayer
    deal = Deal.new(RuleSet(), 0, seed=12)
    players = [RandomPlayer(1), HeuristicPlayer(1)]
    play_deal(deal, players, until=lambda d: len(d.actions) >= 24)   # a deal in progress can be reviewed too
    mistakes = coach.review(deal, 0, top=3, samples=4)
    assert 1 <= len(mistakes) <= 3
    assert all(m.loss > 0 for m in mistakes)
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    for m in mistakes:
        assert m.text.startswith("Взятка") and "лучше было" in m.text


def test_describe_action_in_russian():
    assert coach.describe_action(Play(Card("Q", "S", 1))) == "сыграть Д♠ (дама пик)"
    assert coach.describe_action(PASS).startswith("не объявлять")
