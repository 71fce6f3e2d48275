"""Любитель: plays by the seeds' advice (RULES.md Appendix A).

* keep kings and queens for marriages, Q♠/J♦ for bezique, the trump A T K Q J for the
  sequence, the trump seven for its points; keep aces and tens (brisques);
* lead the least useful card (a low card of a plain suit that belongs to nothing);
* win tricks with cards that have already scored, cheaply, when the trick is worth it (a
  brisque in it, or a declaration waiting in the hand);
* declare the best combination, but save the upgrades while there is time: the royal marriage
  before the sequence, the single bezique before the double; late in the stock, take the big one
  at once;
* exchange the seven when the turn-up is worth it (A, T, K, Q, J of trumps);
* near the end of the stock, if the opponent threatens a big declaration (or we have one), fight
  for the tricks with high trumps;
* phase 2: win cheaply, save brisques, lead sure winners;
* at a table of three or four (`table`): the card to beat is the trick's current winner, both
  other seats are opponents in the three-handed game, and in the four-handed one the partner's
  trick is the side's — no needless over-taking of it, brisques fed to it; what a card on the
  trick is worth is its expected value for the side against the seats still to play.

The policy reads only what its seat may know: its own hand, the tables, the cards played, the
turn-up and the stock count. It works on a `PlayerView` (`HeuristicPlayer.choose`) and, for fast
playouts inside the search, directly on a `Deal` seen from one seat (`heuristic_action`) — the
latter reads the same public fields and the seat's own hand only, never the other hand or the
stock order. Deterministic: ties are broken by card order, and the seed only breaks exact ties.
Every meld is valued at what the engine scores it under the deal's rules (`melds.meld_points`).
"""

from __future__ import annotations

import random

from ..actions import PASS, Announce, Pass, Play
from ..cards import Card
from ..melds import (DOUBLE_BEZIQUE, FOUR_OF, K_BEZIQUE, K_DOUBLE, K_FOUR, K_MARRIAGE,
                     K_SEQUENCE, BEZIQUE, MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, SEVEN_EXCHANGE,
                     TRUMP_SEVEN, Declaration, bezique_faces)
from ..tricks import beats
from .observation import Obs
from .table import follow_values

# Winning power of a trump in the later play (phase 2 control), by rank.
TRUMP_POWER = {"A": 14, "T": 12, "K": 8, "Q": 7, "J": 6, "9": 4, "8": 3, "7": 2}
# How likely an unfinished combination is to be completed, by the number of its pieces held.
SEQ_HOPE = {5: 0.95, 4: 0.45, 3: 0.2, 2: 0.08, 1: 0.03}
FOUR_HOPE = {4: 0.9, 3: 0.3, 2: 0.1, 1: 0.03}
DOUBLE_HOPE = {4: 0.9, 3: 0.3, 2: 0.08, 1: 0.02}


# ------------------------------------------------------------------ card values



def potential(card: Card, o: Obs) -> float:
    """Points this card may still help to declare if kept (phase 1), roughly weighted by the
    chance of completing the combination before the stock runs out."""
    pot = o._pot if o._pot is not None else _potentials(o)
    return pot.get(card, 0.0)


