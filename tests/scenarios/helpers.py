"""Fixtures for the RULES.md §12 scenarios: build a real `Deal` from chosen cards and play it.

Conventions (RULES.md §12): P1 = non-dealer = seat 0, P2 = dealer = seat 1 (`dealer=1`).

* `build_deal(hand0, hand1, turn_up=..., stock_top=...)` puts the named cards where asked and
  fills the rest deterministically: hands are topped up with *fillers* (9s, 8s, then 7s of the
  non-trump suits: they form no combination and are not trump sevens), the stock continues
  after `stock_top` with the remaining fillers first, then every other card in card order.
  `None` in `stock_top` means "a filler here".
* `p1_wins(...)`: the common "P1 wins a trick holding …" setup.
* `lead(deal, card)`: the seat to act leads `card`; the other seat answers with a card that
  does not beat it (so the leader wins), unless `follow=` names the answer.
* `full_deal(...)`: a complete 24-trick phase 1 designed backwards from the hands both players
  must hold at the start of phase 2 (see `FullDeal`).
* `snapshot(deal)` / `assert_illegal(deal, action)`: an illegal action raises IllegalAction
  with a Russian message and leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import random
from typing import Iterable, Sequence

import pytest

from bezique import PASS, Deal, RuleSet, announce, declare, play
from bezique.actions import Pass
from bezique.cards import Card, make_pack, parse_card_face, parse_cards, pick, sort_cards
from bezique.errors import BeziqueError, IllegalAction
from bezique.melds import Declaration
from bezique.record import deal_to_record
from bezique.setup import deal_from_cards, resolve_groups
from bezique.tricks import beats, winning_index

P1, P2 = 0, 1          # non-dealer (leads first), dealer
DEALER = P2


# --------------------------------------------------------------------------- cards

def C(token: str) -> Card:
    """One card; a bare token means copy 1 (`C("QS")` is QS#1)."""
    r, s, c = parse_card_face(token)
    return Card(r, s, c or 1)


def cards_of(items: str | Iterable[str] | None) -> list[Card]:
    if items is None:
        return []
    if isinstance(items, str):
        return parse_cards(items)
    return [x if isinstance(x, Card) else C(x) for x in items]


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in sort_cards(cards)]


def decl_strings(decls: Iterable[Declaration]) -> list[str]:
    """Canonical, order-free form of a list of declarations: 'meld CARD CARD =points'."""
    return sorted(f"{d.meld} {' '.join(c.code for c in sort_cards(d.cards))} ={d.points}"
                  for d in decls)


def D(meld: str, cards: str, points: int) -> str:
    """Expected declaration in the form of `decl_strings` (cards with copy numbers)."""
    return f"{meld} {' '.join(c.code for c in sort_cards(cards_of(cards)))} ={points}"


def held(deal: Deal, seat: int, token: str) -> Card:
    """The card of that face `seat` holds (exact copy if the token names one)."""
    mine = pick(token, sort_cards(deal.hands[seat]))
    assert mine, f"seat {seat} does not hold {token}: {codes(deal.hands[seat])}"
    return mine[0]


def decl(deal: Deal, seat: int, meld: str, tokens: str, points: int | None = None) -> Declaration:
    """A declaration of cards `seat` holds (bare tokens resolved to held copies)."""
    out: list[Card] = []
    for tok in tokens.split():
        mine = pick(tok, sort_cards(deal.hands[seat]), besides=out)
        out.append(mine[0] if mine else C(tok))
    return declare(meld, out, points)


# --------------------------------------------------------------------------- building deals

def fillers(trump: str, exclude: set) -> list[Card]:
    """Cards that form no combination and are no trump seven, in a fixed order."""
    out = []
    for rank in "987":
        for suit in "SHDC":
            if suit == trump:
                continue
            for copy in (1, 2):
                c = Card(rank, suit, copy)
                if c not in exclude:
                    out.append(c)
    # then plain tens and low trumps (no combination either), if many fillers are needed
    for rank, suits in (("T", [s for s in "SHDC" if s != trump]), ("9", [trump]), ("8", [trump])):
        for suit in suits:
            for copy in (1, 2):
                c = Card(rank, suit, copy)
                if c not in exclude:
                    out.append(c)
    return out


