"""Demos of the chapters on melds (06) and on re-using cards in melds (07).

* `meld_gallery` — a picture of every meld with its points: each sample is put to the engine's
  `enumerate_declarations`, so the names and points come from the engine, not from this file.
* `MeldBuilder` («Соберите комбинацию») — click cards of a pool; the engine names the meld and
  its points, or says why the cards are not a meld (`explain_illegal` / `shape_problem`).
* `DeclarationHistory` («История объявлений») — a history of scored declarations that the
  learner edits (declare, play cards, remove an entry); for the cards held now the engine lists
  what is legal (`positions.solve`) and why each tempting combination is not (`explain_illegal`).
* `timing_story` and `pending_story` — real scripted deals (`Deal`) showing when one may declare
  and the «…очков за мной» custom, with the engine's own refusals.

Nothing here decides a rule; every answer is the engine's. Every picture is a `CardCanvas` or a
`Picture`, so the static book shows it too, and every control has a Russian label.
"""

from __future__ import annotations

import html
import random
import re
from typing import Iterable, NamedTuple

import ipywidgets as W

from ..actions import PASS, announce, declare, play
from ..cards import SUIT_NAME_RU, SUIT_SYMBOL, Card, make_pack, parse_card, parse_cards, sort_cards
from ..deal import Deal
from ..errors import IllegalAction
from ..narrate import describe_event
from ..melds import (CARTE_BLANCHE, FOUR_OF, Declaration, MeldContext, MeldState,
                     enumerate_declarations, explain_illegal, points_of, reuse_problem,
                     shape_problem)
from ..positions import Position, solve
from ..ru import capitalize, meld_name, points
from ..rules import RuleSet
from babel import Locale
from .canvas import CardCanvas, Picture
from .layout import layout_hand, layout_scene

_PLURAL = Locale("ru").plural_form
SUIT_OPTIONS = [(f"{SUIT_SYMBOL[s]} {SUIT_NAME_RU[s]}", s) for s in "SHDC"]
_WIDE = {"description_width": "initial"}


def _html(text: str) -> str:
    return f'<div style="line-height:1.5">{text}</div>'


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _four_colour_box(canvases) -> W.Checkbox:
    """A «четыре цвета мастей» switch for the canvases of a demo."""
    box = W.Checkbox(value=False, description="Четыре цвета мастей (♣ зелёные, ♦ синие)",
                     style=_WIDE, indent=False, layout=W.Layout(width="auto"))

    def flip(change):
        for cc in canvases:
            cc.four_colour = change["new"]
    box.observe(flip, names="value")
    return box


_UNSET = object()


def _draw(cc: CardCanvas, key, draw) -> None:
    """Redraw a canvas only when what it shows has changed (`key`)."""
    if getattr(cc, "_demo_key", _UNSET) != key:
        cc._demo_key = key
        draw()


class Gallery:
    """Pictures side by side in a notebook cell (each an <img> with its alt text)."""

    def __init__(self, pictures):
        self.pictures = list(pictures)

    def __repr__(self) -> str:
        return "Картинки: " + " | ".join(getattr(p, "alt", None) or repr(p) for p in self.pictures)

    def _repr_html_(self) -> str:
        cells = "".join(f'<div style="margin:0 1.2em 0.8em 0">{p._repr_html_()}</div>'
                        for p in self.pictures)
        return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end">{cells}</div>'


def cards_of(text: str | Iterable[Card]) -> list[Card]:
    return parse_cards(text) if isinstance(text, str) else list(text)


def sample_turn_up(trump: str) -> Card:
    """A turn-up for the samples: a nine of trumps (no sample uses nines)."""
    return Card("9", trump, 1)


def meld_context(rules: RuleSet, trump: str) -> MeldContext:
    """The engine's context right after a won trick, nothing yet declared this turn."""
    return MeldContext(rules, trump, sample_turn_up(trump), False)


def find_meld(meld: str, cards: str | Iterable[Card], rules: RuleSet | None = None,
              trump: str = "H") -> Declaration | None:
    """The engine's entry for exactly these cards as this meld (fresh history), or None."""
    rules = rules or RuleSet()
    cards = cards_of(cards)
    for d in enumerate_declarations(cards, MeldState(), meld_context(rules, trump)):
        if d.meld == meld and set(d.cards) == set(cards):
            return d
    return None


# ====================================================================== the meld gallery

# (meld id, cards, preset, trump): one sample of each meld. Points come from the engine.
MELD_SAMPLES = [
    ("marriage", "К♠ Д♠", "canonical", "H"),
    ("royal_marriage", "К♥ Д♥", "canonical", "H"),
    ("sequence", "Т♥ 10♥ К♥ Д♥ В♥", "canonical", "H"),
    ("bezique", "Д♠ В♦", "canonical", "H"),
    ("double_bezique", "Д♠ Д♠ В♦ В♦", "canonical", "H"),
    ("four_aces", "Т♠ Т♥ Т♣ Т♦", "canonical", "H"),
    ("four_kings", "К♠ К♥ К♣ К♦", "canonical", "H"),
    ("four_queens", "Д♠ Д♠ Д♥ Д♣", "canonical", "H"),
    ("four_jacks", "В♥ В♣ В♦ В♦", "canonical", "H"),
    ("trump_seven", "7♥", "canonical", "H"),
]
OPTIONAL_SAMPLES = [
    ("double_marriage", "К♣ К♣ Д♣ Д♣", "seed_000E", "H", "двойной марьяж (003, 000-E)"),
    ("double_marriage", "К♥ К♥ Д♥ Д♥", "seed_000E", "H", "двойной козырный марьяж (003, 000-E)"),
    ("plain_quint", "Т♠ 10♠ К♠ Д♠ В♠", "seed_000E", "H", "некозырная квинта (000-E)"),
    ("two_trump_sevens", "7♥ 7♥", "seed_000E", "H", "две козырные семёрки (000-E)"),
    ("bezique", "Д♣ В♥", "seed_000A", "S", "безик при козырях пики (000-A)"),
]
CARTE_BLANCHE_SAMPLE = "Т♠ 10♠ 9♥ 8♥ Т♦ 7♦ 10♣ 9♣"


