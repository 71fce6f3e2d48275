"""RULES.md §12.4: the seven of trumps (S-51 … S-61)."""

import pytest

from bezique import RuleSet, play
from bezique.events import DeclareEvent, DrawEvent, SevenPlayedEvent

from .helpers import (C, D, L, P1, P2, FullDeal, assert_illegal, assert_position, build_deal,
                      codes, decl, finish_randomly, lead, legal, options, p1_wins, then, trick)


def _s051(rules=None, upto=3):
    """Trump ♥, turn-up KH. P1 holds 7H#1, QS, JD (QH too) and wins tricks 1-3; P2 holds 7H#2
    and TS."""
    deal = build_deal("7H#1 QS JD QH 9D#1 9C#1 8C#1 9S#1", "7H#2 TS", turn_up="KH",
                      rules=rules, stock_top=["8D#1", None, "8D#2", None, "7D#1", None])
    for card in ("9D#1", "9C#1")[:upto - 1]:
        trick(deal, card)
    lead(deal, "8C#1")                                        # trick 3
    return deal


def test_s051_exchange_for_the_turn_up():
    assert_position("s051_exchange_for_the_turn_up")
    deal = _s051()
    assert deal.tricks_done == 3
    assert legal(deal) == L(D("seven_exchange", "7H#1", 10), D("trump_seven", "7H#1", 10),
                            D("bezique", "QS JD", 40))
    n_log = len(deal.log)
    deal.apply(decl(deal, P1, "seven_exchange", "7H#1"))
    assert deal.turn_up == C("7H#1") and deal.seven_exchanged
    assert C("KH") in deal.concealed(P1) and C("7H#1") not in deal.hands[P1]
    assert deal.declared == [10, 0]
    # only one of the three: no further declaration on this trick; P1 draws, then P2
    assert deal.stage == "play"
    assert [(type(e), e.seat) for e in deal.log[n_log:]] == [(DeclareEvent, P1), (DrawEvent, P1),
                                                             (DrawEvent, P2)]
    assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"))
    # on a later trick won, KH may be used: royal marriage KH+QH
    lead(deal, "8D#1")
    assert D("royal_marriage", "KH QH", 40) in legal(deal)
    then(deal, decl(deal, P1, "royal_marriage", "KH QH"))
    assert deal.declared == [50, 0]


def test_s052_exchange_plus_another_declaration():
    rules = RuleSet().with_options(seven_counts_as_declaration=False)
    deal = _s051(rules)
    deal.apply(decl(deal, P1, "seven_exchange", "7H#1"))
    assert deal.stage == "declare" and deal.declared == [10, 0]
    # the KH just obtained may not be used on this trick
    assert legal(deal) == [D("bezique", "QS JD", 40)]
    assert_illegal(deal, decl(deal, P1, "royal_marriage", "KH QH"), match="обмен")
    then(deal, decl(deal, P1, "bezique", "QS JD"))
    assert deal.declared == [50, 0]
    lead(deal, "8D#1")
    assert legal(deal) == [D("royal_marriage", "KH QH", 40)]


def _s053():
    deal = _s051()
    then(deal, decl(deal, P1, "seven_exchange", "7H#1"))
    trick(deal, "8D#1", None, decl(deal, P1, "royal_marriage", "KH QH"))
    assert lead(deal, "9S#1", follow="TS") == P2                 # P2 wins, holding 7H#2
    return deal


def test_s053_the_second_trump_seven():
    assert_position("s053_the_second_trump_seven")
    deal = _s053()
    assert deal.turn_up == C("7H#1")
    assert legal(deal) == [D("trump_seven", "7H#2", 10)]         # declare only: no exchange
    assert_illegal(deal, decl(deal, P2, "seven_exchange", "7H#2"), match="один раз")
    then(deal, decl(deal, P2, "trump_seven", "7H#2"))
    sevens = [sum(d.points for d in m.scored if "seven" in d.meld) for m in deal.melds]
    assert sevens == [10, 10]


def test_s054_a_seven_scores_only_once():
    assert_position("s054_a_seven_scores_only_once")
    deal = _s053()
    then(deal, decl(deal, P2, "trump_seven", "7H#2"))
    assert lead(deal, min(c for c in deal.concealed(P2) if c.rank in "98")) == P2
    assert C("7H#2") in deal.hands[P2]
    assert not any("seven" in o for o in options(deal, P2))
    assert deal.legal_declarations(P2) == []
    assert deal.declared[P2] == 10


