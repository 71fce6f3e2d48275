"""Demos of the chapters on cards, the deal, tricks and the trump seven (chapters 02–05).

Each demo is an ipywidgets box that asks the engine for every answer: which card is higher
(`tricks.winning_index`), who deals after the cut (`game.cut_for_deal`), how the cards are
dealt (`deal.deal_cards` and the packet pattern of the rules), who takes a trick and why
(`tricks.winner_reason`), and which trump-seven actions are legal (`Deal.legal_declarations`).
Nothing here knows a rule of its own. Every picture is a `CardCanvas` (or a `Picture`), so it
stays visible in the static book, and every control has a Russian label.
"""

from __future__ import annotations

import html
import random
from functools import cmp_to_key

import ipywidgets as W
from PIL import Image

from ..actions import PASS, play
from ..cards import (RANKS, SUIT_GENITIVE_RU, SUIT_NAME_RU, SUIT_SYMBOL, SUITS, Card,
                     make_pack, parse_cards)
from ..deal import PATTERNS, Deal, deal_cards
from ..game import cut_for_deal
from ..melds import SEVEN_EXCHANGE
from ..narrate import describe_event
from ..ru import capitalize, plural, points
from ..rules import RuleSet
from ..tricks import winner_reason, winning_index
from .canvas import CardCanvas, Picture
from .drawing import get_font
from .layout import Layout, layout_hand, layout_stock, layout_trick, order_cards

SUIT_OPTIONS = [(f"{SUIT_SYMBOL[s]} {SUIT_NAME_RU[s]}", s) for s in "SHDC"]
_WIDE = {"description_width": "initial"}


def _html(text: str) -> str:
    return f'<div style="line-height:1.5">{text}</div>'


def _draw(cc: CardCanvas, key, draw) -> None:
    """Redraw a canvas only when what it shows has changed (`key`): a click then costs
    only the pictures it really changes."""
    if getattr(cc, "_demo_key", None) != key:
        cc._demo_key = key
        draw()


def _four_colour_box(canvases) -> W.Checkbox:
    """A «четыре цвета мастей» switch for the canvases of a demo."""
    box = W.Checkbox(value=False, description="Четыре цвета мастей", indent=False,
                     tooltip="Трефы зелёные, бубны синие", layout=W.Layout(width="auto"))

    def flip(change):
        for cc in canvases:
            cc.four_colour = change["new"]
    box.observe(flip, names="value")
    return box


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


def pack_picture(four_colour: bool = False, scale: float = 0.8, width: int = 760) -> Picture:
    """The whole 64-card pack: one row per suit, both copies of every card, highest first."""
    rows = []
    for s in "SHCD":
        cards = [c for c in make_pack(2) if c.suit == s]
        rows.append(layout_hand(cards, order="alternate", scale=scale, max_width=width,
                                four_colour=four_colour, pad=2, title=capitalize(SUIT_NAME_RU[s])))
    gap = 6
    img = Image.new("RGBA", (max(r.size[0] for r in rows),
                             sum(r.size[1] for r in rows) + gap * (len(rows) - 1)))
    y = 0
    for r in rows:
        img.alpha_composite(r.image.convert("RGBA"), (0, y))
        y += r.size[1] + gap
    text = "Колода безика, 64 карты, по две каждой. " + " ".join(r.description for r in rows)
    return Picture(Layout(img, [], text), text)


# ====================================================================== compare two cards

