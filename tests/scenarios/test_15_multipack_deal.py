"""RULES-multipack.md §15.14, the scenarios played on a real deal: S-R01, S-R02, S-R03 (trumps
fixed by a sequence), S-R04, S-R09, S-R10, S-R11, S-R19, S-R20 (Law 55)."""

import random

import pytest

from bezique import Announce, Deal, RuleSet
from bezique.actions import Play
from bezique.cards import RANKS, SUITS, Card
from bezique.errors import IllegalAction
from bezique.events import CarteBlancheEvent, TrumpFixedEvent
from bezique.tally import last_trick_points
from bezique.tricks import legal_plays
from bezique.variants.multipack.deal import MultipackDeal, deal_multipack, lift_points

from .multipack_helpers import P1, P2, build, card, cards, declare, finish_turn, key, offered, trick

GAMES = {"rubicon": (128, 4, 9, 110, 55, 64), "six_pack": (192, 6, 12, 168, 84, 96),
         "eight_pack": (256, 8, 15, 226, 113, 128)}


class _NoShuffle(random.Random):
    def shuffle(self, x):
        pass


@pytest.mark.parametrize("preset", GAMES)
def test_S_R01_pack_deal_and_stock(preset):
    total, copies, hand, stock, stage1, last = GAMES[preset]
    rules = RuleSet.preset(preset)
    hands, up, rest = deal_multipack(rules, P2, _NoShuffle())
    pack = sorted(c for h in hands for c in h) + []
    everything = [c for h in hands for c in h] + rest
    assert len(everything) == len(set(everything)) == total and up is None
    assert all(sum(1 for c in everything if c.face == (r, s)) == copies for r in RANKS for s in SUITS)
    assert [len(h) for h in hands] == [hand, hand] and len(rest) == stock
    order = sorted(everything)                        # the unshuffled pack, in card order
    assert hands[P1] == order[0:2 * hand:2] and hands[P2] == order[1:2 * hand:2]
    assert (rules.phase1_tricks, rules.total_tricks) == (stage1, last)
    d = Deal.new(rules, P2, seed=7)
    rng = random.Random(1)
    while not d.is_over:
        if d.stage == "play" and not d.trick and d.phase == 1:
            assert d.stock_count == stock - 2 * d.tricks_done
        acts = d.legal_actions()
        d.apply(acts[rng.randrange(len(acts))])
    assert len(d.tricks()) == last
    if preset == "rubicon":
        assert sum(d.result()["brisques"]) == 320


def test_S_R01_deal_by_threes():
    rules = RuleSet.preset("rubicon_whiteknuckle")
    hands, _, _ = deal_multipack(rules, P2, _NoShuffle())
    order = sorted(c for c in make_all(rules))
    assert hands[P1] == order[0:3] + order[6:9] + order[12:15]
    assert hands[P2] == order[3:6] + order[9:12] + order[15:18]


def make_all(rules):
    from bezique.packs import pack_for
    return pack_for(rules)


def test_S_R02_play_before_trumps_and_the_first_marriage():
    d = build("rubicon", "9H#1 KD#1 9H#2 8S#1", "KC#1 QC#2 KH#1 QH#1 7C#2 AD#1 8C#1 7S#1")
    assert d.trump is None and d.turn_up is None
    trick(d, "9H#1", "7C#2")
    assert d.tricks()[-1].winner == P1                        # no trumps, different suit
    trick(d, "KD#1", "AD#1")
    assert d.tricks()[-1].winner == P2
    assert offered(d) == {key("royal_marriage", "KC#1 QC#2"): 40,
                          key("royal_marriage", "KH#1 QH#1"): 40}
    declare(d, "royal_marriage", "KC#1 QC#2")
    assert d.trump == "C" and d.declared[P2] == 40
    assert any(type(e) is TrumpFixedEvent and e.suit == "C" for e in d.log)
    trick(d, "7S#1", "8S#1")                                   # P2 leads, P1 wins
    trick(d, "9H#2", "8C#1")                                   # P1 leads 9H, P2 plays a club
    assert d.tricks()[-1].winner == P2                         # now a trump
    assert offered(d)[key("marriage", "KH#1 QH#1")] == 20      # hearts are plain
    declare(d, "marriage", "KH#1 QH#1")
    assert d.declared[P2] == 60