def _potentials(o: Obs) -> dict:
    """`potential` for every card of the hand at once (one pass over the hand)."""
    pot: dict = {}
    o._pot = pot
    if o.phase != 1 or o.stock_count == 0 or o.trump is None:
        return pot
    trump = o.trump
    st = o.my_melds
    used = st.used
    u_mar, u_seq, u_bez, u_dbl = used[K_MARRIAGE], used[K_SEQUENCE], used[K_BEZIQUE], used[K_DOUBLE]
    time_left = min(1.0, o.stock_count / 24.0)          # pieces still to be drawn
    ready = 1.0 if o.stock_count > 4 else 0.6            # complete ones need a trick won
    seen_get = (o._seen if o._seen is not None else o._build_seen()).get
    packs = o.rules.packs

    def unseen(face):
        return packs - seen_get(face, 0)

    P = o.p
    held, hope, scale = P.held, P.hope, P.pot
    qf, jf = bezique_faces(o.rules, trump)
    kings, queens = {}, {}                               # suit -> count unused in marriage
    seq_have = set()
    bq = bj = dq = dj = 0
    four_n = {"A": 0, "K": 0, "Q": 0, "J": 0}
    for c in o.hand:
        r, s = c.rank, c.suit
        if r == "K" and c not in u_mar:
            kings[s] = kings.get(s, 0) + 1
        elif r == "Q" and c not in u_mar:
            queens[s] = queens.get(s, 0) + 1
        if s == trump and r in "ATKQJ" and c not in u_seq:
            seq_have.add(r)
        f = c.face
        if f == qf or f == jf:
            if c not in u_bez and c not in u_dbl:
                if f == qf:
                    bq += 1
                else:
                    bj += 1
            if c not in u_dbl:
                if f == qf:
                    dq += 1
                else:
                    dj += 1
        if r in four_n and c not in used[K_FOUR[r]]:
            four_n[r] += 1
    pts = o.points()
    seq_v = 0.0
    if all(r in seq_have or unseen((r, trump)) > 0 for r in "ATKQJ"):
        n = len(seq_have)
        seq_v = pts[SEQUENCE] * P.seq * SEQ_HOPE[n] * (ready if n == 5 else time_left) if n else 0.0
    dbl_v = 0.0
    if dq + unseen(qf) >= 2 and dj + unseen(jf) >= 2:
        n = min(dq, 2) + min(dj, 2)
        dbl_v = pts[DOUBLE_BEZIQUE] * P.dbl * DOUBLE_HOPE.get(n, 0) * (ready if n == 4 else time_left)
    four_v = {}
    for r, n in four_n.items():
        if n and n + 4 * packs - seen_get((r, "S"), 0) - seen_get((r, "H"), 0) \
                - seen_get((r, "D"), 0) - seen_get((r, "C"), 0) >= 4:
            n = min(n, 4)
            four_v[r] = pts[FOUR_OF[r]] * P.four * FOUR_HOPE[n] * (ready if n == 4 else time_left)
    # Kept, the trump seven scores when declared (or, under "win_trick", when it wins a trick)
    # or exchanged after a trick won, whichever these rules allow; with the exchange still open
    # the turn-up it brings in counts too. Under "played" it scores when played whether kept or
    # not, so keeping it is worth nothing of its own.
    exchange = not o.seven_exchanged and o.turn_up is not None and o.turn_up.rank != "7"
    own = pts[TRUMP_SEVEN] if o.rules.seven_rule != "played" else 0
    seven_v = max(own, pts[SEVEN_EXCHANGE] if exchange else 0) * ready
    if exchange:
        seven_v += exchange_gain(o.turn_up, o) * 0.5
    royal, plain, single = pts[ROYAL_MARRIAGE], pts[MARRIAGE], pts[BEZIQUE]
    for c in o.hand:
        r, s = c.rank, c.suit
        v = 0.0
        if r == "K" or r == "Q":
            if c not in u_mar:
                mar = royal if s == trump else plain
                partners = (queens if r == "K" else kings).get(s, 0)
                if partners:
                    v += mar * held * ready
                elif unseen(("Q" if r == "K" else "K", s)) > 0:
                    v += mar * hope * time_left
        if s == trump and r in seq_have and c not in u_seq:
            v += seq_v
        f = c.face
        if f == qf or f == jf:
            if c not in u_bez and c not in u_dbl:
                if (bj if f == qf else bq):
                    v += single * held * ready
                elif unseen(jf if f == qf else qf) > 0:
                    v += single * hope * time_left
            if c not in u_dbl:
                v += dbl_v
        if r in four_v and c not in used[K_FOUR[r]]:
            v += four_v[r]
        if r == "7" and s == trump and c not in st.sevens_scored:
            v += seven_v
        pot[c] = v * scale
    return pot


def exchange_gain(turn_up: Card, o: Obs) -> float:
    """What taking the turn-up into the hand is worth, beyond the points of the exchange."""
    v = TRUMP_POWER[turn_up.rank] * 0.5
    if turn_up.is_brisque:
        v += o.brisque
    if turn_up.rank in "ATKQJ":
        v += 12
    return v


