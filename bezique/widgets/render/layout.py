"""Cards arranged into pictures: a hand (in a row or fanned), a trick, a player's declared
cards, the stock with the turn-up, a whole table. Each layout returns a `Layout` (`ops.py`):
the drawing operations with the hit boxes of the cards and a Russian text equivalent, so that
a display can turn a click into a card and a screen reader can say what the picture shows.
Backend-neutral: no Pillow, no Jupyter; text is measured with the font metrics table
(`metrics.py`), so the Pillow and the SVG painter lay a picture out the same way.
"""

from __future__ import annotations

import math
from typing import Iterable

from ...cards import Card, sort_cards
from ...narrate import in_sentence
from ...ru import capitalize, plural
from .metrics import text_width, wrap
from .ops import BadgeOp, Block, HitBox, Layout, SlotOp
from .style import BLACK, SHADOW_PAD, card_size

__all__ = ["Layout", "HitBox", "Block", "layout_hand", "layout_trick", "layout_table",
           "layout_stock", "layout_scene", "layout_card", "layout_meld_row", "caption_block",
           "order_cards", "trick_note", "FELT", "ON_FELT", "CAPTION_PX"]

def caption_block(text: str, width: float, px: int, colour: tuple) -> Block:
    """A caption wrapped to `width`, centred (`.fit().render(None, 0)` makes it a picture)."""
    block = Block()
    lines = wrap(text, px, width)
    for i, line in enumerate(lines):
        block.text(line, width / 2, i * round(px * 1.35), px, colour, anchor="ma")
    block.w, block.h = round(width), round(len(lines) * px * 1.35)
    block.lines.append(text)
    return block


ALTERNATE_SUITS = "SHCD"   # ♠ ♥ ♣ ♦: black and red alternate


def order_cards(cards: Iterable[Card], order: str | None = "alternate") -> list[Card]:
    """Cards in display order: "alternate" (♠♥♣♦, colours alternate), "standard"
    (`sort_cards`: ♠♥♦♣), a suit string such as "HSDC", or None (as given).
    Within a suit: Т 10 К Д В 9 8 7; the infusorka (many-pack bezique) last."""
    if order is None:
        return list(cards)
    if order == "standard":
        return sort_cards(cards)
    suits = ALTERNATE_SUITS if order == "alternate" else order
    return sorted(cards, key=lambda c: (len(suits) if c.is_joker else suits.index(c.suit),
                                        c.rank_index, c.copy))


def _state(card: Card | None, selected, disabled, highlighted) -> str:
    if card is None:
        return "normal"
    if card in selected:
        return "selected"
    if card in disabled:
        return "disabled"
    if card in highlighted:
        return "highlighted"
    return "normal"


def _names(boxes: Iterable[HitBox]) -> str:
    return ", ".join(b.label for b in boxes) or "нет карт"


# --------------------------------------------------------------------------- blocks

def _hand_block(cards, *, scale=1.0, selected=(), disabled=(), highlighted=(),
                four_colour=False, order="alternate", fan=False, gap=None, max_width=None,
                lift=None, face_down=False) -> Block:
    w, h = card_size(scale)
    if isinstance(cards, int):
        cards, face_down = [None] * cards, True
    else:
        cards = order_cards(cards, order) if not face_down else list(cards)
    selected, disabled, highlighted = set(selected), set(disabled), set(highlighted)
    n = len(cards)
    lift_px = round(0.14 * h) if (lift or (lift is None and selected)) else 0
    gap = round(6 * scale) if gap is None else gap
    block = Block()
    if fan and n > 1:
        return _fan(block, cards, scale, selected, disabled, highlighted, four_colour, face_down, lift_px)
    step = w + gap
    if max_width and n > 1 and (n - 1) * step + w > max_width:
        step = max(0.28 * w, (max_width - w) / (n - 1))
    for i, card in enumerate(cards):
        shown = None if face_down else card
        state = _state(shown, selected, disabled, highlighted)
        y = 0 if state == "selected" else lift_px
        block.card(shown, i * step, y, scale, state, four_colour,
                   "карта рубашкой вверх" if face_down else None)
    block.w = round((n - 1) * step + w) if n else 0
    block.h = h + lift_px
    return block