def build_deal(hand0=(), hand1=(), turn_up: str | Card = "9H#2", stock_top: Sequence = (),
               rules: RuleSet | None = None, dealer: int = DEALER) -> Deal:
    """A real Deal with the named cards in place and the rest filled deterministically."""
    trump = turn_up.suit if isinstance(turn_up, Card) else parse_card_face(turn_up)[1]
    return deal_from_cards([hand0, hand1], turn_up, list(stock_top), rules=rules, dealer=dealer,
                           spare=fillers(trump, set()))


def loser_for(deal: Deal, seat: int, lead_card: Card) -> Card:
    """A card of `seat` that does not beat `lead_card` (lowest value first)."""
    trump = deal.trump
    options = sorted(deal.legal_plays(seat) or deal.hands[seat],
                     key=lambda c: (c.is_brisque, c.suit == trump, c.is_court, -c.rank_index, c))
    for c in options:
        if not beats(c, lead_card, trump) and c not in deal.exposed[seat]:
            return c
    for c in options:
        if not beats(c, lead_card, trump):
            return c
    raise AssertionError(f"seat {seat} cannot lose to {lead_card}: {codes(deal.hands[seat])}")


def lead(deal: Deal, card: str | Card, follow: str | Card | None = None) -> int:
    """The seat to act leads `card`; the other answers (by default with a losing card).
    Returns the trick winner. The deal is left in the winner's declaration turn, if any."""
    assert deal.stage == "play" and not deal.trick, (deal.stage, deal.trick)
    seat = deal.to_act
    c = card if isinstance(card, Card) else held(deal, seat, card)
    deal.apply(play(c), seat)
    other = deal.to_act
    if follow is None:
        f = loser_for(deal, other, c)
    else:
        f = follow if isinstance(follow, Card) else held(deal, other, follow)
    deal.apply(play(f), other)
    return deal.leader


def then(deal: Deal, *actions) -> None:
    """Apply the winner's declaration actions, then pass if the turn is still open."""
    for a in actions:
        deal.apply(a, deal.to_act)
    if deal.stage == "declare":
        deal.apply(PASS, deal.to_act)


def trick(deal: Deal, card, follow=None, *actions) -> int:
    w = lead(deal, card, follow)
    then(deal, *actions)
    return w


def p1_wins(concealed: str, *, turn_up: str = "9H#2", rules: RuleSet | None = None,
            lead_card: str | None = None, stock_top: Sequence = ()) -> Deal:
    """P1 leads and wins trick 1; P1 then holds exactly `concealed` (7 cards, padded with
    fillers) and it is P1's declaration turn (if any declaration is legal)."""
    hand, top, (up,), lc = resolve_groups(concealed, list(stock_top), [turn_up], lead_card)
    assert len(hand) <= 7
    if not lc:
        pool = fillers(up.suit, set(hand) | {up} | {x for x in top if x is not None})
        lc = [[c for c in pool if c.rank == "T"][-1]]    # a plain ten: P2's fillers cannot head it
    lc = lc[0]
    deal = build_deal(hand + [lc], (), up, top, rules)
    assert lead(deal, lc) == P1
    return deal


# --------------------------------------------------------------------------- state checks

def snapshot(deal: Deal):
    """Everything that an illegal action must not change."""
    return (json.dumps(deal_to_record(deal), sort_keys=True), json.dumps(deal.result()),
            deal.stage, deal.phase, deal.to_act, deal.leader, deal.tricks_done,
            [codes(h) for h in deal.hands], [codes(e) for e in deal.exposed],
            [codes(k) for k in deal.known], codes(deal.stock), [c.code for c in deal.stock],
            deal.turn_up, deal.trump, list(deal.trick), list(deal.declared),
            list(deal.penalties), [decl_strings(p) for p in deal.pending],
            [decl_strings(m.scored) for m in deal.melds], deal.seven_exchanged,
            len(deal.log), len(deal.actions),
            [decl_strings(deal.legal_declarations(s)) for s in range(deal.n)])


