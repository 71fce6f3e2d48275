"""Demos of chapter 09 «Подсчёт очков и конец партии».

* `DealTally` — a whole deal played by two computer players (Любитель against Любитель), its
  end-of-deal tally per player (`Deal.result`, `narrate.score_breakdown`), the same tricks
  recounted by 000-C's rules (the deal replayed by the engine under the other `RuleSet`), and
  a «Новая сдача» button;
* `bot_game`, `game_chart`, `game_table_html` — a whole game to 1000 between two bots
  (`game.Game`) and its running totals as a static matplotlib picture;
* `WhoWins` — «кто выиграл партию?»: chosen totals, the last-trick winner and the rule options
  go to the engine's `Game.decide`;
* `PenaltyDemo` — «сколько бы это стоило»: an offence tried in a real deal, refused by the
  engine (`penalty_mode="prevent"`) or fined (`penalty_mode="apply"`).

No rule is decided here: the widgets ask the engine and phrase its answers in Russian.
"""

from __future__ import annotations

import html
import io

import ipywidgets as W
from PIL import Image

from ..actions import play
from ..cards import SUIT_NAME_RU, Card, cards_ru
from ..deal import Deal
from ..errors import IllegalAction
from ..game import DealSummary, Game
from ..melds import SEVEN_EXCHANGE, MeldContext, enumerate_declarations, make_declaration
from ..narrate import describe_event, score_breakdown
from ..players.match import make_player
from ..ru import meld_name, plural, points
from ..rules import RuleSet
from .canvas import CardCanvas, img_html
from .layout import layout_hand, layout_table, layout_trick

NAMES = ("Анна", "Борис")
NAMES_GEN = ("Анны", "Бориса")
_WIDE = {"description_width": "initial"}


def _html(text: str) -> str:
    return f'<div style="line-height:1.5">{text}</div>'


def _signed(n: int, plus: bool = True) -> str:
    """A number with a real minus sign (−10), and +10 if `plus`."""
    if n < 0:
        return f"−{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