def gallery_items(optional: bool = False) -> list[tuple[Declaration, str]]:
    """(the engine's declaration, caption) for every sample; a sample the engine rejects raises."""
    out = []
    samples = OPTIONAL_SAMPLES if optional else [(*s, None) for s in MELD_SAMPLES]
    for meld, text, preset, trump, label in samples:
        d = find_meld(meld, text, RuleSet.preset(preset), trump)
        if d is None:
            raise ValueError(f"the engine does not see {meld} in {text}")
        name = label or meld_name(meld)
        out.append((d, f"{capitalize(name)} — {points(d.points)}"))
    return out


def carte_blanche_item(rules: RuleSet | None = None) -> tuple[list[Card], int]:
    """A hand without court cards and its points under 000-C's rules (engine: shape, points)."""
    rules = rules or RuleSet.preset("seed_000C")
    cards = parse_cards(CARTE_BLANCHE_SAMPLE)
    if shape_problem(CARTE_BLANCHE, tuple(cards), rules, "H"):
        raise ValueError("not a carte blanche")
    return cards, points_of(CARTE_BLANCHE, tuple(cards), rules, "H")


def meld_gallery(optional: bool = False, four_colour: bool = False, scale: float = 0.8) -> Gallery:
    """Every meld on cards with the engine's points: the ten standard ones (trump ♥), or the
    optional ones of some sources (`optional=True`, with carte blanche)."""
    pics = []
    for d, cap in gallery_items(optional):
        # Show the cards as the sample lists them (Д♣ В♥ rather than card order В♥ Д♣).
        samples = OPTIONAL_SAMPLES if optional else MELD_SAMPLES
        text = next(t for m, t, *_ in samples if m == d.meld and set(parse_cards(t)) == set(d.cards))
        pics.append(Picture(layout_hand(parse_cards(text), order=None, scale=scale, caption=cap,
                                        four_colour=four_colour)))
    if optional:
        cards, pts = carte_blanche_item()
        cap = f"Карт-бланш (000-C) — {points(pts)}"
        pics.append(Picture(layout_hand(cards, scale=scale * 0.8, caption=cap,
                                        four_colour=four_colour)))
    return Gallery(pics)


def verdict_picture(cards: str | Iterable[Card], trump: str, rules: RuleSet | None = None,
                    scale: float = 0.8, four_colour: bool = False) -> Picture:
    """Cards with the engine's verdict as caption: «Безик — 40 очков» or why it is no meld."""
    rules = rules or RuleSet()
    cards = cards_of(cards)
    ctx = meld_context(rules, trump)
    found = [d for d in enumerate_declarations(cards, MeldState(), ctx) if set(d.cards) == set(cards)]
    if found:
        cap = f"{capitalize(meld_name(found[0].meld))} — {points(found[0].points)}"
    else:
        cap = "Не комбинация. " + why_not_meld(cards, rules, trump)
    cap = f"Козырь — {SUIT_NAME_RU[trump]}. {cap}"
    return Picture(layout_hand(cards, order=None, scale=scale, caption=cap,
                               four_colour=four_colour))


# ====================================================================== what did the learner mean?

def guess_meld(cards: Iterable[Card], trump: str | None) -> str | None:
    """The meld a learner most likely means by these cards (only to choose which of the engine's
    explanations to show; legality is never decided here)."""
    cards = list(cards)
    if not cards:
        return None
    ranks = {c.rank for c in cards}
    n = len(cards)
    if "7" in ranks:
        return "trump_seven" if n == 1 else "two_trump_sevens"
    if len(ranks) == 1 and n > 1:
        rank = next(iter(ranks))
        return FOUR_OF.get(rank, "other_four")
    if ranks & {"A", "T"} or n == 5:
        return "sequence"
    if ranks <= {"Q", "J"} and ranks == {"Q", "J"}:
        return "bezique" if n <= 2 else "double_bezique"
    if ranks <= {"K", "Q"}:
        if n == 4:
            return "double_marriage"
        if trump is not None and {c.suit for c in cards} == {trump}:
            return "royal_marriage"
        return "marriage"
    if ranks & {"K", "Q", "J"}:
        return "marriage"
    return None


def why_not_meld(cards: Iterable[Card], rules: RuleSet, trump: str) -> str:
    """The engine's Russian reason why these cards (with no history) are not a meld."""
    cards = tuple(sort_cards(cards))
    meld = guess_meld(cards, trump)
    if meld == "other_four":
        kinds = ", ".join(meld_name(m) for m in FOUR_OF.values())
        return f"Таких четвёрок нет: четвёрки бывают только такие — {kinds}."
    if meld is None:
        return "Из таких карт комбинация не складывается."
    return explain_illegal(meld, cards, set(cards), MeldState(), meld_context(rules, trump)).message


# ====================================================================== «Соберите комбинацию»

MELD_RULES = [
    ("Основные правила курса", "canonical"),
    ("Источник 003: есть двойной марьяж", "seed_003"),
    ("Источник 000-E: двойной марьяж, некозырная квинта, две козырные семёрки", "seed_000E"),
    ("Источник 000-A: при козырях пики или бубны безик — Д♣ и В♥", "seed_000A"),
    ("Многоколодный безик (000-D): четвёрка только из разных мастей", "distinct_suits"),
]
POOL = "Т♠ 10♠ К♠ К♠ Д♠ Д♠ В♠ Т♣ К♣ Д♣ В♣ Т♥ 10♥ К♥ Д♥ В♥ 7♥ 7♥ Т♦ К♦ В♦ В♦"
OPTIONAL_NOTE = {
    "double_marriage": "Двойной марьяж считают только некоторые источники (003 и 000-E).",
    "plain_quint": "Некозырную квинту считает только старый текст 000-E.",
    "two_trump_sevens": "Две козырные семёрки одним объявлением считает только 000-E.",
}