def _fan(block, cards, scale, selected, disabled, highlighted, four_colour, face_down, lift_px):
    w, h = card_size(scale)
    n = len(cards)
    per = min(7.0, 48.0 / (n - 1))
    radius = 2.6 * h
    placed = []
    for i, card in enumerate(cards):
        shown = None if face_down else card
        state = _state(shown, selected, disabled, highlighted)
        angle = (i - (n - 1) / 2) * per
        r = radius + (lift_px if state == "selected" else 0)
        a = math.radians(angle)
        cx, cy = r * math.sin(a), -r * math.cos(a)
        placed.append((shown, cx - w / 2, cy - h / 2, state, -angle))
    tmp = Block()
    for shown, x, y, state, angle in placed:
        tmp.card(shown, x, y, scale, state, four_colour,
                 "карта рубашкой вверх" if face_down else None, angle=angle)
    min_x = min(b.x for b in tmp.boxes) - SHADOW_PAD
    min_y = min(b.y for b in tmp.boxes) - SHADOW_PAD
    tmp.w = tmp.h = 0
    block.add(tmp, -min_x, -min_y)
    block.w = max(b.x + b.w for b in block.boxes) + SHADOW_PAD
    block.h = max(b.y + b.h for b in block.boxes) + SHADOW_PAD
    return block


def _groups(cards, order="alternate") -> list[list[Card]]:
    """Declared cards as combinations: a list of melds as given, a flat list as one group in
    display order."""
    cards = list(cards)
    if cards and not isinstance(cards[0], Card):
        return [list(g) for g in cards if g]
    return [order_cards(cards, order)] if cards else []


def _table_block(cards, *, scale=0.8, selected=(), disabled=(), highlighted=(),
                 four_colour=False, order="alternate", min_width=0) -> Block:
    """Declared cards face up, each meld a group of overlapping cards."""
    w, h = card_size(scale)
    groups = [list(g) for g in cards] if cards and not isinstance(cards[0], Card) else \
        ([order_cards(cards, order)] if cards else [])
    selected, disabled, highlighted = set(selected), set(disabled), set(highlighted)
    block = Block()
    x = 0.0
    for g, group in enumerate(groups):
        if g:
            x += 0.25 * w
        for i, card in enumerate(group):
            block.card(card, x, 0, scale, _state(card, selected, disabled, highlighted), four_colour)
            x += 0.42 * w if i < len(group) - 1 else w
    block.w = max(round(x), min_width)
    block.h = h
    return block


# Declared cards side by side, never one over another (the practice table's rows and the
# scenes of the demos): smaller, or in two rows, where one row at their scale would not fit.
MIN_SCALE = 0.3


def _declared_width(groups, k: float) -> int:
    n = sum(len(g) for g in groups)
    return n * card_size(k)[0] + (n - len(groups)) * round(4 * k) + (len(groups) - 1) * round(14 * k)


def _declared_scale(groups, scale: float, max_width: float) -> float:
    """The scale at which the declared cards `groups` stand in one row of `max_width`."""
    groups = [g for g in groups if g]
    while groups and scale > MIN_SCALE and _declared_width(groups, scale) > max_width:
        scale = max(MIN_SCALE, scale * 0.92)
    return scale


def table_groups(exposed, declarations) -> list[list[Card]]:
    """A player's declared cards grouped by combination: each card goes with the latest
    declaration that contains it (a king and queen of a sequence show with the sequence)."""
    left = set(exposed)
    groups: list[list[Card]] = []
    for decl in reversed(list(declarations)):
        group = [c for c in decl.cards if c in left]
        if group:
            groups.append(group)
            left.difference_update(group)
    groups.reverse()
    if left:
        groups.append(sorted(left))
    return groups


