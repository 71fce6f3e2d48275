"""Demos of chapter 11b «Рубикон, китайский безик и безик с восемью колодами»
(RULES-multipack.md §15).

* `games_table` — the three games beside the course's two-handed game: every number is the
  engine's (RuleSet presets, the packs, a dealt deal, `meld_points`, `last_trick_points`);
* `ScriptedDeal` — a real deal set up with chosen cards and played step by step («Дальше»,
  «Назад»); `trump_story()` is S-R04: the first marriage scored fixes trumps, a marriage laid
  out «…очков за мной» does not;
* `MeldBench` — a hand, the combinations scored with it and the engine's legal declarations as
  buttons; a card can be played to a trick or a new one drawn: the bezique ladder (S-R08,
  `ladder_bench`) and four queens again (S-R06, `queens_bench`);
* `carte_blanche_story()` — a hand dealt without a court card and the draws after it (S-R09);
* `SettlementCalc` — two scores (and brisques) in, the engine's settlement out, explained.

Nothing here decides a rule: legality, points, trumps and the settlement are the engine's
(`bezique.variants.multipack`).
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as W

from ...actions import PASS, Announce, Play
from ...cards import SUIT_NAME_RU, SUITS, Card, parse_cards, sort_cards
from ...deal import Deal
from ...errors import IllegalAction
from ...melds import CARTE_BLANCHE, Declaration, MeldContext, make_declaration
from ...narrate import deal_log
from ...packs import pack_for
from ...ru import (capitalize, cards_ru, describe_declaration, meld_name, plural, points,
                   preset_title)
from ...rules import MULTIPACK_GAMES, RuleSet
from ...setup import deal_from_cards
from ...tally import last_trick_points
from ...variants.multipack import _brisques as brisque_points
from ...variants.multipack.melds import (BEZIQUE_LADDER, MultipackMelds, candidates,
                                         multipack_declarations, multipack_meld_points,
                                         reuse_problem)
from ...variants.multipack.explain import people, settlement_lines as explain_settlement
from ...variants.multipack.settle import settle
from ..page import OnPage
from ..render.display import picture_html
from ..render.layout import layout_hand
from ..render.narrow_table import is_narrow
from ..render.phone import output_probe, scene_html
from ..render.width import hidden
from ..render.scene import deal_scene
from .common import WIDE, Note, html_block, html_table

GAME_NAMES = {"canonical": "Обычный безик", "rubicon": "Рубикон",
              "six_pack": "Китайский безик", "eight_pack": "Безик с восемью колодами"}


def card(code: str) -> Card:
    """A physical card by its code with a copy number («QS#3»)."""
    return parse_cards([code], copies=8)[0]


def cards(codes: str) -> list[Card]:
    return [card(c) for c in codes.split()]


def fillers(rules: RuleSet) -> list[Card]:
    """Nines, eights and sevens of every copy: in these games they form no combination."""
    return [Card(r, s, k) for r in "987" for s in SUITS for k in range(1, rules.packs + 1)]


# ====================================================================== the games side by side

def games_table() -> Note:
    """What differs between the course's game and the three multi-pack games (15.15)."""
    cols = ["canonical", *MULTIPACK_GAMES]
    rules = {p: RuleSet.preset(p) for p in cols}
    deals = {p: Deal.new(rules[p], 1, seed=1) for p in cols}

    def row(label, f):
        return [label] + [f(p, rules[p]) for p in cols]

    def carte(p, r):
        pts = multipack_meld_points(CARTE_BLANCHE, r) if r.multipack else 0
        if not pts:
            return "нет"
        return f"{pts}, снова за каждую взятую не фигуру" if r.carte_blanche_repeat else str(pts)

    def brisques(p, r):
        if not r.multipack:
            return "по 10 в счёт"
        if r.brisque_role == "none":
            return "не считаются"
        return "только при равенстве очков или чтобы спасти рубикон"

    def ladder(p, r):
        top = max(i for i, v in enumerate(r.bezique_values) if v) if r.multipack else 1
        return f"{meld_name(BEZIQUE_LADDER[top])} — {r.bezique_values[top]}"

    def game(p, r):
        if not r.multipack:
            return f"до {r.target_score} за несколько сдач"
        return (f"одна сдача; +{r.game_bonus} за партию; рубикон — {r.rubicon_threshold} "
                f"(премия {r.rubicon_bonus})")

    rows = [
        row("Колоды и карты", lambda p, r: f"{r.packs} · {len(pack_for(r))}"),
        row("Карт на руке", lambda p, r: str(r.hand_size)),
        row("В талоне после сдачи", lambda p, r: str(deals[p].stock_count)),
        row("Козырь", lambda p, r: "открытая карта" if r.trump_rule == "turn_up"
            else "первый записанный марьяж или секвенция"),
        row("Взяток: с талоном + последних", lambda p, r: f"{r.phase1_tricks} + {r.hand_size}"),
        row("Последняя взятка", lambda p, r: str(last_trick_points(0, 0, r))),
        row("Старший безик", ladder),
        row("Некозырная секвенция", lambda p, r: str(r.meld_plain_sequence) if r.multipack
            and r.meld_plain_sequence else "нет"),
        row("Козырные четвёрки", lambda p, r: "есть" if any(r.trump_quartets) else "нет"),
        row("Карт-бланш", carte),
        row("Бриски", brisques),
        row("Партия", game),
    ]
    head = ["", *(GAME_NAMES[p] for p in cols)]
    body = html_table([[html.escape(c) for c in r] for r in rows], head, numbers_right=True)
    text = "\n".join(" | ".join(r) for r in [head, *rows])
    # a table wider than a phone scrolls sideways: a named region the keyboard can reach (axe)
    return Note("<div style='overflow-x:auto' tabindex='0' role='region' "
                f"aria-label='Таблица: чем игры отличаются'>{body}</div>", text)


# ====================================================================== a deal step by step

YOU = 0


class ScriptedDeal(OnPage, W.VBox):
    """A real deal with chosen cards, played in steps the chapter names; every legality, point
    and trump is the engine's. A step is (title, [action spec, …]); a spec is ("play", code),
    ("declare", meld, codes), ("announce", codes) or ("pass",)."""

    static_hint = "Здесь можно пройти сдачу по шагам кнопками «Дальше» и «Назад»."

    def __init__(self, preset: str, hands: Sequence[str], steps, *, you: int = 0,
                 stock_top=(), dealer: int = 1, intro: str = ""):
        self.rules = RuleSet.preset(preset)
        self.you = you
        self.setup = dict(hands=[h.split() for h in hands], stock_top=list(stock_top),
                          dealer=dealer)
        self.steps = list(steps)
        self.intro = intro
        self.index = 0
        self.back = W.Button(description="Назад", icon="step-backward")
        self.next = W.Button(description="Дальше", icon="step-forward", button_style="primary")
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        self.picture, self.status = W.HTML(), W.HTML()
        self.probe = output_probe()             # a phone: the narrow table (render/phone.py)
        self.probe.observe(lambda c: is_narrow(c.old) != is_narrow(c.new) and self.go(self.index),
                           names="width")
        super().__init__([W.HBox([self.back, self.next]), self.status, self.picture,
                          hidden(self.probe)])
        self.go(0)

    def fresh(self) -> Deal:
        s = self.setup
        top = [None if c is None else card(c) for c in s["stock_top"]]
        return deal_from_cards([cards(" ".join(h)) for h in s["hands"]], None, top,
                               rules=self.rules, dealer=s["dealer"], spare=fillers(self.rules))

    def deal_at(self, index: int) -> tuple[Deal, int]:
        """The deal after `index` steps, and the number of log lines before the last step."""
        d = self.fresh()
        before = 0
        for i, (_, specs) in enumerate(self.steps[:index]):
            before = len(deal_log(d, self.you))
            for spec in specs:
                apply_spec(d, spec)
            if d.stage == "declare":              # the step's declaration turn ends: draws
                d.apply(PASS)
        return d, before

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps)))
        d, before = self.deal_at(self.index)
        self.deal = d
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(self.steps)
        title = self.steps[self.index - 1][0] if self.index else self.intro
        lines = deal_log(d, self.you)[before:] if self.index else []
        self.status.value = html_block(
            f"<b>Шаг {self.index} из {len(self.steps)}.</b> {html.escape(title)}"
            + "".join(f"<br>{html.escape(x)}" for x in lines)
            + f"<br><b>{html.escape(self.trump_line())}</b> {html.escape(self.score_line())}")
        caption = self.trump_line()
        self.picture.value = scene_html(self.probe.width,
                                        **deal_scene(d, self.you, caption=caption, scale=0.6))

    def trump_line(self) -> str:
        d = self.deal
        if d.trump is None:
            return "Козыря нет."
        who = "вы" if d.trump_fixed_by == self.you else "соперник"
        return f"Козырь — {SUIT_NAME_RU[d.trump]}: назначил {who}."

    def score_line(self) -> str:
        d, me = self.deal, self.you
        text = f"Очки: у вас {d.declared[me]}, у соперника {d.declared[1 - me]}."
        pending = d.pending[me]
        if pending:
            text += " За вами: " + "; ".join(describe_declaration(x.meld, x.cards, x.points)
                                             for x in pending) + "."
        return text


