"""One point table: `melds.meld_points` gives every meld's value under a RuleSet, and the deal,
the coach's texts and the Любитель's valuation all take it from there, so that a rule option
changes the value everywhere at once."""

from __future__ import annotations

import random
import re

import pytest

from bezique.actions import PASS, Play
from bezique.cards import Card, parse_cards
from bezique.deal import Deal
from bezique.melds import (ACE_TURNED, BEZIQUE, bezique_faces, CARTE_BLANCHE, DOUBLE_BEZIQUE, DOUBLE_MARRIAGE,
                           FOUR_OF, MARRIAGE, NO_TRUMP_MARRIAGE, PLAIN_QUINT, ROYAL_MARRIAGE,
                           SEQUENCE, SEVEN_EXCHANGE, SEVEN_TURNED, SUIT_REPEATED,
                           TRIPLE_BEZIQUE, TRUMP_SEVEN, TWO_TRUMP_SEVENS, Declaration, meld_points)
from bezique.players import coach_reasons
from bezique.players.heuristic import best_declaration, exchange_gain, opp_threat
from bezique.players.observation import Obs
from bezique.players.random_player import random_action
from bezique.ru import points
from bezique.rules import PRESETS, STANDARD_PRESETS, RuleSet
from bezique.setup import deal_from_cards
from bezique.tally import trick_points


def _deal(rules: RuleSet, h0: str, h1: str, turn_up: str | None, dealer: int = 0) -> Deal:
    """Seat 0 and seat 1 hold these cards; the stock is the rest of the pack in card order."""
    return deal_from_cards([h0, h1], turn_up or None, rules=rules, dealer=dealer)


def _win_first_trick(d: Deal) -> None:
    """Seat 1 leads 9♣ and seat 0 answers 7♣: seat 1 wins the trick."""
    d.apply(Play(Card("9", "C", 1)), 1)
    d.apply(Play(Card("7", "C", 1)), 0)


# ------------------------------------------------------------------ pinned values (RULES.md)

def test_pinned_values_of_the_canonical_table():
    r = RuleSet()                                                           # §4.1
    assert [meld_points(m, r, "H") for m in (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, BEZIQUE,
                                              DOUBLE_BEZIQUE)] == [20, 40, 250, 40, 500]
    assert [meld_points(FOUR_OF[x], r) for x in "AKQJ"] == [100, 80, 60, 40]
    assert meld_points(TRUMP_SEVEN, r, "H") == meld_points(SEVEN_EXCHANGE, r, "H") == 10   # §5.6
    assert meld_points(SEVEN_TURNED, r, "H") == 10                                       # R2.5.1
    for off in (DOUBLE_MARRIAGE, PLAIN_QUINT, TWO_TRUMP_SEVENS, CARTE_BLANCHE, TRIPLE_BEZIQUE,
                NO_TRUMP_MARRIAGE, ACE_TURNED, SUIT_REPEATED):
        assert meld_points(off, r, "H") == 0, off          # not in the canonical game