def _declared_rows(groups, scale: float, max_width: float, four_colour: bool, **sets) -> Block:
    """Declared cards in two rows (combinations kept whole, the rows' widths balanced), both
    at one scale, when one row would have to draw them smaller."""
    groups = [list(g) for g in groups if g]
    if len(groups) < 2 or _declared_scale(groups, scale, max_width) >= scale:
        return _declared_row(groups, scale, max_width, four_colour, **sets)
    cut = min(range(1, len(groups)), key=lambda i: max(_declared_width(groups[:i], scale),
                                                        _declared_width(groups[i:], scale)))
    k = min(_declared_scale(groups[:cut], scale, max_width),
            _declared_scale(groups[cut:], scale, max_width))
    top, bottom = (_declared_row(g, k, max_width, four_colour, **sets)
                   for g in (groups[:cut], groups[cut:]))
    block = Block()
    width = max(top.w, bottom.w)
    block.add(top, (width - top.w) / 2, 0)
    block.add(bottom, (width - bottom.w) / 2, top.h + round(4 * scale))
    block.w = width
    return block


def _declared_row(groups, scale: float, max_width: float, four_colour: bool,
                  selected=(), disabled=(), highlighted=()) -> Block:
    """Declared cards side by side, a wider gap between combinations; drawn smaller when the
    row would be wider than `max_width`, so that no card ever covers another."""
    groups = [list(g) for g in groups if g]
    scale = _declared_scale(groups, scale, max_width)
    w, h = card_size(scale)
    block = Block()
    x = 0
    for g, group in enumerate(groups):
        if g:
            x += round(14 * scale) - round(4 * scale)
        for card in group:
            block.card(card, x, 0, scale, _state(card, selected, disabled, highlighted), four_colour)
            x += w + round(4 * scale)
    block.w = max(0, x - round(4 * scale))
    block.h = h
    return block


def trick_note(who: str, won: bool = False) -> str:
    """The label under a card of a trick: who played it (with a capital letter, as every label
    of a picture), and under the winning card also the verb, in the person of the name: «Вы —
    берёте», «Соперник — берёт», «Игрок 3 — берёт», «Юг — берёт»; with no name, «Берёт». A
    card's owner named by a possessive («Ваша») becomes «Ваша карта — берёт»."""
    name = who.strip()
    name = name[:1].upper() + name[1:]
    if not won:
        return name
    low = name.lower()
    if not name:
        return "Берёт"
    if low == "вы":
        return f"{name} — берёте"
    if low == "ваша":
        return f"{name} карта — берёт"
    return f"{name} — берёт"


def _trick_block(plays, *, scale=1.0, winner=None, four_colour=False, label_colour=BLACK,
                 slots=2, disabled=(), highlighted=(), px=None, apart=None) -> Block:
    """The cards of the current trick, each with who played it underneath (in `px` pixels,
    by default the cards' scale's; two labels at least `apart` pixels apart)."""
    w, h = card_size(scale)
    plays = [p if isinstance(p, tuple) else ("", p) for p in plays]
    gap = round(14 * scale)
    px = px or max(9, round(12 * scale))
    block = Block()
    parts = []
    wins = [winner is not None and (winner == i or winner is card)
            for i, (_, card) in enumerate(plays)]
    notes = [trick_note(who, won) for (who, _), won in zip(plays, wins)]
    # Cards stand w + gap apart, or further if two neighbouring labels would touch.
    step = float(w + gap)
    for i in range(1, len(notes)):
        a, b = (text_width(notes[k], px, wins[k]) for k in (i - 1, i))
        step = max(step, (a + b) / 2 + (apart or round(8 * scale)))
    for i, (who, card) in enumerate(plays):
        state = "highlighted" if wins[i] or card in highlighted else \
            "disabled" if card in disabled else "normal"
        x = round(i * step)
        # the text equivalent: a card's own label names its player with a capital letter
        # («Соперник: туз червей»); inside the sentence «Взятка: …; …» a common noun goes in
        # lower case («вы — дама червей»), and the verb agrees with «вы» («берёте взятку»)
        name = who.strip()
        takes = (" (берёте взятку)" if name.lower() == "вы" else " (берёт взятку)") if wins[i] else ""
        label = f"{capitalize(name) + ': ' if name else ''}{card.name_ru}{takes}"
        block.card(card, x, 0, scale, state, four_colour, label)
        if notes[i]:
            block.text(notes[i], x + w / 2, h + 4, px, label_colour, bold=wins[i], anchor="ma")
        parts.append(f"{in_sentence(capitalize(name))} — {card.name_ru}{takes}"
                     if name else f"{card.name_ru}{takes}")
    for i in range(len(plays), slots):
        block.op(SlotOp(round(i * step), 0, w, h, tuple(label_colour) + (110,)))
    count = max(len(plays), slots)
    block.w = round((count - 1) * step) + w
    block.h = h + 4 + round(px * 1.3)
    block.lines.append("Взятка: " + ("; ".join(parts) if parts else "пока пуста") + ".")
    return block


