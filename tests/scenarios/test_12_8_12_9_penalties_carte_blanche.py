"""RULES.md §12.8 penalties (S-85 … S-89) and §12.9 carte blanche (S-90 … S-92)."""

import pytest

from bezique import Game, RuleSet, play
from bezique.errors import IllegalAction
from bezique.record import deal_to_record, parse_record, replay
from bezique.events import CarteBlancheEvent, PenaltyEvent

from .helpers import (C, D, P1, P2, FullDeal, assert_illegal, build_deal, codes, decl,
                      finish_randomly, lead, legal, p1_wins, snapshot, then, trick)

APPLY = RuleSet().with_options(penalty_mode="apply")


def _round_trip(deal):
    """A finished deal's record replays to the same result."""
    rec = deal_to_record(deal)
    out = replay(parse_record(rec))
    assert out.ok, out.error
    assert out.deal.result() == deal.result()
    assert deal_to_record(out.deal) == rec


@pytest.mark.parametrize("rules,fine", [
    (APPLY, 50),
    (RuleSet.preset("seed_000A").with_options(penalty_mode="apply"), 60),
    (APPLY.with_options(penalty_extra_card=60), 60),
])
def test_s085_drawing_an_extra_card(rules, fine):
    deal = build_deal(rules=rules)
    deal.penalize(P1, "extra_card")
    assert deal.penalties == [fine, 0]
    assert deal.result()["scores"] == [-fine, 0]
    assert deal.result()["penalties"] == [fine, 0]
    assert PenaltyEvent(P1, "extra_card", fine) in deal.log


def test_s086_revoke_in_phase_2():
    fd = FullDeal("9C AS AD 9S 9D 8S#2 8D 7S", "7C 8S TS TD KS KD 7D 9H", turn_up="9H", rules=APPLY)
    deal = fd.run(24)
    assert deal.phase == 2 and deal.to_act == P1 and deal.trump == "H"
    deal.apply(play(C("9C")), P1)
    assert codes(deal.legal_plays(P2)) == ["7C#1"]               # must follow
    deal.apply(play(C("8S")), P2)                                 # revoke: accepted and fined
    assert deal.penalties == [0, 20]
    assert deal.won[P1][-1] == (C("9C"), C("8S"))                # the trick stands as played
    assert deal.leader == P1
    finish_randomly(deal, seed=5)
    assert deal.result()["scores"][P2] == (deal.result()["brisques"][P2] + deal.declared[P2]
                                           + deal.result()["last_trick"][P2] - 20)
    _round_trip(deal)


def test_s087_false_declaration():
    game = Game(APPLY, seed=0, first_dealer=1)
    game.totals = [640, 100]
    deal = build_deal("QS JD KS KH KD QH 8S#2 7S#2", (), turn_up="9C#2", rules=APPLY)
    game.start_deal(deal)
    trick(deal, "8S#2", None, decl(deal, P1, "bezique", "QS JD"))
    assert deal.declared == [40, 0]
    lead(deal, "7S#2")
    assert deal.stage == "declare" and C("KC") not in deal.hands[P1]
    deal.apply(decl(deal, P1, "four_kings", "KS KH KD KC"), P1)   # holds only three kings
    assert deal.zeroed[P1] and deal.declared[P1] == 0
    assert PenaltyEvent(P1, "false_declaration", None) in deal.log
    then(deal)
    finish_randomly(deal, seed=2)
    summary = game.finish_deal()
    # the 640 of the game score and the 40 of this deal are gone; the count starts again
    assert summary.totals_after[P1] == summary.result["scores"][P1]
    assert summary.totals_after[P2] == 100 + summary.result["scores"][P2]
    _round_trip(deal)


def test_s088_declaring_before_winning_a_trick():
    deal = build_deal("QS JD", (), turn_up="9H#2", rules=APPLY)
    assert deal.stage == "play" and deal.to_act == P1
    deal.apply(decl(deal, P1, "bezique", "QS JD"), P1)
    assert deal.penalties == [10, 0] and deal.declared == [0, 0]
    assert deal.result()["scores"][P1] == -10
    finish_randomly(deal, seed=3)
    _round_trip(deal)


def test_s089_prevent_mode():
    rules = RuleSet()
    assert rules.penalty_mode == "prevent"
    # S-85: an extra card cannot even be recorded
    deal = build_deal(rules=rules)
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as e:
        deal.penalize(P1, "extra_card")
    assert e.value.message and snapshot(deal) == before
    # S-86: revoke
    fd = FullDeal("9C AS AD 9S 9D 8S#2 8D 7S", "7C 8S TS TD KS KD 7D 9H", turn_up="9H")
    deal = fd.run(24)
    deal.apply(play(C("9C")), P1)
    assert_illegal(deal, play(C("8S")), P2, match="масть")
    # S-87: false declaration
    deal = p1_wins("KS KH KD KH#2 QH", turn_up="9C#2")
    assert legal(deal)
    assert_illegal(deal, decl(deal, P1, "four_kings", "KS KH KD KC"), match="У вас нет ")
    # S-88: declaring before winning a trick
    deal = build_deal("QS JD", (), turn_up="9H#2")
    assert_illegal(deal, decl(deal, P1, "bezique", "QS JD"), P1)
    assert deal.penalties == [0, 0] and deal.declared == [0, 0]


