"""RULES.md §12.3: declarations (S-20 … S-50)."""

import pytest

from bezique import PASS, RuleSet, announce, play
from bezique.errors import IllegalAction
from bezique.record import deal_to_record, parse_record, replay
from bezique.events import DrawEvent

from .helpers import (C, D, L, P1, P2, FullDeal, assert_illegal, assert_position, build_deal, codes,
                      decl, held, lead, legal, options, p1_wins, then, trick)


def test_s020_common_marriage():
    assert_position("s020_common_marriage")
    deal = p1_wins("KH QH 7C 8D 9S JC AD", turn_up="9S#2")
    assert codes(deal.hands[P1]) == codes(C(t) for t in "KH QH 7C 8D 9S JC AD".split())
    assert legal(deal) == [D("marriage", "KH QH", 20)]
    top = deal.stock[-1]
    deal.apply(decl(deal, P1, "marriage", "KH QH"))
    assert deal.exposed[P1] == {C("KH"), C("QH")}
    assert deal.declared == [20, 0]
    # nothing else to do: the turn closes and P1 draws first
    assert deal.stage == "play" and top in deal.hands[P1] and len(deal.hands[P1]) == 8


def test_s021_royal_marriage():
    assert_position("s021_royal_marriage")
    deal = p1_wins("KS QS", turn_up="9S#2")
    assert legal(deal) == [D("royal_marriage", "KS QS", 40)]
    then(deal, decl(deal, P1, "royal_marriage", "KS QS"))
    assert deal.declared == [40, 0]


def test_s022_whole_sequence_at_once():
    assert_position("s022_whole_sequence_at_once")
    deal = p1_wins("AS TS KS QS JS 7D 9C", turn_up="8S#2")
    assert legal(deal) == L(D("sequence", "AS TS KS QS JS", 250), D("royal_marriage", "KS QS", 40))
    then(deal, decl(deal, P1, "sequence", "AS TS KS QS JS"))
    assert deal.declared == [250, 0]
    # On any later trick the royal marriage {KS, QS} is illegal (P4).
    lead(deal, "7D")
    assert D("royal_marriage", "KS QS", 40) not in options(deal, P1)
    assert_illegal(deal, decl(deal, P1, "royal_marriage", "KS QS"))
    then(deal)
    assert deal.declared == [250, 0]


def test_s023_royal_marriage_upgraded_to_sequence():
    assert_position("s023_royal_marriage_upgraded_to_sequence")
    deal = build_deal("KS#1 QS#1 AS TS JS 8H 9D 7C#2", (), turn_up="9S#2", stock_top=["7D#2"])
    lead(deal, "7C#2")
    then(deal, decl(deal, P1, "royal_marriage", "KS#1 QS#1"))
    lead(deal, "7D#2")
    assert deal.exposed[P1] == {C("KS#1"), C("QS#1")}
    assert codes(deal.concealed(P1)) == codes(C(t) for t in "AS TS JS 8H 9D".split())
    assert legal(deal) == [D("sequence", "AS TS KS#1 QS#1 JS", 250)]
    then(deal, decl(deal, P1, "sequence", "AS TS KS#1 QS#1 JS"))
    assert deal.declared == [40 + 250, 0] == [290, 0]