def apply_spec(d: Deal, spec) -> None:
    """Apply one action spec of a script; the engine refuses what is not legal."""
    kind = spec[0]
    if kind == "pass":
        d.apply(PASS)
        return
    if d.stage == "declare" and kind == "play":
        d.apply(PASS)                         # a declaration turn the script does not use
    if kind == "play":
        d.apply(Play(card(spec[1])))
    elif kind == "declare":
        want = (spec[1], frozenset(cards(spec[2])))
        found = [x for x in d.legal_declarations() if (x.meld, frozenset(x.cards)) == want]
        if not found:
            raise IllegalAction(f"Объявить сейчас нельзя: {spec[1]} {spec[2]}.", "R15.6")
        d.apply(found[0])
    elif kind == "announce":
        want = frozenset(cards(spec[1]))
        found = [a for a in d.legal_announcements() if frozenset(a.cards) == want]
        if not found:
            raise IllegalAction(f"Показать сейчас нельзя: {spec[1]}.", "R15.6.2")
        d.apply(Announce(found[0].meld, found[0].cards))


def trump_story() -> ScriptedDeal:
    """S-R04 on a real Rubicon deal: you (the non-dealer) score four kings and a bezique, lay the
    spade marriage out «…очков за мной»; the opponent's heart marriage, scored first, fixes
    trumps; your spade marriage then scores as a common one."""
    return ScriptedDeal(
        "rubicon", ["KS#1 KH#1 KD#1 KC#1 QS#1 JD#1 7S#1 8S#1 8D#1",
                    "7H#1 7H#2 9S#1 KH#2 QH#2 7D#1 9D#1 7C#1 7C#2"],
        [("Вы берёте первую взятку и объявляете четыре короля: четвёрки козыря не назначают.",
          [("play", "7S#1"), ("play", "7H#1"), ("declare", "four_kings", "KS#1 KH#1 KD#1 KC#1")]),
         ("Вторая взятка ваша: вы объявляете безик, а короля и даму пик выкладываете «на потом».",
          [("play", "8D#1"), ("play", "7H#2"), ("declare", "bezique", "QS#1 JD#1"),
           ("announce", "KS#1 QS#1")]),
         ("Третью взятку берёт соперник и записывает марьяж червей — первым.",
          [("play", "8S#1"), ("play", "9S#1"), ("declare", "royal_marriage", "KH#2 QH#2")]),
         ("Четвёртая взятка ваша: теперь вы записываете марьяж пик.",
          [("play", "7D#1"), ("play", "KD#1"), ("declare", "marriage", "KS#1 QS#1")])],
        intro="Рубикон, вы ходите первым. Козыря нет: открытой карты в этой игре не бывает.")


