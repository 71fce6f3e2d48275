"""The opponents at a table of three or four: the Любитель plays with its partner and against
both other seats; Мастер searches three and four hands."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings, strategies as st

from ci_support import examples

from bezique.actions import Play
from bezique.cards import Card
from bezique.deal import Deal
from bezique.players.determinize import Template, action_key, check_consistent
from bezique.players.heuristic import HeuristicPlayer, opp_threat
from bezique.players.observation import Obs
from bezique.players.match import play_deal
from bezique.players.search import Draws, SearchPlayer, playout, step, strongest_level, supported
from bezique.rules import RuleSet
from bezique.setup import deal_from_cards
from bezique.tricks import beats, winning_index

from .helpers import advance

FOUR = RuleSet.preset("four_handed")
THREE = RuleSet.preset("three_handed")

# Four-handed, spades trumps, the dealer seat 3: seat 0 leads, seat 3 (partner of seat 1)
# plays last. Seat 3 holds no court card and no ace, so nothing it could declare or save
# pulls it towards taking the trick.
H0 = "9H AH 7S 8S KD QD KC QC"
H1 = "9H AH 9D 8D KH QH KS QS"
H2 = "8H 8H TD TD JS JD JC 7H"


def _last_to_play(h3: str, lead: str, second: str, third: str) -> Deal:
    deal = deal_from_cards([H0, H1, H2, h3], "9S", rules=FOUR, dealer=3)
    for seat, card in ((0, lead), (1, second), (2, third)):
        c = next(x for x in deal.hands[seat] if x.code.startswith(card))
        deal.apply(Play(c), seat)
    assert deal.to_act == 3
    return deal


def _choice(deal: Deal, table: bool = True):
    act = HeuristicPlayer(0, table=table).choose(deal.view(deal.to_act))
    assert act in deal.view(deal.to_act).legal_actions
    return act.card


def test_seats_come_from_the_rules():
    assert FOUR.partner(0) == 2 and FOUR.partner(3) == 1
    assert FOUR.opponents(0) == (1, 3) and FOUR.opponents(1) == (2, 0)
    assert FOUR.side(2) == 0 and FOUR.side(3) == 1
    assert THREE.partner(1) is None and THREE.opponents(1) == (2, 0)
    assert RuleSet().opponents(1) == (0,)


def test_does_not_over_take_the_partners_ace():
    """Partner winning with an ace (seat 1), seat 3 last: a low card, not a trump; the same
    ace led by an opponent is trumped."""
    h3 = "7C 8C 9D 7D 9S 8S 8C 7D"
    partner = _choice(_last_to_play(h3, "9H", "AH", "8H"))
    assert partner.suit != "S", partner
    opponent = _choice(_last_to_play(h3, "AH", "9H", "8H"))
    assert opponent.suit == "S", opponent


def test_feeds_a_brisque_to_the_partners_trick():
    """Partner winning (seat 1's ace, nobody left to play): seat 3 throws its plain ten on it;
    on an opponent's winning ace it throws a low card instead."""
    h3 = "TC 7C 8C 9D 7D 8C 9C 7D"
    assert _choice(_last_to_play(h3, "9H", "AH", "8H")).rank == "T"
    assert _choice(_last_to_play(h3, "AH", "9H", "8H")).rank != "T"


def test_the_two_handed_model_does_not_see_the_partner():
    """The old model (the lead is the card to beat, the next seat the only opponent) keeps the
    ten off the partner's trick: the test above means something."""
    h3 = "TC 7C 8C 9D 7D 8C 9C 7D"
    assert _choice(_last_to_play(h3, "9H", "AH", "8H"), table=False).rank != "T"


def test_three_handed_threat_counts_both_opponents():
    """A royal marriage on the table of the seat after next is a sequence threat in
    three-handed play; the two-handed model, reading the next seat only, does not see it."""
    deal = Deal.new(THREE, 0, seed=4)
    view = deal.view(deal.to_act)
    o = Obs.from_view(view)
    assert o.multi and o.opps == THREE.opponents(o.seat) and len(o.opps) == 2
    far = o.opps[1]
    k, q = Card("K", deal.trump, 3), Card("Q", deal.trump, 3)
    assert k not in deal.hands[o.seat] and q not in deal.hands[o.seat]
    tables = [set(), set(), set()]
    tables[far] = {k, q}
    known = [set(tables[s]) for s in range(3)]
    melds = dict(o.melds_by)
    o._seat_table(known, tables, [len(x) for x in known], list(view.hand_sizes), [],
                  melds.__getitem__)
    assert opp_threat(o) > 0
    old = Obs.from_view(view, table=False)
    old.opp_table, old.opp_known = tables[o.opp], known[o.opp]
    assert o.opp != far and opp_threat(old) == 0


def _phase2_decisions(rules: RuleSet, seeds) -> list:
    """(view, chosen card) of every phase-2 card play by the Любитель in seeded deals."""
    out = []
    for seed in seeds:
        deal = Deal.new(rules, seed % rules.players, seed=seed)
        bots = [HeuristicPlayer(s) for s in range(rules.players)]
        while not deal.is_over:
            seat = deal.to_act
            view = deal.view(seat)
            act = bots[seat].choose(view)
            assert act in view.legal_actions
            if deal.phase == 2 and view.trick:
                out.append((view, act.card))
            deal.apply(act, seat)
    return out


def test_last_eight_beats_the_highest_card_even_the_partners():
    """R7.2 for four: the card to beat is the highest on the trick, the partner's included;
    where the engine demands it, the Любитель's (legal) choice beats it."""
    must, partner_must = 0, 0
    for view, card in _phase2_decisions(FOUR, range(8)):
        cards = [c for _, c in view.trick]
        w = winning_index(cards, view.trump)
        best = cards[w]
        legal = [a.card for a in view.legal_actions]
        if all(beats(c, best, view.trump) for c in legal):
            must += 1
            partner_must += view.trick[w][0] == FOUR.partner(view.seat)
            assert beats(card, best, view.trump)
    assert must > 20 and partner_must > 3


def test_last_eight_without_heading_does_not_over_take_a_sure_partner():
    """phase2_must_head=false: following suit is enough. Last to play, the partner's card
    winning and a card that does not beat it legal: the Любитель never spends a card to
    over-take the partner, unless it is a brisque banked on the side's trick."""
    rules = FOUR.with_options(phase2_must_head=False)
    seen = 0
    for view, card in _phase2_decisions(rules, range(10)):
        if len(view.trick) != 3:
            continue
        cards = [c for _, c in view.trick]
        w = winning_index(cards, view.trump)
        if view.trick[w][0] != rules.partner(view.seat):
            continue
        legal = [a.card for a in view.legal_actions]
        if any(not beats(c, cards[w], view.trump) for c in legal):
            seen += 1
            assert card.is_brisque or not beats(card, cards[w], view.trump), (view.trick, card)
    assert seen > 5


def test_search_plays_three_and_four():
    assert supported(THREE) and supported(FOUR) and supported(RuleSet())
    many = RuleSet.preset("many_pack_infusorka")
    assert not supported(many) and strongest_level(many) == "heuristic"
    assert strongest_level(FOUR) == "search" and strongest_level(THREE) == "search"
    # of the multi-pack games Мастер plays Rubicon (measured: docs/benchmarks/multipack.md)
    assert [strongest_level(RuleSet.preset(g)) for g in ("rubicon", "six_pack", "eight_pack")] \
        == ["search", "heuristic", "heuristic"]


class Timed:
    """Checks each choice is legal and measures its thread CPU time."""

    def __init__(self, player):
        self.player, self.times = player, []

    def choose(self, view):
        t = time.thread_time()
        act = self.player.choose(view)
        self.times.append(time.thread_time() - t)
        assert action_key(act) in {action_key(a) for a in view.legal_actions}, act
        return act


@pytest.mark.parametrize("rules", [THREE, FOUR], ids=["three", "four"])
def test_search_returns_legal_actions_within_its_limit(rules):
    """Whole seeded deals, Мастер in seat 0 (and its partner's seat), the Любитель elsewhere:
    every action legal, every decision within the time limit plus its extension and one
    sample's overrun, and the decisions really searched."""
    limit = 0.03
    for seed in (1, 2):
        deal = Deal.new(rules, seed % rules.players, seed=seed)
        masters = [Timed(SearchPlayer(seed + s, time_limit=limit, extra_time=0.0))
                   for s in range(rules.players)]
        players = [masters[s] if s in (0, rules.partner(0)) else HeuristicPlayer(s)
                   for s in range(rules.players)]
        searched = 0
        while not deal.is_over:
            seat = deal.to_act
            deal.apply(players[seat].choose(deal.view(seat)), seat)
            p = players[seat]
            if isinstance(p, Timed) and p.player.last is not None:
                searched += p.player.last.method == "rollouts"
        times = [t for m in masters for t in m.times]
        assert max(times) < limit + 0.3, max(times)
        assert searched > 10


@pytest.mark.parametrize("rules", [THREE, FOUR], ids=["three", "four"])
def test_coupled_draws_give_each_of_the_seats_its_own_stream(rules):
    """Three or four seats: each seat draws its own stream whichever candidate is played."""
    rng = random.Random(9)
    checked = 0
    for i in range(8):
        deal = advance(Deal.new(rules, i % rules.players, seed=700 + i), rng.randrange(0, 40), rng)
        if deal.is_over or deal.phase != 1 or deal.stage != "play":
            continue
        view = deal.view(deal.to_act)
        tmpl = Template(view)
        cards = list(tmpl.unseen)
        rng.shuffle(cards)
        h = tmpl.hidden_count
        stock = cards[h:]
        draws = Draws.split(stock, view.seat, rules.players)
        m = len(stock) // rules.players
        got = []
        for cand in [a for a in view.legal_actions if type(a) is Play][:3]:
            d = tmpl.deal(cards[:h], stock)
            dr = draws.copy()
            start = len(d.log)
            step(d, cand, view.seat, dr)
            playout(d, draws=dr)
            drawn = {}
            for e in d.log[start:]:
                if type(e).__name__ == "DrawEvent":
                    drawn.setdefault(e.seat, []).append(e.card)
            for s in range(rules.players):
                assert drawn[s][:m] == draws.streams[s]
            got.append([drawn[s][:m] for s in range(rules.players)])
            checked += 1
        assert all(g == got[0] for g in got)
    assert checked >= 6


@settings(max_examples=examples(25, 100), deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10_000),
       moves=st.integers(0, 200), pick=st.integers(0, 1000))
