"""Demos of chapter 11 «Безик втроём, вчетвером и многоколодный»: many-pack bezique.

* `ManyPackOpening` — the first declarations of a many-pack deal with infusorki (experimental);
* `joker_layout`, `meld_row_html` — declared cards with infusorki drawn;
* `infusorka_score_table`, `gaps_table_html` (the engine's `GAPS`), `experimental_note_html`.

No rule is decided here: every declaration and score is the engine's.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...cards import JOKER, SUIT_NAME_RU, Card
from ...deal import Deal
from ...events import DeclareEvent
from ...melds import MeldContext
from ...players.match import bots
from ...ru import meld_name, plural, points
from ...rules import RuleSet
from ..page import OnPage
from ..render.display import picture_html
from ..render.layout import Layout, layout_card, layout_meld_row
from .common import WIDE, html_block, html_table


# ====================================================================== many-pack bezique

def joker_layout(scale: float = 1.0) -> Layout:
    """The infusorka (it has no suit and no rank), as the card pictures draw it."""
    return layout_card(Card(JOKER, JOKER, 1), scale)


def meld_row_html(groups, scale: float = 0.55, caption: str | None = None) -> str:
    """Declared cards, each meld a group of overlapping cards (infusorki included), as HTML."""
    lay = layout_meld_row(groups, scale)
    alt = "; ".join(", ".join(c.name_ru for c in g) for g in groups)
    return picture_html(lay, ("Объявлено: " + alt) if not caption else f"{caption}: {alt}", 1)


MANY_NAMES = ("Анна", "Борис")


def _infusorka_module():
    from ...variants import infusorka
    return infusorka


class ManyPackOpening(OnPage, W.VBox):
    """The first declarations of a many-pack deal with infusorki, played by two bots
    (experimental reconstruction, RULES.md §10.5)."""

    static_hint = ("Здесь можно выбрать номер сдачи — компьютерные игроки сыграют начало "
                   "многоколодной сдачи, и под картинкой появятся их первые объявления.")

    def __init__(self, seed: int = 2, count: int = 5):
        self.count = count
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.head = W.HTML()
        self.items = W.HTML()
        self._ready: dict = {}
        self.new.on_click(lambda _: setattr(self.seed, "value", self.seed.value % 99999 + 1))
        self.seed.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new], layout=W.Layout(flex_flow="row wrap")),
                          self.head, self.items])
        self.play()

    def play(self) -> None:
        """Play until `count` declarations have been scored (or the deal ends); the next
        numbered deal is played right after this one is shown."""
        seed = self.seed.value
        self.deal, self.start, self.declared = self._ready.pop(seed, None) or self.opening(seed)
        self.render()
        nxt = seed % 99999 + 1
        if nxt not in self._ready:
            self._ready = {nxt: self.opening(nxt)}

    def opening(self, seed: int):
        """(deal, (turn-up, hand sizes, stock), [(trick number, seat, declaration)…])."""
        rules = RuleSet.preset("many_pack_infusorka")
        d = Deal.new(rules, 0, seed=seed)
        start = (d.initial[1], [len(h) for h in d.hands], d.stock_count)
        players = bots("heuristic", 2, seed)
        declared: list[tuple[int, int, object]] = []
        while not d.is_over and len(declared) < self.count:
            seat = d.to_act
            before = len(d.log)
            d.apply(players[seat].choose(d.view(seat)), seat)
            for e in d.log[before:]:
                if type(e) is DeclareEvent:
                    declared.append((d.tricks_done, e.seat, e.declaration))
        return d, start, declared

    def render(self) -> None:
        up, sizes, stock = self.start
        self.head.value = html_block(
            f"Колода: {plural(self.deal.rules.pack_size, 'карта')} (восемь колод без семёрок и "
            f"восьмёрок, двенадцать девяток и две инфузорки). Каждому сдано по "
            f"{plural(sizes[0], 'карта')}, козырь — {SUIT_NAME_RU[up.suit]} (открыта "
            f"37-я карта — {up.ru}), в колоде осталось {plural(stock, 'карта')}.")
        rows = []
        for n, seat, decl in self.declared:
            pic = meld_row_html([list(decl.cards)], 0.7)
            rows.append(f"<div style='margin:6px 0'>Ход {n}, {MANY_NAMES[seat]}: "
                        f"<b>{html.escape(meld_name(decl.meld))}</b> — "
                        f"{points(decl.points)}<br>{pic}</div>")
        if not rows:
            rows.append("За эту сдачу никто ничего не объявил.")
        self.items.value = "".join(rows)


def series_points(meld: str, n: int, trump: str = "S") -> int:
    """Points of the n-th declaration of a doubling series (trump marriage, bezique, quint) or
    of the n-th plain four, as the engine scores it."""
    inf = _infusorka_module()
    st = inf.InfusorkaMelds()
    st.counts[meld] = n - 1
    bj = inf.BEZIQUE_JACK_SUIT[trump]
    hand = {"royal_marriage": [("K", trump), ("Q", trump)],
            "bezique": [("Q", trump), ("J", bj)],
            "trump_quint": [(r, trump) for r in "ATKQJ"],
            "four_aces": [("A", s) for s in "SHDC"], "four_kings": [("K", s) for s in "SHDC"],
            "four_queens": [("Q", s) for s in "SHDC"], "four_jacks": [("J", s) for s in "SHDC"]}[meld]
    cards = [Card(r, s) for r, s in hand]
    ctx = MeldContext.for_hand(rules=RuleSet.preset("many_pack_infusorka"), trump=trump,
                               seven_exchanged=True)
    return next(d.points for d in inf.infusorka_declarations(cards, st, ctx) if d.meld == meld)


def infusorka_score_table() -> str:
    """The reconstructed score table of §10.5.5, every number asked from the engine."""
    inf = _infusorka_module()
    series = [("козырный марьяж", "royal_marriage"), ("безик (козырная дама и безиковый валет)",
                                                      "bezique"),
              ("козырная квинта (Т 10 К Д В)", "trump_quint")]
    rows1 = [[name, *[series_points(m, n) for n in range(1, 5)]] for name, m in series]
    rows1.append(["простой марьяж", "—", "—", "—", "—"])
    plain = [("четыре туза разных мастей", "four_aces"), ("четыре короля", "four_kings"),
             ("четыре дамы", "four_queens"), ("четыре валета", "four_jacks")]
    rows2 = [[name, *[series_points(m, n) for n in (1, 2, 3)]] for name, m in plain]
    fam_names = {"trump_queens": "козырные дамы", "bezique_jacks": "безиковые валеты",
                 "trump_aces": "козырные тузы", "trump_kings": "козырные короли",
                 "trump_tens": "козырные десятки", "trump_jacks": "козырные валеты"}
    rows3 = []
    for key, name in fam_names.items():
        fam = inf.FAMILIES[key]
        inc = [fam.increment(k) for k in range(5, 9)]
        rows3.append([name, fam.base, *[f"+{x}" for x in inc], fam.base + sum(inc)])
    return ("<b>Серии: каждое следующее объявление вдвое дороже</b>"
            + html_table(rows1, ["", "первый", "второй", "третий", "четвёртый"], numbers_right=True)
            + "<b>Четыре карты разных мастей «на одной руке»: k-е такое объявление — в k раз</b>"
            + html_table(rows2, ["", "первое", "второе", "третье"], numbers_right=True)
            + "<b>Козырные четвёрки и каждая следующая карта к ним</b>"
            + html_table(rows3, ["четыре…", "четыре", "5-я", "6-я", "7-я", "8-я", "все восемь"],
                     numbers_right=True))


def gaps_table_html() -> str:
    """What the old text does not say and how the engine fills it (`infusorka.GAPS`)."""
    inf = _infusorka_module()
    style = 'style="border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top"'
    out = ['<table style="border-collapse:collapse;margin:6px 0">',
           f"<tr><th {style}>Чего нет в тексте</th><th {style}>Как решает курс</th></tr>"]
    for g in inf.GAPS:
        out.append(f"<tr><td {style}>{html.escape(g.topic)}</td>"
                   f"<td {style}>{html.escape(g.decision)}</td></tr>")
    return "".join(out) + "</table>"


def experimental_note_html() -> str:
    return html_block(f"<b>Реконструкция.</b> {html.escape(_infusorka_module().EXPERIMENTAL_NOTE_RU)}")
