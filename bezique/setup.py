"""Set up a deal from chosen cards: the hands, the turn-up and the top of the stock a scenario,
a demo or a test asks for, and every other card of the pack where the caller says.

`deal_from_cards` is the one place that turns such a choice into a real `Deal` (of the rules'
own class, a registered variant's included); what the deal then does is the engine's.
"""

from __future__ import annotations

import random
from typing import Iterable, Mapping, Sequence

from .cards import Card, parse_cards
from .deal import Deal, create_deal
from .errors import IllegalAction
from .packs import first_problem, pack_for
from .rules import RuleSet
from .ru import capitalize

CardsLike = str | Card | Iterable[str | Card | None] | None


def resolve_groups(*groups: CardsLike, copies: int = 2) -> list[list[Card | None]]:
    """Several card lists read together, in Latin or Russian notation or as Cards: explicit
    copies first, then each bare token gets the lowest copy named nowhere in the groups
    (formats.md). A string is split into tokens; `None` entries stay None."""
    tokens: list[str] = []
    shape = []
    for g in groups:
        if g is None:
            g = []
        if isinstance(g, (str, Card)):
            g = g.split() if isinstance(g, str) else [g]
        items = list(g)
        shape.append(items)
        tokens += [x.code if isinstance(x, Card) else x for x in items if x is not None]
    parsed = iter(parse_cards(tokens, copies=copies))
    return [[None if x is None else next(parsed) for x in items] for items in shape]


def deal_from_cards(hands: Sequence[CardsLike] | Mapping[int, CardsLike], turn_up: str | Card | None,
                    stock_top: CardsLike = (), *, rules: RuleSet | None = None,
                    dealer: int = 0, spare: Iterable[Card] | None = None,
                    seed: int | None = None) -> Deal:
    """A real Deal with the named cards in place.

    `hands` holds one card list a seat (seat 0 first), or maps seats to card lists; `stock_top` the first cards to be drawn,
    where `None` means "the next spare card". Cards are read together as by `resolve_groups`
    (hands in seat order, then the turn-up, then the stock top); no-trump bezique has no
    turn-up (`None`). A named card the rules' pack does not have (`QS#3` in a two-pack game,
    the infusorka outside many-pack bezique) is refused (IllegalAction). A hand shorter than the rules'
    hand is topped up with spare cards.

    The spare cards are all the cards not named, in the order of `spare` (cards it does not list
    follow in card order) or else in card order; with `seed` they are shuffled by
    `random.Random(seed)` first. They top up the hands (seat 0 first), fill the `None` places
    of the stock top, and then make the rest of the stock."""
    rules = rules or RuleSet()
    n = rules.players
    if isinstance(hands, Mapping):
        hands = [hands.get(seat, ()) for seat in range(n)]
    if len(hands) != n:
        raise ValueError(f"{n} hands expected, got {len(hands)}")
    *named_hands, ups, top_named = resolve_groups(*hands, [] if turn_up is None else [turn_up],
                                                  stock_top, copies=max(2, rules.packs))
    up = ups[0] if ups else None
    named = [c for h in named_hands for c in h] + ups + [c for c in top_named if c is not None]
    problem = first_problem(named, rules)
    if problem:
        raise IllegalAction(capitalize(problem) + ".", "R1.1")
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {' '.join(sorted(c.code for c in named))}")
    taken = set(named)
    pack = pack_for(rules)
    order = list(dict.fromkeys([*(spare or ()), *pack]))
    pool = [c for c in order if c not in taken]
    if seed is not None:
        random.Random(seed).shuffle(pool)
    pool.reverse()                       # take from the end: pool.pop() is the next spare card
    full = []
    for h in named_hands:
        h = list(h)
        while len(h) < rules.hand_size:
            h.append(pool.pop())
        if len(h) != rules.hand_size:
            raise ValueError(f"a hand holds {rules.hand_size} cards, not {len(h)}")
        full.append(h)
    top = [pool.pop() if c is None else c for c in top_named]
    stock = top + pool[::-1]
    if len(stock) != len(pack) - n * rules.hand_size - len(ups):
        raise ValueError(f"the stock would hold {len(stock)} cards")
    return create_deal(rules, dealer, full, up, stock)


__all__ = ["deal_from_cards", "resolve_groups"]
