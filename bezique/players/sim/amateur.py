"""The Любитель's policy on a `Sim` (issue 31, part 2): `amateur_action(s)` is the action
`heuristic.heuristic_action(deal, seat)` chooses on the equal engine deal, found by the same
arithmetic on the simulator's masks; `amateur_playout(s)` plays a deal to its end by it.

Two-handed only (the games the simulator serves: the canonical game, the seed presets,
no-trump bezique), so only the two-handed branch of `heuristic.decide` is ported. The weights
are `observation.BASE`, the constants and helpers (`TRUMP_POWER`, the hope tables,
`exchange_gain`, `keep_turn_up` of `heuristic.py`; `point_table`, `brisque_worth` of
`observation.py`) are the heuristic's own, and every
float is computed in the heuristic's order, so that equal values tie as they tie there. Ties go
as in the heuristic: in the stock phase to the lowest card among the distinct choices (card
order is the order of the simulator's ids), in the last eight to the first card of the hand
list (the simulator keeps the engine's hand order: `from_deal` copies it, and a `Sim` of a view,
like `Deal.from_view`, has the view's hand, in card order), among declarations to the first in
the engine's order (points down, meld, cards). It never announces: the Любитель announces only
under `require_card_from_hand`, which the simulator does not play.

What the seat reads is what `Obs.from_deal` reads: its hand, both tables, the cards played
(a mask: everything not in a hand, the stock or the turn-up; `amateur_playout` keeps it as it
plays), the opponent's known cards, the turn-up, the stock count, its own and the opponent's
re-use bookkeeping. The differential test (tests/players/test_sim_amateur.py) checks every
decision against the engine's Любитель.
"""

from __future__ import annotations

from types import SimpleNamespace

from ...cards import RANKS
from ...melds import (BEZIQUE, DOUBLE_BEZIQUE, FOUR_OF, MARRIAGE, ROYAL_MARRIAGE, SEQUENCE,
                      SEVEN_EXCHANGE, TRUMP_SEVEN)
from ..heuristic import DOUBLE_HOPE, FOUR_HOPE, SEQ_HOPE, TRUMP_POWER, exchange_gain, keep_turn_up
from ..observation import BASE, brisque_worth, point_table
from .cards import (A, ALL, BIT, BRISQUE, CARD, FACE, J, K, KQ, NCARDS, Q, RANK_MASK, RANK_OF,
                    SEVEN, SUIT_MASK, SUIT_OF, T, bits)
from .melds import EVEN, SEVENS, UB, UD, UFA, UFJ, UFK, UFQ, UM, US, Table, enumerate_declarations
from .state import DECLARE, OVER, PASS, Sim

_FOURS = ((A, "A", UFA), (K, "K", UFK), (Q, "Q", UFQ), (J, "J", UFJ))   # FOUR_OF's order
_NEG_INF = float("-inf")
_AKQJ = RANK_MASK[A] | RANK_MASK[K] | RANK_MASK[Q] | RANK_MASK[J]
_NO_FOURS = (None,) * 8
ODD = EVEN << 1                   # the second copies
# a king's queen, a queen's king (both copies)
PARTNER = tuple(FACE[SUIT_OF[c]][Q if RANK_OF[c] == K else K] for c in range(NCARDS))
_IS_BRISQUE = tuple(bool(BIT[c] & BRISQUE) for c in range(NCARDS))
# 0.3 * (7 - rank) and 0.01 * (7 - rank), as the heuristic computes them
_LOW = tuple(0.3 * (7 - RANK_OF[c]) for c in range(NCARDS))
_LOW_F = tuple(0.01 * (7 - RANK_OF[c]) for c in range(NCARDS))
# the lead risk of a brisque: 0.5 for an ace, 0.8 for a ten
_RISK = tuple(0.5 if RANK_OF[c] == A else 0.8 if RANK_OF[c] == T else 0.0 for c in range(NCARDS))


