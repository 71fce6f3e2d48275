"""The Любитель at a table of three or four: who is winning the trick, who is still to play,
and how likely a card is to hold the trick.

With two players a card either takes the lead card or does not. With three or four, the card to
beat is the one *currently* winning the trick (R3.3.4), the seats still to play may take the
trick back, and in the four-handed game the card winning may be the partner's, which makes the
trick the side's (RULES.md §10.2: partners keep a joint score). So here the value of a card put
on a trick is the expected value of the trick for the seat's side:

* each card is valued at `P(our side takes the trick) × trick points − P(they do) × trick
  points`, the trick points counted by the engine (`tally.trick_points`) on the cards played so
  far — so a brisque thrown onto a trick the partner holds is worth its points, and one thrown
  onto an opponent's trick costs them;
* winning the trick oneself brings what winning brings (the declaration waiting in the hand,
  the lead and the first draw: the `win` value the caller gives); over-taking the partner is
  worth only the difference, since the partner's win would bring the side his declaration and
  the lead (`partner_value`);
* the chance that a card holds against the seats still to play (`hold_chance`) comes from the
  cards that could beat it that those opponents may hold: known in their hands, or unseen and
  so perhaps theirs (the unseen cards spread over the other hands and the stock).

Legality is the engine's: the functions only rank the legal cards they are given, so in the
last eight the obligation to beat the highest card on the trick, the partner's included
(R7.2's N-player generalisation), is kept by construction.

Every function reads only an `Obs` (the seat's knowledge); none imports the policy module, so
`heuristic` can call them without an import cycle.
"""

from __future__ import annotations

from ..cards import SUITS, Card
from ..tally import trick_points
from ..tricks import takes_trick, trick_winner

# How often an opponent who can over-take a card does so: in phase 1 nothing obliges him and he
# weighs the trick against his card; in the last eight the rules make him head the trick.
# Phase 1: 0.35 against the two-handed model played at the table, 200 paired deals, gave
# +80 / +88 margin four-handed (two shuffles) where 0.6 gave +65 / +75; three-handed the two
# were within noise (+23 / +21 against +27 / +16).
OVERTAKE_WILL = {1: 0.35, 2: 1.0}
RANKS = "ATKQJ987"


def seats_after(o) -> list[int]:
    """The seats that will still play to the trick after this seat, in order."""
    n = o.n
    left = n - len(o.trick) - 1
    return [(o.seat + k) % n for k in range(1, left + 1)]


def beating_faces(card: Card, trump: str | None) -> list[tuple]:
    """Faces that beat `card` if played after it to a trick it is winning: a higher card of its
    suit, or (unless it is a trump) any trump. In the last eight a trump can beat a plain card
    only from a hand void in its suit; that is not known, so trumps are counted all the same."""
    if card.is_joker:            # a led infusorka (many-pack) holds only against infusorki
        return [(r, su) for su in SUITS for r in RANKS]
    out = [(r, card.suit) for r in RANKS[:card.rank_index]]
    if trump is not None and card.suit != trump:
        out += [(r, trump) for r in RANKS]
    return out


def hold_chance(card: Card, o, later_opps: list[int]) -> float:
    """The chance that `card`, winning the trick now, still wins it after the opponents in
    `later_opps` have played: each holds a beating card it knows of, or one of the unseen
    beating cards with the odds of a random spread over the hidden hands and the stock."""
    if not later_opps:
        return 1.0
    faces = beating_faces(card, o.trump)
    if not faces:
        return 1.0
    unseen_total = o.unseen_total()
    unseen_beaters = sum(o.unseen_count(f) for f in faces)
    p_none = 1.0
    for s in later_opps:
        known = o.known_faces(s)
        if any(known.get(f, 0) for f in faces):
            p_none = 0.0
            break
        hidden = o.hidden_size(s)
        if unseen_beaters and unseen_total:
            p_none *= max(0.0, 1.0 - hidden / unseen_total) ** unseen_beaters
    return 1.0 - OVERTAKE_WILL[o.phase] * (1.0 - p_none)


def follow_values(o, cards: list[Card], keep, win, partner_value: float) -> dict:
    """The value of putting each of `cards` on the trick in progress (three or four seats):
    the expected trick points for the seat's side, plus `win(card)` for winning it oneself
    (less `partner_value` when that over-takes the partner), less `keep(card)`, the worth of
    keeping the card."""
    trick, trump, rules = o.trick, o.trump, o.rules
    w = trick_winner(trick, trump, rules)
    best, holder = trick[w], o.trick_seats[w]
    later_opps = [s for s in seats_after(o) if s in o.opps]
    partner_wins = holder == o.partner
    hold_best = hold_chance(best, o, later_opps) if partner_wins else 0.0
    out = {}
    for c in cards:
        pts = trick_points([tuple(trick) + (c,)], rules)
        if takes_trick(c, trick, trump, rules):
            h = hold_chance(c, o, later_opps)
            gain = win(c) - (partner_value if partner_wins else 0.0)
            v = (2 * h - 1) * pts + h * gain
        else:
            v = (2 * hold_best - 1) * pts
        out[c] = v - keep(c) - 0.01 * (7 - c.rank_index)
    return out