class CompareCards(W.VBox):
    """«Сравните две карты»: the sixteen cards of a suit (both copies) in a mixed row; click
    two of them (or choose them in the lists) and the engine says which is higher."""

    def __init__(self, suit: str = "H", picks=("К♥", "10♥"), seed: int = 7):
        self.seed = seed
        self.picks: list[Card] = []
        self.canvas = CardCanvas(name="Карты масти")
        self.suit = W.ToggleButtons(options=SUIT_OPTIONS, value=suit, description="Масть:",
                                    style={"button_width": "6.5em"})
        self.sorted = W.Checkbox(value=False, description="Разложить по старшинству",
                                 indent=False)
        self.first = W.Dropdown(description="Первая карта:", style=_WIDE)
        self.second = W.Dropdown(description="Вторая карта:", style=_WIDE)
        self.result = W.HTML()
        self._quiet = False
        self.canvas.on_card_click(self.click)
        self.suit.observe(self._on_suit, names="value")
        self.sorted.observe(lambda _: self.render(), names="value")
        for dd in (self.first, self.second):
            dd.observe(self._on_list, names="value")
        super().__init__([self.suit, self.canvas, W.HBox([self.first, self.second]),
                          W.HBox([self.sorted, _four_colour_box([self.canvas])]), self.result])
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
            return f"Выберите ещё {'одну карту' if left == 1 else 'две карты'}: щёлкните по карте или выберите её в списке."
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
                         "10 очков за карту тому, в чьих взятках она окажется.")
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
        self.result.value = _html(self.verdict())


# ====================================================================== cutting for the deal

CUT_RULES = [("Сдаёт тот, у кого старшая карта (основное правило, как в 000-C)", "high"),
             ("Сдаёт тот, у кого младшая карта (источник 001)", "low")]
PLAYERS = ("Анна", "Борис")


class CutForDeal(W.VBox):
    """Both players cut; the engine's `cut_for_deal` says who deals first (C-01)."""

    def __init__(self, seed: int = 3, rule: str = "high"):
        self.seed, self.count = seed, 0
        self.rule = W.Dropdown(options=CUT_RULES, value=rule, description="Правило:",
                               style=_WIDE, layout=W.Layout(width="max-content"))
        self.again = W.Button(description="Снять ещё раз", icon="refresh")
        self.canvas = CardCanvas(name="Снятые карты")
        self.result = W.HTML()
        self.rule.observe(lambda _: self.render(), names="value")
        self.again.on_click(lambda _: self.recut())
        super().__init__([self.rule, self.canvas, self.again, self.result])
        self.render()

    def recut(self) -> None:
        self.count += 1
        self.render()

    def cut(self) -> tuple[int, list[list[Card]]]:
        rules = RuleSet().with_options(cut_for_deal=self.rule.value)
        return cut_for_deal(rules, random.Random(self.seed * 1000 + self.count))

    def render(self) -> None:
        dealer, rounds = self.cut()
        last = rounds[-1]
        word = "старшая" if self.rule.value == "high" else "младшая"
        self.canvas.show_hand(last, order=None, highlighted={last[dealer]},
                              caption=f"{PLAYERS[0]} — {last[0].ru}, {PLAYERS[1]} — {last[1].ru}")
        lines = []
        for cuts in rounds[:-1]:
            lines.append(f"{PLAYERS[0]} — {cuts[0].ru}, {PLAYERS[1]} — {cuts[1].ru}: карты одного "
                         "достоинства, жребий тянут снова.")
        lines.append(f"{capitalize(word)} карта — {last[dealer].ru} — у "
                     f"{'Анны' if dealer == 0 else 'Бориса'}: <b>первым сдаёт {PLAYERS[dealer]}</b>. "
                     "Масть значения не имеет.")
        self.result.value = _html("<br>".join(lines))


# ====================================================================== the deal, step by step

PATTERN_OPTIONS = [("по 3, 2, 3 карты (основное правило)", "3-2-3"),
                   ("по одной карте (000-C, 000-E)", "1x8"),
                   ("по 3, 3, 2 карты (000-C)", "3-3-2"),
                   ("по 6, 1, 1 карте (000-C)", "6-1-1")]
SEAT_NAMES = ("Сдатчик", "Противник сдатчика")