@pytest.mark.parametrize("variant", [False, True], ids=["base", "variant_KS2"])
def test_s024_upgrade_needs_same_married_pair(variant):
    assert_position("s024_upgrade_needs_same_married_pair")
    draw = "KS#2" if variant else "9D"
    deal = build_deal("KS#1 QS#1 QS#2 AS TS JS 7C 7H#2", (), turn_up="9S#2",
                      stock_top=[draw, None, "8H#2", None])
    lead(deal, "7H#2")
    then(deal, decl(deal, P1, "royal_marriage", "KS#1 QS#1"))
    trick(deal, "QS#1")                                  # QS#1 is played (and the trick won)
    lead(deal, "8H#2")
    assert deal.exposed[P1] == {C("KS#1")}
    rest = {C(t) for t in ("QS#2 AS TS JS 7C " + draw).split()}
    assert rest <= set(deal.concealed(P1))
    if not variant:
        # nothing legal: the turn closed at once and P1 has already drawn its 8th card
        assert type(deal.log[-1]) is DrawEvent and len(deal.concealed(P1)) == 7
        assert options(deal, P1) == []
        assert deal.stage == "play"                      # nothing legal: the turn closed at once
        with pytest.raises(IllegalAction):
            deal.apply(decl(deal, P1, "sequence", "AS TS KS#1 QS#2 JS"))
    else:
        assert codes(deal.concealed(P1)) == codes(rest)
        assert legal(deal) == L(D("royal_marriage", "KS#2 QS#2", 40),
                                D("sequence", "AS TS KS#2 QS#2 JS", 250))
        assert_illegal(deal, decl(deal, P1, "sequence", "AS TS KS#1 QS#2 JS"), match="марьяже")
        assert_illegal(deal, decl(deal, P1, "royal_marriage", "KS#1 QS#2"), match="марьяже")


def test_s025_no_declaration_without_winning_the_trick_or_after_drawing():
    assert_position("s025_no_declaration_without_winning_the_trick")
    # A: P1 loses the trick holding QS, JD.
    for rules in (RuleSet(), RuleSet().with_options(penalty_mode="apply")):
        deal = build_deal("QS JD 9C", "TC", turn_up="9H#2", rules=rules)
        assert deal.rules.penalty_mode == rules.penalty_mode
        assert lead(deal, "9C", follow="TC") == P2
        then(deal)
        assert deal.legal_declarations(P1) == []
        bezique = decl(deal, P1, "bezique", "QS JD")
        if rules.penalty_mode == "prevent":
            assert_illegal(deal, bezique, P1, match="выигранной взятки")
            assert deal.penalties == [0, 0]
        else:                                              # accepted and fined (S-88)
            deal.apply(bezique, P1)
            assert deal.penalties == [10, 0] and deal.declared == [0, 0]
            assert deal.result()["scores"][P1] == -10
    # B: P1 wins, draws, then tries to declare.
    deal = p1_wins("QS JD", turn_up="9H#2")
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    then(deal)                                             # pass: P1 draws
    assert len(deal.hands[P1]) == 8 and deal.stage == "play"
    assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"), P1)


def test_s026_single_bezique():
    assert_position("s026_single_bezique")
    deal = p1_wins("QS JD 8C 9C 7S KD AH", turn_up="9H#2")
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    then(deal, decl(deal, P1, "bezique", "QS JD"))
    assert deal.declared == [40, 0] and deal.exposed[P1] == {C("QS"), C("JD")}


def test_s027_double_bezique_declared_at_once():
    assert_position("s027_double_bezique_declared_at_once")
    deal = p1_wins("QS#1 QS#2 JD#1 JD#2 7C 8C 9H", turn_up="8H#2")
    assert legal(deal) == sorted([
        D("double_bezique", "QS#1 QS#2 JD#1 JD#2", 500),
        D("bezique", "QS#1 JD#1", 40), D("bezique", "QS#1 JD#2", 40),
        D("bezique", "QS#2 JD#1", 40), D("bezique", "QS#2 JD#2", 40)])
    then(deal, decl(deal, P1, "double_bezique", "QS#1 QS#2 JD#1 JD#2"))
    assert deal.declared == [500, 0]                                      # not 540
    lead(deal, "7C")
    assert not any(o.startswith("bezique") for o in options(deal, P1))
    assert_illegal(deal, decl(deal, P1, "bezique", "QS#1 JD#1"))
    then(deal)
    assert deal.declared == [500, 0]


