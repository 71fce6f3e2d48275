"""Demos of the chapter on the end of the stock and the last eight tricks (chapter 08).

* `play_to_phase2` — a real seeded deal (`Deal.new`) played by random legal moves
  (`random_action`) to the start of the last eight tricks.
* `EndgameClicker` («Можно ли так ответить?») — a phase-2 position of such a deal: your hand
  with the cards you may not play greyed out (`Deal.legal_plays`); a click on a grey card says
  why (`tricks.play_problem`), a click on a legal card plays it, and the computer opponent
  (`make_player("heuristic")`) answers or leads. The demo plays the course's rules; a switch
  in a collapsed «В других источниках» block under it (`other_sources_box`) plays the other
  sources' rule (`phase2_must_head=False`).
* `legal_picture` — a led card and a hand with the illegal cards greyed out, and the engine's
  reason (`tricks.legal_reason`).
* `stock_end_story` — the last two cards of the stock in a real deal: who takes which, the last
  declaration on trick 24 (and 001's contrary rule, `last_stock_trick_declaration=False`).

Nothing here decides a rule; every answer is the engine's. Every picture is a `CardCanvas` or a
`Picture`, so the static book shows it too, and every control has a Russian label.
"""

from __future__ import annotations

import random
from typing import Iterable

import ipywidgets as W

from ...actions import PASS, declare, play
from ...cards import SUIT_NAME_RU, Card, parse_cards, sort_cards
from ...deal import Deal
from ...errors import IllegalAction
from ...events import (AnnounceEvent, DeclareEvent, DrawEvent, PhaseTwoEvent, TrickEvent,
                       TurnUpTakenEvent)
from ...narrate import describe_event
from ...players.match import make_player
from ...players.random_player import random_action
from ...ru import capitalize, meld_name, plural, points, source_name
from ...rules import RuleSet
from ...tricks import legal_plays, legal_reason, play_problem, winner_reason
from ..menu import Menu
from ..page import OnPage
from ..render.canvas import CardCanvas, Picture
from ..render.compose import beside, with_caption
from ..render.layout import layout_hand, layout_scene, layout_trick
from ..render.scene import deal_scene
from .common import WIDE, esc, four_colour_box, html_block, other_sources_box, redraw

NAMES = ("Вы", "Соперник")
HEAD_RULES = [("Нужно перебить, если можете (правило курса)", True),
              ("Перебивать не обязательно", False)]
def sources_list(codes) -> str:
    """The sources' names, each with its code in brackets: «справочник (001), клубный текст
    (000-C)»."""
    return ", ".join(source_name(c) for c in codes)


HEAD_NOTE = ("Перебивать обязательно по правилам курса и в двух источниках: "
             + sources_list(("001", "000-C")) + ". В остальных — "
             + sources_list(("002", "003", "004", "000-A", "000-E"))
             + " — нужно лишь ответить в масть, а без неё — козырем. Переключатель показывает "
             "ту же позицию по их правилу.")


# ====================================================================== real deals

def play_phase1(rules: RuleSet, seed: int, stop=None) -> Deal:
    """A deal shuffled by `seed`, played with random legal moves (same seed) until `stop(deal)`
    is true or phase 2 begins."""
    deal = Deal.new(rules, dealer=seed % 2, seed=seed)
    rng = random.Random(seed)
    while deal.phase == 1 and not deal.is_over and not (stop and stop(deal)):
        deal.apply(random_action(deal.legal_actions(), rng), deal.to_act)
    return deal


def play_to_phase2(rules: RuleSet, seed: int) -> Deal:
    """The deal at the first of the last eight tricks (trick 25), nothing played yet."""
    return play_phase1(rules, seed)


def replay(deal: Deal, rules: RuleSet) -> Deal:
    """The same deal and the same moves under other rules (IllegalAction if a move is illegal)."""
    return deal.replayed(rules)


# ====================================================================== «Можно ли так ответить?»

