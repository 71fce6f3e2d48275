"""Demos of chapter 09 «Подсчёт очков и конец партии»: a whole game and who wins it.

* `bot_game`, `game_chart`, `game_table_html`, `GameReport` — a whole game to 1000 between two
  bots (`game.Game`) and its running totals as a static picture (matplotlib in CPython, SVG in
  the browser kernel: `render.chart`);
* `WhoWins` — «кто выиграл партию?»: chosen totals, the last-trick winner and the rule options
  go to the engine's `Game.decide` (`decide_game`).

No rule is decided here: the widgets ask the engine and phrase its answers in Russian.
"""

from __future__ import annotations

import io

import ipywidgets as W

from ...cards import SUIT_NAME_RU
from ...game import DealSummary, Game
from ...players import match
from ...ru import capitalize, points, source_name
from ...rules import RuleSet
from ..menu import Menu
from ..page import OnPage
from ..render.chart import line_chart_svg, use_svg_chart
from ..render.display import img_html
from .common import WIDE, html_block, html_table
from .common import other_sources_box
from .tally import NAMES


# ====================================================================== a whole game

def bot_game(seed: int = 7, rules: RuleSet | None = None, bots: str = "heuristic") -> Game:
    """A whole game (партия) between two computer players, reproducible from `seed`."""
    game = Game(rules or RuleSet(), seed=seed)
    players = match.bots(bots, 2, seed)
    while not game.is_over:
        match.play_deal(game.start_deal(), players)
        game.finish_deal()
    return game


class Chart:
    """A finished picture (PNG bytes, or SVG text, and Russian alt text) shown as <img> or
    inline SVG in notebooks."""

    def __init__(self, png: bytes | None, alt: str, size: tuple[int, int], svg: str | None = None):
        self.png, self.alt, self.size, self.svg = png, alt, size, svg

    def _repr_html_(self) -> str:
        if self.svg is not None:
            return self.svg
        return img_html(self.png, self.alt, self.size)

    def _repr_png_(self) -> bytes | None:
        return self.png


def game_verdict(game: Game, names=NAMES) -> str:
    """«Партию выиграл Борис: 1160 против 760» (the winner is the engine's)."""
    w = game.winner
    if w is None:
        return "Партия не окончена"
    mine, other = game.totals[w], game.totals[1 - w]
    who = names[w]
    verb = "выиграла" if w == 0 else "выиграл"
    if mine == other:
        return f"Поровну, {mine} : {other}; партию {verb} {who} — за последнюю взятку"
    return f"Партию {verb} {who}: {mine} против {other}"


def chart_alt(game: Game, names=NAMES) -> str:
    parts = [f"после {i}-й сдачи — {names[0]} {h.totals_after[0]}, {names[1]} {h.totals_after[1]}"
             for i, h in enumerate(game.history, 1)]
    text = (f"График партии до {game.rules.target_score} очков: " + "; ".join(parts) + ".")
    if game.winner is not None:
        text += f" {game_verdict(game, names)}."
    return text


def game_chart(game: Game, names=NAMES, width: float = 7.2, height: float = 3.6,
               dpi: int = 100) -> Chart:
    """The running totals of a finished game, deal by deal, with the target line (matplotlib,
    drawn without pyplot and saved without a timestamp, so the PNG is the same every time; an
    SVG chart of the same look where matplotlib is not, see `render.chart`)."""
    if use_svg_chart():
        return _svg_game_chart(game, names, round(width * dpi), round(height * dpi))
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    xs = list(range(len(game.history) + 1))
    colours = ("#1f5fa8", "#c0392b")
    markers = ("o", "s")
    series = [[0] + [h.totals_after[seat] for h in game.history] for seat in range(2)]
    for seat in range(2):
        ys, other = series[seat], series[1 - seat]
        ax.plot(xs, ys, marker=markers[seat], color=colours[seat], linewidth=2, label=names[seat])
        for x in xs[1:]:
            above = ys[x] > other[x] or (ys[x] == other[x] and seat == 0)
            ax.annotate(str(ys[x]), (x, ys[x]), textcoords="offset points",
                        xytext=(0, 7 if above else -14), ha="center", fontsize=8,
                        color=colours[seat])
    target = game.rules.target_score
    ax.axhline(target, color="#555555", linestyle="--", linewidth=1)
    ax.text(0.1, target + 20, f"цель — {target} очков", fontsize=9, color="#333333")
    ax.set_xticks(xs)
    ax.set_xlabel("сдача")
    ax.set_ylabel("очки в партии")
    top = max([target] + [max(h.totals_after) for h in game.history])
    ax.set_ylim(-30, top * 1.12)
    ax.set_xlim(-0.2, len(game.history) + 0.3)
    if game.winner is not None:
        ax.set_title(game_verdict(game, names), fontsize=11)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right", framealpha=1.0)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    size = (round(width * dpi), round(height * dpi))
    return Chart(buf.getvalue(), chart_alt(game, names), size)