def _bezique_history(first, second=None):
    """P1 holds all four bezique cards; trick 1 scores `first`, trick 2 `second` (if any)."""
    deal = build_deal("QS#1 QS#2 JD#1 JD#2 7C 8C 9D 7S#2", (), turn_up="8H#2",
                      stock_top=["8S#2", None, "9S#2", None, "7D#2", None])
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, *first))
    lead(deal, "8S#2")
    if second:
        then(deal, decl(deal, P1, *second))
        lead(deal, "9S#2")
    return deal


def test_s028_single_bezique_upgraded_to_double():
    assert_position("s028_single_bezique_upgraded_to_double")
    deal = _bezique_history(("bezique", "QS#1 JD#1"))
    assert deal.exposed[P1] == {C("QS#1"), C("JD#1")}
    assert legal(deal) == L(D("bezique", "QS#2 JD#2", 40),
                            D("double_bezique", "QS#1 QS#2 JD#1 JD#2", 500))
    assert_illegal(deal, decl(deal, P1, "bezique", "QS#2 JD#1"), match="безике")
    assert_illegal(deal, decl(deal, P1, "bezique", "QS#1 JD#2"), match="безике")
    then(deal, decl(deal, P1, "double_bezique", "QS#1 QS#2 JD#1 JD#2"))
    assert deal.declared == [540, 0]


def test_s029_two_separate_singles_cannot_become_a_double():
    assert_position("s029_two_singles_cannot_become_double")
    deal = _bezique_history(("bezique", "QS#1 JD#1"), ("bezique", "QS#2 JD#2"))
    assert deal.exposed[P1] >= {C("QS#1"), C("QS#2"), C("JD#1"), C("JD#2")}
    assert options(deal, P1) == []
    assert deal.legal_declarations(P1) == []
    with pytest.raises(IllegalAction):
        deal.apply(decl(deal, P1, "double_bezique", "QS#1 QS#2 JD#1 JD#2"))
    assert deal.declared == [80, 0]


def test_s030_broken_single_bezique():
    assert_position("s030_broken_single_bezique")
    deal = build_deal("QS#1 JD#1 QS#2 JD#2 7C 8C 7S#2", (), turn_up="8H#2",
                      stock_top=["8S#2", None, "9S#2", None])
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, "bezique", "QS#1 JD#1"))
    trick(deal, "QS#1")                                           # QS#1 is played
    lead(deal, "8S#2")
    assert deal.exposed[P1] == {C("JD#1")}
    assert legal(deal) == [D("bezique", "QS#2 JD#2", 40)]
    assert_illegal(deal, decl(deal, P1, "bezique", "QS#2 JD#1"), match="безике")
    assert_illegal(deal, decl(deal, P1, "double_bezique", "QS#1 QS#2 JD#1 JD#2"),
                   match="У вас нет")


def test_s031_no_single_bezique_after_a_double():
    assert_position("s031_no_single_bezique_after_double")
    deal = _bezique_history(("double_bezique", "QS#1 QS#2 JD#1 JD#2"))
    assert deal.exposed[P1] == {C("QS#1"), C("QS#2"), C("JD#1"), C("JD#2")}
    assert not any("bezique" in o for o in options(deal, P1))
    assert deal.declared == [500, 0]


def test_s032_four_kings_with_duplicate_suits():
    assert_position("s032_four_kings_with_duplicate_suits")
    deal = p1_wins("KS#1 KS#2 KH KD 7C 8C 9C", turn_up="9D#2")
    assert legal(deal) == [D("four_kings", "KS#1 KS#2 KH KD", 80)]
    then(deal, decl(deal, P1, "four_kings", "KS#1 KS#2 KH KD"))
    assert deal.declared == [80, 0]


def _four_queens(initial, draws):
    deal = build_deal(initial, (), turn_up="9C#2",
                      stock_top=[draws[0], None, draws[1], None])
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, "four_queens", "QS#1 QH#1 QD#1 QC#1"))
    trick(deal, "QH#1")                                          # QH#1 is played
    lead(deal, "7D#2")
    return deal