def test_pinned_values_of_the_options_and_variants():
    on = RuleSet(meld_double_marriage=True, meld_plain_quint=True, meld_two_trump_sevens=True,
                 meld_carte_blanche=True)                                   # §4.7, §10.4
    assert meld_points(DOUBLE_MARRIAGE, on, "H", parse_cards("KH KH QH QH")) == 80
    assert meld_points(DOUBLE_MARRIAGE, on, "H", parse_cards("KS KS QS QS")) == 40
    assert meld_points(PLAIN_QUINT, on, "H") == 100
    assert meld_points(TWO_TRUMP_SEVENS, on, "H") == 20
    assert meld_points(CARTE_BLANCHE, on, "H") == 250
    assert meld_points(TRIPLE_BEZIQUE, RuleSet.preset("three_handed"), "H") == 1500
    nt = RuleSet.preset("no_trump")                                         # §10.3
    assert meld_points(SEQUENCE, nt, "H") == 300
    assert meld_points(NO_TRUMP_MARRIAGE, nt, None, parse_cards("KH QH")) == 40
    assert meld_points(NO_TRUMP_MARRIAGE, nt, None, parse_cards("KH KH QH QH")) == 80
    assert meld_points(SEVEN_EXCHANGE, nt, "H") == meld_points(TRUMP_SEVEN, nt, "H") == 0  # R10.3.8
    assert meld_points(SEVEN_EXCHANGE, RuleSet.preset("seed_000E"), "H") == 20          # §5.7
    assert meld_points(SEVEN_EXCHANGE, RuleSet.preset("seed_002"), "H") == 0
    assert meld_points(TRUMP_SEVEN, RuleSet.preset("seed_002"), "H") == 10   # played (§5.7)
    assert meld_points(TRUMP_SEVEN, RuleSet.preset("seed_000A"), "H") == 10  # winning a trick
    assert meld_points(TRUMP_SEVEN, RuleSet.preset("seed_003"), "H") == 0    # exchange only
    club = RuleSet.preset("seed_000C")                                      # §2.6
    assert [meld_points(ACE_TURNED, club, s) for s in "SHDC"] == [20, 12, 12, 20]
    assert [meld_points(SUIT_REPEATED, club, s) for s in "SHDC"] == [20, 20, 20, -20]


# the many-pack game has its own score table (variants/infusorka.py, its own tests)
@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if not RuleSet.preset(p).many_pack))
def test_every_legal_declaration_carries_the_table_value(preset):
    """The enumeration scores each declaration by the table, under every preset."""
    rules = RuleSet.preset(preset)
    rng = random.Random(5)
    seen = 0
    for i in range(6):
        d = Deal.new(rules, i % rules.players, seed=40 + i)
        while not d.is_over:
            last = d.actions[-1][1] if d.actions else None
            after_two_sevens = type(last) is Declaration and last.meld == TWO_TRUMP_SEVENS
            for a in d.legal_actions():
                if type(a) is not Declaration:
                    continue
                if a.meld == SEVEN_EXCHANGE and after_two_sevens:
                    assert a.points == 0                    # R4.7: no extra points
                else:
                    assert a.points == meld_points(a.meld, rules, d.trump, a.cards), a
                seen += 1
            d.apply(random_action(d.legal_actions(), rng, pass_rate=0.1))
    assert seen


# ------------------------------------------------------------------ one option, every caller

def _seven_position(rules: RuleSet) -> Deal:
    """Spades are trumps (the turn-up A♠); seat 1 wins the first trick holding the trump seven
    and four jacks."""
    d = _deal(rules, "7C 8C 9H KD QH 8D TD 9D", "7S JS JH JD JC 9C 8H 7H", "AS")
    _win_first_trick(d)
    return d


@pytest.mark.parametrize("exchange", [0, 10, 20, 35, 75])
def test_seven_exchange_points_change_everywhere_at_once(exchange):
    rules = RuleSet(seven_exchange_points=exchange)
    pts = meld_points(SEVEN_EXCHANGE, rules, "S")
    assert pts == exchange
    d = _seven_position(rules)
    view = d.view(1)
    ex = next(a for a in view.legal_actions if type(a) is Declaration and a.meld == SEVEN_EXCHANGE)
    assert ex.points == pts
    # The coach says the engine's number.
    text = coach_reasons.explain_choice(view, ex)
    assert (f"+{points(pts)}" in text) if pts else ("очков обмен не приносит" in text), text
    assert "+10" not in text or pts == 10
    # The Любитель values the exchange by the same number: it prefers it to the four jacks
    # exactly when the exchange (with the ace it brings in) is worth more.
    o = Obs.from_view(view)
    assert o.points()[SEVEN_EXCHANGE] == pts
    decls = [a for a in view.legal_actions if type(a) is Declaration]
    four = next(a for a in decls if a.meld == FOUR_OF["J"])
    choice = best_declaration(o, decls)
    gain = exchange_gain(view.turn_up, o)
    assert (choice.meld == SEVEN_EXCHANGE) == (pts + gain > meld_points(FOUR_OF["J"], rules)), choice
    # The deal credits the same number.
    before = d.declared[1]
    d.apply(ex, 1)
    assert d.declared[1] - before == pts
    assert four.points == meld_points(FOUR_OF["J"], rules)