def carte_blanche_story(preset: str = "rubicon") -> ScriptedDeal:
    """S-R09: you (the dealer) are dealt no king, queen or jack; the opponent leads and wins four
    tricks; you draw 9♠, Т♠, В♥, 9♠ in turn."""
    extra = {"six_pack": " 9C#2 9D#2 8H#2", "eight_pack": " 9C#2 9D#2 8H#2 9C#3 9D#3 8H#3"}
    hand = ("9C#1 9D#1 8H#1 7S#1 AC#1 TC#1 AH#1 8D#1 7C#1"
            + extra.get(RuleSet.preset(preset).variant, ""))
    steps = []
    for n, (lead, follow) in enumerate(zip(("9H#1", "9H#2", "9H#3", "8S#1"),
                                           ("7S#1", "7C#1", "8D#1", "9C#1")), 1):
        steps.append((f"Взятка {n}: соперник берёт её, вы добираете карту из талона.",
                      [("play", lead), ("play", follow)]))
    return ScriptedDeal(
        preset, ["JS#1 9H#1 9H#2 9H#3 8S#1", hand], steps, you=1, dealer=1,
        stock_top=[None, "9S#1", None, "AS#1", None, "JH#1", None, "9S#2"],
        intro="Вам сдали руку без короля, дамы и валета — карт-бланш засчитан сразу после "
              "сдачи.")


