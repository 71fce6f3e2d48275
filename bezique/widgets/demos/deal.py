"""Demos of the deal (chapters 02 and 03): who deals, how the cards are dealt, the stock.

* `CutForDeal` — both players cut; the engine's `game.cut_for_deal` says who deals first;
* `DealStepper` — a real seeded deal (`deal.deal_cards` and the packet pattern of the rules),
  packet by packet, then the turn-up and the stock;
* `stock_picture` — the stock face down and the turn-up beside it.

Nothing here knows a rule of its own. Every picture is a `CardCanvas` (or a `Picture`), so it
stays visible in the static book, and every control has a Russian label.
"""

from __future__ import annotations

import random

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card
from ...deal import PATTERNS, Deal, deal_cards
from ...events import AceTurnedEvent, SevenTurnedEvent
from ...game import cut_for_deal
from ...ru import capitalize, plural, points, source_name
from ...rules import RuleSet
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas, Picture
from ..render.layout import layout_stock
from .common import WIDE, four_colour_box, html_block, other_sources_box, redraw


# ====================================================================== cutting for the deal

CUT_NOTE = (f"По правилу {source_name('001', genitive=True)} сдаёт тот, у кого младшая "
            "карта. Переключите правило — карты останутся те же, а сдавать будет другой.")
CUT_RULES = [("Сдаёт тот, у кого старшая карта (основное правило курса)", "high"),
             (f"Сдаёт тот, у кого младшая карта (по правилу "
              f"{source_name('001', genitive=True, with_code=False)})", "low")]
PLAYERS = ("Анна", "Борис")


class CutForDeal(OnPage, W.VBox):
    """Both players cut; the engine's `cut_for_deal` says who deals first (C-01)."""

    static_hint = ("Здесь можно снять колоду ещё раз — под картами будет сказано, кто сдаёт "
                   "первым; в свёрнутом блоке «В других источниках» — правило справочника.")

    def __init__(self, seed: int = 3, rule: str = "high"):
        self.seed, self.count = seed, 0
        self.rule = Menu(options=CUT_RULES, value=rule, description="Правило:",
                         style=WIDE, layout=W.Layout(width="max-content"))
        self.other = other_sources_box(CUT_NOTE, self.rule, open_=rule != "high")
        self.again = W.Button(description="Снять ещё раз", icon="refresh")
        self.canvas = CardCanvas(name="Снятые карты")
        self.result = W.HTML()
        self.rule.observe(lambda _: self.render(), names="value")
        self.again.on_click(lambda _: self.recut())
        super().__init__([self.canvas, self.again, self.result, self.other])
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
        self.result.value = html_block("<br>".join(lines))


# ====================================================================== the deal, step by step

_CLUB = source_name("000-C", with_code=False)
PATTERN_OPTIONS = [("по 3, 2, 3 карты (основное правило)", "3-2-3"),
                   ("по одной карте (клубный и старый тексты)", "1x8"),
                   (f"по 3, 3, 2 карты ({_CLUB})", "3-3-2"),
                   (f"по 6, 1, 1 карте ({_CLUB})", "6-1-1")]
SEAT_NAMES = ("Сдатчик", "Соперник сдатчика")
DEAL_NOTE = (f"{capitalize(source_name('000-C'))} и {source_name('000-E')} сдают и по-другому; "
             "клубный текст ещё и даёт надбавки при сдаче за открытого туза или семёрку. "
             "Выберите их способ — колода останется той же.")