def _table(rows, head=None) -> str:
    """A small HTML table (rows of cells already escaped)."""
    style = 'style="border:1px solid #ccc;padding:2px 10px;text-align:{}"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">']
    if head:
        out.append("<tr>" + "".join(f"<th {style.format('center')}>{h}</th>" for h in head) + "</tr>")
    for row in rows:
        cells = [f"<td {style.format('left' if i == 0 else 'right')}>{c}</td>"
                 for i, c in enumerate(row)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


# ====================================================================== a deal played by bots

def bot_deal(seed: int, rules: RuleSet | None = None, dealer: int = 0,
             bots: str = "heuristic") -> Deal:
    """A whole deal (numbered by `seed`) played by two computer players of one kind."""
    rules = rules or RuleSet()
    deal = Deal.new(rules, dealer, seed=seed)
    players = [make_player(bots, seed=seed * 10 + s) for s in range(rules.players)]
    while not deal.is_over:
        seat = deal.to_act
        deal.apply(players[seat].choose(deal.view(seat)), seat)
    return deal


def replay_under(deal: Deal, rules: RuleSet) -> Deal:
    """The same cards and the same actions, counted by other rules (the engine replays it)."""
    return deal.replayed(rules)


def brisques_won(deal: Deal, seat: int) -> list[Card]:
    """The aces and tens in the tricks `seat` won."""
    return [c for trick in deal.won[seat] for c in trick if c.is_brisque]


def last_trick(deal: Deal) -> tuple[tuple[int, ...], tuple[Card, ...], int] | None:
    """(seats, cards, winner) of the last trick played."""
    for event in reversed(deal.log):
        if event[0] == "trick":
            return event[3], event[2], event[1]
    return None


def scoring_events(deal: Deal, names=NAMES) -> list[str]:
    """Every line of the deal's log that scored points during the play, in Russian."""
    kinds = ("seven_turned", "ace_turned", "seven_played", "carte_blanche", "penalty")
    lines = []
    for e in deal.log:
        if e[0] == "declare" and e[2].meld != SEVEN_EXCHANGE:
            d = e[2]
            lines.append(f"{names[e[1]]}: {meld_name(d.meld)} {cards_ru(d.cards)} — "
                         f"+{points(d.points)}.")
        elif e[0] == "declare" or e[0] in kinds:
            line = describe_event(e, -1, names)
            if line:
                lines.append(line)
    return lines


def tally_exercise(seed: int, ident: str = "ch09-tally") -> dict:
    """A «deal_score» position (formats.md) from a deal played by two bots: the cards each won,
    what each declared, who took the last trick; the prompt tells the story in Russian."""
    d = bot_deal(seed)
    up = d.initial[1]
    scored = [[{"meld": x.meld, "cards": [c.code for c in x.cards]} for x in d.melds[s].scored]
              for s in range(2)]
    pos = {"id": ident, "kind": "deal_score", "trump": up.suit, "scored": scored,
           "tricks": [[c.code for t in d.won[s] for c in t] for s in range(2)],
           "last_trick": d.last_trick_winner}
    story = [f"Играли {NAMES[0]} (игрок 1) и {NAMES[1]} (игрок 2); сдавала {NAMES[0]}, козырь — "
             f"{SUIT_NAME_RU[up.suit]} (открыта карта {up.ru})."]
    if up.rank == "7":
        pos["turned_up_seven"] = d.dealer
        story.append("Открыта семёрка — сдатчику 10 очков.")
    story.append(f"Последнюю взятку взял{'а' if d.last_trick_winner == 0 else ''} "
                 f"{NAMES[d.last_trick_winner]}. Что каждый объявил и какие карты взял — ниже. "
                 "Сколько очков за сдачу у каждого?")
    pos["prompt"] = " ".join(story)
    return pos


TALLY_RULES = [
    ("Бриски: 10 за каждый туз и десятку; последняя взятка — 10 (основное правило)", "canonical"),
    ("Бриски по взяткам: 10 за взятку, где есть туз или десятка (000-C)", "per_trick"),
    ("Весь счёт 000-C: 10 за каждую взятку, ещё 10 за взятку с тузом или десяткой; "
     "последняя взятка — 250", "club"),
]


def tally_rules(key: str) -> RuleSet:
    if key == "per_trick":
        return RuleSet().with_options(brisque_count="per_trick")
    if key == "club":
        return RuleSet().with_options(trick_scoring="per_trick_000C", brisque_count="per_trick",
                                      last_trick_points=250)
    return RuleSet()


class DealTally(W.VBox):
    """«Подсчёт сдачи»: a seeded deal played by two bots, each player's declarations and
    brisques on cards, and the engine's tally; the same play may be counted by 000-C."""

    def __init__(self, seed: int = 2, count: str = "canonical", four_colour: bool = False):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=_WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.count = W.Dropdown(options=TALLY_RULES, value=count, description="Как считать:",
                                style=_WIDE, layout=W.Layout(width="max-content"))
        self.colours = W.Checkbox(value=four_colour, indent=False, style=_WIDE,
                                  description="Четыре цвета мастей (♣ зелёные, ♦ синие)",
                                  layout=W.Layout(width="auto"))
        self.pictures = [W.HTML(), W.HTML()]
        self._ready: dict[int, Deal] = {}
        self.trick = W.HTML()
        self.summary = W.HTML()
        self.story = W.HTML()
        self.new.on_click(lambda _: self.next_deal())
        self.seed.observe(lambda _: self.play(), names="value")
        self.count.observe(lambda _: self.render(), names="value")
        self.colours.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new]), self.count, self.pictures[0],
                          self.pictures[1], self.trick, self.summary, self.story, self.colours])
        self.play()

    def next_deal(self) -> None:
        self.seed.value = self.seed.value % 99999 + 1          # the observer plays it

    def play(self) -> None:
        """Play the numbered deal with two bots (Анна deals, Борис leads). The next numbered
        deal and its pictures are prepared right after this one is shown, so that «Новая
        сдача» only has to put them on the page."""
        seed, fc = self.seed.value, self.colours.value
        ready = self._ready.pop((seed, fc), None) or self.prepare(seed, fc)
        self.deal, pics = ready
        self._counted: dict[str, Deal] = {"canonical": self.deal}
        self.render(pictures=pics)
        nxt = (seed % 99999 + 1, fc)
        if nxt not in self._ready:
            self._ready = {nxt: self.prepare(*nxt)}

    def prepare(self, seed: int, four_colour: bool = False) -> tuple[Deal, list[str]]:
        """A numbered deal played by the bots, and its three pictures (HTML)."""
        d = bot_deal(seed)
        return d, [self.player_picture(0, four_colour, d), self.player_picture(1, four_colour, d),
                   self.trick_picture(four_colour, d)]

    def counted(self) -> Deal:
        """The deal as counted by the chosen rules (replayed by the engine)."""
        key = self.count.value
        if key not in self._counted:
            self._counted[key] = replay_under(self.deal, tally_rules(key))
        return self._counted[key]

    def render(self, pictures: list[str] | bool = False) -> None:
        d = self.deal
        if pictures is True:
            fc = self.colours.value
            pictures = [self.player_picture(0, fc), self.player_picture(1, fc), self.trick_picture(fc)]
        if pictures:
            self.pictures[0].value, self.pictures[1].value, self.trick.value = pictures
        self.summary.value = _html(self.tally_html())
        self.story.value = _html("<b>Очки по ходу сдачи</b> (из записи движка):<br>"
                                 + "<br>".join(html.escape(x) for x in scoring_events(d)))

    def trick_picture(self, four_colour: bool = False, deal: Deal | None = None) -> str:
        """The last trick of the deal, its winner outlined."""
        d = deal or self.deal
        seats, cards, winner = last_trick(d)
        lay = layout_trick([(NAMES[s], c) for s, c in zip(seats, cards)],
                           winner=seats.index(winner), four_colour=four_colour, scale=0.8,
                           caption=f"Последняя, {d.tricks_done}-я взятка: её взял"
                                   f"{'а' if winner == 0 else ''} {NAMES[winner]}")
        return img_html(lay.png(), lay.description.replace("\n", " "), lay.size)

    def player_picture(self, seat: int, four_colour: bool = False, deal: Deal | None = None) -> str:
        """One player's scored combinations and the brisques in their tricks, as one <img>."""
        d = deal or self.deal
        scored = d.melds[seat].scored
        pts = sum(x.points for x in scored)
        won = brisques_won(d, seat)
        parts = []
        if scored:
            parts.append(layout_table([list(x.cards) for x in scored], scale=0.6,
                                      four_colour=four_colour, title=f"Объявлено: {NAMES[seat]}",
                                      caption=f"{NAMES[seat]}: объявления за {points(pts)}"))
        parts.append(layout_hand(won, scale=0.6, max_width=520, four_colour=four_colour,
                                 title=f"Бриски во взятках {NAMES_GEN[seat]}",
                                 caption=f"Бриски во взятках {NAMES_GEN[seat]}: "
                                         f"{plural(len(won), 'карта')} "
                                         f"({plural(len(d.won[seat]), 'взятка')} всего)"))
        gap = 24
        width = sum(p.size[0] for p in parts) + gap * (len(parts) - 1)
        height = max(p.size[1] for p in parts)
        img = Image.new("RGB", (width, height), (255, 255, 255))
        x = 0
        for p in parts:
            img.paste(p.image, (x, height - p.size[1]), p.image.convert("RGBA"))
            x += p.size[0] + gap
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=1)
        alt = " ".join(p.description.replace("\n", " ") for p in parts)
        if not scored:
            alt = f"{NAMES[seat]} ничего не объявлял{'а' if seat == 0 else ''}. " + alt
        note = "" if scored else (f'<div>{NAMES[seat]}: ни одного объявления за сдачу</div>')
        return note + img_html(buf.getvalue(), alt, (width, height))

    def breakdown(self) -> list[dict[str, int]]:
        """The engine's tally of the deal as counted, per player."""
        d = self.counted()
        return [score_breakdown(d, seat) for seat in range(2)]

    def tally_html(self) -> str:
        d = self.counted()
        b = self.breakdown()
        r = d.result()
        won = [len(brisques_won(d, s)) for s in range(2)]
        tricks = [len(d.won[s]) for s in range(2)]
        label = {"canonical": "бриски: 10 за каждый туз и десятку во взятках",
                 "per_trick": "взятки с тузом или десяткой: по 10",
                 "club": "взятки: 10 за каждую и ещё 10, если в ней туз или десятка"}[self.count.value]
        rows = [["объявления (и козырные семёрки)", b[0]["объявления"], b[1]["объявления"]],
                [label, b[0]["бриски"], b[1]["бриски"]],
                ["последняя взятка", b[0]["последняя взятка"], b[1]["последняя взятка"]],
                ["<b>итого за сдачу</b>", f"<b>{b[0]['всего']}</b>", f"<b>{b[1]['всего']}</b>"]]
        text = [_table(rows, ["", NAMES[0], NAMES[1]]),
                f"{NAMES[0]} взяла {plural(tricks[0], 'взятка')}, тузов и десяток в них — "
                f"{won[0]}; {NAMES[1]} взял {plural(tricks[1], 'взятка')}, тузов и десяток — "
                f"{won[1]}."]
        top = max(range(2), key=lambda s: r["scores"][s])
        if r["scores"][0] != r["scores"][1]:
            text.append(f"Сдачу выиграл{'а' if top == 0 else ''} {NAMES[top]}: "
                        f"{points(r['scores'][top])} против {r['scores'][1 - top]}.")
        if self.count.value == "canonical":
            total = sum(r["brisques"])
            text.append(f"Проверка: бриски обоих вместе — {points(total)}; в колоде 8 тузов и "
                        "8 десяток, так что сумма всегда 160.")
        return "<br>".join(text)


