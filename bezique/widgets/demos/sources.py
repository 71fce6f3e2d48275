"""Demos of chapter 12 «Правила в разных источниках».

* `PresetDifferences` — choose a source preset; `RuleSet.differences()` lists what it changes
  against the canonical rules, and each option is explained in Russian with its conflict id;
* `PresetCompare` — one position solved under two presets (`positions.solve`), side by side.

The explanations describe the options; every answer about a position is the engine's. A learner
sees each source by its human name (`ru.preset_title`, «Клубный текст (000-C)»), never a
preset's or an option's identifier.
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from ...cards import SUIT_NAME_RU, parse_cards
from ...melds import (ACE_TURNED, CARTE_BLANCHE, DOUBLE_MARRIAGE, PLAIN_QUINT, SUIT_REPEATED,
                      TRUMP_SEVEN, TWO_TRUMP_SEVENS, meld_points)
from ...positions import load_position, solve
from ...ru import PRESET_SOURCE, describe_declaration, plural, points, preset_title
from ...rules import RuleSet
from ...tally import last_trick_points
from ..menu import Menu
from ..page import OnPage
from ..render.display import picture_html
from ..render.layout import layout_hand, layout_trick

WIDE = {"description_width": "initial"}

# The sources' rule sets, as the menus offer them: «Справочник (001)» … «Старый текст (000-E)».
SOURCE_PRESETS = ("seed_001", "seed_002", "seed_003", "seed_004", "seed_000A", "seed_000C",
                  "seed_000E")
SOURCES = [(preset_title(p), p) for p in SOURCE_PRESETS]
assert set(SOURCE_PRESETS) == set(PRESET_SOURCE), "a source's rule set is missing from the menus"


def _yes_no(yes: str, no: str) -> Callable[[Any], str]:
    return lambda v: yes if v else no


def _pts(meld: str, trump: str = "H", cards: str = "", **option: Any) -> int:
    """The engine's points of a meld (or a seven action, a deal bonus) with an option set."""
    return meld_points(meld, RuleSet(**option), trump, parse_cards(cards) if cards else ())


def _seven(rule: str) -> str:
    return points(_pts(TRUMP_SEVEN, seven_rule=rule))


SEVEN_RULE = {
    "declare_or_exchange": "семёрку после взятки можно обменять на открытый козырь или просто "
                           f"объявить — по {_seven('declare_or_exchange')}",
    "exchange_only": "семёрка приносит очки только при обмене на открытый козырь",
    "played": f"{_seven('played')} за козырную семёрку, сыгранную во взятку, — взята взятка или нет",
    "win_trick": f"{_seven('win_trick')} за взятку, взятую козырной семёркой (и за обмен)",
}
_BLACK_ACE, _RED_ACE = (_pts(ACE_TURNED, s, deal_bonus_trump_ace=True) for s in "SH")
_REPEAT, _REPEAT_CLUBS = (_pts(SUIT_REPEATED, s, deal_bonus_repeat_suit=True) for s in "SC")

