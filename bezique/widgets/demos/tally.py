"""Demos of chapter 09 «Подсчёт очков и конец партии»: the tally of one deal.

* `replay_under` — a deal played by two computer players (`players.match.play_deal`), counted
  by other rules (the engine replays it);
* `DealTally` — such a deal (Любитель against Любитель), its end-of-deal tally per player
  (`Deal.result`, `narrate.score_breakdown`), a «Новая сдача» button and, in a collapsed «В
  других источниках» block, the same tricks recounted by 000-C's rules;
* `tally_exercise` — a «deal_score» exercise from a deal played by two bots.

No rule is decided here: the widgets ask the engine and phrase its answers in Russian.
"""

from __future__ import annotations

import html

import ipywidgets as W

from ...cards import SUIT_NAME_RU, Card, parse_cards
from ...deal import Deal
from ...events import (AceTurnedEvent, CarteBlancheEvent, DeclareEvent, PenaltyEvent,
                       SevenPlayedEvent, SevenTurnedEvent)
from ...melds import SEVEN_EXCHANGE, SEVEN_TURNED, meld_points
from ...narrate import describe_event, score_breakdown
from ...players.match import bots, play_deal
from ...ru import capitalize, meld_with_cards, plural, points, source_name
from ...rules import RuleSet
from ...tally import last_trick_points, trick_points
from ..menu import Menu
from ..page import OnPage
from ..render.compose import beside, stack
from ..render.display import picture_html
from ..render.layout import layout_hand, layout_table, layout_trick
from ..render.narrow_table import is_narrow
from ..render.phone import NARROW_HAND_WIDTH, hand_width, output_probe
from ..render.width import hidden
from .common import WIDE, html_block, html_table
from .common import other_sources_box

NAMES = ("Анна", "Борис")
NAMES_GEN = ("Анны", "Бориса")


# ====================================================================== a deal played by bots

def replay_under(deal: Deal, rules: RuleSet) -> Deal:
    """The same cards and the same actions, counted by other rules (the engine replays it)."""
    return deal.replayed(rules)


def brisques_won(deal: Deal, seat: int) -> list[Card]:
    """The aces and tens in the tricks `seat` won."""
    return [c for trick in deal.won[seat] for c in trick if c.is_brisque]


def scoring_events(deal: Deal, names=NAMES) -> list[str]:
    """Every line of the deal's log that scored points during the play, in Russian."""
    kinds = (DeclareEvent, SevenTurnedEvent, AceTurnedEvent, SevenPlayedEvent, CarteBlancheEvent,
             PenaltyEvent)
    lines = []
    for e in deal.log:
        if type(e) is DeclareEvent and e.declaration.meld != SEVEN_EXCHANGE:
            d = e.declaration
            lines.append(f"{names[e.seat]}: {meld_with_cards(d.meld, d.cards)} — "
                         f"+{points(d.points)}.")
        elif type(e) in kinds:
            line = describe_event(e, -1, names)
            if line:
                lines.append(line)
    return lines


def tally_exercise(seed: int, ident: str = "ch09-tally") -> dict:
    """A «deal_score» position (formats.md) from a deal played by two bots: the cards each won,
    what each declared, who took the last trick; the prompt tells the story in Russian."""
    d = play_deal(Deal.new(RuleSet(), 0, seed=seed), bots("heuristic", 2, seed))
    up = d.initial[1]
    scored = [[{"meld": x.meld, "cards": [c.code for c in x.cards]} for x in d.melds[s].scored]
              for s in range(2)]
    pos = {"id": ident, "kind": "deal_score", "trump": up.suit, "scored": scored,
           "tricks": [[c.code for t in d.won[s] for c in t] for s in range(2)],
           "last_trick": d.last_trick_winner}
    story = [f"Играли {NAMES[0]} и {NAMES[1]}; сдавала {NAMES[0]}, козырь — "
             f"{SUIT_NAME_RU[up.suit]} (открыта карта {up.ru})."]
    if up.rank == "7":
        pos["turned_up_seven"] = d.dealer
        story.append(f"Открыта семёрка — сдатчику {points(meld_points(SEVEN_TURNED, d.rules, up.suit))}.")
    story.append(f"Последнюю взятку взял{'а' if d.last_trick_winner == 0 else ''} "
                 f"{NAMES[d.last_trick_winner]}. Что каждый объявил и какие карты взял — ниже. "
                 "Сколько очков за сдачу у каждого?")
    pos["prompt"] = " ".join(story)
    return pos