CB = RuleSet().with_options(meld_carte_blanche=True)


def test_s090_carte_blanche_after_the_deal():
    hand = "7S 8S 9H AH TD 9D 8C AC"
    deal = build_deal(hand, "KS QH JC", turn_up="9S#2", rules=CB)
    assert deal.declared == [250, 0]
    assert {C(t) for t in hand.split()} <= deal.known[P1]         # shown to P2
    assert deal.view(P2).known[P1] >= frozenset(C(t) for t in hand.split())
    assert [type(e) for e in deal.log].count(CarteBlancheEvent) == 1
    assert build_deal(hand, "KS QH JC", turn_up="9S#2").declared == [0, 0]   # canonical: off
    assert RuleSet.preset("seed_000C").meld_carte_blanche


def test_s091_both_after_the_deal():
    # both hands without K, Q, J: only P1 (the non-dealer, «партнер сдающего») scores
    deal = build_deal("7S 8S 9H AH TD 9D 8C AC", (), turn_up="9S#2", rules=CB)
    assert not any(c.is_court for c in deal.hands[P2])
    assert deal.declared == [250, 0]
    # engine interpretation: only the dealer has it → the dealer scores; the strict option → nobody
    deal = build_deal("KS QH JC", "7S 8S 9H AH TD 9D 8C AC", turn_up="9S#2", rules=CB)
    assert deal.declared == [0, 250]
    strict = CB.with_options(carte_blanche_after_deal="non_dealer_only")
    deal = build_deal("KS QH JC", "7S 8S 9H AH TD 9D 8C AC", turn_up="9S#2", rules=strict)
    assert deal.declared == [0, 0]


def test_s092_carte_blanche_during_play():
    stock = "9C 8C 7C 9C#2 8C#2 7C#2 TC TC#2 TD TD#2 TS TS#2 AC AC#2".split()
    deal = build_deal("KS 9S 8S 7S 9D 8D 7D AS", "QH 9S#2 8S#2 7S#2 9D#2 8D#2 7D#2 AD",
                      turn_up="9H#2", rules=CB, stock_top=stock)
    assert deal.declared == [0, 0]
    for card in ("9S", "8S", "7S", "9D", "8D"):                  # tricks 1-5, P1 wins
        trick(deal, card)
        assert deal.declared == [0, 0]
    assert lead(deal, "KS", follow="QH") == P2                   # trick 6: P2 trumps and wins
    then(deal)
    assert not any(c.is_court for h in deal.hands for c in h)    # both: no court cards
    assert deal.declared == [0, 250]                             # P2 drew first
    trick(deal, min(c for c in deal.hands[P2] if c.rank in "987"))
    assert not any(c.is_court for h in deal.hands for c in h)
    assert deal.declared == [0, 250]                             # later occurrences: nothing


# --------------------------------------------------------------------------- issue 15

def test_s087_false_declaration_when_the_winner_holds_nothing_to_declare():
    """§9 offence 6, S-87: a winner with no legal declaration gets no declaration turn (the
    engine draws at once), but a declaration made then is still false, not «before a trick»."""
    game = Game(APPLY, seed=0, first_dealer=1)
    game.totals = [640, 100]
    deal = p1_wins("KS KH KD 9S 8D 9D 8H", turn_up="9C#2", rules=APPLY)
    game.start_deal(deal)
    assert deal.stage == "play" and deal.to_act == P1 and not deal.legal_declarations(P1)
    deal.apply(decl(deal, P1, "four_kings", "KS KH KD KC"), P1)     # holds three kings
    assert deal.zeroed[P1] and deal.declared[P1] == 0
    assert deal.penalties == [0, 0]                                 # not the fine of 10
    assert PenaltyEvent(P1, "false_declaration", None) in deal.log
    finish_randomly(deal, seed=2)
    summary = game.finish_deal()
    assert summary.totals_after[P1] == summary.result["scores"][P1]  # the 640 are gone
    _round_trip(deal)


def test_s088_a_declaration_after_the_turn_was_passed_is_still_early():
    """Once the winner passed (or another card was played), a declaration is offence 1 (10)."""
    deal = p1_wins("KS QS 9S 8D 9D 8H 7D", turn_up="9C#2", rules=APPLY)
    assert deal.stage == "declare"
    then(deal)                                                      # passes, draws
    deal.apply(decl(deal, P1, "marriage", "KS QS"), P1)
    assert deal.penalties == [10, 0] and not deal.zeroed[P1]
    # the opponent, who did not win the trick, is fined 10 too
    deal = p1_wins("KS KH KD 9S 8D 9D 8H", turn_up="9C#2", rules=APPLY)
    deal.apply(decl(deal, P2, "four_kings", "KS KH KD KC"), P2)
    assert deal.penalties == [0, 10] and not deal.zeroed[P2]


HEAD = APPLY                                  # canonical: phase2_must_head = true (R7.1)


