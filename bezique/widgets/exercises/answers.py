"""Judging a learner's answer to a position (formats.md) with the engine, in Russian.

No Jupyter here: `Judge(position)` takes an answer in plain data and returns a `Feedback`
(verdict right / partial / wrong / invalid and a Russian message). The right answer is
`bezique.positions.solve`; why a wrong part is wrong is the engine's own reason
(`melds.explain_illegal`, `tricks.play_problem`, the solver's `reason`). No rule is decided
here. `ExerciseWidget` (exercise.py) is the face of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple, Sequence

from ...cards import Card, cards_ru, parse_card_face, pick, sort_cards
from ...errors import CardParseError
from ...melds import MeldContext, MeldState, enumerate_declarations, explain_illegal
from ...position_multipack import multipack_why_not, settlement_reason
from ...positions import Position, load_position, meld_context, solve
from ...ru import describe_declaration, meld_with_cards, points
from ...tricks import play_problem

VERDICTS = ("right", "partial", "wrong", "invalid")
PARTS = {"brisques": "бриски", "declared": "объявления", "last_trick": "последняя взятка"}
WHO_TAKES = {"lead": "ходивший", "follow": "ответивший"}


def taker_text(pos: Position, winner: str | int) -> str:
    """«Взятку берёт …» for a two-card trick (`lead`/`follow`) or a trick with seats."""
    if isinstance(winner, str):
        return f"Взятку берёт {WHO_TAKES[winner]}."
    return "Взятку берёте вы." if winner == pos.you else f"Взятку берёт {pos.seat_name(winner)}."


@dataclass
class Feedback:
    """The result of «Проверить». `verdict` is one of right, partial, wrong, invalid (the
    answer could not be judged: nothing given yet); `message` is Russian text, lines
    separated by newlines; `correct`, `missed`, `wrong` list the parts of the answer."""

    verdict: str
    message: str
    correct: list = field(default_factory=list)
    missed: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
    points: int | None = None


class Answer(NamedTuple):
    """The answer key of a question in words: `key`, the right answer (one sentence a line),
    and `why`, its explanation (the engine's reason, the question's own explanation)."""

    key: list[str]
    why: list[str]

    @property
    def lines(self) -> list[str]:
        return [line for line in (*self.key, *self.why) if line]


def as_position(position) -> Position:
    if isinstance(position, Position):
        return position
    if isinstance(position, dict):
        data = dict(position)
        data.setdefault("id", "exercise")
        return load_position(data)
    raise TypeError("ожидался объект позиции (dict) или bezique.positions.Position")


_PLAYERS = re.compile(r"\bИгра(?:ют|ли) ([А-ЯЁ][а-яё]+) и ([А-ЯЁ][а-яё]+)\b")


def player_names(pos: Position) -> list[str]:
    """How the question calls the players. The position file has players 0 and 1 only
    (formats.md); a prompt that opens «Играют Анна и Борис» (or «Играли …») names them in
    that order, player 0 first; a prompt that counts from «игрок 0» keeps that count;
    otherwise «Игрок 1», «Игрок 2» (as the generator's explanations say)."""
    n, prompt = pos.rules.players, pos.prompt or ""
    named = _PLAYERS.search(prompt)
    if named and n == 2:
        return list(named.groups())
    first = 0 if re.search(r"[Ии]грок 0", prompt) else 1
    return [f"Игрок {p + first}" for p in range(n)]


def score_names(pos: Position, names: list[str]) -> list[str]:
    """Who each entry of a deal's tally belongs to: the players, or, in a partnership game,
    the sides (the engine counts a partnership's points together): «Игрок 1 и Игрок 3»."""
    rules = pos.rules
    if not rules.partnerships:
        return list(names)
    return [" и ".join(names[p] for p in range(rules.players) if rules.side(p) == k)
            for k in (0, 1)]


def decl_text(meld: str, cards: Iterable[Card], pts: int | None = None) -> str:
    return describe_declaration(meld, cards, pts) if pts is not None else \
        meld_with_cards(meld, cards)


def faces(cards: Iterable[Card]) -> tuple:
    return tuple(sorted(c.face for c in cards))


class Judge:
    """The engine's answer to one position, and the verdict on a learner's answer.

    A question about declarations asks either for every declaration allowed now (the default:
    a missed one is «Пропущено») or, with `choose_one`, for the one to make (only one is
    scored a trick): then any one of the allowed ones is right, and the others are named as
    what could have been chosen instead."""

    def __init__(self, position: dict | Position, *, choose_one: bool = False):
        self.position = pos = as_position(position)
        self.choose_one = choose_one
        self.solution = solve(pos)
        self.held: list[Card] = list(pos.hand) + list(pos.table)
        self.names = player_names(pos)
        self.score_names = score_names(pos, self.names)

    def resolve(self, cards: Iterable[Card | str]) -> list[Card]:
        """Cards given as Card objects or text tokens; a token without a copy number means a
        card of that face that you hold (the first one not already named). Raises
        CardParseError (Russian) on a bad token."""
        items = list(cards)
        faces = [None if isinstance(it, Card) else parse_card_face(it) for it in items]
        out: list[Card | None] = [None] * len(items)
        named: set[Card] = set()
        for i, (item, face) in enumerate(zip(items, faces)):    # named copies first
            card = item if face is None else (Card(*face) if face[2] is not None else None)
            if card is None:
                continue
            if card in named:
                raise CardParseError(f"Карта {card.ru} ({card.code}) названа дважды: каждая "
                                     f"физическая карта одна. Пример: «{card.ru} {card.ru}» — "
                                     "две такие карты, если у вас их две.")
            named.add(card)
            out[i] = card
        for i, (item, face) in enumerate(zip(items, faces)):    # then «one of mine of this face»
            if out[i] is not None:
                continue
            rank, suit, _ = face
            mine = pick((rank, suit), self.held, besides=named)
            if mine:
                out[i] = mine[0]
            elif pick((rank, suit), self.held):
                have = pick((rank, suit), self.held)
                ru = have[0].ru
                raise CardParseError(
                    f"Карта {ru} названа больше раз, чем она есть у вас: у вас "
                    f"{'одна' if len(have) == 1 else len(have)} {ru}. Назовите каждую карту "
                    f"один раз, например «{ru}».")
            else:
                out[i] = Card(rank, suit, 1)       # not yours: select_cards explains
            named.add(out[i])
        return out  # type: ignore[return-value]

    def not_held(self, foreign: Iterable[Card]) -> str:
        """Why these cards cannot be chosen (Russian); where you hold another copy of the
        face, which one, and an example of your own cards."""
        held, parts = sort_cards(self.held), []
        for c in sort_cards(foreign):
            twins = [h for h in held if h.face == c.face]
            if twins:
                parts.append(f"Карты {c.ru} № {c.copy} ({c.code}) у вас нет: у вас {c.ru} — "
                             f"{', '.join(h.code for h in twins)}. Впишите «{twins[0].code}» "
                             f"или просто «{c.ru}».")
            else:
                parts.append(f"Карты {c.ru} у вас нет.")
        example = f" Например: «{cards_ru(held[:2])}»." if held else ""
        return " ".join(parts) + " Выбирать можно только свои карты — на руке и на столе." + example

    def said(self, meld: str, cards: Iterable[Card], pts: int | None = None) -> str:
        """A declaration in words; where two cards of a face lie one in your hand and one on
        the table, each says where it is (which copy matters for the re-use rules)."""
        pos, parts, cards = self.position, [], tuple(cards)
        for c in sort_cards(cards):
            mine = pos.hand if c in pos.hand else pos.table
            other = pos.table if mine is pos.hand else pos.hand
            twin = any(h.face == c.face for h in other)      # the same face lies elsewhere
            where = "" if not twin else (" с руки" if mine is pos.hand else " со стола")
            parts.append(c.ru + where)
        sep = ", " if any(" " in x for x in parts) else " "
        text = meld_with_cards(meld, cards, shown=sep.join(parts))
        return text if pts is None else f"{text} — {points(pts)}"

    # ------------------------------------------------------------------ declarations

    def meld_context(self) -> MeldContext:
        """The context in which `positions.solve` enumerates (the same turn-up convention)."""
        return meld_context(self.position)

    def why_not(self, meld: str, cards: tuple[Card, ...]) -> str:
        """The engine's reason this declaration is not among the legal ones now."""
        pos = self.position
        state = MeldState.from_scored(pos.scored, pos.trump, pos.rules)
        ctx = self.meld_context()
        possible = {d.key for d in enumerate_declarations(self.held, state, ctx)}
        if (meld, frozenset(cards)) in possible:     # the cards allow it; the moment does not
            return self.solution.get("reason") or "Сейчас эту комбинацию объявить нельзя."
        if pos.rules.multipack:                      # classes and re-declaration (15.7)
            return multipack_why_not(pos, meld, cards, set(self.held))
        return explain_illegal(meld, cards, set(self.held), state, ctx).message

    def legal_declarations(self) -> list[tuple[str, tuple[Card, ...], int]]:
        """The engine's legal declarations as (meld, cards, points)."""
        return [(d["meld"], tuple(self.resolve(d["cards"])), d["points"])
                for d in self.solution["declarations"]]

    def declaration_groups(self) -> dict[tuple, tuple]:
        """The legal declarations, one per (meld, faces): two copies of a card that serve
        alike make separate engine entries, and naming one of them is enough. Clicked cards
        are physical cards (which copy matters for the re-use rules)."""
        groups: dict[tuple, tuple] = {}
        for meld, cards, pts in self.legal_declarations():
            groups.setdefault((meld, faces(cards)), (meld, cards, pts))
        return groups

    def declarations(self, entries: Sequence[tuple[str, tuple[Card, ...]]], *,
                     nothing: bool = False, loose: Iterable = ()) -> Feedback:
        """Judge a list of (meld, cards) — or «объявить нечего». Entries in `loose` were typed
        without copy numbers: any copy you hold of those faces will do."""
        if not entries and not nothing:
            return Feedback("invalid", ("Добавьте в ответ объявление, которое вы выбираете,"
                                        if self.choose_one else
                                        "Добавьте в ответ хотя бы одно объявление,")
                            + " или нажмите «Объявить нечего».")
        loose = set(loose)
        legal = self.legal_declarations()
        groups = self.declaration_groups()
        exact = {(m, frozenset(c)): (m, c, p) for m, c, p in legal}
        correct, wrong, hit = [], [], set()
        for meld, cards in entries:
            match = exact.get((meld, frozenset(cards)))
            if match is None and (meld, cards) in loose:
                match = groups.get((meld, faces(cards)))
            if match is not None and (match[0], faces(match[1])) not in hit:
                hit.add((match[0], faces(match[1])))
                correct.append(match)
            elif match is None:
                wrong.append((meld, cards, self.why_not(meld, cards)))
        missed = [g for key, g in groups.items() if key not in hit]
        if self.choose_one and groups and correct and not nothing:
            return self._one_chosen(correct, missed, wrong)
        lines: list[str] = []
        if not groups:
            verdict = "right" if nothing else "wrong"
            lines.append("Верно! Объявить сейчас нечего." if nothing
                         else "Неверно: сейчас объявить нечего.")
            if self.solution.get("reason"):
                lines.append(self.solution["reason"])
        else:
            if nothing:
                verdict, head = "wrong", "Неверно: объявить можно."
            elif not missed and not wrong:
                verdict = "right"
                head = "Верно!" + (" Это единственное возможное объявление." if len(groups) == 1
                                   else " Вы нашли все возможные объявления.")
            elif correct:
                verdict, head = "partial", "Отчасти верно."
            else:
                verdict, head = "wrong", "Неверно."
            lines.append(head)
            if correct:
                lines.append(("Можно объявить: " if verdict == "right" else "Верно: ")
                             + "; ".join(self.said(*c) for c in correct) + ".")
            if missed:
                lines.append(("Пропущено: " if correct else "Можно было объявить: ")
                             + "; ".join(self.said(*m) for m in missed) + ".")
            if missed and correct:
                lines.append("В вопросе нужно назвать все объявления, разрешённые сейчас, хотя "
                             "засчитать за эту взятку можно только одно из них.")
        for meld, cards, why in wrong:
            lines.append(f"Нельзя: {self.said(meld, cards)}. {why}")
        best = max((c[2] for c in correct), default=None)
        return Feedback(verdict, "\n".join(lines), correct=correct, missed=missed,
                        wrong=wrong, points=best)

    def _one_chosen(self, correct: list, missed: list, wrong: list) -> Feedback:
        """The verdict on a «choose one» question with at least one allowed declaration chosen:
        right if nothing chosen is wrong; the other allowed ones are what could have been
        chosen instead, not missed."""
        lines = ["Верно!" if not wrong else "Отчасти верно.",
                 "Можно объявить: " + "; ".join(self.said(*c) for c in correct) + "."]
        if len(correct) > 1:
            lines.append("За эту взятку засчитают только одно из них — выберите одно.")
        if missed:
            lines.append("Можно было выбрать и другое: "
                         + "; ".join(self.said(*m) for m in missed) + ".")
        for meld, cards, why in wrong:
            lines.append(f"Нельзя: {self.said(meld, cards)}. {why}")
        return Feedback("right" if not wrong else "partial", "\n".join(lines), correct=correct,
                        missed=[], wrong=wrong, points=max(c[2] for c in correct))

    # ------------------------------------------------------------------ tricks

    def winner(self, choice: str | int | None) -> Feedback:
        """Judge 'lead' or 'follow' (a two-card trick) or a seat (a trick with seats)."""
        if choice is None:
            return Feedback("invalid", "Выберите, кто берёт взятку: нажмите кнопку того, "
                                       "чья карта, по-вашему, берёт.")
        right = self.solution["winner"]
        who = taker_text(self.position, right)
        ok = choice == right
        head = f"Верно! {who}" if ok else f"Неверно: {who[0].lower()}{who[1:]}"
        return Feedback("right" if ok else "wrong", head + "\n" + self.solution["reason"])

    def legal_cards(self) -> set[Card]:
        return set(self.resolve(self.solution["legal"]))

    def legal(self, chosen: Iterable[Card]) -> Feedback:
        """Judge the set of cards said to be playable."""
        chosen = sort_cards(chosen)
        if not chosen:
            return Feedback("invalid", "Отметьте нажатием все карты, которыми можно сыграть.")
        pos = self.position
        legal = self.legal_cards()
        trick = pos.played()
        correct = [c for c in chosen if c in legal]
        wrong = [(c, play_problem(c, self.held, trick, pos.trump, pos.phase, pos.rules))
                 for c in chosen if c not in legal]
        missed = sort_cards(legal - set(chosen))
        if not missed and not wrong:
            verdict, head = "right", "Верно!"
        elif correct:
            verdict, head = "partial", "Отчасти верно."
        else:
            verdict, head = "wrong", "Неверно."
        lines = [head, *self.answer().lines]      # the legal cards and the engine's reason
        if missed and correct:
            lines.append("Пропущено: " + ", ".join(c.ru for c in missed) + ".")
        for card, why in wrong:
            lines.append(why or f"{card.ru}: так играть нельзя.")
        return Feedback(verdict, "\n".join(lines), correct=correct, missed=missed, wrong=wrong)

    # ------------------------------------------------------------------ deal tally

    def score(self, totals: Sequence[int | None], parts: dict | None = None) -> Feedback:
        """Judge each player's total (None: not given) and, optionally, the parts
        {"brisques" | "declared" | "last_trick": [value or None per player]}."""
        if all(t is None for t in totals):
            return Feedback("invalid", "Впишите, сколько очков набрала каждая пара." if
                            self.position.rules.partnerships else
                            "Впишите, сколько очков набрал каждый игрок.")
        sol, names = self.solution, self.score_names
        n = len(sol["scores"])
        right_totals = [p < len(totals) and totals[p] == sol["scores"][p] for p in range(n)]
        part_errors = []
        for part, values in (parts or {}).items():
            for p, v in enumerate(values):
                if v is not None and v != sol[part][p]:
                    part_errors.append(f"{names[p]}, {PARTS[part]}: {points(sol[part][p])}, а не {v}")
        if all(right_totals) and not part_errors:
            verdict, head = "right", "Верно!"
        elif any(right_totals):
            verdict, head = "partial", "Отчасти верно."
        else:
            verdict, head = "wrong", "Неверно."
        lines = [head]
        for p in range(n):
            given = totals[p] if p < len(totals) else None
            mark = "верно" if right_totals[p] else (f"у вас {given}" if given is not None
                                                    else "не вписано")
            lines.append(f"{self.tally(p)} ({mark}).")
        if part_errors:
            lines.append("Ошибки в частях: " + "; ".join(part_errors) + ".")
        return Feedback(verdict, "\n".join(lines))

    def tally(self, p: int) -> str:
        """Player `p`'s points of the deal in words, part by part."""
        sol = self.solution
        return (f"{self.score_names[p]}: бриски {points(sol['brisques'][p])}, объявления "
                f"{points(sol['declared'][p])}, последняя взятка "
                f"{points(sol['last_trick'][p])} — всего {points(sol['scores'][p])}")

    # ------------------------------------------------------------------ the answer key

    def answer(self) -> Answer:
        """The engine's answer to the position in words (what the «Ответ» under a question
        says): the right answer and the engine's reason."""
        kind, sol = self.position.kind, self.solution
        reason = [sol["reason"]] if sol.get("reason") else []
        if kind == "declarations":
            groups = list(self.declaration_groups().values())
            if not groups:
                return Answer(["Объявить сейчас нечего."], reason)
            head = ("Можно объявить: " if len(groups) == 1 else
                    "Можно объявить одно на выбор: " if self.choose_one else
                    "Можно объявить (на выбор): ")
            return Answer([head + "; ".join(self.said(*g) for g in groups) + "."], [])
        if kind == "trick_winner":
            return Answer([taker_text(self.position, sol["winner"])], reason)
        if kind == "legal_plays":
            # a list of single cards, one of which to play: commas, not a meld's spaces
            return Answer(["Можно сыграть: " + ", ".join(c.ru for c in sort_cards(self.legal_cards()))
                           + "."],
                          reason)
        if sol.get("settlement") is not None:        # a multi-pack game: its settlement
            return settlement_answer(self)
        return Answer([self.tally(p) + "." for p in range(len(sol["scores"]))], [])


# The settlement of a multi-pack game (RULES-multipack.md 15.11; the question: settlement.py)

VOID = "void"                       # the «nobody: the game is void» choice


def settlement_lines(judge) -> list[str]:
    """The right settlement in words, then each player's points."""
    sol, names = judge.solution, judge.names
    st = sol["settlement"]
    if st["winner"] is None:
        key = "Партия аннулируется: победителя нет."
    else:
        under = " Проигравший не перешёл рубикон." if st["rubiconed"] else \
            " Проигравший перешёл рубикон."
        key = f"Победитель — {names[st['winner']]}, партия стоит {points(st['value'])}.{under}"
    return [key, settlement_reason(sol["scores"], sol["brisques"], judge.position.rules, names)]


def tally_lines(judge) -> list[str]:
    sol, names = judge.solution, judge.names
    counts = judge.position.rules.brisque_role != "none"
    out = []
    for p in range(2):
        bris = f"; бриски {sol['brisques'][p]}" if counts else ""
        out.append(f"{names[p]}: объявления {points(sol['declared'][p])}, последняя взятка "
                   f"{points(sol['last_trick'][p])} — всего {points(sol['scores'][p])}{bris}.")
    return out


def settlement_answer(judge) -> Answer:
    lines = settlement_lines(judge)
    return Answer([lines[0]], [lines[1], *tally_lines(judge)])


def judge_settlement(judge, winner, value: int | None, rubiconed: bool) -> Feedback:
    """Judge the winner (seat 0 / 1, or VOID), the value and the rubicon mark."""
    if winner is None:
        return Feedback("invalid", "Выберите, кто выиграл партию (или что она аннулируется).")
    st = judge.solution["settlement"]
    want = VOID if st["winner"] is None else st["winner"]
    if winner != VOID and want != VOID and value is None:
        return Feedback("invalid", "Впишите, сколько очков стоит партия.")
    ok_winner = winner == want
    if want == VOID:
        parts_ok = [ok_winner]
    else:
        parts_ok = [ok_winner, value == st["value"], bool(rubiconed) == st["rubiconed"]]
    if all(parts_ok):
        verdict, head = "right", "Верно!"
    elif any(parts_ok):
        verdict, head = "partial", "Отчасти верно."
    else:
        verdict, head = "wrong", "Неверно."
    lines = [head]
    if want != VOID and winner != VOID:
        if value != st["value"]:
            lines.append(f"Стоимость партии — {points(st['value'])}, а не {value}.")
        if bool(rubiconed) != st["rubiconed"]:
            lines.append("Проигравший не перешёл рубикон." if st["rubiconed"] else
                         "Проигравший перешёл рубикон.")
    lines += settlement_lines(judge) + tally_lines(judge)
    return Feedback(verdict, "\n".join(lines), points=st["value"])