# ====================================================================== the meld bench

class MeldBench(OnPage, W.VBox):
    """A hand, the combinations scored with it, and the engine's legal declarations as buttons;
    «Сыграть во взятку» plays a card away (the combinations holding it are then broken), «Взять
    из талона» adds a new card. Under the buttons: why the other combinations of these cards may
    not be declared now (the engine's reasons)."""

    static_hint = ("Здесь можно объявлять комбинации кнопками, сыграть карту во взятку или "
                   "взять новую — и увидеть, что правила разрешают после этого.")

    def __init__(self, preset: str, trump: str | None, hand: str, draws: str = "",
                 scored=(), title: str = "", other_preset: str | None = None):
        self.presets = [preset] + ([other_preset] if other_preset else [])
        self.trump, self.start = trump, (hand, draws, tuple(scored))
        self.rules_pick = W.Dropdown(options=[(preset_title(p), p) for p in self.presets],
                                     description="Правила:", style=WIDE,
                                     layout=W.Layout(width="max-content",
                                                     display="" if other_preset else "none"))
        self.rules_pick.observe(lambda _: self.render(), names="value")
        self.title = title
        self.picture, self.status, self.why = W.HTML(), W.HTML(), W.HTML()
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.play_pick = W.Dropdown(description="Сыграть во взятку:", style=WIDE,
                                    layout=W.Layout(width="max-content"))
        self.play_btn = W.Button(description="Сыграть", icon="arrow-up")
        self.draw_btn = W.Button(description="Взять из талона", icon="plus")
        self.reset_btn = W.Button(description="Сначала", icon="refresh")
        self.play_btn.on_click(lambda _: self.play(self.play_pick.value))
        self.draw_btn.on_click(lambda _: self.draw())
        self.reset_btn.on_click(lambda _: self.reset())
        super().__init__([self.rules_pick, self.picture, self.status, self.buttons,
                          W.HBox([self.play_pick, self.play_btn, self.draw_btn, self.reset_btn],
                                 layout=W.Layout(flex_flow="row wrap")), self.why])
        self.reset()

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.rules_pick.value)

    def reset(self) -> None:
        hand, draws, scored = self.start
        self.held = cards(hand)
        self.to_draw = cards(draws)
        self.state = MultipackMelds()
        self.total = 0
        self.scored_log: list[tuple[Declaration, int]] = []
        for meld, codes in scored:
            cs = tuple(sort_cards(cards(codes)))
            pts = multipack_meld_points(meld, self.rules, self.trump, cs)
            self._record(make_declaration(meld, cs, pts))
        self.message = ""
        self.render()

    def _record(self, decl: Declaration) -> None:
        self.state.record(decl, self.trump)
        self.total += decl.points
        self.scored_log.append((decl, self.total))

    def legal(self) -> list[Declaration]:
        ctx = MeldContext.for_hand(rules=self.rules, trump=self.trump)
        return multipack_declarations(self.held, self.state, ctx)

    def refusals(self) -> list[str]:
        """One engine reason per combination the held cards form but may not declare now."""
        legal = {d.key for d in self.legal()}
        scored = self.state.instances()
        faces = {tuple(sorted(c.face for c in d.cards)) for d in scored}
        best: dict[str, tuple] = {}
        for meld, cs in candidates(self.held, self.rules, self.trump):
            if (meld, frozenset(cs)) in legal:
                continue
            reason = reuse_problem(meld, cs, scored, set(self.held), self.rules)
            if not reason:
                continue
            same_set = any(frozenset(d.cards) == frozenset(cs) for d in scored)
            looks_same = tuple(sorted(c.face for c in cs)) in faces
            rank = (same_set, not looks_same)        # a new card in a scored shape first
            if meld not in best or rank < best[meld][0]:
                best[meld] = (rank, f"{capitalize(meld_name(meld))} {cards_ru(cs)}: нельзя — {reason}.")
        return [text for _, text in best.values()]

    def declare(self, decl: Declaration) -> bool:
        if decl.key not in {d.key for d in self.legal()}:
            self.message = "Эту комбинацию сейчас объявить нельзя."
            self.render()
            return False
        self._record(decl)
        self.message = f"Объявлено: {describe_declaration(decl.meld, decl.cards, decl.points)}."
        self.render()
        return True

    def play(self, c: Card | None) -> bool:
        if c is None or c not in self.held:
            self.message = "Выберите карту с руки, например первую в списке."
            self.render()
            return False
        self.held.remove(c)
        broken = [d for d in self.state.instances() if c in d.cards]
        self.message = f"Во взятку сыграна карта {c.ru}" + (
            ": записанные комбинации с ней теперь неполные." if broken else ".")
        self.render()
        return True

    def draw(self) -> bool:
        if not self.to_draw:
            self.message = "Больше карт в этом примере нет: нажмите «Сначала»."
            self.render()
            return False
        c = self.to_draw.pop(0)
        self.held.append(c)
        self.message = f"Вы взяли из талона {c.ru}."
        self.render()
        return True

    def render(self) -> None:
        trump = "козыря нет" if self.trump is None else f"козырь — {SUIT_NAME_RU[self.trump]}"
        lay = layout_hand(sort_cards(self.held), scale=0.6, title="На руке и на столе",
                          caption=f"{self.title}{' · ' if self.title else ''}{capitalize(trump)}")
        self.picture.value = picture_html(lay)
        rows = [[html.escape(capitalize(describe_declaration(d.meld, d.cards, d.points))),
                 t] for d, t in self.scored_log]
        scored = (html_table(rows, ["Записано", "Всего"]) if rows else "Пока ничего не записано.")
        msg = f"<b>{html.escape(self.message)}</b><br>" if self.message else ""
        self.status.value = html_block(msg + scored)
        shown, buttons = set(), []
        for d in self.legal():
            label = capitalize(describe_declaration(d.meld, d.cards, d.points))
            if label in shown:
                continue
            shown.add(label)
            b = W.Button(description=f"Объявить: {label}", layout=W.Layout(width="auto"))
            b.on_click(lambda _, d=d: self.declare(d))
            buttons.append(b)
        self.buttons.children = buttons or [W.HTML(html_block("Объявить сейчас нечего."))]
        options = [(capitalize(c.name_ru), c) for c in sort_cards(self.held)]
        self.play_pick.options = options
        self.play_pick.value = options[0][1] if options else None
        self.play_btn.disabled = not options
        self.draw_btn.disabled = not self.to_draw
        why = self.refusals()
        self.why.value = html_block("Почему не больше: " + " ".join(map(html.escape, why))) if why else ""


