"""The state of a deal as a save must bring it back (used by the practice tests and fuzz)."""

import dataclasses


def view_state(view):
    """A PlayerView with its card sequences as multisets (a replayed hand starts sorted)."""
    out = {}
    for f in dataclasses.fields(view):
        v = getattr(view, f.name)
        out[f.name] = sorted(map(repr, v)) if isinstance(v, (list, tuple, set, frozenset)) else repr(v)
    return out


def deal_state(deal):
    """Everything a save must bring back: hands, stock, trick, phase, whose turn, the
    declaration window, scores, melds already scored, what each side has seen and may do."""
    melds = [{k: (sorted(map(repr, v)) if isinstance(v, (set, frozenset)) else repr(v))
              for k in m.__slots__ for v in [getattr(m, k)]} for m in deal.melds]
    return {
        "hands": [sorted(c.code for c in h) for h in deal.hands],
        "stock": [c.code for c in deal.stock], "turn_up": repr(deal.turn_up),
        "trick": [c.code for c in deal.trick], "trick_seats": list(deal.trick_seats),
        "won": [sorted(map(repr, w)) for w in deal.won],
        "stage": deal.stage, "phase": deal.phase, "to_act": deal.to_act,
        "declared": list(deal.declared), "penalties": list(deal.penalties), "melds": melds,
        "known": [sorted(c.code for c in k) for k in deal.known],
        "exposed": [sorted(c.code for c in k) for k in deal.exposed],
        "legal": None if deal.is_over else sorted(map(repr, deal.legal_actions(deal.to_act))),
        "views": [view_state(deal.view(p)) for p in range(deal.n)],
        "actions": [(s, repr(a)) for s, a in deal.actions],
        "result": deal.result() if deal.is_over else None,
    }