@pytest.mark.parametrize("bonus", [0, 10, 25])
def test_turned_up_seven_bonus_comes_from_the_table(bonus):
    rules = RuleSet(deal_bonus_seven=bonus)
    d = _deal(rules, "7C 8C 9H KD QH 8D TD 9D", "JS JH JD JC 9C 8H 7H 8S", "7S")
    assert d.declared[d.dealer] == meld_points(SEVEN_TURNED, rules, "S") == bonus


def _no_trump_royal_marriage(rules: RuleSet) -> Deal:
    """No-trump bezique: seat 1 fixes hearts with its first marriage, then wins a trick holding
    the other K♥ Д♥ (a royal marriage now) with A♥ 10♥ В♥ unseen."""
    d = _deal(rules, "7C 8C 9H KD QD 7D TD 9D", "KH KH QH QH 9C 8D 8S 7S", None)
    _win_first_trick(d)
    d.apply(next(a for a in d.legal_actions() if type(a) is Declaration
                 and a.meld == NO_TRUMP_MARRIAGE and len(a.cards) == 2), 1)
    assert d.trump == "H"
    if d.stage == "declare":                       # nothing laid out for later
        d.apply(PASS, 1)
    d.apply(Play(Card("8", "D", 1)), 1)
    d.apply(Play(Card("7", "D", 1)), 0)
    assert d.stage == "declare" and d.to_act == 1
    return d


@pytest.mark.parametrize("sequence", [250, 300, 400])
def test_no_trump_sequence_points_change_everywhere_at_once(sequence):
    rules = RuleSet.preset("no_trump").with_options(no_trump_sequence_points=sequence)
    pts = meld_points(SEQUENCE, rules, "H")
    assert pts == sequence
    d = _no_trump_royal_marriage(rules)
    view = d.view(1)
    royal = next(a for a in view.legal_actions if type(a) is Declaration and a.meld == ROYAL_MARRIAGE)
    assert royal.points == meld_points(ROYAL_MARRIAGE, rules, "H")
    text = coach_reasons.explain_choice(view, royal)
    assert f"ещё {pts}" in text, text
    d.apply(royal, 1)
    # The opponent's threat, as the Любитель judges it from the marriages on the table, is the
    # sequence the engine would score.
    rel = opp_threat(Obs.from_view(d.view(0))) / pts
    base = RuleSet.preset("no_trump").with_options(no_trump_sequence_points=300)
    other = _no_trump_royal_marriage(base)
    other.apply(royal, 1)
    assert rel == pytest.approx(opp_threat(Obs.from_view(other.view(0))) / 300)


# ------------------------------------------------------------------ the coach under every preset

_NUMBER = re.compile(r"(?:\+|ещё |только |за )(\d+)|(\d+) очк")


def _engine_numbers(view) -> set[int]:
    rules, trump = view.rules, view.trump
    ids = (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, BEZIQUE, DOUBLE_BEZIQUE, *FOUR_OF.values(),
           TRUMP_SEVEN, SEVEN_EXCHANGE, TWO_TRUMP_SEVENS, PLAIN_QUINT, TRIPLE_BEZIQUE)
    return ({meld_points(m, rules, trump) for m in ids}
            | {a.points for a in view.legal_actions if type(a) is Declaration})