def test_S_R03_a_sequence_fixes_trumps():
    d = build("rubicon", "AD#1 TD#1 KD#1 QD#1 JD#1 9S#1", "7H#1")
    trick(d, "9S#1", "7H#1")
    assert offered(d) == {key("sequence", "AD#1 TD#1 KD#1 QD#1 JD#1"): 250,
                          key("royal_marriage", "KD#1 QD#1"): 40}
    declare(d, "sequence", "AD#1 TD#1 KD#1 QD#1 JD#1")
    assert d.trump == "D" and d.declared[P1] == 250


def _pending_deal(preset="rubicon"):
    """S-R04: P1 has scored four kings; wins a trick, scores bezique, lays the spade marriage
    out «…очков за мной»."""
    d = build(preset, "KS#1 KH#1 KD#1 KC#1 QS#1 JD#1 7S#1 8S#1 8D#1",
              "7H#1 7H#2 9S#1 KH#2 QH#2 7D#1 9D#1 7C#1 7C#2")
    trick(d, "7S#1", "7H#1")
    declare(d, "four_kings", "KS#1 KH#1 KD#1 KC#1")
    assert d.trump is None
    finish_turn(d)
    d.apply(Play(card("8D#1")))
    d.apply(Play(card("7H#2")))
    declare(d, "bezique", "QS#1 JD#1")
    ann = [a for a in d.legal_announcements() if {c.code for c in a.cards} == {"KS#1", "QS#1"}]
    assert ann and ann[0].meld == "royal_marriage"
    d.apply(ann[0])
    return d


def test_S_R04_a_pending_marriage_does_not_fix_trumps():
    d = _pending_deal()
    assert d.trump is None and d.declared[P1] == 120
    assert [x.meld for x in d.pending[P1]] == ["royal_marriage"]
    finish_turn(d)
    trick(d, "8S#1", "9S#1")                                   # P2 wins (higher spade)
    assert d.tricks()[-1].winner == P2
    declare(d, "royal_marriage", "KH#2 QH#2")
    assert d.trump == "H" and d.declared[P2] == 40
    assert [(x.meld, x.points) for x in d.pending[P1]] == [("marriage", 20)]
    finish_turn(d)
    trick(d, "7D#1", "KD#1")                                   # P1 wins with the king
    assert d.tricks()[-1].winner == P1
    declare(d, "marriage", "KS#1 QS#1")
    assert d.declared[P1] == 140 and not d.pending[P1]


def test_S_R04_playing_a_pending_card_loses_the_marriage():
    d = _pending_deal()
    finish_turn(d)
    d.apply(Play(card("QS#1")))
    assert not d.pending[P1]


def test_S_R04_declared_fixes_trumps_with_whiteknuckle():
    d = _pending_deal("rubicon_whiteknuckle")
    assert d.trump == "S"
    finish_turn(d)
    trick(d, "8S#1", "9S#1")
    assert offered(d)[key("marriage", "KH#2 QH#2")] == 20


CB = "9C#1 9D#1 8H#1 7S#1 AC#1 TC#1 AH#1 8D#1 7C#1"


@pytest.mark.parametrize("preset, total", [("rubicon", 150), ("rubicon_foster", 50),
                                           ("six_pack", 750), ("eight_pack", 0)])
def test_S_R09_carte_blanche_chain(preset, total):
    rules = RuleSet.preset(preset)
    extra = {"six_pack": " 9C#2 9D#2 8H#2", "eight_pack": " 9C#2 9D#2 8H#2 9C#3 9D#3 8H#3"}
    hand = CB + extra.get(preset, "")
    d = build(rules, "JS#1 9H#1 9H#2 9H#3", hand,
              [None, "9S#1", None, "AS#1", None, "JH#1", None, "9S#2"], lift=None)
    first = rules.carte_blanche_points if rules.meld_carte_blanche else 0
    assert d.declared[P2] == first
    for follow in ("7S#1", "7C#1", "8D#1", "9C#1"):
        lead = next(c for c in d.hands[P1] if c.code.startswith("9H"))
        trick(d, lead.code, follow)
        assert d.tricks()[-1].winner == P1
    assert d.declared[P2] == total
    shown = [e for e in d.log if type(e) is CarteBlancheEvent and e.seat == P2]
    assert len(shown) == total // max(first, 1) if first else not shown
    assert d.declared[P1] == 0                      # a hand dealt with a jack never scores it