# ====================================================================== a whole game

def bot_game(seed: int = 7, rules: RuleSet | None = None, bots: str = "heuristic") -> Game:
    """A whole game (партия) between two computer players, reproducible from `seed`."""
    game = Game(rules or RuleSet(), seed=seed)
    players = [make_player(bots, seed=seed * 10 + s) for s in range(2)]
    while not game.is_over:
        deal = game.start_deal()
        while not deal.is_over:
            seat = deal.to_act
            deal.apply(players[seat].choose(deal.view(seat)), seat)
        game.finish_deal()
    return game


class Chart:
    """A finished picture (PNG bytes and Russian alt text) shown as <img> in notebooks."""

    def __init__(self, png: bytes, alt: str, size: tuple[int, int]):
        self.png, self.alt, self.size = png, alt, size

    def _repr_html_(self) -> str:
        return img_html(self.png, self.alt, self.size)

    def _repr_png_(self) -> bytes:
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
    parts = [f"после {i} сдачи — {names[0]} {h.totals_after[0]}, {names[1]} {h.totals_after[1]}"
             for i, h in enumerate(game.history, 1)]
    text = (f"График партии до {game.rules.target_score} очков: " + "; ".join(parts) + ".")
    if game.winner is not None:
        text += f" {game_verdict(game, names)}."
    return text