class Prep:
    """What one `Table` (rules and trump) fixes for the policy: computed once per table."""

    __slots__ = ("t", "trump", "brisque", "pts", "power", "qf", "jf", "exg", "ktu", "seq_pts", "dbl_pts", "four_pts", "royal", "plain", "single", "own7", "ex7",
                 "seq5", "rel", "seven_face", "by_stock", "brq", "risk", "tmask")

    def __init__(self, t: Table):
        self.t = t
        rules, letter = t.rules, t.trump_letter
        tr = self.trump = t.trump
        b = self.brisque = brisque_worth(rules)
        pts = self.pts = point_table(rules, letter)
        pw = BASE.pw
        # the trump part of `keep_values`: TRUMP_POWER * pw for a trump, 0.0 otherwise
        self.power = tuple(TRUMP_POWER[RANKS[RANK_OF[c]]] * pw if SUIT_OF[c] == tr else 0.0
                           for c in range(NCARDS))
        self.qf, self.jf = t.bez_q, t.bez_j
        o = SimpleNamespace(brisque=b, trump=letter)
        self.exg = tuple(exchange_gain(CARD[c], o) for c in range(NCARDS))
        ktu = []
        for c in range(NCARDS):
            o.turn_up = CARD[c]
            ktu.append(keep_turn_up(o))
        self.ktu = tuple(ktu)
        self.seq_pts, self.dbl_pts = pts[SEQUENCE], pts[DOUBLE_BEZIQUE]
        self.four_pts = {r: pts[FOUR_OF[letter_r]] for r, letter_r, _ in _FOURS}
        self.royal, self.plain, self.single = pts[ROYAL_MARRIAGE], pts[MARRIAGE], pts[BEZIQUE]
        self.own7 = pts[TRUMP_SEVEN] if rules.seven_rule != "played" else 0
        self.ex7 = pts[SEVEN_EXCHANGE]
        self.by_stock = {}
        # a card's brisque points, -brisque * its lead risk (`lead_scores`), the trumps
        self.brq = tuple(b if _IS_BRISQUE[c] else 0 for c in range(NCARDS))
        self.risk = tuple(-b * _RISK[c] for c in range(NCARDS))
        self.tmask = SUIT_MASK[tr] if tr is not None else 0
        if tr is None:
            self.seq5 = self.rel = self.seven_face = 0
        else:
            f = FACE[tr]
            self.seq5 = f[A] | f[T] | f[K] | f[Q] | f[J]
            self.seven_face = f[SEVEN]
            # the cards a potential may value: aces and court cards (marriages, beziques,
            # fours), the trump ten (the sequence) and the trump seven
            self.rel = RANK_MASK[A] | RANK_MASK[K] | RANK_MASK[Q] | RANK_MASK[J] | f[T] | f[SEVEN]


_PREPS: dict = {}


def prep(t: Table) -> Prep:
    p = _PREPS.get(t)
    if p is None:
        if len(_PREPS) >= 256:
            _PREPS.clear()
        p = _PREPS[t] = Prep(t)
    return p


def played_mask(s: Sim) -> int:
    """The cards played so far (the tricks and the card on the table): all but the hands, the
    stock and the turn-up."""
    m = s.hands[0] | s.hands[1]
    for c in s.stock:
        m |= BIT[c]
    if s.turn_up >= 0:
        m |= BIT[s.turn_up]
    return ALL & ~m


def amateur_action(s: Sim, seat: int | None = None, played: int | None = None):
    """The Любитель's action for `seat` (default: the seat to act) — the simulator's legal
    action equal to `heuristic.heuristic_action` on the equal deal. `played`: the mask of the
    cards played (computed from `s` if not given)."""
    if seat is None:
        seat = s.to_act
    if played is None:
        played = played_mask(s)
    if seat != s.to_act:
        if s.stage == DECLARE:
            return PASS                   # as the heuristic: nothing legal, so pass
        raise ValueError("the Любитель chooses only for the seat to act")
    return _decide(s, seat, played)


