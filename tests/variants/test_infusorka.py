"""Many-pack bezique with infusorki (RULES.md §10.5, scenarios S-103…S-107 of §12.13):
pack, deal, the infusorka in trick play, the reconstructed score table, and random self-play
replayed through deal records with the cards conserved after every action."""

import random

import pytest

from bezique import RuleSet, parse_cards
from bezique.actions import PASS, play
from bezique.cards import Card, sort_cards
from bezique.deal import Deal, STAGE_PLAY, create_deal
from bezique.errors import IllegalAction, RulesError
from bezique.melds import MeldContext, make_declaration, meld_ids
from bezique.record import deal_to_record, parse_record, replay
from bezique.ru import meld_name
from bezique.selfplay import play_random_deal, selfplay
from bezique.tricks import counted_trick, lead_index, takes_trick, trick_winner, winning_index
from bezique.variants.infusorka import (EXPERIMENTAL_NOTE_RU, FAMILIES, GAPS, MELDS,
                                         InfusorkaDeal, InfusorkaMelds, infusorka_declarations,
                                         infusorka_pack)

MP = RuleSet.preset("many_pack_infusorka")
MP3 = MP.with_options(players=3)
MP10 = MP.with_options(packs=10)
X1, X2 = Card("X", "X", 1), Card("X", "X", 2)


def cards(text):
    return parse_cards(text, copies=10)


# ---------------------------------------------------------------- a declaring player

class Player:
    """One player's cards and declarations, checked against the enumeration of legal ones."""

    def __init__(self, trump, rules=MP):
        self.trump, self.rules, self.state = trump, rules, InfusorkaMelds()

    def options(self, held):
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump, seven_exchanged=True)
        return infusorka_declarations(held, self.state, ctx)

    def can(self, meld, text, held=None):
        want = make_declaration(meld, cards(text), 0).key
        return any(d.key == want for d in self.options(held or cards(text)))

    def declare(self, meld, text, held=None):
        """Score `text` as `meld` (it must be offered); returns its points."""
        want = make_declaration(meld, cards(text), 0).key
        found = [d for d in self.options(held or cards(text)) if d.key == want]
        assert found, (meld, text, [(d.meld, d.cards) for d in self.options(held or cards(text))])
        self.state.record(found[0], self.trump)
        return found[0].points


# ---------------------------------------------------------------- the reconstruction is labelled

def test_experimental_note_and_gaps():
    assert EXPERIMENTAL_NOTE_RU.startswith(
        "Многоколодный безик с инфузорками восстановлен по неполному тексту об инфузорках (000-D)")
    assert InfusorkaDeal.EXPERIMENTAL_NOTE_RU is EXPERIMENTAL_NOTE_RU
    assert len(GAPS) >= 15
    for gap in GAPS:
        assert gap.topic and gap.decision and gap.section
        assert any("а" <= ch <= "я" for ch in gap.decision.lower())
    topics = " ".join(g.topic for g in GAPS)
    for word in ("девятки", "Инфузорка в розыгрыше", "Очки за карты", "Цель партии"):
        assert word in topics


def test_meld_ids_are_known_to_records_and_named_in_russian():
    for meld in MELDS:
        assert meld in meld_ids(MP)
        assert meld_name(meld) != meld
    assert meld_name("four_trump_queens") == "четыре козырные дамы"
    assert meld_name("nine_exchange") == "обмен козырной девятки на открытый козырь"


# ---------------------------------------------------------------- pack and deal (10.5.1–10.5.2)

def test_pack_composition():
    pack = infusorka_pack(MP)
    assert len(pack) == MP.pack_size == 174
    assert len(infusorka_pack(MP10)) == MP10.pack_size == 214
    assert pack == sort_cards(pack) and len(set(pack)) == 174
    for s in "SHDC":
        for r in "ATKQJ":
            assert sum(c.face == (r, s) for c in pack) == 8
        assert sum(c.face == ("9", s) for c in pack) == 3
    assert [c for c in pack if c.is_joker] == [X1, X2]
    assert not any(c.rank in "78" for c in pack)