def _stock_block(count, turn_up=None, *, scale=1.0, four_colour=False,
                 label_colour=BLACK, count_shown=True, pile="талон", px=None) -> Block:
    """The stock (a back with the number of cards left) and the turn-up beside it. Without
    `count_shown` (rules that forbid counting the stock, `show_stock_count=false`) the back
    carries no number: only whether the stock is empty shows. `pile` names the pile: «талон»,
    or «колода» while the deal is still being dealt from it. `px`: the labels' size (by
    default the cards' scale's)."""
    w, h = card_size(scale)
    px = px or max(9, round(12 * scale))
    block = Block()
    depth = min(3, max(0, count - 1))
    for k in range(depth, -1, -1):
        if count:
            block.card(None, 2 * k, 2 * (depth - k), scale, "normal", four_colour)
    if count and not count_shown:
        del block.boxes[:-1]
        block.boxes[-1] = block.boxes[-1]._replace(label=pile)
    elif count:
        del block.boxes[:-1]
        block.boxes[-1] = block.boxes[-1]._replace(label=f"{pile}: {plural(count, 'карта')}")
        badge = round(15 * scale)
        bx, by = w / 2, 2 * depth + h / 2
        side = 2 * badge + 1                     # the disc's picture is this wide
        block.op(BadgeOp(str(count), round(bx - side / 2), round(by - side / 2), badge))
    if not count:
        block.op(SlotOp(0, 0, w, h, tuple(label_colour) + (150,)))
    shown = f"{pile}: {count}" if count_shown else pile
    block.text(shown if count else f"{pile} пуст{'а' if pile == 'колода' else ''}",
               w / 2, h + 2 * depth + 4, px, label_colour, anchor="ma")
    text = ((f"{capitalize(pile)}: {plural(count, 'карта')}" if count_shown
             else f"{capitalize(pile)} не пуст{'а' if pile == 'колода' else ''}")
            if count else f"{capitalize(pile)} пуст{'а' if pile == 'колода' else ''}")
    if turn_up is not None:
        tx = w + 2 * depth + round(10 * scale)
        block.card(turn_up, tx, 2 * depth, scale, "normal", four_colour,
                   f"козырная карта: {turn_up.name_ru}")
        block.text("козырь", tx + w / 2, h + 2 * depth + 4, px, label_colour, anchor="ma")
        text += f"; козырь — {turn_up.name_ru}"
        block.w = tx + w
    else:
        block.w = w + 2 * depth
    block.h = h + 2 * depth + 4 + round(px * 1.3)
    block.lines.append(text + ".")
    return block.fit()


# --------------------------------------------------------------------------- public layouts

FELT = (31, 98, 60)
ON_FELT = (236, 242, 232)
CAPTION_PX = 15
# the heading of an empty row of declared cards when the seat has declared in this deal (its
# declared cards all played since, or never laid out: carte blanche)
NONE_LEFT = "на столе карт нет"


def _finish_layout(block: Block, caption: str | None, background, pad: int) -> Layout:
    block.fit()
    if caption:
        colour = ON_FELT if background else (40, 40, 48)
        cap = caption_block(caption, max(block.w, 240), CAPTION_PX, colour)
        y = block.h + 8
        block.w = max(block.w, cap.w)
        block.add(cap, (block.w - cap.w) / 2, y)
    return block.render(background, pad)