def count_numbers(key: str) -> dict[str, int]:
    """The numbers of a way of counting, from the engine (`tally`): a trick with one brisque
    («brisque»), the same trick with two («two»), a trick without one («plain»), the last-trick
    bonus («last»)."""
    rules = tally_rules(key)
    ace, ten, seven, eight = parse_cards("AS TS 7S 8S")
    return {"brisque": trick_points([[ace, seven]], rules),
            "two": trick_points([[ace, ten]], rules),
            "plain": trick_points([[seven, eight]], rules),
            "last": last_trick_points(0, 0, rules)}


CLUB = capitalize(source_name("000-C"))
COUNT_NOTE = (CLUB + " считает очки за взятки иначе, чем курс: по взяткам, а не по картам, и "
              "дорого ценит последнюю взятку. Выберите один из его способов — та же сдача будет "
              "пересчитана, объявления не изменятся.")
_COUNT_LABELS = {
    "canonical": "Бриски: {brisque} за каждый туз и десятку; последняя взятка — {last} "
                 "(правило курса)",
    "per_trick": CLUB + ", бриски по взяткам: {two} за взятку с тузом или десяткой",
    "club": CLUB + ", весь счёт: {plain} за взятку, +{extra} с тузом или десяткой, "
            "последняя — {last}",
}
_ROW_LABELS = {
    "canonical": "бриски: {brisque} за каждый туз и десятку во взятках",
    "per_trick": "взятки с тузом или десяткой: по {two}",
    "club": "взятки: {plain} за каждую и ещё {extra}, если в ней туз или десятка",
}


def count_label(key: str, labels: dict = _COUNT_LABELS) -> str:
    """A way of counting in Russian, every number the engine's."""
    n = count_numbers(key)
    return labels[key].format(extra=n["brisque"] - n["plain"], **n)


TALLY_KEYS = ("canonical", "per_trick", "club")


def tally_rules(key: str) -> RuleSet:
    if key == "per_trick":
        return RuleSet().with_options(brisque_count="per_trick")
    if key == "club":
        return RuleSet().with_options(trick_scoring="per_trick_000C", brisque_count="per_trick",
                                      last_trick_points=250)
    return RuleSet()


def took(n: int, ending: str = "") -> str:
    """«взяла 1 взятку», «взял 12 взяток»; none: «не взяла ни одной взятки»."""
    if n == 0:
        return f"не взял{ending} ни одной взятки"
    return f"взял{ending} {plural(n, 'взятка', 'acc')}"