def rules_for(key: str) -> RuleSet:
    if key == "distinct_suits":
        return RuleSet().with_options(four_of_kind_distinct_suits=True)
    return RuleSet.preset(key)


class MeldBuilder(W.VBox):
    """«Соберите комбинацию»: click cards of a pool (multi-select); the engine names the meld and
    its points, or explains in Russian why the cards are not a meld. A trump selector and a
    choice of rules (the optional melds of some sources)."""

    def __init__(self, trump: str = "H", rules: str = "canonical", pick: str = ""):
        self.pool = parse_cards(POOL)
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.rules_list = W.Dropdown(options=MELD_RULES, value=rules, description="Правила:",
                                     style=_WIDE, layout=W.Layout(width="max-content"))
        # Two rows: black suits above, red suits below (eleven cards each, no overlap).
        self.canvas = CardCanvas(select_mode="multi", name="Пики и трефы", scale=0.8)
        self.canvas_red = CardCanvas(select_mode="multi", name="Черви и бубны", scale=0.8)
        self.rows = ((self.canvas, "SC"), (self.canvas_red, "HD"))
        self.clear = W.Button(description="Снять выбор", icon="times",
                              tooltip="Снять выделение со всех карт")
        self.result = W.HTML()
        self.hint = W.HTML()
        self.hint_box = W.Accordion(children=[self.hint], titles=("Подсказка: что здесь можно собрать",))
        self.hint_box.selected_index = None
        # The canvas redraws itself when the selection changes; only the verdict is new then.
        for cc, _ in self.rows:
            cc.observe(lambda _: self.update_text(), names="selected")
        self.trump.observe(lambda _: self.render(), names="value")
        self.rules_list.observe(lambda _: self.render(), names="value")
        self.clear.on_click(lambda _: self.select([]))
        super().__init__([self.trump, self.rules_list, self.canvas, self.canvas_red, self.result,
                          W.HBox([self.clear, _four_colour_box([self.canvas, self.canvas_red])],
                                 layout=W.Layout(flex_flow="row wrap")), self.hint_box])
        self.render()
        self.select(self._find(pick) if pick else [])

    @property
    def rules(self) -> RuleSet:
        return rules_for(self.rules_list.value)

    def _find(self, text: str) -> list[Card]:
        """Pool cards for a typed list («К♠ Д♠»): the first free copy of each face."""
        out: list[Card] = []
        for face in (c.face for c in parse_cards(text)):
            out.append(next(c for c in self.pool if c.face == face and c not in out))
        return out

    def select(self, cards: Iterable[Card]) -> None:
        """Select exactly these cards (as clicks would)."""
        cards = set(cards)
        for cc, suits in self.rows:
            cc.selected = {c for c in cards if c.suit in suits}
        self.update_text()

    def click(self, card: Card) -> None:
        """Click a card of the pool: select or unselect it."""
        next(cc for cc, suits in self.rows if card.suit in suits).click_card(card)

    @property
    def selected(self) -> set[Card]:
        return self.canvas.selected | self.canvas_red.selected

    def declarations(self) -> list[Declaration]:
        """The engine's declarations made of exactly the selected cards (fresh history)."""
        chosen = set(self.selected)
        if not chosen:
            return []
        ctx = meld_context(self.rules, self.trump.value)
        return [d for d in enumerate_declarations(chosen, MeldState(), ctx) if set(d.cards) == chosen]

    def verdict(self) -> str:
        chosen = sort_cards(self.selected)
        if not chosen:
            return ("Щёлкните по картам, из которых хотите собрать комбинацию, — например, по "
                    "королю и даме одной масти. Щелчок по выбранной карте снимает выбор.")
        shown = " ".join(c.ru for c in chosen)
        found = self.declarations()
        if found:
            lines = []
            for d in found:
                lines.append(f"<b>{_esc(capitalize(meld_name(d.meld)))} — {points(d.points)}.</b>")
            note = OPTIONAL_NOTE.get(found[0].meld)
            if note:
                lines.append(_esc(note))
            return f"Выбрано: {shown}.<br>" + "<br>".join(dict.fromkeys(lines))
        return (f"Выбрано: {shown}.<br><b>Это не комбинация.</b> "
                + _esc(why_not_meld(chosen, self.rules, self.trump.value)))

    def hint_text(self) -> str:
        """Every meld the pool holds under these rules (the engine's list, one line a meld)."""
        ctx = meld_context(self.rules, self.trump.value)
        by_meld: dict[str, list] = {}
        for d in enumerate_declarations(self.pool, MeldState(), ctx):
            faces = " ".join(c.ru for c in d.cards)
            by_meld.setdefault((d.meld, d.points), [])
            if faces not in by_meld[(d.meld, d.points)]:
                by_meld[(d.meld, d.points)].append(faces)
        lines = []
        for (meld, pts), variants in by_meld.items():
            more = f" и ещё {len(variants) - 2}" if len(variants) > 2 else ""
            lines.append(f"{_esc(capitalize(meld_name(meld)))} — {points(pts)}: "
                         f"{'; '.join(variants[:2])}{more}")
        return _html("<br>".join(lines))

    def render(self) -> None:
        trump = self.trump.value
        names = {"SC": "Пики и трефы", "HD": "Черви и бубны"}
        for cc, suits in self.rows:
            cards = [c for c in self.pool if c.suit in suits]
            cc.show_hand(cards, order=None, lift=True, title=names[suits],
                         highlighted={c for c in cards if c.suit == trump},
                         caption=None if suits == "SC" else
                         f"Козырь — {SUIT_NAME_RU[trump]} (козыри обведены). Щёлкайте по "
                         "картам, чтобы выбрать их.")
        self.hint.value = self.hint_text()
        self.update_text()

    def update_text(self) -> None:
        self.result.value = _html(self.verdict())


