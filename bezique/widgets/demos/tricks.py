"""Demos of chapter 04 «Взятки»: who takes a trick and why.

* `TrickWinner` («Кто возьмёт взятку?») — choose the trump, click the card led and the reply;
  the engine says who wins and why (`tricks.winner_reason`);
* `trick_picture` — a finished two-card trick, the winner outlined and the engine's reason.

Nothing here knows a rule of its own. Every picture is a `CardCanvas` (or a `Picture`), so it
stays visible in the static book, and every control has a Russian label.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card, make_pack, parse_cards
from ...tricks import winner_reason, winning_index
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas, Picture
from ..render.layout import layout_trick, order_cards
from .common import SUIT_OPTIONS, WIDE, four_colour_box, html_block, redraw


# ====================================================================== who takes the trick

TRICK_EXAMPLES = [
    ("Десятка и король", "H", "К♠", "10♠"),
    ("Козырная семёрка и туз", "H", "Т♣", "7♥"),
    ("Чужая масть", "H", "8♣", "Т♦"),
    ("Две одинаковые", "H", "10♣", "10♣"),
    ("Козырь на козырь", "H", "Д♥", "К♥"),
]


class TrickWinner(OnPage, W.VBox):
    """«Кто возьмёт взятку?»: choose the trump, click the card led and the reply; the engine
    says who wins and why (`winner_reason`)."""

    static_hint = ("Здесь можно выбрать козырь и нажать на две карты — под ними будет "
                   "сказано, кто возьмёт взятку и почему.")

    def __init__(self, trump: str = "H", lead: str = "Т♣", reply: str = "7♥"):
        self.lead: Card | None = None
        self.reply: Card | None = None
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.decks = [CardCanvas(name=f"Карты: {n}", scale=0.8) for n in ("пики и черви",
                                                                         "трефы и бубны")]
        self.trick = CardCanvas(name="Взятка")
        faces = [("—", None)] + [(f"{c.ru} — {c.name_ru}", c) for c in order_cards(make_pack(1))]
        self.lead_list = Menu(options=faces, description="Ход:", style=WIDE)
        self.reply_list = Menu(options=faces, description="Ответ:", style=WIDE)
        self.examples = [W.Button(description=name, tooltip=f"Пример: {name.lower()}",
                                  layout=W.Layout(width="auto")) for name, *_ in TRICK_EXAMPLES]
        self.result = W.HTML()
        self._quiet = False
        for deck in self.decks:
            deck.on_card_click(self.click)
        self.trick.on_card_click(self._clear)
        self.trump.observe(lambda _: self.render(), names="value")
        self.lead_list.observe(self._on_list, names="value")
        self.reply_list.observe(self._on_list, names="value")
        for b, (_, t, l, r) in zip(self.examples, TRICK_EXAMPLES):
            b.on_click(lambda _, t=t, l=l, r=r: self.set_trick(parse_cards(l)[0], parse_cards(r)[0], t))
        super().__init__([self.trump, *self.decks,
                          W.HBox([self.lead_list, self.reply_list],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.trick, self.result, W.HTML("Примеры:"),
                          W.HBox(self.examples, layout=W.Layout(flex_flow="row wrap")),
                          four_colour_box([*self.decks, self.trick], short=True)])
        self.set_trick(parse_cards(lead)[0] if lead else None,
                       parse_cards(reply)[0] if reply else None)

    def set_trick(self, lead: Card | None, reply: Card | None, trump: str | None = None) -> None:
        if lead is not None:
            lead = Card(lead.rank, lead.suit, 1)
        if reply is not None:
            reply = Card(reply.rank, reply.suit, 2 if lead is not None and reply.face == lead.face else 1)
        self.lead, self.reply = lead, reply
        self._quiet = True
        try:
            if trump is not None:
                self.trump.value = trump
            self.lead_list.value = Card(*lead.face) if lead else None
            self.reply_list.value = Card(*reply.face) if reply else None
        finally:
            self._quiet = False
        self.render()

    def click(self, card: Card) -> None:
        """A card of the deck: the lead first, then the reply; a third click starts anew."""
        if self.lead is None or self.reply is not None:
            self.set_trick(card, None)
        else:
            self.set_trick(self.lead, card)

    def _clear(self, card: Card) -> None:
        if card is self.reply:
            self.set_trick(self.lead, None)
        elif card is self.lead:
            self.set_trick(None, None)

    def _on_list(self, _):
        if not self._quiet:
            self.set_trick(self.lead_list.value, self.reply_list.value)

    def winner(self) -> int | None:
        """0 (the lead wins), 1 (the reply wins) or None (the trick is not complete)."""
        if self.lead is None or self.reply is None:
            return None
        return winning_index([self.lead, self.reply], self.trump.value)

    def verdict(self) -> str:
        if self.lead is None:
            return "Нажмите на карту, которой ходят, а потом на карту ответа."
        if self.reply is None:
            return f"Ход: {self.lead.ru}. Теперь нажмите на карту ответа."
        w = self.winner()
        who = "ходивший (первая карта)" if w == 0 else "ответивший (вторая карта)"
        return (f"<b>Взятку берёт {who}: {(self.lead, self.reply)[w].ru}.</b><br>"
                + html.escape(winner_reason([self.lead, self.reply], self.trump.value)))

    def render(self) -> None:
        trump = self.trump.value
        for deck, suits in zip(self.decks, ("SH", "CD")):
            cards = [c for c in make_pack(1) if c.suit in suits]
            redraw(deck, trump, lambda deck=deck, cards=cards: deck.show_hand(
                cards, highlighted={c for c in cards if c.suit == trump}, max_width=760))
        plays = [(n, c) for n, c in (("Ход", self.lead), ("Ответ", self.reply)) if c]
        self.trick.show_trick(plays, winner=self.winner(), slots=2)
        self.result.value = html_block(self.verdict())


def trick_picture(lead: str | Card, reply: str | Card, trump: str, names=("Ход", "Ответ"),
                  caption: bool = True) -> Picture:
    """A finished two-card trick, the winner outlined and the engine's reason as caption."""
    cards = [c if isinstance(c, Card) else parse_cards(c)[0] for c in (lead, reply)]
    if cards[1] is cards[0]:
        cards[1] = Card(cards[0].rank, cards[0].suit, 2)
    w = winning_index(cards, trump)
    reason = winner_reason(cards, trump)
    lay = layout_trick(list(zip(names, cards)), winner=w,
                       caption=f"Козырь — {SUIT_NAME_RU[trump]}. {reason}" if caption else None)
    second = names[1][:1].lower() + names[1][1:]        # mid-sentence: «…; ответ: …», «…; вы: …»
    return Picture(lay, f"Козырь — {SUIT_NAME_RU[trump]}. {names[0]}: {cards[0].name_ru}; "
                        f"{second}: {cards[1].name_ru}. {reason}")