def layout_hand(cards, *, selected=(), disabled=(), highlighted=(), four_colour=False,
                order: str | None = "alternate", fan=False, scale=1.0, gap=None,
                max_width=None, lift=None, face_down=False, caption=None,
                background=None, pad=6, title="Карты") -> Layout:
    """A hand in a row (or fanned), sorted for display (see `order_cards`).

    `cards` is a list of cards, or a number for a hidden hand. Selected cards are raised
    with a blue outline, disabled ones greyed out, highlighted ones outlined in gold.
    `lift=True` keeps room for raised cards even when none is selected."""
    block = _hand_block(cards, scale=scale, selected=selected, disabled=disabled,
                        highlighted=highlighted, four_colour=four_colour, order=order, fan=fan,
                        gap=gap, max_width=max_width and max_width - 2 * pad - 2 * SHADOW_PAD,
                        lift=lift, face_down=face_down)
    if isinstance(cards, int) or face_down:
        block.lines.append(f"{title}: {plural(len(block.boxes), 'карта')} рубашкой вверх.")
    else:
        block.lines.append(f"{title}: {_names(block.boxes)}.")
    return _finish_layout(block, caption, background, pad)


def layout_trick(plays, *, winner=None, four_colour=False, scale=1.0, caption=None,
                 background=None, pad=6, slots=2) -> Layout:
    """A trick: `plays` are cards or (who, card) pairs, e.g. [("Вы", qs), ("Соперник", ts)].
    `winner` (an index or the card) is outlined in gold and marked «берёт»."""
    colour = ON_FELT if background else (40, 40, 48)
    block = _trick_block(plays, scale=scale, winner=winner, four_colour=four_colour,
                         label_colour=colour, slots=slots if not plays else len(plays))
    return _finish_layout(block, caption, background, pad)


def layout_table(cards, *, selected=(), disabled=(), highlighted=(), four_colour=False,
                 scale=1.0, caption=None, background=None, pad=6,
                 title="Объявлено") -> Layout:
    """A player's declared cards face up; `cards` is a flat list or a list of melds."""
    block = _table_block(cards, scale=scale, selected=selected, disabled=disabled,
                         highlighted=highlighted, four_colour=four_colour)
    block.h = max(block.h, card_size(scale)[1])
    block.lines.append(f"{title}: {_names(block.boxes)}.")
    return _finish_layout(block, caption, background, pad)


def layout_stock(count: int, turn_up: Card | None = None, *, four_colour=False, scale=1.0,
                 caption=None, background=None, pad=6, pile="талон") -> Layout:
    """The stock as a back with its count, and the turn-up (trump card) beside it; while the
    cards are still being dealt, `pile="колода"` names the undealt pack instead."""
    colour = ON_FELT if background else (40, 40, 48)
    block = _stock_block(count, turn_up, scale=scale, four_colour=four_colour, label_colour=colour,
                         pile=pile)
    return _finish_layout(block, caption, background, pad)


