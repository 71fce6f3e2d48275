"""One deal as a state machine: deal, phase 1 (tricks, declarations, draws), the last stock
cards, phase 2, and the tally (RULES.md §2–§7, §9).

Seats are numbered in playing order: after seat p comes seat (p + 1) % n. The first leader
is the seat after the dealer (the non-dealer in the two-handed game).

`legal_actions()` lists what the seat to act may do; `apply()` does it or raises
`IllegalAction` with a Russian explanation and leaves the state unchanged.
"""

from __future__ import annotations

import random as _random
from dataclasses import replace
from typing import Iterable, Mapping, Sequence

from .actions import PASS, PLAYS, Action, Announce, Pass, Penalty, Play
from .cards import Card, sort_cards
from .errors import IllegalAction
from .events import (AceTurnedEvent, AnnounceEvent, CarteBlancheEvent, DeclareEvent, DrawEvent,
                     EndEvent, Event, PenaltyEvent, PhaseTwoEvent, SevenPlayedEvent,
                     SevenTurnedEvent, TrickEvent, TrumpFixedEvent, TurnUpTakenEvent)
from .melds import (ACE_TURNED, CARTE_BLANCHE, NO_TRUMP_MARRIAGE, SEVEN_EXCHANGE, SEVEN_MELDS,
                    SEVEN_TURNED, TRIPLE_BEZIQUE, TRUMP_SEVEN, TWO_TRUMP_SEVENS,
                    NO_WINDOW, Declaration, MeldContext, MeldState, Window,
                    enumerate_declarations, explain_illegal, make_declaration, meld_points)
from .packs import first_problem, pack_for, pack_set
from .rules import RuleSet
from .ru import capitalize
from .tally import deal_tally, last_trick_points, trick_points
from .tricks import legal_plays, play_problem, winning_index
from .variants import find_variant
from .view import PlayerView, view_of

PATTERNS = {"3-2-3": (3, 2, 3), "1x8": (1,) * 8, "3-3-2": (3, 3, 2), "6-1-1": (6, 1, 1)}
PENALTIES = {"declare_before_trick": 10, "revoke": 20, "play_before_draw": 30, "nine_cards": 120}

STAGE_PLAY, STAGE_DECLARE, STAGE_OVER = "play", "declare", "over"


def deal_class(rules: RuleSet) -> type["Deal"]:
    """The state machine for the rules: a registered variant's own subclass of Deal, or Deal."""
    variant = find_variant(rules)
    return variant.deal_class if variant is not None else Deal


def create_deal(rules: RuleSet, dealer: int, hands, turn_up, stock, **extra) -> "Deal":
    """The deal of the rules' class; `extra`: what a variant's deal takes besides the cards
    (the six-pack lift, `lift=(packet, estimate)`)."""
    return deal_class(rules)(rules, dealer, hands, turn_up, stock, **extra)