# option -> (conflict ids, value -> Russian)
OPTION_TEXT: dict[str, tuple[str, Callable[[Any], str]]] = {
    "cut_for_deal": ("C-01", lambda v: {"high": "первым сдаёт снявший старшую карту",
                                        "low": "первым сдаёт снявший младшую карту",
                                        "random": "первого сдатчика выбирают случайно"}[v]),
    "deal_pattern": ("C-02, C-30", lambda v: {"3-2-3": "сдают по 3, 2 и 3 карты",
                                              "1x8": "сдают по одной карте",
                                              "3-3-2": "сдают по 3, 3 и 2 карты",
                                              "6-1-1": "сдают по 6, 1 и 1 карте"}[v]),
    "deal_first_to": ("C-03", lambda v: "первую порцию сдатчик берёт себе" if v == "dealer"
                      else "первую порцию получает соперник сдатчика"),
    "deal_bonus_seven_opponent_malus": ("C-05", lambda v: f"за открытую семёрку у соперника "
                                        f"сдатчика вычитают {points(v)}" if v else
                                        "за открытую семёрку у соперника сдатчика ничего не вычитают"),
    "deal_bonus_trump_ace": ("C-04", _yes_no(f"открыт козырной туз — сдатчику +{_BLACK_ACE} "
                                             f"(чёрный) или +{_RED_ACE} (красный)",
                                             "за открытый туз надбавки нет")),
    "deal_bonus_repeat_suit": ("C-04", _yes_no("одна масть козырем три сдачи подряд — сдатчику "
                                               f"+{_REPEAT} (трефы — −{-_REPEAT_CLUBS})",
                                               "за повтор масти надбавки нет")),
    "phase1_must_follow_suit": ("C-06", _yes_no("пока есть талон, отвечать в масть обязательно "
                                                "(бить козырем — нет)", "пока есть талон, "
                                                "отвечать можно любой картой")),
    "bezique_pair": ("C-12", lambda v: "безик — всегда дама пик и валет бубен" if v == "fixed"
                     else "при пиках или бубнах в козырях безик — дама треф и валет червей"),
    "allow_pending_declarations": ("C-09", _yes_no("вторую комбинацию можно выложить «на потом»",
                                                   "одна комбинация за раз, «на потом» ничего "
                                                   "не выкладывают")),
    "require_card_from_hand": ("C-12b", _yes_no("в каждой новой комбинации должна быть карта с "
                                                "руки", "новую комбинацию можно сложить и из карт "
                                                "на столе")),
    "min_tricks_before_declaring": ("C-10", lambda v: f"объявлять можно, только взяв "
                                    f"{plural(v, 'взятка')}" if v else
                                    "объявлять можно после любой выигранной взятки"),
    "last_stock_trick_declaration": ("C-18", _yes_no("взявший последнюю карту талона ещё "
                                                     "объявляет", "взявший последнюю карту талона "
                                                     "теряет право объявлять")),
    "four_of_kind_distinct_suits": ("C-34", _yes_no("четвёрка — только четыре разные масти",
                                                    "четвёрка — любые четыре карты ранга")),
    "meld_double_marriage": ("C-13", _yes_no(
        "двойной марьяж — комбинация: "
        f"{_pts(DOUBLE_MARRIAGE, 'H', 'KS KS QS QS', meld_double_marriage=True)}, козырный — "
        f"{_pts(DOUBLE_MARRIAGE, 'H', 'KH KH QH QH', meld_double_marriage=True)}",
        "двойной марьяж не считается")),
    "meld_plain_quint": ("C-13", _yes_no(
        f"некозырная квинта — {_pts(PLAIN_QUINT, meld_plain_quint=True)}",
        "некозырная квинта не считается")),
    "meld_two_trump_sevens": ("C-13", _yes_no(
        f"две козырные семёрки вместе — {_pts(TWO_TRUMP_SEVENS, meld_two_trump_sevens=True)}",
        "две козырные семёрки — не комбинация")),
    "meld_carte_blanche": ("C-13", _yes_no(
        f"карт-бланш (ни одной фигуры на руке) — {_pts(CARTE_BLANCHE, meld_carte_blanche=True)}",
        "карт-бланша нет")),
    "seven_rule": ("C-16", lambda v: SEVEN_RULE[v]),
    "seven_exchange_points": ("C-17", lambda v: f"обмен семёрки стоит {points(v)}" if v else
                              "за обмен семёрки очков не дают"),
    "seven_counts_as_declaration": ("C-16", _yes_no("действие с семёркой заменяет объявление "
                                                    "этой взятки", "после семёрки можно "
                                                    "объявить и комбинацию")),
    "phase2_must_head": ("C-20", _yes_no("в последних восьми взятках нужно ещё и перебить, если "
                                         "можете", "в последних восьми взятках достаточно "
                                         "ответить в масть, перебивать не обязательно")),
    "trick_scoring": ("C-08", lambda v: "очки за взятки — бриски (10 за туз и десятку)"
                      if v == "brisques" else "10 очков за каждую взятую взятку и ещё 10 за "
                      "взятку с тузом или десяткой"),
    "brisque_count": ("C-22", lambda v: "10 за каждый туз и десятку" if v == "per_card" else
                      "10 за взятку с тузом или десяткой, сколько бы их ни было"),
    "last_trick_points": ("C-23", lambda v: f"последняя взятка — {points(v)}"),
    "target_score": ("C-24", lambda v: f"партия до {points(v)}"),
    "game_mode": ("C-27", lambda v: "партия — до цели в очках" if v == "target" else
                  "каждая сдача — отдельная партия"),
    "both_reach_rule": ("C-25", lambda v: "дошли оба — выигрывает больший счёт" if
                        v == "higher_score" else "дошли оба — выигрывает взявший последнюю "
                        "взятку"),
    "penalty_extra_card": ("C-28", lambda v: f"штраф за лишнюю карту — {points(v)}"),
    "four_hand_last_trick": ("C-31", None),           # `_four_hand_last`: needs the rules
    "no_trump_double_marriage_points": ("C-32", lambda v: f"двойной марьяж, назначающий "
                                        f"козырь, — {points(v)}"),
    "no_trump_sequence_points": ("C-33", lambda v: f"секвенция бескозырного безика — "
                                 f"{points(v)}"),
}