# ====================================================================== «История объявлений»

class Scenario(NamedTuple):
    title: str
    trump: str
    hand: str
    table: str = ""
    played: str = ""
    history: tuple = ()           # ((meld, "QS#1 JD#1"), …) already scored, oldest first
    hint: str = ""


SCENARIOS = {
    "queen": Scenario(
        "Одна дама пик в трёх комбинациях", "H", "К♠ Д♠ В♦ Д♥ Д♦ Д♣ 9♣",
        hint="Объявите марьяж К♠ Д♠, затем безик Д♠ В♦, затем четыре дамы: одна и та же дама "
             "пик служит во всех трёх — это комбинации разного рода."),
    "sequence": Scenario(
        "Козырный марьяж и секвенция", "S", "Т♠ 10♠ К♠ Д♠ В♠ 7♦ 9♣",
        hint="Сначала козырный марьяж К♠ Д♠, потом секвенция — всего 290 очков. Или секвенция "
             "сразу — и попробуйте потом объявить марьяж."),
    "bezique": Scenario(
        "Безик и двойной безик", "H", "Д♠ Д♠ В♦ В♦ 8♣ 9♣ 9♦",
        hint="Сначала простой безик, потом двойной — 40 + 500. Или двойной сразу — и попробуйте "
             "потом объявить простой."),
    "two_singles": Scenario(
        "Два отдельных безика", "H", "8♣ 9♣ 9♦", "Д♠#1 В♦#1 Д♠#2 В♦#2",
        history=(("bezique", "QS#1 JD#1"), ("bezique", "QS#2 JD#2")),
        hint="Оба безика уже засчитаны по отдельности. Можно ли теперь объявить двойной?"),
    "fours": Scenario(
        "Четвёрку не пополнить", "C", "Д♠#2 Д♥#2 Д♦#2 Д♣#2", "Д♠#1 Д♥#1 Д♦#1 Д♣#1",
        history=(("four_queens", "QS#1 QH#1 QD#1 QC#1"),),
        hint="Четыре дамы на столе уже засчитаны. Сыграйте даму червей со стола и попробуйте "
             "добавить к трём оставшимся даму с руки. А четыре новые дамы с руки?"),
    "married_king": Scenario(
        "Король уже был в марьяже", "S", "К♥#2 Д♥#2 9♣ 8♦ 7♣", "К♥#1", "Д♥#1",
        history=(("marriage", "KH#1 QH#1"),),
        hint="Король червей со стола уже был женат на сыгранной даме. Можно ли женить его на "
             "второй даме червей? А второго короля?"),
    "broken": Scenario(
        "Разбитый безик", "H", "Д♠#2 В♦#2 8♣ 9♣ 7♦", "В♦#1", "Д♠#1",
        history=(("bezique", "QS#1 JD#1"),),
        hint="Дама пик из первого безика ушла во взятку. Какие безики ещё возможны?"),
    "table_only": Scenario(
        "Комбинация только из карт на столе", "H", "8♣ 9♣ 9♦", "К♠ К♥ К♦ К♣ Д♠ В♦",
        history=(("four_kings", "KS KH KD KC"), ("bezique", "QS JD")),
        hint="Все карты марьяжа К♠ Д♠ уже лежат на столе. Сравните основные правила и строгое "
             "правило «хотя бы одна карта с руки»."),
}
SCENARIO_OPTIONS = [(s.title, key) for key, s in SCENARIOS.items()]
HISTORY_RULES = [("Основные правила курса", "canonical"),
                 ("Строгое правило: в новой комбинации — хоть одна карта с руки", "strict")]


def scenario_cards(s: Scenario) -> tuple[list[Card], list[Card], list[Card]]:
    """Hand, table and played cards of a scenario; bare tokens get the lowest free copies."""
    parts = [s.hand.split(), s.table.split(), s.played.split()]
    cards = parse_cards(parts[0] + parts[1] + parts[2])
    a, b = len(parts[0]), len(parts[0]) + len(parts[1])
    return cards[:a], cards[a:b], cards[b:]


def _variants(n: int) -> str:
    """«1 похожий вариант», «3 похожих варианта», «5 похожих вариантов» (CLDR plurals)."""
    form = _PLURAL(n)
    word = {"one": "похожий вариант", "few": "похожих варианта"}.get(form, "похожих вариантов")
    return f"{n} {word}"


def where(card: Card, hand, table) -> str:
    """«Д♠ с руки», «В♦ со стола», «Д♠ во взятке» — where a card of a combination is."""
    if card in hand:
        return f"{card.ru} с руки"
    if card in table:
        return f"{card.ru} со стола"
    return f"{card.ru} во взятке"