def test_s033_four_of_a_kind_cannot_be_topped_up():
    assert_position("s033_four_of_a_kind_cannot_be_topped_up")
    deal = _four_queens("QS#1 QH#1 QD#1 QC#1 7S#2 7D#2 QH#2", ["9S#1", "9S#2"])
    assert deal.exposed[P1] == {C("QS#1"), C("QD#1"), C("QC#1")}
    assert C("QH#2") in deal.concealed(P1)
    assert options(deal, P1) == []
    assert deal.stage == "play"
    with pytest.raises(IllegalAction):
        deal.apply(decl(deal, P1, "four_queens", "QS#1 QD#1 QC#1 QH#2"))
    assert deal.declared == [60, 0]


def test_s034_a_second_completely_new_four_of_a_kind():
    assert_position("s034_second_completely_new_four_of_a_kind")
    deal = _four_queens("QS#1 QH#1 QD#1 QC#1 7S#2 7D#2 QS#2 QH#2", ["QD#2", "QC#2"])
    assert codes(deal.concealed(P1)) == ["QS#2", "QH#2", "QD#2", "QC#2"]
    assert legal(deal) == [D("four_queens", "QS#2 QH#2 QD#2 QC#2", 60)]
    assert_illegal(deal, decl(deal, P1, "four_queens", "QS#1 QH#2 QD#2 QC#2"), match="четвёрк")
    then(deal, decl(deal, P1, "four_queens", "QS#2 QH#2 QD#2 QC#2"))
    assert deal.declared == [120, 0]


def test_s035_one_queen_in_three_different_kinds():
    assert_position("s035_one_queen_in_three_kinds")
    deal = build_deal("KS QS#1 JD#1 QH QD QC 7S#2 7D#2", (), turn_up="9H#2")
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, "marriage", "KS QS#1"))
    lead(deal, "7D#2")
    assert D("bezique", "QS#1 JD#1", 40) in legal(deal)
    then(deal, decl(deal, P1, "bezique", "QS#1 JD#1"))
    lead(deal, min(c for c in deal.concealed(P1) if c.rank in "987"))
    assert legal(deal) == [D("four_queens", "QS#1 QH QD QC", 60)]
    then(deal, decl(deal, P1, "four_queens", "QS#1 QH QD QC"))
    assert deal.declared == [120, 0]
    assert [d.meld for d in deal.melds[P1].scored] == ["marriage", "bezique", "four_queens"]


@pytest.mark.parametrize("variant", [False, True], ids=["base", "with_KH2"])
def test_s036_a_king_cannot_be_remarried(variant):
    assert_position("s036_king_cannot_be_remarried")
    draw = "KH#2" if variant else "9D#2"
    deal = build_deal("KH#1 QH#1 QH#2 7H#2 8H#2", (), turn_up="9S#2",
                      stock_top=[draw, None, "9C#2", None])
    lead(deal, "7H#2")
    then(deal, decl(deal, P1, "marriage", "KH#1 QH#1"))
    trick(deal, "QH#1")
    lead(deal, "8H#2")
    assert deal.exposed[P1] == {C("KH#1")} and C("QH#2") in deal.concealed(P1)
    if variant:
        assert legal(deal) == [D("marriage", "KH#2 QH#2", 20)]
        assert_illegal(deal, decl(deal, P1, "marriage", "KH#1 QH#2"), match="марьяже")
    else:
        assert options(deal, P1) == [] and deal.stage == "play"


