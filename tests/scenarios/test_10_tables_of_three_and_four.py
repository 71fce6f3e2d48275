"""RULES.md §10 (issue 29): the triple bezique's immediate win at three and four (a side wins,
§10.1–10.2), the drawing order at three (R10.1) and the many-pack nine exchange (§10.5.2)."""

import pytest

from bezique import PASS, Game, RuleSet, play
from bezique.events import DrawEvent, PhaseTwoEvent, TrickEvent, TurnUpTakenEvent
from bezique.melds import make_declaration
from bezique.setup import deal_from_cards

from .helpers import finish_randomly

THREE = RuleSet.preset("three_handed")
FOUR = RuleSet.preset("four_handed")
TRIPLE = "QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 AH#1"


def _others(n, seat):
    """Hands with no heart for every seat but `seat` (they cannot head the trump ace)."""
    low = ["9C#1 9C#2 9C#3 8C#1 8C#2 8C#3 7C#1 7C#2", "9D#1 9D#2 9D#3 8D#1 8D#2 8D#3 7D#1 7D#2",
           "9S#1 9S#2 9S#3 8S#1 8S#2 8S#3 7S#1 7S#2"]
    return [TRIPLE if s == seat else low.pop() for s in range(n)]


def triple_after_trick_1(rules, seat):
    """`seat` leads trick 1 (the dealer is the seat before it), wins it with the trump ace and
    declares the triple bezique (1500)."""
    n = rules.players
    dealer = (seat - 1) % n
    game = Game(rules, seed=0, first_dealer=dealer)
    deal = game.start_deal(deal_from_cards(_others(n, seat), "9H#3", rules=rules, dealer=dealer,
                                           seed=1))
    assert deal.to_act == seat
    for k in range(n):
        s = deal.to_act
        deal.apply(play(deal.hands[s][-1] if s == seat else deal.hands[s][0]), s)
    assert deal.leader == seat and deal.stage == "declare"
    triple = [d for d in deal.legal_declarations(seat) if d.meld == "triple_bezique"]
    assert [d.points for d in triple] == [1500]
    deal.apply(triple[0], seat)
    return game, deal


@pytest.mark.parametrize("seat,side", [(2, 0), (1, 1), (3, 1), (0, 0)])
def test_10_2_four_handed_immediate_win_goes_to_the_side(seat, side):
    """Four-handed, immediate win: seat 2 scores the triple bezique → side 0 wins at once."""
    game, deal = triple_after_trick_1(FOUR.with_options(triple_bezique_immediate_win=True), seat)
    assert deal.is_over and deal.game_won_by == seat
    summary = game.finish_deal()
    assert game.is_over and game.winner == side
    assert summary.result["declared"][side] == 1500


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_10_1_three_handed_immediate_win(seat):
    game, deal = triple_after_trick_1(THREE.with_options(triple_bezique_immediate_win=True), seat)
    assert deal.is_over and deal.tricks_done == 1
    game.finish_deal()
    assert game.winner == seat
    assert game.totals[seat] < 1500 + 200                 # 1500 and one trick's brisques at most


def test_10_1_without_the_option_the_deal_goes_on_and_1500_wins_at_its_end():
    rules = THREE
    game, deal = triple_after_trick_1(rules, 1)
    assert not deal.is_over and deal.game_won_by is None
    finish_randomly(deal, seed=3, avoid_declarations=True)
    summary = game.finish_deal()
    assert summary.totals_after[1] >= 1500
    assert game.winner == 1 or summary.totals_after[game.winner] >= 1500


