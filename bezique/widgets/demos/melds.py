"""Demos of chapter 06 «Комбинации», and the engine questions the meld demos share.

* `cards_of`, `meld_context`, `find_meld`, `why_not_meld` — the engine's entry for some cards
  as a meld, or its Russian reason why they are not one (`explain_illegal`);
* `MeldBuilder` («Соберите комбинацию») — click cards of a pool; the engine names the meld and
  its points, or says why the cards are not a meld.

The static pictures and scripted deals of the meld chapters are in `meld_pictures.py`. Nothing
here decides a rule; every answer is the engine's. Every picture is a `CardCanvas`, so the
static book shows it too, and every control has a Russian label.
"""

from __future__ import annotations

from typing import Iterable

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card, make_pack, parse_cards, sort_cards
from ...melds import (ALL_MELDS, FOUR_OF, SEVEN_EXCHANGE, Declaration, MeldContext, MeldState,
                      enumerate_declarations, explain_illegal, shape_problem)
from ...ru import capitalize, meld_name, meld_name_acc, points, preset_title, source_name
from ...rules import RuleSet
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from .common import SUIT_OPTIONS, WIDE, esc, four_colour_box, html_block
from .common import other_sources_box


def cards_of(text: str | Iterable[Card]) -> list[Card]:
    return parse_cards(text) if isinstance(text, str) else list(text)


def sample_turn_up(trump: str) -> Card:
    """A turn-up for the samples: a nine of trumps (no sample uses nines)."""
    return Card("9", trump, 1)


def meld_context(rules: RuleSet, trump: str) -> MeldContext:
    """The engine's context right after a won trick, nothing yet declared this turn."""
    return MeldContext.for_hand(rules=rules, trump=trump, turn_up=sample_turn_up(trump))


def find_meld(meld: str, cards: str | Iterable[Card], rules: RuleSet | None = None,
              trump: str = "H") -> Declaration | None:
    """The engine's entry for exactly these cards as this meld (fresh history), or None."""
    rules = rules or RuleSet()
    cards = cards_of(cards)
    for d in enumerate_declarations(cards, MeldState(), meld_context(rules, trump)):
        if d.meld == meld and set(d.cards) == set(cards):
            return d
    return None


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


def engine_melds(rules: RuleSet, trump: str) -> dict[str, tuple[set, int]]:
    """Each meld of these rules (under this trump) with the faces it can hold and its number of
    cards, asked of the engine: every declaration it finds in a whole pack."""
    out: dict[str, tuple[set, int]] = {}
    for d in enumerate_declarations(make_pack(rules.packs), MeldState(), meld_context(rules, trump)):
        if d.meld != SEVEN_EXCHANGE:             # the same seven as «козырная семёрка»
            faces, _ = out.setdefault(d.meld, (set(), len(d.cards)))
            faces.update(c.face for c in d.cards)
    return out


def _where(card: Card, melds: dict[str, tuple[set, int]]) -> str:
    """«входит только в четыре туза» / «входит в марьяж и в четыре короля» (engine's melds)."""
    names = [meld_name_acc(m) for m, (faces, _) in melds.items() if card.face in faces]
    if len(names) == 1:
        return f"входит только в {names[0]}"
    return "входит в " + ", в ".join(names[:-1]) + f" и в {names[-1]}"


