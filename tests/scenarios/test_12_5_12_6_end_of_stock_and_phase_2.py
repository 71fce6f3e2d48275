"""RULES.md §12.5 (end of the stock, S-62, S-63) and §12.6 (phase-2 legal plays, S-64 … S-74)."""

import random

import pytest

from bezique import Deal, RuleSet, announce, play
from bezique.tricks import legal_plays, play_problem

from .helpers import (C, D, P1, P2, FullDeal, assert_illegal, assert_position, codes, decl,
                      lead, legal, then)


@pytest.mark.parametrize("seed", range(4))
def test_s062_stock_after_trick_23(seed):
    rng = random.Random(seed)
    deal = Deal.new(RuleSet(), dealer=1, seed=seed)
    while not (deal.tricks_done == 23 and deal.stage == "play"):
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    assert deal.stock_count == 1 and deal.turn_up is not None
    assert [len(h) for h in deal.hands] == [8, 8]                 # concealed + exposed
    assert deal.phase == 1


@pytest.mark.parametrize("score_pending", [True, False], ids=["pending_scored", "pending_lapses"])
def test_s063_transition_to_phase_2(score_pending):
    fd = FullDeal("9S 8S 9D#2 8D#2 9C 8C 7S 9H", "KC QC KS QS 9D 8D 9S#2 7C", turn_up="9H",
                  winners=[P2] * 24, early1="KC QC KS QS")
    deal = fd.run(1, stop_in_declare=True)
    assert deal.leader == P2
    then(deal, decl(deal, P2, "marriage", "KS QS"), announce("marriage", [C("KC"), C("QC")]))
    assert [codes(d.cards) for d in deal.pending[P2]] == [["KC#1", "QC#1"]]
    deal = fd.run(24, stop_in_declare=True)
    assert deal.tricks_done == 24 and deal.leader == P2 and deal.stage == "declare"
    assert deal.pending[P2] and deal.exposed[P2] == {C("KC"), C("QC"), C("KS"), C("QS")}
    assert legal(deal) == [D("marriage", "KC QC", 20)]            # the pending marriage
    last_card = deal.stock[0]
    then(deal, *([decl(deal, P2, "marriage", "KC QC")] if score_pending else []))
    assert deal.declared == [0, 40 if score_pending else 20]
    assert last_card in deal.hands[P2] and C("9H") in deal.hands[P1]   # loser takes the turn-up
    assert deal.exposed == [set(), set()]                         # exposed cards picked up
    assert deal.pending == [[], []]                               # unscored pending: lapsed
    assert deal.phase == 2 and deal.to_act == P2 and deal.stage == "play"
    assert [len(h) for h in deal.hands] == [8, 8]
    # phase-2 rules: P1 must follow a club lead
    deal.apply(play(C("7C")), P2)
    assert codes(deal.legal_plays(P1)) == ["9C#1", "8C#1"]


PHASE2 = [  # scenario, trump, lead, follower's hand, legal (canonical or as stated)
    ("s064_must_head", "H", "9C", "AC 7C KH 8S", "AC"),
    ("s065_cannot_head_any_club", "H", "AC", "TC 7C KH", "TC 7C"),
    ("s066_identical_card_does_not_head", "H", "AC#1", "AC#2 8S", "AC#2"),
    ("s067_void_must_trump", "H", "KS", "7H TH JD 9C", "7H TH"),
    ("s068_no_suit_no_trump_anything", "H", "JD", "AS 9C", "AS 9C"),
    ("s069_trump_led_must_head", "H", "QH", "KH 9H AS", "KH"),
    ("s070_trump_led_cannot_head", "H", "AH", "TH 7H AS", "TH 7H"),
    ("s071_follow_suit_before_trumping", "S", "9H", "AH 7S 8C", "AH"),
    ("s072_no_obligation_to_head", "H", "9C", "AC 7C KH 8S", "AC 7C"),
    ("s073_trump_led_void_in_trumps", "H", "8H", "AS KC", "AS KC"),
]


@pytest.mark.parametrize("stem,trump,led,hand,want", PHASE2, ids=[p[0] for p in PHASE2])
def test_s064_to_s073_phase_2_legal_plays(stem, trump, led, hand, want):
    assert_position(stem)
    rules = RuleSet().with_options(phase2_must_head=False) if stem.startswith("s072") else RuleSet()
    cards = [C(t) for t in hand.split()]
    got = legal_plays(cards, [C(led)], trump, 2, rules)
    assert codes(got) == codes(C(t) for t in want.split())
    for c in cards:
        problem = play_problem(c, cards, [C(led)], trump, 2, rules)
        assert (problem is None) == (c in got)
        if problem:
            assert "нельзя" in problem or "нужно" in problem.lower()
    assert legal_plays(cards, [C(led)], trump, 1, RuleSet()) == cards     # phase 1: anything


S74_FINAL = ("AH TS KS 9C 8C AD 7D QH", "TH 7H AS JS AC TC KD 8D")
S74_TRICKS = [  # trick, leader, lead, follower's legal set, follower's card, winner
    (25, P1, "AD", "KD 8D", "8D", P1),
    (26, P1, "9C", "AC TC", "TC", P2),
    (27, P2, "AS", "TS KS", "KS", P2),
    (28, P2, "JS", "TS", "TS", P1),
    (29, P1, "8C", "AC", "AC", P2),
    (30, P2, "KD", "7D", "7D", P2),
    (31, P2, "7H", "AH QH", "QH", P1),
    (32, P1, "AH", "TH", "TH", P1),
]


def test_s074_a_complete_phase_2():
    assert_position("s074_complete_phase_2")
    fd = FullDeal(*S74_FINAL, turn_up="TH")
    deal = fd.run(24)
    assert deal.phase == 2 and deal.to_act == P1                  # P1 won trick 24 and leads
    assert codes(deal.hands[P1]) == codes(C(t) for t in S74_FINAL[0].split())
    assert codes(deal.hands[P2]) == codes(C(t) for t in S74_FINAL[1].split())
    before = deal.result()
    declared = list(deal.declared)
    for no, leader, led, legal_set, answer, winner in S74_TRICKS:
        assert deal.to_act == leader and deal.tricks_done + 1 == no
        deal.apply(play(C(led)), leader)
        assert codes(deal.legal_plays(1 - leader)) == codes(C(t) for t in legal_set.split())
        wrong = next((c for c in deal.hands[1 - leader] if c not in deal.legal_plays(1 - leader)), None)
        if wrong is not None:
            assert_illegal(deal, play(wrong), 1 - leader)
        deal.apply(play(C(answer)), 1 - leader)
        assert deal.leader == winner
    assert deal.is_over and deal.last_trick_winner == P1
    after = deal.result()
    phase2 = [after["brisques"][p] - before["brisques"][p] for p in (0, 1)]
    assert phase2 == [40, 30]                      # P1: AD, TS, AH, TH; P2: TC, AS, AC
    assert after["last_trick"] == [10, 0]
    assert phase2[0] + after["last_trick"][0] == 50
    assert deal.declared == declared               # no points for 7H in phase 2
    assert after["brisques"][0] + after["brisques"][1] == 160