@pytest.mark.parametrize("rules,stock", [(MP, 137), (MP3, 119), (MP10, 177)])
def test_deal_sizes(rules, stock):
    d = Deal.new(rules, dealer=0, seed=3)
    assert type(d) is InfusorkaDeal
    assert [len(h) for h in d.hands] == [18] * rules.players
    assert not d.turn_up.is_joker and d.trump == d.turn_up.suit
    assert d.stock_count == stock
    assert d.to_act == 1


def test_unsupported_tables():
    with pytest.raises(RulesError, match="сдатчик пропускает"):
        Deal.new(MP.with_options(players=4), seed=1)
    with pytest.raises(RulesError, match="восемью или десятью"):
        Deal.new(MP.with_options(packs=3), seed=1)


class ArrangedRandom(random.Random):
    """A random source whose shuffle lays the pack out in a given order."""

    def __init__(self, order, seed=0):
        super().__init__(seed)
        self.order = order

    def shuffle(self, x):
        x[:] = self.order


def _order_with(at_36):
    pack = infusorka_pack(MP)
    rest = [c for c in pack if c not in at_36]
    return rest[:36] + list(at_36) + rest[36:]


@pytest.mark.parametrize("up", [(X1,), (X2, X1)])
def test_infusorka_turned_up_goes_back_into_the_stock(up):
    order = _order_with(up)
    hands, turn_up, stock = InfusorkaDeal.deal_cards(MP, 0, ArrangedRandom(order, seed=5))
    nxt = order[36 + len(up)]
    assert turn_up == nxt and not turn_up.is_joker
    assert len(stock) == 137
    for joker in up:
        assert joker in stock and stock.index(joker) >= 1          # below the top
    assert stock[0] == order[37 + len(up)]                          # the next card stays on top
    again = InfusorkaDeal.deal_cards(MP, 0, ArrangedRandom(order, seed=5))
    assert again == (hands, turn_up, stock)                          # reproducible
    d = InfusorkaDeal(MP, 0, hands, turn_up, stock)
    _conserved(d)
    with pytest.raises(IllegalAction, match="Инфузорка"):
        InfusorkaDeal(MP, 0, hands, up[0], [turn_up] + [c for c in stock if c is not up[0]])


def test_turn_up_is_never_an_infusorka():
    rng = random.Random(11)
    for _ in range(300):
        _, turn_up, _ = InfusorkaDeal.deal_cards(MP, 0, rng)
        assert not turn_up.is_joker


# ---------------------------------------------------------------- the infusorka in trick play

@pytest.mark.parametrize("rules,trick,winner", [
    (MP, "XX#1 9C", 1),          # led: any card beats it, even an off-suit plain nine
    (MP, "9C XX#1", 0),          # played second: never wins
    (MP, "XX#1 XX#2", 0),        # two infusorki: the first one played
    (MP, "AS#1 AS#2", 0),        # of equal cards the one led
    (MP, "AS 9H", 1),            # trump
    (MP, "AS AD", 0),            # off-suit, not trump
    (MP3, "XX#1 9C AC", 2),      # the first card on the infusorka acts as the lead …
    (MP3, "XX#1 9C AD", 1),      # … so an off-suit plain card does not beat it
    (MP3, "XX#1 9C 9H", 2),
    (MP3, "XX#1 XX#2 9C", 2),
    (MP3, "9C XX#1 TC", 2),
    (MP3, "9C XX#1 XX#2", 0),
])
def test_trick_winner_with_infusorka(rules, trick, winner):
    d = Deal.new(rules, seed=1)
    d.trump = "H"
    played = cards(trick)
    assert d._trick_winner(tuple(played)) == winner
    # the engine's public answer, which the bots and the coach ask, is the deal's own
    assert trick_winner(played, "H", rules) == winner
    assert takes_trick(played[-1], played[:-1], "H", rules) == (winner == len(played) - 1)