def why_not_meld(cards: Iterable[Card], rules: RuleSet, trump: str) -> str:
    """The Russian reason why these cards (with no history) are not a meld — about the cards
    chosen: the engine's explanation for the meld they come closest to (`explain_illegal`), or,
    when no meld of these rules holds them all, which card goes into no meld, or which two go
    into no meld together (what each card can be part of is asked of the engine)."""
    cards = tuple(sort_cards(cards))
    ctx = meld_context(rules, trump)

    def engine_says(meld: str) -> str:
        return explain_illegal(meld, cards, set(cards), MeldState(), ctx).message

    guess = guess_meld(cards, trump)
    if guess == "other_four":
        kinds = ", ".join(meld_name(m) for m in FOUR_OF.values())
        return f"Таких четвёрок нет: четвёрки бывают только такие — {kinds}."
    melds = engine_melds(rules, trump)
    # Exactly the shape of a meld these rules do not count (a double marriage in the course's).
    if guess in ALL_MELDS and guess not in melds and shape_problem(guess, cards, rules, trump) is None:
        return engine_says(guess)
    n = len(cards)
    if guess in melds:
        its_ranks, size = {f[0] for f in melds[guess][0]}, melds[guess][1]
        outside = sum(c.rank not in its_ranks for c in cards)
        if n >= 3 and outside <= 1:              # a near miss: a nine instead of the ten
            return engine_says(guess)
    for c in cards:                              # a card that no meld holds
        if not any(c.face in faces for faces, _ in melds.values()):
            elsewhere = any(c.face in faces for faces, _ in engine_melds(rules, c.suit).values())
            return (f"{capitalize(c.name_ru)} не входит ни в одну комбинацию"
                    + (" при этом козыре." if elsewhere else "."))
    if guess in melds and outside == 0 and abs(size - n) <= 1:
        return engine_says(guess)                # the right ranks, a wrong suit or count
    for i, a in enumerate(cards):                # two cards that no meld holds together
        for b in cards[i + 1:]:
            if a.face != b.face and not any(a.face in f and b.face in f for f, _ in melds.values()):
                return (f"{capitalize(a.name_ru)} и {b.name_ru} не бывают в одной комбинации: "
                        f"{a.name_ru} {_where(a, melds)}, {b.name_ru} — "
                        f"{_where(b, melds).removeprefix('входит ')}.")
    fits = [m for m, (faces, _) in melds.items() if all(c.face in faces for c in cards)]
    if fits:                                     # the meld of these cards that is nearest in size
        return engine_says(min(fits, key=lambda m: abs(melds[m][1] - n)))
    return "Из таких карт комбинация не складывается."


# ====================================================================== «Соберите комбинацию»

MELD_RULES = [
    (preset_title("canonical"), "canonical"),
    (f"{preset_title('seed_003')}: есть двойной марьяж", "seed_003"),
    (f"{preset_title('seed_000E')}: двойной марьяж, некозырная квинта, две козырные семёрки",
     "seed_000E"),
    (f"{preset_title('seed_000A')}: при козырях пики или бубны безик — Д♣ и В♥", "seed_000A"),
    (f"Многоколодный безик, {source_name('000-D')}: четвёрка только из разных мастей",
     "distinct_suits"),
]
RULES_NOTE = ("Некоторые источники знают ещё несколько комбинаций (двойной марьяж, некозырную "
              "квинту, две козырные семёрки) или собирают их иначе (безик из дамы треф и валета "
              "червей, четвёрка только из разных мастей). Выберите источник — «Подсказка» "
              "перечислит всё, что можно собрать по его правилам.")
POOL = "Т♠ 10♠ К♠ К♠ Д♠ Д♠ В♠ Т♣ К♣ Д♣ В♣ Т♥ 10♥ К♥ Д♥ В♥ 7♥ 7♥ Т♦ К♦ В♦ В♦"
OPTIONAL_NOTE = {
    "double_marriage": (f"Двойной марьяж считают только {source_name('003')} и "
                        f"{source_name('000-E')}."),
    "plain_quint": f"Некозырную квинту считает только {source_name('000-E')}.",
    "two_trump_sevens": ("Две козырные семёрки одним объявлением считает только "
                         f"{source_name('000-E')}."),
}


def rules_for(key: str) -> RuleSet:
    if key == "distinct_suits":
        return RuleSet().with_options(four_of_kind_distinct_suits=True)
    return RuleSet.preset(key)


