"""One deal of Rubicon, six-pack or eight-pack bezique (RULES-multipack.md §15) as a small
subclass of the standard `Deal`: what differs is here, the turn structure (tricks, one
declaration per trick won, combinations laid out «…очков за мной», the draws, the last 9 / 12 /
15 tricks) is the standard state machine's.

Differences: 4 / 6 / 8 packs and hands of 9 / 12 / 15 dealt one (or three) at a time, the
non-dealer first, no turn-up (R15.2); no trumps until the first marriage or sequence scored
(R15.3); the combinations and re-declaration of 15.5–15.7 (`melds`); carte blanche at the deal
and again on each non-court card drawn (15.8); the six-pack dealer's lift (R15.2.6); the tally
without brisques in the score and the settlement of 15.11 (`settle`).

Engine readings (RULES-multipack.md 15.18 and docs/deal-records.md): carte blanche is scored by
itself, like the club text's in the standard engine (it is never worth hiding); the lift is a
pair (packet, estimate) that a computer samples near 24 and a record keeps in its `lift` field.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, replace

from ...actions import Announce
from ...cards import Card, sort_cards
from ...deal import STAGE_DECLARE, STAGE_PLAY, Deal
from ...errors import IllegalAction, RulesError
from ...events import AnnounceEvent, CarteBlancheEvent, DrawEvent, TrumpFixedEvent
from ...melds import CARTE_BLANCHE, Declaration, MeldContext, make_declaration
from ...packs import pack_for
from ...ru import capitalize
from ...tally import last_trick_points
from .melds import (TRUMP_FIXING, multipack_declarations, multipack_meld_points, reuse_problem,
                    shape_problem)
from .settle import settle

LIFT_RANGE = (21, 27)          # the packet sizes a computer dealer lifts, around 24 (R15.2.6)


@dataclass(frozen=True, slots=True)
class LiftEvent:
    """The six-pack lift's points in the log (R15.2.6): `what` is "dealer_lift" (the dealer
    lifted exactly the target) or "lift_estimate" (the non-dealer's estimate was exact)."""

    seat: int
    what: str
    points: int


def deal_multipack(rules, dealer: int, rng: _random.Random):
    """Shuffle and deal one at a time ("1s") or by threes ("3s"), the non-dealer first, no
    turn-up (R15.2.2, R15.2.4): (hands, None, stock top first)."""
    pack = pack_for(rules)
    rng.shuffle(pack)
    n, size = rules.players, rules.hand_size
    first = dealer if rules.deal_first_to == "dealer" else (dealer + 1) % n
    packet = 3 if rules.deal_pattern == "3s" else 1
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    while pos < n * size:
        for i in range(n):
            hands[(first + i) % n].extend(pack[pos:pos + packet])
            pos += packet
    return hands, None, pack[pos:]


def lift_points(rules, lift) -> tuple[int, int]:
    """(dealer's, non-dealer's) points for the lift (packet, estimate) (R15.2.6)."""
    if lift is None or not rules.dealer_cut_target:
        return 0, 0
    packet, estimate = lift
    return (rules.dealer_cut_bonus if packet == rules.dealer_cut_target else 0,
            rules.cut_guess_bonus if estimate == packet else 0)


class MultipackDeal(Deal):
    """One deal (= one game, R15.11.1) of a multi-pack game."""

    def __init__(self, rules, dealer: int, hands, turn_up, stock, lift: tuple[int, int] | None = None):
        if rules is None or not rules.multipack:
            raise RulesError("MultipackDeal — только для рубикона, китайского безика и безика "
                             "с восемью колодами.")
        if turn_up is not None:
            raise IllegalAction("В этих играх козырь не открывают: открытой карты нет.", "R15.2.4")
        self.lift = tuple(lift) if lift is not None else None
        super().__init__(rules, dealer, hands, turn_up, stock)

    def _setup(self, rules, dealer: int) -> None:
        super()._setup(rules, dealer)
        self.lift = getattr(self, "lift", None)
        self.chain = [False] * self.n            # a carte blanche chain still running (15.8)
        self.trump_fixed_by: int | None = None

    # ---------------------------------------------------------------- construction
    @classmethod
    def new(cls, rules=None, dealer: int = 0, seed: int | None = None, rng=None) -> "MultipackDeal":
        rng = rng or _random.Random(seed)
        hands, _, stock = deal_multipack(rules, dealer, rng)
        lift = None
        if rules.dealer_cut_target:              # the dealer lifts, the non-dealer estimates
            packet = rng.randint(*LIFT_RANGE)
            lift = (packet, rng.randint(*LIFT_RANGE))
        return cls(rules, dealer, hands, None, stock, lift=lift)

    @staticmethod
    def deal_cards(rules, dealer: int, rng: _random.Random):
        return deal_multipack(rules, dealer, rng)

    def replayed(self, rules=None, upto: int | None = None) -> "MultipackDeal":
        rules = rules or self.rules
        hands, turn_up, stock = self.initial
        fresh = type(self)(rules, self.dealer, hands, turn_up, stock, lift=self.lift)
        for seat, act in self.actions[:upto]:
            fresh.apply(act, seat)
        return fresh

    @classmethod
    def from_view(cls, view, hidden, stock) -> "MultipackDeal":
        """`Deal.from_view` plus what these games make public (R15.3, R15.8.3): who fixed
        trumps and whose carte blanche chain still runs. The lift is not known from a view; its
        points are in `declared` already."""
        d = super().from_view(view, hidden, stock)
        d.trump_fixed_by = view.trump_fixed_by
        d.chain = list(view.carte_blanche_chain) or [False] * d.n
        return d

    def clone(self) -> "MultipackDeal":
        new = super().clone()
        new.chain = list(self.chain)
        return new

    def _deal_bonuses(self):
        """The dealer's lift (six-pack) and carte blanche at the deal, the non-dealer first."""
        d, n = self.dealer, self.n
        mine, theirs = lift_points(self.rules, self.lift)
        if mine:
            self._credit(d, "dealer_lift", mine)
        if theirs:
            self._credit((d + 1) % n, "lift_estimate", theirs)
        if not self.rules.meld_carte_blanche:
            return
        for i in range(1, n + 1):
            p = (d + i) % n
            if not any(c.is_court for c in self.hands[p]):
                self.chain[p] = True
                self._carte_blanche(p, tuple(sort_cards(self.hands[p])))

    def _credit(self, seat: int, what: str, pts: int):
        self.declared[seat] += pts
        self.log.append(LiftEvent(seat, what, pts))

    def _carte_blanche(self, p: int, shown: tuple[Card, ...]):
        pts = multipack_meld_points(CARTE_BLANCHE, self.rules)
        self.declared[p] += pts
        self.melds[p].scored.append(make_declaration(CARTE_BLANCHE, shown, pts))
        self.known[p].update(shown)              # shown, then taken back into the hand
        self.log.append(CarteBlancheEvent(p, shown, pts))

    def _is_carte_blanche(self, p: int) -> bool:
        return False                             # the base's single carte blanche: not here

    # ---------------------------------------------------------------- declarations
    def _declarations(self, seat: int) -> list[Declaration]:
        key = (seat, len(self.actions))
        if self._decl_cache_key != key:
            self._decl_cache = multipack_declarations(self.hands[seat], self.melds[seat], self._ctx())
            self._decl_cache_key = key
        return self._decl_cache

    def _holds(self, seat: int, decl: Declaration) -> bool:
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump)
        return decl.key in {d.key for d in multipack_declarations(self.hands[seat], self.melds[seat], ctx)}

    def legal_announcements(self, seat: int | None = None) -> list[Announce]:
        """Combinations that may be laid out «…очков за мной» now (R15.6.2)."""
        seat = self.to_act if seat is None else seat
        if (self.stage != STAGE_DECLARE or seat != self.to_act
                or not self.window.scored_combination or not self.rules.allow_pending_declarations):
            return []
        have = {frozenset(d.cards) for d in self.pending[seat]}
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump)
        return [Announce(d.meld, d.cards) for d in
                multipack_declarations(self.hands[seat], self.melds[seat], ctx)
                if frozenset(d.cards) not in have]

    def _announce(self, seat: int, ann: Announce):
        key = (ann.meld, frozenset(ann.cards))
        if key not in {(a.meld, frozenset(a.cards)) for a in self.legal_announcements(seat)}:
            if self.stage != STAGE_DECLARE or seat != self.to_act or not self.window.scored_combination:
                raise IllegalAction("Показать комбинацию «…очков за мной» можно только вместе с "
                                    "объявлением, за которое вы получаете очки.", "R15.6.2")
            raise IllegalAction("Эту комбинацию нельзя показать: она не составлена по правилам, "
                                "уже показана или её карты уже использованы так же.", "R15.7")
        decl = Declaration(ann.meld, tuple(sort_cards(ann.cards)),
                           multipack_meld_points(ann.meld, self.rules, self.trump))
        self.actions.append((seat, Announce(decl.meld, decl.cards)))
        ex = self.exposed[seat]
        self.window = replace(self.window, moved=self.window.moved | {c for c in decl.cards if c not in ex})
        ex.update(decl.cards)
        self.known[seat].update(decl.cards)
        self.pending[seat].append(decl)
        self.pending_qualified[seat].add(decl.key)
        self.log.append(AnnounceEvent(seat, decl))
        if (self.trump is None and self.rules.trump_fixed_on == "declared"
                and decl.meld in TRUMP_FIXING):            # C-R6, [WK]: announcing fixes trumps
            self._fix_trump(seat, decl.cards[0].suit, decl.meld)
        if not self.legal_announcements(seat) and not self._declarations(seat):
            self._close_window()

    def _declare(self, seat: int, decl: Declaration):
        if (self.stage == STAGE_DECLARE and seat == self.to_act and self.rules.penalty_mode != "apply"
                and all(d.key != decl.key for d in self._declarations(seat))):
            raise self.why_not(seat, decl)
        super()._declare(seat, decl)

    def why_not(self, seat: int, decl: Declaration) -> IllegalAction:
        """The Russian reason a declaration is not among the legal ones now."""
        missing = [c for c in decl.cards if c not in self.hands[seat]]
        if missing:
            return IllegalAction(f"У вас нет {', '.join(c.name_ru_gen for c in missing)}.", "R15.6")
        if self.window.combination:
            return IllegalAction("За одну выигранную взятку записывают одно объявление; остальные "
                                 "можно показать «…очков за мной».", "R15.6.2")
        problem = shape_problem(decl.meld, decl.cards, self.rules, self.trump)
        if problem is None:
            problem = reuse_problem(decl.meld, decl.cards, self.melds[seat].instances(),
                                    set(self.hands[seat]), self.rules)
        return IllegalAction(capitalize(problem or "эту комбинацию сейчас объявить нельзя") + ".",
                             "R15.7")

    def _score(self, seat: int, decl: Declaration):
        fixes = self.trump is None and decl.meld in TRUMP_FIXING
        if fixes:
            self._fix_trump(seat, decl.cards[0].suit, decl.meld)
        super()._score(seat, decl)
        if self.stage == STAGE_DECLARE or fixes:
            self._refresh_pending()

    def _fix_trump(self, seat: int, suit: str, meld: str):
        self.trump, self.trump_fixed_by = suit, seat
        self.log.append(TrumpFixedEvent(seat, suit, meld))

    def _refresh_pending(self):
        """Pending combinations keep their cards; their names and values follow the trump now
        fixed (a spade marriage «to score» becomes common), and one whose cards scored a
        superior combination of its class lapses (R15.6.3)."""
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump)
        for seat in range(self.n):
            if not self.pending[seat]:
                continue
            legal = {frozenset(d.cards): d for d in
                     multipack_declarations(self.hands[seat], self.melds[seat], ctx)}
            keep = [legal[frozenset(d.cards)] for d in self.pending[seat] if frozenset(d.cards) in legal]
            self.pending[seat] = keep
            self.pending_qualified[seat] = {d.key for d in keep}

    # ---------------------------------------------------------------- draws
    def _draw(self):
        """The winner draws the top card, then the loser (R15.4.4); after the last stock trick
        both stock cards go this way and stage two begins (R15.4.6). A carte blanche chain
        scores again on each card drawn that is not a court, the stock's last card apart (R15.8.3)."""
        n, winner = self.n, self.leader
        stock = self.stock
        for i in range(n):
            seat = (winner + i) % n
            if not stock:
                break
            card = stock.pop()
            self.hands[seat].append(card)
            self.log.append(DrawEvent(seat, card))
            if self.chain[seat]:
                if card.is_court:
                    self.chain[seat] = False
                elif stock and self.rules.carte_blanche_repeat:
                    self._carte_blanche(seat, (card,))
        if not self.rules.carte_blanche_repeat:
            self.chain = [False] * n
        if self.tricks_done >= self._phase1_tricks:
            self._start_phase2()
        self.stage = STAGE_PLAY
        self.to_act = winner

    # ---------------------------------------------------------------- the end (15.11)
    def result(self) -> dict:
        """scores (every point but brisques), brisques, declared, last_trick, penalties when
        paid, and the settlement of the game (R15.11)."""
        n = self.n
        brisques = [self.brisques(p) for p in range(n)]
        last = [last_trick_points(p, self.last_trick_winner, self.rules) for p in range(n)]
        scores = [self.declared[p] + last[p] - self.penalties[p] for p in range(n)]
        out = {"scores": scores, "brisques": brisques, "declared": list(self.declared),
               "last_trick": last}
        if any(self.penalties):
            out["penalties"] = list(self.penalties)
        if self.is_over:
            out["settlement"] = settle(scores, brisques, self.rules)
        return out

