"""RULES.md §12.11-§12.12 scenarios pinned whole in real deals: S-93 (the 25th card, the
rotation of the cutter), S-95 (triple bezique and `triple_bezique_immediate_win`), S-97 (a
partner's declaration counts for the side), S-99 (the later 20/40 marriages), S-100 (a double
marriage fixes trumps), S-101 (the 340 total), S-110 (the leader wins with no trumps)."""

from __future__ import annotations

import random

import pytest

from bezique import PASS, Deal, Game, RuleSet, declare, parse_cards, play
from bezique.errors import IllegalAction
from bezique.packs import pack_for
from bezique.setup import deal_from_cards
from bezique.tricks import legal_plays, winning_index

THREE = RuleSet.preset("three_handed")
FOUR = RuleSet.preset("four_handed")
NO_TRUMP = RuleSet.preset("no_trump")


def cards(text, copies=2):
    return parse_cards(text, copies=copies)


def card(code, copies=2):
    return cards(code, copies)[0]


def decl_keys(decls):
    return sorted((d.meld, " ".join(c.code for c in d.cards), d.points) for d in decls)


def trick(deal, *codes, copies=2):
    """Play one trick: the seats in turn play the named cards; returns the winner."""
    for code in codes:
        deal.apply(play(card(code, copies)), deal.to_act)
    return deal.leader


def close(deal):
    if deal.stage == "declare":
        deal.apply(PASS, deal.to_act)


# --------------------------------------------------------------------------- S-93

def test_s093_three_handed_the_25th_card_and_the_rotation():
    dealer, seed = 0, 7
    pack = pack_for(THREE)
    random.Random(seed).shuffle(pack)
    game = Game(THREE, seed=0, first_dealer=dealer)
    deal = game.start_deal(Deal.new(THREE, dealer, seed=seed))
    assert len(pack) == 96 and sum(10 for c in pack if c.is_brisque) == 240
    assert [len(h) for h in deal.hands] == [8, 8, 8]
    assert sorted(c for h in deal.hands for c in h) == sorted(pack[:24])    # 3 × 8 dealt
    assert deal.turn_up == pack[24]                                       # the 25th card
    assert deal.trump == pack[24].suit
    assert deal.stock_count == 71 and deal.initial[2] == pack[25:]
    assert (THREE.phase1_tricks, THREE.total_tricks - THREE.phase1_tricks) == (24, 8)
    assert THREE.target_score == 1500
    # the first trick: the dealer's right leads, then the cutter (the dealer's left, the seat
    # before the dealer in rotation), then the dealer; the next deal is dealt by the leader
    assert deal.to_act == (dealer + 1) % 3
    seats = []
    while deal.tricks_done == 0:
        seats.append(deal.to_act)
        deal.apply(play(deal.legal_plays(deal.to_act)[0]), deal.to_act)
    assert seats == [1, 2, 0] and (dealer - 1) % 3 == 2
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(PASS if PASS in acts else acts[0])
    game.finish_deal()
    assert game.next_dealer() == 1


# --------------------------------------------------------------------------- S-95

def _triple_deal(rules):
    """Three-handed, trump ♥, dealer 0: B (seat 1, the first leader) leads AH#1 and wins the
    trick holding QS#1-3, JD#1-3 and a filler (8C#1), none used before."""
    deal = deal_from_cards(["7S#1 8S#1 9S#1", "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 8C#1 AH#1",
                            "7S#2 8S#2 9S#2"], "9H#3", rules=rules, dealer=0)
    assert trick(deal, "AH#1", "7S#2", "7S#1", copies=3) == 1     # B, C, then A
    assert deal.stage == "declare" and deal.to_act == 1
    return deal


