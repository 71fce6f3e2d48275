"""A seat's side of a two-handed deal as a scene: the arguments of `layout.layout_scene` and
`CardCanvas.show_scene`, taken from the deal so that a demo does not gather them by hand."""

from __future__ import annotations

from ...cards import sort_cards
from ...view import shown_stock_count


def deal_scene(deal, seat: int, *, names=("Вы", "Соперник"), trick_names=None,
               declared: str = "sorted", last_trick: bool = True, **options) -> dict:
    """The scene `seat` sees: its concealed hand, the other's number of concealed cards, both
    players' declared cards, the stock and the turn-up, and the trick — or, between tricks and
    with `last_trick`, the last trick with its winner.

    `names` are (this seat, the other) as the picture labels the hands; `trick_names` label
    the trick's cards the same way (default `names`). `declared="sorted"` lays each side's
    declared cards out in one row as the layout orders them, `"group"` in one group in card
    order. `options` (caption, selected, disabled, highlighted, scale, …) are added and
    override what the deal gives."""
    other = 1 - seat
    trick_names = trick_names or names

    def table(cards):
        if declared == "group":
            return [sort_cards(cards)] if cards else []
        return sorted(cards)

    kw = dict(hand=deal.concealed(seat), opponent=len(deal.concealed(other)),
              table=table(deal.exposed[seat]), opponent_table=table(deal.exposed[other]),
              stock=deal.stock_count, turn_up=deal.turn_up, names=tuple(names),
              stock_count_shown=shown_stock_count(deal) is not None,
              declared_before=(bool(deal.melds[seat].scored), bool(deal.melds[other].scored)))
    label = lambda s: trick_names[0] if s == seat else trick_names[1]     # noqa: E731
    if deal.trick:
        kw["trick"] = [(label(s), c) for s, c in zip(deal.trick_seats, deal.trick)]
    elif last_trick:
        last = deal.last_trick()
        if last is not None:
            kw["trick"] = [(label(s), c) for s, c in last.plays]
            kw["winner"] = last.winner_index
    kw.update(options)
    return kw
