"""`Sim`: one two-handed deal as a compact state for search (RULES.md §2–§7 and the no-trump
game of §10.3, as `bezique.deal` plays them), with its own legal actions and `apply`, and no validation, messages or log.

Cards are the ids and masks of `sim.cards`; hands, tables of declared cards and the cards known
to the other seat are masks, the stock a list of ids (top last, as `Deal.stock`). An action is

* an int `c >= 0`: play card `c`;
* `PASS` (-1): end the declaration turn (the draw follows);
* `(meld, mask, points)`: score a declaration (`sim.melds`);
* `(ANNOUNCE, meld, mask, points)`: lay out a combination to score later.

`apply` trusts its action to be one of `legal_actions()`; `apply_checked` refuses any other
(tests). `Deal` is the authority: `sim.bridge` builds a `Sim` from a `Deal` and the differential
tests (tests/players/test_sim*.py) keep the two equal.
"""

from __future__ import annotations

from ...melds import (CARTE_BLANCHE, NO_TRUMP_MARRIAGE, SEVEN_EXCHANGE, SEVEN_MELDS,
                      TRUMP_SEVEN, TWO_TRUMP_SEVENS)
from .cards import BIT, CARD, COURT, HIGHER, SEVEN, SUIT_MASK, SUIT_OF, RANK_OF, bits
from .melds import SEVENS, Table, enumerate_declarations, record, table_for

PLAY, DECLARE, OVER = 0, 1, 2
PASS = -1
ANNOUNCE = "announce"