def game_chart(game: Game, names=NAMES, width: float = 7.2, height: float = 3.6,
               dpi: int = 100) -> Chart:
    """The running totals of a finished game, deal by deal, with the target line (matplotlib,
    drawn without pyplot and saved without a timestamp, so the PNG is the same every time)."""
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
    return _table(rows, head)


class GameReport:
    """The chart and the table of a game together, for one notebook cell."""

    def __init__(self, game: Game, names=NAMES):
        self.game, self.names = game, names
        self.chart = game_chart(game, names)

    def _repr_html_(self) -> str:
        return self.chart._repr_html_() + game_table_html(self.game, self.names)


# ====================================================================== who won the game?

BOTH_REACH = [("больше очков (001; основное правило)", "higher_score"),
              ("кто взял последнюю взятку (000-C, 000-E)", "last_trick")]
GAME_MODES = [("до 1000 или 1500 очков", "target"), ("каждая сдача — отдельная партия (001)", "single_deal")]
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


class WhoWins(W.VBox):
    """«Кто выиграл партию?»: totals before the deal, the points of the deal, who took the
    last trick and the options of §8; the winner is the engine's `Game.decide`."""

    def __init__(self, example: int = 1):
        def num(desc):
            return W.BoundedIntText(min=-5000, max=5000, step=10, description=desc, style=_WIDE,
                                    layout=W.Layout(width="15em"))
        self.before = [num(f"{NAMES[0]} до сдачи:"), num(f"{NAMES[1]} до сдачи:")]
        self.gain = [num(f"{NAMES[0]} за сдачу:"), num(f"{NAMES[1]} за сдачу:")]
        self.last = W.ToggleButtons(options=[(NAMES[0], 0), (NAMES[1], 1)],
                                    description="Последнюю взятку взял(а):", style=_WIDE)
        self.target = W.Dropdown(options=[("1000 (основное правило)", 1000), ("1500 (001)", 1500)],
                                 description="Партия до:", style=_WIDE)
        self.rule = W.Dropdown(options=BOTH_REACH, description="Если дошли оба, выигрывает:",
                               style=_WIDE, layout=W.Layout(width="max-content"))
        self.mode = W.Dropdown(options=GAME_MODES, description="Партия:", style=_WIDE,
                               layout=W.Layout(width="max-content"))
        self.examples = [W.Button(description=e[0], layout=W.Layout(width="auto"))
                         for e in WHO_EXAMPLES]
        self.result = W.HTML()
        self._quiet = False
        for b, i in zip(self.examples, range(len(WHO_EXAMPLES))):
            b.on_click(lambda _, i=i: self.load(i))
        for w in (*self.before, *self.gain, self.last, self.target, self.rule, self.mode):
            w.observe(lambda _: self.render(), names="value")
        super().__init__([W.HTML("Примеры:"), W.HBox(self.examples, layout=W.Layout(flex_flow="row wrap")),
                          W.HBox(self.before), W.HBox(self.gain), self.last,
                          W.HBox([self.target, self.mode], layout=W.Layout(flex_flow="row wrap")),
                          self.rule, self.result])
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
                lines.append(f"Поровну; по правилу движка тогда выигрывает взявший последнюю "
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
                                 f"взятка — её взял(а) {NAMES[last]}.")
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
            self.result.value = _html(self.verdict())