def test_s037_two_combinations_at_once_one_scored_one_pending():
    deal = build_deal("AS AH AC AD KD QD 9S 7C#2", "9S#2 8S#2", turn_up="9D#2",
                      stock_top=["QS", None, "JD", None])
    lead(deal, "7C#2")
    assert legal(deal) == L(D("four_aces", "AS AH AD AC", 100), D("royal_marriage", "KD QD", 40))
    deal.apply(decl(deal, P1, "four_aces", "AS AH AD AC"))
    assert deal.declared == [100, 0]
    assert [(a.meld, codes(a.cards)) for a in deal.legal_announcements()] == \
        [("royal_marriage", ["KD#1", "QD#1"])]
    assert deal.legal_declarations() == []                       # one scoring per trick
    deal.apply(announce("royal_marriage", [C("KD"), C("QD")]))   # «40 за мной»
    assert deal.exposed[P1] == {C("AS"), C("AH"), C("AD"), C("AC"), C("KD"), C("QD")}
    assert [codes(d.cards) for d in deal.pending[P1]] == [["KD#1", "QD#1"]]
    assert deal.declared == [100, 0]                             # announcing scores nothing
    assert deal.stage == "play" and len(deal.hands[P1]) == 8     # P1 drew
    # P1's next trick won: the pending royal marriage may be scored as that trick's declaration.
    lead(deal, "9S")
    assert D("royal_marriage", "KD QD", 40) in legal(deal)
    then(deal, decl(deal, P1, "royal_marriage", "KD QD"))
    assert deal.declared == [140, 0] and deal.pending[P1] == []


def test_s038_a_pending_combination_is_voided():
    deal = build_deal("AS AH AC AD KD QD 9S 7C#2", "TD 8S", turn_up="9D#2",
                      stock_top=["9H", None, None, "QD#2"])
    lead(deal, "7C#2")
    deal.apply(decl(deal, P1, "four_aces", "AS AH AD AC"))
    deal.apply(announce("royal_marriage", [C("KD"), C("QD")]))
    assert deal.pending[P1]
    assert lead(deal, "QD", follow="TD") == P2                   # P1 leads QD and loses
    assert deal.pending[P1] == []                                # the pending marriage is void
    then(deal)                                                   # P2 draws, then P1 draws QD#2
    assert C("QD#2") in deal.hands[P1]
    # KD was never scored in MARRIAGE: {KD, QD#2} = 40 is legal on P1's next trick won.
    assert lead(deal, "8S", follow="9S") == P1
    assert legal(deal) == [D("royal_marriage", "KD QD#2", 40)]


def test_s039_pending_combinations_switched_off():
    rules = RuleSet().with_options(allow_pending_declarations=False)
    deal = build_deal("AS AH AC AD KD QD 9S 7C#2", (), turn_up="9D#2", rules=rules)
    lead(deal, "7C#2")
    deal.apply(decl(deal, P1, "four_aces", "AS AH AD AC"))
    assert deal.legal_announcements(P1) == []
    assert deal.stage == "play"                                  # P1 drew at once
    assert deal.exposed[P1] == {C("AS"), C("AH"), C("AD"), C("AC")}   # KD, QD stay concealed
    assert_illegal(deal, announce("royal_marriage", [C("KD"), C("QD")]), P1)
    lead(deal, "9S")
    assert legal(deal) == [D("royal_marriage", "KD QD", 40)]        # declared normally later
    for preset in ("seed_003", "seed_004", "seed_000E"):
        assert RuleSet.preset(preset).allow_pending_declarations is False


