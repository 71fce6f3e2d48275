"""Between the engine and the simulator: which rules the simulator plays (`supports`), a `Sim`
built from a `Deal` or from a seat's view and a choice of the hidden cards (`SimTemplate`), the
engine's action objects for the simulator's actions and back, and the snapshots the
differential tests compare.
"""

from __future__ import annotations

from collections import Counter

from ...actions import PASS as ENGINE_PASS, PLAYS, Announce, Pass, Play
from ...melds import Declaration
from ...tally import trick_points
from ..determinize import Template
from .cards import CARD, bits, cards_of, cid, mask_of
from .melds import (KIND_SLOT, PLAIN, ROYAL, SEVENS, SINGLE, empty_state, table_for)
from .state import ANNOUNCE, DECLARE, OVER, PASS, PLAY, Sim

STAGES = {"play": PLAY, "declare": DECLARE, "over": OVER}
STAGE_NAMES = {v: k for k, v in STAGES.items()}


def refusal(rules) -> str | None:
    """Why the simulator does not play these rules (None: it plays them exactly)."""
    if rules.players != 2:
        return "two players only (three and four seats are not simulated)"
    if rules.variant not in ("standard", "no_trump"):
        return f"the standard and no-trump games only, not the variant {rules.variant!r}"
    if rules.packs != 2:
        return "two packs only"
    if rules.penalty_mode != "prevent":
        return "penalties are not simulated (penalty_mode 'apply')"
    if rules.require_card_from_hand:
        return "require_card_from_hand is not simulated"
    if not rules.seven_counts_as_declaration:
        return "seven_counts_as_declaration=false is not simulated"
    return None


def supports(rules) -> bool:
    """Does the simulator play these rules exactly? (Two-handed standard and no-trump bezique:
    the canonical game, every seed preset and "no_trump"; not three or four seats, many-pack or
    penalties.)"""
    return refusal(rules) is None


def _meld_state(m) -> list:
    ms = empty_state()
    for kind, slot in KIND_SLOT.items():
        ms[slot] = mask_of(m.used.get(kind, ()))
    ms[ROYAL] = tuple(sorted(mask_of(p) for p in m.royal_pairs))
    ms[PLAIN] = tuple(sorted(mask_of(p) for p in m.plain_pairs))
    ms[SINGLE] = tuple(sorted(mask_of(p) for p in m.single_bezique_pairs))
    ms[SEVENS] = mask_of(m.sevens_scored)
    return ms


def _decl(d) -> tuple:
    return (d.meld, mask_of(d.cards), d.points)


def from_deal(deal) -> Sim:
    """The simulator's copy of `deal`'s current state. ValueError for rules it does not play
    and for states it does not keep (penalties paid, a blocked exchanged card)."""
    why = refusal(deal.rules)
    if why:
        raise ValueError(f"the simulator does not play these rules: {why}")
    if (any(deal.penalties) or any(deal.zeroed) or deal.game_won_by is not None
            or deal.window.blocked is not None):
        raise ValueError("the simulator does not keep penalties or a blocked card")
    rules = deal.rules
    s = Sim.__new__(Sim)
    s.t = table_for(rules, deal.trump)
    s.hands = [mask_of(h) for h in deal.hands]
    s.hl = [[cid(c) for c in h] for h in deal.hands]
    s.stock = [cid(c) for c in deal.stock]
    s.turn_up = cid(deal.turn_up) if deal.turn_up is not None else -1
    s.lead = cid(deal.trick[0]) if deal.trick else -1
    s.to_act = deal.to_act
    s.stage = STAGES[deal.stage]
    s.phase = deal.phase
    s.tricks_done = deal.tricks_done
    s.won = [len(w) for w in deal.won]
    s.card_pts = [trick_points(w, rules) for w in deal.won]
    s.declared = list(deal.declared)
    s.ms = [_meld_state(m) for m in deal.melds]
    s.scored = [[_decl(d) for d in m.scored] for m in deal.melds]
    s.pending = [[_decl(d) for d in p] for p in deal.pending]
    s.exposed = [mask_of(e) for e in deal.exposed]
    s.known = [mask_of(k) for k in deal.known]
    s.seven_exchanged = deal.seven_exchanged
    s.cb_done = deal.carte_blanche_done
    w = deal.window
    s.w_comb, s.w_seven, s.w_scored = w.combination, w.seven, w.scored_combination
    s.w_two = mask_of(w.two_sevens)
    s.last_winner = deal.last_trick_winner
    s._dcache = None
    return s