def _svg_game_chart(game: Game, names, width: int, height: int) -> Chart:
    series = [[0] + [h.totals_after[seat] for h in game.history] for seat in range(2)]
    target = game.rules.target_score
    top = max([target] + [max(h.totals_after) for h in game.history])
    alt = chart_alt(game, names)
    svg = line_chart_svg(series, list(names[:2]), (("#1f5fa8", "o"), ("#c0392b", "s")),
                         target=target, target_label=f"цель — {target} очков", width=width,
                         height=height, ylim=(-30, top * 1.12),
                         xlim=(-0.2, len(game.history) + 0.3), annotate=True,
                         title=game_verdict(game, names) if game.winner is not None else None,
                         legend="lower right", alt=alt)
    return Chart(None, alt, (width, height), svg)


def game_table_html(game: Game, names=NAMES) -> str:
    """The deals of a game: who dealt, trumps, the points of each deal and the totals."""
    rows = []
    for i, h in enumerate(game.history, 1):
        r = h.result
        last = names[h.last_trick_winner] if h.last_trick_winner is not None else "—"
        rows.append([str(i), names[h.dealer], SUIT_NAME_RU.get(h.trump, "—") if h.trump else "—",
                     r["scores"][0], r["scores"][1], last, h.totals_after[0], h.totals_after[1]])
    head = ["Сдача", "Сдавал(а)", "Козыри", f"{names[0]}: за сдачу", f"{names[1]}: за сдачу",
            "Последняя взятка", f"{names[0]}: всего", f"{names[1]}: всего"]
    return html_table(rows, head)


class GameReport:
    """The chart and the table of a game together, for one notebook cell."""

    def __init__(self, game: Game, names=NAMES):
        self.game, self.names = game, names
        self.chart = game_chart(game, names)

    def _repr_html_(self) -> str:
        return self.chart._repr_html_() + game_table_html(self.game, self.names)


# ====================================================================== who won the game?

BOTH_REACH = [("больше очков — правило курса и " + source_name("001", genitive=True), "higher_score"),
              ("кто взял последнюю взятку — " + source_name("000-C") + " и "
               + source_name("000-E"), "last_trick")]
GAME_MODES = [("до цели (правило курса)", "target"),
              ("каждая сдача — отдельная партия, как допускает " + source_name("001"),
               "single_deal")]
TARGETS = [("1000 (правило курса)", 1000), ("1500 — правило " + source_name("001", genitive=True), 1500)]
RULES_NOTE = (capitalize(source_name("001")) + " играет до 1500 очков и допускает партию из "
              "одной сдачи; " + source_name("000-C") + " и " + source_name("000-E") + ", если "
              "до цели дошли оба, отдают партию взявшему последнюю взятку. Здесь видно, чем "
              "кончилась бы партия по их правилам.")
MAIN_EXAMPLES = 3           # the first examples play the course's rules; the others, a source's
WHO_EXAMPLES = [
    # name, before (A, B), deal (A, B), last trick, target, both-reach rule, mode
    ("Один дошёл до 1000", (980, 900), (30, 50), 1, 1000, "higher_score", "target"),
    ("Оба за 1000", (820, 700), (240, 370), 0, 1000, "higher_score", "target"),
    ("Поровну", (800, 700), (240, 340), 1, 1000, "higher_score", "target"),
    ("Игра до 1500", (1000, 1100), (210, 390), 0, 1500, "higher_score", "target"),
    ("Одна сдача — партия", (0, 0), (430, 380), 1, 1000, "higher_score", "single_deal"),
]


def decide_game(before, deal_points, last_trick_winner: int, rules: RuleSet) -> tuple[int | None, list[int]]:
    """The engine's verdict (Game.decide) after a deal: the winner (or None: play on) and the
    totals."""
    game = Game(rules, seed=0, first_dealer=0)
    game.totals = [before[s] + deal_points[s] for s in range(2)]
    result = {"scores": list(deal_points), "brisques": [0, 0], "declared": list(deal_points),
              "last_trick": [0, 0]}
    summary = DealSummary(0, "H", result, [0, 0], list(game.totals), last_trick_winner)
    return game.decide(summary), game.totals


