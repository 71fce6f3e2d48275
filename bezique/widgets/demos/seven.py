"""Demos of chapter 05 «Козырная семёрка».

* `seven_position` — a real deal right after you won a trick, holding a trump seven;
* `SevenDemo` — the engine's legal seven actions (`Deal.legal_declarations`) for the chosen
  source as buttons; pressing one applies it to the deal;
* `SevenTable` — what each source's rules offer for a trump seven, every cell asked of the
  engine.

Nothing here knows a rule of its own. Every picture is a `CardCanvas`, so it stays visible in
the static book, and every control has a Russian label.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...actions import PASS, play
from ...cards import make_pack, parse_cards
from ...deal import Deal
from ...events import DeclareEvent, DrawEvent, SevenPlayedEvent, SevenTurnedEvent, TrickEvent
from ...melds import SEVEN_EXCHANGE, SEVEN_TURNED, TRUMP_SEVEN, meld_points
from ...narrate import describe_event
from ...ru import points, preset_title, source_name
from ...rules import RuleSet
from ...setup import deal_from_cards
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas
from ..render.scene import deal_scene
from .common import WIDE, declaration_buttons, html_block
from .common import other_sources_box


# ====================================================================== the trump seven

def _pts(meld: str, preset: str = "canonical") -> str:
    """The engine's points of a seven action under a preset, in Russian («20 очков»)."""
    return points(meld_points(meld, RuleSet.preset(preset), "H"))


SEVEN_PRESETS = [
    (preset_title("canonical"), "canonical"),
    (f"{preset_title('seed_003')}: семёрка считается только при обмене", "seed_003"),
    (f"{preset_title('seed_004')}: так же, как {source_name('003', with_code=False)}",
     "seed_004"),
    (f"{preset_title('seed_002')}: {_pts(TRUMP_SEVEN, 'seed_002')} за семёрку, сыгранную во "
     "взятку", "seed_002"),
    (f"{preset_title('seed_000A')}: за обмен и за взятку семёркой", "seed_000A"),
    (f"{preset_title('seed_000C')}: так же, как {source_name('000-A', with_code=False)}",
     "seed_000C"),
    (f"{preset_title('seed_000E')}: обмен стоит {_pts(SEVEN_EXCHANGE, 'seed_000E')}", "seed_000E"),
]
OTHER_NOTE = ("Сначала пример играет по основным правилам курса. Источники считают семёрку "
              "по-разному: по одним очки даёт только обмен, по другим — семёрка, сыгранная во "
              "взятку, или взятка, взятая семёркой. Выберите источник — позиция останется той же.")