class Sim:
    """The state of one two-handed deal (see the module doc)."""

    __slots__ = ("t", "hands", "hl", "stock", "turn_up", "lead", "to_act", "stage", "phase",
                 "tricks_done", "won", "card_pts", "declared", "ms", "scored", "pending",
                 "exposed", "known", "seven_exchanged", "cb_done", "w_comb", "w_seven",
                 "w_scored", "w_two", "last_winner", "_dcache")

    t: Table

    def clone(self) -> "Sim":
        new = Sim.__new__(Sim)
        new.t = self.t
        new.hands = self.hands[:]
        new.hl = [self.hl[0][:], self.hl[1][:]]
        new.stock = self.stock[:]
        new.turn_up = self.turn_up
        new.lead = self.lead
        new.to_act = self.to_act
        new.stage = self.stage
        new.phase = self.phase
        new.tricks_done = self.tricks_done
        new.won = self.won[:]
        new.card_pts = self.card_pts[:]
        new.declared = self.declared[:]
        ms = self.ms
        new.ms = [ms[0][:], ms[1][:]]
        new.scored = [self.scored[0][:], self.scored[1][:]]
        new.pending = [self.pending[0][:], self.pending[1][:]]
        new.exposed = self.exposed[:]
        new.known = self.known[:]
        new.seven_exchanged = self.seven_exchanged
        new.cb_done = self.cb_done
        new.w_comb = self.w_comb
        new.w_seven = self.w_seven
        new.w_scored = self.w_scored
        new.w_two = self.w_two
        new.last_winner = self.last_winner
        new._dcache = self._dcache
        return new

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    def scores(self) -> list[int]:
        """Each seat's points so far: trick points, declarations and the last trick."""
        lw, lp = self.last_winner, self.t.last_pts
        return [self.card_pts[s] + self.declared[s] + (lp if lw == s else 0) for s in (0, 1)]

    def margin(self, seat: int) -> int:
        s = self.scores()
        return s[seat] - s[1 - seat]

    def legal_plays(self) -> list[int]:
        """The cards the seat to act may play (`tricks.legal_plays`), a new list."""
        lead = self.lead
        if lead < 0 or (self.phase == 1 and not self.t.must_follow1):
            return self.hl[self.to_act][:]
        hand = self.hands[self.to_act]
        if self.phase == 1:
            return bits(hand & SUIT_MASK[SUIT_OF[lead]] or hand)
        return bits(self._phase2_plays(hand, lead))

    def _plays(self) -> list[int]:
        """`legal_plays`, where the list may be the hand's own (do not change it)."""
        lead = self.lead
        if lead < 0 or (self.phase == 1 and not self.t.must_follow1):
            return self.hl[self.to_act]
        hand = self.hands[self.to_act]
        if self.phase == 1:
            return bits(hand & SUIT_MASK[SUIT_OF[lead]] or hand)
        return bits(self._phase2_plays(hand, lead))

    def _phase2_plays(self, hand: int, lead: int) -> int:
        """R7.1–R7.2 for the second card of a trick, as a mask."""
        same = hand & SUIT_MASK[SUIT_OF[lead]]
        if same:
            if self.t.must_head:
                return same & HIGHER[lead] or same
            return same
        trump = self.t.trump
        if trump is not None:
            tr = hand & SUIT_MASK[trump]
            if tr:
                return tr
        return hand

    def declarations(self) -> list:
        """The declarations the seat to act may score now ([] outside its turn)."""
        if self.stage != DECLARE:
            return []
        return self._decls(self.to_act)

    def _exchange_ok(self) -> bool:
        up = self.turn_up
        return not self.seven_exchanged and up >= 0 and RANK_OF[up] != SEVEN

    def _decls(self, seat: int) -> list:
        d = self._dcache
        if d is not None:
            return d
        ex = self._exchange_ok()
        d = enumerate_declarations(self.t, self.hands[seat], self.ms[seat], not self.w_seven,
                                   not self.w_comb, ex)
        if self.w_two and ex:               # R4.7: exchange one of the two sevens, no points
            d = d + [(SEVEN_EXCHANGE, BIT[c], 0) for c in bits(self.w_two & self.hands[seat])]
        self._dcache = d
        return d

    def announcements(self) -> list:
        """Combinations the seat to act may lay out now to score later (R4.3.2)."""
        if self.stage != DECLARE or not self.w_scored or not self.t.allow_pending:
            return []
        seat = self.to_act
        found = enumerate_declarations(self.t, self.hands[seat], self.ms[seat], False, True,
                                       False)
        have = {(m, k) for m, k, _ in self.pending[seat]}
        return [(ANNOUNCE, m, k, p) for m, k, p in found if (m, k) not in have]

    def legal_actions(self) -> list:
        if self.stage == PLAY:
            return self.legal_plays()
        if self.stage == DECLARE:
            return [*self._decls(self.to_act), *self.announcements(), PASS]
        return []

    # ------------------------------------------------------------------ applying
    def apply(self, a) -> None:
        """Do a legal action (unchecked: see `apply_checked`)."""
        if type(a) is int:
            if a >= 0:
                self.play(a)
            else:
                self.pass_turn()
        elif len(a) == 4:
            self.announce(a)
        else:
            self.score(a)

    def apply_checked(self, a) -> None:
        """`apply`, after checking that `a` is legal now (ValueError if not)."""
        if a not in self.legal_actions():
            raise ValueError(f"not a legal action now: {a!r}")
        self.apply(a)

    def play(self, c: int) -> None:
        seat = self.to_act
        b = BIT[c]
        self.hands[seat] ^= b
        self.hl[seat].remove(c)
        if self.known[seat] & b:
            self._forget(seat, b)
        lead = self.lead
        if lead < 0:
            self.lead = c
            self.to_act = 1 - seat
            return
        t = self.t
        winner = seat if (t.beaters[lead] >> c) & 1 else 1 - seat
        self.lead = -1
        self.tricks_done += 1
        self.won[winner] += 1
        self.card_pts[winner] += t.tp[(lead << 6) | c]
        self.to_act = winner
        if self.phase == 2:
            if self.tricks_done == t.total:
                self.last_winner = winner
                self.stage = OVER
                self.to_act = -1
            return
        if t.auto_sevens and (BIT[lead] | b) & t.seven_mask:
            self._automatic_sevens(lead, 1 - seat, c, seat, winner)
        if ((self.tricks_done == t.p1 and not t.last_decl)
                or self.won[winner] < t.min_tricks):
            self._draw(winner)
            return
        self.stage = DECLARE
        self._dcache = None
        if not self._decls(winner):
            self.close_window()

    def _forget(self, seat: int, b: int) -> None:
        """A known card (bit `b`) leaves `seat`'s hand: off its table, out of its pending
        combinations."""
        self.known[seat] ^= b
        self.exposed[seat] &= ~b
        if self.pending[seat]:
            self.pending[seat] = [d for d in self.pending[seat] if not d[1] & b]

    def _automatic_sevens(self, lead, lead_seat, follow, follow_seat, winner) -> None:
        """seven_rule "played" / "win_trick" (§5.7): a trump seven scores when played / when it
        takes the trick."""
        t = self.t
        for card, seat in ((lead, lead_seat), (follow, follow_seat)):
            b = BIT[card]
            if not b & t.seven_mask or self.ms[seat][SEVENS] & b:
                continue
            if t.sevens_played or seat == winner:
                self.ms[seat][SEVENS] |= b
                self.declared[seat] += t.pts[TRUMP_SEVEN]

    def score(self, a) -> None:
        meld, mask, pts = a
        seat = self.to_act
        t = self.t
        record(t, self.ms[seat], meld, mask)
        self.scored[seat].append(a)
        self.declared[seat] += pts
        pend = self.pending[seat]
        if pend:
            self.pending[seat] = [d for d in pend if d[1] != mask or d[0] != meld]
        if meld == SEVEN_EXCHANGE:
            self.hands[seat] ^= mask
            self.exposed[seat] &= ~mask
            self.known[seat] &= ~mask
            old = BIT[self.turn_up]
            self.hands[seat] |= old
            self.known[seat] |= old
            seven = mask.bit_length() - 1
            hl = self.hl[seat]
            hl.remove(seven)
            hl.append(self.turn_up)
            self.turn_up = seven
            self.seven_exchanged = True
        else:
            self.exposed[seat] |= mask
            self.known[seat] |= mask
        if meld == NO_TRUMP_MARRIAGE:                   # R10.3.2: the first marriage
            self.t = table_for(t.rules, CARD[mask.bit_length() - 1].suit)   # fixes trumps
        if meld in SEVEN_MELDS:
            self.w_seven = self.w_comb = True
            if meld == TWO_TRUMP_SEVENS:
                self.w_two = mask
        else:
            self.w_comb = self.w_scored = self.w_seven = True
        self._dcache = None
        if not self._decls(seat) and not self.announcements():
            self.close_window()

    def announce(self, a) -> None:
        _, meld, mask, pts = a
        seat = self.to_act
        self.pending[seat].append((meld, mask, pts))
        self.exposed[seat] |= mask
        self.known[seat] |= mask
        if not self.announcements() and not self._decls(seat):
            self.close_window()

    def pass_turn(self) -> None:
        """The action PASS: end the declaration turn."""
        self.close_window()

    def close_window(self) -> None:
        self.w_comb = self.w_seven = self.w_scored = False
        self.w_two = 0
        self._dcache = None
        self._draw(self.to_act)

    def _draw(self, winner: int) -> None:
        """Draws after a phase-1 trick (R3.4.1); after the last stock trick, R6.3–R6.6."""
        t = self.t
        stock, hands, hl = self.stock, self.hands, self.hl
        loser = 1 - winner
        if self.tricks_done < t.p1:
            c = stock.pop()
            hands[winner] |= BIT[c]
            hl[winner].append(c)
            c = stock.pop()
            hands[loser] |= BIT[c]
            hl[loser].append(c)
        else:
            for s in (winner, loser):
                if stock:
                    c = stock.pop()
                elif self.turn_up >= 0:
                    c = self.turn_up
                    self.turn_up = -1
                    self.known[s] |= BIT[c]
                else:
                    continue
                hands[s] |= BIT[c]
                hl[s].append(c)
            self.phase = 2
            self.exposed = [0, 0]
            self.pending = [[], []]
        if t.carte_blanche and not self.cb_done:
            for s in (winner, loser):
                if not hands[s] & COURT:
                    self.cb_done = True
                    pts = t.pts[CARTE_BLANCHE]
                    self.declared[s] += pts
                    self.scored[s].append((CARTE_BLANCHE, hands[s], pts))
                    self.known[s] |= hands[s]
                    break
        self.stage = PLAY
        self.to_act = winner