class DeclarationHistory(W.VBox):
    """«История объявлений»: the learner's cards (on the table and in hand), the declarations
    already scored, and the cards played. Declare the selected cards, play them, remove an entry
    of the history; the engine lists what is legal now and why each tempting combination is not."""

    def __init__(self, scenario: str = "queen", rules: str = "canonical"):
        self.scenario = W.Dropdown(options=SCENARIO_OPTIONS, value=scenario,
                                   description="Пример:", style=_WIDE,
                                   layout=W.Layout(width="max-content"))
        self.rules_list = W.Dropdown(options=HISTORY_RULES, value=rules, description="Правила:",
                                     style=_WIDE, layout=W.Layout(width="max-content"))
        self.table_canvas = CardCanvas(select_mode="multi", name="На столе", scale=0.85)
        self.hand_canvas = CardCanvas(select_mode="multi", name="На руке")
        self.played_canvas = CardCanvas(name="Сыграно", scale=0.6)
        self.declare_button = W.Button(description="Объявить выбранные", icon="check",
                                       button_style="success",
                                       tooltip="Записать выбранные карты как объявленную комбинацию")
        self.play_button = W.Button(description="Сыграть выбранные", icon="arrow-up",
                                    tooltip="Отдать выбранные карты во взятку")
        self.undo_button = W.Button(description="Отменить шаг", icon="undo",
                                    tooltip="Вернуть всё, как было до последнего шага")
        self.reset_button = W.Button(description="Начать сначала", icon="refresh",
                                     tooltip="Вернуться к началу примера")
        self.hint = W.HTML()
        self.message = W.HTML()
        self.history_box = W.VBox()
        self.legal_html = W.HTML()
        self.declare_button.on_click(lambda _: self.declare_selected())
        self.play_button.on_click(lambda _: self.play_selected())
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.scenario.observe(lambda _: self.reset(), names="value")
        self.rules_list.observe(lambda _: self.render(), names="value")
        for cc in (self.table_canvas, self.hand_canvas):
            cc.observe(lambda _: self._on_select(), names="selected")
        super().__init__([
            W.HBox([self.scenario, self.rules_list], layout=W.Layout(flex_flow="row wrap")),
            self.hint, self.table_canvas, self.hand_canvas,
            W.HBox([self.declare_button, self.play_button, self.undo_button, self.reset_button],
                   layout=W.Layout(flex_flow="row wrap")),
            self.message, W.HTML("<b>Уже объявлено в этой сдаче:</b>"), self.history_box,
            self.played_canvas, self.legal_html,
            _four_colour_box([self.table_canvas, self.hand_canvas, self.played_canvas])])
        self.reset()

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> RuleSet:
        return RuleSet().with_options(require_card_from_hand=self.rules_list.value == "strict")

    def reset(self) -> None:
        s = SCENARIOS[self.scenario.value]
        self.trump = s.trump
        self.hand, self.table, self.played = scenario_cards(s)
        self.history = []
        for meld, text in s.history:
            cards = tuple(sort_cards(parse_card(t) for t in text.split()))
            self.history.append(Declaration(meld, cards, points_of(meld, cards, RuleSet(), s.trump)))
        self.undo_stack: list[tuple] = []
        self.say("")
        self.render(clear=True)

    def _snapshot(self) -> None:
        self.undo_stack.append((list(self.hand), list(self.table), list(self.played),
                                list(self.history)))

    def undo(self) -> None:
        if not self.undo_stack:
            self.say("Отменять нечего: это начало примера.")
            return
        self.hand, self.table, self.played, self.history = self.undo_stack.pop()
        self.say("Последний шаг отменён.")
        self.render(clear=True)

    @property
    def held(self) -> list[Card]:
        return self.hand + self.table

    def state(self) -> MeldState:
        """The engine's record of the history (what the re-use rules look at)."""
        st = MeldState()
        for d in self.history:
            st.record(d, self.trump)
        return st

    def context(self) -> MeldContext:
        return meld_context(self.rules, self.trump)

    @property
    def selected(self) -> list[Card]:
        return sort_cards(self.table_canvas.selected | self.hand_canvas.selected)

    def select(self, cards: Iterable[Card | str]) -> None:
        """Select exactly these cards (cards or tokens like «QS#2»), as clicks would."""
        chosen = {c if isinstance(c, Card) else parse_card(c) for c in cards}
        self.table_canvas.selected = {c for c in chosen if c in self.table}
        self.hand_canvas.selected = {c for c in chosen if c in self.hand}

    def _on_select(self) -> None:
        n = len(self.selected)
        self.declare_button.disabled = self.play_button.disabled = n == 0

    # ------------------------------------------------------------------ engine questions
    def legal(self) -> list[Declaration]:
        """What may be declared now with these cards and this history (the engine's solver)."""
        pos = Position("history", "declarations", self.rules, self.trump, hand=list(self.hand),
                       table=list(self.table), scored=list(self.history), won_trick=True,
                       turn_up=sample_turn_up(self.trump))
        out = []
        for e in solve(pos)["declarations"]:
            cards = tuple(parse_card(c) for c in e["cards"])
            out.append(Declaration(e["meld"], cards, e["points"]))
        return out

    def why(self, meld: str, cards: tuple[Card, ...]) -> str:
        """The engine's reason why this combination may not be declared now."""
        state, ctx = self.state(), self.context()
        held = set(self.held)
        plain = enumerate_declarations(self.held, state, ctx)
        if any(d.meld == meld and set(d.cards) == set(cards) for d in plain):
            # Legal by the re-use rules, refused only by the strict option (C-12b).
            return ("Все карты этой комбинации уже лежат на столе, а по строгому правилу в новой "
                    "комбинации должна быть хотя бы одна карта с руки.")
        return explain_illegal(meld, cards, held, state, ctx).message

    def tempting(self) -> list[tuple[Declaration, str, int]]:
        """Combinations the cards (held or already played) would make with no history, which are
        not legal now: (an example, the engine's reason, how many such variants)."""
        legal = {d.key for d in self.legal()}
        ctx = self.context()
        groups: dict[tuple, list] = {}
        for d in enumerate_declarations(self.held + self.played, MeldState(), ctx):
            if d.key in legal:
                continue
            reason = self.why(d.meld, d.cards)
            groups.setdefault((d.meld, reason), []).append(d)
        return [(ds[0], reason, len(ds)) for (meld, reason), ds in groups.items()]

    def describe(self, d: Declaration) -> str:
        return (f"{capitalize(meld_name(d.meld))} "
                f"({', '.join(where(c, self.hand, self.table) for c in d.cards)})")

    # ------------------------------------------------------------------ actions
    def say(self, text: str, ok: bool | None = None) -> None:
        colour = {True: "#1e7b34", False: "#a8201a", None: "#38465a"}[ok]
        self.message.value = _html(f"<span style='color:{colour}'>{text}</span>") if text else ""

    def declare_selected(self) -> Declaration | None:
        """Score the selected cards as a combination, if the engine allows it now."""
        cards = tuple(self.selected)
        if not cards:
            self.say("Сначала выберите карты комбинации щелчком.", False)
            return None
        found = [d for d in self.legal() if set(d.cards) == set(cards)]
        if not found:
            shaped = [d for d in enumerate_declarations(cards, MeldState(), self.context())
                      if set(d.cards) == set(cards)]
            if shaped:
                reason = self.why(shaped[0].meld, cards)
            else:
                reason = why_not_meld(cards, self.rules, self.trump)
            self.say("<b>Так объявить нельзя.</b> " + _esc(reason), False)
            self.render()
            return None
        d = found[0]
        self._snapshot()
        self.history.append(d)
        self.table += [c for c in d.cards if c in self.hand]
        self.hand = [c for c in self.hand if c not in d.cards]
        total = sum(x.points for x in self.history)
        self.say(f"<b>Засчитано: {_esc(meld_name(d.meld))} — {points(d.points)}.</b> Карты "
                 f"остаются на столе. Всего за объявления: {points(total)}.", True)
        self.render(clear=True)
        return d

    def play_selected(self) -> None:
        """The selected cards go to a trick: gone for every later combination."""
        cards = self.selected
        if not cards:
            self.say("Сначала выберите карты, которые хотите сыграть.", False)
            return
        self._snapshot()
        self.played += cards
        self.hand = [c for c in self.hand if c not in cards]
        self.table = [c for c in self.table if c not in cards]
        self.say(f"Сыграно во взятку: {' '.join(c.ru for c in cards)}. Очки, уже полученные за "
                 "эти карты, остаются за вами.")
        self.render(clear=True)

    def remove(self, index: int) -> None:
        """Take one entry out of the history (its cards stay where they are)."""
        self._snapshot()
        d = self.history.pop(index)
        # Re-check the rest in order through the engine (removing never makes a later one
        # illegal, but say so if it ever did).
        st = MeldState()
        for later in self.history:
            problem = reuse_problem(later.meld, later.cards, st)
            if problem:
                self.say(_esc(capitalize(problem)) + ".", False)
            st.record(later, self.trump)
        self.say(f"Из истории убрано: {_esc(meld_name(d.meld))} {' '.join(c.ru for c in d.cards)}.")
        self.render()

    # ------------------------------------------------------------------ drawing
    def render(self, clear: bool = False) -> None:
        if clear:
            self.table_canvas.selected = set()
            self.hand_canvas.selected = set()
        s = SCENARIOS[self.scenario.value]
        self.hint.value = _html(f"Козырь — <b>{SUIT_NAME_RU[self.trump]}</b>. {_esc(s.hint)}")
        groups = [list(d.cards) for d in self._table_groups()]
        _draw(self.table_canvas, ("table", tuple(map(tuple, groups))), lambda: self.table_canvas.show_table(
            groups, caption="На столе: объявленные карты (они по-прежнему ваши)" if groups else
            "На столе пока ничего нет", title="На столе"))
        hand = list(self.hand)
        _draw(self.hand_canvas, ("hand", tuple(hand)), lambda: self.hand_canvas.show_hand(
            hand, lift=True, title="На руке",
            caption="На руке" if hand else "На руке карт не осталось"))
        played = list(self.played)
        _draw(self.played_canvas, ("played", tuple(played)), lambda: self.played_canvas.show_hand(
            played, disabled=played, lift=False, title="Сыграно",
            caption="Сыграно во взятки: этих карт у вас больше нет" if played
            else "Во взятки пока ничего не сыграно"))
        self._on_select()
        self._render_history()
        self._render_legal()

    def _table_groups(self) -> list[Declaration]:
        """The table cards grouped by the latest declaration each belongs to (for the picture)."""
        left = [c for c in sort_cards(self.table)]
        groups = []
        for d in reversed(self.history):
            g = [c for c in d.cards if c in left]
            if g:
                groups.append(Declaration(d.meld, tuple(g), 0))
                left = [c for c in left if c not in g]
        if left:
            groups.append(Declaration("", tuple(left), 0))
        return list(reversed(groups))

    def _render_history(self) -> None:
        rows = []
        for i, d in enumerate(self.history):
            label = W.HTML(f"{i + 1}. {_esc(capitalize(meld_name(d.meld)))} "
                           f"{' '.join(c.ru for c in d.cards)} — {points(d.points)}")
            b = W.Button(description="Убрать", icon="times", layout=W.Layout(width="auto"),
                         tooltip=f"Убрать объявление {i + 1} из истории")
            b.on_click(lambda _, i=i: self.remove(i))
            rows.append(W.HBox([b, label]))
        total = sum(d.points for d in self.history)
        rows.append(W.HTML(f"Всего за объявления: <b>{points(total)}</b>" if self.history
                           else "Пока ничего."))
        self.history_box.children = rows

    def _render_legal(self) -> None:
        # Entries that differ only by which copy of a card they use read the same: one line each.
        lines: dict[str, int] = {}
        for d in self.legal():
            text = f"✔ {_esc(self.describe(d))} — {points(d.points)}"
            lines[text] = lines.get(text, 0) + 1
        parts = ["<b>Что можно объявить сейчас</b> (ответ движка):"]
        parts += [t + (f" (вариантов: {n} — одинаковые карты можно взять разные)" if n > 1 else "")
                  for t, n in lines.items()] or ["— ничего."]
        tempting = self.tempting()
        if tempting:
            parts.append("<b>Чего объявить нельзя и почему:</b>")
            for d, reason, n in tempting[:8]:
                more = f" (и ещё {_variants(n - 1)})" if n > 1 else ""
                parts.append(f"✘ {_esc(self.describe(d))}{more}: {_esc(reason)}")
        self.legal_html.value = _html("<br>".join(parts))