class DealStepper(OnPage, W.VBox):
    """A real seeded deal (`deal_cards`), packet by packet: both hands, the pack, then the
    turn-up and the stock of 47. The dealer is seat 0, the non-dealer seat 1."""

    static_hint = ("Здесь можно сдавать карты по шагам и выбрать номер сдачи — карты лягут в "
                   "обе руки, талон и открытый козырь; в свёрнутом блоке «В других источниках» — "
                   "другие способы сдачи.")

    def __init__(self, seed: int = 1, pattern: str = "3-2-3", club_bonuses: bool = False):
        self.step = 0
        self.pattern = Menu(options=PATTERN_OPTIONS, value=pattern,
                            description="Как сдавать:", style=WIDE,
                            layout=W.Layout(width="max-content"))
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.club = W.Checkbox(value=club_bonuses, indent=False, style=WIDE,
                               description=f"Клубные надбавки при сдаче ({_CLUB})")
        self.other = other_sources_box(DEAL_NOTE, self.pattern, self.club,
                                       open_=pattern != "3-2-3" or club_bonuses)
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
        super().__init__([W.HBox([self.seed, four_colour_box([self.top, self.middle, self.bottom],
                                                             short=True)],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.top, self.middle,
                          self.bottom, W.HBox([self.next, self.all, self.again, self.new],
                                 layout=W.Layout(flex_flow="row wrap")), self.status, self.other])
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
            redraw(cc, (tuple(hand), fresh), lambda cc=cc, p=p, hand=hand, fresh=fresh: cc.show_hand(
                hand, highlighted=fresh, order="alternate",
                caption=f"{SEAT_NAMES[p]}: {plural(len(hand), 'карта')}"))
        left = self.deal.rules.pack_size - dealt - (1 if turned else 0)
        up = self.turn_up if turned else None
        pile = "талон" if turned else "колода"        # the stock only once the deal is done
        redraw(self.middle, (left, up), lambda: self.middle.show_stock(left, up, pile=pile))
        self.next.disabled = self.all.disabled = turned
        self.status.value = html_block(self.describe())

    def describe(self) -> str:
        """What the last step did, in Russian."""
        if self.step == 0:
            return ("Сдатчик перетасовал колоду, соперник её снял. Нажмите «Следующий шаг»: "
                    "сдатчик раздаёт карты порциями, начиная с себя.")
        if self.step <= len(self.steps):
            seat, packet = self.steps[self.step - 1]
            dealt = sum(len(p) for _, p in self.steps[:self.step])
            who = "сдатчик берёт себе" if seat == 0 else "соперник сдатчика получает"
            return (f"Шаг {self.step} из {self.total_steps}: {who} {plural(len(packet), 'карта', 'acc')} "
                    f"({', '.join(c.ru for c in packet)}). Роздано {dealt} из 16, "
                    f"в колоде {plural(self.deal.rules.pack_size - dealt, 'карта')}.")
        up, d = self.turn_up, self.deal
        lines = [f"Шаг {self.step} из {self.total_steps}: у каждого по восемь карт. Семнадцатую "
                 f"карту открывают: <b>{up.ru} ({up.name_ru})</b>, значит, козыри — "
                 f"{SUIT_NAME_RU[up.suit]}. Под ней или рядом лежит талон: "
                 f"{plural(d.stock_count, 'карта')} рубашкой вверх."]
        for event in d.log:
            if type(event) is SevenTurnedEvent:
                lines.append(f"Открыта семёрка: сдатчик сразу записывает себе {points(event.points)}.")
            elif type(event) is AceTurnedEvent:
                lines.append(f"Открыт козырной туз: по правилу {source_name('000-C', genitive=True, with_code=False)} сдатчику "
                             f"+{points(event.points)}.")
        if d.rules.deal_bonus_seven_opponent_malus and up.rank == "7":
            lines.append(f"По тому же клубному правилу у соперника сдатчика вычитают "
                         f"{points(d.rules.deal_bonus_seven_opponent_malus)}.")
        score = [f"{SEAT_NAMES[p].lower()} {d.declared[p]:+d}" for p in (0, 1) if d.declared[p]]
        if score:
            lines.append("Очки после сдачи: " + ", ".join(score) + ".")
        lines.append(f"Первым ходит {SEAT_NAMES[d.to_act].lower()}.")
        return "<br>".join(lines)


def stock_picture(count: int, turn_up: Card | None = None, caption: str | None = None,
                  scale: float = 0.9) -> Picture:
    """The stock (face down, with its count) and the turn-up beside it."""
    return Picture(layout_stock(count, turn_up, caption=caption, scale=scale))