def layout_scene(hand, *, opponent=8, opponent_face_up=False, trick=(), table=(),
                 opponent_table=(), stock=0, turn_up=None, selected=(), disabled=(),
                 highlighted=(), four_colour=False, order="alternate", winner=None,
                 caption=None, scale=1.0, lift=True, names=("Вы", "Соперник"),
                 background=FELT, stock_count_shown=True, declared_before=(False, False)) -> Layout:
    """A whole table: the opponent's hand and declared cards at the top, the stock with
    the turn-up and the trick in the middle, your declared cards and your hand below.

    `opponent` is a number of hidden cards or a list of cards (shown face up when
    `opponent_face_up`). `selected`/`disabled`/`highlighted` apply to your hand and table.
    `declared_before`: (you, the opponent) have declared in this deal, so that an empty row of
    declared cards reads «на столе карт нет» (all played), not «пока нет» / «ничего»."""
    you, them = names
    none_mine, none_theirs = (NONE_LEFT if d else never
                              for d, never in zip(declared_before, ("пока нет", "ничего")))
    w, h = card_size(scale)
    small, tscale = 0.7 * scale, 0.8 * scale
    label_px = max(10, round(13 * scale))
    margin, vgap = round(16 * scale), round(10 * scale)
    rows: list[tuple[Block, str]] = []

    opp = _hand_block(opponent if not opponent_face_up else list(opponent), scale=small,
                      order=order, four_colour=four_colour, gap=round(-0.45 * card_size(small)[0]),
                      face_down=not opponent_face_up and not isinstance(opponent, int), lift=False)
    n_opp = len(opp.boxes)
    opp.lines.append(f"{them}: {plural(n_opp, 'карта')} рубашкой вверх." if not opponent_face_up
                     else f"Карты соперника: {_names(opp.boxes)}.")
    rows.append((opp, f"{them}: {plural(n_opp, 'карта')}"))
    sets = dict(selected=selected, disabled=disabled, highlighted=highlighted)
    # the declared cards side by side (a combination's cards close together), never one over
    # another: smaller, or in two rows, where one row would be wider than the table
    room = 8 * w + 7 * round(6 * scale)
    ot = _declared_rows(_groups(opponent_table, order), tscale, room, four_colour)
    ot.h = max(ot.h, card_size(tscale)[1])
    ot.lines.append(f"Объявлено соперником: {_names(ot.boxes)}.")
    rows.append((ot, "Объявлено соперником" + ("" if opponent_table else f": {none_theirs}")))

    st = _stock_block(stock, turn_up, scale=scale, four_colour=four_colour, label_colour=ON_FELT,
                      count_shown=stock_count_shown)
    tr = _trick_block(list(trick), scale=scale, winner=winner, four_colour=four_colour,
                      label_colour=ON_FELT)
    middle = Block(h=max(st.h, tr.h))
    rows.append((middle, ""))

    mt = _declared_rows(_groups(table, order), tscale, room, four_colour, **sets)
    mt.h = max(mt.h, card_size(tscale)[1])
    mt.lines.append(f"Ваши объявленные карты: {_names(mt.boxes)}.")
    rows.append((mt, "Ваши объявления" + ("" if table else f": {none_mine}")))
    mine = _hand_block(list(hand), scale=scale, order=order, four_colour=four_colour,
                       lift=lift, **sets)
    mine.lines.append(f"Ваши карты: {_names(mine.boxes)}.")
    rows.append((mine, ""))

    scene = Block()
    width = max(max(b.w for b, _ in rows), room)
    y = margin
    for block, label in rows:
        if label:
            scene.text(label, margin + width / 2, y, label_px, ON_FELT, bold=True, anchor="ma")
            y += round(label_px * 1.4)
        if block is middle:
            scene.add(st, margin, y)
            scene.add(tr, margin + max(st.w + round(30 * scale), (width - tr.w) / 2), y)
        else:
            scene.add(block, margin + (width - block.w) / 2, y)
        y += block.h + vgap
    scene.w = width + 2 * margin
    scene.h = y - vgap + margin
    if caption:
        cap = caption_block(caption, width, CAPTION_PX, ON_FELT)
        scene.add(cap, margin, scene.h - margin + vgap)
        scene.h += cap.h + vgap
    return scene.render(background, 0)


def layout_card(card: Card | None, scale: float = 1.0, four_colour: bool = False,
                state: str = "normal") -> Layout:
    """One card face (or a back), no shadow and no margin: the picture is the card."""
    block = Block()
    block.card(card, 0, 0, scale, state, four_colour, shadow=False)
    block.w, block.h = card_size(scale)
    block.lines.append(block.boxes[0].label)
    return block.render(None, 0)


def layout_meld_row(groups, scale: float = 0.55, four_colour: bool = False,
                    title: str = "Объявлено") -> Layout:
    """Declared cards without shadows, each meld a group of cards overlapping by 45 %, the
    infusorki of many-pack bezique included (a compact row for text and tables)."""
    w, h = card_size(scale)
    step, gap = round(0.55 * w), round(0.25 * w)
    block = Block()
    x = 2
    for g in groups:
        for i, card in enumerate(g):
            block.card(card, x, 2, scale, "normal", four_colour, shadow=False)
            x += step if i < len(g) - 1 else w + gap
    block.w, block.h = max(1, x - gap - 2) + 4, h + 4
    block.lines.append(f"{title}: {_names(block.boxes)}.")
    return block.render(None, 0)