class DealStepper(W.VBox):
    """A real seeded deal (`deal_cards`), packet by packet: both hands, the pack, then the
    turn-up and the stock of 47. The dealer is seat 0, the non-dealer seat 1."""

    def __init__(self, seed: int = 1, pattern: str = "3-2-3", club_bonuses: bool = False):
        self.step = 0
        self.pattern = W.Dropdown(options=PATTERN_OPTIONS, value=pattern,
                                  description="Как сдавать:", style=_WIDE,
                                  layout=W.Layout(width="max-content"))
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=_WIDE, layout=W.Layout(width="13em"))
        self.club = W.Checkbox(value=club_bonuses, indent=False, style=_WIDE,
                               description="Клубные надбавки при сдаче (000-C)")
        self.next = W.Button(description="Следующий шаг", icon="step-forward", button_style="primary")
        self.all = W.Button(description="Сдать до конца", icon="fast-forward")
        self.again = W.Button(description="Сначала", icon="undo")
        self.new = W.Button(description="Новая сдача", icon="refresh")
        self.top = CardCanvas(name=SEAT_NAMES[1], scale=0.8)
        self.middle = CardCanvas(name="Колода", scale=0.8)
        self.bottom = CardCanvas(name=SEAT_NAMES[0], scale=0.8)
        self.status = W.HTML()
        self.next.on_click(lambda _: self.advance())
        self.all.on_click(lambda _: self.finish())
        self.again.on_click(lambda _: self.restart())
        self.new.on_click(lambda _: self.new_deal())
        for w in (self.pattern, self.seed, self.club):
            w.observe(lambda _: self.restart(), names="value")
        super().__init__([W.HBox([self.pattern, self.seed]),
                          W.HBox([self.club, _four_colour_box([self.top, self.middle, self.bottom])]),
                          self.top, self.middle,
                          self.bottom, W.HBox([self.next, self.all, self.again, self.new],
                                 layout=W.Layout(flex_flow="row wrap")), self.status])
        self.restart()

    @property
    def rules(self) -> RuleSet:
        extra = dict(deal_bonus_trump_ace=True, deal_bonus_seven_opponent_malus=5) \
            if self.club.value else {}
        return RuleSet().with_options(deal_pattern=self.pattern.value, **extra)

    def restart(self) -> None:
        """Deal anew (the engine's shuffle of this numbered deal) and go back to step 0."""
        rules = self.rules
        hands, self.turn_up, stock = deal_cards(rules, 0, random.Random(self.seed.value))
        self.deal = Deal(rules, 0, hands, self.turn_up, stock)
        first = 0 if rules.deal_first_to == "dealer" else 1
        self.steps: list[tuple[int, list[Card]]] = []
        taken = [0, 0]
        for size in PATTERNS[rules.deal_pattern]:
            for seat in (first, 1 - first):
                self.steps.append((seat, hands[seat][taken[seat]:taken[seat] + size]))
                taken[seat] += size
        self.step = 0
        self.render()

    @property
    def total_steps(self) -> int:
        return len(self.steps) + 1          # the packets, then the turn-up

    def advance(self) -> None:
        if self.step < self.total_steps:
            self.step += 1
            self.render()

    def finish(self) -> None:
        self.step = self.total_steps
        self.render()

    def new_deal(self) -> None:
        self.seed.value = self.seed.value % 99999 + 1        # the observer deals again

    def render(self) -> None:
        done = self.steps[:self.step]
        turned = self.step == self.total_steps
        dealt = 0
        for cc, p in ((self.bottom, 0), (self.top, 1)):
            packets = [packet for seat, packet in done if seat == p]
            hand = [c for packet in packets for c in packet]
            dealt += len(hand)
            fresh = frozenset(packets[-1]) if packets and not turned else frozenset()
            _draw(cc, (tuple(hand), fresh), lambda cc=cc, p=p, hand=hand, fresh=fresh: cc.show_hand(
                hand, highlighted=fresh, order="alternate",
                caption=f"{SEAT_NAMES[p]}: {plural(len(hand), 'карта')}"))
        left = self.deal.rules.pack_size - dealt - (1 if turned else 0)
        up = self.turn_up if turned else None
        _draw(self.middle, (left, up), lambda: self.middle.show_stock(left, up))
        self.next.disabled = self.all.disabled = turned
        self.status.value = _html(self.describe())

    def describe(self) -> str:
        """What the last step did, in Russian."""
        if self.step == 0:
            return ("Сдатчик перетасовал колоду, противник её снял. Нажмите «Следующий шаг»: "
                    "сдатчик раздаёт карты порциями, начиная с себя.")
        if self.step <= len(self.steps):
            seat, packet = self.steps[self.step - 1]
            dealt = sum(len(p) for _, p in self.steps[:self.step])
            who = "сдатчик берёт себе" if seat == 0 else "противник сдатчика получает"
            return (f"Шаг {self.step} из {self.total_steps}: {who} {plural(len(packet), 'карта')} "
                    f"({', '.join(c.ru for c in packet)}). Роздано {dealt} из 16, "
                    f"в колоде {plural(self.deal.rules.pack_size - dealt, 'карта')}.")
        up, d = self.turn_up, self.deal
        lines = [f"Шаг {self.step} из {self.total_steps}: у каждого по восемь карт. Семнадцатую "
                 f"карту открывают: <b>{up.ru} ({up.name_ru})</b>, значит, козыри — "
                 f"{SUIT_NAME_RU[up.suit]}. Под ней или рядом лежит талон: "
                 f"{plural(d.stock_count, 'карта')} рубашкой вверх."]
        for event in d.log:
            if event[0] == "seven_turned":
                lines.append(f"Открыта семёрка: сдатчик сразу записывает себе {points(event[3])}.")
            elif event[0] == "ace_turned":
                lines.append(f"Открыт козырной туз: по клубному правилу 000-C сдатчику "
                             f"+{points(event[3])}.")
        if d.rules.deal_bonus_seven_opponent_malus and up.rank == "7":
            lines.append(f"По тому же клубному правилу у противника сдатчика вычитают "
                         f"{points(d.rules.deal_bonus_seven_opponent_malus)}.")
        score = [f"{SEAT_NAMES[p].lower()} {d.declared[p]:+d}" for p in (0, 1) if d.declared[p]]
        if score:
            lines.append("Очки после сдачи: " + ", ".join(score) + ".")
        lines.append(f"Первым ходит {SEAT_NAMES[d.to_act].lower()}.")
        return "<br>".join(lines)


