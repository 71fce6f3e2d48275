"""Declarations in the search simulator: the points table of one deal and the enumeration and
bookkeeping of `bezique.melds` (RULES.md §4, the re-use rules of §4.5) on bit masks.

A declaration is the tuple `(meld, mask, points)`: the engine's meld id, the mask of its cards
and its points. A seat's re-use bookkeeping (`MeldState` in the engine) is a list of ints and
tuples indexed by the constants below. Every point value comes from `melds.meld_points`.
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import SUITS
from ...melds import (BEZIQUE, CARTE_BLANCHE, DOUBLE_BEZIQUE, DOUBLE_MARRIAGE, FOUR_OF,
                      K_BEZIQUE, K_DOUBLE, K_FOUR, K_MARRIAGE, K_SEQUENCE, MARRIAGE,
                      NO_TRUMP_MARRIAGE, PLAIN_QUINT, ROYAL_MARRIAGE, SEQUENCE, SEVEN_EXCHANGE,
                      SEVEN_MELDS, TRUMP_SEVEN, TWO_TRUMP_SEVENS, bezique_faces, meld_points)
from ...rules import RuleSet
from ...tally import last_trick_points, trick_points
from .cards import (A, BIT, CARD, FACE, J, K, KQ, NCARDS, Q, RANK_MASK, SEVEN, SUIT_OF, T,
                    BEATERS, bits)

# The bookkeeping list of one seat: cards used in each kind, the married pairs (masks of a
# king and a queen) that a sequence may reuse, the single bezique pairs a double may extend,
# and the sevens already scored.
UM, US, UB, UD, UFA, UFK, UFQ, UFJ, ROYAL, PLAIN, SINGLE, SEVENS = range(12)
FOUR_SLOT = {A: UFA, K: UFK, Q: UFQ, J: UFJ}
FOUR_RANKS = ((A, FOUR_OF["A"], UFA), (K, FOUR_OF["K"], UFK), (Q, FOUR_OF["Q"], UFQ),
              (J, FOUR_OF["J"], UFJ))
FOUR_MELD_SLOT = {meld: slot for _, meld, slot in FOUR_RANKS}
KIND_SLOT = {K_MARRIAGE: UM, K_SEQUENCE: US, K_BEZIQUE: UB, K_DOUBLE: UD,
             K_FOUR["A"]: UFA, K_FOUR["K"]: UFK, K_FOUR["Q"]: UFQ, K_FOUR["J"]: UFJ}
EVEN = sum(1 << (2 * f) for f in range(NCARDS // 2))
KINGS = sum(1 << (2 * (s * 8 + K)) for s in range(4))
AKQJ = RANK_MASK[A] | RANK_MASK[K] | RANK_MASK[Q] | RANK_MASK[J]
MARRIAGE_MELDS = frozenset((MARRIAGE, ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE, DOUBLE_MARRIAGE))


def empty_state() -> list:
    return [0, 0, 0, 0, 0, 0, 0, 0, (), (), (), 0]


class Table:
    """What the rules and the trump of one deal fix: points, masks, options. Shared by every
    state of the deal (cached per rules and trump)."""

    def __init__(self, rules: RuleSet, trump: str | None):
        self.rules = rules
        self.trump_letter = trump
        tr = self.trump = SUITS.index(trump) if trump is not None else None
        r = rules
        self.p1 = r.phase1_tricks
        self.total = r.total_tricks
        self.must_follow1 = r.phase1_must_follow_suit
        self.must_head = r.phase2_must_head
        self.last_decl = r.last_stock_trick_declaration
        self.min_tricks = r.min_tricks_before_declaring
        self.allow_pending = r.allow_pending_declarations
        self.double_marriage = r.meld_double_marriage
        self.plain_quint = r.meld_plain_quint
        self.distinct_fours = r.four_of_kind_distinct_suits
        self.declare_sevens = r.seven_rule == "declare_or_exchange"
        self.two_sevens = self.declare_sevens and r.meld_two_trump_sevens
        self.carte_blanche = r.meld_carte_blanche
        self.auto_sevens = (r.seven_rule in ("played", "win_trick") and tr is not None
                            and r.trump_sevens_score)
        self.sevens_played = r.seven_rule == "played"
        self.last_pts = last_trick_points(0, 0, r)
        self.beaters = BEATERS[tr]
        # No-trump bezique (R10.3): trump sevens are nothing, neither declared nor exchanged.
        sevens = tr is not None and r.variant != "no_trump"
        self.seven_mask = FACE[tr][SEVEN] if sevens else 0
        qf, jf = bezique_faces(r, trump)
        self.bez_q = FACE[SUITS.index(qf[1])][Q]
        self.bez_j = FACE[SUITS.index(jf[1])][J]
        seq_suits = ([tr] + [s for s in range(4) if s != tr] if r.meld_plain_quint
                     else [tr]) if tr is not None else []
        # Per suit of a sequence: its five faces (A T K Q J) in the one-bit-a-face form.
        self.seq_faces = tuple((s, sum(FACE[s][x] & EVEN for x in (A, T, K, Q, J)))
                               for s in seq_suits)
        pts = lambda meld, cards=(): meld_points(meld, r, trump, cards)
        self.pts = {m: pts(m) for m in (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, BEZIQUE,
                                         DOUBLE_BEZIQUE, PLAIN_QUINT, TRUMP_SEVEN, SEVEN_EXCHANGE,
                                         TWO_TRUMP_SEVENS, CARTE_BLANCHE, *FOUR_OF.values())}
        # A double marriage's points depend on its suit (royal or not).
        self.pts_dm = [pts(DOUBLE_MARRIAGE, [CARD[(s * 8 + K) * 2]]) for s in range(4)]
        # No-trump bezique before the trump is fixed: the first marriage, of two cards or four.
        self.pts_nt = (pts(NO_TRUMP_MARRIAGE, CARD[:2]), pts(NO_TRUMP_MARRIAGE, CARD[:4]))
        # Trick points of each (lead, follow) pair: the tally is additive over tricks.
        self.tp = _trick_table(r)


@lru_cache(maxsize=32)
def _trick_table(rules: RuleSet) -> tuple[int, ...]:
    by_face: dict = {}
    out = []
    for a in range(NCARDS):
        for b in range(NCARDS):
            key = (a >> 1, b >> 1)
            v = by_face.get(key)
            if v is None:
                v = by_face[key] = trick_points([(CARD[a], CARD[b])], rules)
            out.append(v)
    return tuple(out)


@lru_cache(maxsize=64)
def table_for(rules: RuleSet, trump: str | None) -> Table:
    return Table(rules, trump)


def enumerate_declarations(t: Table, hand: int, ms: list, allow_sevens: bool,
                           allow_combinations: bool, exchange: bool) -> list:
    """Every declaration `hand` allows under the re-use bookkeeping `ms`
    (`melds.enumerate_declarations`); `exchange`: the seven may be exchanged for the turn-up."""
    out: list = []
    trump = t.trump
    if allow_combinations:
        um = ms[UM]
        free = hand & ~um
        faces = (free | free >> 1) & EVEN           # bit 2f: some free copy of face f
        if faces & KINGS & (faces >> 2):             # a free king and queen of one suit
            for s in range(4):
                ks = free & FACE[s][K]
                if not ks:
                    continue
                qs = free & FACE[s][Q]
                if not qs:
                    continue
                if trump is None:
                    meld, p = NO_TRUMP_MARRIAGE, t.pts_nt[0]
                elif s == trump:
                    meld, p = ROYAL_MARRIAGE, t.pts[ROYAL_MARRIAGE]
                else:
                    meld, p = MARRIAGE, t.pts[MARRIAGE]
                kl, ql = bits(ks), bits(qs)
                for k in kl:
                    for q in ql:
                        out.append((meld, BIT[k] | BIT[q], p))
                if len(kl) >= 2 and len(ql) >= 2:
                    if trump is None:
                        out.append((NO_TRUMP_MARRIAGE, ks | qs, t.pts_nt[1]))
                    elif t.double_marriage:
                        out.append((DOUBLE_MARRIAGE, ks | qs, t.pts_dm[s]))
        if t.seq_faces:
            avail = hand & ~ms[US]                   # a card once in a sequence never serves again
            af = (avail | avail >> 1) & EVEN
            for s, need in t.seq_faces:
                if af & need == need:
                    _sequence(t, s, avail, ms, out)
        qs = hand & t.bez_q
        if qs:
            js = hand & t.bez_j
            if js:
                ub, ud = ms[UB], ms[UD]
                p = t.pts[BEZIQUE]
                fj = bits(js & ~ub & ~ud)
                for q in bits(qs & ~ub & ~ud):
                    for j in fj:
                        out.append((BEZIQUE, BIT[q] | BIT[j], p))
                if qs.bit_count() >= 2 and js.bit_count() >= 2:
                    four = qs | js
                    if not four & ud:
                        prev = four & ub
                        if not prev or prev in ms[SINGLE]:
                            out.append((DOUBLE_BEZIQUE, four, t.pts[DOUBLE_BEZIQUE]))
        if (hand & AKQJ).bit_count() >= 4:
            for r, meld, slot in FOUR_RANKS:
                fresh = hand & RANK_MASK[r] & ~ms[slot]
                if fresh.bit_count() >= 4:
                    _fours(t, fresh, meld, out)
    if allow_sevens and t.seven_mask:
        sev = hand & t.seven_mask & ~ms[SEVENS]
        if sev:
            for c in bits(sev):
                if exchange:
                    out.append((SEVEN_EXCHANGE, BIT[c], t.pts[SEVEN_EXCHANGE]))
                if t.declare_sevens:
                    out.append((TRUMP_SEVEN, BIT[c], t.pts[TRUMP_SEVEN]))
            if t.two_sevens and sev.bit_count() >= 2:
                out.append((TWO_TRUMP_SEVENS, sev, t.pts[TWO_TRUMP_SEVENS]))
    return out


def _sequence(t: Table, s: int, avail: int, ms: list, out: list) -> None:
    """The sequences (or plain quints) of suit `s` among the cards `avail`, which hold each
    of its five faces."""
    um = ms[UM]
    f = FACE[s]
    if s == t.trump:
        meld, pairs = SEQUENCE, ms[ROYAL]
    else:
        meld, pairs = PLAIN_QUINT, ms[PLAIN]
    p = t.pts[meld]
    ql = _single(avail & f[Q])
    rest = [x | y | z for x in _single(avail & f[A]) for y in _single(avail & f[T])
            for z in _single(avail & f[J])]
    for k in _single(avail & f[K]):
        for q in ql:
            kq = k | q
            if kq & um and kq not in pairs:
                continue
            for r in rest:
                out.append((meld, r | kq, p))


def _single(m: int) -> list[int]:
    """The one-card masks of `m`."""
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out


def _fours(t: Table, fresh: int, meld: str, out: list) -> None:
    cards = _single(fresh)
    n = len(cards)
    p = t.pts[meld]
    for a in range(n - 3):
        for b in range(a + 1, n - 2):
            for c in range(b + 1, n - 1):
                for d in range(c + 1, n):
                    m = cards[a] | cards[b] | cards[c] | cards[d]
                    if t.distinct_fours and len({SUIT_OF[x] for x in bits(m)}) < 4:
                        continue
                    out.append((meld, m, p))


def record(t: Table, ms: list, meld: str, mask: int) -> None:
    """Mark the cards of a scored declaration as used (`MeldState.record`)."""
    if meld in MARRIAGE_MELDS:
        ms[UM] |= mask
        low = (mask & -mask).bit_length() - 1
        royal = meld in (ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE) or SUIT_OF[low] == t.trump
        slot = ROYAL if royal else PLAIN
        have = ms[slot]
        new = tuple(p for k in _single(mask & RANK_MASK[K]) for q in _single(mask & RANK_MASK[Q])
                    for p in (k | q,) if p not in have)
        if new:
            ms[slot] = have + new
    elif meld == SEQUENCE or meld == PLAIN_QUINT:
        ms[US] |= mask
        ms[UM] |= mask & KQ
    elif meld == BEZIQUE:
        ms[UB] |= mask
        if mask not in ms[SINGLE]:
            ms[SINGLE] = ms[SINGLE] + (mask,)
    elif meld == DOUBLE_BEZIQUE:
        ms[UD] |= mask
        ms[UB] |= mask
    elif meld in FOUR_MELD_SLOT:
        ms[FOUR_MELD_SLOT[meld]] |= mask
    elif meld in SEVEN_MELDS:
        ms[SEVENS] |= mask