def test_s040_no_declarations_in_phase_2():
    assert_position("s040_no_declarations_in_phase_2")
    fd = FullDeal("KS QS AH AD AC 9H 9D 9C", "7H 8H 7D 8D 7C 8C 9S 8S", turn_up="8S")
    deal = fd.run(24)
    assert deal.phase == 2 and deal.to_act == P1
    for card, answer in (("AH", "7H"), ("AD", "7D"), ("AC", "7C")):    # tricks 25, 26, 27
        assert lead(deal, card, follow=answer) == P1
    assert deal.tricks_done == 27 and deal.stage == "play"          # no declaration turn
    assert {C("KS"), C("QS")} <= set(deal.hands[P1])
    assert deal.legal_declarations(P1) == [] and deal.legal_announcements(P1) == []
    assert all(type(a).__name__ == "Play" for a in deal.legal_actions())
    assert_illegal(deal, decl(deal, P1, "royal_marriage", "KS QS"), match="на выход")


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet.preset("seed_001")], ids=["canonical", "seed_001"])
def test_s041_last_declaration_on_trick_24(rules):
    assert_position("s041_last_declaration_on_trick_24")
    fd = FullDeal("9S 8S 9D 8D 9C 8C 7C 7H", "KS KH KD KC 9H#2 8H 8C#2 7S", turn_up="7H",
                  winners=[P1] * 23 + [P2], rules=rules)
    deal = fd.run(23)
    assert deal.stock_count == 1 and deal.turn_up == C("7H")
    last_card = deal.stock[0]
    deal = fd.run(24, stop_in_declare=True)
    assert deal.leader == P2
    if rules.last_stock_trick_declaration:
        assert deal.stage == "declare"
        assert legal(deal) == [D("four_kings", "KS KH KD KC", 80)]
        then(deal, decl(deal, P2, "four_kings", "KS KH KD KC"))
        assert deal.declared == [0, 10 + 80]                     # dealer's turned-up 7H + 80
    else:
        assert deal.stage == "play" and deal.declared == [0, 10]
    assert last_card in deal.hands[P2] and C("7H") in deal.hands[P1]
    assert deal.phase == 2 and deal.turn_up is None and deal.stock_count == 0


def test_s042_phase_1_card_play_does_not_cancel_scored_points():
    deal = build_deal("KH QH 7S#2", "TH", turn_up="9C#2")
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, "marriage", "KH QH"))
    assert lead(deal, "QH", follow="TH") == P2                  # P1 plays QH and loses
    then(deal)
    assert deal.declared == [20, 0]
    assert deal.exposed[P1] == {C("KH")}
    assert deal.result()["declared"] == [20, 0]


def test_s043_bezique_pair_and_trump():
    assert_position("s043_bezique_pair_and_trump")
    hand = "QS JD QC JH 9D 8D 9H"
    deal = p1_wins(hand, turn_up="9S#2")
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    assert_illegal(deal, decl(deal, P1, "bezique", "QC JH"), match="дама пик и валет бубен")
    option = RuleSet().with_options(bezique_pair="trump_dependent")
    deal = p1_wins(hand, turn_up="9S#2", rules=option)
    assert legal(deal) == [D("bezique", "QC JH", 40)]
    assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"), match="дама треф и валет червей")
    deal = p1_wins("QS JD QC JH 9D 8D 9C", turn_up="9H#2", rules=option)
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    assert RuleSet.preset("seed_000A").bezique_pair == "trump_dependent"


def test_s044_double_marriage():
    assert_position("s044_double_marriage")
    hand = "KC#1 KC#2 QC#1 QC#2 7D 8D 9D"
    royals = [D("royal_marriage", f"KC#{k} QC#{q}", 40) for k in (1, 2) for q in (1, 2)]
    option = RuleSet().with_options(meld_double_marriage=True)
    deal = p1_wins(hand, turn_up="9C#2", rules=option)
    assert legal(deal) == sorted(royals + [D("double_marriage", "KC#1 KC#2 QC#1 QC#2", 80)])
    then(deal, decl(deal, P1, "double_marriage", "KC#1 KC#2 QC#1 QC#2"))
    assert deal.declared == [80, 0]
    # canonical: one royal marriage now, the other on a later trick won: 80 over two turns
    deal = build_deal(hand + " 7S#2", (), turn_up="9C#2", stock_top=["8S#2"])
    lead(deal, "7S#2")
    assert legal(deal) == sorted(royals)
    then(deal, decl(deal, P1, "royal_marriage", "KC#1 QC#1"))
    lead(deal, "8S#2")
    assert legal(deal) == [D("royal_marriage", "KC#2 QC#2", 40)]
    then(deal, decl(deal, P1, "royal_marriage", "KC#2 QC#2"))
    assert deal.declared == [80, 0]
    # plain suit under the option: 40
    deal = p1_wins("KD#1 KD#2 QD#1 QD#2 7H 8H 9H", turn_up="9C#2", rules=option)
    assert D("double_marriage", "KD#1 KD#2 QD#1 QD#2", 40) in legal(deal)