@pytest.mark.parametrize("second_seven", [False, True])
def test_s054_variant_declared_seven_is_never_exchanged(second_seven):
    draw = "7H#2" if second_seven else "9S#2"
    deal = build_deal("7H#1 9S#1 8S#1 7S#1 9D#1 8D#1 7D#1 9C#1", (), turn_up="KH",
                      stock_top=[None] * 8 + [draw])
    for card in ("9S#1", "8S#1", "7S#1"):
        trick(deal, card)
    trick(deal, "9D#1", None, decl(deal, P1, "trump_seven", "7H#1"))       # trick 4: +10
    for card in ("8D#1", "7D#1"):
        trick(deal, card)
    lead(deal, "9C#1")                                                    # trick 7
    assert deal.tricks_done == 7 and C("7H#1") in deal.hands[P1]
    assert not deal.seven_exchanged
    if second_seven:
        assert legal(deal) == L(D("seven_exchange", "7H#2", 10), D("trump_seven", "7H#2", 10))
        assert_illegal(deal, decl(deal, P1, "seven_exchange", "7H#1"), match="один раз")
    else:
        assert options(deal, P1) == [] and deal.stage == "play"


def test_s055_seven_already_turned_up():
    assert_position("s055_seven_already_turned_up")
    deal = p1_wins("7S#2", turn_up="7S#1")
    assert deal.declared == [0, 10]
    assert legal(deal) == [D("trump_seven", "7S#2", 10)]
    assert_illegal(deal, decl(deal, P1, "seven_exchange", "7S#2"), match="семёрка")
    then(deal, decl(deal, P1, "trump_seven", "7S#2"))
    assert deal.declared == [10, 10]


def test_s056_seven_rule_played():
    rules = RuleSet().with_options(seven_rule="played")
    deal = build_deal(["7C#1"], ["9C#1"], turn_up="KC", rules=rules)
    assert lead(deal, "7C#1", follow="9C#1") == P2
    assert deal.declared == [10, 0]                                    # played, trick lost
    assert SevenPlayedEvent(P1, C("7C#1"), 10) in deal.log
    # the exchange remains possible, worth seven_exchange_points (0 in seed_002); no "declare"
    for preset, pts in ((rules, 10), (RuleSet.preset("seed_002"), 0)):
        d = p1_wins("7C#2", turn_up="KC", rules=preset)
        assert legal(d) == [D("seven_exchange", "7C#2", pts)]
        assert_illegal(d, decl(d, P1, "trump_seven", "7C#2"))
    # a 7C played in phase 2 scores nothing
    fd = FullDeal("7C#1 AS AH AD 9S 9H 9D 8S", "7C#2 KS KH KD 8H 8D 7S 7H", turn_up="7H",
                  rules=rules)
    deal = fd.run(24)
    assert deal.phase == 2
    before = list(deal.declared)
    lead(deal, "7C#1", follow="7C#2")
    assert deal.declared == before
    finish_randomly(deal)
    assert deal.declared == before


def test_s057_seven_rule_win_trick():
    rules = RuleSet().with_options(seven_rule="win_trick")
    deal = build_deal(["8S#1", "7C#2"], ["9S#1", "7C#1", "AH"], turn_up="KC", rules=rules)
    assert lead(deal, "8S#1", follow="9S#1") == P2
    assert legal(deal) == [D("seven_exchange", "7C#1", 10)]
    then(deal, decl(deal, P2, "seven_exchange", "7C#1"))
    assert deal.declared == [0, 10]
    assert lead(deal, "AH", follow="7C#2") == P1                   # P1 trumps with 7C#2 and wins
    assert deal.declared == [10, 10]
    assert not any("seven" in o for o in options(deal, P1))        # the exchange was made
    # played and lost: nothing
    deal = build_deal(["7C#2"], ["KC#1", "9S#1"], turn_up="QC", rules=rules, stock_top=[])
    deal.apply(play(C("7C#2")), P1)
    deal.apply(play(C("KC#1")), P2)
    assert deal.leader == P2 and deal.declared == [0, 0]