def amateur_playout(s: Sim) -> Sim:
    """Play `s` to its end, both seats by the Любитель's policy. Mutates and returns `s`."""
    played = played_mask(s)
    while True:
        stage = s.stage
        if stage == OVER:
            return s
        a = _decide(s, s.to_act, played)
        if type(a) is int:
            if a >= 0:
                played |= BIT[a]
                s.play(a)
            else:
                s.pass_turn()
        else:
            s.score(a)


def amateur_choices(s: Sim, k: int, played: int | None = None) -> list[int]:
    """The stock phase: the `k` card plays the Любитель values most for the seat to act (its
    own choice first, then by value; one card of each distinct choice), for a search to branch
    on. Empty outside a stock-phase play, or with one choice only."""
    if s.stage == DECLARE or s.phase != 1:
        return []
    seat = s.to_act
    hand = s.hands[seat]
    lead = s.lead
    legal = (hand & SUIT_MASK[SUIT_OF[lead]] or hand) if lead >= 0 and s.t.must_follow1 else hand
    if not legal & (legal - 1):
        return []
    if played is None:
        played = played_mask(s)
    tu = s.turn_up
    E = hand | played | (BIT[tu] if tu >= 0 else 0)
    values: dict = {}
    first = _phase1(s, seat, legal, lead, prep(s.t), E, 1 - seat, values)
    rest = sorted((c for c in values if c != first), key=lambda c: -values[c])
    return [first] + rest[:k - 1]


# ---------------------------------------------------------------------- the decision

def _decide(s: Sim, seat: int, played: int):
    t = s.t
    if s.stage == DECLARE:
        decls = s._decls(seat)
        if not decls:
            return PASS
        return _best_declaration(s, seat, decls, prep(t))
    hand = s.hands[seat]
    lead = s.lead
    phase = s.phase
    if lead < 0 or (phase == 1 and not t.must_follow1):
        legal = hand
    elif phase == 1:
        legal = hand & SUIT_MASK[SUIT_OF[lead]] or hand
    else:
        legal = s._phase2_plays(hand, lead)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    P = prep(t)
    opp = 1 - seat
    tu = s.turn_up
    # the cards the seat has seen, but for the opponent's known ones (those the opponent
    # holds or may hold are the rest)
    E = hand | played | (BIT[tu] if tu >= 0 else 0)
    if phase == 2:
        return _phase2(s, seat, legal, lead, P, E)
    return _phase1(s, seat, legal, lead, P, E, opp)


def _tops(E: int) -> list:
    """suit -> rank index of the highest card of the suit the opponent may hold (8: none)."""
    out = []
    for su in range(4):
        m = SUIT_MASK[su] & ~E
        if m:
            out.append((((m & -m).bit_length() - 1) >> 1) & 7)
        else:
            out.append(8)
    return out


def _phase2(s: Sim, seat: int, legal: int, lead: int, P: Prep, E: int) -> int:
    trump = P.trump
    cards = [c for c in s.hl[seat] if legal >> c & 1]
    tops = None
    if lead >= 0:
        beat = P.t.beaters[lead]
        winners = [c for c in cards if beat >> c & 1]
        if winners:
            tops = _tops(E)
            best, bk = None, None
            for c in winners:
                su = SUIT_OF[c]
                k = (su == trump, not (_IS_BRISQUE[c] and not _sure_p2(c, tops, trump)),
                     -RANK_OF[c])
                if bk is None or k < bk:
                    best, bk = c, k
            return best
        return _lowest(cards, trump)
    tops = _tops(E)
    best, bk = None, None
    for c in cards:
        if _sure_p2(c, tops, trump):
            k = (not _IS_BRISQUE[c], SUIT_OF[c] == trump, RANK_OF[c])
            if bk is None or k < bk:
                best, bk = c, k
    if best is not None:
        return best
    return _lowest(cards, trump)


def _lowest(cards: list, trump) -> int:
    best, bk = None, None
    for c in cards:
        k = (_IS_BRISQUE[c], SUIT_OF[c] == trump, -RANK_OF[c])
        if bk is None or k < bk:
            best, bk = c, k
    return best