def _four_hand_last(value: str, rules: RuleSet) -> str:
    """C-31 under these rules: the engine's last-trick points for each side (`tally`)."""
    four = rules.with_options(players=4, four_hand_last_trick=value)
    win, lose = last_trick_points(0, 0, four), last_trick_points(1, 0, four)
    if win == lose:
        return f"вчетвером по {points(win)} каждой паре"
    return f"вчетвером последняя взятка — {points(win)} паре"


def describe_option(name: str, value: Any, rules: RuleSet | None = None) -> str:
    """A Russian sentence for one option value («партия до 1500 очков»); `rules`: the rule
    set the value belongs to, for a text whose numbers depend on other options too."""
    if name == "four_hand_last_trick":
        return _four_hand_last(value, rules or RuleSet.preset("four_handed"))
    entry = OPTION_TEXT.get(name)
    return entry[1](value) if entry else f"{name} = {value!r}"


def differences(preset: str, other: str = "canonical") -> list[tuple[str, str, str, str]]:
    """(conflict ids, canonical text, preset text, option) for every option the preset
    changes, from `RuleSet.differences()`; the option («name=value») is for programmers and
    tests, the page shows the three Russian columns."""
    mine, base = RuleSet.preset(preset), RuleSet.preset(other)
    out = []
    for name, value in mine.differences(base).items():
        conflict = OPTION_TEXT.get(name, ("", None))[0]
        out.append((conflict, describe_option(name, getattr(base, name), base),
                    describe_option(name, value, mine), f"{name}={value!r}"))
    return sorted(out, key=lambda r: (r[0] or "C-99", r[3]))


def html_table(head, rows, widths=None) -> str:
    style = 'style="border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">',
           "<tr>" + "".join(f"<th {style}>{h}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td {style}>{c}</td>" for c in row) + "</tr>")
    return "".join(out) + "</table>"


def differences_html(preset: str) -> str:
    rows = [[c, html.escape(a), f"<b>{html.escape(b)}</b>"] for c, a, b, _ in differences(preset)]
    name = html.escape(preset_title(preset))
    head = (f"{name}: правил, в которых этот источник расходится с основными правилами курса, — "
            f"{len(rows)}; всё остальное в нём — как в основных правилах.")
    return head + html_table(["Спор", "Основные правила курса", name], rows)