def keep_values(o: Obs):
    """What each card of the hand is worth keeping (`potential`, plus `TRUMP_POWER` for a
    trump), as a function of the card: prepared once, asked for every card of the hand."""
    pot = (o._pot if o._pot is not None else _potentials(o)).get
    trump, pw = o.trump, o.p.pw

    def keep(c: Card) -> float:
        return pot(c, 0.0) + (TRUMP_POWER[c.rank] * pw if c.suit == trump else 0.0)
    return keep


# ------------------------------------------------------------------ threats

def opp_threat(o: Obs) -> float:
    """Points the opponent could soon declare, judged from the cards on their table; with three
    or four seats, the most any one opponent could (only one of them can take the trick)."""
    if o._threat is None:
        if o.phase != 1:
            o._threat = 0.0
        elif o.multi:
            o._threat = max(_threat(o, o.tables_by[s], o.melds_by[s], o.opp_may_hold)
                            for s in o.opps)
        else:
            o._threat = _threat(o, o.opp_table, o.opp_melds, o.opp_may_hold)
    return o._threat


def partner_value(o: Obs) -> float:
    """Four-handed: what the partner's taking the trick is worth to the side besides its cards:
    the lead and the first draw, and the declaration his table promises."""
    if o.partner is None or o.phase != 1:
        return 0.0
    known = o.known_faces(o.partner)

    def may_hold(face) -> int:
        return known.get(face, 0) + o.unseen_count(face)
    return o.p.win_bonus + _threat(o, o.tables_by[o.partner], o.melds_by[o.partner], may_hold)


def _threat(o: Obs, table, st, may_hold) -> float:
    """Points a seat could soon declare, judged from the cards on its table (`st` its melds,
    `may_hold(face)` the copies it holds or may hold)."""
    trump = o.trump
    pts = o.points()
    threat = 0.0
    if trump is not None:
        seq_cards = [c for c in table if c.suit == trump and c.rank in "ATKQJ"
                     and c not in st.used[K_SEQUENCE]]
        if any(c.rank == "K" for c in seq_cards) and any(c.rank == "Q" for c in seq_cards):
            missing = [r for r in "ATJ" if not any(c.rank == r for c in seq_cards)]
            if all(may_hold((r, trump)) > 0 for r in missing):
                threat = max(threat, pts[SEQUENCE] * (0.5 if missing else 1.0))
    qf, jf = bezique_faces(o.rules, trump)
    bez = [c for c in table if (c.face == qf or c.face == jf) and c not in st.used[K_DOUBLE]]
    if bez and may_hold(qf) >= 2 and may_hold(jf) >= 2:
        threat = max(threat, pts[DOUBLE_BEZIQUE] * (0.5 if len(bez) >= 2 else 0.15))
    for r, meld in FOUR_OF.items():
        n = sum(1 for c in table if c.rank == r and c not in st.used[K_FOUR[r]])
        if n >= 2 and n + sum(o.unseen_count((r, s)) for s in "SHDC") >= 4:
            threat = max(threat, pts[meld] * (0.6 if n >= 3 else 0.25))
    return threat


# ------------------------------------------------------------------ decisions

def best_declaration(o: Obs, decls: list[Declaration]) -> Declaration | None:
    """The declaration to score now, saving upgrades while there is time."""
    if not decls:
        return None
    late = o.stock_count <= o.p.late_stock
    best, best_v = None, -1e9
    for d in decls:
        v = float(d.points)
        if d.meld == SEVEN_EXCHANGE:
            # An exchange that brings a good card in beats a plain declaration of the seven.
            v += exchange_gain(o.turn_up, o) if o.turn_up is not None else 0
        if not late:
            # Save the upgrade: the marriage (or single) now, the sequence (or double) later.
            if d.meld == ROYAL_MARRIAGE:
                up = next((x for x in decls if x.meld == SEQUENCE and d.cards[0] in x.cards
                           and d.cards[1] in x.cards), None)
            elif d.meld == BEZIQUE:
                up = next((x for x in decls if x.meld == DOUBLE_BEZIQUE
                           and set(d.cards) <= set(x.cards)), None)
            else:
                up = None
            if up is not None:
                v = d.points + up.points
        # Prefer combinations whose cards are on the table already (reveal less), then order.
        v -= 0.01 * sum(1 for c in d.cards if c not in o.my_table)
        if v > best_v:
            best, best_v = d, v
    return best