class EndgameClicker(OnPage, W.VBox):
    """«Можно ли так ответить?»: the last eight tricks of a real deal against the computer.

    You are the seat that does not lead trick 25, so the opponent leads first. Illegal cards are
    grey: click one to hear why; click a legal card to play it, and the opponent answers (or
    leads the next trick)."""

    static_hint = ("Здесь можно сыграть последние восемь взяток против компьютера: нажатие на "
                   "серую карту объясняет, почему ею ходить нельзя.")

    def __init__(self, seed: int = 104, must_head: bool = True, opponent: str = "heuristic"):
        self.opponent_name = opponent
        self.head = Menu(options=HEAD_RULES, value=must_head, description="Правило:",
                         style=WIDE, layout=W.Layout(width="max-content"))
        self.other = other_sources_box(HEAD_NOTE, self.head)
        self.seed = W.BoundedIntText(value=seed, min=1, max=99999, description="Номер сдачи:",
                                     style=WIDE, layout=W.Layout(width="13em"))
        self.new = W.Button(description="Другая сдача", icon="refresh",
                            tooltip="Сыграть последние восемь взяток другой сдачи")
        self.again = W.Button(description="Заново с 25-й взятки", icon="undo",
                              layout=W.Layout(width="auto"),
                              tooltip="Вернуться к началу игры «на выход» в этой сдаче")
        self.table = CardCanvas(name="Стол", scale=0.85)
        self.last = CardCanvas(name="Прошлая взятка", scale=0.7)
        self.message = W.HTML()
        self.status = W.HTML()
        self.table.on_card_click(self.click)
        self.table.on_disabled_click(self.click)
        self.head.observe(lambda _: self._switch_rule(), names="value")
        self.seed.observe(lambda _: self.restart(), names="value")
        self.new.on_click(lambda _: self._next_seed())
        self.again.on_click(lambda _: self.restart())
        super().__init__([W.HBox([self.seed, self.new, self.again],
                                 layout=W.Layout(flex_flow="row wrap")),
                          self.table, self.message, self.last, self.status,
                          four_colour_box([self.table, self.last]), self.other])
        self.restart()

    # ------------------------------------------------------------------ state
    @property
    def rules(self) -> RuleSet:
        return RuleSet().with_options(phase2_must_head=self.head.value)

    def restart(self) -> None:
        """Deal again (the numbered deal) and stop at trick 25; the opponent leads."""
        self.deal = play_to_phase2(self.rules, self.seed.value)
        self.you = 1 - self.deal.to_act
        self.start = len(self.deal.actions)
        self.player = make_player(self.opponent_name, seed=self.seed.value)
        self.last_trick = None
        self._opponent_moves()
        self.say("Талон кончился, идёт игра «на выход». Соперник пошёл первым. Нажмите на "
                 "карту, которой хотите ответить. Серые карты сейчас играть нельзя — нажмите на "
                 "серую карту, чтобы узнать почему.")
        self.render()

    def _next_seed(self) -> None:
        self.seed.value = self.seed.value % 99999 + 1          # the observer restarts

    def _switch_rule(self) -> None:
        """The same position under the other rule (replayed); from trick 25 if it cannot be."""
        try:
            self.deal = replay(self.deal, self.rules)
        except IllegalAction:
            self.restart()
            self.say("По этому правилу уже сыгранные взятки были бы незаконны — начнём с 25-й "
                     "взятки той же сдачи.")
            return
        self.say("Правило переключено, позиция та же: серые карты — те, которыми нельзя сыграть по этому правилу.")
        self.render()

    def _opponent_moves(self) -> None:
        """The opponent plays until it is your turn (or the deal is over)."""
        d = self.deal
        while not d.is_over and d.to_act != self.you:
            seat = d.to_act
            d.apply(self.player.choose(d.view(seat)), seat)
            self._note_trick()

    def _note_trick(self) -> None:
        if not self.deal.trick:
            self.last_trick = self.deal.last_trick()

    # ------------------------------------------------------------------ queries
    @property
    def hand(self) -> list[Card]:
        return list(self.deal.hands[self.you])

    @property
    def legal(self) -> list[Card]:
        return self.deal.legal_plays(self.you)

    @property
    def illegal(self) -> list[Card]:
        legal = set(self.legal)
        return sort_cards(c for c in self.hand if c not in legal)

    # ------------------------------------------------------------------ clicks
    def say(self, text: str, ok: bool | None = None) -> None:
        colour = {True: "#1e7b34", False: "#a8201a", None: "#38465a"}[ok]
        self.message.value = html_block(f"<span style='color:{colour}'>{text}</span>")

    def click(self, card: Card) -> None:
        """A click on a card of your hand: explain a grey one, play a legal one."""
        d = self.deal
        if d.is_over:
            self.say("Сдача окончена. Нажмите «Другая сдача» или «Заново с 25-й взятки».")
            return
        problem = play_problem(card, d.hands[self.you], d.trick, d.trump, d.phase, d.rules)
        if problem:
            head, _, rest = problem.partition(". ")
            self.say(f"<b>{esc(head)}.</b> {esc(rest)}", False)
            return
        reason = legal_reason(d.hands[self.you], d.trick, d.trump, d.phase, d.rules)
        mark = len(d.log)
        d.apply(play(card), self.you)
        self._note_trick()
        self._opponent_moves()
        text = f"<b>Можно: {card.ru}.</b> {esc(reason)}"
        done = next((e for e in d.log[mark:] if type(e) is TrickEvent and card in e.cards), None)
        if done is not None:
            who = "Вы берёте" if done.winner == self.you else "Соперник берёт"
            text += f"<br>{who} взятку. {esc(winner_reason(list(done.cards), d.trump))}"
        self.say(text, True)
        self.render()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        d, you = self.deal, self.you
        opp = 1 - you
        hand = self.hand
        bad = set(self.illegal)
        if d.is_over:
            caption = "Сдача окончена."
        elif d.trick:
            caption = (f"Соперник пошёл {d.trick[0].ru}. Ваш ответ: серые карты играть нельзя.")
        else:
            caption = "Ваш ход: можно пойти любой картой."
        key = (tuple(hand), tuple(d.trick), len(d.hands[opp]), frozenset(bad))
        redraw(self.table, key, lambda: self.table.show_scene(**deal_scene(
            d, you, names=NAMES, last_trick=False, disabled=bad,
            caption=f"Козырь — {SUIT_NAME_RU[d.trump]}. {caption}")))
        if self.last_trick is not None:
            lt = self.last_trick
            plays = [(NAMES[0] if s == you else NAMES[1], c) for s, c in lt.plays]
            redraw(self.last, lt, lambda: self.last.show_trick(
                plays, winner=lt.winner_index,
                caption=f"Прошлая взятка: {'ваша' if lt.winner == you else 'соперника'}"))
        else:
            redraw(self.last, None, lambda: self.last.show_trick([], caption="Прошлой взятки пока нет"))
        self.status.value = html_block(self.describe())

    def describe(self) -> str:
        d, you = self.deal, self.you
        n = d.tricks_done - d.rules.phase1_tricks
        won = [sum(1 for e in d.log[self._log_start():] if type(e) is TrickEvent and e.winner == s)
               for s in (you, 1 - you)]
        lines = [(f"Сыграно взяток «на выход»: {n} из {d.rules.hand_size}. "
                  + took_tricks(won[0], won[1])).strip()]
        if d.is_over:
            r = d.result()
            lines.append(f"<b>Сдача окончена.</b> Последнюю взятку (+{points(d.rules.last_trick_points)}) "
                         f"взял{'и вы' if d.last_trick_winner == you else ' соперник'}. Очки за сдачу: "
                         f"вы — {points(r['scores'][you])}, соперник — {points(r['scores'][1 - you])} "
                         f"(бриски: {r['brisques'][you]} и {r['brisques'][1 - you]}).")
        return "<br>".join(lines)

    def _log_start(self) -> int:
        return next(i for i, e in enumerate(self.deal.log) if type(e) is PhaseTwoEvent)