def _sure_p2(c: int, tops: list, trump) -> bool:
    su = SUIT_OF[c]
    if tops[su] < RANK_OF[c]:
        return False
    if su != trump and trump is not None and tops[su] == 8 and tops[trump] < 8:
        return False
    return True


def _phase1(s: Sim, seat: int, legal: int, lead: int, P: Prep, E: int, opp: int,
            values: dict | None = None) -> int:
    """The stock phase's card; `values` (if given) receives every distinct choice's value."""
    hand = s.hands[seat]
    stock_count = len(s.stock)
    S = E | s.known[opp]                   # every card the seat has seen
    table = s.exposed[seat]
    # the distinct choices (`heuristic._distinct`): one card per (face, on the table or not),
    # the lower copy when both are alike
    reps = legal & ~((legal << 1) & ODD & ~(table ^ (table << 1)))
    pot = _potentials(s, seat, hand, reps, stock_count, P, S).get
    power = P.power
    brq = P.brq
    wins = None                       # (value, mask) of the hand's declarations, best first
    w0 = 0.0
    best, best_v = None, _NEG_INF     # the first of equal values: the lowest card
    m = reps
    if lead >= 0:
        beat = P.t.beaters[lead]
        lead_b = brq[lead]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            cost = pot(c, 0.0) + power[c]
            b = lead_b + brq[c]
            if beat & low:
                if wins is None:
                    wins, w0 = _win_setup(s, seat, hand, stock_count, P, E, S, opp)
                w = w0
                for mk, wv in wins:
                    if not mk & low:
                        w = wv
                        break
                v = b + w - cost
            else:
                v = -b - cost
            v = v - _LOW_F[c]
            if values is not None:
                values[c] = v
            if v > best_v:
                best, best_v = c, v
        return best
    fight = stock_count <= BASE.fight_stock
    trumps = P.tmask
    top = None                        # the opponent's highest trump it may hold
    risk = P.risk
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        cost = pot(c, 0.0) + power[c]
        sure = False
        if trumps & low:
            if top is None:
                top = _tops(E)[P.trump]
            sure = top >= RANK_OF[c]
        if sure:
            if wins is None:
                wins, w0 = _win_setup(s, seat, hand, stock_count, P, E, S, opp)
            w = w0
            for mk, wv in wins:
                if not mk & low:
                    w = wv
                    break
            v = w + brq[c] - cost
        else:
            v = risk[c] - cost - _LOW[c]
            if fight:
                v -= 2
        if values is not None:
            values[c] = v
        if v > best_v:
            best, best_v = c, v
    return best


def _win_setup(s: Sim, seat: int, hand: int, stock_count: int, P: Prep, E: int, S: int,
               opp: int):
    """`heuristic.win_value` prepared for every card: the declarations the hand could score
    after a trick, best first, as (mask, the win value when it is the best one left), and the
    win value when none is left."""
    tu = s.turn_up
    out = []
    for meld, mask, points in enumerate_declarations(
            P.t, hand, s.ms[seat], True, True,
            not s.seven_exchanged and tu >= 0 and RANK_OF[tu] != SEVEN):
        v = points
        if meld == SEVEN_EXCHANGE and tu >= 0:
            v += P.exg[tu]
        if v > 0:
            out.append((v, mask))
    if len(out) > 1:
        out.sort(key=_neg_first)
    late = stock_count <= BASE.fight_stock
    factor = BASE.win_late if late else BASE.win_early
    threat = _opp_threat(s, opp, P, E, S) if late else None
    # Trick 24: the loser takes the turn-up; the winner draws blind.
    last = P.ktu[tu] if late and stock_count <= 2 and tu >= 0 else None

    def value(best) -> float:
        v = best * factor + BASE.win_bonus            # the lead and the first draw
        if late:
            v += BASE.threat * threat
            if last is not None:
                v -= 0.3 * last
        return v
    return [(mask, value(v)) for v, mask in out], value(0.0)


def _neg_first(x):
    return -x[0]