class DealTally(OnPage, W.VBox):
    """«Подсчёт сдачи»: a seeded deal played by two bots, each player's declarations and
    brisques on cards, and the engine's tally; the same play may be counted by 000-C (a switch
    in the collapsed «В других источниках» block)."""

    static_hint = ("Здесь можно выбрать другую сдачу — компьютерные игроки сыграют её, и под "
                   "картинками появятся очки каждого.")

    def __init__(self, seed: int = 2, count: str = "canonical", four_colour: bool = False):
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Новая сдача", icon="refresh", button_style="primary")
        self.count = Menu(options=[(count_label(k), k) for k in TALLY_KEYS], value=count,
                          description="Как считать:", style=WIDE, layout=W.Layout(width="max-content", max_width="100%"))
        self.other = other_sources_box(COUNT_NOTE, self.count)
        self.colours = W.Checkbox(value=four_colour, indent=False, style=WIDE,
                                  description="Четыре цвета мастей (♣ зелёные, ♦ синие)",
                                  layout=W.Layout(width="auto"))
        self.pictures = [W.HTML(), W.HTML()]
        self._ready: dict[int, Deal] = {}
        self.trick = W.HTML()
        self.summary = W.HTML()
        self.story = W.HTML()
        self.probe = output_probe()        # a phone: the pictures one under another, narrower
        self.new.on_click(lambda _: self.next_deal())
        self.seed.observe(lambda _: self.play(), names="value")
        self.count.observe(lambda _: self.render(), names="value")
        self.colours.observe(lambda _: self.play(), names="value")
        super().__init__([W.HBox([self.seed, self.new], layout=W.Layout(flex_flow="row wrap")),
                          self.pictures[0], self.pictures[1], self.trick, self.summary,
                          self.story, self.colours, self.other, hidden(self.probe)])
        self.play()
        self.probe.observe(self._on_width, names="width")

    def _on_width(self, change) -> None:
        if is_narrow(change["old"]) != is_narrow(change["new"]):
            self._ready = {}
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
        d = play_deal(Deal.new(RuleSet(), 0, seed=seed), bots("heuristic", 2, seed))
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
        self.summary.value = html_block(self.tally_html())
        self.story.value = html_block("<b>Очки по ходу сдачи</b> (из записи сдачи):<br>"
                                 + "<br>".join(html.escape(x) for x in scoring_events(d)))

    def trick_picture(self, four_colour: bool = False, deal: Deal | None = None) -> str:
        """The last trick of the deal, its winner outlined."""
        d = deal or self.deal
        last = d.last_trick()
        winner = last.winner
        lay = layout_trick([(NAMES[s], c) for s, c in last.plays],
                           winner=last.winner_index, four_colour=four_colour, scale=0.8,
                           caption=f"Последняя, {d.tricks_done}-я взятка: её взял"
                                   f"{'а' if winner == 0 else ''} {NAMES[winner]}")
        return picture_html(lay, compress_level=1)

    def player_picture(self, seat: int, four_colour: bool = False, deal: Deal | None = None) -> str:
        """One player's scored combinations and the brisques in their tricks, as one <img>."""
        d = deal or self.deal
        scored = d.melds[seat].scored
        pts = sum(x.points for x in scored)
        won = brisques_won(d, seat)
        parts = []
        narrow = is_narrow(self.probe.width)
        if scored:
            def table(scale):
                return layout_table([list(x.cards) for x in scored], scale=scale,
                                    four_colour=four_colour, title=f"Объявлено: {NAMES[seat]}",
                                    caption=f"{NAMES[seat]}: объявления за {points(pts)}")
            lay = table(0.6)
            if narrow and lay.size[0] > NARROW_HAND_WIDTH:
                lay = table(0.6 * NARROW_HAND_WIDTH / lay.size[0])
            parts.append(lay)
        parts.append(layout_hand(won, scale=0.6, max_width=hand_width(520, self.probe.width),
                                 four_colour=four_colour,
                                 title=f"Бриски во взятках {NAMES_GEN[seat]}",
                                 caption=f"Бриски во взятках {NAMES_GEN[seat]}: "
                                         f"{plural(len(won), 'карта')} "
                                         f"({plural(len(d.won[seat]), 'взятка')} всего)"))
        alt = " ".join(p.description.replace("\n", " ") for p in parts)
        if not scored:
            alt = f"{NAMES[seat]} ничего не объявлял{'а' if seat == 0 else ''}. " + alt
        note = "" if scored else (f'<div>{NAMES[seat]}: ни одного объявления за сдачу</div>')
        join = stack(*parts, gap=12, background=(255, 255, 255), description=alt) if narrow \
            else beside(*parts, gap=24, background=(255, 255, 255), description=alt)
        return note + picture_html(join, alt, compress_level=1)

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
        label = count_label(self.count.value, _ROW_LABELS)
        rows = [["объявления (и козырные семёрки)", b[0]["объявления"], b[1]["объявления"]],
                [label, b[0]["бриски"], b[1]["бриски"]],
                ["последняя взятка", b[0]["последняя взятка"], b[1]["последняя взятка"]],
                ["<b>итого за сдачу</b>", f"<b>{b[0]['всего']}</b>", f"<b>{b[1]['всего']}</b>"]]
        text = [html_table(rows, ["", NAMES[0], NAMES[1]]),
                f"{NAMES[0]} {took(tricks[0], 'а')}, тузов и десяток в них — {won[0]}; "
                f"{NAMES[1]} {took(tricks[1])}, тузов и десяток — {won[1]}."]
        top = max(range(2), key=lambda s: r["scores"][s])
        if r["scores"][0] != r["scores"][1]:
            text.append(f"Сдачу выиграл{'а' if top == 0 else ''} {NAMES[top]}: "
                        f"{points(r['scores'][top])} против {r['scores'][1 - top]}.")
        if self.count.value == "canonical":
            total = sum(r["brisques"])
            text.append(f"Проверка: бриски обоих вместе — {points(total)}; в колоде 8 тузов и "
                        "8 десяток, так что сумма всегда 160.")
        return "<br>".join(text)
