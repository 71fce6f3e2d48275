"""The practice table's picture: a whole table laid out to fit a laptop screen.

Four rows on the felt, every card face up on its own place (no face-up card covers another):

1. the opponent's hand (backs, small) on the left, his declared cards on the right; with three
   or four at the table (`others`), one column for each other player as they sit, from your
   left to your right (play goes to the right, RULES.md §10.1: the player before you on your
   left, your partner opposite, the player after you on your right): his name (and «партнёр»), his
   cards' count, «сдаёт» and «ходит», his hand's backs and his declared cards under them;
2. the stock with the turn-up, the trick in the middle, «Последняя взятка» on the right (the
   trick just taken stays visible while the next one is played);
3. your declared cards;
4. your hand: in one row at the table's scale when it fits; a longer hand (many-pack
   bezique: eighteen cards) in one row a little smaller, or in two rows at
   `HAND_FLOOR` of the table's scale (`hand_arrangement`), never overlapped. The arrangement
   is chosen for the most cards the hand can hold (`hand_room`), so that the picture keeps
   its height while the deal is played. With a hand in two rows the middle row is drawn at
   0.85, the heading of your declared cards stands on their left, your hand lies on a darker
   band at the bottom, and when the hand needs one row only your declared cards may take two
   (many-pack players declare a lot): the table stays as high as the three-seat one.

A row of declared cards that would not fit is drawn smaller, never overlapped. Backend-neutral
(no Pillow): a `Layout` of drawing operations, painted by Pillow or written as SVG.
"""

from __future__ import annotations

from ...cards import Card
from ...ru import plural
from .layout import (FELT, NONE_LEFT, ON_FELT, _declared_row, _declared_rows, _hand_block,
                     _names, _state, _stock_block, _trick_block, order_cards)
from .metrics import text_width
from .ops import BandOp, Block, Layout
from .style import card_size

WIDTH = 680              # inner width at scale 1 (the canvas is this plus two margins)
# Your hand is never drawn smaller than this part of the table's scale: the size of the
# declared cards the learner already reads and clicks on this table is 0.7.
HAND_FLOOR = 0.75
HAND_GAP = 6             # between two cards of your hand, at scale 1
OPPONENT_BACKS = 0.35    # the part of the width a long row of the opponent's backs may take
NONE_LEFT_LINES = ["на столе", "карт нет"]   # `NONE_LEFT` beside the many-pack hand


def _row_width(n: int, scale: float) -> int:
    return n * card_size(scale)[0] + (n - 1) * round(HAND_GAP * scale) if n else 0


