"""RULES.md §12.1: pack and deal (S-01 … S-08)."""

import random
from collections import Counter

import pytest

from bezique import Deal, Game, RuleSet
from bezique.cards import Card, make_pack
from bezique.deal import deal_cards
from bezique.game import cut_for_deal
from bezique.events import PhaseTwoEvent, SevenTurnedEvent, TrickEvent

from .helpers import C, P1, P2, build_deal, codes, finish_randomly, legal, lead, p1_wins, D


def test_s001_pack_composition():
    deal = Deal.new(RuleSet(), dealer=1, seed=7)
    everything = deal.hands[0] + deal.hands[1] + deal.stock + [deal.turn_up]
    assert len(everything) == len(set(everything)) == 64
    assert set(everything) == set(make_pack(2))
    faces = Counter(c.face for c in everything)
    assert len(faces) == 32 and set(faces.values()) == {2}
    assert sum(1 for c in everything if c.rank == "A") == 8
    assert sum(1 for c in everything if c.rank == "T") == 8
    assert sum(10 for c in everything if c.is_brisque) == 160


class _NoShuffle(random.Random):
    def shuffle(self, x):            # keep the pack in card order: positions are card indices
        pass


def test_s002_sizes_after_the_deal():
    rules = RuleSet()
    pack = make_pack(2)
    hands, turn_up, stock = deal_cards(rules, 1, _NoShuffle())
    # Dealing order of the first 16 cards: P2 x3, P1 x3, P2 x2, P1 x2, P2 x3, P1 x3.
    assert hands[P2] == pack[0:3] + pack[6:8] + pack[10:13]
    assert hands[P1] == pack[3:6] + pack[8:10] + pack[13:16]
    assert turn_up is pack[16]                    # the 17th card
    assert stock == pack[17:] and len(stock) == 47
    deal = Deal(rules, 1, hands, turn_up, stock)
    assert [len(h) for h in deal.hands] == [8, 8]
    assert deal.stock_count == 47 and deal.trump == turn_up.suit
    assert deal.to_act == P1 and deal.phase == 1
    assert rules.phase1_tricks == 24 and rules.total_tricks == 32
    finish_randomly(deal, seed=3)
    tricks = deal.tricks()
    phase2_at = next(i for i, e in enumerate(deal.log) if type(e) is PhaseTwoEvent)
    assert sum(1 for e in deal.log[:phase2_at] if type(e) is TrickEvent) == 24
    assert len(tricks) == 32


def test_s003_turned_up_seven():
    deal = p1_wins("7H#2 QS", turn_up="7H#1")
    assert deal.trump == "H"
    assert deal.declared == [0, 10]                       # dealer +10 at once
    assert SevenTurnedEvent(P2, C("7H#1"), 10) in deal.log
    # No exchange for the rest of the deal; the other 7H may be declared for 10.
    assert legal(deal) == [D("trump_seven", "7H#2", 10)]


def test_s003_other_seven_may_be_declared_by_whoever_holds_it():
    deal = build_deal(["8S#1"], ["7H#2", "9S#1"], turn_up="7H#1")
    assert lead(deal, "8S#1", follow="9S#1") == P2
    assert legal(deal) == [D("trump_seven", "7H#2", 10)]      # declare only, never exchange
    deal.apply(deal.legal_declarations()[0])
    assert deal.declared == [0, 20]


@pytest.mark.parametrize("turn_up,bonus", [("KD", 0), ("AD", 12), ("AS", 20), ("AC", 20), ("AH", 12)])
def test_s004_turn_up_not_a_seven(turn_up, bonus):
    canonical = build_deal(turn_up=turn_up)
    assert canonical.trump == turn_up[1]
    assert canonical.declared == [0, 0]
    with_bonus = build_deal(turn_up=turn_up, rules=RuleSet().with_options(deal_bonus_trump_ace=True))
    assert with_bonus.declared == [0, bonus]


def test_s005_seven_with_the_regional_malus():
    rules = RuleSet().with_options(deal_bonus_seven_opponent_malus=5)
    assert build_deal(turn_up="7S", rules=rules).declared == [-5, 10]
    assert build_deal(turn_up="7S").declared == [0, 10]
    assert build_deal(turn_up="7S", rules=rules).result()["declared"] == [-5, 10]


def _game_with_trumps(rules, suits):
    """A game whose deals have the given trump suits; the bonus of each finished deal."""
    game = Game(rules.with_options(target_score=100000), seed=1, first_dealer=0)
    bonuses = []
    for i, suit in enumerate(suits):
        deal = build_deal(turn_up=f"9{suit}#2", rules=game.rules, dealer=game.next_dealer())
        game.start_deal(deal)
        finish_randomly(deal, seed=i)
        summary = game.finish_deal()
        bonuses.append((summary.dealer, summary.bonus))
    return bonuses