def test_sampled_worlds_keep_every_seats_known_cards_and_hand_size(players, seed, moves, pick):
    """Determinization at three and four seats: in every sampled world each other seat holds
    the cards it is known to hold and as many cards as it really does, the stock is as large as
    it is, the searching seat's own hand is its own, and it sees exactly its view."""
    rules = THREE if players == 3 else FOUR
    rng = random.Random(seed)
    deal = advance(Deal.new(rules, seed % players, seed=seed), moves, rng)
    if deal.is_over:
        return
    seat = (deal.to_act + pick) % players
    view = deal.view(seat)
    for _ in range(2):
        world = Template(view).sample(rng)
        assert check_consistent(world, view) == []
        assert len(world.stock) == len(deal.stock)
        assert sorted(world.hands[seat]) == sorted(deal.hands[seat])
        for s in range(players):
            assert view.known[s] <= set(world.hands[s])
            assert len(world.hands[s]) == len(deal.hands[s])


def test_search_margin_counts_the_partners_points():
    """Four-handed, the side's joint score (the partner's points in it) against the other
    side's; three-handed, the seat's score against the mean of the two others."""
    from bezique.players.search import margin
    four = play_deal(Deal.new(FOUR, 0, seed=5), [HeuristicPlayer(s) for s in range(4)])
    s = four.result()["scores"]
    assert margin(four, 0) == margin(four, 2) == s[0] - s[1] == -margin(four, 3)
    three = play_deal(Deal.new(THREE, 0, seed=5), [HeuristicPlayer(s) for s in range(3)])
    s = three.result()["scores"]
    assert margin(three, 1) == s[1] - (s[0] + s[2]) / 2