@pytest.mark.parametrize("trick,lead", [("XX#1 9C", 1), ("XX#1 XX#2", 2), ("9C XX#1", 0), ("", 0)])
def test_the_lead_of_a_trick_is_the_first_card_on_led_infusorki(trick, lead):
    played = cards(trick) if trick else []
    assert lead_index(played, MP) == lead
    assert counted_trick(played, MP) == played[lead:]


def test_standard_tricks_are_unchanged_by_the_variant_hook():
    """Without a variant the public trick winner is `winning_index` and the lead the first card."""
    rng = random.Random(7)
    std = RuleSet()
    pack = Deal.new(std, seed=1).stock
    for _ in range(300):
        trick = rng.sample(pack, rng.randint(1, 4))
        trump = rng.choice([None, "S", "H", "D", "C"])
        assert trick_winner(trick, trump, std) == winning_index(trick, trump)
        assert lead_index(trick, std) == 0


def arranged(rules, hands, turn_up, dealer=0, stock_top=""):
    """A deal with the given partial hands, completed with cards that make no combination."""
    given = [cards(h) for h in hands]
    up = cards(turn_up)[0]
    top = cards(stock_top) if stock_top else []
    taken = {c for h in given for c in h} | {up} | set(top)
    trump = up.suit
    filler = [c for c in infusorka_pack(rules) if c not in taken and not c.is_joker
              and c.suit != trump and c.rank in "AT9" and c.suit != "D"]
    full = []
    for h in given:
        full.append(h + [filler.pop() for _ in range(18 - len(h))])
    used = taken | {c for h in full for c in h}
    stock = top + [c for c in infusorka_pack(rules) if c not in used]
    return InfusorkaDeal(rules, dealer, full, up, stock)


def test_infusorka_played_through_the_deal():
    d = arranged(MP, ["9C", "XX#1"], "KH")                # seat 1 leads
    d.apply(play(Card("X", "X", 1)), 1)
    d.apply(play(Card("9", "C", 1)), 0)
    assert d.leader == 0 and d.won[0] == [(X1, Card("9", "C", 1))]


def test_phase2_follows_the_card_played_on_a_led_infusorka():
    d = Deal.new(MP3, seed=2)
    d.phase, d.stage, d.trump = 2, STAGE_PLAY, "H"
    d.hands[1] = cards("XX#2 9H AS 9C")
    d.trick, d.trick_seats, d.to_act = [X1], [0], 1
    assert sorted(d.legal_plays(1)) == sorted(d.hands[1])       # no suit to follow
    d.hands[2] = cards("KS 9H XX#2")
    d.trick, d.trick_seats, d.to_act = [X1, Card("Q", "S", 1)], [0, 1], 2
    assert d.legal_plays(2) == cards("KS")                      # follow and head the QS
    assert d._play_problem(Card("X", "X", 2), d.hands[2])
    d.hands[2] = cards("9H TH XX#2")
    assert sorted(d.legal_plays(2)) == sorted(cards("9H TH"))   # no spade: trump


# ---------------------------------------------------------------- declarations (S-103 … S-107)

def test_s103_trump_queens_progression():
    p = Player("S")
    held = cards("QS#1 QS#2 QS#3 QS#4 QS#5 QS#6 QS#7 QS#8")
    pts = [p.declare("four_trump_queens", "QS#1 QS#2 QS#3 QS#4", held)]
    for k in range(5, 9):
        pts.append(p.declare("more_trump_queens", f"QS#{k}", held))
    assert pts == [176, 100, 200, 400, 1152]
    assert sum(pts) == 2028


def test_s103_no_ninth_copy_and_no_extension_of_a_broken_four():
    p = Player("S", MP10)
    held = cards(" ".join(f"QS#{k}" for k in range(1, 11)))
    p.declare("four_trump_queens", "QS#1 QS#2 QS#3 QS#4", held)
    for k in range(5, 9):
        p.declare("more_trump_queens", f"QS#{k}", held)
    assert not [d for d in p.options(held) if d.meld.endswith("trump_queens")]
    q = Player("S")
    q.declare("four_trump_queens", "QS#1 QS#2 QS#3 QS#4")
    assert q.can("more_trump_queens", "QS#5", cards("QS#1 QS#2 QS#3 QS#4 QS#5"))
    assert not q.can("more_trump_queens", "QS#5", cards("QS#1 QS#2 QS#3 QS#5"))  # QS#4 played


