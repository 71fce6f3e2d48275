"""A practice session: a learner against a computer opponent, deal after deal to the target.

The controller behind the practice table (and testable without Jupyter): it applies the
learner's actions through the engine, lets the opponent answer, and offers undo, saving and
loading deal records, replay of a finished deal, the same deal with seats swapped, a whole
game with its score history, and the coach's hints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import PASS
from .deal import Deal, create_deal
from .errors import BeziqueError, FormatError, IllegalAction
from .game import Game
from .jsonio import parse_json
from .narrate import deal_log, score_breakdown
from .players.match import TITLES, make_player
from .record import deal_to_record, parse_record, replay
from .rules import RuleSet


@dataclass
class Outcome:
    """What one learner action led to: accepted or not, the Russian message, new log lines."""

    ok: bool
    message: str = ""
    rule: str | None = None
    lines: list[str] = field(default_factory=list)


class PracticeSession:
    """One learner (seat `human`) against one opponent; two-handed presets."""

    def __init__(self, opponent: str = "heuristic", rules: str | dict | RuleSet = "canonical",
                 human: int = 0, training: bool = True, seed: int | None = None,
                 opponent_options: dict | None = None):
        self.rules = RuleSet.from_spec(rules)
        if self.rules.players != 2:
            raise IllegalAction("Тренировочный стол рассчитан на двоих игроков.")
        if opponent not in TITLES:
            raise IllegalAction(f"Нет такого соперника «{opponent}»: есть "
                                f"{', '.join(TITLES.values())}.")
        self.opponent_name = opponent
        self.opponent = make_player(opponent, seed=seed, **(opponent_options or {}))
        self.human = human
        self.training = training
        self.seed = seed
        self.game = Game(self.rules, seed=seed)
        self.deal: Deal = self.game.start_deal()
        self.deal_number: int | None = None
        self._undo_used = False
        self.results: list[dict] = []     # deals finished at this table (see `statistics`)
        self._run_opponent()

    # ------------------------------------------------------------------ settings
    @property
    def opponent_title(self) -> str:
        """«Новичок», «Любитель» or «Мастер»."""
        return TITLES[self.opponent_name]

    def set_opponent(self, opponent: str, options: dict | None = None) -> None:
        """Another opponent (or the same with another thinking budget) from its next move on."""
        if opponent not in TITLES:
            raise IllegalAction(f"Нет такого соперника «{opponent}»: есть "
                                f"{', '.join(TITLES.values())}.")
        self.opponent_name = opponent
        self.opponent = make_player(opponent, seed=self.seed, **(options or {}))

    # ------------------------------------------------------------------ state
    @property
    def bot(self) -> int:
        return 1 - self.human

    @property
    def my_turn(self) -> bool:
        return not self.deal.is_over and self.deal.to_act == self.human

    def view(self):
        return self.deal.view(self.human)

    def legal_actions(self) -> list:
        return self.deal.legal_actions(self.human) if self.my_turn else []

    def log(self) -> list[str]:
        return deal_log(self.deal, self.human)

    def breakdown(self) -> dict[str, dict[str, int]]:
        return {"Вы": score_breakdown(self.deal, self.human),
                TITLES[self.opponent_name]: score_breakdown(self.deal, self.bot)}

    # ------------------------------------------------------------------ playing
    def act(self, action) -> Outcome:
        """Apply the learner's action; illegal → the engine's Russian reason, nothing changes."""
        if self.deal.is_over:
            return Outcome(False, "Сдача окончена: начните новую.")
        if self.deal.to_act != self.human:
            return Outcome(False, "Сейчас ходит соперник.")
        before = len(self.log())
        try:
            self.deal.apply(action, self.human)
        except BeziqueError as e:
            return Outcome(False, e.message, getattr(e, "rule", None))
        self._undo_used = False
        self._run_opponent()
        if self.deal.is_over:
            self._record_result()
        return Outcome(True, "", None, self.log()[before:])

    def _run_opponent(self) -> None:
        while not self.deal.is_over and self.deal.to_act == self.bot:
            self.deal.apply(self.opponent.choose(self.deal.view(self.bot)), self.bot)
        if self.deal.is_over and self.game.deal is self.deal:
            self.game.finish_deal()

    def pass_declaration(self) -> Outcome:
        return self.act(PASS)

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        mine = [i for i, (s, _) in enumerate(self.deal.actions) if s == self.human]
        if not mine or (self.deal.is_over and self.game.deal is not self.deal):
            return bool(mine) and self.training
        return self.training or not self._undo_used

    def undo(self) -> Outcome:
        """Take back the learner's last action (and the opponent's answers to it). Outside
        training mode only once in a row."""
        actions = self.deal.actions
        mine = [i for i, (s, _) in enumerate(actions) if s == self.human]
        if not mine:
            return Outcome(False, "Отменять нечего: вы ещё не ходили в этой сдаче.")
        if not self.training and self._undo_used:
            return Outcome(False, "Вне режима тренировки можно отменить только один последний ход.")
        if self.deal.is_over and self.game.history and self.game.deal is None:
            self.game.history.pop()                 # the deal is open again: take its tally back
            self.game.totals = list(self.game.history[-1].totals_after) if self.game.history \
                else [0] * len(self.game.totals)
            self.game.winner = None
            self.game.deal = self.deal
        if self.results and self.results[-1]["deal"] is self.deal:
            self.results.pop()                      # the deal is played on: not finished yet
        self.deal = self.deal.undo(len(actions) - mine[-1])
        self.game.deal = self.deal
        self._undo_used = True
        return Outcome(True, "Ход отменён.")

    # ------------------------------------------------------------------ deals
    def new_deal(self, number: int | None = None) -> Deal:
        """The next deal of the game, or a numbered deal («сдача № 42») that is the same for
        everybody who asks for that number (the learner leads; the opponent deals)."""
        if self.game.deal is not None and not self.deal.is_over:
            self.game.deal = None                   # an abandoned deal does not count
        if self.game.is_over:
            self.game = Game(self.rules, seed=self.seed)
        if number is not None:
            if not isinstance(number, int) or number < 0:
                raise IllegalAction("Номер сдачи — целое неотрицательное число, например 42.")
            deal = Deal.new(self.rules, dealer=self.bot, seed=number)
            self.deal = self.game.start_deal(deal)
        else:
            self.deal = self.game.start_deal()
        self.deal_number = number
        self._undo_used = False
        self._run_opponent()
        return self.deal

    def swap_seats(self) -> Deal:
        """«Сыграть эту же сдачу за другую сторону»: the same cards, the learner in the other seat."""
        hands, turn_up, stock = self.deal.initial
        self.human = 1 - self.human
        self.game.deal = None
        self.deal = self.game.start_deal(create_deal(self.rules, self.deal.dealer, hands, turn_up, stock))
        self._undo_used = False
        self._run_opponent()
        return self.deal

    # ------------------------------------------------------------------ records
    def save(self) -> dict[str, Any]:
        return deal_to_record(self.deal)

    def load(self, data: dict | str) -> Outcome:
        """Load a bezique-deal/1 record (a dict or JSON text); a corrupt one changes nothing."""
        try:
            if isinstance(data, str):
                data = parse_json(data)
            rec = parse_record(data)
            if rec.rules.players != 2:
                raise FormatError("запись не двуручной сдачи: тренировочный стол — для двоих")
            outcome = replay(rec)
            if not outcome.ok:
                raise FormatError(f"запись повреждена: {outcome.error}")
        except FormatError as e:
            return Outcome(False, f"Не удалось загрузить сдачу: {e.message}")
        self.rules = rec.rules
        self.game = Game(self.rules, seed=self.seed, first_dealer=rec.dealer)
        self.deal = self.game.start_deal(outcome.deal)
        self._undo_used = False
        if self.deal.is_over:
            self.game.finish_deal()
        else:
            self._run_opponent()
        return Outcome(True, "Сдача загружена.")

    def replay_states(self, deal: Deal | None = None) -> list[Deal]:
        """Every state of the current deal (or of `deal`) from the start, one per action (for
        step-by-step replay)."""
        deal = self.deal if deal is None else deal
        hands, turn_up, stock = deal.initial
        d = create_deal(deal.rules, deal.dealer, hands, turn_up, stock)
        states = [d.clone()]
        for seat, act in deal.actions:
            d.apply(act, seat)
            states.append(d.clone())
        return states

    # ------------------------------------------------------------------ statistics
    def _record_result(self) -> None:
        scores = self.deal.result()["scores"]
        self.results.append({"deal": self.deal, "you": scores[self.human],
                             "opponent": scores[self.bot], "opponent_name": self.opponent_name})

    def statistics(self) -> dict[str, float]:
        """The deals finished at this table: played, won, lost, drawn, the average margin
        (your points minus the opponent's, per deal) and your average score."""
        n = len(self.results)
        margins = [r["you"] - r["opponent"] for r in self.results]
        return {"deals": n, "won": sum(m > 0 for m in margins), "lost": sum(m < 0 for m in margins),
                "drawn": sum(m == 0 for m in margins),
                "average_margin": sum(margins) / n if n else 0.0,
                "average_score": sum(r["you"] for r in self.results) / n if n else 0.0}

    # ------------------------------------------------------------------ the game
    def game_totals(self) -> list[int]:
        return list(self.game.totals)

    def score_history(self) -> list[list[int]]:
        """Totals after each finished deal (for the chart): [[you, opponent], …]."""
        return [[h.totals_after[self.human], h.totals_after[self.bot]] for h in self.game.history]