def test_S_R10_carte_blanche_and_four_aces_on_one_trick():
    d = build("rubicon", "AS#1 AH#1 AD#1 AC#1 9S#1 8S#1 7D#1 9H#1 TC#1", "9C#1 KS#1",
              ["8H#1", None])
    assert d.declared[P1] == 50
    trick(d, "TC#1", "9C#1")
    declare(d, "four_aces", "AS#1 AH#1 AD#1 AC#1")
    finish_turn(d)
    assert d.declared[P1] == 200


@pytest.mark.parametrize("lift, points", [((24, 22), (250, 0)), ((23, 23), (0, 150)),
                                          ((24, 24), (250, 150)), ((26, 25), (0, 0))])
def test_S_R11_six_pack_dealers_lift(lift, points):
    rules = RuleSet.preset("six_pack")
    assert lift_points(rules, lift) == points
    d = build(rules, "KH#1", "KS#1", lift=lift)               # P2 deals; no carte blanche
    assert (d.declared[P2], d.declared[P1]) == points
    assert all(lift_points(RuleSet.preset(p), lift) == (0, 0) for p in ("rubicon", "eight_pack"))


def test_S_R11_only_six_pack_lifts():
    assert Deal.new(RuleSet.preset("six_pack"), 1, seed=3).lift is not None
    assert Deal.new(RuleSet.preset("rubicon"), 1, seed=3).lift is None
    assert Deal.new(RuleSet.preset("eight_pack"), 1, seed=3).lift is None


@pytest.mark.parametrize("preset", GAMES)
def test_S_R19_end_of_the_stock_and_stage_two(preset):
    total, _, hand, stock, stage1, last = GAMES[preset]
    d = Deal.new(RuleSet.preset(preset), P2, seed=11)
    rng = random.Random(2)
    while d.tricks_done < stage1 - 1 or d.trick or d.stage != "play":
        acts = d.legal_actions()
        d.apply(acts[rng.randrange(len(acts))])
    assert d.stock_count == 2 and d.phase == 1
    while d.tricks_done < stage1:
        acts = d.legal_actions()
        d.apply(acts[rng.randrange(len(acts))])
    winner = d.tricks()[-1].winner
    if d.stage == "declare":
        assert d.stock_count == 2                               # declares before drawing
        finish_turn(d)
    assert d.stock_count == 0 and d.phase == 2 and d.to_act == winner
    assert all(not e for e in d.exposed) and [len(h) for h in d.hands] == [hand, hand]
    assert d.legal_declarations() == []
    rules = d.rules
    assert last_trick_points(0, 0, rules) == (50 if preset == "rubicon" else 250)


def test_S_R19_stage_two_obligations():
    rules = RuleSet.preset("rubicon")
    C = cards
    assert legal_plays(C("KC#1 7C#1 AH#1"), C("9C#1"), "H", 2, rules) == C("KC#1")
    assert sorted(legal_plays(C("TC#1 7C#1 KH#1"), C("AC#1"), "H", 2, rules)) == sorted(C("TC#1 7C#1"))
    assert sorted(legal_plays(C("7H#1 TH#1 9D#1"), C("KS#1"), "H", 2, rules)) == sorted(C("7H#1 TH#1"))
    assert sorted(legal_plays(C("AS#1 9C#1"), C("JD#1"), "H", 2, rules)) == sorted(C("AS#1 9C#1"))
    assert sorted(legal_plays(C("7H#1 TH#1 9D#1"), C("KS#1"), None, 2, rules)) == \
        sorted(C("7H#1 TH#1 9D#1"))                             # no trump ever fixed


def test_S_R20_law_55_a_wrong_card_in_stage_two_is_taken_back():
    """prevent mode: the card is refused and nothing changes (the replay of Law 55)."""
    d = Deal.new(RuleSet.preset("rubicon"), P2, seed=5)
    rng = random.Random(4)
    while not (d.phase == 2 and d.stage == "play" and d.trick):
        acts = d.legal_actions()
        d.apply(acts[rng.randrange(len(acts))])
    seat = d.to_act
    bad = [c for c in d.hands[seat] if c not in d.legal_plays()]
    if not bad:
        pytest.skip("every card is legal here")
    before = (list(d.hands[seat]), list(d.declared), len(d.actions))
    with pytest.raises(IllegalAction):
        d.apply(Play(bad[0]))
    assert (list(d.hands[seat]), list(d.declared), len(d.actions)) == before