class WhoWins(OnPage, W.VBox):
    """«Кто выиграл партию?»: totals before the deal, the points of the deal, who took the
    last trick and the options of §8; the winner is the engine's `Game.decide`."""

    static_hint = ("Здесь можно вписать счёт до сдачи и очки за сдачу и узнать, кто выиграл "
                   "партию.")

    def __init__(self, example: int = 1):
        def num(desc):
            return W.BoundedIntText(min=-5000, max=5000, step=10, description=desc, style=WIDE,
                                    layout=W.Layout(width="15em"))
        self.before = [num(f"{NAMES[0]} до сдачи:"), num(f"{NAMES[1]} до сдачи:")]
        self.gain = [num(f"{NAMES[0]} за сдачу:"), num(f"{NAMES[1]} за сдачу:")]
        self.last = W.ToggleButtons(options=[(NAMES[0], 0), (NAMES[1], 1)],
                                    description="Последнюю взятку взял(а):", style=WIDE)
        self.target = Menu(options=TARGETS, description="Партия до:", style=WIDE,
                           layout=W.Layout(width="max-content"))
        self.rule = Menu(options=BOTH_REACH, description="Если дошли оба, выигрывает:",
                         style=WIDE, layout=W.Layout(width="max-content"))
        self.mode = Menu(options=GAME_MODES, description="Партия:", style=WIDE,
                         layout=W.Layout(width="max-content"))
        self.examples = [W.Button(description=e[0], layout=W.Layout(width="auto"))
                         for e in WHO_EXAMPLES]
        self.result = W.HTML()
        self._quiet = False
        for b, i in zip(self.examples, range(len(WHO_EXAMPLES))):
            b.on_click(lambda _, i=i: self.load(i))
        for w in (*self.before, *self.gain, self.last, self.target, self.rule, self.mode):
            w.observe(lambda _: self.render(), names="value")
        wrap = W.Layout(flex_flow="row wrap")
        self.other = other_sources_box(
            RULES_NOTE, W.HBox([W.HTML("Примеры:"), *self.examples[MAIN_EXAMPLES:]], layout=wrap),
            self.target, self.mode, self.rule)
        super().__init__([W.HBox([W.HTML("Примеры:"), *self.examples[:MAIN_EXAMPLES]], layout=wrap),
                          W.HBox(self.before, layout=wrap), W.HBox(self.gain, layout=wrap),
                          self.last, self.result, self.other])
        self.load(example)

    def load(self, index: int) -> None:
        _, before, gain, last, target, rule, mode = WHO_EXAMPLES[index]
        self._quiet = True
        try:
            for s in range(2):
                self.before[s].value, self.gain[s].value = before[s], gain[s]
            self.last.value, self.target.value = last, target
            self.rule.value, self.mode.value = rule, mode
        finally:
            self._quiet = False
        if index >= MAIN_EXAMPLES:              # a source's rules: show their switches
            self.other.selected_index = 0
        self.render()

    @property
    def rules(self) -> RuleSet:
        return RuleSet().with_options(target_score=self.target.value,
                                      both_reach_rule=self.rule.value, game_mode=self.mode.value)

    def decide(self) -> tuple[int | None, list[int]]:
        return decide_game([w.value for w in self.before], [w.value for w in self.gain],
                           self.last.value, self.rules)

    def verdict(self) -> str:
        winner, totals = self.decide()
        rules = self.rules
        gain = [w.value for w in self.gain]
        last = self.last.value
        t = rules.target_score
        lines = []
        if rules.game_mode == "single_deal":
            lines.append(f"Каждая сдача — отдельная партия: сравнивают очки за сдачу — "
                         f"{NAMES[0]} {gain[0]}, {NAMES[1]} {gain[1]}.")
            if gain[0] == gain[1]:
                lines.append(f"Поровну; по правилу курса тогда выигрывает взявший последнюю "
                             f"взятку ({NAMES[last]}).")
        else:
            lines.append(f"После сдачи: {NAMES[0]} — {points(totals[0])}, {NAMES[1]} — "
                         f"{points(totals[1])}. Партия до {t}; проверяют только теперь, после "
                         "подсчёта сдачи.")
            reached = [s for s in range(2) if totals[s] >= t]
            if len(reached) == 2:
                if rules.both_reach_rule == "last_trick":
                    lines.append(f"До {t} дошли оба. По этому правилу выигрывает взявший последнюю "
                                 f"взятку — {NAMES[last]}, сколько бы очков ни было у другого.")
                elif totals[0] == totals[1]:
                    lines.append(f"До {t} дошли оба, и очков поровну: тогда решает последняя "
                                 f"взятка — её взял{'а' if last == 0 else ''} {NAMES[last]}.")
                else:
                    lines.append(f"До {t} дошли оба: выигрывает тот, у кого больше очков.")
            elif len(reached) == 1:
                lines.append(f"До {t} дошёл только один игрок.")
        if winner is None:
            lines.append(f"<b>Партия продолжается:</b> никто ещё не набрал {t}. Следующая сдача.")
        else:
            lines.append(f"<b>Партию выиграл{'а' if winner == 0 else ''} {NAMES[winner]}.</b>")
        return "<br>".join(lines)

    def render(self) -> None:
        if not self._quiet:
            self.result.value = html_block(self.verdict())