def hand_arrangement(room: int, scale: float, max_width: float) -> tuple[float, int]:
    """(the cards' scale, cards per row) for a hand of up to `room` cards in `max_width`:
    one row at `scale` if it fits; else one row a little smaller, down to `HAND_FLOOR` of
    `scale`; else two rows (three, … if even two would not fit) at `HAND_FLOOR` of `scale`.
    No card ever covers another."""
    room = max(1, room)
    if _row_width(room, scale) <= max_width:
        return scale, room
    floor = HAND_FLOOR * scale
    k = scale
    while k * 0.97 >= floor:
        k *= 0.97
        if _row_width(room, k) <= max_width:
            return k, room
    rows = 2
    while rows < room and _row_width(-(-room // rows), floor) > max_width:
        rows += 1
    return floor, -(-room // rows)


def _hand_rows_needed(room: int, scale: float, max_width: float) -> int:
    """0 if a hand of `room` cards stands in one row, else the number of its rows."""
    per = hand_arrangement(room, scale, max_width)[1]
    return 0 if per >= room else -(-room // per)


HAND_BAND = (20, 76, 45, 255)                   # darker felt under a hand in two rows


def _hand_rows(cards, *, room: int, scale: float, max_width: float, order: str,
               four_colour: bool, lift: bool, selected=(), disabled=(), highlighted=(),
               tight: bool = False, arrange=hand_arrangement) -> Block:
    """Your hand arranged by `arrange` (`hand_arrangement`) for `room` cards, in display order
    left to right, the top row first; rows balanced (13 cards: 7 over 6) and centred. The block
    is as high as the arrangement needs for `room` cards, whatever the number held now
    (`tight`: only as high as the cards held need, at the same scale)."""
    cards = list(cards)
    k, per = arrange(max(room, len(cards)), scale, max_width)
    if per >= max(room, len(cards)):            # one row: the usual hand block
        return _hand_block(cards, scale=k, order=order, four_colour=four_colour, lift=lift,
                           gap=round(HAND_GAP * k), selected=selected, disabled=disabled,
                           highlighted=highlighted)
    w, h = card_size(k)
    cards = order_cards(cards, order)
    room_rows = -(-max(room, len(cards)) // per)
    rows = 1                                     # the fewest rows the cards held need
    while _row_width(-(-len(cards) // rows), k) > max_width:
        rows += 1
    per_row = -(-len(cards) // rows) if cards else 0
    room_rows = rows if tight else room_rows
    gap = round(HAND_GAP * k)
    lift_px = round(0.14 * h) if lift else 0
    band = h + lift_px                           # a raised card stays inside its row's band
    block = Block()
    block.w = max(_row_width(per, k), _row_width(per_row, k))
    top = (room_rows - rows) * (band + gap) / 2  # fewer rows than room for: centred
    sets = (set(selected), set(disabled), set(highlighted))
    for r in range(rows):
        row = cards[r * per_row:(r + 1) * per_row]
        x0 = (block.w - _row_width(len(row), k)) / 2
        y0 = top + r * (band + gap)
        for i, card in enumerate(row):
            state = _state(card, *sets)
            block.card(card, x0 + i * (w + gap), y0 + (0 if state == "selected" else lift_px),
                       k, state, four_colour)
    block.h = room_rows * band + (room_rows - 1) * gap
    return block


TO_ACT = (255, 214, 102)     # the label of the player whose turn it is
PARTNER = (170, 226, 255)    # the label of your partner


def _label(block: Block, text: str, x: float, y: float, px: int, anchor: str = "la",
           colour=ON_FELT) -> None:
    block.text(text, x, y, px, colour, bold=True, anchor=anchor)


def seat_heading(name: str, count: int, dealer=False, to_act=False) -> str:
    """«Партнёр: 9 карт · сдаёт · ходит»."""
    parts = [f"{name}: {plural(count, 'карта')}"]
    if dealer:
        parts.append("сдаёт")
    if to_act:
        parts.append("ходит")
    return " · ".join(parts)


def _others_row(scene: Block, others, x0: float, y: float, width: float, scale: float,
                four_colour: bool, order: str) -> tuple[float, list[str]]:
    """Row 1 with three or four at the table: a column per other player (see the module doc);
    returns the y under the row and the text equivalent."""
    k = len(others)
    gap = round(12 * scale)
    col = (width - (k - 1) * gap) / k
    px = max(10, round(12 * scale))
    line = round(px * 1.45)
    back_scale, decl_scale = 0.45 * scale, 0.5 * scale
    lines, bottom = [], y
    for i, o in enumerate(others):
        x = x0 + i * (col + gap)
        cards = o["cards"]
        count = cards if isinstance(cards, int) else len(cards)
        if isinstance(cards, int):
            bw = card_size(back_scale)[0]
            hand = _hand_block(count, scale=back_scale, gap=round(-0.55 * bw), lift=False,
                               max_width=col)
            lines.append(f"{o['name']}: {plural(count, 'карта')} рубашкой вверх.")
        else:
            hand = _hand_block(list(cards), scale=back_scale, order=order, four_colour=four_colour,
                               gap=round(2 * scale), lift=False, max_width=col)
            lines.append(f"Карты: {o['name']}: {_names(hand.boxes)}.")
        head = seat_heading(o["name"], count, o.get("dealer"), o.get("to_act"))
        colour = TO_ACT if o.get("to_act") else PARTNER if o.get("partner") else ON_FELT
        _label(scene, head, x + col / 2, y, px, anchor="ma", colour=colour)
        yy = y + line
        scene.add(hand, x + (col - hand.w) / 2, yy)
        yy += card_size(back_scale)[1] + round(4 * scale)
        decl = _declared_row(o["table"], decl_scale, col, four_colour)
        who = "партнёром" if o.get("partner") else o["name"]
        lines.append(f"Объявлено ({who}): {_names(decl.boxes)}." if decl.boxes else
                     f"{o['name']}: объявленных карт нет.")
        if decl.boxes:
            scene.add(decl, x + (col - decl.w) / 2, yy)
        else:
            # declared before: its declared cards all played (not «объявлений нет»)
            _label(scene, "объявленных карт на столе нет" if o.get("declared") else
                   "объявлений нет", x + col / 2, yy + round(4 * scale),
                   max(9, round(10 * scale)), anchor="ma")
        bottom = max(bottom, yy + card_size(decl_scale)[1])
    return bottom, lines


def layout_play_table(hand, *, opponent=8, opponent_face_up=False, trick=(), last_trick=(),
                      last_winner=None, table=(), opponent_table=(), stock=0, turn_up=None,
                      selected=(), disabled=(), highlighted=(), four_colour=False,
                      order="alternate", scale=1.0, lift=True, names=("Вы", "Соперник"),
                      background=FELT, caption=None, winner=None,
                      stock_count_shown=True, others=None, you_deal=False,
                      you_act=False, hand_room=0, declared_before=(False, False)) -> Layout:
    """The table for `hand` (your concealed cards). `opponent`: a number of backs, or cards
    (face up with `opponent_face_up`); `trick`: the trick being played, (who, card) pairs;
    `last_trick` / `last_winner`: the last trick taken and the index of its winning card;
    `table` / `opponent_table`: declared cards grouped by combination. `selected`,
    `disabled`, `highlighted` apply to your hand and your declared cards. `caption` is
    accepted for `layout_scene`'s callers and ignored: the table's instruction is HTML.
    `others` (three or four at the table) replaces `opponent` / `opponent_table`: one dict per
    other player as they sit from your left to your right, with "name", "cards" (a number of backs, or cards face
    up), "table" (declared cards grouped), and the flags "partner", "dealer", "to_act",
    "declared" (has declared in this deal);
    `you_deal` / `you_act` mark your own row the same way. `hand_room`: the most cards
    your hand can hold (the rules' hand size), for an arrangement that keeps its place.
    `declared_before`: (you, the opponent) have declared in this deal, so that an empty row of
    declared cards reads «на столе карт нет» (all played), not «пока нет» / «ничего»."""
    you, them = names
    none_mine, none_theirs = (NONE_LEFT if d else never
                              for d, never in zip(declared_before, ("пока нет", "ничего")))
    w, h = card_size(scale)
    width = round(WIDTH * scale)
    margin, vgap = round(10 * scale), round(6 * scale)
    px = max(10, round(12 * scale))
    line = round(px * 1.45)
    sets = dict(selected=selected, disabled=disabled, highlighted=highlighted)
    scene = Block()
    y = margin

    # 1. the opponent: his hand on the left, his declared cards on the right
    small = 0.6 * scale
    if others:
        y, other_lines = _others_row(scene, others, margin, y, width, scale, four_colour, order)
        y += vgap
        opp, ot = Block(), Block()
        opp.lines = other_lines
    else:
        if opponent_face_up:
            opp = _hand_block(list(opponent), scale=small, order=order, four_colour=four_colour,
                              gap=round(3 * scale), lift=False)
            opp.lines.append(f"Карты соперника: {_names(opp.boxes)}.")
        else:
            count = opponent if isinstance(opponent, int) else len(opponent)
            opp = _hand_block(count, scale=small, gap=round(-0.5 * card_size(small)[0]), lift=False,
                              max_width=round(OPPONENT_BACKS * width))
            opp.lines.append(f"{them}: {plural(count, 'карта')} рубашкой вверх.")
        n_opp = len(opp.boxes)
        ot = _declared_row(opponent_table, 0.7 * scale, width - opp.w - round(24 * scale), four_colour)
        ot.lines.append(f"Объявлено соперником: {_names(ot.boxes)}.")
        _label(scene, f"{them}: {plural(n_opp, 'карта')}", margin, y, px)
        _label(scene, "Объявлено соперником" + ("" if ot.boxes else f": {none_theirs}"),
               margin + width, y, px, anchor="ra")
        y += line
        scene.add(opp, margin, y)
        scene.add(ot, margin + width - ot.w, y)
        y += max(opp.h, card_size(0.7 * scale)[1]) + vgap

    # a hand in two rows (many-pack): the middle row a little smaller and the heading of your
    # declared cards beside them, so that the picture stays as high as the three-seat one
    rows = _hand_rows_needed(max(hand_room, len(hand)), scale, width)
    # 2. the stock, the trick, the last trick
    middle = 0.85 * scale if rows else scale
    st = _stock_block(stock, turn_up, scale=middle, four_colour=four_colour, label_colour=ON_FELT,
                      count_shown=stock_count_shown)
    seats = len(others) + 1 if others else 2
    # four cards to a trick: the trick a little smaller, so that the row keeps its width
    trick_scale = 0.85 * scale if seats == 4 else middle
    tr = _trick_block(list(trick), scale=trick_scale, winner=winner, four_colour=four_colour,
                      label_colour=ON_FELT, slots=seats).fit()
    last_scale = 0.6 * scale
    taker = last_trick[last_winner][0] if last_trick and last_winner is not None else None
    if others:
        # more cards: the winner is named in the heading and outlined, not «— берёт» under it
        lt = _trick_block(list(last_trick), scale=last_scale, four_colour=four_colour,
                          label_colour=ON_FELT, slots=0,
                          highlighted={last_trick[last_winner][1]} if taker else ()).fit()
    else:
        lt = _trick_block(list(last_trick), scale=last_scale, winner=last_winner,
                          four_colour=four_colour, label_colour=ON_FELT).fit()
    lt.lines[-1] = "Последняя взятка: " + lt.lines[-1][len("Взятка: "):] if last_trick else \
        "Последняя взятка: ещё не было."
    head = "Последняя взятка" if last_trick else "Последней взятки нет"
    if others and taker:
        head = "Последняя взятка — ваша" if taker.lower() in ("вы", "ваша") else \
            f"Последнюю взял {taker if taker.startswith('Игрок') else taker.lower()}"
        lt.lines[-1] = lt.lines[-1][:-1] + f"; {head[0].lower()}{head[1:]}."
    head_px = max(9, round(11 * scale))
    head_w = text_width(head, head_px, True)
    last_w = max(lt.w, head_w)                  # the area of the last trick and its heading
    apart = round((12 if seats == 4 else 20) * scale)
    x_trick = max(st.w + apart, min((width - tr.w) / 2, width - last_w - tr.w - apart))
    x_last = max(x_trick + tr.w + apart, width - last_w)
    scene.add(st, margin, y)
    scene.add(tr, margin + x_trick, y)
    _label(scene, head, margin + x_last + last_w / 2, y, head_px, anchor="ma")
    scene.add(lt, margin + x_last + (last_w - lt.w) / 2, y + line)
    width = max(width, round(x_last + last_w))
    y += max(st.h, tr.h, line + lt.h) + vgap

    # 3. your declared cards
    marks = "".join([" · вы сдаёте" if you_deal else "", " · ваш ход" if you_act else ""]) \
        if others else ""
    colour = TO_ACT if marks.endswith("ход") else ON_FELT
    hand_kw = dict(scale=scale, max_width=width, order=order, four_colour=four_colour, lift=lift,
                   **sets)
    if rows:
        # your cards' region: the declared cards (heading on the left), the hand in its band
        # below; when the hand needs one row only, the declared cards may take two
        heads = ["Ваши", "объявления" if table else "объявления:",
                 *([] if table else NONE_LEFT_LINES if declared_before[0] else [none_mine])]
        heads = [t for t in heads + [m for m in marks.split(" · ") if m] if t]
        room = width - max(text_width(t, px, True) for t in heads) - round(12 * scale)
        region = card_size(0.7 * scale)[1] + vgap + _hand_rows(
            [], room=max(hand_room, len(hand)), **hand_kw).h
        mine = _hand_rows(list(hand), room=max(hand_room, len(hand)), tight=True, **hand_kw)
        mt = _declared_row(table, 0.7 * scale, room, four_colour, **sets)
        two = _declared_rows(table, 0.7 * scale, room, four_colour, **sets)
        if two.h + vgap + mine.h <= region:
            mt = two
        else:
            mine = _hand_rows(list(hand), room=max(hand_room, len(hand)), **hand_kw)
        top = y + (mt.h - len(heads) * line) / 2 if mt.boxes else \
            y + (card_size(0.7 * scale)[1] - len(heads) * line) / 2
        for i, t in enumerate(heads):
            _label(scene, t, margin, top + i * line, px, colour=colour)
        scene.add(mt, margin + width - room + (room - mt.w) / 2, y)
        y += region - mine.h - card_size(0.7 * scale)[1] - vgap
    else:
        mt = _declared_row(table, 0.7 * scale, width, four_colour, **sets)
        _label(scene, "Ваши объявления" + ("" if mt.boxes else f": {none_mine}") + marks,
               margin + width / 2, y, px, anchor="ma", colour=colour)
        y += line
        scene.add(mt, margin + (width - mt.w) / 2, y)
    mt.lines.append(f"Ваши объявленные карты: {_names(mt.boxes)}.")
    y += card_size(0.7 * scale)[1] + vgap

    # 4. your hand
    if not rows:
        mine = _hand_rows(list(hand), room=hand_room, **hand_kw)
    mine.lines.append(f"Ваши карты: {_names(mine.boxes)}.")
    if rows:                                    # a darker band: these are the cards in hand
        pad = round(5 * scale)
        scene.op(BandOp(round(margin + (width - mine.w) / 2 - 3 * pad), round(y - pad),
                        round(mine.w + 6 * pad), round(mine.h + 2 * pad), pad, HAND_BAND))
    scene.add(mine, margin + (width - mine.w) / 2, y)
    y += mine.h

    # the text equivalent in reading order: opponent, his table, stock, trick, last trick, …
    scene.lines = opp.lines + ot.lines + st.lines + tr.lines + lt.lines + mt.lines + mine.lines
    scene.w = width + 2 * margin
    scene.h = y + margin
    return scene.render(background, 0)


def face_up_boxes(lay: Layout) -> list:
    """The hit boxes of the face-up cards of a picture (for the no-overlap checks)."""
    return [b for b in lay.boxes if isinstance(b.card, Card)]


__all__ = ["layout_play_table", "face_up_boxes", "hand_arrangement", "WIDTH", "HAND_FLOOR"]