def _draws_after(deal, trick_no):
    """(seat, card, from the turn-up?) of the draws after trick `trick_no` (1-based)."""
    out, seen = [], 0
    for e in deal.log:
        if type(e) is TrickEvent:
            seen += 1
            continue
        if seen == trick_no and type(e) in (DrawEvent, TurnUpTakenEvent):
            out.append((e.seat, e.card, type(e) is TurnUpTakenEvent))
        if seen > trick_no:
            break
    return out


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_r10_1_three_handed_drawing_order(dealer):
    """The trick winner draws first, then the others in playing order (winner + 1, winner + 2)."""
    leader = (dealer + 1) % 3
    deal = deal_from_cards({leader: "AH#1"}, "9H#3", ["KS#1", "KS#2", "KS#3"], rules=THREE,
                           dealer=dealer, seed=4)
    hands = {s: [c for c in deal.hands[s] if c.suit != "H" or s == leader] for s in range(3)}
    deal.apply(play(next(c for c in deal.hands[leader] if c.code == "AH#1")), leader)
    for s in ((leader + 1) % 3, (leader + 2) % 3):
        deal.apply(play(hands[s][0] if hands[s] else deal.hands[s][0]), s)
    assert deal.leader == leader                           # the trump ace, led first, wins
    if deal.stage == "declare":
        deal.apply(PASS, leader)
    assert [(s, c.code, up) for s, c, up in _draws_after(deal, 1)] == [
        (leader, "KS#1", False), ((leader + 1) % 3, "KS#2", False),
        ((leader + 2) % 3, "KS#3", False)]
    assert [len(h) for h in deal.hands] == [8, 8, 8]


def test_r10_1_three_handed_after_the_last_stock_trick():
    """After trick 24 the winner and the next player take the last two face-down cards, the
    third player takes the turn-up."""
    for seed in range(3):
        deal = finish_randomly(deal_from_cards([(), (), ()], "9H#3", rules=THREE, dealer=seed,
                                               seed=seed), seed=seed)
        tricks = deal.tricks()
        w = tricks[23].winner
        draws = _draws_after(deal, 24)
        assert [(s, up) for s, _, up in draws] == [(w, False), ((w + 1) % 3, False),
                                                   ((w + 2) % 3, True)]
        turned = "9H#3" if not deal.seven_exchanged else "7H"   # or the seven exchanged for it
        assert draws[2][1].code.startswith(turned)
        two = [e for e in deal.log if type(e) is PhaseTwoEvent]
        assert len(two) == 1 and two[0].leader == w


MP = RuleSet.preset("many_pack_infusorka")


def test_10_5_2_no_nine_exchange_with_a_nine_turned_up():
    """Many-pack: turn-up 9♥, holding 9♥#2 after a won trick → no exchange offered."""
    deal = deal_from_cards(["9C#1", "AS#1 9H#2 KH#1"], "9H#1", rules=MP, dealer=0, seed=2)
    deal.apply(play(next(c for c in deal.hands[1] if c.code == "AS#1")), 1)
    low = min((c for c in deal.hands[0] if c.suit not in "SH" and not c.is_joker),
              key=lambda c: -c.rank_index)
    deal.apply(play(low), 0)
    assert deal.leader == 1
    offered = [d.meld for d in deal.legal_declarations(1)]
    assert "nine_exchange" not in offered
    assert deal.turn_up.code == "9H#1"


def test_10_5_2_nine_exchange_offered_with_another_turn_up():
    deal = deal_from_cards(["9C#1", "AS#1 9H#2 KH#1"], "KH#2", rules=MP, dealer=0, seed=2)
    deal.apply(play(next(c for c in deal.hands[1] if c.code == "AS#1")), 1)
    low = min((c for c in deal.hands[0] if c.suit not in "SH" and not c.is_joker),
              key=lambda c: -c.rank_index)
    deal.apply(play(low), 0)
    assert deal.leader == 1
    nines = [d for d in deal.legal_declarations(1) if d.meld == "nine_exchange"]
    held_nines = sorted(c.code for c in deal.hands[1] if c.rank == "9" and c.suit == "H")
    assert "9H#2" in held_nines
    assert sorted(c.code for d in nines for c in d.cards) == held_nines   # one a held nine
    assert make_declaration("nine_exchange", [c for c in deal.hands[1] if c.code == "9H#2"], 0) in nines