def test_s095_triple_bezique_the_19_entries_and_the_game_check():
    deal = _triple_deal(THREE)
    got = deal.legal_declarations(1)
    assert len(got) == 19
    assert [d.points for d in got if d.meld == "triple_bezique"] == [1500]
    assert sorted(len(d.cards) for d in got if d.meld == "triple_bezique") == [6]
    doubles = [d for d in got if d.meld == "double_bezique"]
    assert len(doubles) == 9 and {d.points for d in doubles} == {500}
    singles = [d for d in got if d.meld == "bezique"]
    assert len(singles) == 9 and {d.points for d in singles} == {40}
    game = Game(THREE, seed=0, first_dealer=0)
    game.start_deal(deal)
    deal.apply(next(d for d in got if d.meld == "triple_bezique"), 1)
    assert deal.declared == [0, 1500, 0] and not deal.is_over            # the deal goes on
    rng = random.Random(1)
    while not deal.is_over:
        acts = deal.legal_actions()
        deal.apply(PASS if PASS in acts else acts[rng.randrange(len(acts))])
    summary = game.finish_deal()
    assert summary.totals_after[1] >= 1500 and max(summary.totals_after) == summary.totals_after[1]
    assert game.winner == 1                                   # at the end-of-deal check


def test_s095_triple_bezique_immediate_win_ends_the_game_at_once():
    rules = THREE.with_options(triple_bezique_immediate_win=True)
    deal = _triple_deal(rules)
    game = Game(rules, seed=0, first_dealer=0)
    game.start_deal(deal)
    triple = next(d for d in deal.legal_declarations(1) if d.meld == "triple_bezique")
    deal.apply(triple, 1)
    assert deal.is_over and deal.game_won_by == 1 and deal.tricks_done == 1
    assert deal.legal_actions() == []
    game.finish_deal()
    assert game.is_over and game.winner == 1


# --------------------------------------------------------------------------- S-97

def test_s097_a_declaration_counts_for_the_side_and_uses_own_cards_only():
    dealer, seed = 3, 11
    pack = pack_for(FOUR)
    random.Random(seed).shuffle(pack)
    d = Deal.new(FOUR, dealer, seed=seed)
    assert sorted(c for h in d.hands for c in h) == sorted(pack[:32])
    assert d.turn_up == pack[32] and d.stock_count == 63                  # the 33rd card
    assert (FOUR.phase1_tricks, FOUR.total_tricks - FOUR.phase1_tricks) == (16, 8)
    # N (seat 0) holds KS#1 and wins a trick; his partner S (seat 2) holds QS#1, he QS#2 too
    deal = deal_from_cards(["AH#1 KS#1 QS#2 KC#1", "7D#1", "QS#1 KC#2 QC#1", "7D#2"], "9H#3",
                           rules=FOUR, dealer=3)
    assert deal.to_act == 0
    assert trick(deal, "AH#1", "7D#1", "QS#1", "7D#2", copies=3) == 0
    legal = decl_keys(deal.legal_declarations(0))
    assert legal == [("marriage", "KS#1 QS#2", 20)]
    assert not any("QC#1" in k[1] or "QS#1" in k[1] for k in legal)     # partner's cards: never
    with pytest.raises(IllegalAction):
        deal.apply(declare("marriage", cards("KC#1 QC#1", 3)), 0)
    deal.apply(declare("marriage", cards("KS#1 QS#2", 3)), 0)
    assert deal.declared == [20, 0, 0, 0]
    assert deal.result()["declared"] == [20, 0]                          # N–S, E–W
    res = deal.result()
    assert res["brisques"] == [10, 0]                                     # the AH#1 of N's trick
    assert res["scores"] == [20 + 10, 0]


# --------------------------------------------------------------------------- S-99 … S-101

