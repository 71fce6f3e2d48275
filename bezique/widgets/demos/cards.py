"""Demos of chapter 02 «Карты»: the order of the cards and the pack.

* `higher_of`, `rank_order`, `rank_order_ru` — which of two cards is higher and the order of a
  suit, asked of the engine's trick rule (`tricks.winning_index`);
* `pack_picture` — the whole 64-card pack, one row per suit;
* `CompareCards` («Сравните две карты») — click two cards of a suit; the engine says which is
  higher.

Nothing here knows a rule of its own. Every picture is a `CardCanvas` (or a `Picture`), so it
stays visible in the static book, and every control has a Russian label.
"""

from __future__ import annotations

import random
from functools import cmp_to_key

import ipywidgets as W

from ...cards import RANKS, SUIT_NAME_RU, SUITS, Card, make_pack, parse_cards
from ...ru import capitalize, plural, points
from ...rules import RuleSet
from ...tally import trick_points
from ...tricks import winning_index
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas, Picture
from ..render.compose import stack
from ..render.layout import layout_hand
from .common import SUIT_OPTIONS, WIDE, four_colour_box, html_block


# ====================================================================== rank order

def higher_of(a: Card, b: Card) -> Card | None:
    """The higher of two cards of one suit, by the engine's trick rule; None if identical."""
    if a.face == b.face:
        return None
    return (a, b)[winning_index([a, b], None)]


def rank_order(suit: str = "S") -> list[Card]:
    """The eight cards of a suit, highest first, sorted by asking the engine who wins."""
    cards = [Card(r, suit) for r in reversed(RANKS)]

    def cmp(a, b):
        return 0 if a is b else (-1 if higher_of(a, b) is a else 1)
    return sorted(cards, key=cmp_to_key(cmp))


def rank_order_ru(suit: str = "S") -> str:
    """«Т 10 К Д В 9 8 7», from the engine."""
    return " ".join(c.ru[:-1] for c in rank_order(suit))


_COPIES_RU = {2: "две", 3: "три"}       # «по две каждой»: the copies of each card (packs)


def pack_picture(four_colour: bool = False, scale: float = 0.8, width: int = 760) -> Picture:
    """The whole pack of the main rules (64 cards): one row per suit, every copy of every
    card, highest first; its size and copies are the engine's (`RuleSet().pack_size`)."""
    rules, rows = RuleSet(), []
    pack = make_pack(rules.packs)
    for s in "SHCD":
        cards = [c for c in pack if c.suit == s]
        rows.append(layout_hand(cards, order="alternate", scale=scale, max_width=width,
                                four_colour=four_colour, pad=2, title=capitalize(SUIT_NAME_RU[s])))
    text = (f"Колода безика, {plural(rules.pack_size, 'карта')}, по {_COPIES_RU[rules.packs]} "
            "каждой. " + " ".join(r.description for r in rows))
    return Picture(stack(*rows, gap=6, description=text), text)


# ====================================================================== compare two cards