def assert_illegal(deal: Deal, action, seat: int | None = None, match: str | None = None,
                   exc=IllegalAction) -> BeziqueError:
    """`action` is refused with a Russian explanation and changes nothing."""
    before = snapshot(deal)
    with pytest.raises(exc) as info:
        deal.apply(action, deal.to_act if seat is None else seat)
    err = info.value
    assert err.message and any("\u0400" <= ch <= "\u04ff" for ch in err.message), err.message
    if match:
        assert match in err.message, err.message
    assert snapshot(deal) == before
    return err


def legal(deal: Deal, seat: int | None = None) -> list[str]:
    return decl_strings(deal.legal_declarations(deal.to_act if seat is None else seat))


def finish_randomly(deal: Deal, seed: int = 0, avoid_declarations: bool = False) -> Deal:
    """Play the deal to its end with random legal actions."""
    rng = random.Random(seed)
    while not deal.is_over:
        acts = deal.legal_actions()
        if avoid_declarations and deal.stage == "declare":
            deal.apply(PASS)
            continue
        deal.apply(acts[rng.randrange(len(acts))])
    return deal


# --------------------------------------------------------------------------- full deals

def _codes_named(tokens: str, among: list[Card]) -> set[str]:
    """The cards of `among` that `tokens` name (bare tokens: the lowest such copy)."""
    out: set[Card] = set()
    for tok in tokens.split():
        match = pick(tok, sort_cards(among), besides=out)
        assert match, f"{tok} is not among {codes(among)}"
        out.add(match[0])
    return {c.code for c in out}