# ====================================================================== penalties

OFFENCES = [
    ("Объявить комбинацию, не взяв взятки", "declare_before_trick"),
    ("Ответить не в масть в последних восьми взятках", "revoke"),
    ("Пойти, не добрав восьмую карту", "play_before_draw"),
    ("Взять из талона лишнюю карту", "extra_card"),
    ("Доиграть сдачу девятью картами", "nine_cards"),
    ("Объявить комбинацию, которой нет", "false_declaration"),
]
PENALTY_SOURCES = [("Основные правила (лишняя карта — 50, как в 000-C и 000-E)", "canonical"),
                   ("Первый текст сборника 000 (000-A: лишняя карта — 60)", "seed_000A")]
PENALTY_MODES = [("Программа не позволит (обычный режим)", "prevent"),
                 ("Штраф, как за столом (penalty_mode=\"apply\")", "apply")]
GAME_BEFORE = (640, 410)       # the game score before this deal, to show «на все очки»
_PENALTY_SEED = 11


def _situation_reached(deal: Deal, offence: str) -> bool:
    seat = deal.to_act
    if offence == "declare_before_trick":
        if deal.stage != "play" or deal.phase != 1 or deal.trick:
            return False
        ctx = MeldContext(deal.rules, deal.trump, deal.turn_up, deal.seven_exchanged, False)
        return bool(enumerate_declarations(deal.hands[seat], deal.melds[seat], ctx))
    if offence == "revoke":
        return (deal.stage == "play" and deal.phase == 2 and len(deal.trick) == 1
                and len(deal.legal_plays(seat)) < len(deal.hands[seat]))
    if offence == "false_declaration":
        return deal.stage == "declare" and deal.tricks_done >= 3
    return deal.stage == "play" and deal.phase == 1 and not deal.trick and deal.tricks_done >= 2