class SimTemplate:
    """What one seat's view fixes, prepared once per decision (as `determinize.Template`):
    `sim(hidden, stock)` is the `Sim` of `Template(view).deal(hidden, stock)`, built by
    replacing the opponent's hand and the stock of one converted deal."""

    def __init__(self, view):
        why = refusal(view.rules)
        if why:
            raise ValueError(f"the simulator does not play these rules: {why}")
        tmpl = self.template = Template(view)
        cards = tmpl.unseen
        h = tmpl.hidden_count
        self.base = from_deal(tmpl.deal(cards[:h], cards[h:]))
        self.opp = tmpl.opp
        self.known_opp = mask_of(view.known[self.opp])
        # the opponent's hand list as `Deal.from_view` orders it: known cards sorted, then the
        # hidden ones as given (the Любитель's ties in the last eight go by hand order)
        self.known_opp_ids = [cid(c) for c in sorted(view.known[self.opp])]
        self.unseen_ids = [cid(c) for c in cards]
        self.hidden_count = h

    def sim(self, hidden, stock_top_first) -> Sim:
        """The state with the opponent's concealed cards `hidden` and the stock (engine cards)."""
        return self.sim_ids([cid(c) for c in hidden], [cid(c) for c in stock_top_first])

    def sim_ids(self, hidden: list[int], stock_top_first: list[int]) -> Sim:
        """As `sim`, with card ids."""
        s = self.base.clone()
        m = self.known_opp
        for c in hidden:
            m |= 1 << c
        s.hands[self.opp] = m
        s.hl[self.opp] = self.known_opp_ids + hidden
        s.stock = stock_top_first[::-1]
        s._dcache = None
        return s


# ---------------------------------------------------------------------- actions
def to_engine(a):
    """The engine's action object for a simulator action."""
    if type(a) is int:
        return PLAYS[CARD[a]] if a >= 0 else ENGINE_PASS
    if len(a) == 4:
        return Announce(a[1], tuple(cards_of(a[2])))
    return Declaration(a[0], tuple(cards_of(a[1])), a[2])


def encode_engine(a) -> tuple:
    """A canonical, comparable encoding of an engine action."""
    t = type(a)
    if t is Play:
        return ("play", a.card.code)
    if t is Declaration:
        return ("declare", a.meld, frozenset(c.code for c in a.cards), a.points)
    if t is Announce:
        return ("announce", a.meld, frozenset(c.code for c in a.cards))
    if t is Pass:
        return ("pass",)
    raise TypeError(f"not an action of the two-handed game: {a!r}")


def encode_sim(a) -> tuple:
    """The same encoding of a simulator action."""
    return encode_engine(to_engine(a))


def find(sim: Sim, engine_action):
    """The simulator's legal action equal to an engine action (KeyError if none)."""
    want = encode_engine(engine_action)
    for a in sim.legal_actions():
        if encode_sim(a) == want:
            return a
    raise KeyError(f"no such legal action in the simulator: {engine_action!r}")


# ---------------------------------------------------------------------- snapshots
def _codes(cards) -> frozenset:
    return frozenset(c.code for c in cards)


def _decls(ds) -> list:
    return [(d.meld, _codes(d.cards), d.points) for d in ds]