def took_tricks(yours: int, theirs: int) -> str:
    """«Вы взяли 1 взятку, соперник — 2 взятки.»; none: «Вы не взяли ни одной взятки»."""
    def part(n: int) -> str:
        return plural(n, "взятка", "acc") if n else "ни одной"
    if yours == 0 and theirs == 0:
        return ""
    you = f"Вы взяли {part(yours)}" if yours else "Вы не взяли ни одной взятки"
    if theirs:
        return f"{you}, соперник — {part(theirs)}."
    return f"{you}, соперник не взял ни одной."


# ====================================================================== static pictures

def legal_picture(lead: str | Card, hand: str | Iterable[Card], trump: str,
                  rules: RuleSet | None = None, four_colour: bool = False) -> Picture:
    """The card led and your hand in the last eight tricks, illegal cards greyed out; the
    caption is the engine's reason (`legal_reason`)."""
    rules = rules or RuleSet()
    lead = parse_cards(lead)[0] if isinstance(lead, str) else lead
    hand = parse_cards(hand, taken={lead}) if isinstance(hand, str) else list(hand)
    ok = legal_plays(hand, [lead], trump, 2, rules)
    bad = [c for c in hand if c not in ok]
    reason = legal_reason(hand, [lead], trump, 2, rules)
    t = layout_trick([("Ход", lead)], slots=1, scale=0.85, four_colour=four_colour)
    h = layout_hand(hand, disabled=bad, scale=0.85, four_colour=four_colour, title="Ваши карты")
    can = ", ".join(c.ru for c in sort_cards(ok))
    text = (f"Козырь — {SUIT_NAME_RU[trump]}. Ход: {lead.name_ru}. Ваши карты: "
            f"{', '.join(c.name_ru for c in hand)}. Можно сыграть: {can}. {reason}")
    full = with_caption(beside(t, h), f"Козырь — {SUIT_NAME_RU[trump]}. Можно: {can}. {reason}",
                        description=text)
    return Picture(full, text)


