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

import ipywidgets as W

from ...cards import SUIT_NAME_RU, parse_cards
from ...option_text import differences
from ...positions import load_position, solve
from ...ru import PRESET_SOURCE, describe_declaration, preset_title
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
    n = len(rows)
    rule = "правиле" if n % 10 == 1 and n % 100 != 11 else "правилах"     # «в 1 правиле», «в 10 правилах»
    head = (f"{name}: этот источник расходится с основными правилами курса в {n} {rule}; всё "
            "остальное в нём — как в основных правилах.")
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