SEVEN_POSITIONS = [
    ("Открыт король, у вас козырная семёрка", "plain"),
    (f"Открыта семёрка (сдатчику уже {_pts(SEVEN_TURNED)})", "seven_up"),
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
    if top:
        small = top[0]
    else:                     # low cards of the plain suits first: the small tricks win nothing
        used = set(parse_cards(f"{theirs} {mine} {up}"))
        small = [c for c in make_pack(2) if c not in used and c.rank in "987" and c.suit != "H"]
    deal = deal_from_cards({OPP: theirs, YOU: mine}, up, small, rules=rules, dealer=OPP, seed=5)
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


class SevenDemo(OnPage, W.VBox):
    """A position after a won trick with a trump seven in hand: the engine's legal seven
    actions (for the chosen source) as buttons; pressing one applies it to the real deal."""

    static_hint = ("Здесь можно выбрать позицию и нажать кнопку с действием семёркой — оно "
                   "выполнится в настоящей сдаче; в свёрнутом блоке «В других источниках» — "
                   "правила других источников.")

    def __init__(self, preset: str = "canonical", position: str = "plain"):
        self.preset = Menu(options=SEVEN_PRESETS, value=preset, description="Правила:",
                           style=WIDE, layout=W.Layout(width="max-content"))
        # The course's rules on the main path; the other sources' in a collapsed block under it.
        self.other = other_sources_box(OTHER_NOTE, self.preset, open_=preset != "canonical")
        self.position = Menu(options=SEVEN_POSITIONS, value=position,
                             description="Позиция:", style=WIDE,
                             layout=W.Layout(width="max-content"))
        self.canvas = CardCanvas(name="Стол", scale=0.85)
        self.actions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.reset = W.Button(description="Начать сначала", icon="undo")
        self.status = W.HTML()
        self.done: list[str] = []
        self.preset.observe(lambda _: self.restart(), names="value")
        self.position.observe(lambda _: self.restart(), names="value")
        self.reset.on_click(lambda _: self.restart())
        super().__init__([self.position, self.canvas, W.HTML("Что можно сделать:"),
                          self.actions, self.status, self.reset, self.other])
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
        gain = f"+{points(d.points)}" if d.points else "без очков"
        if d.meld == SEVEN_EXCHANGE:
            return f"Обменять {d.cards[0].ru} на открытый {self.deal.turn_up.ru}: {gain}"
        return f"Показать {d.cards[0].ru}: {gain}"

    def render(self) -> None:
        d = self.deal
        scene = deal_scene(d, YOU, highlighted={c for c in d.hands[YOU] if c.face == ("7", d.trump)})
        scene["trick"] = list(zip(("ход", "ответ"), (c for _, c in scene["trick"])))
        self.canvas.show_scene(**scene)
        buttons = []
        if d.stage == "declare" and d.to_act == YOU:
            buttons = declaration_buttons(self.choices(), self.label, self.press)
        self.actions.children = buttons
        self.status.value = html_block(self.describe())

    def describe(self) -> str:
        """The story of the position and the score, in Russian (events from the engine's log)."""
        d = self.deal
        names = ["Соперник", "Вы"]
        lines = []
        last = max(i for i, e in enumerate(d.log) if type(e) is TrickEvent and i < self.start)
        for i, e in enumerate(d.log):
            if type(e) in (SevenTurnedEvent, SevenPlayedEvent, DeclareEvent) or i == last or (
                    type(e) is DrawEvent and e.seat == YOU and i >= self.start):
                line = describe_event(e, YOU, names)
                if line:
                    lines.append(line)
        malus = d.rules.deal_bonus_seven_opponent_malus
        if malus and any(type(e) is SevenTurnedEvent for e in d.log):
            lines.append(f"По правилам {source_name('000-C', genitive=True, with_code=False)} у "
                         f"соперника сдатчика — у вас — за открытую семёрку вычитают {points(malus)}.")
        if d.stage == "declare" and d.to_act == YOU:
            lines.append("Вы только что взяли взятку и ещё не добирали из талона. Что можно "
                         "сделать с семёркой, показано на кнопках.")
        elif not self.acted:
            lines.append("Вы взяли взятку, но по этим правилам с семёркой сейчас сделать нечего: "
                         "оба игрока сразу добрали по карте из талона.")
        else:
            lines.append(f"Открытый козырь теперь — {d.turn_up.ru}. Оба добрали по карте из "
                         "талона (вы — первым), и вы ходите.")
        lines.append(f"Ваши очки за объявления: <b>{_signed(d.declared[YOU])}</b>; у соперника: "
                     f"{_signed(d.declared[OPP])}.")
        return "<br>".join(lines)


def _signed(n: int) -> str:
    """A score as printed for a learner: a true minus sign («−5»)."""
    return f"\u2212{-n}" if n < 0 else str(n)


# How each model of the trump seven (RuleSet.seven_rule, C-16) counts, in a learner's words;
# the points are in the table's other columns, asked of the engine.
SEVEN_MODEL_RU = {
    "declare_or_exchange": "после взятки — за обмен на открытый козырь или за показ",
    "exchange_only": "только за обмен на открытый козырь",
    "played": "за семёрку, сыгранную во взятку",
    "win_trick": "за обмен и за взятку, взятую семёркой",
    "none": "семёрка очков не приносит (игры на нескольких колодах)",
}


class SevenTable:
    """What each source's rules offer for a trump seven, computed on the demo's positions:
    a table for the chapter (HTML), every cell asked of the engine."""

    COLUMNS = ("Источник", "Как считается семёрка", "Открыт король", "Открыта семёрка",
               "Взятка взята семёркой")

    def rows(self) -> list[tuple[str, ...]]:
        out = []
        for label, preset in SEVEN_PRESETS:
            rules = RuleSet.preset(preset)

            def offer(position):
                acts = [("обмен" if d.meld == SEVEN_EXCHANGE else "показ")
                        + (f" +{d.points}" if d.points else " без очков")
                        for d in seven_position(rules, position).legal_declarations(YOU)]
                return ", ".join(acts) or "ничего"
            auto = seven_position(rules, "won_with_seven").declared[YOU]
            out.append((label.split(":")[0], SEVEN_MODEL_RU[rules.seven_rule],
                        offer("plain"), offer("seven_up"),
                        f"сразу +{auto}" if auto else "ничего"))
        return out

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.COLUMNS)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(x)}</td>" for x in row) + "</tr>"
                       for row in self.rows())
        return (f'<table class="table bezique-seven-table"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")