# ====================================================================== who takes the trick

TRICK_EXAMPLES = [
    ("Десятка и король", "H", "К♠", "10♠"),
    ("Козырная семёрка и туз", "H", "Т♣", "7♥"),
    ("Чужая масть", "H", "8♣", "Т♦"),
    ("Две одинаковые", "H", "10♣", "10♣"),
    ("Козырь на козырь", "H", "Д♥", "К♥"),
]


class TrickWinner(W.VBox):
    """«Кто возьмёт взятку?»: choose the trump, click the card led and the reply; the engine
    says who wins and why (`winner_reason`)."""

    def __init__(self, trump: str = "H", lead: str = "Т♣", reply: str = "7♥"):
        self.lead: Card | None = None
        self.reply: Card | None = None
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.decks = [CardCanvas(name=f"Карты: {n}", scale=0.8) for n in ("пики и черви",
                                                                         "трефы и бубны")]
        self.trick = CardCanvas(name="Взятка")
        faces = [("—", None)] + [(f"{c.ru} — {c.name_ru}", c) for c in order_cards(make_pack(1))]
        self.lead_list = W.Dropdown(options=faces, description="Ход:", style=_WIDE)
        self.reply_list = W.Dropdown(options=faces, description="Ответ:", style=_WIDE)
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
        super().__init__([self.trump, *self.decks, W.HBox([self.lead_list, self.reply_list]),
                          self.trick, self.result, W.HTML("Примеры:"),
                          W.HBox(self.examples, layout=W.Layout(flex_flow="row wrap")),
                          _four_colour_box([*self.decks, self.trick])])
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
            return "Щёлкните по карте, которой ходят, а потом по карте ответа."
        if self.reply is None:
            return f"Ход: {self.lead.ru}. Теперь щёлкните по карте ответа."
        w = self.winner()
        who = "ходивший (первая карта)" if w == 0 else "ответивший (вторая карта)"
        return (f"<b>Взятку берёт {who}: {(self.lead, self.reply)[w].ru}.</b><br>"
                + html.escape(winner_reason([self.lead, self.reply], self.trump.value)))

    def render(self) -> None:
        trump = self.trump.value
        for deck, suits in zip(self.decks, ("SH", "CD")):
            cards = [c for c in make_pack(1) if c.suit in suits]
            _draw(deck, trump, lambda deck=deck, cards=cards: deck.show_hand(
                cards, highlighted={c for c in cards if c.suit == trump}, max_width=760))
        plays = [(n, c) for n, c in (("Ход", self.lead), ("Ответ", self.reply)) if c]
        self.trick.show_trick(plays, winner=self.winner(), slots=2)
        self.result.value = _html(self.verdict())


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
    return Picture(lay, f"Козырь — {SUIT_NAME_RU[trump]}. {names[0]}: {cards[0].name_ru}, "
                        f"{names[1]}: {cards[1].name_ru}. {reason}")