def deal_cards(rules: RuleSet, dealer: int, rng: _random.Random) -> tuple[list[list[Card]], Card | None, list[Card]]:
    """Shuffle and deal by the rules' packet pattern: (hands, turn-up, stock top first)."""
    pack = pack_for(rules)
    rng.shuffle(pack)
    n = rules.players
    first = dealer if rules.deal_first_to == "dealer" else (dealer + 1) % n
    order = [(first + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for size in PATTERNS[rules.deal_pattern]:
        for seat in order:
            hands[seat].extend(pack[pos:pos + size])
            pos += size
    turn_up = None
    if rules.has_turn_up:
        turn_up = pack[pos]
        pos += 1
    return hands, turn_up, pack[pos:]


class Deal:
    """The state of one deal. Build with `Deal.new(rules, dealer, seed)` or from a record."""

    def __init__(self, rules: RuleSet | None, dealer: int, hands: Sequence[Iterable[Card]],
                 turn_up: Card | None, stock: Sequence[Card]):
        rules = rules or RuleSet()
        self._setup(rules, dealer)
        self.initial = ([sort_cards(h) for h in hands], turn_up, list(stock))
        self.hands = [list(h) for h in hands]
        self.stock = list(reversed(stock))                         # top of stock = last item
        self.turn_up = turn_up
        self.trump = turn_up.suit if turn_up is not None else None
        self._check_sizes()
        self._deal_bonuses()

    def _setup(self, rules: RuleSet, dealer: int) -> None:
        """Every field of the state, as before the first card is dealt."""
        self.rules = rules
        n = self.n = rules.players
        self.dealer = dealer
        self.initial: tuple = ([[] for _ in range(n)], None, [])
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.exposed: list[set[Card]] = [set() for _ in range(n)]
        self.known: list[set[Card]] = [set() for _ in range(n)]     # seen by the others
        self.stock: list[Card] = []
        self.turn_up: Card | None = None
        self.trump: str | None = None
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.leader = self.to_act = (dealer + 1) % n
        self.stage = STAGE_PLAY
        self.phase = 1
        self.tricks_done = 0
        self.won: list[list[tuple[Card, ...]]] = [[] for _ in range(n)]
        self.melds = [MeldState.for_rules(rules) for _ in range(n)]
        self.pending: list[list[Declaration]] = [[] for _ in range(n)]
        self.pending_qualified: list[set] = [set() for _ in range(n)]
        self.declared = [0] * n
        self.penalties = [0] * n
        self.zeroed = [False] * n
        self.seven_exchanged = False
        self.carte_blanche_done = False
        self.last_trick_winner: int | None = None
        self.game_won_by: int | None = None      # triple bezique with triple_bezique_immediate_win
        self.window: Window = NO_WINDOW           # the declaration turn so far (public)
        self.actions: list[tuple[int, Action]] = []
        self.log: list[Event] = []
        self._phase1_tricks = rules.phase1_tricks
        self._total_tricks = rules.total_tricks
        self._must_follow = rules.phase1_must_follow_suit
        self._decl_cache_key: tuple | None = None
        self._decl_cache: list[Declaration] = []

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: RuleSet | None = None, dealer: int = 0, seed: int | None = None,
            rng: _random.Random | None = None) -> "Deal":
        rules = rules or RuleSet()
        rng = rng or _random.Random(seed)
        klass = deal_class(rules) if cls is Deal else cls
        if klass.new.__func__ is not Deal.new.__func__:      # a variant that deals its own way
            return klass.new(rules, dealer, rng=rng)
        hands, turn_up, stock = klass.deal_cards(rules, dealer, rng)
        return klass(rules, dealer, hands, turn_up, stock)

    @staticmethod
    def deal_cards(rules: RuleSet, dealer: int, rng: _random.Random):
        """Shuffle and deal (a variant may deal differently)."""
        return deal_cards(rules, dealer, rng)

    @classmethod
    def from_view(cls, view: PlayerView, hidden: Mapping[int, Sequence[Card]],
                  stock: Sequence[Card]) -> "Deal":
        """The deal in the state `view` shows, once the cards its seat has not seen are placed:
        `hidden[s]` the concealed unseen cards of each other seat s (its known cards are added
        from the view), `stock` the face-down stock, top first (schnapsen's `make_assumption`).
        IllegalAction if the cards do not add up to the pack.

        Such a deal has no history: `actions` is empty and `initial` is the current state, so
        `undo` cannot go back past it; the log holds the finished tricks only; penalties are
        taken as 0; with `require_card_from_hand` every pending declaration counts as laid out
        from the hand; of the sevens scored outside declarations, only the dealer's turned-up
        seven is known (the view does not show the automatic ones of `seven_rule`)."""
        rules = view.rules
        klass = deal_class(rules) if cls is Deal else cls
        if cls is Deal and klass.from_view.__func__ is not Deal.from_view.__func__:
            # a variant that restores state of its own
            return klass.from_view(view, hidden, stock)
        d = klass.__new__(klass)
        d._setup(rules, view.dealer)
        me, n = view.seat, d.n
        d.hands = [list(view.hand) if s == me else sorted(view.known[s]) + list(hidden.get(s, ()))
                   for s in range(n)]
        d.stock = list(reversed(stock))
        d.turn_up, d.trump = view.turn_up, view.trump
        d.phase, d.stage, d.to_act = view.phase, view.stage, view.to_act
        d.tricks_done = view.tricks_done
        d.trick = [c for _, c in view.trick]
        d.trick_seats = [s for s, _ in view.trick]
        if d.trick:
            d.leader = d.trick_seats[0]
        elif view.to_act >= 0:
            d.leader = view.to_act
        d.exposed = [set(t) for t in view.tables]
        d.known = [set(k) for k in view.known]
        for t in view.tricks:
            d.won[t.winner].append(t.cards)
            d.log.append(t)
        d.melds = [MeldState.from_scored(view.scored[s], view.trump, rules) for s in range(n)]
        if (view.turn_up is not None and view.turn_up.rank == "7" and not view.seven_exchanged
                and view.phase == 1):
            d.melds[view.dealer].sevens_scored.add(view.turn_up)   # the dealer's turned-up seven
        d.pending = [list(p) for p in view.pending]
        d.pending_qualified = [{x.key for x in p} for p in view.pending]
        d.declared = list(view.declared)
        d.seven_exchanged = view.seven_exchanged
        d.carte_blanche_done = any(x.meld == CARTE_BLANCHE for s in view.scored for x in s)
        d.window = view.window
        d.initial = ([sort_cards(h) for h in d.hands], d.turn_up, list(stock))
        cards = [c for h in d.hands for c in h] + d.stock + d.trick
        cards += [c for w in d.won for t in w for c in t]
        if d.turn_up is not None:
            cards.append(d.turn_up)
        if set(cards) != pack_set(rules) or len(set(cards)) != len(cards):
            raise IllegalAction(f"Карты не складываются в колоду: нужно ровно {rules.pack_size} "
                                "разных карт.", "R1.1")
        return d

    def _check_sizes(self):
        """The deal holds exactly the pack of its rules (R1.1, §10): every card once, no card
        the pack does not have (a third copy in a two-pack game, a card of another variant)."""
        cards = [c for h in self.hands for c in h] + self.stock + ([self.turn_up] if self.turn_up else [])
        problem = first_problem(cards, self.rules)
        if problem:
            raise IllegalAction(capitalize(problem) + ".", "R1.1")
        total = len(cards)
        if total != self.rules.pack_size or len(set(cards)) != total:
            raise IllegalAction(f"Сдача неполна или карты повторяются: нужно ровно "
                                f"{self.rules.pack_size} разных карт.", "R1.1")
        size = self.rules.hand_size
        if any(len(h) != size for h in self.hands):
            raise IllegalAction(f"Каждому игроку сдают по {size} карт.", "R2.3.1")
        if not (0 <= self.dealer < self.n):
            raise IllegalAction("Неверный номер сдатчика.", "R2.1")

    def _deal_bonuses(self):
        """Turned-up seven (R2.5.1) and the optional club bonuses (R2.6); carte blanche (R10.4)."""
        r, up, d = self.rules, self.turn_up, self.dealer
        if up is not None and r.variant != "no_trump":
            if up.rank == "7":
                bonus = meld_points(SEVEN_TURNED, r, up.suit)
                self.declared[d] += bonus
                self.melds[d].sevens_scored.add(up)
                self.log.append(SevenTurnedEvent(d, up, bonus))
                if r.deal_bonus_seven_opponent_malus:
                    for p in range(self.n):
                        if p != d:
                            self.declared[p] -= r.deal_bonus_seven_opponent_malus
            elif up.rank == "A" and r.deal_bonus_trump_ace:
                bonus = meld_points(ACE_TURNED, r, up.suit)
                self.declared[d] += bonus
                self.log.append(AceTurnedEvent(d, up, bonus))
        if r.meld_carte_blanche:
            holders = [p for p in range(self.n) if self._is_carte_blanche(p)]
            if holders:
                non_dealer = (d + 1) % self.n
                if r.carte_blanche_after_deal == "non_dealer_only" or len(holders) > 1:
                    winner = non_dealer if non_dealer in holders else None
                else:
                    winner = holders[0]
                if winner is not None:
                    self._award_carte_blanche(winner)

    def _is_carte_blanche(self, p: int) -> bool:
        return not any(c.is_court for c in self.hands[p])

    def _award_carte_blanche(self, p: int):
        self.carte_blanche_done = True
        pts = meld_points(CARTE_BLANCHE, self.rules, self.trump)
        self.declared[p] += pts
        self.melds[p].scored.append(make_declaration(CARTE_BLANCHE, self.hands[p], pts))
        self.known[p].update(self.hands[p])
        self.log.append(CarteBlancheEvent(p, tuple(sort_cards(self.hands[p])), pts))

    # ------------------------------------------------------------------ copying
    def clone(self) -> "Deal":
        new = type(self).__new__(type(self))              # a variant stays its own class
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.exposed = [set(s) for s in self.exposed]
        new.known = [set(s) for s in self.known]
        new.stock = list(self.stock)
        new.trick = list(self.trick)
        new.trick_seats = list(self.trick_seats)
        new.won = [list(w) for w in self.won]
        new.melds = [m.copy() for m in self.melds]
        new.pending = [list(p) for p in self.pending]
        new.pending_qualified = [set(p) for p in self.pending_qualified]
        new.declared = list(self.declared)
        new.penalties = list(self.penalties)
        new.zeroed = list(self.zeroed)
        new.actions = list(self.actions)
        new.log = list(self.log)
        return new

    def undo(self, steps: int = 1) -> "Deal":
        """A new deal with the last `steps` actions taken back (replayed from the deal)."""
        return self.replayed(upto=max(0, len(self.actions) - steps))

    def replayed(self, rules: RuleSet | None = None, upto: int | None = None) -> "Deal":
        """The same cards from the start with the first `upto` actions (all by default) applied
        again, under `rules` (default: these): IllegalAction if one is illegal under them."""
        rules = rules or self.rules
        hands, turn_up, stock = self.initial
        fresh = deal_class(rules)(rules, self.dealer, hands, turn_up, stock)
        for seat, act in self.actions[:upto]:
            fresh.apply(act, seat)
        return fresh

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.stage == STAGE_OVER

    @property
    def stock_count(self) -> int:
        """Face-down cards left (the turn-up not counted)."""
        return len(self.stock)

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or just won)."""
        return self.tricks_done + (0 if self.stage == STAGE_DECLARE else 1)

    def tricks(self) -> list[TrickEvent]:
        """The finished tricks, in order."""
        return [e for e in self.log if type(e) is TrickEvent]

    def last_trick(self) -> TrickEvent | None:
        """The last finished trick (None before the first)."""
        for e in reversed(self.log):
            if type(e) is TrickEvent:
                return e
        return None

    def concealed(self, seat: int) -> list[Card]:
        ex = self.exposed[seat]
        return [c for c in self.hands[seat] if c not in ex]

    def _ctx(self) -> MeldContext:
        return self.window.context(self.rules, self.trump, self.turn_up, self.seven_exchanged)

    def legal_declarations(self, seat: int | None = None) -> list[Declaration]:
        """Every declaration `seat` may score now (§4.9): [] outside its declaration turn."""
        seat = self.to_act if seat is None else seat
        if self.stage != STAGE_DECLARE or seat != self.to_act:
            return []
        return self._declarations(seat)

    def _declarations(self, seat: int) -> list[Declaration]:
        key = (seat, len(self.actions))              # the state changes only with an action
        if self._decl_cache_key == key:
            return self._decl_cache
        out = enumerate_declarations(self.hands[seat], self.melds[seat], self._ctx())
        if self.rules.require_card_from_hand:
            ex = self.exposed[seat]
            qualified = self.pending_qualified[seat]
            out = [d for d in out if d.key in qualified or any(c not in ex for c in d.cards)]
        two_sevens = self.window.two_sevens
        if (two_sevens and not self.seven_exchanged and self.turn_up is not None
                and self.turn_up.rank != "7"):        # 4.7: exchange one of them, no extra points
            out = out + [Declaration(SEVEN_EXCHANGE, (c,), 0) for c in two_sevens
                         if c in self.hands[seat]]
        self._decl_cache_key, self._decl_cache = key, out
        return out

    def pending_keys(self, seat: int) -> set:
        return {d.key for d in self.pending[seat]}

    def legal_announcements(self, seat: int | None = None) -> list[Announce]:
        """Combinations that may be laid out now as pending (only right after a scored one)."""
        seat = self.to_act if seat is None else seat
        if (self.stage != STAGE_DECLARE or seat != self.to_act
                or not self.window.scored_combination or not self.rules.allow_pending_declarations):
            return []
        ctx = MeldContext(self.rules, self.trump, self.turn_up, self.seven_exchanged, False, True, None)
        have = self.pending_keys(seat)
        return [Announce(d.meld, d.cards) for d in
                enumerate_declarations(self.hands[seat], self.melds[seat], ctx) if d.key not in have]

    def legal_plays(self, seat: int | None = None) -> list[Card]:
        seat = self.to_act if seat is None else seat
        if self.stage != STAGE_PLAY or seat != self.to_act:
            return []
        return legal_plays(self.hands[seat], self.trick, self.trump, self.phase, self.rules)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Everything `seat` (default: the seat to act) may do now."""
        seat = self.to_act if seat is None else seat
        if self.stage == STAGE_PLAY:
            if seat != self.to_act:
                return []
            if self.phase == 1 and not self.rules.phase1_must_follow_suit:
                return [PLAYS[c] for c in self.hands[seat]]
            return [PLAYS[c] for c in self.legal_plays(seat)]
        if self.stage == STAGE_DECLARE and seat == self.to_act:
            return [*self._declarations(seat), *self.legal_announcements(seat), PASS]
        return []

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action, seat: int | None = None) -> None:
        """Do `action` for `seat` (default: the seat to act). Illegal → IllegalAction, no change
        (with `penalty_mode="apply"`, offences of §9 are accepted and fined instead)."""
        if seat is None:
            seat = self.to_act
        if self.stage == STAGE_OVER:
            raise IllegalAction("Сдача уже закончена.", "R7.5")
        kind = type(action)
        if kind is Play:
            self._play(seat, action.card)
        elif kind is Declaration:
            self._declare(seat, action)
        elif kind is Announce:
            self._announce(seat, action)
        elif kind is Penalty:
            self.penalize(seat, action.offence)
        elif kind is Pass:
            if self.stage != STAGE_DECLARE or seat != self.to_act:
                raise IllegalAction("Сейчас не ваш черёд объявлять: пропускать нечего.", "R4.2.1")
            self.actions.append((seat, action))
            self._close_window()
        else:
            raise IllegalAction(f"Непонятное действие: {action!r}.")

    def _fine(self, seat: int, offence: str, amount: int):
        self.penalties[seat] += amount
        self.log.append(PenaltyEvent(seat, offence, amount))

    def _play(self, seat: int, card: Card):
        if self.stage != STAGE_PLAY or seat != self.to_act:
            if self.stage == STAGE_DECLARE and seat == self.to_act:
                raise IllegalAction("Сначала закончите объявление (или откажитесь от него): после "
                                    "этого вы возьмёте карту из талона и пойдёте.", "R3.5")
            raise IllegalAction("Сейчас не ваш ход.", "R3.1")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"Карты {card.ru} ({card.name_ru}) у вас нет.", "R3.1.3")
        if self.phase == 2 or self._must_follow:
            problem = self._play_problem(card, hand)
            if problem:
                if (self.rules.penalty_mode == "apply" and self.phase == 2
                        and self._is_revoke(card, hand)):
                    self._fine(seat, "revoke", PENALTIES["revoke"])
                else:
                    raise IllegalAction(problem, "R7.1" if self.phase == 2 else "R3.2")
        self.actions.append((seat, PLAYS[card]))
        hand.remove(card)
        known = self.known[seat]
        if card in known:                        # exposed cards are always known
            known.discard(card)
            self.exposed[seat].discard(card)
            if self.pending[seat]:
                self._void_pending(seat, card)
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) < self.n:
            self.to_act = (seat + 1) % self.n
        else:
            self._resolve_trick()

    def _play_problem(self, card: Card, hand: list[Card]) -> str | None:
        """Why `card` may not be played now (None if it may); a variant may override."""
        return play_problem(card, hand, self.trick, self.trump, self.phase, self.rules)

    def _is_revoke(self, card: Card, hand: list[Card]) -> bool:
        """§9 offence 2: failing to follow suit or to trump in the last eight tricks. Not heading
        the trick (R7.1 with `phase2_must_head`) is no such offence and has no fine, so penalty
        mode refuses it like any other illegal play."""
        loose = replace(self.rules, phase2_must_head=False)
        return play_problem(card, hand, self.trick, self.trump, self.phase, loose) is not None

    def _trick_winner(self, cards: tuple[Card, ...]) -> int:
        """Index, in play order, of the card that takes the trick (R3.3); a variant may override."""
        if self.n == 2:                          # R3.3 for two cards, inlined: the hot path
            lead, follow = cards
            if follow.suit == lead.suit:
                return 1 if follow.rank_index < lead.rank_index else 0
            return 1 if follow.suit == self.trump else 0
        return winning_index(cards, self.trump)

    def _void_pending(self, seat: int, card: Card):
        keep = [d for d in self.pending[seat] if card not in d.cards]
        if len(keep) != len(self.pending[seat]):
            self.pending[seat] = keep
            keys = {d.key for d in keep}
            self.pending_qualified[seat] &= keys

    def _resolve_trick(self):
        cards = tuple(self.trick)
        w = self._trick_winner(cards)
        winner = self.trick_seats[w]
        self.won[winner].append(cards)
        self.tricks_done += 1
        self.log.append(TrickEvent(winner, cards, tuple(self.trick_seats)))
        rules = self.rules
        if (self.phase == 1 and rules.seven_rule in ("played", "win_trick") and self.trump
                and rules.trump_sevens_score):
            self._automatic_seven_points(cards, winner, w)
        self.trick = []
        self.trick_seats = []
        self.leader = self.to_act = winner
        if self.phase == 2:
            if self.tricks_done == self._total_tricks:
                self.last_trick_winner = winner
                self._finish()
            return
        # Phase 1: the winner's declaration turn (R4.2), unless the rules close it.
        if (self.tricks_done > rules.last_declaration_trick
                or len(self.won[winner]) < rules.min_tricks_before_declaring):
            self._draw()
            return
        self.stage = STAGE_DECLARE
        if not self._declarations(winner):
            self._close_window()

    def _automatic_seven_points(self, cards, winner, w):
        """seven_rule "played" / "win_trick" (§5.7): not a declaration, credited at once."""
        trump = self.trump
        for i, c in enumerate(cards):
            if c.rank != "7" or c.suit != trump:
                continue
            seat = self.trick_seats[i]
            if c in self.melds[seat].sevens_scored:
                continue
            if self.rules.seven_rule == "played" or (i == w and seat == winner):
                pts = meld_points(TRUMP_SEVEN, self.rules, trump)
                self.melds[seat].sevens_scored.add(c)
                self.declared[seat] += pts
                self.log.append(SevenPlayedEvent(seat, c, pts))

    def _declare(self, seat: int, decl: Declaration):
        rules = self.rules
        apply_mode = rules.penalty_mode == "apply"
        if self.stage != STAGE_DECLARE or seat != self.to_act:
            if apply_mode and self._in_empty_window(seat) and not self._holds(seat, decl):
                self._false_declaration(seat, decl)       # S-87: he won, but holds nothing
                return
            if apply_mode:
                self.actions.append((seat, decl))
                self._fine(seat, "declare_before_trick", PENALTIES["declare_before_trick"])
                return
            if self.phase == 2:
                raise IllegalAction("В последних восьми взятках (игра «на выход») объявлять "
                                    "комбинации нельзя.", "R4.2.3")
            raise IllegalAction("Объявлять можно только сразу после выигранной взятки, пока вы не "
                                "взяли карту из талона.", "R4.2.1")
        legal = {d.key: d for d in self._declarations(seat)}
        found = legal.get(decl.key)
        if found is None:
            if apply_mode:                                    # false declaration: all points
                self._false_declaration(seat, decl)
                return
            held = set(self.hands[seat])
            raise explain_illegal(decl.meld, decl.cards, held, self.melds[seat], self._ctx())
        if decl.points not in (-1, found.points):
            raise IllegalAction(f"За эту комбинацию полагается {found.points}, а не {decl.points}.", "R4.1")
        self.actions.append((seat, found))
        self._score(seat, found)

    def _false_declaration(self, seat: int, decl: Declaration):
        """§9 offence 6 (S-87): the offender's points are annulled, the count starts again."""
        self.actions.append((seat, decl))
        self.zeroed[seat] = True
        self.declared[seat] = 0
        self.log.append(PenaltyEvent(seat, "false_declaration", None))

    def _holds(self, seat: int, decl: Declaration) -> bool:
        """Is `decl` a combination `seat` could declare with the cards now held (the timing
        apart)? A real one declared after the draw is early (offence 1), not false."""
        return decl.key in {d.key for d in enumerate_declarations(self.hands[seat], self.melds[seat],
                                                                  self._ctx())}

    def _in_empty_window(self, seat: int) -> bool:
        """Has `seat` just won a trick that opened no declaration turn only because it had
        nothing to declare (R4.2; the engine then draws at once)? A declaration now is made at
        the moment the rules allow one, so unless the cards now held (after the automatic draw)
        make it, it is a false declaration (§9 offence 6, S-87), not one made before winning a
        trick (offence 1). Nothing may have happened since the trick but the draw: the last
        action is the card that completed it."""
        rules = self.rules
        if (self.stage != STAGE_PLAY or self.trick or seat != self.to_act or seat != self.leader
                or not self.tricks_done or self.tricks_done > self._phase1_tricks
                or not self.actions or type(self.actions[-1][1]) is not Play):
            return False
        closed_by_rules = (self.tricks_done > rules.last_declaration_trick
                           or len(self.won[seat]) < rules.min_tricks_before_declaring)
        return not closed_by_rules

    def _score(self, seat: int, decl: Declaration):
        rules, window = self.rules, self.window
        self.melds[seat].record(decl, self.trump)
        self.declared[seat] += decl.points
        if decl.key in self.pending_keys(seat):
            self.pending[seat] = [d for d in self.pending[seat] if d.key != decl.key]
            self.pending_qualified[seat].discard(decl.key)
        meld = decl.meld
        self.log.append(DeclareEvent(seat, decl))
        if meld == SEVEN_EXCHANGE:
            seven = decl.cards[0]
            old = self.turn_up
            hand = self.hands[seat]
            hand.remove(seven)
            self.exposed[seat].discard(seven)
            self.known[seat].discard(seven)
            hand.append(old)
            self.known[seat].add(old)                          # everyone saw the turn-up
            self.turn_up = seven
            self.seven_exchanged = True
            if not rules.seven_counts_as_declaration:
                window = replace(window, blocked=old)
        else:
            window = replace(window, moved=window.moved | {c for c in decl.cards
                                                           if c not in self.exposed[seat]})
            self.exposed[seat].update(decl.cards)
            self.known[seat].update(decl.cards)
        if meld == TRIPLE_BEZIQUE and rules.triple_bezique_immediate_win:
            self.window = window
            self.game_won_by = seat                            # 10.1: ends the game at once
            self._finish()
            return
        if meld == NO_TRUMP_MARRIAGE:
            self.trump = decl.cards[0].suit                    # R10.3.2
            self.log.append(TrumpFixedEvent(seat, self.trump))
        if meld in SEVEN_MELDS:
            window = replace(window, seven=True,
                             combination=window.combination or rules.seven_counts_as_declaration,
                             two_sevens=decl.cards if meld == TWO_TRUMP_SEVENS else window.two_sevens)
        else:
            window = replace(window, combination=True, scored_combination=True,
                             seven=window.seven or rules.seven_counts_as_declaration)
        self.window = window
        if not self._declarations(seat) and not self.legal_announcements(seat):
            self._close_window()

    def _announce(self, seat: int, ann: Announce):
        options = {(a.meld, frozenset(a.cards)) for a in self.legal_announcements(seat)}
        key = (ann.meld, frozenset(ann.cards))
        if key not in options:
            if not self.rules.allow_pending_declarations:
                raise IllegalAction("В этих правилах выкладывать вторую комбинацию «на потом» "
                                    "нельзя: одна комбинация за раз.", "R4.3.2")
            if self.stage != STAGE_DECLARE or seat != self.to_act or not self.window.scored_combination:
                raise IllegalAction("Показать комбинацию «на потом» можно только вместе с "
                                    "объявлением, за которое вы получаете очки.", "R4.3.2")
            raise IllegalAction("Эту комбинацию нельзя показать: она не составлена по правилам "
                                "или её карты уже использованы так же.", "R4.5.3")
        decl = make_declaration(ann.meld, ann.cards, 0)
        for d in enumerate_declarations(ann.cards, self.melds[seat],
                                        MeldContext(self.rules, self.trump, self.turn_up, True, False, True)):
            if d.key == decl.key:
                decl = d
        self.actions.append((seat, Announce(decl.meld, decl.cards)))
        ex = self.exposed[seat]
        # 4.5.3 (5): qualifies if one of its cards moved to the table in this declaration action
        # (by the scored combination or by this announcement), not if all were there before.
        moved = self.window.moved
        if any(c not in ex or c in moved for c in decl.cards):
            self.pending_qualified[seat].add(decl.key)
        self.window = replace(self.window, moved=moved | {c for c in decl.cards if c not in ex})
        ex.update(decl.cards)
        self.known[seat].update(decl.cards)
        self.pending[seat].append(decl)
        self.log.append(AnnounceEvent(seat, decl))
        if not self.legal_announcements(seat) and not self._declarations(seat):
            self._close_window()

    def _close_window(self):
        self.window = NO_WINDOW
        self._decl_cache_key = None
        self._draw()

    def _draw(self):
        """Draws after a phase-1 trick (R3.4.1); after the last stock trick, R6.3–R6.6."""
        n, winner = self.n, self.leader
        order = [(winner + i) % n for i in range(n)]
        stock = self.stock
        if self.tricks_done < self._phase1_tricks:
            for seat in order:
                card = stock.pop()
                self.hands[seat].append(card)
                self.log.append(DrawEvent(seat, card))
        else:
            for seat in order:
                if stock:
                    card = stock.pop()
                    self.hands[seat].append(card)
                    self.log.append(DrawEvent(seat, card))
                elif self.turn_up is not None:
                    card, self.turn_up = self.turn_up, None
                    self.hands[seat].append(card)
                    self.known[seat].add(card)
                    self.log.append(TurnUpTakenEvent(seat, card))
            self._start_phase2()
        # R10.4.1: after every draw from the stock, the last one (after the last stock trick,
        # with the turn-up) included; R10.4.3: who drew first.
        if self.rules.meld_carte_blanche and not self.carte_blanche_done:
            for seat in order:
                if self._is_carte_blanche(seat):
                    self._award_carte_blanche(seat)
                    break
        self.stage = STAGE_PLAY
        self.to_act = winner

    def _start_phase2(self):
        self.phase = 2
        for seat in range(self.n):
            self.exposed[seat] = set()                        # picked up, still known (R6.5)
            self.pending[seat] = []
            self.pending_qualified[seat] = set()
        self.log.append(PhaseTwoEvent(self.leader, self.rules.hand_size))

    # ------------------------------------------------------------------ penalties (§9)
    def penalize(self, seat: int, offence: str) -> None:
        """Record an offence the action API cannot express (extra card, playing with nine cards,
        leading before drawing): only with `penalty_mode="apply"`."""
        if self.rules.penalty_mode != "apply":
            raise IllegalAction("Штрафы начисляются только в режиме penalty_mode=\"apply\".", "R9.2")
        amount = self.rules.penalty_extra_card if offence == "extra_card" else PENALTIES.get(offence)
        if amount is None or offence == "revoke":
            raise IllegalAction(f"Неизвестное нарушение «{offence}». Пример: «extra_card».", "R9.1")
        self.actions.append((seat, Penalty(offence)))     # so records and undo keep it
        self._fine(seat, offence, amount)

    # ------------------------------------------------------------------ tally (§7.5)
    def _finish(self):
        self.stage = STAGE_OVER
        self.to_act = -1
        self.log.append(EndEvent(self.result()))

    def brisques(self, seat: int) -> int:
        """Card points in the tricks won (R7.3.1), or 000-C's trick scoring (§7.4)."""
        return trick_points(self.won[seat], self.rules)

    def last_trick_points(self, seat: int) -> int:
        return last_trick_points(seat, self.last_trick_winner, self.rules)

    def result(self) -> dict:
        """The tally in the shape of formats.md: scores, brisques, declared, last_trick."""
        return deal_tally([self.brisques(p) for p in range(self.n)], self.declared,
                          self.last_trick_winner, self.rules, self.penalties)

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> PlayerView:
        """What `seat` may know (view.PlayerView): never another seat's concealed cards."""
        return view_of(self, seat)
