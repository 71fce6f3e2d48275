"""What one seat knows, in the shape the Любитель's policy (`heuristic`) and the search's
candidate choice need: `Obs`, built from a `PlayerView` or from a `Deal` seen from one seat
(its own hand and the public fields only), with the engine's points of the melds it values
(`point_table`) and the policy's weights (`Params`, `BASE`).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card
from ..melds import (DOUBLE_BEZIQUE, FOUR_OF, BEZIQUE, MARRIAGE, ROYAL_MARRIAGE, SEQUENCE,
                     SEVEN_EXCHANGE, TRUMP_SEVEN, Declaration, MeldContext, MeldState,
                     enumerate_declarations, meld_points)
from ..tally import trick_points

# Stock count at or below which upgrades are no longer saved (take the big one at once).
LATE_STOCK = 8
# Stock count at or below which the fight for the last tricks starts.
FIGHT_STOCK = 8


def _seats_table(rules) -> bool:
    """Does the policy read the whole table: three or four seats, or the many-pack game, whose
    led infusorka changes which card is to be beaten and whose tricks score nothing (the table
    model asks the engine for both: `tricks.trick_winner`, `tally.trick_points`)?"""
    return rules.players > 2 or rules.many_pack


@lru_cache(maxsize=None)
def brisque_worth(rules) -> int:
    """What an ace or a ten adds to the tricks a player takes, by the engine's count (10 in
    the standard game, nothing in the many-pack game)."""
    return trick_points([(Card("A", "S"),)], rules) - trick_points([(Card("9", "S"),)], rules)


class Params:
    """The weights of the policy. `BASE` is the Любитель; other settings are for tuning."""

    __slots__ = ("pot", "pw", "held", "hope", "win_early", "win_late", "win_bonus", "threat",
                 "fight_stock", "late_stock", "seq", "dbl", "four")

    def __init__(self, **kw):
        self.pot, self.pw, self.held, self.hope = 1.0, 1.0, 0.8, 0.3
        self.win_early, self.win_late, self.win_bonus, self.threat = 0.6, 0.9, 4.0, 0.5
        self.fight_stock, self.late_stock = FIGHT_STOCK, LATE_STOCK
        self.seq = self.dbl = self.four = 1.0
        for k, v in kw.items():
            setattr(self, k, v)

    def __repr__(self):
        return "Params(" + ", ".join(f"{k}={getattr(self, k)}" for k in self.__slots__) + ")"


class Obs:
    """What one seat knows, in the shape the policy needs. Built from a view or a deal."""

    __slots__ = ("rules", "seat", "opp", "trump", "phase", "stage", "hand", "my_table",
                 "opp_table", "trick", "gone", "stock_count", "turn_up", "seven_exchanged",
                 "my_melds", "opp_melds", "legal", "opp_known", "_seen", "_decls", "_pot", "_opp",
                 "_won", "_pf", "_tops", "_threat", "_wins", "_points", "p", "brisque",
                 # three or four seats (`multi`): the table around the seat
                 "n", "multi", "partner", "opps", "trick_seats", "partner_known", "known_by",
                 "tables_by", "melds_by", "_hidden", "_known_faces")

    def __init__(self):
        self.multi = False
        self.partner = None
        self.partner_known = ()
        self._seen = None
        self._decls = None
        self._pot = None
        self._pf = None
        self._tops = None
        self._threat = None
        self._wins = None
        self._points = None
        self.p = BASE

    @classmethod
    def from_view(cls, view, memory: bool = True, table: bool = True) -> "Obs":
        """`table=False`: the two-handed model at any table (only the next seat is an
        opponent, the lead is the card to beat); kept for comparison."""
        o = cls()
        o.rules, o.seat = view.rules, view.seat
        o.brisque = brisque_worth(view.rules)
        o.opp = (view.seat + 1) % view.rules.players
        o.trump, o.phase, o.stage = view.trump, view.phase, view.stage
        o.hand = list(view.hand)
        o.my_table = view.tables[o.seat]
        o.opp_table = view.tables[o.opp]
        o.trick = [c for _, c in view.trick]
        # Without memory only the trick on the table is remembered, not the tricks gone by.
        o.gone = set(view.played) if memory else {c for _, c in view.trick}
        o.stock_count, o.turn_up = view.stock_count, view.turn_up
        o.seven_exchanged = view.seven_exchanged
        o.my_melds = MeldState.from_scored(view.scored[o.seat], view.trump, view.rules)
        o.opp_melds = MeldState.from_scored(view.scored[o.opp], view.trump, view.rules)
        o.legal = list(view.legal_actions)
        o.opp_known = view.known[o.opp]
        if table and _seats_table(view.rules):
            o._seat_table(list(view.known), list(view.tables),
                          [len(view.known[s]) for s in range(view.rules.players)],
                          list(view.hand_sizes), [s for s, _ in view.trick],
                          lambda s: MeldState.from_scored(view.scored[s], view.trump, view.rules))
        return o

    @classmethod
    def from_deal(cls, deal, seat: int, memory: bool = True) -> "Obs":
        """The seat's knowledge read straight from a deal (fast path for playouts). Only public
        fields and the seat's own hand are read."""
        o = cls()
        o.rules, o.seat = deal.rules, seat
        o.brisque = brisque_worth(deal.rules)
        o.opp = (seat + 1) % deal.n
        o.trump, o.phase, o.stage = deal.trump, deal.phase, deal.stage
        o.hand = deal.hands[seat]
        o.my_table = deal.exposed[seat]
        o.opp_table = deal.exposed[o.opp]
        o.trick = deal.trick
        o.gone = None                                   # built on demand from the tricks
        o._won = deal.won
        o.stock_count, o.turn_up = len(deal.stock), deal.turn_up
        o.seven_exchanged = deal.seven_exchanged
        o.my_melds, o.opp_melds = deal.melds[seat], deal.melds[o.opp]
        o.legal = deal.legal_actions(seat)
        o.opp_known = deal.known[o.opp]
        o._pf = deal.__dict__.get("_played_faces")     # kept up to date by search playouts
        if not memory:
            o.gone, o._pf = set(deal.trick), None
        if _seats_table(deal.rules):
            o._seat_table(deal.known, deal.exposed, [len(k) for k in deal.known],
                          [len(h) for h in deal.hands], deal.trick_seats, deal.melds.__getitem__)
        return o

    def _seat_table(self, known, tables, known_sizes, hand_sizes, trick_seats, melds_of) -> None:
        """Three or four seats: the partner (RuleSet.partner), every opponent (both other seats
        in the three-handed game), what is known of each hand, and who played to the trick."""
        rules, seat = self.rules, self.seat
        self.n = n = rules.players
        self.multi = True
        self.partner = rules.partner(seat)
        self.opps = rules.opponents(seat)
        self.trick_seats = list(trick_seats)
        self.known_by = known
        self.tables_by = tables
        self.melds_by = {s: melds_of(s) for s in range(n) if s != seat}
        self._hidden = {s: hand_sizes[s] - known_sizes[s] for s in range(n) if s != seat}
        self._known_faces = {}
        self.opp_known = [c for s in self.opps for c in known[s]]
        self.partner_known = known[self.partner] if self.partner is not None else ()

    # -------------------------------------------------------------- derived knowledge
    def _build_seen(self) -> dict:
        if self._pf is not None:
            seen = dict(self._pf)
            get = seen.get
        else:
            seen = {}
            get = seen.get
        for c in self.hand:
            f = c.face
            seen[f] = get(f, 0) + 1
        if self._pf is not None:
            pass
        elif self.gone is None:
            for c in self.trick:
                f = c.face
                seen[f] = get(f, 0) + 1
            for w in self._won:
                for t in w:
                    for c in t:
                        f = c.face
                        seen[f] = get(f, 0) + 1
        else:
            for c in self.gone:
                f = c.face
                seen[f] = get(f, 0) + 1
        opp: dict = {}
        for c in self.opp_known:
            f = c.face
            seen[f] = get(f, 0) + 1
            opp[f] = opp.get(f, 0) + 1
        for c in self.partner_known:
            f = c.face
            seen[f] = get(f, 0) + 1
        if self.turn_up is not None:
            f = self.turn_up.face
            seen[f] = get(f, 0) + 1
        self._seen = seen
        self._opp = opp
        return seen

    def seen_count(self, face) -> int:
        """Copies of a face this seat has seen (own hand, played, opponent's known, turn-up)."""
        seen = self._seen if self._seen is not None else self._build_seen()
        return seen.get(face, 0)

    def unseen_count(self, face) -> int:
        seen = self._seen if self._seen is not None else self._build_seen()
        return self.rules.packs - seen.get(face, 0)

    def opp_may_hold(self, face) -> int:
        """Copies of `face` the opponent holds or may hold (known plus unseen); with three or
        four seats, any opponent."""
        seen = self._seen if self._seen is not None else self._build_seen()
        return self._opp.get(face, 0) + self.rules.packs - seen.get(face, 0)

    # Three or four seats (`multi`) only:
    def known_faces(self, seat: int) -> dict:
        """face -> copies known to be in `seat`'s hand."""
        got = self._known_faces.get(seat)
        if got is None:
            got = {}
            for c in self.known_by[seat]:
                got[c.face] = got.get(c.face, 0) + 1
            self._known_faces[seat] = got
        return got

    def hidden_size(self, seat: int) -> int:
        """How many cards of `seat`'s hand this seat does not know."""
        return self._hidden[seat]

    def unseen_total(self) -> int:
        """Cards this seat has not seen: the other hands' concealed cards and the stock."""
        return self.stock_count + sum(self._hidden.values())

    def opp_tops(self) -> dict:
        """suit -> rank index of the highest card of that suit the opponent (any opponent) may
        hold (8: none)."""
        if self._tops is None:
            seen = self._seen if self._seen is not None else self._build_seen()
            opp, packs = self._opp, self.rules.packs
            tops = {}
            for s in "SHDC":
                top = 8
                for i, r in enumerate("ATKQJ987"):
                    f = (r, s)
                    if opp.get(f, 0) + packs - seen.get(f, 0) > 0:
                        top = i
                        break
                tops[s] = top
            self._tops = tops
        return self._tops

    def points(self) -> dict:
        """meld id -> what the engine scores it under these rules and trumps."""
        if self._points is None:
            self._points = point_table(self.rules, self.trump)
        return self._points

    def declarations(self) -> list[Declaration]:
        """What the hand could score after winning a trick (re-use rules applied)."""
        if self._decls is None:
            if self.phase != 1:
                self._decls = []
            else:
                ctx = MeldContext.of(self)
                self._decls = enumerate_declarations(self.hand, self.my_melds, ctx)
        return self._decls


_VALUED = (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, BEZIQUE, DOUBLE_BEZIQUE, *FOUR_OF.values(),
           TRUMP_SEVEN, SEVEN_EXCHANGE)
_TABLES: dict = {}


def point_table(rules, trump) -> dict:
    """The engine's points (`meld_points`) of the melds the policy values, for these rules and
    trumps; kept per RuleSet object, since playouts ask for it at every decision."""
    key = (id(rules), trump)
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = {m: meld_points(m, rules, trump) for m in _VALUED}
    if len(_TABLES) >= 64:
        _TABLES.clear()
    _TABLES[key] = (rules, table)
    return table


BASE = Params()