def stock_picture(count: int, turn_up: Card | None = None, caption: str | None = None,
                  scale: float = 0.9) -> Picture:
    """The stock (face down, with its count) and the turn-up beside it."""
    return Picture(layout_stock(count, turn_up, caption=caption, scale=scale))


class PictureRow:
    """Several pictures side by side in a notebook cell (each an <img> with its alt text)."""

    def __init__(self, *pictures):
        self.pictures = pictures

    def _repr_html_(self) -> str:
        cells = "".join(f'<div style="margin:0 1.2em 0.6em 0">{p._repr_html_()}</div>'
                        for p in self.pictures)
        return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{cells}</div>'


# ====================================================================== quick questions

class QuickQuestion(W.VBox):
    """«Проверьте себя» for a fact the engine can compute: choose an answer, «Проверить»
    compares it with `answer()` (a callable that asks the engine) and explains."""

    def __init__(self, prompt: str, options, answer, explain: str = ""):
        self.right = answer()
        self.explain = explain
        self.choice = W.RadioButtons(options=list(options), value=None, description="Ответ:",
                                     layout=W.Layout(width="max-content"))
        self.check = W.Button(description="Проверить", button_style="primary", icon="check")
        self.feedback = W.HTML()
        self.check.on_click(lambda _: self.submit())
        super().__init__([W.HTML(_html(f"<b>{html.escape(prompt)}</b>")), self.choice,
                          self.check, self.feedback])

    def submit(self) -> bool | None:
        """Check the chosen answer; None when nothing is chosen yet."""
        if self.choice.value is None:
            self.feedback.value = _html("Сначала выберите ответ.")
            return None
        ok = self.choice.value == self.right
        label = next(lab for lab, val in self.choice.options if val == self.right)
        head = ("<b style='color:#1e7b34'>Верно!</b>" if ok else
                f"<b style='color:#a8201a'>Неверно.</b> Правильный ответ: {html.escape(label)}.")
        self.feedback.value = _html(head + (" " + html.escape(self.explain) if self.explain else ""))
        return ok


# ====================================================================== the trump seven

SEVEN_PRESETS = [
    ("Основные правила (источник 001)", "canonical"),
    ("Источник 003: семёрка считается только при обмене", "seed_003"),
    ("Источник 004 (как 003)", "seed_004"),
    ("Источник 002: 10 очков за семёрку, сыгранную во взятку", "seed_002"),
    ("Источник 000-A: за обмен и за взятку семёркой", "seed_000A"),
    ("Источник 000-C (клубные правила)", "seed_000C"),
    ("Источник 000-E: обмен стоит 20 очков", "seed_000E"),
]
SEVEN_POSITIONS = [
    ("Открыт король, у вас козырная семёрка", "plain"),
    ("Открыта семёрка (сдатчику уже 10 очков)", "seven_up"),
    ("Одну семёрку вы уже обменяли, у вас вторая", "exchanged"),
    ("Вы берёте взятку козырной семёркой", "won_with_seven"),
]
YOU, OPP = 1, 0          # you are the non-dealer (seat 1), the opponent deals (seat 0)