def test_s099_the_later_marriages_score_20_and_40():
    # dealer P2 (seat 1); P1 leads
    deal = deal_from_cards(["8S#1 TS#1 8H#1 9H#1 KS#1 QS#1 7C#1 8C#1",
                            "AS#1 KD#1 QD#1 KD#2 QD#2 AH#1 9S#2 7D#1"], None,
                           rules=NO_TRUMP, dealer=1)
    assert deal.trump is None
    assert trick(deal, "8S#1", "AS#1") == 1
    deal.apply(declare("no_trump_marriage", cards("KD#1 QD#1"), 40), 1)
    close(deal)
    assert deal.trump == "D" and deal.declared == [0, 40]
    assert trick(deal, "AH#1", "8H#1") == 1
    assert ("royal_marriage", "KD#2 QD#2", 40) in decl_keys(deal.legal_declarations(1))
    deal.apply(declare("royal_marriage", cards("KD#2 QD#2"), 40), 1)     # the second ♦: 40
    close(deal)
    assert trick(deal, "9S#2", "TS#1") == 0
    assert ("marriage", "KS#1 QS#1", 20) in decl_keys(deal.legal_declarations(0))
    deal.apply(declare("marriage", cards("KS#1 QS#1"), 20), 0)          # ♠ now plain: 20
    assert deal.declared == [20, 80] and deal.trump == "D"


@pytest.mark.parametrize("rules,points", [(NO_TRUMP, 80),
                                          (NO_TRUMP.with_options(no_trump_double_marriage_points=50), 50)])
def test_s100_a_double_marriage_fixes_trumps(rules, points):
    deal = deal_from_cards(["AS#1 KH#1 KH#2 QH#1 QH#2 7C#1 8C#1 9D#1", "8S#1"], None,
                           rules=rules, dealer=1)
    assert trick(deal, "AS#1", "8S#1") == 0
    double = [d for d in deal.legal_declarations(0) if len(d.cards) == 4]
    assert decl_keys(double) == [("no_trump_marriage", "KH#1 KH#2 QH#1 QH#2", points)]
    deal.apply(double[0], 0)
    assert deal.trump == "H" and deal.declared == [points, 0]


def test_s101_the_trump_fixing_marriage_then_the_sequence_340():
    deal = deal_from_cards(["AS#1 AS#2 AD#1 TD#1 KD#1 QD#1 JD#1 7C#1",
                            "8S#1 7S#1 7H#1 8H#1 9H#1 7C#2 8C#2 9C#2"], None,
                           rules=NO_TRUMP, dealer=1)
    assert trick(deal, "AS#1", "8S#1") == 0
    legal = decl_keys(deal.legal_declarations(0))
    assert not any(m == "sequence" for m, _, _ in legal)                 # before trumps: no
    with pytest.raises(IllegalAction):
        deal.apply(declare("sequence", cards("AD#1 TD#1 KD#1 QD#1 JD#1")), 0)
    assert ("no_trump_marriage", "KD#1 QD#1", 40) in legal
    deal.apply(declare("no_trump_marriage", cards("KD#1 QD#1"), 40), 0)
    close(deal)
    assert deal.trump == "D" and deal.declared == [40, 0]
    assert trick(deal, "AS#2", "7S#1") == 0
    assert ("sequence", "AD#1 TD#1 KD#1 QD#1 JD#1", 300) in decl_keys(deal.legal_declarations(0))
    deal.apply(declare("sequence", cards("AD#1 TD#1 KD#1 QD#1 JD#1"), 300), 0)
    assert deal.declared == [340, 0]


# --------------------------------------------------------------------------- S-110

def test_s110_no_trumps_in_phase_2_the_leader_wins():
    lead = [card("9C#2")]
    assert legal_plays(cards("AC KH 7C"), lead, None, 2, NO_TRUMP) == [card("AC")]
    assert winning_index(lead + [card("AC")], None) == 1                  # follow and head
    no_clubs = cards("KH 8D AS")
    assert sorted(legal_plays(no_clubs, lead, None, 2, NO_TRUMP)) == sorted(no_clubs)
    for c in no_clubs:                                                    # any card: it loses
        assert winning_index(lead + [c], None) == 0