def find_seed(rules: RuleSet, want, start: int = 1, limit: int = 400) -> int:
    """The first seed from `start` whose deal, played by random moves to the end of the
    declaration turn of trick 24, satisfies `want(deal)` (used to choose the chapter's deals)."""
    for seed in range(start, start + limit):
        d = play_phase1(rules, seed, stop=lambda x: x.tricks_done == x.rules.phase1_tricks)
        if want(d):
            return seed
    raise LookupError("no such deal")


def stock_end_story(seed: int = 3, rules: RuleSet | None = None) -> dict:
    """The last two cards of the stock in a real deal (§6): the table before trick 24 (one
    face-down card and the turn-up), trick 24 itself, the winner's legal declarations then, and
    the engine's log of what each player took. Seen from the winner of trick 24 («Вы»)."""
    rules = rules or RuleSet()
    last = rules.phase1_tricks
    before = play_phase1(rules, seed, stop=lambda x: x.tricks_done == last - 1 and x.stage == "play"
                         and not x.trick)
    after24 = play_phase1(rules, seed, stop=lambda x: x.tricks_done == last)
    e = after24.last_trick()
    winner = e.winner
    you, opp = winner, 1 - winner
    decls = after24.legal_declarations(winner) if after24.stage == "declare" else []
    scene = Picture(layout_scene(**deal_scene(
        before, you, declared="group", last_trick=False, scale=0.8,
        caption=f"Перед {last}-й взяткой: в талоне одна карта рубашкой вверх и открытый козырь "
                f"{before.turn_up.ru}.")))
    finished = after24.clone()
    if decls:                                  # the winner takes the best one (engine's order)
        finished.apply(decls[0], winner)
    while finished.stage == "declare":
        finished.apply(PASS, winner)
    names = ["Вы" if s == you else "Соперник" for s in range(2)]
    events = []
    start = max(i for i, ev in enumerate(after24.log) if type(ev) is TrickEvent)   # trick 24
    for ev in finished.log[start:]:
        if type(ev) is DrawEvent:
            events.append("Вы берёте последнюю карту талона " + ev.card.ru + "." if ev.seat == you
                          else "Соперник берёт последнюю карту талона.")
        elif type(ev) in (TrickEvent, DeclareEvent, AnnounceEvent, TurnUpTakenEvent, PhaseTwoEvent):
            line = describe_event(ev, you, names)
            if line:
                events.append(line)
    trick = Picture(layout_trick([(names[s], c) for s, c in e.plays],
                                 winner=e.winner_index, scale=0.85,
                                 caption=f"{last}-я взятка: её берёте вы"))
    return {"seed": seed, "scene": scene, "trick": trick, "declarations": decls,
            "events": events, "turn_up": before.turn_up, "you": you, "deal": finished,
            "hand_after": sort_cards(finished.hands[you])}


def describe_declarations(decls) -> list[str]:
    """«козырный марьяж К♥ Д♥ — 40 очков», one line per legal declaration (copies merged)."""
    lines = []
    for d in decls:
        text = (f"{capitalize(meld_name(d.meld))} {' '.join(c.ru for c in d.cards)} — "
                f"{points(d.points)}")
        if text not in lines:
            lines.append(text)
    return lines


def phase2_declaration_refusal(seed: int = 104) -> str:
    """The engine's answer to a declaration attempted in the last eight tricks (R7.1.1)."""
    deal = play_to_phase2(RuleSet(), seed)
    hand = deal.hands[deal.to_act]
    try:
        deal.clone().apply(declare("marriage", hand[:2]), deal.to_act)
    except IllegalAction as e:
        return e.message
    raise AssertionError("the engine accepted a declaration in phase 2")