class PresetDifferences(OnPage, W.VBox):
    """«Правила источника»: pick a source; the engine lists what its preset changes."""

    static_hint = ("Здесь можно выбрать любой источник и увидеть, чем его правила отличаются от "
                   "основных правил курса.")

    def __init__(self, preset: str = "seed_001"):
        self.preset = Menu(options=SOURCES, value=preset, description="Источник:",
                           style=WIDE, layout=W.Layout(width="max-content"))
        self.table = W.HTML()
        self.preset.observe(lambda _: self.render(), names="value")
        super().__init__([self.preset, self.table])
        self.render()

    def render(self) -> None:
        self.table.value = differences_html(self.preset.value)


# ====================================================================== one position, two sources

COMPARE_POSITIONS = [
    ("Ответ в последних восьми взятках", {
        "id": "ch12-follow", "kind": "legal_plays", "trump": "H", "phase": 2, "lead": "9C",
        "hand": ["KC", "7C", "AH", "8S"],
        "prompt": "Последние восемь взяток, козырь — черви. Соперник пошёл девяткой треф. Какими "
                  "картами можно ответить?"}, ("canonical", "seed_002")),
    ("Два короля и две дамы", {
        "id": "ch12-double", "kind": "declarations", "trump": "C", "won_trick": True,
        "hand": ["KS", "KS", "QS", "QS", "9H", "8D", "7D"],
        "prompt": "Козырь — трефы. Вы взяли взятку. Что можно объявить?"},
     ("canonical", "seed_003")),
    ("Козырная семёрка на руке", {
        "id": "ch12-seven", "kind": "declarations", "trump": "H", "won_trick": True,
        "turn_up": "KH", "hand": ["7H", "9S", "8S", "9D", "8C", "TS", "JC"],
        "prompt": "Козырь — черви, открыт король червей. Вы взяли взятку. Что можно объявить?"},
     ("canonical", "seed_000E")),
    ("Безик при пиках-козырях", {
        "id": "ch12-pair", "kind": "declarations", "trump": "S", "won_trick": True,
        "hand": ["QS", "JD", "QC", "JH", "9S", "8D", "7C"],
        "prompt": "Козырь — пики. Вы взяли взятку. Что можно объявить?"},
     ("canonical", "seed_000A")),
    ("Последняя взятка из талона", {
        "id": "ch12-last", "kind": "declarations", "trump": "D", "won_trick": True,
        "last_stock_trick": True, "hand": ["KH", "QH", "9S", "8S", "9C", "8C", "TS"],
        "prompt": "Козырь — бубны. Вы взяли 24-ю взятку — после неё талон кончится. Можно ли "
                  "ещё объявить?"}, ("canonical", "seed_001")),
    ("Первая выигранная взятка", {
        "id": "ch12-four", "kind": "declarations", "trump": "S", "won_trick": True,
        "tricks_won": 1, "hand": ["KD", "QD", "AS", "9S", "8C", "7C", "TH"],
        "prompt": "Козырь — пики. Вы взяли первую взятку в сдаче. Что можно объявить?"},
     ("canonical", "seed_000E")),
]


def position_for(data: dict, preset: str) -> dict:
    return {**data, "rules": preset}


def answer_text(data: dict, preset: str) -> str:
    """The engine's answer to the position under `preset`, in Russian."""
    sol = solve(load_position(position_for(data, preset)))
    if data["kind"] == "legal_plays":
        cards = ", ".join(c.ru for c in parse_cards(sol["legal"]))
        return f"Можно сыграть: <b>{cards}</b>.<br>{html.escape(sol['reason'])}"
    decls = sol["declarations"]
    if not decls:
        return f"<b>Объявить нечего.</b> {html.escape(sol.get('reason', ''))}"
    seen, items = set(), []
    for d in decls:
        cards = parse_cards(d["cards"])
        text = describe_declaration(d["meld"], cards, d["points"])
        if text not in seen:                          # identical copies: one line
            seen.add(text)
            items.append(f"<li>{html.escape(text)}</li>")
    return f"Можно объявить:<ul style='margin:2px 0'>{''.join(items)}</ul>"


