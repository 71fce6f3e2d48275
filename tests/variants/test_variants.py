"""RULES.md §12 scenarios for three-handed, four-handed and no-trump bezique, and self-play
of every variant preset replayed through deal records."""

import json

import pytest

from bezique import Deal, RuleSet, parse_cards
from bezique.actions import PASS, play
from bezique.cards import make_pack
from bezique.melds import Declaration, MeldContext, MeldState, enumerate_declarations
from bezique.positions import load_position, solve
from bezique.record import deal_to_record, parse_record, replay
from bezique.selfplay import selfplay
from bezique.tricks import legal_plays, winning_index
from bezique.events import TrickEvent

THREE = RuleSet.preset("three_handed")
FOUR = RuleSet.preset("four_handed")
NO_TRUMP = RuleSet.preset("no_trump")


def cards(text, copies=3):
    return parse_cards(text, copies=copies)


def enumerate_for(held, rules, trump, state=None, turn_up=None):
    ctx = MeldContext.for_hand(rules=rules, trump=trump, turn_up=turn_up)
    return enumerate_declarations(held, state or MeldState(), ctx)


# ---------------------------------------------------------------- three-handed (10.1)

def test_s093_three_handed_sizes():
    d = Deal.new(THREE, dealer=0, seed=7)
    assert len(make_pack(3)) == 96
    assert [len(h) for h in d.hands] == [8, 8, 8]
    assert d.turn_up is not None and d.stock_count == 71
    assert THREE.phase1_tricks == 24 and THREE.total_tricks == 32
    assert THREE.target_score == 1500
    assert d.to_act == 1                                  # the dealer's right leads (seat after)
    assert sum(10 for c in make_pack(3) if c.is_brisque) == 240


@pytest.mark.parametrize("trick,winner", [
    ("KC TC 7S", 2),                # (a) a trump wins
    ("AD#1 AD#2 AD#3", 0),          # (b) the earliest identical card
    ("9H JH 7C", 1),                # (c) the highest heart; 7C is an off-suit plain card
])
def test_s094_three_card_tricks(trick, winner):
    assert winning_index(parse_cards(trick, copies=3), "S") == winner


def test_s095_triple_bezique_entries():
    held = cards("QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 8C")
    decls = enumerate_for(held, THREE, "H")
    by = {}
    for d in decls:
        by.setdefault(d.meld, []).append(d)
    assert [d.points for d in by["triple_bezique"]] == [1500]
    assert len(by["double_bezique"]) == 9 and len(by["bezique"]) == 9
    assert len(decls) == 19


def test_s096_triple_built_from_a_double():
    state = MeldState()
    double = Declaration("double_bezique", tuple(cards("QS#1 QS#2 JD#1 JD#2")), 500)
    state.record(double, "H")
    held = cards("QS#1 QS#2 QS#3 JD#1 JD#2 JD#3 8C")
    keys = {(d.meld, tuple(c.code for c in d.cards)) for d in enumerate_for(held, THREE, "H", state)}
    assert ("triple_bezique", ("QS#1", "QS#2", "QS#3", "JD#1", "JD#2", "JD#3")) in keys
    assert ("bezique", ("QS#3", "JD#3")) in keys
    assert not any(m == "double_bezique" for m, _ in keys)
    # Scoring the single instead makes the triple illegal for the rest of the deal.
    state.record(Declaration("bezique", tuple(cards("QS#3 JD#3")), 40), "H")
    assert not any(d.meld == "triple_bezique" for d in enumerate_for(held, THREE, "H", state))


@pytest.mark.parametrize("hand,legal", [
    ("KC 8S", "KC"),                 # (a) must follow suit even though KC cannot win
    ("8S 9S AH", "8S 9S"),           # (b) must over-trump the current winner 7S#1
    ("7S#2 AH", "7S#2 AH"),          # (c) cannot beat 7S#1: any card
    ("AH 8D", "AH 8D"),              # (d) no clubs, no trumps
])
def test_s109_three_handed_phase2(hand, legal):
    trick = parse_cards("9C 7S#1", copies=3)
    got = legal_plays(cards(hand), trick, "S", 2, THREE)
    assert sorted(c.code for c in got) == sorted(c.code for c in cards(legal))


# ---------------------------------------------------------------- four-handed (10.2)

def test_s097_partnership_sizes_and_scoring():
    d = Deal.new(FOUR, dealer=3, seed=11)
    assert [len(h) for h in d.hands] == [8, 8, 8, 8]
    assert d.stock_count == 63 and d.turn_up is not None
    assert FOUR.phase1_tricks == 16 and FOUR.total_tricks == 24
    import random
    from bezique.players.random_player import random_action
    rng = random.Random(3)
    while not d.is_over:
        d.apply(random_action(d.legal_actions(), rng))
    r = d.result()
    assert len(r["scores"]) == 2                       # one score per side
    assert sum(r["brisques"]) == 240
    side = d.last_trick_winner % 2
    assert r["last_trick"][side] == 10 and r["last_trick"][1 - side] == 0
    split = Deal(FOUR.with_options(four_hand_last_trick="split_sides"), *_initial(d))
    for seat, act in d.actions:
        split.apply(act, seat)
    assert split.result()["last_trick"] == [5, 5]