# Trump: hearts. The hands hold no combination, so only seven actions are on offer. You win
# three small tricks first (000-E allows declarations only from the fourth trick won), then
# the trick of the position; the stock starts with small cards that cannot form a meld.
_SMALL_TRICKS = [(YOU, "9S"), (OPP, "8S"), (YOU, "9D"), (OPP, "8D"), (YOU, "9C"), (OPP, "8C")]
_SEVEN_DEALS = {
    #   your hand                       opponent's hand                 turn-up  the rest of the play
    "plain": ("7H#1 9S 9D 9C AC TD JS 7S", "8S 8D 8C 7C 7D TS JH 9H", "KH",
              [(YOU, "AC"), (OPP, "7C")]),
    "seven_up": ("7H#1 9S 9D 9C AC TD JS 7S", "8S 8D 8C 7C 7D TS JH 9H", "7H#2",
                 [(YOU, "AC"), (OPP, "7C")]),
    "exchanged": ("7H#1 7H#2 9S 9D 9C AC TD JS", "8S 8D 8C 7C 7D TS JH 9H", "KH",
                  [(YOU, "AC"), (OPP, "7C"), ("exchange", "7H#1"), (YOU, "TD"), (OPP, "7D")]),
    "won_with_seven": ("7H#1 7H#2 9S 9D 9C 7S TD JH", "8S 8D 8C JS 7D 7C TS JD", "KH",
                       [(YOU, "7S"), (OPP, "JS"), (OPP, "7C"), (YOU, "7H#1")],
                       "9S#2 9C#2 8S#2 8C#2 7S#2 7C#2 9D#2 8D#2"),   # no club for you (003)
}


def seven_position(rules: RuleSet, position: str = "plain") -> Deal:
    """A real deal right after you won a phase-1 trick, holding a trump seven (§5)."""
    mine, theirs, up, moves, *top = _SEVEN_DEALS[position]
    hands = [parse_cards(theirs), parse_cards(mine)]
    used = set(hands[0] + hands[1])
    turn_up = parse_cards(up, taken=used)[0]
    used.add(turn_up)
    small = parse_cards(top[0]) if top else \
        [c for c in make_pack(2) if c not in used and c.rank in "987" and c.suit != "H"]
    rest = [c for c in make_pack(2) if c not in used and c not in small]
    random.Random(5).shuffle(rest)
    deal = Deal(rules, OPP, hands, turn_up, small + rest)
    for who, token in _SMALL_TRICKS + moves:
        if who == "exchange":
            seven = parse_cards(token)[0]
            deal.apply(next(d for d in deal.legal_declarations(YOU)
                            if d.meld == SEVEN_EXCHANGE and d.cards == (seven,)), YOU)
            continue
        if deal.stage == "declare":
            deal.apply(PASS, deal.to_act)
        deal.apply(play(parse_cards(token)[0]), who)
    return deal