class MeldBuilder(OnPage, W.VBox):
    """«Соберите комбинацию»: click cards of a pool (multi-select); the engine names the meld and
    its points, or explains in Russian why the cards are not a meld. A trump selector and a
    choice of rules (the optional melds of some sources)."""

    static_hint = ("Здесь можно выбрать козырь и нажать на карты — вы увидите название "
                   "комбинации и её очки или объяснение, почему это не комбинация.")

    def __init__(self, trump: str = "H", rules: str = "canonical", pick: str = ""):
        self.pool = parse_cards(POOL)
        self.trump = W.ToggleButtons(options=SUIT_OPTIONS, value=trump, description="Козырь:",
                                     style={"button_width": "6.5em"})
        self.rules_list = Menu(options=MELD_RULES, value=rules, description="Правила:",
                               style=WIDE, layout=W.Layout(width="max-content"))
        self.other = other_sources_box(RULES_NOTE, self.rules_list, open_=rules != "canonical")
        # Two rows: black suits above, red suits below (eleven cards each, no overlap).
        self.canvas = CardCanvas(select_mode="multi", name="Пики и трефы", scale=0.8)
        self.canvas_red = CardCanvas(select_mode="multi", name="Черви и бубны", scale=0.8)
        self.rows = ((self.canvas, "SC"), (self.canvas_red, "HD"))
        self.clear = W.Button(description="Снять выбор", icon="times",
                              tooltip="Снять выделение со всех карт")
        self.result = W.HTML()
        self.hint = W.HTML(layout=W.Layout(display="none"))
        self.hint_box = W.Checkbox(value=False, description="Подсказка: что здесь можно собрать",
                                   indent=False, layout=W.Layout(width="auto"))
        self.hint_box.observe(lambda ch: setattr(self.hint.layout, "display",
                                                 None if ch["new"] else "none"), names="value")
        # The canvas redraws itself when the selection changes; only the verdict is new then.
        for cc, _ in self.rows:
            cc.observe(lambda _: self.update_text(), names="selected")
        self.trump.observe(lambda _: self.render(), names="value")
        self.rules_list.observe(lambda _: self.render(), names="value")
        self.clear.on_click(lambda _: self.select([]))
        super().__init__([self.trump, self.canvas, self.canvas_red, self.result,
                          W.HBox([self.clear, four_colour_box([self.canvas, self.canvas_red])],
                                 layout=W.Layout(flex_flow="row wrap")), self.hint_box, self.hint,
                          self.other])
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
            return ("Нажмите на карты, из которых хотите собрать комбинацию, — например, на "
                    "короля и даму одной масти. Повторное нажатие на карту снимает выбор.")
        shown = " ".join(c.ru for c in chosen)
        found = self.declarations()
        if found:
            lines = []
            for d in found:
                lines.append(f"<b>{esc(capitalize(meld_name(d.meld)))} — {points(d.points)}.</b>")
            note = OPTIONAL_NOTE.get(found[0].meld)
            if note:
                lines.append(esc(note))
            return f"Выбрано: {shown}.<br>" + "<br>".join(dict.fromkeys(lines))
        return (f"Выбрано: {shown}.<br><b>Это не комбинация.</b> "
                + esc(why_not_meld(chosen, self.rules, self.trump.value)))

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
            lines.append(f"{esc(capitalize(meld_name(meld)))} — {points(pts)}: "
                         f"{'; '.join(variants[:2])}{more}")
        return html_block("<br>".join(lines))

    def render(self) -> None:
        trump = self.trump.value
        names = {"SC": "Пики и трефы", "HD": "Черви и бубны"}
        for cc, suits in self.rows:
            cards = [c for c in self.pool if c.suit in suits]
            cc.show_hand(cards, order=None, lift=True, title=names[suits],
                         highlighted={c for c in cards if c.suit == trump},
                         caption=None if suits == "SC" else
                         f"Козырь — {SUIT_NAME_RU[trump]} (козыри обведены). Нажимайте на "
                         "карты, чтобы выбрать их.")
        self.hint.value = self.hint_text()
        self.update_text()

    def update_text(self) -> None:
        self.result.value = html_block(self.verdict())
