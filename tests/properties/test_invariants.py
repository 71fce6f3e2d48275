"""Property tests of the deal state machine over random deals, for every standard preset.

Each example is one deal (a preset, a dealer and a seed drawn by hypothesis) played by random
legal actions, declarations and pending announcements included (the Новичок player's choice
rule). The invariants are checked after every action.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ci_support import examples

from bezique import PASS, Deal, RuleSet, announce, declare, play
from bezique.actions import Announce, Pass, Play
from bezique.cards import Card, make_pack
from bezique.errors import BeziqueError, IllegalAction
from bezique.events import DrawEvent, TurnUpTakenEvent
from bezique.melds import ALL_MELDS, Declaration
from bezique.players.random_player import random_action
from bezique.record import deal_to_record, dumps_record, parse_record, replay
from bezique.rules import STANDARD_PRESETS
from bezique.tally import trick_points

pytestmark = pytest.mark.slow                # many random deals (more in CI)

PACK = frozenset(make_pack(2))
# A few deals per preset and test keep the whole file near 20 s of CPU on the shared machine;
# CI (derandomized: the same deals every run, see tests/conftest.py) plays five times as many.
SETTINGS = settings(max_examples=examples(4, 20), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
DEALS = st.tuples(st.integers(0, 1), st.integers(0, 2**32 - 1))


def rules_of(preset: str) -> RuleSet:
    return RuleSet.preset(preset)


def steps(deal: Deal, rng: random.Random):
    """Play the deal to its end by random legal actions; yield after each action."""
    while not deal.is_over:
        acts = deal.legal_actions()
        assert acts, (deal.stage, deal.to_act)
        act = random_action(acts, rng)
        seat = deal.to_act
        deal.apply(act, seat)
        yield seat, act


def state(deal: Deal):
    """A complete, comparable picture of the state (everything an action may change)."""
    return (json.dumps(deal_to_record(deal), sort_keys=True), json.dumps(deal.result()),
            deal.stage, deal.phase, deal.to_act, deal.leader, deal.tricks_done,
            [sorted(h) for h in deal.hands], [sorted(e) for e in deal.exposed],
            [sorted(k) for k in deal.known], list(deal.stock), deal.turn_up, deal.trump,
            list(deal.trick), list(deal.trick_seats), [list(w) for w in deal.won],
            list(deal.declared), list(deal.penalties), list(deal.zeroed),
            [sorted(p) for p in deal.pending], [list(m.scored) for m in deal.melds],
            [{k: sorted(v) for k, v in m.used.items()} for m in deal.melds],
            [sorted(m.sevens_scored) for m in deal.melds], deal.seven_exchanged,
            deal.carte_blanche_done, deal.last_trick_winner, list(deal.log), list(deal.actions),
            [sorted(deal.legal_declarations(s)) for s in range(deal.n)],
            [sorted(deal.legal_announcements(s)) for s in range(deal.n)],
            [sorted(map(repr, deal.legal_actions(s))) for s in range(deal.n)])


# --------------------------------------------------------------------------- invariants

def check_zones(deal: Deal) -> None:
    """Every physical card is in exactly one zone: 64 in all."""
    zones = [c for h in deal.hands for c in h] + list(deal.stock) + list(deal.trick)
    zones += [c for w in deal.won for t in w for c in t]
    if deal.turn_up is not None:
        zones.append(deal.turn_up)
    assert len(zones) == 64 and set(zones) == PACK, "a card is lost or duplicated"
    for p in range(deal.n):
        assert deal.exposed[p] <= set(deal.hands[p])
        assert deal.known[p] <= set(deal.hands[p])          # known cards are really held
        for d in deal.pending[p]:
            assert set(d.cards) <= deal.exposed[p]


def check_sizes(deal: Deal) -> None:
    """8 cards a hand (concealed + exposed) at the start of every phase-1 trick; the stock
    holds 47 − 2k face-down cards after trick k; the hands shrink together in phase 2."""
    k = deal.tricks_done
    played = set(deal.trick_seats)
    if deal.is_over:
        assert deal.hands == [[], []] and k == 32
        return
    if deal.phase == 1:
        assert deal.turn_up is not None
        if deal.stage == "declare":            # the winner holds 7 until the draw
            assert deal.stock_count == 47 - 2 * (k - 1)
            assert not deal.trick and all(len(h) == 7 for h in deal.hands)
            return
        assert deal.stock_count == 47 - 2 * k
        full = 8
    else:
        assert deal.stock_count == 0 and deal.turn_up is None
        assert deal.exposed == [set(), set()] and deal.pending == [[], []]
        full = 32 - k
    for p in range(2):
        assert len(deal.hands[p]) == full - (1 if p in played else 0), (p, deal.phase, k)


def check_result(deal: Deal) -> None:
    res = deal.result()
    pens = res.get("penalties", [0, 0])
    for p in range(2):
        assert res["scores"][p] == res["brisques"][p] + res["declared"][p] + res["last_trick"][p] - pens[p]
    assert res["declared"] == deal.declared


def cards_in(obj, seen=None):
    """Every Card reachable from a view (dataclasses, tuples, sets, named tuples)."""
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, (str, bytes, int, float, bool, type(None), RuleSet)):
        return
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield from cards_in(getattr(obj, f.name))
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from cards_in(v)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for v in obj:
            yield from cards_in(v)


def check_views(deal: Deal) -> None:
    for seat in range(deal.n):
        view = deal.view(seat)
        assert sorted(view.hand) == sorted(deal.hands[seat])
        seen = set(cards_in(view))
        assert not seen & set(deal.stock), "a face-down stock card is visible"
        for other in range(deal.n):
            if other == seat:
                continue
            hidden = set(deal.hands[other]) - deal.known[other]
            assert not seen & hidden, f"seat {seat} sees concealed cards of seat {other}"
            assert view.known[other] == frozenset(deal.known[other])
            assert view.tables[other] == frozenset(deal.exposed[other])
            assert view.hand_sizes[other] == len(deal.hands[other])


# --------------------------------------------------------------------------- tests

@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@SETTINGS
@given(DEALS)
def test_zones_sizes_views_after_every_action(preset, args):
    dealer, seed = args
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    check_zones(deal)
    check_sizes(deal)
    check_views(deal)
    for _ in steps(deal, random.Random(seed)):
        check_zones(deal)
        check_sizes(deal)
        check_views(deal)
        check_result(deal)
    assert deal.is_over and deal.tricks_done == 32
    # brisques: 160 per deal under canonical counting, whatever the preset counts
    canonical = RuleSet()
    assert sum(trick_points(deal.won[p], canonical) for p in range(2)) == 160
    if deal.rules.trick_scoring == "brisques" and deal.rules.brisque_count == "per_card":
        assert sum(deal.result()["brisques"]) == 160
    assert deal.result()["last_trick"][deal.last_trick_winner] == deal.rules.last_trick_points


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@settings(max_examples=examples(10, 40), deadline=None)
@given(DEALS)
def test_record_round_trip_reproduces_the_result(preset, args):
    dealer, seed = args
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    for _ in steps(deal, random.Random(seed)):
        pass
    rec = deal_to_record(deal)
    assert rec["result"] == deal.result()
    text = dumps_record(deal)
    out = replay(parse_record(json.loads(text)))
    assert out.ok, out.error
    assert deal_to_record(out.deal) == rec
    assert out.deal.result() == deal.result()
    assert state(out.deal)[:-3] == state(deal)[:-3]


def random_malformed(deal: Deal, rng: random.Random):
    """A declaration that is not among the legal ones (random meld id and random cards)."""
    seat = deal.to_act
    legal = {d.key for d in deal.legal_declarations(seat)}
    for _ in range(20):
        meld = rng.choice(ALL_MELDS + ("no_such_meld",))
        pool = list(deal.hands[seat]) if rng.random() < 0.7 else sorted(PACK)
        cards = rng.sample(pool, min(len(pool), rng.randint(1, 6)))
        d = declare(meld, cards, rng.choice([None, None, 0, 40, 1000]))
        if d.key not in legal:
            return d
    return declare("no_such_meld", [])


def illegal_actions(deal: Deal, rng: random.Random) -> list[tuple[int, object]]:
    """A few (seat, action) pairs the rules forbid now, of several sorts."""
    seat = deal.to_act
    if seat < 0:                                                        # the deal is over
        return [(0, play(rng.choice(sorted(PACK)))), (1, PASS)]
    other = 1 - seat
    not_mine = sorted(PACK - set(deal.hands[seat]))
    out = [(seat, play(rng.choice(not_mine)))]                          # a card not in hand
    if deal.hands[other]:
        out.append((other, play(rng.choice(deal.hands[other]))))        # out of turn
    out.append((seat, random_malformed(deal, rng)))                     # malformed declaration
    out.append((other, random_malformed(deal, rng)))                    # declaration out of turn
    if deal.stage == "play":
        out.append((seat, PASS))                                        # nothing to pass
        if deal.phase == 2 or deal.rules.phase1_must_follow_suit:
            wrong = [c for c in deal.hands[seat] if c not in deal.legal_plays(seat)]
            if wrong:
                out.append((seat, play(rng.choice(wrong))))             # revoke
    else:
        out.append((seat, play(rng.choice(deal.hands[seat]))))          # play in a declare turn
        legal_decls = deal.legal_declarations(seat)
        if legal_decls:
            d = rng.choice(legal_decls)
            out.append((seat, declare(d.meld, d.cards, d.points + 10)))     # wrong points
        legal = {(a.meld, frozenset(a.cards)) for a in deal.legal_announcements(seat)}
        bad = announce(rng.choice(ALL_MELDS), rng.sample(deal.hands[seat], 2))
        if (bad.meld, frozenset(bad.cards)) not in legal:
            out.append((seat, bad))                                     # a bad announcement
    return out


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@SETTINGS
@given(DEALS)
def test_illegal_actions_raise_and_change_nothing(preset, args):
    dealer, seed = args
    rng = random.Random(seed ^ 0x5EED)
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    gen = steps(deal, random.Random(seed))
    while True:
        if rng.random() < 0.3:
            before = state(deal)
            for seat, act in illegal_actions(deal, rng):
                with pytest.raises(BeziqueError) as info:
                    deal.apply(act, seat)
                assert isinstance(info.value, IllegalAction), info.value
                assert info.value.message
                assert state(deal) == before, (act, seat)
        if next(gen, None) is None:
            break
    # after the end, anything is refused
    before = state(deal)
    for seat, act in illegal_actions(deal, rng):
        with pytest.raises(IllegalAction):
            deal.apply(act, seat)
    assert state(deal) == before


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@settings(max_examples=examples(3, 15), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(DEALS)
def test_undo_restores_the_state_before_the_last_action(preset, args):
    dealer, seed = args
    rng = random.Random(seed)
    pick = random.Random(~seed)
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    while not deal.is_over:
        before = state(deal)
        deal.apply(random_action(deal.legal_actions(), rng))
        if pick.random() < 0.25 or deal.is_over:
            back = deal.undo()
            assert state(back) == before
            assert back.undo(0).actions == back.actions
    assert state(deal.undo(len(deal.actions))) == state(Deal(deal.rules, deal.dealer, *deal.initial))


@pytest.mark.parametrize("preset", STANDARD_PRESETS)
@settings(max_examples=examples(3, 15), deadline=None)
@given(DEALS)
def test_clones_are_independent(preset, args):
    dealer, seed = args
    rng = random.Random(seed)
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    while not deal.is_over:
        if rng.random() < 0.15:
            twin = deal.clone()
            original = state(deal)
            assert state(twin) == original
            # the clone plays on to the end: the original does not move
            for _ in steps(twin, random.Random(rng.random())):
                pass
            assert state(deal) == original
            # the original moves: a fresh clone taken before does not
            twin = deal.clone()
            frozen = state(twin)
            deal.apply(random_action(deal.legal_actions(), rng))
            assert state(twin) == frozen
            continue
        deal.apply(random_action(deal.legal_actions(), rng))



@pytest.mark.parametrize("preset", STANDARD_PRESETS + ("three_handed", "four_handed"))
@settings(max_examples=examples(3, 12), deadline=None)
@given(DEALS)
def test_draws_in_time_are_the_draws_a_later_declaration_turn_can_use(preset, args):
    """`PlayerView.draws_in_time` (what the coach asks to know which combinations can still be
    completed) against what the engine does in a whole deal: at every moment of the stock
    phase it is the number of cards the seat will still draw after a stock trick that comes
    before the last trick opening a declaration turn; and no declaration turn opens after
    `RuleSet.last_declaration_trick`."""
    dealer, seed = args
    deal = Deal.new(rules_of(preset), dealer, seed=seed)
    last = deal.rules.last_declaration_trick
    claims = []                        # (seat, draws_in_time, how many draws were made before)
    draws: list[tuple[int, int]] = []  # (seat, the trick after which it drew), in order

    def note():
        if deal.phase == 1:
            claims.extend((s, deal.view(s).draws_in_time, len(draws)) for s in range(deal.n))

    note()
    logged = len(deal.log)
    for _ in steps(deal, random.Random(seed)):
        draws.extend((e.seat, deal.tricks_done) for e in deal.log[logged:]
                     if isinstance(e, (DrawEvent, TurnUpTakenEvent)))
        logged = len(deal.log)
        assert deal.stage != "declare" or deal.tricks_done <= last, (deal.tricks_done, last)
        note()
    assert len(draws) == deal.rules.phase1_tricks * deal.n
    for seat, claimed, made in claims:
        later = sum(1 for s, t in draws[made:] if s == seat and t < last)
        assert claimed == later, (seat, claimed, later, made)