@pytest.mark.parametrize("family,base,total", [
    ("trump_kings", 88, 1014), ("trump_aces", 110, 1080), ("trump_jacks", 44, 882),
    ("bezique_jacks", 164, 1992), ("trump_tens", 90, 1020), ("trump_queens", 176, 2028),
])
def test_trump_four_families(family, base, total):
    rank, suit = FAMILIES[family].face("S")
    held = [Card(rank, suit, k) for k in range(1, 9)]
    p = Player("S")
    text = " ".join(c.code for c in held[:4])
    pts = [p.declare(f"four_{family}", text, held)]
    pts += [p.declare(f"more_{family}", held[k].code, held) for k in range(4, 8)]
    assert pts[0] == base and sum(pts) == total


def test_s104_beziques():
    p = Player("S")
    assert [p.declare("bezique", f"QS#{k} JC#{k}") for k in range(1, 5)] == [25, 50, 100, 200]
    assert not p.can("bezique", "QS#5 JD#5")
    h = Player("H")
    assert h.declare("bezique", "QH JD") == 25 and not h.can("bezique", "QH JS")
    assert Player("C").declare("bezique", "QC JS") == 25
    assert Player("D").declare("bezique", "QD JH") == 25
    assert Player("S").declare("bezique", "QS XX#1") == 25


def test_s105_infusorka_completes_and_extends():
    p = Player("H")
    held = cards("KH#1 KH#2 KH#3 XX#1 KH#4")
    assert p.declare("four_trump_kings", "KH#1 KH#2 KH#3 XX#1", held) == 88
    assert p.declare("more_trump_kings", "KH#4", held) == 50
    q = Player("H")
    held = cards("KH#1 KH#2 KH#3 KH#4 XX#2")
    q.declare("four_trump_kings", "KH#1 KH#2 KH#3 KH#4", held)
    assert q.declare("more_trump_kings", "XX#2", held) == 50        # the infusorka as the 5th


def test_s106_marriages():
    p = Player("D")
    assert [p.declare("royal_marriage", f"KD#{k} QD#{k}") for k in range(1, 5)] == [4, 8, 16, 32]
    assert p.declare("royal_marriage", "KD#5 XX#1") == 64
    assert Player("D").options(cards("KS QS")) == []             # plain marriages: nothing
    assert not Player("D").can("marriage", "KS QS")


def test_s107_mixed_four_queens():
    p = Player("C")
    assert p.declare("four_queens", "QS#1 QH#1 QD#1 QC#1") == 6
    assert p.declare("four_queens", "QS#2 QH#2 QD#2 QC#2") == 12
    assert not Player("C").can("four_queens", "QS#1 QS#2 QH#1 QD#1")
    assert Player("C").declare("four_kings", "KS KH KD XX#1") == 8
    assert Player("C").declare("four_aces", "AS AH AD AC") == 10
    assert Player("C").declare("four_jacks", "JS JH JD JC") == 4
    assert Player("C").options(cards("TS TH TD TC")) == []       # plain tens: not a meld


def test_quints():
    p = Player("H")
    assert p.declare("trump_quint", "AH TH KH QH JH") == 50
    assert p.declare("trump_quint", "AH#2 TH#2 KH#2 QH#2 JD#2") == 100   # the bezique jack
    assert p.declare("trump_quint", "AH#3 TH#3 KH#3 XX#1 JH#3") == 200
    q = Player("H")
    held = cards("AH TH KH#1 QH#1 KH#2 JH")
    q.declare("royal_marriage", "KH#1 QH#1", held)
    assert q.can("trump_quint", "AH TH KH#1 QH#1 JH", held)           # same pair: upgrade
    q.declare("royal_marriage", "KH#2 XX#1", cards("KH#2 XX#1"))
    assert not q.can("trump_quint", "AH TH KH#2 QH#1 JH", held)       # another pair