def ladder_bench(preset: str = "rubicon") -> MeldBench:
    """S-R08: two beziques, then each new pair of a spade queen and a diamond jack."""
    n = RuleSet.preset(preset).packs
    hand = "QS#1 JD#1 QS#2 JD#2"
    draws = " ".join(f"QS#{k} JD#{k}" for k in range(3, n + 1))
    return MeldBench(preset, "H", hand, draws, title="Дамы пик и валеты бубен")


def queens_bench() -> MeldBench:
    """S-R06: four queens scored (trumps ♣), a new queen of hearts in the hand."""
    return MeldBench("rubicon", "C", "QS#1 QH#1 QD#1 QC#1 QH#2",
                     scored=[("four_queens", "QS#1 QH#1 QD#1 QC#1")],
                     title="Четыре дамы записаны, пришла ещё дама червей",
                     other_preset="rubicon_hoffmann_commentary")


# ====================================================================== the settlement

SETTLE_GAMES = ("rubicon", "rubicon_bicycle", "rubicon_parlett", "six_pack", "six_pack_cm6",
                "eight_pack")


def settlement_lines(preset: str, scores: Sequence[int], brisques: Sequence[int],
                     ) -> tuple[dict, list[str]]:
    """The engine's settlement and the course's one explanation of it (seat 0 is «вы»):
    (the result, [the scores, the verdict, why …])."""
    rules = RuleSet.preset(preset)
    b = list(brisques) if rules.brisque_role != "none" else [0, 0]
    steps, lines = explain_settlement(list(scores), b, rules, people(0))
    return steps.result(), lines