class SevenDemo(W.VBox):
    """A position after a won trick with a trump seven in hand: the engine's legal seven
    actions (for the chosen source) as buttons; pressing one applies it to the real deal."""

    def __init__(self, preset: str = "canonical", position: str = "plain"):
        self.preset = W.Dropdown(options=SEVEN_PRESETS, value=preset, description="Правила:",
                                 style=_WIDE, layout=W.Layout(width="max-content"))
        self.position = W.Dropdown(options=SEVEN_POSITIONS, value=position,
                                   description="Позиция:", style=_WIDE,
                                   layout=W.Layout(width="max-content"))
        self.canvas = CardCanvas(name="Стол", scale=0.85)
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.reset = W.Button(description="Начать сначала", icon="undo")
        self.status = W.HTML()
        self.done: list[str] = []
        self.preset.observe(lambda _: self.restart(), names="value")
        self.position.observe(lambda _: self.restart(), names="value")
        self.reset.on_click(lambda _: self.restart())
        super().__init__([self.preset, self.position, self.canvas, W.HTML("Что можно сделать:"),
                          self.actions, self.status, self.reset])
        self.restart()

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.preset.value)

    def restart(self) -> None:
        self.deal = seven_position(self.rules, self.position.value)
        self.start = len(self.deal.log)
        self.acted = False
        self.render()

    def choices(self) -> list:
        """The engine's legal declarations for you now (only seven actions in this position)."""
        return self.deal.legal_declarations(YOU)

    def press(self, action) -> None:
        """Apply a legal action (a Declaration or PASS) for you, as a button does."""
        self.deal.apply(action, YOU)
        self.acted = True
        self.render()

    def label(self, d) -> str:
        if d.meld == SEVEN_EXCHANGE:
            return f"Обменять {d.cards[0].ru} на открытый {self.deal.turn_up.ru}: +{points(d.points)}"
        return f"Показать {d.cards[0].ru}: +{points(d.points)}"

    def render(self) -> None:
        d = self.deal
        last = next(e for e in reversed(d.log) if e[0] == "trick")
        self.canvas.show_scene(d.hands[YOU], opponent=len(d.hands[OPP]), stock=d.stock_count,
                               turn_up=d.turn_up, trick=list(zip(("ход", "ответ"), last[2])),
                               winner=last[3].index(last[1]),
                               highlighted={c for c in d.hands[YOU] if c.face == ("7", d.trump)},
                               names=("Вы", "Соперник"))
        buttons = []
        if d.stage == "declare" and d.to_act == YOU:
            for decl in self.choices():
                b = W.Button(description=self.label(decl), button_style="success",
                             layout=W.Layout(width="auto"))
                b.on_click(lambda _, decl=decl: self.press(decl))
                buttons.append(b)
            b = W.Button(description="Ничего не объявлять", layout=W.Layout(width="auto"))
            b.on_click(lambda _: self.press(PASS))
            buttons.append(b)
        self.actions.children = buttons
        self.status.value = _html(self.describe())

    def describe(self) -> str:
        """The story of the position and the score, in Russian (events from the engine's log)."""
        d = self.deal
        names = ["Соперник", "Вы"]
        lines = []
        last = max(i for i, e in enumerate(d.log) if e[0] == "trick" and i < self.start)
        for i, e in enumerate(d.log):
            if e[0] in ("seven_turned", "seven_played", "declare") or i == last or (
                    e[0] == "draw" and e[1] == YOU and i >= self.start):
                line = describe_event(e, YOU, names)
                if line:
                    lines.append(line)
        if d.stage == "declare" and d.to_act == YOU:
            lines.append("Вы только что взяли взятку и ещё не добирали из талона. Что можно "
                         "сделать с семёркой, движок показывает на кнопках.")
        elif not self.acted:
            lines.append("Вы взяли взятку, но по этим правилам с семёркой сейчас сделать нечего: "
                         "оба игрока сразу добрали по карте из талона.")
        else:
            lines.append(f"Открытый козырь теперь — {d.turn_up.ru}. Оба добрали по карте из "
                         "талона (вы — первым), и вы ходите.")
        lines.append(f"Ваши очки за объявления: <b>{d.declared[YOU]}</b>; у соперника: "
                     f"{d.declared[OPP]}.")
        return "<br>".join(lines)


class SevenTable:
    """What each source's rules offer for a trump seven, computed on the demo's positions:
    a table for the chapter (HTML), every cell asked of the engine."""

    COLUMNS = ("Источник", "Вариант seven_rule", "Открыт король", "Открыта семёрка",
               "Взятка взята семёркой")

    def rows(self) -> list[tuple[str, ...]]:
        out = []
        for label, preset in SEVEN_PRESETS:
            rules = RuleSet.preset(preset)

            def offer(position):
                acts = [("обмен" if d.meld == SEVEN_EXCHANGE else "показ") + f" +{d.points}"
                        for d in seven_position(rules, position).legal_declarations(YOU)]
                return ", ".join(acts) or "ничего"
            auto = seven_position(rules, "won_with_seven").declared[YOU]
            out.append((label.split(":")[0], rules.seven_rule,
                        offer("plain"), offer("seven_up"),
                        f"сразу +{auto}" if auto else "ничего"))
        return out

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.COLUMNS)
        body = "".join(f"<tr><td>{html.escape(row[0])}</td><td><code>{row[1]}</code></td>"
                       + "".join(f"<td>{html.escape(x)}</td>" for x in row[2:]) + "</tr>"
                       for row in self.rows())
        return (f'<table class="table bezique-seven-table"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")