def test_s045_non_trump_quint():
    assert_position("s045_non_trump_quint")
    hand = "AS TS KS QS JS 7C 8C"
    option = RuleSet().with_options(meld_plain_quint=True)
    deal = p1_wins(hand, turn_up="9H#2", rules=option)
    assert legal(deal) == L(D("marriage", "KS QS", 20), D("plain_quint", "AS TS KS QS JS", 100))
    deal = build_deal(hand + " 7D#2", (), turn_up="9H#2", rules=option)
    lead(deal, "7D#2")
    then(deal, decl(deal, P1, "marriage", "KS QS"))
    lead(deal, "7C")
    assert legal(deal) == [D("plain_quint", "AS TS KS QS JS", 100)]
    then(deal, decl(deal, P1, "plain_quint", "AS TS KS QS JS"))
    assert deal.declared == [120, 0]
    canonical = p1_wins(hand, turn_up="9H#2")
    assert legal(canonical) == [D("marriage", "KS QS", 20)]
    assert_illegal(canonical, decl(canonical, P1, "plain_quint", "AS TS KS QS JS"))


def test_s046_two_trump_sevens():
    assert_position("s046_two_trump_sevens")
    option = RuleSet().with_options(meld_two_trump_sevens=True)
    deal = p1_wins("7D#1 7D#2", turn_up="KD", rules=option)
    assert D("two_trump_sevens", "7D#1 7D#2", 20) in legal(deal)
    deal.apply(decl(deal, P1, "two_trump_sevens", "7D#1 7D#2"))
    assert deal.declared == [20, 0]
    assert deal.melds[P1].sevens_scored == {C("7D#1"), C("7D#2")}       # no further 10 each
    # one of the two MAY be exchanged for KD in the same action, without extra points
    assert legal(deal) == L(D("seven_exchange", "7D#1", 0), D("seven_exchange", "7D#2", 0))
    assert_illegal(deal, decl(deal, P1, "trump_seven", "7D#1"))
    deal.apply(decl(deal, P1, "seven_exchange", "7D#2"))
    assert deal.turn_up == C("7D#2") and C("KD") in deal.hands[P1]
    assert deal.declared == [20, 0] and deal.stage == "play"
    rec = deal_to_record(deal)
    again = replay(parse_record(rec))
    assert again.ok and deal_to_record(again.deal) == rec
    # ... or not: passing keeps both sevens in hand
    deal = p1_wins("7D#1 7D#2", turn_up="KD", rules=option)
    then(deal, decl(deal, P1, "two_trump_sevens", "7D#1 7D#2"))
    assert deal.turn_up == C("KD") and deal.declared == [20, 0] and not deal.seven_exchanged
    # canonical: exchange one seven (+10) now, declare the other (+10) on a later trick won
    deal = build_deal("7D#1 7D#2 7S#2 8S#2", (), turn_up="KD")
    lead(deal, "7S#2")
    assert legal(deal) == sorted([D("seven_exchange", "7D#1", 10), D("seven_exchange", "7D#2", 10),
                                  D("trump_seven", "7D#1", 10), D("trump_seven", "7D#2", 10)])
    assert_illegal(deal, decl(deal, P1, "two_trump_sevens", "7D#1 7D#2"))
    then(deal, decl(deal, P1, "seven_exchange", "7D#1"))
    assert deal.turn_up == C("7D#1") and C("KD") in deal.hands[P1]
    lead(deal, "8S#2")
    assert legal(deal) == [D("trump_seven", "7D#2", 10)]
    then(deal, decl(deal, P1, "trump_seven", "7D#2"))
    assert deal.declared == [20, 0]