def penalty_situation(offence: str, rules: RuleSet, seed: int = _PENALTY_SEED) -> Deal:
    """A real deal played by two bots up to a moment where `offence` can be committed."""
    for s in range(seed, seed + 200):
        deal = Deal.new(rules, 0, seed=s)
        players = [make_player("heuristic", seed=s * 10 + k) for k in range(2)]
        while not deal.is_over:
            if _situation_reached(deal, offence):
                return deal
            seat = deal.to_act
            deal.apply(players[seat].choose(deal.view(seat)), seat)
    raise RuntimeError(f"no situation for {offence}")


def offending_action(deal: Deal, offence: str):
    """The faulty action at this moment: ("act", action) or ("penalize", offence)."""
    seat = deal.to_act
    hand = deal.hands[seat]
    if offence == "declare_before_trick":
        ctx = MeldContext(deal.rules, deal.trump, deal.turn_up, deal.seven_exchanged, False)
        return "act", enumerate_declarations(hand, deal.melds[seat], ctx)[0]
    if offence == "revoke":
        legal = set(deal.legal_plays(seat))
        return "act", play(next(c for c in sorted(hand) if c not in legal))
    if offence == "false_declaration":
        kings = [c for c in sorted(hand) if c.rank == "K"]
        queens = [c for c in sorted(hand) if c.rank == "Q" and (not kings or c.suit != kings[0].suit)]
        cards = (kings[:1] + queens[:1]) if kings and queens else sorted(hand)[:2]
        return "act", make_declaration("marriage", cards, 20)
    return "penalize", offence