def position_picture(data: dict) -> str:
    """The position on cards (the led card, then the hand) as <img> elements."""
    parts = []
    if data.get("lead"):
        lay = layout_trick([("Ход соперника", parse_cards([data["lead"]])[0])], slots=2,
                           scale=0.8)
        parts.append(picture_html(lay, lay.description, 1))
    cards = parse_cards(data["hand"])
    trump = data.get("trump")
    lay = layout_hand(cards, scale=0.8, highlighted={c for c in cards if c.suit == trump},
                      caption=f"Ваши карты; козырь — {SUIT_NAME_RU[trump]}" if trump else "Ваши карты")
    parts.append(picture_html(lay, lay.description, 1))
    if data.get("turn_up"):
        lay = layout_hand(parse_cards([data["turn_up"]]), scale=0.8, caption="Открытый козырь",
                          title="Открытый козырь")
        parts.append(picture_html(lay, lay.description, 1))
    cells = "".join(f"<div style='margin:0 1.2em 0.4em 0'>{p}</div>" for p in parts)
    return f"<div style='display:flex;flex-wrap:wrap;align-items:flex-end'>{cells}</div>"


def source_title(preset: str) -> str:
    """«Основные правила курса», «Журнальная статья (002)»."""
    return preset_title(preset)


def compare_html(data: dict, a: str, b: str) -> str:
    head = f"<div style='line-height:1.5'><b>{html.escape(data['prompt'])}</b></div>"
    cols = [(a, answer_text(data, a)), (b, answer_text(data, b))]
    same = solve(load_position(position_for(data, a))) == solve(load_position(position_for(data, b)))
    cells = "".join(
        f"<div style='flex:1 1 18em;margin:0 1em 0.5em 0;padding:6px 10px;border:1px solid #ccc;"
        f"border-radius:6px'><b>{html.escape(source_title(p))}</b><br>{t}</div>" for p, t in cols)
    note = ("<div>Ответ один и тот же: в этом месте источники не расходятся.</div>" if same else
            "<div>Ответы <b>разные</b>: это место источники описывают по-разному.</div>")
    return (head + position_picture(data) + f"<div style='display:flex;flex-wrap:wrap'>{cells}</div>"
            + note)


class PresetCompare(OnPage, W.VBox):
    """«Один вопрос — два источника»: one position solved by the engine under two presets."""

    static_hint = ("Здесь можно выбрать позицию и два источника и увидеть ответ по правилам "
                   "каждого.")

    def __init__(self, position: int = 0):
        opts = [(name, i) for i, (name, _, _) in enumerate(COMPARE_POSITIONS)]
        all_sources = [(preset_title("canonical"), "canonical")] + SOURCES
        self.position = Menu(options=opts, value=position, description="Позиция:",
                             style=WIDE, layout=W.Layout(width="max-content"))
        self.a = Menu(options=all_sources, description="Слева:", style=WIDE,
                      layout=W.Layout(width="max-content"))
        self.b = Menu(options=all_sources, description="Справа:", style=WIDE,
                      layout=W.Layout(width="max-content"))
        self.out = W.HTML()
        self._quiet = False
        self.position.observe(self._on_position, names="value")
        self.a.observe(lambda _: self.render(), names="value")
        self.b.observe(lambda _: self.render(), names="value")
        super().__init__([self.position, W.HBox([self.a, self.b], layout=W.Layout(flex_flow="row wrap")),
                          self.out])
        self._on_position(None)

    def _on_position(self, _) -> None:
        _, _, (a, b) = COMPARE_POSITIONS[self.position.value]
        self._quiet = True
        try:
            self.a.value, self.b.value = a, b
        finally:
            self._quiet = False
        self.render()

    def render(self) -> None:
        if self._quiet:
            return
        _, data, _ = COMPARE_POSITIONS[self.position.value]
        self.out.value = compare_html(data, self.a.value, self.b.value)