def declare_action(o: Obs):
    legal = o.legal
    decls = [a for a in legal if type(a) is Declaration]
    if decls:
        return best_declaration(o, decls)
    anns = [a for a in legal if type(a) is Announce]
    if anns and o.rules.require_card_from_hand:
        return max(anns, key=lambda a: (len(a.cards), a.meld))
    return PASS


def win_value(o: Obs, card: Card) -> float:
    """What winning the trick is worth besides its cards: the declaration it allows."""
    if o.phase != 1:
        return 0.0
    best = 0.0
    for v, cards in _declaration_values(o):            # best first
        if card not in cards:
            best = v
            break
    P = o.p
    late = o.stock_count <= P.fight_stock
    # A declaration can often wait for another trick; late in the stock it cannot.
    factor = P.win_late if late else P.win_early
    v = best * factor + P.win_bonus                     # the lead and the first draw
    if late:
        v += P.threat * opp_threat(o)
        if o.stock_count <= 2 and o.turn_up is not None:
            # Trick 24: the loser takes the turn-up; the winner draws blind.
            v -= 0.3 * keep_turn_up(o)
    return v


def _declaration_values(o: Obs) -> list:
    """(value, cards) of each declaration the hand could score, best first, positive only
    (computed once per observation; `win_value` asks it for every card)."""
    if o._wins is None:
        out = []
        for d in o.declarations():
            v = d.points
            if d.meld == SEVEN_EXCHANGE and o.turn_up is not None:
                v += exchange_gain(o.turn_up, o)
            if v > 0:
                out.append((v, d.cards))
        out.sort(key=lambda x: -x[0])
        o._wins = out
    return o._wins


def keep_turn_up(o: Obs) -> float:
    t = o.turn_up
    return (o.brisque if t.is_brisque else 0) + TRUMP_POWER.get(t.rank, 0) if t.suit == o.trump else 0


def _distinct(cards, o: Obs) -> list[Card]:
    """One card per (face, on the table or not): identical choices tried once."""
    seen, out = set(), []
    for c in sorted(cards):
        k = (c.face, c in o.my_table)
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def lead_scores(o: Obs, cards: list[Card]) -> dict:
    """The Любитель's value of leading each card (one card per face and place)."""
    out = {}
    fight = o.stock_count <= o.p.fight_stock
    keep = keep_values(o)
    for c in _distinct(cards, o):
        cost = keep(c)
        if _sure_winner_phase1(c, o):
            v = win_value(o, c) + (o.brisque if c.is_brisque else 0) - cost
        else:
            # The opponent takes a brisque if it pays; a low card is given away cheaply.
            risk = 0.5 if c.rank == "A" else 0.8 if c.rank == "T" else 0.0
            v = -o.brisque * risk - cost - 0.3 * (7 - c.rank_index)
            if fight:
                v -= 2
        out[c] = v
    return out


def lead_phase1(o: Obs, cards: list[Card]) -> Card:
    sc = lead_scores(o, cards)
    return max(sc, key=sc.__getitem__)       # the first of equal values, in card order


def _sure_winner_phase1(c: Card, o: Obs) -> bool:
    """A lead nobody can beat: a trump with no higher trump unseen or on the opponent's table."""
    return c.suit == o.trump and o.opp_tops()[c.suit] >= c.rank_index


def follow_scores(o: Obs, cards: list[Card]) -> dict:
    """The Любитель's value of answering the lead with each card (with three or four seats,
    of putting it on the trick: `table.follow_values`)."""
    if o.multi:
        keep = keep_values(o)
        return follow_values(o, _distinct(cards, o), keep, lambda c: win_value(o, c),
                             partner_value(o))
    lead = o.trick[0]
    trump = o.trump
    lead_b = o.brisque if lead.is_brisque else 0
    out = {}
    keep = keep_values(o)
    for c in _distinct(cards, o):
        cost = keep(c)
        b = lead_b + (o.brisque if c.is_brisque else 0)
        if beats(c, lead, trump):
            v = b + win_value(o, c) - cost
        else:
            v = -b - cost
        out[c] = v - 0.01 * (7 - c.rank_index)
    return out