def test_not_heading_in_the_last_eight_is_not_a_revoke():
    """§9 offence 2 covers failing to follow suit or to trump; not heading the trick has no
    fine, so even penalty mode refuses it (and changes nothing)."""
    fd = FullDeal("9C AS AD 9S 9D 8S#2 8D 7S", "7C AC TS TD KS KD 7D 9H", turn_up="9H", rules=HEAD)
    deal = fd.run(24)
    assert deal.phase == 2 and deal.to_act == P1
    deal.apply(play(C("9C")), P1)
    assert codes(deal.legal_plays(P2)) == ["AC#1"]                # follow and head
    assert_illegal(deal, play(C("7C")), P2, match="перебить")      # follows, does not head
    assert deal.penalties == [0, 0]
    deal.apply(play(C("8S#1") if C("8S#1") in deal.hands[P2] else C("TS")), P2)   # revoke
    assert deal.penalties == [0, 20]


CB_ON = RuleSet().with_options(meld_carte_blanche=True)


def test_carte_blanche_after_the_last_stock_draw():
    """R10.4.1: after the deal or after a draw from the stock; the draw after the last stock
    trick (the last face-down card and the turn-up) is a draw from the stock too."""
    fd = FullDeal("9C AS AD 9S 9D 8S#2 8D 7S", "7C 8S TS TD KS KD 7D 9H", turn_up="9H",
                  rules=CB_ON, seed=2)          # seed 2: no carte blanche in tricks 1-23
    deal = fd.run(23)
    assert not deal.carte_blanche_done
    assert any(c.is_court for c in deal.hands[P1])                 # not before the last draw
    deal = fd.run(24)
    assert deal.phase == 2 and not any(c.is_court for c in deal.hands[P1])
    assert deal.carte_blanche_done
    assert [e for e in deal.log if isinstance(e, CarteBlancheEvent)][0].seat == P1
    finish_randomly(deal, seed=4)
    assert deal.declared[P1] >= 250
    _round_trip(deal)


def test_a_real_combination_completed_by_the_automatic_draw_is_early_not_false():
    """The winner had nothing to declare, the engine drew at once, and the drawn card made a
    marriage: declaring it now is offence 1 (after the draw, 10), not a false declaration."""
    deal = p1_wins("KH 9S 8D 9D 8H 7S TS", turn_up="9C#2", rules=APPLY, stock_top=["QH"])
    assert deal.stage == "play" and C("QH") in deal.hands[P1]
    deal.apply(decl(deal, P1, "marriage", "KH QH"), P1)
    assert deal.penalties == [10, 0] and not deal.zeroed[P1]


# --- a trump seven exchanged without winning a trick (R5.2.3: the timing of a declaration;
# §9.1 offence 1 in "apply" mode, S-88's fine) --------------------------------------------

def _seven_holder(rules, after_lost_trick: bool):
    """P1 holds the trump seven 7H#1 (turn-up KH) and has won no trick: either before the
    first trick (P1 to lead) or while P2, who just won trick 1, has the declaration turn."""
    deal = build_deal("7H#1 9S#1", "TS KS QS", turn_up="KH", rules=rules)   # P2: a marriage
    if after_lost_trick:
        assert lead(deal, "9S#1", follow="TS") == P2
        assert deal.stage == "declare" and deal.to_act == P2
    else:
        assert deal.stage == "play" and deal.to_act == P1 and deal.tricks_done == 0
    assert C("7H#1") in deal.hands[P1] and deal.turn_up == C("KH")
    return deal


@pytest.mark.parametrize("after_lost_trick", [False, True])
def test_seven_exchange_without_a_won_trick_is_refused(after_lost_trick):
    deal = _seven_holder(RuleSet(), after_lost_trick)
    exchange = decl(deal, P1, "seven_exchange", "7H#1")
    assert_illegal(deal, exchange, P1, match="выигранной взятки")
    assert deal.turn_up == C("KH") and not deal.seven_exchanged
    assert deal.penalties == [0, 0] and deal.declared == [0, 0]


@pytest.mark.parametrize("after_lost_trick", [False, True])
def test_seven_exchange_without_a_won_trick_is_fined(after_lost_trick):
    deal = _seven_holder(APPLY, after_lost_trick)
    deal.apply(decl(deal, P1, "seven_exchange", "7H#1"), P1)
    assert deal.penalties == [10, 0]                                  # S-88: the offender −10
    assert PenaltyEvent(P1, "declare_before_trick", 10) in deal.log
    # the exchange itself does not happen and scores nothing
    assert deal.turn_up == C("KH") and not deal.seven_exchanged
    assert C("7H#1") in deal.hands[P1] and C("KH") not in deal.hands[P1]
    assert deal.declared == [0, 0]
    assert deal.result()["scores"][P1] == -10 and deal.result()["penalties"] == [10, 0]
    finish_randomly(deal, seed=4, avoid_declarations=True)
    res = deal.result()
    assert res["scores"][P1] == res["brisques"][P1] + res["last_trick"][P1] - 10
    _round_trip(deal)