@pytest.mark.parametrize("preset", [*STANDARD_PRESETS, "no_trump"])
def test_declaration_hints_say_the_engine_numbers_under_every_preset(preset):
    rules = RuleSet.preset(preset)
    rng = random.Random(11)
    checked = 0
    for i in range(8):
        d = Deal.new(rules, i % 2, seed=900 + i)
        while not d.is_over:
            seat = d.to_act
            if d.stage == "declare":
                view = d.view(seat)
                allowed = _engine_numbers(view)
                for a in view.legal_actions:
                    if type(a) is not Declaration:
                        continue
                    text = coach_reasons.explain_choice(view, a)
                    for pair in _NUMBER.findall(text):
                        assert int(pair[0] or pair[1]) in allowed, (preset, a, text)
                    if a.meld == SEVEN_EXCHANGE:
                        up = view.turn_up
                        assert (f"+{points(a.points)}" in text) == (a.points > 0), text
                        assert ("марьяж" in text) == (up.rank in "KQ"), text   # never an ace
                    checked += 1
            d.apply(random_action(d.legal_actions(), rng, pass_rate=0.1))
    assert checked


def test_seed_002_exchange_is_not_ten_points():
    """Issue 14: under seed_002 the exchange is worth 0, under seed_000E 20."""
    for preset, expected in (("seed_002", 0), ("seed_000E", 20)):
        rules = RuleSet.preset(preset).with_options(min_tricks_before_declaring=0)
        d = _seven_position(rules)
        view = d.view(1)
        ex = next(a for a in view.legal_actions if type(a) is Declaration and a.meld == SEVEN_EXCHANGE)
        assert ex.points == meld_points(SEVEN_EXCHANGE, rules, "S") == expected
        text = coach_reasons.explain_choice(view, ex)
        assert "+10" not in text
        assert "туз пик" in text and "марьяж" not in text and "секвенцию" in text


# ------------------------------------------------------------------ every number in a hint's reason

# Each number the coach may put in a reason, with the phrase that says what it is.
_SAID = re.compile(r"ещё (\d+)|только (\d+)|марьяж за (\d+)|— (\d+) очк|\+(\d+) очк|приносит (\d+)"
                   r"|принесёт (\d+) очк|в талоне (\d+) карт|(\d+)")
_SAID_AS = ("ещё", "только", "марьяж за", "—", "+", "приносит", "принесёт", "в талоне", None)


def _expected(view, action, phrase: str) -> set[int]:
    """The engine's value(s) a number said with `phrase` may be, for this hint."""
    rules, trump = view.rules, view.trump
    if phrase == "в талоне":
        return {view.stock_count}
    if type(action) is Declaration:
        m = action.meld
        if phrase == "ещё":
            return {meld_points({ROYAL_MARRIAGE: SEQUENCE, BEZIQUE: DOUBLE_BEZIQUE}[m], rules, trump)}
        if phrase == "только":
            return {meld_points({BEZIQUE: DOUBLE_BEZIQUE, DOUBLE_BEZIQUE: BEZIQUE}[m], rules, trump)}
        if phrase in ("марьяж за", "—", "+", "приносит"):
            return {action.points}
        return set()
    # A play in phase 1: the declaration the trick would allow, and the trick's own points.
    if phrase == "—":
        o = Obs.from_view(view)
        return {d.points for d in o.declarations() if action.card not in d.cards}
    if phrase == "принесёт":
        trick = [c for _, c in view.trick] + [action.card]
        return {trick_points([trick], rules)}
    return set()


