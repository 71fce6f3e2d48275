"""The practice table's picture for a narrow screen (a phone held upright).

The laptop picture (`play_table.layout_play_table`) is 700 pixels wide: a browser that shows it
in a phone's 360 CSS pixels halves every label (about 6 CSS pixels, unreadable). When the page
reports that the table stands in less than `NARROW_BELOW` CSS pixels (`width.ContainerWidth`),
the table is laid out for `NARROW_WIDTH` instead, taller and in bands, with labels of
`LABEL_PX`, drawn at `PIXEL_RATIO` picture pixels per CSS pixel (sharp on a phone's screen):

1. the opponent: «Соперник: 8 карт» and his backs beside it, overlapping;
2. «Объявлено соперником»: his declared cards beside the heading, or in a row of their own
   under it when they would be too small there;
3. the stock with the turn-up on the left, the trick on the right;
4. «Последняя взятка» and its cards;
5. «Ваши объявления» and your declared cards (two rows when one would draw them smaller);
6. your hand, in as few rows as keep its cards at least `HAND_FLOOR` of `HAND_MAX`.

No face-up card covers another. Three or four at the table keep the laptop picture (their
row of other players needs the width): `layout_narrow_table` hands them over to it. The text
equivalent is the laptop picture's, line for line. Backend-neutral, like `play_table`.
"""

from __future__ import annotations

from ...ru import plural
from .layout import (CAPTION_PX, FELT, NONE_LEFT, ON_FELT, _declared_row, _declared_rows,
                     _declared_scale, _groups, _hand_block, _names, _stock_block, _trick_block,
                     caption_block, order_cards)
from .metrics import text_width
from .ops import Block, Layout
from .play_table import HAND_FLOOR, HAND_GAP, _hand_rows, _label, _row_width, layout_play_table
from .style import card_size

NARROW_BELOW = 560       # CSS pixels: a container narrower than this gets the narrow picture
NARROW_WIDTH = 340       # inner width at scale 1 (the canvas is this plus two margins)
PIXEL_RATIO = 2          # picture pixels per CSS pixel of the narrow picture
LABEL_PX = 13            # every label of the narrow picture, at scale 1
HAND_MAX = 0.9           # your hand's largest scale (two rows of four on a phone)
MIDDLE = 0.85            # the stock, the turn-up and the trick
DECLARED = 0.55          # the opponent's declared cards and his backs' height
LAST = 0.55              # the last trick
MINE = 0.7               # your declared cards (as on the laptop picture)


def is_narrow(width: float | None) -> bool:
    """Whether a container `width` CSS pixels wide gets the narrow picture (0 or None: not
    known — a static page, a test without a browser — the laptop picture)."""
    return bool(width) and 0 < width < NARROW_BELOW