def scenario_view(key: str, rules: str = "canonical") -> Note:
    """A scenario of «История объявлений» as a static picture: the cards on the table, in hand
    and played, with the engine's list of what is legal now and why the rest is not."""
    w = DeclarationHistory(key, rules)
    pics = [Picture(cc.layout_result) for cc in (w.table_canvas, w.hand_canvas, w.played_canvas)]
    return Note(Gallery(pics)._repr_html_() + w.legal_html.value,
                " | ".join(p.alt for p in pics) + "\n" + re.sub(r"<[^>]+>", " ", w.legal_html.value))


# ====================================================================== scripted deals

YOU, OPP = 1, 0          # you are the non-dealer (seat 1) and lead first; the opponent deals


def scripted_deal(rules: RuleSet, mine: str, theirs: str, turn_up: str, top: str = "",
                  seed: int = 11) -> Deal:
    """A real deal with chosen hands; the stock starts with `top` (then a seeded shuffle)."""
    hands = [parse_cards(theirs), parse_cards(mine)]
    used = set(hands[0] + hands[1])
    up = parse_cards(turn_up, taken=used)[0]
    used.add(up)
    first = parse_cards(top, taken=used) if top else []
    used |= set(first)
    rest = [c for c in make_pack(2) if c not in used]
    random.Random(seed).shuffle(rest)
    return Deal(rules, OPP, hands, up, first + rest)