def test_infusorka_limit_per_meld():
    two = MP.with_options(infusorka_max_per_meld=2)
    none = MP.with_options(infusorka_max_per_meld=0)
    assert not Player("H").can("four_trump_kings", "KH#1 KH#2 XX#1 XX#2")
    assert Player("H", two).declare("four_trump_kings", "KH#1 KH#2 XX#1 XX#2") == 88
    assert not Player("H", none).can("royal_marriage", "KH XX#1")
    assert not Player("H", two).can("royal_marriage", "XX#1 XX#2")  # at least one real card


def test_a_card_serves_once_in_each_kind():
    p = Player("S")
    p.declare("royal_marriage", "KS QS")
    assert not p.can("royal_marriage", "KS QS#2", cards("KS QS QS#2"))
    assert p.declare("bezique", "QS JC", cards("KS QS JC")) == 25      # the queen again, other kind


# ---------------------------------------------------------------- declarations in the deal

def _win_first_trick(d, lead, follow):
    d.apply(play(cards(lead)[0]), 1)
    d.apply(play(cards(follow)[0]), 0)


def test_nine_exchange_in_the_deal():
    d = arranged(MP, ["9C", "AS 9H KH QH"], "KH#2")
    _win_first_trick(d, "AS", "9C")
    legal = d.legal_declarations(1)
    assert make_declaration("nine_exchange", cards("9H"), 0) in legal
    assert make_declaration("royal_marriage", cards("KH QH"), 4) in legal
    d.apply(make_declaration("nine_exchange", cards("9H"), -1), 1)
    assert d.turn_up == cards("9H")[0] and cards("KH#2")[0] in d.hands[1]
    assert d.stage == STAGE_PLAY and d.declared == [0, 0]            # one declaration a trick
    assert [len(h) for h in d.hands] == [18, 18]
    assert d.seven_exchanged


def test_one_declaration_per_trick_and_russian_refusals():
    d = arranged(MP, ["9C", "AS KH QH QS JC JS"], "TH")
    _win_first_trick(d, "AS", "9C")
    with pytest.raises(IllegalAction, match="нет комбинации «марьяж»"):
        d.apply(make_declaration("marriage", cards("KH QH"), -1), 1)
    with pytest.raises(IllegalAction, match="Козырный марьяж — король и дама червей"):
        d.apply(make_declaration("royal_marriage", cards("KH QS"), -1), 1)
    with pytest.raises(IllegalAction, match="Безик — дама червей и валет бубен"):
        d.apply(make_declaration("bezique", cards("QS JC"), -1), 1)
    d.apply(make_declaration("royal_marriage", cards("KH QH"), -1), 1)
    assert d.declared == [0, 4] and d.stage == STAGE_PLAY            # window closed, cards drawn
    with pytest.raises(IllegalAction):
        d.apply(make_declaration("royal_marriage", cards("KH QH"), -1), 1)


def test_no_brisques_no_last_trick():
    d = play_random_deal(MP, 0, random.Random(4))
    res = d.result()
    assert res["brisques"] == [0, 0] and res["last_trick"] == [0, 0]
    assert res["scores"] == res["declared"] == d.declared
    assert d.tricks_done == MP.total_tricks == 87


# ---------------------------------------------------------------- self-play and conservation

def _conserved(d):
    played = [c for w in d.won for t in w for c in t] + d.trick
    every = [c for h in d.hands for c in h] + d.stock + played + ([d.turn_up] if d.turn_up else [])
    assert len(every) == len(set(every)) == d.rules.pack_size
    assert set(every) == set(infusorka_pack(d.rules))
    assert all(len(h) <= 18 for h in d.hands)