def test_s058_seven_rule_exchange_only():
    assert_position("s058_seven_rule_exchange_only")
    for rules in (RuleSet.preset("seed_004"), RuleSet.preset("seed_003")):
        # A: P1 exchanges 7D#1 for QD (+10); later P2 wins holding 7D#2: no seven scoring.
        deal = build_deal(["7D#1", "9S#1", "AC"], ["7D#2", "TS"], turn_up="QD", rules=rules)
        lead(deal, "AC")
        assert legal(deal) == [D("seven_exchange", "7D#1", 10)]
        then(deal, decl(deal, P1, "seven_exchange", "7D#1"))
        assert deal.declared == [10, 0]
        assert lead(deal, "9S#1", follow="TS") == P2
        assert not any("seven" in o for o in options(deal, P2)) and deal.stage == "play"
        # B: turn-up 7D (P2 +10); P1's 7D#2 never scores
        deal = p1_wins("7D#2", turn_up="7D#1", rules=rules)
        assert deal.declared == [0, 10]
        assert deal.legal_declarations(P1) == [] and deal.stage == "play"


def test_s059_exchange_worth_20():
    assert_position("s059_exchange_worth_20")
    deal = p1_wins("7C#1", turn_up="KC", rules=RuleSet().with_options(seven_exchange_points=20))
    then(deal, decl(deal, P1, "seven_exchange", "7C#1"))
    assert deal.declared == [20, 0]
    assert RuleSet.preset("seed_000E").seven_exchange_points == 20


def test_s060_seven_held_but_no_trick_won():
    fd = FullDeal("7H#1 9H#2 9S 8S 9D 8D 9C 8C", "AS AD AC TS TD TC KS KD", turn_up="9H#2",
                  winners=[P2] * 24, early0="7H#1")
    deal = fd.run(24)
    assert all(w == P2 for w in fd.trick_winners)
    assert deal.declared == [0, 0] and not deal.melds[P1].sevens_scored
    assert deal.phase == 2 and C("7H#1") in deal.hands[P1]
    finish_randomly(deal, seed=2)
    assert deal.declared[P1] == 0                                 # an ordinary low trump


@pytest.mark.parametrize("last_decl", [True, False], ids=["canonical", "no_last_declaration"])
def test_s061_exchange_on_trick_24(last_decl):
    assert_position("s061_exchange_on_trick_24")
    rules = RuleSet().with_options(last_stock_trick_declaration=last_decl)
    fd = FullDeal("7H#1 9S 8S 9D 8D 9C 8C 7S", "AH KS KD KC 8H 9H 7D 7C", turn_up="AH", rules=rules)
    deal = fd.run(23)
    assert deal.stock_count == 1 and deal.turn_up == C("AH") and not deal.seven_exchanged
    last_card = deal.stock[0]
    deal = fd.run(24, stop_in_declare=True)
    assert deal.leader == P1 and C("7H#1") in deal.hands[P1]
    if last_decl:
        assert D("seven_exchange", "7H#1", 10) in legal(deal)
        then(deal, decl(deal, P1, "seven_exchange", "7H#1"))
        assert deal.declared == [10, 0]
        assert {C("AH"), last_card} <= set(deal.hands[P1]) and C("7H#1") in deal.hands[P2]
    else:
        assert deal.stage == "play" and deal.declared == [0, 0]
        assert last_card in deal.hands[P1] and C("AH") in deal.hands[P2]
    assert deal.phase == 2 and [len(h) for h in deal.hands] == [8, 8]


@pytest.mark.parametrize("seven_rule", ["played", "win_trick"])
def test_no_trump_sevens_are_worthless_under_automatic_seven_rules(seven_rule):
    """R10.3.8: in no-trump bezique trump sevens have no value, also once a marriage has fixed
    trumps and under the seven rules that credit a played seven automatically (§5.7)."""
    from bezique.setup import deal_from_cards
    rules = RuleSet.preset("no_trump").with_options(seven_rule=seven_rule)
    deal = deal_from_cards([["KH", "QH", "TS", "7H", "9D", "8D", "9C", "8C"],
                            ["7S", "8S", "9S", "JC", "JS", "7D", "8H", "9H"]], None,
                           rules=rules, dealer=P2)
    assert lead(deal, "TS", follow="7S") == P1
    then(deal, decl(deal, P1, "no_trump_marriage", "KH QH"))
    assert deal.trump == "H" and deal.declared == [40, 0]
    assert lead(deal, "7H", follow="8S") == P1                     # a trump seven wins a trick
    then(deal)
    assert not any(isinstance(e, SevenPlayedEvent) for e in deal.log)
    assert deal.declared == [40, 0]
    # the standard game credits the same trick (control)
    std = RuleSet().with_options(seven_rule=seven_rule)
    deal = build_deal("TS 7H 9D", "7S 8S", turn_up="KH", rules=std)
    lead(deal, "TS", follow="7S")
    then(deal)
    lead(deal, "7H", follow="8S")
    assert any(isinstance(e, SevenPlayedEvent) for e in deal.log)