@pytest.mark.parametrize("suits,expected", [
    ("SSS", [0, 0, 20]),          # A
    ("CCC", [0, 0, -20]),         # B
    ("SSH", [0, 0, 0]),           # C
    ("SSSS", [0, 0, 20, 20]),     # D: sliding window (engine interpretation)
])
def test_s006_same_trump_suit_three_deals_in_a_row(suits, expected):
    on = _game_with_trumps(RuleSet().with_options(deal_bonus_repeat_suit=True), suits)
    for (dealer, bonus), want in zip(on, expected):
        assert bonus[dealer] == want and bonus[1 - dealer] == 0
    off = _game_with_trumps(RuleSet(), suits)
    assert all(b == [0, 0] for _, b in off)


class _RiggedCut(random.Random):
    """Each shuffle puts the next planned cuts on top of the pack."""

    def __init__(self, rounds):
        super().__init__(0)
        self.rounds = [[C(t) for t in r] for r in rounds]

    def shuffle(self, x):
        cuts = self.rounds.pop(0)
        rest = [c for c in x if c not in cuts]
        x[:] = cuts + rest


def test_s007_cutting_for_the_first_deal():
    # Player X = seat 0 cuts KD, player Y = seat 1 cuts 9S.
    assert cut_for_deal(RuleSet(), _RiggedCut([["KD", "9S"]]))[0] == 0          # high: X deals
    assert cut_for_deal(RuleSet.preset("seed_001"), _RiggedCut([["KD", "9S"]]))[0] == 1   # low
    assert cut_for_deal(RuleSet().with_options(cut_for_deal="low"), _RiggedCut([["KD", "9S"]]))[0] == 1
    dealer, rounds = cut_for_deal(RuleSet(), _RiggedCut([["QS", "QH#2"], ["KD", "9S"]]))
    assert dealer == 0 and len(rounds) == 2                                     # queens: cut again
    assert [codes(r) for r in rounds][0] == ["QS#1", "QH#2"]


def test_s008_deal_alternation():
    game = Game(RuleSet().with_options(target_score=100000), seed=5, first_dealer=0)
    dealers = []
    for i in range(3):
        deal = game.start_deal()
        dealers.append(deal.dealer)
        assert deal.to_act == (deal.dealer + 1) % 2        # the non-dealer leads to trick 1
        finish_randomly(deal, seed=i)
        game.finish_deal()
    assert dealers == [0, 1, 0]


# issue 15: the engine itself refuses a card its pack does not have (R1.1.1, R1.1.3, 10.5.1)
@pytest.mark.parametrize("preset,stranger", [("canonical", "QS#3"), ("canonical", "AS#9"),
                                             ("canonical", "XX#1"), ("three_handed", "QS#4"),
                                             ("no_trump", "XX#2"),
                                             ("many_pack_infusorka", "7S#1"),
                                             ("many_pack_infusorka", "9S#4")])
def test_deal_refuses_a_card_of_no_pack(preset, stranger):
    from bezique.errors import IllegalAction
    from bezique.setup import deal_from_cards
    rules = RuleSet.preset(preset)
    good = Deal.new(rules, dealer=0, seed=3)
    hands, turn_up, stock = good.initial
    stock = list(stock)
    stock[0] = Card(*stranger.split("#")[0], int(stranger.split("#")[1])) \
        if stranger[:2] != "XX" else Card("X", "X", int(stranger[-1]))
    with pytest.raises(IllegalAction) as info:
        type(good)(rules, 0, hands, turn_up, stock)
    assert stranger in info.value.message and info.value.rule == "R1.1"
    with pytest.raises(IllegalAction) as info:
        deal_from_cards([[stranger]] + [[]] * (rules.players - 1),
                        None if not rules.has_turn_up else turn_up, rules=rules)
    assert stranger in info.value.message


def test_copy_swapped_for_a_third_keeps_the_count_but_is_refused():
    """64 distinct cards, but QS#3 instead of QS#1: the count alone would accept it."""
    from bezique.errors import IllegalAction
    good = Deal.new(RuleSet(), dealer=0, seed=4)
    hands, turn_up, stock = good.initial
    swap = {C("QS#1"): Card("Q", "S", 3)}
    hands = [[swap.get(c, c) for c in h] for h in hands]
    stock = [swap.get(c, c) for c in stock]
    turn_up = swap.get(turn_up, turn_up)
    with pytest.raises(IllegalAction, match="QS#3"):
        Deal(RuleSet(), 0, hands, turn_up, stock)
