"""RULES.md §12.15: additional edge cases of the standard game (S-111 … S-115)."""

import pytest

from bezique import RuleSet, announce, play

from .helpers import (C, D, L, P1, P2, FullDeal, assert_illegal, assert_position, build_deal,
                      codes, decl, lead, legal, then, trick)


def _low(deal, seat=P1):
    return min(c for c in deal.concealed(seat) if c.rank in "987T" and c.suit != deal.trump)


def test_s111_hand_size_invariant_with_exposed_cards():
    assert_position("s111_hand_size_with_exposed_cards")
    deal = build_deal("KD QD QS JD#1", (), turn_up="9S#2")
    trick(deal, _low(deal), None, decl(deal, P1, "marriage", "KD QD"))
    trick(deal, _low(deal), None, decl(deal, P1, "bezique", "QS JD#1"))
    trick(deal, "QS")
    while deal.tricks_done < 10:
        trick(deal, _low(deal))
    assert deal.stage == "play" and deal.to_act == P1 and deal.stock_count == 47 - 20
    assert deal.exposed[P1] == {C("KD"), C("QD"), C("JD#1")}
    assert len(deal.concealed(P1)) == 5 and len(deal.hands[P1]) == 8
    assert deal.view(P1).hand_sizes == (8, 8)
    assert sorted(a.card for a in deal.legal_actions()) == sorted(deal.hands[P1])   # all 8
    deal.apply(play(C("QD")), P1)
    assert len(deal.hands[P1]) == 7 and deal.exposed[P1] == {C("KD"), C("JD#1")}
    deal.apply(play(min(c for c in deal.hands[P2] if c.suit != "S" and c.suit != "D")), P2)
    if deal.stage == "declare":
        then(deal)
    assert len(deal.hands[P1]) == 8                                         # back to 8 after the draw


@pytest.mark.parametrize("choice", ["pending", "other"])
def test_s112_a_pending_combination_survives_draws(choice):
    deal = build_deal("AS AH AC AD KD QD 9S 7C#2", "TS 8S#2", turn_up="9D#2",
                      stock_top=["QS", None, None, "JD"])
    lead(deal, "7C#2")
    then(deal, decl(deal, P1, "four_aces", "AS AH AD AC"), announce("royal_marriage", [C("KD"), C("QD")]))
    assert lead(deal, "9S", follow="TS") == P2                    # P1 loses a trick
    then(deal)
    assert deal.pending[P1] and {C("QS"), C("JD")} <= set(deal.hands[P1])   # after two draws
    assert lead(deal, "8S#2", follow="AS") == P1                  # P1 wins, KD and QD unplayed
    assert legal(deal) == L(D("royal_marriage", "KD QD", 40), D("bezique", "QS JD", 40))
    if choice == "pending":
        then(deal, decl(deal, P1, "royal_marriage", "KD QD"))
        assert deal.declared == [140, 0] and deal.pending[P1] == []
    else:
        then(deal, decl(deal, P1, "bezique", "QS JD"))
        assert deal.declared == [140, 0]
        assert [codes(d.cards) for d in deal.pending[P1]] == [["KD#1", "QD#1"]]   # still pending
        lead(deal, "AH")
        assert D("royal_marriage", "KD QD", 40) in legal(deal)                    # still legal


def test_s113_a_card_obtained_by_exchange_used_later():
    assert_position("s113_card_obtained_by_exchange_used_later")
    deal = build_deal("7H#1 AS AD AC", (), turn_up="AH")
    for _ in range(4):
        trick(deal, _low(deal))
    lead(deal, _low(deal))                                                   # trick 5
    assert deal.tricks_done == 5
    assert legal(deal) == L(D("seven_exchange", "7H#1", 10), D("trump_seven", "7H#1", 10))
    deal.apply(decl(deal, P1, "seven_exchange", "7H#1"))
    assert deal.declared == [10, 0] and C("AH") in deal.concealed(P1)
    assert deal.stage == "play"                                             # no further declaration
    assert_illegal(deal, decl(deal, P1, "four_aces", "AH AS AD AC"))
    lead(deal, _low(deal))
    assert legal(deal) == [D("four_aces", "AS AH AD AC", 100)]
    then(deal, decl(deal, P1, "four_aces", "AS AH AD AC"))
    assert deal.declared == [110, 0]


def test_s114_a_queen_reused_marriage_then_bezique():
    assert_position("s114_queen_reused_marriage_then_bezique")
    deal = build_deal("KS QS JD", (), turn_up="9D#2")
    lead(deal, _low(deal))
    assert D("marriage", "KS QS", 20) in legal(deal)
    then(deal, decl(deal, P1, "marriage", "KS QS"))
    trick(deal, "KS")
    lead(deal, _low(deal))
    assert deal.exposed[P1] == {C("QS")} and C("JD") in deal.concealed(P1)
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    assert RuleSet().bezique_pair == "fixed"


@pytest.mark.parametrize("choice", ["four_kings", "bezique"])
def test_s115_trick_24_with_a_pending_and_a_new_combination(choice):
    fd = FullDeal("KH#1 KH#2 KD KC QD QS JD 9C", "9H AS AC TS TD 8S 8C 7S", turn_up="9H",
                  early0="KH#1 KH#2 KD KC QD")
    deal = fd.run(1, stop_in_declare=True)
    then(deal, decl(deal, P1, "marriage", "KD QD"),
         announce("four_kings", [C("KH#1"), C("KH#2"), C("KD"), C("KC")]))
    assert deal.declared == [20, 0] and len(deal.pending[P1]) == 1
    deal = fd.run(23)
    last_card = deal.stock[0]
    deal = fd.run(24, stop_in_declare=True)
    assert deal.leader == P1 and deal.stage == "declare"
    assert legal(deal) == L(D("four_kings", "KH#1 KH#2 KD KC", 80), D("bezique", "QS JD", 40))
    if choice == "four_kings":
        deal.apply(decl(deal, P1, "four_kings", "KH#1 KH#2 KD KC"))
        assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"))             # only one
    else:
        deal.apply(decl(deal, P1, "bezique", "QS JD"))
    then(deal)
    assert deal.declared == [20 + (80 if choice == "four_kings" else 40), 0]
    assert last_card in deal.hands[P1] and C("9H") in deal.hands[P2]
    assert deal.pending == [[], []]                                           # the other lapses
    assert deal.phase == 2 and deal.to_act == P1 and deal.exposed == [set(), set()]
    assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"), match="на выход")