def _s047_deal(rules, announce_marriage):
    deal = build_deal("KS#1 KH#1 KD#1 KC#1 QS#1 JD#1 7S#2 8S#2", (), turn_up="9H#2", rules=rules)
    lead(deal, "7S#2")
    then(deal, decl(deal, P1, "four_kings", "KS#1 KH#1 KD#1 KC#1"))
    lead(deal, "8S#2")
    extra = [announce("marriage", [C("KS#1"), C("QS#1")])] if announce_marriage else []
    then(deal, decl(deal, P1, "bezique", "QS#1 JD#1"), *extra)
    lead(deal, sorted(c for c in deal.concealed(P1))[0])
    assert deal.exposed[P1] >= {C(t) for t in "KS#1 KH#1 KD#1 KC#1 QS#1 JD#1".split()}
    return deal


def test_s047_declaring_only_from_exposed_cards():
    assert_position("s047_declaring_only_from_exposed_cards")
    deal = _s047_deal(RuleSet(), False)
    assert legal(deal) == [D("marriage", "KS#1 QS#1", 20)]
    option = RuleSet().with_options(require_card_from_hand=True)
    deal = _s047_deal(option, False)
    assert deal.legal_declarations(P1) == [] and deal.stage == "play"


def test_s047_option_allows_marriage_announced_when_bezique_was_exposed():
    # The marriage {KS#1, QS#1} announced as pending in the same declaration action that moved
    # QS#1 from the concealed hand to the table (the bezique) qualifies (4.5.3 (5)).
    option = RuleSet().with_options(require_card_from_hand=True)
    deal = _s047_deal(option, True)
    assert legal(deal) == [D("marriage", "KS#1 QS#1", 20)]


def test_s048_four_jacks_including_a_bezique_jack():
    assert_position("s048_four_jacks_including_bezique_jack")
    deal = build_deal("QS JD#1 JS JH JC 7H#2 8H#2", (), turn_up="9S#2")
    lead(deal, "7H#2")
    then(deal, decl(deal, P1, "bezique", "QS JD#1"))
    lead(deal, "8H#2")
    assert legal(deal) == [D("four_jacks", "JS JH JD#1 JC", 40)]
    then(deal, decl(deal, P1, "four_jacks", "JS JH JD#1 JC"))
    assert deal.declared == [80, 0]


def test_s049_four_trick_threshold():
    assert_position("s049_four_trick_threshold")
    rules = RuleSet().with_options(min_tricks_before_declaring=4)
    deal = build_deal("KH QH 7S#2 8S#2 7D#2 8D#2", (), turn_up="9H#2", rules=rules)
    for card in ("7S#2", "8S#2", "7D#2"):
        lead(deal, card)
        assert deal.stage == "play" and deal.legal_declarations(P1) == []
    assert len(deal.won[P1]) == 3
    assert_illegal(deal, decl(deal, P1, "royal_marriage", "KH QH"), P1)
    lead(deal, "8D#2")                                                    # 4th trick won
    assert legal(deal) == [D("royal_marriage", "KH QH", 40)]
    canonical = p1_wins("KH QH", turn_up="9H#2")
    assert legal(canonical) == [D("royal_marriage", "KH QH", 40)]        # first trick won
    assert RuleSet.preset("seed_000E").min_tricks_before_declaring == 4


def test_s050_ace_of_the_sequence_reused_in_four_aces():
    assert_position("s050_sequence_ace_reused_in_four_aces")
    deal = build_deal("AS TS KS QS JS AH AD 7H#2", (), turn_up="9S#2", stock_top=["AC"])
    lead(deal, "7H#2")
    then(deal, decl(deal, P1, "sequence", "AS TS KS QS JS"))
    lead(deal, "TS")                                                      # AS stays exposed
    assert C("AS") in deal.exposed[P1]
    assert legal(deal) == [D("four_aces", "AS AH AD AC", 100)]
    then(deal, decl(deal, P1, "four_aces", "AS AH AD AC"))
    assert deal.declared == [350, 0]
