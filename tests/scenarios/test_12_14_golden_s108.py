"""RULES.md §12.14: S-108, the scripted opening (golden test)."""

import pytest

from bezique import RuleSet, play
from bezique.record import deal_to_record, parse_record, replay
from bezique.events import DrawEvent

from .helpers import C, D, L, P1, P2, build_deal, codes, decl, legal, then

P1_HAND = "QS#1 JD#1 KC QC 7H#1 8S TD AC"
P2_HAND = "AS KH QH 9C 8D JS TH 7C"
STOCK_TOP = ["AD", "KS", "QS#2", "7D", "JD#2", "8C"]


def _s108(rules=None):
    deal = build_deal(P1_HAND, P2_HAND, turn_up="9H", stock_top=STOCK_TOP, rules=rules)
    assert deal.dealer == P2 and deal.trump == "H" and deal.turn_up == C("9H")
    assert codes(deal.initial[2][:6]) == codes(C(t) for t in STOCK_TOP)
    assert [c.code for c in deal.initial[2][:6]] == ["AD#1", "KS#1", "QS#2", "7D#1", "JD#2", "8C#1"]
    assert deal.stock_count == 47
    return deal


def _trick(deal, seat, card, other, answer):
    deal.apply(play(C(card)), seat)
    deal.apply(play(C(answer)), other)


@pytest.mark.parametrize("seven_rule,p1_total", [
    ("declare_or_exchange", 60), ("played", 70), ("win_trick", 70)])
def test_s108_four_phase_1_tricks_with_declarations_and_draws(seven_rule, p1_total):
    rules = RuleSet().with_options(seven_rule=seven_rule)
    canonical = seven_rule == "declare_or_exchange"
    deal = _s108(rules)
    assert deal.to_act == P1

    # Trick 1: P1 leads 8S; P2 plays AS and wins; P2 declares royal marriage {KH, QH} +40.
    _trick(deal, P1, "8S", P2, "AS")
    assert deal.leader == P2 and deal.stage == "declare"
    assert legal(deal) == [D("royal_marriage", "KH QH", 40)]
    then(deal, decl(deal, P2, "royal_marriage", "KH QH"))
    assert deal.log[-2:] == [DrawEvent(P2, C("AD")), DrawEvent(P1, C("KS"))]
    assert deal.stock_count == 45 and deal.declared == [0, 40]

    # Trick 2: P2 leads 7C; P1 plays AC and wins.
    _trick(deal, P2, "7C", P1, "AC")
    assert deal.leader == P1
    sevens = ([D("seven_exchange", "7H#1", 10), D("trump_seven", "7H#1", 10)] if canonical
              else [D("seven_exchange", "7H#1", 10)])
    assert legal(deal) == L(D("bezique", "QS#1 JD#1", 40), D("marriage", "KC QC", 20),
                            D("marriage", "KS QS#1", 20), *sevens)
    then(deal, decl(deal, P1, "bezique", "QS#1 JD#1"))
    assert deal.log[-2:] == [DrawEvent(P1, C("QS#2")), DrawEvent(P2, C("7D"))]
    assert deal.stock_count == 43 and deal.declared == [40, 40]

    # Trick 3: P1 leads TD; P2 plays AD and wins; no new legal declaration: P2 passes.
    _trick(deal, P1, "TD", P2, "AD")
    assert deal.leader == P2
    assert deal.stage == "play"                     # nothing legal: the turn closed by itself
    assert deal.log[-2:] == [DrawEvent(P2, C("JD#2")), DrawEvent(P1, C("8C"))]
    assert deal.stock_count == 41

    # Trick 4: P2 leads 7D; P1 trumps with 7H#1 and wins.
    _trick(deal, P2, "7D", P1, "7H#1")
    assert deal.leader == P1
    assert legal(deal) == L(D("marriage", "KC QC", 20), D("marriage", "KS QS#1", 20),
                            D("marriage", "KS QS#2", 20))
    then(deal, decl(deal, P1, "marriage", "KC QC"))
    assert deal.stock_count == 39
    assert deal.declared == [p1_total, 40]
    assert deal.result()["declared"] == [p1_total, 40]

    rec = deal_to_record(deal)
    again = replay(parse_record(rec))
    assert again.ok and deal_to_record(again.deal) == rec and again.deal.declared == deal.declared