def snapshot_deal(deal) -> dict:
    """Everything the simulator keeps, read from a deal, in comparable form."""
    w = deal.window
    return {
        "stage": deal.stage, "phase": deal.phase, "to_act": deal.to_act,
        "tricks_done": deal.tricks_done, "trump": deal.trump,
        "hands": [_codes(h) for h in deal.hands],
        "stock": [c.code for c in deal.stock],
        "turn_up": deal.turn_up.code if deal.turn_up is not None else None,
        "trick": [c.code for c in deal.trick],
        "trick_seats": list(deal.trick_seats),
        "won": [len(w_) for w_ in deal.won],
        "scores": deal.result()["scores"], "declared": list(deal.declared),
        "exposed": [_codes(e) for e in deal.exposed], "known": [_codes(k) for k in deal.known],
        "scored": [_decls(m.scored) for m in deal.melds],
        "pending": [Counter(_decls(p)) for p in deal.pending],
        "used": [{k: _codes(v) for k, v in m.used.items() if k in KIND_SLOT} for m in deal.melds],
        "pairs": [(sorted(map(_sorted_codes, m.royal_pairs)),
                   sorted(map(_sorted_codes, m.plain_pairs)),
                   sorted(map(_sorted_codes, m.single_bezique_pairs))) for m in deal.melds],
        "sevens": [_codes(m.sevens_scored) for m in deal.melds],
        "seven_exchanged": deal.seven_exchanged, "carte_blanche_done": deal.carte_blanche_done,
        "window": (w.combination, w.seven, w.scored_combination, _codes(w.two_sevens)),
        "last_trick_winner": deal.last_trick_winner,
        "legal": Counter(map(encode_engine, deal.legal_actions())),
    }


def _sorted_codes(cards) -> tuple:
    return tuple(sorted(c.code for c in cards))


def _mcodes(m: int) -> frozenset:
    return _codes(cards_of(m))


def snapshot_sim(s: Sim) -> dict:
    """The same fields read from a simulator state."""
    lead_seat = 1 - s.to_act if s.lead >= 0 else None
    return {
        "stage": STAGE_NAMES[s.stage], "phase": s.phase, "to_act": s.to_act,
        "tricks_done": s.tricks_done, "trump": s.t.trump_letter,
        "hands": [_mcodes(h) if sorted(hl) == bits(h) else ("hand list differs", hl)
                  for h, hl in zip(s.hands, s.hl)],
        "stock": [CARD[c].code for c in s.stock],
        "turn_up": CARD[s.turn_up].code if s.turn_up >= 0 else None,
        "trick": [CARD[s.lead].code] if s.lead >= 0 else [],
        "trick_seats": [lead_seat] if lead_seat is not None else [],
        "won": list(s.won),
        "scores": s.scores(), "declared": list(s.declared),
        "exposed": [_mcodes(e) for e in s.exposed], "known": [_mcodes(k) for k in s.known],
        "scored": [[(m, _mcodes(k), p) for m, k, p in sc] for sc in s.scored],
        "pending": [Counter((m, _mcodes(k), p) for m, k, p in pe) for pe in s.pending],
        "used": [{k: _mcodes(ms[slot]) for k, slot in KIND_SLOT.items()} for ms in s.ms],
        "pairs": [(sorted(_sorted_codes(cards_of(p)) for p in ms[ROYAL]),
                   sorted(_sorted_codes(cards_of(p)) for p in ms[PLAIN]),
                   sorted(_sorted_codes(cards_of(p)) for p in ms[SINGLE])) for ms in s.ms],
        "sevens": [_mcodes(ms[SEVENS]) for ms in s.ms],
        "seven_exchanged": s.seven_exchanged, "carte_blanche_done": s.cb_done,
        "window": (s.w_comb, s.w_seven, s.w_scored, _mcodes(s.w_two)),
        "last_trick_winner": s.last_winner,
        "legal": Counter(map(encode_sim, s.legal_actions())),
    }


def differences(deal, s: Sim) -> list[str]:
    """The fields in which the simulator differs from the deal (empty: equal)."""
    a, b = snapshot_deal(deal), snapshot_sim(s)
    return [f"{k}: engine {a[k]!r} / simulator {b[k]!r}" for k in a if a[k] != b[k]]


__all__ = ["supports", "refusal", "from_deal", "SimTemplate", "to_engine", "encode_engine",
           "encode_sim", "find", "snapshot_deal", "snapshot_sim", "differences", "ANNOUNCE",
           "PASS"]