def _opp_threat(s: Sim, opp: int, P: Prep, E: int, S: int) -> float:
    """`heuristic._threat` of the opponent: what its table promises."""
    trump = P.trump
    pts = P.pts
    table = s.exposed[opp]
    st = s.ms[opp]
    threat = 0.0
    if trump is not None:
        f = FACE[trump]
        seq = table & SUIT_MASK[trump] & ~st[US]
        if seq & f[K] and seq & f[Q]:
            missing = [r for r in (A, T, J) if not seq & f[r]]
            if all(2 - (E & f[r]).bit_count() > 0 for r in missing):
                threat = max(threat, pts[SEQUENCE] * (0.5 if missing else 1.0))
    qf, jf = P.qf, P.jf
    bez = table & (qf | jf) & ~st[UD]
    if bez and 2 - (E & qf).bit_count() >= 2 and 2 - (E & jf).bit_count() >= 2:
        threat = max(threat, pts[DOUBLE_BEZIQUE] * (0.5 if bez.bit_count() >= 2 else 0.15))
    for r, letter, slot in _FOURS:
        n = (table & RANK_MASK[r] & ~st[slot]).bit_count()
        if n >= 2 and n + 8 - (S & RANK_MASK[r]).bit_count() >= 4:
            threat = max(threat, P.four_pts[r] * (0.6 if n >= 3 else 0.25))
    return threat


def _stock_consts(P: Prep, stock_count: int) -> tuple:
    """The products of `heuristic._potentials` that depend only on the rules, the trump and
    the stock count, in the heuristic's order of operations."""
    k = P.by_stock.get(stock_count)
    if k is not None:
        return k
    time_left = min(1.0, stock_count / 24.0)          # pieces still to be drawn
    ready = 1.0 if stock_count > 4 else 0.6            # complete ones need a trick won
    held, hope = BASE.held, BASE.hope
    mar_held = {True: P.royal * held * ready, False: P.plain * held * ready}
    mar_hope = {True: P.royal * hope * time_left, False: P.plain * hope * time_left}
    single_held, single_hope = P.single * held * ready, P.single * hope * time_left
    seq = tuple(P.seq_pts * BASE.seq * SEQ_HOPE[n] * (ready if n == 5 else time_left) if n
                else 0.0 for n in range(6))
    dbl = tuple(P.dbl_pts * BASE.dbl * DOUBLE_HOPE.get(n, 0) * (ready if n == 4 else time_left)
                for n in range(5))
    four = {r: (0.0,) + tuple(P.four_pts[r] * BASE.four * FOUR_HOPE[n]
                              * (ready if n == 4 else time_left) for n in range(1, 5))
            for r, _, _ in _FOURS}
    seven = (max(P.own7, 0) * ready, max(P.own7, P.ex7) * ready)
    k = P.by_stock[stock_count] = (mar_held[True], mar_held[False], mar_hope[True],
                                   mar_hope[False], single_held, single_hope, seq, dbl, four,
                                   seven)
    return k