class PenaltyDemo(W.VBox):
    """«Сколько бы это стоило?»: choose an offence of §9 and try it in a real deal; the engine
    refuses it (prevent) or fines it (apply), then the bots finish the deal and the game score
    is counted."""

    def __init__(self, offence: str = "revoke", source: str = "canonical", mode: str = "apply"):
        self.offence = W.Dropdown(options=OFFENCES, value=offence, description="Нарушение:",
                                  style=_WIDE, layout=W.Layout(width="max-content"))
        self.source = W.Dropdown(options=PENALTY_SOURCES, value=source, description="Штрафы:",
                                 style=_WIDE, layout=W.Layout(width="max-content"))
        self.mode = W.ToggleButtons(options=PENALTY_MODES, value=mode, description="Режим:",
                                    style={"button_width": "auto", **_WIDE})
        self.go = W.Button(description="Нарушить", icon="exclamation-triangle",
                           button_style="danger")
        self.again = W.Button(description="Начать заново", icon="undo")
        self.canvas = CardCanvas(name="Стол нарушителя", scale=0.7)
        self.result = W.HTML()
        self.done = False
        self._result = None
        self.go.on_click(lambda _: self.commit())
        self.again.on_click(lambda _: self.reset())
        for w in (self.offence, self.source, self.mode):
            w.observe(lambda _: self.reset(), names="value")
        super().__init__([self.offence, self.source, self.mode, self.canvas,
                          W.HBox([self.go, self.again]), self.result])
        self.reset()

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.source.value).with_options(penalty_mode=self.mode.value)

    def reset(self) -> None:
        self.deal = penalty_situation(self.offence.value, self.rules)
        self.offender = self.deal.to_act
        self.shown = self.deal.clone()
        self.done = False
        self.outcome = ""
        self.render()
        self._result = self.evaluate()        # ready before the button is pressed

    def commit(self) -> str:
        """Try the offence. Returns "refused", "fined" or "impossible" (prevent mode, an
        offence the action API cannot even express)."""
        outcome, deal, text = self._result or self.evaluate()
        self.deal = deal
        self.done = True
        self.outcome = text
        self.render()
        return outcome

    def evaluate(self) -> tuple[str, Deal, str]:
        """What the offence leads to, on a copy of the deal: (outcome, the deal after, text)."""
        d, seat = self.shown.clone(), self.offender
        kind, what = offending_action(d, self.offence.value)
        lines = []
        if self.mode.value == "prevent":
            if kind == "penalize":
                outcome = "impossible"
                lines.append("В обычном режиме так ошибиться нельзя: карты из талона раздаёт "
                             "программа, и пойти она даст только тогда, когда у игрока снова "
                             "восемь карт.")
            else:
                try:
                    d.clone().apply(what, seat)
                    outcome = "accepted"                 # not expected: the action was legal
                except IllegalAction as e:
                    outcome = "refused"
                    lines.append(f"Движок отказал: «{html.escape(e.message)}» (правило {e.rule}).")
            lines.append("Очки не изменились: ошибку просто не дали сделать.")
        else:
            game = Game(self.rules, seed=0, first_dealer=d.dealer)
            game.totals = list(GAME_BEFORE)
            game.start_deal(d)
            start = len(d.log)
            if kind == "penalize":
                d.penalize(seat, what)
            else:
                d.apply(what, seat)
            for e in d.log[start:]:
                if e[0] == "penalty":
                    lines.append("Запись движка: " + html.escape(describe_event(e, -1, NAMES)))
            players = [make_player("heuristic", seed=k) for k in range(2)]
            while not d.is_over:
                s = d.to_act
                d.apply(players[s].choose(d.view(s)), s)
            b = score_breakdown(d, seat)
            game.finish_deal()
            outcome = "fined"
            lines.append(f"Сдачу доиграли компьютерные игроки. Итог сдачи у нарушителя "
                         f"({NAMES[seat]}): объявления {b['объявления']}, бриски {b['бриски']}, "
                         f"последняя взятка {b['последняя взятка']}, штрафы {_signed(b['штрафы'])} — "
                         f"всего {_signed(b['всего'], plus=False)}.")
            if d.zeroed[seat]:
                lines.append(f"Штраф «на все очки»: {NAMES[seat]} до сдачи имел"
                             f"{'а' if seat == 0 else ''} в партии {points(GAME_BEFORE[seat])} — "
                             f"они сгорели, и счёт начался заново. После сдачи: "
                             f"<b>{points(game.totals[seat])}</b>.")
            else:
                lines.append(f"Счёт партии у нарушителя: было {GAME_BEFORE[seat]}, стало "
                             f"<b>{game.totals[seat]}</b>.")
        return outcome, d, "<br>".join(lines)

    def describe(self) -> str:
        d, seat = self.shown, self.offender
        what = {
            "declare_before_trick": "ходить, ещё не взяв взятки. На руках есть комбинация — "
                                    "а что, если объявить её прямо сейчас?",
            "revoke": "отвечать на ход соперника в последних восьми взятках. Нужно ответить "
                      "в масть (или козырем), а мы попробуем сбросить другую карту.",
            "play_before_draw": "ходить. Допустим, он пошёл, не добрав карту из талона.",
            "extra_card": "ходить. Допустим, при доборе он по ошибке взял две карты.",
            "nine_cards": "ходить. Допустим, у него девять карт и он так и доиграл сдачу.",
            "false_declaration": "объявлять: он только что взял взятку. А что, если назвать "
                                 "марьяжем короля и даму разных мастей?",
        }[self.offence.value]
        trump = f"Козырь — {SUIT_NAME_RU[d.trump]}. " if d.trump else ""
        return f"{trump}Сдача идёт, очередь {NAMES_GEN[seat]} {what}"

    def render(self) -> None:
        d, seat = self.shown, self.offender
        other = 1 - seat
        trick = [(NAMES[s], c) for s, c in zip(d.trick_seats, d.trick)]
        if getattr(self.canvas, "_shown", None) is not d:      # redraw only a new situation
            self.canvas._shown = d
            self.canvas.show_scene(d.hands[seat], opponent=len(d.hands[other]),
                                   table=sorted(d.exposed[seat]),
                                   opponent_table=sorted(d.exposed[other]),
                                   stock=d.stock_count, turn_up=d.turn_up, trick=trick,
                                   names=(NAMES[seat], NAMES[other]),
                                   caption=f"Вы — {NAMES[seat]}: стол перед нарушением")
        self.go.disabled = self.done
        self.again.disabled = not self.done
        text = [html.escape(self.describe())]
        text.append(self.outcome or "Нажмите «Нарушить».")
        self.result.value = _html("<br>".join(text))