class Step(NamedTuple):
    picture: Picture
    text: str


def _scene(deal: Deal, caption: str, trick=None, winner=None, table_groups=None) -> Picture:
    table = table_groups if table_groups is not None else \
        ([sort_cards(deal.exposed[YOU])] if deal.exposed[YOU] else [])
    lay = layout_scene(deal.concealed(YOU), opponent=len(deal.hands[OPP]), stock=deal.stock_count,
                       turn_up=deal.turn_up, trick=trick or [], winner=winner, table=table,
                       opponent_table=[sort_cards(deal.exposed[OPP])] if deal.exposed[OPP] else [],
                       caption=caption, scale=0.8)
    return Picture(lay)


def _refusal(deal: Deal, action, seat: int = YOU) -> str:
    """The engine's Russian refusal of an action (the deal is not changed)."""
    try:
        deal.clone().apply(action, seat)
    except IllegalAction as e:
        return e.message
    raise AssertionError("the engine accepted the action")


def timing_story() -> dict:
    """When may one declare (R4.2, R4.3.1): a real deal, trump ♥. Returns the scene right after
    you win a trick (7 cards, before the draw), the engine's legal declarations then, and its
    refusals: before winning a trick, a second declaration on the same trick, after the draw."""
    deal = scripted_deal(RuleSet(), mine="К♠ Д♠ В♦ Д♥ 9♣ 8♦ 7♣ Т♦",
                         theirs="8♠ 7♠ 9♦ 8♣ 7♦ 10♣ В♣ 9♠", turn_up="К♥", top="9♠ 8♠")
    marriage = declare("marriage", parse_cards("К♠ Д♠"))
    before = _refusal(deal, marriage)
    deal.apply(play(parse_card("Т♦")), YOU)
    deal.apply(play(parse_card("9♦")), OPP)
    trick = [("вы", parse_card("Т♦")), ("соперник", parse_card("9♦"))]
    scene = _scene(deal, "Вы взяли взятку тузом бубен: на руке семь карт, из талона вы ещё не брали.",
                   trick=trick, winner=0)
    legal = list(deal.legal_declarations(YOU))
    deal.apply(declare("bezique", parse_cards("Д♠ В♦")), YOU)
    second = _refusal(deal, marriage)
    while deal.stage == "declare":
        deal.apply(PASS, YOU)
    after = _refusal(deal, marriage)
    scene_after = _scene(deal, "Безик Д♠ В♦ объявлен и лежит на столе; вы добрали карту из "
                               "талона, и у вас снова восемь карт.", trick=trick, winner=0)
    return {"scene": scene, "legal": legal, "before": before, "second": second, "after": after,
            "scene_after": scene_after, "points": deal.declared[YOU]}


def carte_blanche_deal(seed: int = 112) -> tuple[Picture, str]:
    """A real deal under 000-C's rules in which a hand without court cards was dealt (R10.4):
    the hand and the engine's log line about it."""
    deal = Deal.new(RuleSet.preset("seed_000C"), dealer=0, seed=seed)
    ev = next(e for e in deal.log if e[0] == "carte_blanche")
    seat = ev[1]
    who = "противник сдатчика" if seat != deal.dealer else "сдатчик"
    line = describe_event(ev, seat, ["Игрок", "Игрок"]).replace("Игрок: ", "")
    cap = f"Карт-бланш после сдачи: у игрока ({who}) ни одной фигуры"
    pic = Picture(layout_hand(deal.hands[seat], caption=cap, scale=0.8))
    return pic, f"{capitalize(who)}: {line}"


# ====================================================================== histories on cards