class FullDeal:
    """A whole phase 1 designed backwards from the phase-2 hands.

    `final[s]` (8 cards each) is what seat s holds when phase 2 starts. `winners` gives the
    winner of each of the 24 phase-1 tricks (default: the leader always wins, so P1 wins all).
    `early[s]` (≤ 7 cards of `final[s]`) are held from the deal on (e.g. to declare them
    earlier); the other final cards arrive by the last draws. Every other card is played in
    phase 1, in pairs chosen (seeded) so that each trick has the wanted winner. A seat
    receives its cards in a fixed order and plays them oldest first, so every hand during
    phase 1 is known in advance. The loser of trick 24 gets the turn-up, the winner the last
    face-down card (the last card of its `final`).

    `run(n, actions={k: [...]})` plays tricks 1..n, applying `actions[k]` in the declaration
    turn of trick k (then passing).
    """

    def __init__(self, final0: str, final1: str, turn_up: str, winners: Sequence[int] | None = None,
                 early0: str = "", early1: str = "", rules: RuleSet | None = None,
                 seed: int = 1, dealer: int = DEALER):
        self.rules = rules or RuleSet()
        f0, f1 = resolve_groups(final0, final1)
        finals = [f0, f1]
        (up_code,) = _codes_named(turn_up, f0 + f1)
        up = C(up_code)
        early = [[c for c in f0 if c.code in _codes_named(early0, f0)],
                 [c for c in f1 if c.code in _codes_named(early1, f1)]]
        assert all(len(f) == 8 for f in finals)
        assert all(set(e) <= set(f) and len(e) <= 7 for e, f in zip(early, finals))
        trump = up.suit
        first = (dealer + 1) % 2
        everything = finals[0] + finals[1]
        assert up in everything and len(set(everything)) == 16
        pool = [c for c in make_pack(2) if c not in everything]
        rng = random.Random(seed)
        for _attempt in range(500):
            plays = self._pair_up(pool, winners, first, trump, rng)
            if plays is not None:
                break
        else:                                                     # pragma: no cover
            raise AssertionError("could not design the phase-1 tricks")
        self.plays = plays                     # [(leader seat, leader card, follower card)]
        tw = [self._winner(p, trump) for p in plays]
        self.trick_winners = tw
        loser24 = 1 - tw[-1]
        assert up in finals[loser24], "the turn-up goes to the loser of trick 24"
        finals[loser24] = [c for c in finals[loser24] if c is not up] + [up]
        self.finals = finals
        received = []
        for s in (0, 1):
            own_plays = [lc if ls == s else fc for ls, lc, fc in plays]
            rest = [c for c in own_plays + finals[s] if c not in early[s]]
            received.append(early[s] + rest)
        hands = [r[:8] for r in received]
        draws = [r[8:] for r in received]           # draw j after trick j (24 each)
        stock = []
        for k in range(23):
            w = tw[k]
            stock += [draws[w][k], draws[1 - w][k]]
        stock.append(draws[tw[23]][23])
        assert draws[loser24][23] is up
        self.deal = Deal(self.rules, dealer, hands, up, stock)
        self.done = 0

    @staticmethod
    def _winner(p, trump):
        ls, lc, fc = p
        return ls if winning_index((lc, fc), trump) == 0 else 1 - ls

    @staticmethod
    def _pair_up(pool, winners, first, trump, rng):
        cards = list(pool)
        rng.shuffle(cards)
        plays = []
        leader = first
        for k in range(24):
            want = winners[k] if winners is not None else leader
            found = None
            # The leader wins with an identical or lower card of the same suit, or any card of
            # another suit that is not a trump; the follower wins by heading it or trumping.
            for i, a in enumerate(cards):
                for j, b in enumerate(cards):
                    if i == j:
                        continue
                    follower_wins = beats(b, a, trump)
                    if follower_wins == (want != leader):
                        found = (i, j)
                        break
                if found:
                    break
            if not found:
                return None
            i, j = found
            a, b = cards[i], cards[j]
            for idx in sorted((i, j), reverse=True):
                cards.pop(idx)
            plays.append((leader, a, b))
            leader = want
        return plays

    def run(self, upto: int = 24, actions: dict | None = None, stop_in_declare: bool = False):
        """Play tricks self.done+1 .. upto. With stop_in_declare the last trick's declaration
        turn is left open."""
        actions = actions or {}
        deal = self.deal
        for k in range(self.done, upto):
            ls, lc, fc = self.plays[k]
            assert deal.stage == "play" and deal.to_act == ls, (k + 1, deal.stage, deal.to_act)
            deal.apply(play(lc), ls)
            deal.apply(play(fc), 1 - ls)
            assert deal.leader == self.trick_winners[k]
            self.done = k + 1
            if stop_in_declare and k + 1 == upto:
                break
            then(deal, *actions.get(k + 1, ()))
        return deal


# --------------------------------------------------------------------------- position files

POSITIONS = __import__("pathlib").Path(__file__).with_name("positions")


def assert_position(stem: str) -> list:
    """Every position of tests/scenarios/positions/<stem>.json agrees with the engine;
    returns the loaded positions."""
    from bezique.positions import compare, load_file, solve
    path = POSITIONS / f"{stem}.json"
    positions = load_file(str(path))
    assert positions
    for pos in positions:
        assert pos.answer is not None, pos.id
        assert compare(pos) == [], (pos.id, compare(pos))
        solve(pos)
    return positions


def options(deal: Deal, seat: int) -> list[str]:
    """What `seat` could declare with the cards it holds now if it had just won a phase-1 trick
    (the re-use rules only, no timing): shows what a closed declaration turn would have held."""
    from bezique.melds import MeldContext, enumerate_declarations
    ctx = MeldContext.of(deal)
    return decl_strings(enumerate_declarations(deal.hands[seat], deal.melds[seat], ctx))


def L(*items: str) -> list[str]:
    """An expected list of declarations (order-free, as `legal()` returns them)."""
    return sorted(items)