class CompareCards(OnPage, W.VBox):
    """«Сравните две карты»: the sixteen cards of a suit (both copies) in a mixed row; click
    two of them (or choose them in the lists) and the engine says which is higher."""

    static_hint = ("Здесь можно выбрать масть и две карты (нажав на них или в списках) "
                   "— под картами будет сказано, какая из них старше.")

    def __init__(self, suit: str = "H", picks=("К♥", "10♥"), seed: int = 7):
        self.seed = seed
        self.picks: list[Card] = []
        self.canvas = CardCanvas(name="Карты масти")
        self.suit = W.ToggleButtons(options=SUIT_OPTIONS, value=suit, description="Масть:",
                                    style={"button_width": "6.5em"})
        self.sorted = W.Checkbox(value=False, description="Разложить по старшинству",
                                 indent=False)
        self.first = Menu(description="Первая карта:", style=WIDE)
        self.second = Menu(description="Вторая карта:", style=WIDE)
        self.result = W.HTML()
        self._quiet = False
        self.canvas.on_card_click(self.click)
        self.suit.observe(self._on_suit, names="value")
        self.sorted.observe(lambda _: self.render(), names="value")
        for dd in (self.first, self.second):
            dd.observe(self._on_list, names="value")
        super().__init__([self.suit, self.canvas,
                          W.HBox([self.first, self.second], layout=W.Layout(flex_flow="row wrap")),
                          W.HBox([self.sorted, four_colour_box([self.canvas], short=True)],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.result])
        self._fill_lists()
        self.set_picks([parse_cards(p)[0] for p in picks] if picks else [])

    def cards(self) -> list[Card]:
        """Both copies of the suit's eight cards, in a fixed mixed order."""
        cards = [c for c in make_pack(2) if c.suit == self.suit.value]
        random.Random(self.seed * 10 + SUITS.index(self.suit.value)).shuffle(cards)
        return cards

    def _fill_lists(self):
        opts = [("—", None)] + [(f"{c.ru} — {c.name_ru}", c.face) for c in rank_order(self.suit.value)]
        self._quiet = True
        try:
            self.first.options = opts
            self.second.options = opts
        finally:
            self._quiet = False

    def _on_suit(self, _):
        self._fill_lists()
        self.set_picks([])

    def _on_list(self, _):
        if self._quiet:
            return
        faces = [f for f in (self.first.value, self.second.value) if f]
        picks = []
        for face in faces:
            copy = 2 if picks and picks[0].face == face else 1
            picks.append(Card(face[0], face[1], copy))
        self.set_picks(picks)

    def click(self, card: Card) -> None:
        """A click on a card: pick it (a third pick starts a new pair); click again to drop."""
        if card in self.picks:
            picks = [c for c in self.picks if c is not card]
        elif len(self.picks) >= 2:
            picks = [card]
        else:
            picks = self.picks + [card]
        self.set_picks(picks)

    def set_picks(self, picks) -> None:
        self.picks = list(picks)[:2]
        self._quiet = True
        try:
            faces = [c.face for c in self.picks] + [None, None]
            self.first.value, self.second.value = faces[0], faces[1]
        finally:
            self._quiet = False
        self.render()

    def verdict(self) -> str:
        """The engine's answer in Russian."""
        if len(self.picks) < 2:
            left = 2 - len(self.picks)
            if left == 1:
                return "Выберите ещё одну карту: нажмите на неё или выберите её в списке."
            return "Выберите две карты: нажмите на них или выберите их в списках."
        a, b = self.picks
        top = higher_of(a, b)
        order = rank_order_ru(a.suit)
        if top is None:
            return (f"<b>{a.ru} и {b.ru} — одинаковые карты.</b> В колоде безика каждая карта есть "
                    "дважды. По старшинству они равны, а если обе попадут в одну взятку, берёт та, "
                    "что сыграна первой.")
        low = b if top is a else a
        lines = [f"<b>{top.ru} ({top.name_ru}) старше, чем {low.ru} ({low.name_ru}).</b>",
                 f"Порядок в масти: {order}."]
        if top.rank == "T" and low.rank in "KQJ":
            lines.append("Десятка старше короля, дамы и валета — в безике она сразу за тузом.")
        brisques = [c.ru for c in (top, low) if c.is_brisque]
        if brisques:
            lines.append(f"{' и '.join(brisques)} — {'бриски' if len(brisques) > 1 else 'бриск'}: "
                         f"{points(trick_points([[top if top.is_brisque else low]], RuleSet()))} "
                         "за карту тому, в чьих взятках она окажется.")
        if not top.is_brisque and not top.is_court:
            lines.append("Девятки, восьмёрки и семёрки очков не приносят, но старшинство у них есть.")
        return "<br>".join(lines)

    def render(self) -> None:
        cards = self.cards()
        top = higher_of(*self.picks) if len(self.picks) == 2 else None
        caption = None
        if len(self.picks) == 2:
            caption = f"Старше: {top.ru}" if top else "Карты равны"
        self.canvas.show_hand(cards, order="alternate" if self.sorted.value else None,
                              selected=set(self.picks), lift=True, max_width=720,
                              caption=caption)
        self.result.value = html_block(self.verdict())