def _initial(deal):
    hands, turn_up, stock = deal.initial
    return deal.dealer, hands, turn_up, stock


def test_four_handed_declares_own_cards_only():
    """Only the trick winner declares, and only from his or her own cards (10.2)."""
    import random
    from bezique.players.random_player import random_action
    d = Deal.new(FOUR, dealer=0, seed=5)
    rng = random.Random(1)
    windows = 0
    while not d.is_over:
        if d.stage == "declare":
            windows += 1
            seat = d.to_act
            assert seat == d.log[-1].winner if type(d.log[-1]) is TrickEvent else True
            for decl in d.legal_declarations():
                assert set(decl.cards) <= set(d.hands[seat])
            for other in range(4):
                if other != seat:
                    assert d.legal_declarations(other) == []
        d.apply(random_action(d.legal_actions(), rng))
    assert windows > 0


# ---------------------------------------------------------------- no-trump (10.3)

def test_s098_before_trumps_are_fixed():
    held = cards("QS JD AS AH AD AC 7H", copies=2)
    decls = enumerate_for(held, NO_TRUMP, None)
    assert {(d.meld, d.points) for d in decls} == {("bezique", 40), ("four_aces", 100)}


def test_s099_first_marriage_fixes_trumps():
    d = Deal(NO_TRUMP, 1, *_no_trump_hands())
    assert d.trump is None and d.turn_up is None and d.stock_count == 48
    d.apply(play(d.hands[0][0]))                       # P1 leads the 8S
    d.apply(play(_card("AS")), 1)                      # P2 wins with the ace
    decls = d.legal_declarations()
    marriage = [x for x in decls if x.meld == "no_trump_marriage" and len(x.cards) == 2]
    assert marriage and marriage[0].points == 40
    d.apply(marriage[0])
    assert d.trump == "D" and d.declared[1] == 40


def _card(code):
    return parse_cards(code, copies=2)[0]


def _no_trump_hands():
    p1 = cards("8S#1 9S#1 8H#1 9H#1 8C#1 9C#1 7C#1 7H#1", copies=2)
    p2 = cards("AS#1 KD#1 QD#1 9D#1 8D#1 7D#1 7S#1 8S#2", copies=2)
    rest = [c for c in make_pack(2) if c not in set(p1) | set(p2)]
    return [p1, p2], None, rest


def test_s100_double_marriage_fixes_trumps():
    held = cards("KH#1 KH#2 QH#1 QH#2 7C 8C 9D", copies=2)
    decls = enumerate_for(held, NO_TRUMP, None)
    double = [d for d in decls if len(d.cards) == 4]
    assert [(d.meld, d.points) for d in double] == [("no_trump_marriage", 80)]
    fifty = NO_TRUMP.with_options(no_trump_double_marriage_points=50)
    assert [d.points for d in enumerate_for(held, fifty, None) if len(d.cards) == 4] == [50]


def test_s101_sequence_in_no_trump():
    held = cards("AD TD KD QD JD 7C 8C", copies=2)
    before = enumerate_for(held, NO_TRUMP, None)
    assert not any(d.meld == "sequence" for d in before)
    fixing = next(d for d in before if d.meld == "no_trump_marriage")
    state = MeldState()
    state.record(fixing, None)
    after = enumerate_for(held, NO_TRUMP, "D", state)
    assert [(d.meld, d.points) for d in after if d.meld == "sequence"] == [("sequence", 300)]


def test_s102_tricks_before_trumps_are_fixed():
    pos = {"id": "s102a", "kind": "trick_winner", "rules": "no_trump", "trump": None,
           "lead": "9C", "follow": "AH"}
    assert solve(load_position(pos))["winner"] == "lead"
    pos.update(id="s102b", follow="TC")
    assert solve(load_position(pos))["winner"] == "follow"


def test_s110_no_trump_phase2_without_trumps():
    held = cards("AC 7C KH", copies=2)
    assert legal_plays(held, cards("9C#2", copies=2), None, 2, NO_TRUMP) == [_card("AC")]
    assert sorted(legal_plays(cards("KH 8D", copies=2), cards("9C", copies=2), None, 2, NO_TRUMP)) \
        == sorted(cards("KH 8D", copies=2))


def test_no_trump_sevens_are_worthless():
    held = cards("7H#1 7H#2 8C 9C 8D 9D 8S", copies=2)
    assert enumerate_for(held, NO_TRUMP, "H") == []


# ---------------------------------------------------------------- every preset plays and replays

@pytest.mark.slow
@pytest.mark.parametrize("preset", ["no_trump", "three_handed", "four_handed"])
def test_variant_selfplay_replays(preset):
    rules = RuleSet.preset(preset)
    count = 0
    for deal in selfplay(rules, 1000, seed=2026):
        rec = json.loads(json.dumps(deal_to_record(deal)))
        outcome = replay(parse_record(rec))
        assert outcome.ok, outcome.error
        assert deal_to_record(outcome.deal) == rec
        count += 1
    assert count == 1000