def narrow_hand_arrangement(room: int, scale: float, max_width: float) -> tuple[float, int]:
    """(the cards' scale, cards per row) for a hand of up to `room` cards in `max_width`: the
    fewest rows in which the cards stand at `HAND_FLOOR` of `HAND_MAX` or larger (at most
    `HAND_MAX`). No card covers another."""
    room, top = max(1, room), HAND_MAX * scale
    for rows in range(1, room + 1):
        per = -(-room // rows)
        k = top
        while k > 0.3 * top and _row_width(per, k) > max_width:
            k *= 0.98
        if k >= HAND_FLOOR * top and _row_width(per, k) <= max_width:
            return k, per
    return k, per


def layout_narrow_table(hand, *, others=None, **kw) -> Layout:
    """The practice table for a narrow screen; the arguments of `layout_play_table`. Three or
    four at the table (`others`): the laptop picture."""
    if others:
        return layout_play_table(hand, others=others, **kw)
    return _layout_two(hand, **kw)


def _layout_two(hand, *, opponent=8, opponent_face_up=False, trick=(), last_trick=(),
                last_winner=None, table=(), opponent_table=(), stock=0, turn_up=None,
                selected=(), disabled=(), highlighted=(), four_colour=False,
                order="alternate", scale=1.0, lift=True, names=("Вы", "Соперник"),
                background=FELT, caption=None, winner=None, stock_count_shown=True,
                you_deal=False, you_act=False, hand_room=0,
                declared_before=(False, False), caption_shown=False) -> Layout:
    you, them = names
    none_mine, none_theirs = (NONE_LEFT if d else never
                              for d, never in zip(declared_before, ("пока нет", "ничего")))
    width = round(NARROW_WIDTH * scale)
    margin, vgap, gap = round(10 * scale), round(8 * scale), round(10 * scale)
    px = round(LABEL_PX * scale)
    line = round(px * 1.4)
    sets = dict(selected=selected, disabled=disabled, highlighted=highlighted)
    scene = Block()
    y = margin

    # 1. the opponent's hand: the heading and his cards beside it
    if opponent_face_up:
        cards = order_cards(list(opponent), order)
        _label(scene, f"{them}: {plural(len(cards), 'карта')}", margin, y, px)
        y += line
        opp = _declared_row([cards], DECLARED * scale, width, four_colour)
        opp.lines = [f"Карты соперника: {_names(opp.boxes)}."]
        scene.add(opp, margin, y)
        y += opp.h + vgap
    else:
        count = opponent if isinstance(opponent, int) else len(opponent)
        head = f"{them}: {plural(count, 'карта')}"
        head_w = text_width(head, px, True)
        room = width - head_w - gap                  # backs overlap down to 0.28 of a card
        back = min(DECLARED * scale, room / (card_size(1)[0] * (1 + 0.28 * max(0, count - 1))))
        bw, bh = card_size(back)
        opp = _hand_block(count, scale=back, gap=round(-0.55 * bw), lift=False, max_width=room)
        opp.lines.append(f"{them}: {plural(count, 'карта')} рубашкой вверх.")
        band = max(line, bh)
        _label(scene, head, margin, y + (band - px) / 2, px)
        scene.add(opp, margin + head_w + gap, y)
        y += band + vgap

    # 2. the opponent's declared cards: beside their heading, or under it when too small there
    groups = _groups(opponent_table)
    head = "Объявлено соперником" + ("" if groups else f": {none_theirs}")
    head_w = text_width(head, px, True)
    dh = card_size(DECLARED * scale)[1]
    room = width - head_w - gap
    if not groups or _declared_scale(groups, DECLARED * scale, room) >= 0.8 * DECLARED * scale:
        ot = _declared_row(groups, DECLARED * scale, room, four_colour)
        _label(scene, head, margin, y + (dh - px) / 2, px)
        scene.add(ot, margin + width - ot.w, y)
        y += dh + vgap
    else:
        _label(scene, head, margin, y, px)
        y += line
        ot = _declared_rows(groups, DECLARED * scale, width, four_colour)
        scene.add(ot, margin + (width - ot.w) / 2, y)
        y += ot.h + vgap
    ot.lines.append(f"Объявлено соперником: {_names(ot.boxes)}.")

    # 3. the stock with the turn-up, the trick
    st = _stock_block(stock, turn_up, scale=MIDDLE * scale, four_colour=four_colour,
                      label_colour=ON_FELT, count_shown=stock_count_shown, px=px)
    tr = _trick_block(list(trick), scale=MIDDLE * scale, winner=winner, four_colour=four_colour,
                      label_colour=ON_FELT, px=px, apart=round(16 * scale)).fit()
    scene.add(st, margin, y)
    scene.add(tr, margin + max(st.w + gap, width - tr.w), y)
    y += max(st.h, tr.h) + vgap

    # 4. the last trick: its heading on the left, its cards on the right
    lt = _trick_block(list(last_trick), scale=LAST * scale, winner=last_winner,
                      four_colour=four_colour, label_colour=ON_FELT, px=px,
                      apart=round(16 * scale)).fit()
    lt.lines[-1] = "Последняя взятка: " + lt.lines[-1][len("Взятка: "):] if last_trick else \
        "Последняя взятка: ещё не было."
    head = "Последняя взятка" if last_trick else "Последней взятки нет"
    ch = card_size(LAST * scale)[1]
    _label(scene, head, margin, y + (ch - px) / 2, px)
    scene.add(lt, margin + max(text_width(head, px, True) + gap, width - lt.w), y)
    y += lt.h + vgap

    # 5. your declared cards
    _label(scene, "Ваши объявления" + ("" if _groups(table) else f": {none_mine}"),
           margin, y, px)
    y += line
    mt = _declared_rows(table, MINE * scale, width, four_colour, **sets)
    mt.lines.append(f"Ваши объявленные карты: {_names(mt.boxes)}.")
    scene.add(mt, margin + (width - mt.w) / 2, y)
    y += max(mt.h, card_size(MINE * scale)[1]) + vgap

    # 6. your hand
    mine = _hand_rows(list(hand), room=hand_room, scale=scale, max_width=width, order=order,
                      four_colour=four_colour, lift=lift, arrange=narrow_hand_arrangement,
                      **sets)
    mine.lines.append(f"Ваши карты: {_names(mine.boxes)}.")
    scene.add(mine, margin + (width - mine.w) / 2, y)
    y += mine.h

    # 7. a demo's caption (the practice table's instruction is HTML: `caption_shown` False)
    said = []
    if caption_shown and caption:
        cap = caption_block(caption, width, round(CAPTION_PX * scale), ON_FELT)
        scene.add(cap, margin, y + vgap)
        y += vgap + cap.h
        said = cap.lines

    scene.lines = (opp.lines + ot.lines + st.lines + tr.lines + lt.lines + mt.lines + mine.lines
                   + said)
    scene.w = width + 2 * margin
    scene.h = y + margin
    return scene.render(background, 0)


def layout_narrow_scene(hand, **kw) -> Layout:
    """A chapter demo's table (`layout.layout_scene`'s arguments) for a narrow screen: the
    narrow table's bands, the scene's caption under the hand."""
    kw["table"] = _groups(kw.get("table", ()), kw.get("order", "alternate"))  # a flat list too
    return _layout_two(hand, caption_shown=True, **kw)


def table_layout(width: float | None):
    """The practice table's layout function for a container `width` CSS pixels wide, and the
    picture pixels per CSS pixel to draw it at."""
    return (layout_narrow_table, PIXEL_RATIO) if is_narrow(width) else (layout_play_table, 1.0)


__all__ = ["layout_narrow_table", "layout_narrow_scene", "narrow_hand_arrangement",
           "table_layout", "is_narrow", "NARROW_BELOW", "NARROW_WIDTH", "PIXEL_RATIO", "LABEL_PX"]