def follow_phase1(o: Obs, cards: list[Card]) -> Card:
    sc = follow_scores(o, cards)
    return max(sc, key=sc.__getitem__)


def play_scores(o: Obs) -> dict:
    """Phase 1: the Любитель's value of every distinct legal card (for the search to rank its
    candidates)."""
    cards = [a.card for a in o.legal if type(a) is Play]
    return follow_scores(o, cards) if o.trick else lead_scores(o, cards)


def phase2_play(o: Obs, cards: list[Card]) -> Card:
    """Phase 2: win cheaply, save brisques, lead sure winners; with three or four seats, put on
    the trick the card of the best expected value for the side (`table.follow_values`)."""
    trump = o.trump
    if o.trick and o.multi:
        sc = follow_values(o, sorted(cards), lambda c: phase2_keep(c, trump), _no_gain, 0.0)
        return max(sc, key=sc.__getitem__)
    if o.trick:
        lead = o.trick[0]
        winners = [c for c in cards if beats(c, lead, trump)]
        if winners:
            # The lowest winner; a brisque that would be beaten later is banked now.
            return min(winners, key=lambda c: (c.suit == trump,
                                               not (c.is_brisque and not _sure_p2(c, o)),
                                               -c.rank_index))
        return min(cards, key=lambda c: (c.is_brisque, c.suit == trump, -c.rank_index))
    # Leading: a sure winner that is a brisque, then a sure trump winner, else a low card.
    sure = [c for c in cards if _sure_p2(c, o)]
    if sure:
        return min(sure, key=lambda c: (not c.is_brisque, c.suit == trump, c.rank_index))
    return min(cards, key=lambda c: (c.is_brisque, c.suit == trump, -c.rank_index))


def phase2_keep(card: Card, trump: str | None) -> float:
    """Three or four seats, last eight: the worth of keeping a card for the tricks to come
    (control in trumps, a little for height)."""
    v = 0.4 * (7 - card.rank_index)
    if card.suit == trump:
        v += 0.5 * TRUMP_POWER[card.rank]
    return v


def _no_gain(card: Card) -> float:
    return 0.0


def _sure_p2(c: Card, o: Obs) -> bool:
    """In phase 2 every unseen card is in the opponent's hand: does `c` win if led?"""
    if c.is_joker:               # a led infusorka has no suit: the card played to it leads
        return False
    tops = o.opp_tops()
    if tops[c.suit] < c.rank_index:
        return False
    trump = o.trump
    if c.suit != trump and trump is not None and tops[c.suit] == 8 and tops[trump] < 8:
        return False
    return True


def decide(o: Obs):
    """The Любитель's action for the seat described by `o`."""
    legal = o.legal
    if o.stage == "declare":
        return declare_action(o)
    cards = [a.card for a in legal if type(a) is Play]
    if len(cards) == 1:
        return Play(cards[0])
    if o.phase == 2:
        return Play(phase2_play(o, cards))
    if o.trick:
        return Play(follow_phase1(o, cards))
    return Play(lead_phase1(o, cards))


def heuristic_action(deal, seat: int | None = None, memory: bool = True):
    """The Любитель's action for `seat` (default: the seat to act), read from a deal through
    that seat's knowledge only. `memory=True`: the variant that remembers every card played
    (the search's playout policy)."""
    seat = deal.to_act if seat is None else seat
    return decide(Obs.from_deal(deal, seat, memory))


class HeuristicPlayer:
    """Любитель. Deterministic given a seed (the seed is kept for the interface; the policy has
    no random choices)."""

    name = "heuristic"
    title = "Любитель"

    def __init__(self, seed: int | None = None, memory: bool = True, table: bool = True):
        self.rng = random.Random(seed)
        self.memory = memory
        self.table = table           # False: the two-handed model at any table (for comparison)

    def choose(self, view):
        act = decide(Obs.from_view(view, self.memory, self.table))
        return _match_legal(act, view.legal_actions)


def _match_legal(act, legal):
    """Return the object from `legal` equal to `act` (so callers get the engine's own action)."""
    for a in legal:
        if a == act:
            return a
    if type(act) is Pass:
        return act
    raise AssertionError(f"heuristic produced an illegal action {act!r}")