class SettlementCalc(OnPage, W.VBox):
    """Two scores (and, in Rubicon, the brisques) in; the engine's settlement out, in Russian."""

    static_hint = ("Здесь можно ввести свой счёт и счёт соперника (и бриски) и увидеть, кто "
                   "выиграл партию, сколько и перейдён ли рубикон.")

    def __init__(self, preset: str = "rubicon", scores=(1510, 1240), brisques=(150, 170)):
        self.game = W.Dropdown(options=[(preset_title(p), p) for p in SETTLE_GAMES],
                               value=preset, description="Игра:", style=WIDE,
                               layout=W.Layout(width="max-content"))
        box = W.Layout(width="15em")
        self.mine = W.Text(str(scores[0]), description="Ваши очки:", style=WIDE, layout=box)
        self.theirs = W.Text(str(scores[1]), description="Очки соперника:", style=WIDE, layout=box)
        self.my_b = W.Text(str(brisques[0]), description="Ваши бриски:", style=WIDE, layout=box)
        self.their_b = W.Text(str(brisques[1]), description="Бриски соперника:", style=WIDE,
                              layout=box)
        self.go = W.Button(description="Подсчитать", icon="calculator", button_style="primary")
        self.out = W.HTML()
        self.go.on_click(lambda _: self.compute())
        self.game.observe(lambda _: self.compute(), names="value")
        self.last: dict | None = None
        super().__init__([self.game, W.HBox([self.mine, self.theirs], layout=W.Layout(flex_flow="row wrap")),
                          W.HBox([self.my_b, self.their_b], layout=W.Layout(flex_flow="row wrap")),
                          self.go, self.out])
        self.compute()

    def _number(self, field: W.Text, what: str, limit: int | None = None):
        text = field.value.replace(" ", "").replace("\u00a0", "")
        if not text.isdigit():
            return None, (f"{what}: нужно целое число очков не меньше нуля, например 1510, "
                          f"а не «{field.value}».")
        n = int(text)
        if limit is not None and n > limit:
            return None, (f"{what}: брисков во всех колодах только на {points(limit)}, "
                          f"а введено {n}. Например, 150.")
        return n, None

    def compute(self) -> dict | None:
        """Settle the game from the fields; a bad field is named and changes nothing."""
        rules = RuleSet.preset(self.game.value)
        counts = rules.brisque_role != "none"
        self.my_b.disabled = self.their_b.disabled = not counts
        total = brisque_points([pack_for(rules)], rules)
        values, errors = [], []
        fields = [(self.mine, "Ваши очки", None), (self.theirs, "Очки соперника", None)]
        if counts:
            fields += [(self.my_b, "Ваши бриски", total), (self.their_b, "Бриски соперника", total)]
        for f, what, limit in fields:
            v, err = self._number(f, what, limit)
            values.append(v)
            if err:
                errors.append(err)
        if not errors and counts and values[2] + values[3] > total:
            errors.append(f"Брисков у двоих вместе не может быть больше {total}: во всех колодах "
                          f"их на {points(total)}. Например, 150 и 170.")
        if errors:
            self.out.value = html_block("<b>" + "<br>".join(map(html.escape, errors)) + "</b>")
            return None
        b = values[2:] if counts else [0, 0]
        got, lines = settlement_lines(self.game.value, values[:2], b)
        self.last = got
        head, rest = lines[1], lines[:1] + lines[2:]        # the verdict first, in bold
        note = "" if counts else "<br><i>Бриски в этой игре не считаются.</i>"
        self.out.value = html_block(f"<b>{html.escape(head)}</b><br>"
                                    + "<br>".join(map(html.escape, rest)) + note)
        return got