@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if not RuleSet.preset(p).many_pack))
def test_every_number_in_a_hint_reason_is_the_engine_value(preset):
    """Under every preset, every number in the coach's reasons (declarations and phase-1
    plays) is the engine's value of what the phrase names; each kind of reason is met."""
    rules = RuleSet.preset(preset)
    rng = random.Random(3)
    kinds = set()
    for i in range(6):
        d = Deal.new(rules, i % rules.players, seed=70 + i)
        while not d.is_over:
            seat = d.to_act
            view = d.view(seat)
            if d.phase == 1:
                for a in view.legal_actions:
                    if type(a) not in (Declaration, Play):
                        continue
                    text = coach_reasons.explain_choice(view, a)
                    for m in _SAID.finditer(re.sub(r"(?:10|[7-9])(?=[♠♥♦♣])", "", text)):
                        k = next(j for j, g in enumerate(m.groups()) if g is not None)
                        phrase = _SAID_AS[k]
                        assert phrase is not None, ("a number the coach does not explain", text)
                        assert int(m.group(k + 1)) in _expected(view, a, phrase), (preset, a, text)
                        kinds.add((a.meld if type(a) is Declaration else "play", phrase))
            d.apply(random_action(d.legal_actions(), rng, pass_rate=0.1))
    assert ("play", "—") in kinds, kinds
    # a trick brings points where aces and tens count (not in six/eight-pack, R15.10.3)
    assert (("play", "принесёт") in kinds) == (rules.brisque_role != "none"), kinds
    declared = {k for k, _ in kinds} - {"play"}
    assert declared, kinds


def _check_reason(view, action) -> str:
    text = coach_reasons.explain_choice(view, action)
    for m in _SAID.finditer(re.sub(r"(?:10|[7-9])(?=[♠♥♦♣])", "", text)):
        k = next(j for j, g in enumerate(m.groups()) if g is not None)
        assert _SAID_AS[k] is not None, ("a number the coach does not explain", text)
        assert int(m.group(k + 1)) in _expected(view, action, _SAID_AS[k]), (action, text)
    return text


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@pytest.mark.parametrize("combo", ["sequence", "bezique"])
def test_big_declaration_reasons_say_the_engine_values(preset, combo):
    """The sequence and the royal marriage, the double and the single bezique, all legal at
    once under each preset: each reason's numbers are the engine's."""
    rules = RuleSet.preset(preset).with_options(min_tricks_before_declaring=0)
    qf, jf = bezique_faces(rules, "S")
    cards = ("AS TS KS QS JS 8H 7H" if combo == "sequence" else
             " ".join(f"{r}{s}" for r, s in (qf, qf, jf, jf)) + " 8H 7H 8D")
    d = _deal(rules, "7C 8C 9H KD QH TD 9D 7D", f"9C {cards}", "8S")
    _win_first_trick(d)
    view = d.view(1)
    decls = {a.meld: a for a in view.legal_actions if type(a) is Declaration}
    want = (SEQUENCE, ROYAL_MARRIAGE) if combo == "sequence" else (DOUBLE_BEZIQUE, BEZIQUE)
    assert set(want) <= set(decls), decls
    for m in want:
        text = _check_reason(view, decls[m])
        assert str(decls[m].points) in text or m in (ROYAL_MARRIAGE, BEZIQUE), text
    up = meld_points(want[0], rules, "S")
    assert (f"ещё {up}" in _check_reason(view, decls[want[1]])), up


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
def test_the_amateur_values_keeping_the_trump_seven_as_the_rules_score_it(preset):
    """Issue 14: the Любитель kept the trump seven for «its 10 points» even where it cannot be
    declared at all. With the exchange gone, keeping it is worth what declaring it scores (by
    the engine), and nothing where it scores only when played (seed_002)."""
    from bezique.players.heuristic import potential
    rules = RuleSet.preset(preset).with_options(min_tricks_before_declaring=0)
    d = _seven_position(rules)
    o = Obs.from_view(d.view(1))
    o.seven_exchanged, o._pot = True, None
    seven = next(c for c in o.hand if c.rank == "7" and c.suit == "S")
    declared = meld_points(TRUMP_SEVEN, rules, "S") if rules.seven_rule != "played" else 0
    assert potential(seven, o) == pytest.approx(declared * o.p.pot)