def replay_history(trump: str, steps, rules: RuleSet | None = None) -> list[tuple]:
    """A history of declarations, each on its own trick won, put to the engine one by one:
    (meld, cards, points or None, the engine's refusal or "") for each step."""
    rules = rules or RuleSet()
    state, ctx = MeldState(), meld_context(rules, trump)
    out = []
    for meld, text in steps:
        cards = tuple(sort_cards(parse_card(t) for t in text.split()))
        found = next((d for d in enumerate_declarations(cards, state, ctx)
                      if d.meld == meld and set(d.cards) == set(cards)), None)
        if found is not None:
            state.record(found, trump)
            out.append((meld, cards, found.points, ""))
        else:
            out.append((meld, cards, None,
                        explain_illegal(meld, cards, set(cards), state, ctx).message))
    return out


def history_view(trump: str, steps, rules: RuleSet | None = None, scale: float = 0.7) -> Note:
    """A history on cards: one picture per declaration with the engine's verdict, the reasons
    of the refused ones and the total (static HTML)."""
    rows = replay_history(trump, steps, rules)
    pics, notes = [], []
    for i, (meld, cards, pts, why) in enumerate(rows, 1):
        verdict = f"+{points(pts)}" if pts is not None else "нельзя"
        cap = f"{i}. {capitalize(meld_name(meld))}: {verdict}"
        pics.append(Picture(layout_hand(cards, order=None, scale=scale, caption=cap)))
        if why:
            notes.append(f"{i}. {capitalize(meld_name(meld))} — нельзя. {why}")
    total = sum(p for _, _, p, _ in rows if p is not None)
    notes.append(f"Итого за эти объявления: {points(total)}.")
    body = "<br>".join(_esc(x) for x in notes)
    return Note(Gallery(pics)._repr_html_() +
                "<div style='border-left:4px solid #5a7bb5;padding:0.3em 0.9em;margin:0 0 0.6em 0;"
                f"background:#f3f6fb;line-height:1.5'>{body}</div>",
                " | ".join(p.alt for p in pics) + "\n" + "\n".join(notes))


def pending_story(preset: str = "canonical") -> list[Step]:
    """«…очков за мной» (R4.3.2, C-09): trump ♦, you hold four aces and К♦ Д♦ (S-37/S-38).
    You score the aces and, where the rules allow, lay out the royal marriage to score later;
    then you lead Д♦ — the pending marriage lapses. Under 003/004 the engine refuses the
    second combination."""
    rules = RuleSet.preset(preset)
    deal = scripted_deal(rules, mine="Т♠ Т♥ Т♣ Т♦ К♦ Д♦ 9♠ 8♥",
                         theirs="7♣ 8♣ 9♣ 10♣ В♣ 7♠ 8♠ 10♠", turn_up="9♦",
                         top="9♥ 8♣ 7♥ 9♣ 8♥ 7♠")
    steps: list[Step] = []
    deal.apply(play(parse_card("8♥")), YOU)
    deal.apply(play(parse_card("7♣")), OPP)
    trick = [("вы", parse_card("8♥")), ("соперник", parse_card("7♣"))]
    aces = next(d for d in deal.legal_declarations(YOU) if d.meld == "four_aces")
    deal.apply(aces, YOU)
    marriage = announce("royal_marriage", parse_cards("К♦ Д♦"))
    if deal.legal_announcements(YOU):
        deal.apply(marriage, YOU)
        groups = [sort_cards(aces.cards), sort_cards(marriage.cards)]
        text = ("Вы взяли взятку и объявили четыре туза: +100. Козырный марьяж К♦ Д♦ вы тоже "
                "выложили на стол и сказали «40 очков за мной»: засчитать его можно после любой "
                "следующей взятки, которую вы возьмёте.")
    else:
        groups = [sort_cards(aces.cards)]
        text = ("Вы взяли взятку и объявили четыре туза: +100. Выложить ещё и козырный марьяж "
                "«на потом» движок не даёт. " + _refusal(deal, marriage) + " Марьяж остаётся "
                "на руке: объявить его можно будет после следующей выигранной взятки.")
    if deal.stage == "declare":
        deal.apply(PASS, YOU)
    steps.append(Step(_scene(deal, "Четыре туза засчитаны; вы добрали карту из талона",
                             trick=trick, winner=0, table_groups=groups), text))
    pending_before = list(deal.pending[YOU])
    deal.apply(play(parse_card("Д♦")), YOU)
    deal.apply(play(parse_card("8♠")), OPP)
    lapse = ("Вы пошли дамой бубен. Отложенный марьяж пропал: одна из его карт ушла во взятку."
             if pending_before and not deal.pending[YOU] else
             "Вы пошли дамой бубен: этого марьяжа больше нет, король бубен остался без пары.")
    last = next(e for e in reversed(deal.log) if e[0] == "trick")
    names = {YOU: "вы", OPP: "соперник"}
    trick2 = [(names[s], c) for s, c in zip(last[3], last[2])]
    steps.append(Step(_scene(deal, "Дама бубен сыграна", trick=trick2,
                             winner=last[3].index(last[1])), lapse))
    return steps


class Note:
    """Static HTML (a <div>) for a notebook cell: no widget, so it shows in any page."""

    def __init__(self, html_text: str, text: str = ""):
        self.html_text = html_text
        self.text = text

    def __repr__(self) -> str:
        return self.text or "(текст)"

    def _repr_html_(self) -> str:
        return self.html_text


def quote_box(lines: Iterable[str]) -> Note:
    """Lines of the engine's Russian text in a framed box (static HTML)."""
    lines = list(lines)
    body = "<br>".join(_esc(x) for x in lines)
    return Note("<div style='border-left:4px solid #5a7bb5;padding:0.4em 0.9em;margin:0.4em 0;"
                f"background:#f3f6fb;line-height:1.5'>{body}</div>", "\n".join(lines))