def settle_value(preset: str, scores, brisques=(0, 0)) -> dict:
    """The engine's settlement (for the chapter's questions)."""
    return settle(list(scores), list(brisques), RuleSet.preset(preset))


def legal_after(preset: str, trump: str | None, hand: str, scored=()) -> dict[tuple[str, str], int]:
    """{(meld, «cards in Russian»): points} the engine allows with `hand` after `scored`."""
    rules = RuleSet.preset(preset)
    state = MultipackMelds()
    for meld, codes in scored:
        cs = tuple(sort_cards(cards(codes)))
        state.record(make_declaration(meld, cs, multipack_meld_points(meld, rules, trump, cs)), trump)
    ctx = MeldContext.for_hand(rules=rules, trump=trump)
    return {(d.meld, cards_ru(d.cards)): d.points
            for d in multipack_declarations(cards(hand), state, ctx)}


# ====================================================================== sentences for the chapter

def ladder_sentence() -> str:
    """The bezique ladder of Rubicon and its top rung in eight-pack, with the engine's points."""
    rub, eight = RuleSet.preset("rubicon"), RuleSet.preset("eight_pack")
    rungs = [f"{meld_name(m)} — {multipack_meld_points(m, rub)}" for m in BEZIQUE_LADDER
             if multipack_meld_points(m, rub)]
    top = BEZIQUE_LADDER[-1]
    return (f"В рубиконе и китайском безике: {', '.join(rungs)} очков. С восемью колодами есть "
            f"и {meld_name(top)} — {points(multipack_meld_points(top, eight))}. Ступени можно "
            "записывать по одной, каждую на своей выигранной взятке, — тогда очки "
            "складываются; можно и сразу старшую.")


def carte_blanche_totals() -> str:
    """What the carte blanche chain of `carte_blanche_story` brings under each rule set."""
    parts = []
    for preset, label in (("rubicon", "в рубиконе"), ("rubicon_foster", "по правилам Фостера"),
                          ("six_pack", "в китайском безике"),
                          ("eight_pack", "с восемью колодами")):
        story = carte_blanche_story(preset)
        d, _ = story.deal_at(len(story.steps))
        got = d.declared[story.you]
        parts.append(f"{label} — {points(got)}" if got else f"{label} — ничего: там его нет")
    return "За эти четыре взятки карт-бланши принесли вам: " + "; ".join(parts) + "."


def settlement_sentence() -> str:
    """The thresholds and bonuses of the three games (a Markdown table) and the other readings
    of the rubicon bonus."""
    rules = [RuleSet.preset(p) for p in MULTIPACK_GAMES]
    rows = [("Рубикон (сколько нужно набрать проигравшему)", "rubicon_threshold"),
            ("Премия за партию", "game_bonus"),
            ("Премия, если проигравший под рубиконом", "rubicon_bonus")]
    out = ["| | " + " | ".join(GAME_NAMES[p] for p in MULTIPACK_GAMES) + " |",
           "|---|" + "---:|" * len(rules)]
    out += [f"| {label} | " + " | ".join(str(getattr(r, field)) for r in rules) + " |"
            for label, field in rows]
    others = {}
    for p in SETTLE_GAMES:
        if p not in MULTIPACK_GAMES:
            r = RuleSet.preset(p)
            others.setdefault(r.variant, []).append(str(r.rubicon_bonus))
    said = "; ".join(f"{GAME_NAMES[v].lower() if v != 'rubicon' else 'рубикон'} — "
                     f"{' или '.join(vals)}" for v, vals in others.items())
    return "\n".join(out) + f"\n\nДругие прочтения премии под рубиконом: {said}."


def stage_two_sentence() -> str:
    """How many tricks are played after the stock, per game (the hand size)."""
    parts = [f"{GAME_NAMES[p].lower() if p != 'rubicon' else 'рубикон'} — "
             f"{plural(RuleSet.preset(p).hand_size, 'взятка')}" for p in MULTIPACK_GAMES]
    return ("**Последних взяток больше восьми.** Когда талон кончится, играют «на выход» столько "
            "взяток, сколько карт на руке: " + ", ".join(parts) + ". Отвечать в масть и "
            "перебивать нужно, как в обычной игре.")