@pytest.mark.parametrize("rules,seed", [(MP, 1), (MP, 2), (MP3, 3), (MP10, 4),
                                         (MP10.with_options(players=3), 5)])
def test_cards_conserved_after_every_action(rules, seed):
    from bezique.players.random_player import random_action
    rng = random.Random(seed)
    d = Deal.new(rules, seed % rules.players, rng=rng)
    _conserved(d)
    seat = d.to_act
    assert len(d.view(seat).unseen()) == rules.pack_size - 18 - 1    # hand and turn-up seen
    while not d.is_over:
        d.apply(random_action(d.legal_actions(), rng))
        _conserved(d)
    assert all(len(h) == 0 for h in d.hands) and not d.stock
    assert d.tricks_done == rules.total_tricks
    copy = d.undo(5)
    assert type(copy) is InfusorkaDeal and type(copy.clone()) is InfusorkaDeal


SELFPLAY_DEALS = 1000       # about 20 s of CPU with the replay


@pytest.mark.slow
def test_selfplay_replays():
    n = 0
    for deal in selfplay(MP, SELFPLAY_DEALS, 2024):
        rec = parse_record(deal_to_record(deal))
        outcome = replay(rec)
        assert outcome.ok, outcome.error
        assert type(outcome.deal) is InfusorkaDeal
        n += 1
    assert n == SELFPLAY_DEALS


def test_selfplay_three_players_replays():
    for deal in selfplay(MP3, 30, 7):
        assert replay(parse_record(deal_to_record(deal))).ok


def test_record_of_an_arranged_deal():
    d = arranged(MP, ["9C", "AS 9H KH QH"], "KH#2")
    _win_first_trick(d, "AS", "9C")
    d.apply(make_declaration("royal_marriage", cards("KH QH"), -1), 1)
    rec = deal_to_record(d)
    assert rec["rules"] == "many_pack_infusorka"
    assert {"player": 1, "declare": "royal_marriage", "cards": ["KH#1", "QH#1"], "points": 4} \
        in rec["actions"]
    again = replay(parse_record(rec)).deal
    assert again.declared == [0, 4] and type(again) is InfusorkaDeal
    assert type(create_deal(MP, 0, *d.initial)) is InfusorkaDeal


def test_the_coach_and_the_amateur_know_a_led_infusorka_is_beaten_by_any_card():
    """Following a led infusorka, a plain nine takes the trick (10.5.2): the coach says so, and
    says nothing of brisques — the many-pack game counts no card points in tricks."""
    from bezique.players.coach_reasons import explain_choice
    from bezique.players.heuristic import follow_scores
    from bezique.players.observation import Obs, brisque_worth
    d = arranged(MP, ["9C AC", "XX#1"], "KH")                # seat 1 leads
    d.apply(play(X1), 1)
    nine = Card("9", "C", 1)
    text = explain_choice(d.view(0), play(nine))
    assert "берите взятку картой 9♣" in text.lower() and "бриск" not in text, text
    assert brisque_worth(MP) == 0 and brisque_worth(RuleSet()) == 10
    o = Obs.from_deal(d, 0)
    assert o.multi and o.brisque == 0
    # every card takes the trick, none brings points: the values differ only by what is kept
    values = follow_scores(o, [nine, Card("A", "C", 1)])
    assert values[nine] > values[Card("A", "C", 1)]


def test_the_gaps_speak_the_courses_words():
    """The table of what the text leaves open (chapter 11): «сдатчик», «квинта», the course
    (not «программа») as the one that lacks a table of four, and no quotes around words the
    text does not say."""
    import re
    from bezique.variants.infusorka import GAPS
    text = " ".join(g.topic + " " + g.decision for g in GAPS)
    assert "сдатчик" in text and "квинта" in text
    for wrong in (r"\bсдающ", r"\bпрограмм", r"(?:ный|ном|ного|-й) квинт(?:е|а|у)?\b",
                  r"\bквинт(?:ов|ом)\b"):
        assert not re.search(wrong, text), wrong
    assert not any(g.topic.startswith("«") for g in GAPS)