def _potentials(s: Sim, seat: int, hand: int, want: int, stock_count: int, P: Prep,
                S: int) -> dict:
    """`heuristic._potentials` of the cards `want` (of the hand): card id -> what keeping it
    may still score (phase 1); cards that can score nothing are left out (0.0)."""
    pot: dict = {}
    trump = P.trump
    if stock_count == 0 or trump is None:
        return pot
    (royal_held, plain_held, royal_hope, plain_hope, single_held, single_hope, seq_n, dbl_n,
     four_n, seven_n) = _stock_consts(P, stock_count)
    want &= P.rel
    if not want:
        return pot
    st = s.ms[seat]
    u_mar, u_seq, u_bez, u_dbl = st[UM], st[US], st[UB], st[UD]
    scale = BASE.pot
    qf, jf = P.qf, P.jf
    # Each term of the heuristic's sum as the mask of the cards that get it, in its order:
    # the marriage, the sequence, the single bezique, the double, the four, the trump seven.
    free = hand & ~u_mar                       # kings and queens unused in marriage
    kq = want & KQ & ~u_mar
    seq_free = hand & P.seq5 & ~u_seq          # trump A T K Q J unused in a sequence
    seq_m = want & seq_free
    seq_v = 0.0
    if seq_m:
        have = (seq_free | seq_free >> 1) & EVEN        # one bit a face held
        seen2 = S & (S >> 1) & EVEN                     # faces whose both copies are seen
        if not seen2 & P.seq5 & ~have:
            seq_v = seq_n[have.bit_count()]
    bez = want & (qf | jf) & ~u_dbl
    b_held = b_hope = 0
    dbl_v = 0.0
    if bez:
        single = bez & ~u_bez
        if single:
            nb = hand & ~u_bez & ~u_dbl
            if nb & jf:
                b_held |= single & qf
            elif S & jf != jf:
                b_hope |= single & qf
            if nb & qf:
                b_held |= single & jf
            elif S & qf != qf:
                b_hope |= single & jf
        nd = hand & ~u_dbl
        dq, dj = (nd & qf).bit_count(), (nd & jf).bit_count()
        if dq + 2 - (S & qf).bit_count() >= 2 and dj + 2 - (S & jf).bit_count() >= 2:
            dbl_v = dbl_n[min(dq, 2) + min(dj, 2)]
    four_m = 0
    four_v = _NO_FOURS
    if want & _AKQJ:
        for r, _, slot in _FOURS:
            rm = RANK_MASK[r]
            if want & rm:
                fresh = hand & rm & ~st[slot]
                if fresh:
                    n = fresh.bit_count()
                    if n + 8 - (S & rm).bit_count() >= 4:
                        if four_v is _NO_FOURS:
                            four_v = [0.0] * 8
                        four_v[r] = four_n[r][min(n, 4)]
                        four_m |= fresh & want
    sev_m = want & P.seven_face & ~st[SEVENS]
    seven_v = 0.0
    if sev_m:
        tu = s.turn_up
        if not s.seven_exchanged and tu >= 0 and RANK_OF[tu] != SEVEN:
            seven_v = seven_n[1] + P.exg[tu] * 0.5
        else:
            seven_v = seven_n[0]
    tmask = SUIT_MASK[trump]
    m = want
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        v = 0.0
        if kq & low:
            pm = PARTNER[c]
            if free & pm:
                v += royal_held if tmask & low else plain_held
            elif S & pm != pm:
                v += royal_hope if tmask & low else plain_hope
        if seq_m & low:
            v += seq_v
        if bez & low:
            if b_held & low:
                v += single_held
            elif b_hope & low:
                v += single_hope
            v += dbl_v
        if four_m & low:
            v += four_v[RANK_OF[c]]
        if sev_m & low:
            v += seven_v
        pot[c] = v * scale
    return pot


def _best_declaration(s: Sim, seat: int, decls: list, P: Prep):
    """`heuristic.best_declaration` over the legal declarations in the engine's order."""
    if len(decls) > 1:
        two = s.w_two
        decls = sorted(decls, key=lambda d: (bool(two) and d[0] == SEVEN_EXCHANGE, -d[2], d[0],
                                             bits(d[1])))
    late = len(s.stock) <= BASE.late_stock
    table = s.exposed[seat]
    tu = s.turn_up
    best, best_v = None, -1e9
    for d in decls:
        meld, mask, points = d
        v = float(points)
        if meld == SEVEN_EXCHANGE:
            v += P.exg[tu] if tu >= 0 else 0
        if not late:
            up = None
            if meld == ROYAL_MARRIAGE:
                up = next((x for x in decls if x[0] == SEQUENCE and x[1] & mask == mask), None)
            elif meld == BEZIQUE:
                up = next((x for x in decls if x[0] == DOUBLE_BEZIQUE and x[1] & mask == mask),
                          None)
            if up is not None:
                v = points + up[2]
        v -= 0.01 * (mask & ~table).bit_count()
        if v > best_v:
            best, best_v = d, v
    return best




__all__ = ["amateur_action", "amateur_choices", "amateur_playout", "played_mask", "prep", "Prep"]
