"""The coach (тренер): what is legal now and why the rest is not, a hint with a reason, and
after the deal the learner's costliest decisions.

Everything here works from one seat's `PlayerView`, so the coach never uses a card the learner
could not know. The rules are never re-implemented: the reasons quoted are the engine's own
Russian messages (`bezique.tricks.legal_reason` / `play_problem`, and for declarations the
message the engine gives when the action is tried — `bezique.melds.explain_illegal`), obtained
by trying the action on a deal rebuilt from the view (`determinize.Template`).

Public API (all Russian text):

* `legality(view) -> Legality` — `allowed` (actions with descriptions), `forbidden` (things the
  learner might try, with the engine's reason), `rule` (the rule in force now).
* `hint(view, samples=…, seed=…, wall_limit=…) -> Hint` — the action Мастер's search chooses
  (with the coach's budget) and a reason; remembered per
  decision (`coach_memory`), so the same decision always gets the same hint; a hint the
  wall-clock limit cut short says so (`Hint.cut_note`) and is not remembered.
* `review(deal, seat, top=3, …) -> Review` (a list of `Mistake`) — after the deal: the
  decisions that cost the most by Мастер's estimate, each judged only with what the seat knew
  at the time; a hinted decision by the hint's own evaluation (a followed hint is never a
  mistake; `Review.notes` says where a deeper look disagrees with a followed hint).

The words — the descriptions of actions and the reasons for a choice — are
`coach_reasons` (`describe_action`, `explain_choice`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..actions import Play
from ..deal import Deal, create_deal
from ..errors import IllegalAction
from ..melds import Declaration, MeldContext, MeldState, enumerate_declarations
from ..ru import plural
from ..tricks import counted_trick, legal_reason
from .coach_memory import MEMORY, Memory
from .coach_reasons import describe_action, explain_choice, imperative
from .determinize import Template, action_key
from .search import Analysis, SearchPlayer, position_key, supported

HINT_SAMPLES = 48
REVIEW_SAMPLES = 24
# The budget of a hint asked for at the table or in the terminal game: the samples, capped at
# this many processor seconds (a close choice gets as much again), so that the answer comes
# within about a second on an idle machine at any number of seats.
HINT_TIME = 0.4
# The hard limit of a hint's wait, in seconds of wall time: the processor seconds above do not
# bound it when the machine is busy with other work (0.8 s of the processor once took 11.5 s).
# A hint stopped by it says so (`Hint.cut_note`).
HINT_WALL = 3.0
# The after-deal review of a whole deal, at the table and in the terminal game.
INTERACTIVE_REVIEW = {"samples": 8, "time_limit": 0.3}


def no_review(rules) -> str | None:
    """Why the coach does not review a deal of these rules (a clause for «Разбор сдачи тренер
    пока не делает для этой игры: …»), None where it does. Its judgement is Мастер's analysis
    of every decision: none where Мастер does not play the game (`search.supported`); in
    Rubicon, which he plays, a deal is some hundred decisions of long play-outs — 15 to 30 s of
    the processor here, a minute in the browser — too long to wait for."""
    if not supported(rules):
        return "его оценки — это расчёт Мастера, а Мастер пока не умеет её считать"
    if rules.multipack:
        return ("сдача здесь длинная, и расчёт каждого вашего хода занял бы около минуты; "
                "Мастер как соперник и подсказка работают")
    return None


# ------------------------------------------------------------------ legality

@dataclass
class Option:
    action: object
    text: str


@dataclass
class Forbidden:
    """Something the learner might try now, and the engine's reason it is not allowed."""

    text: str
    reason: str
    action: object = None


@dataclass
class Legality:
    stage: str
    rule: str
    allowed: list[Option] = field(default_factory=list)
    forbidden: list[Forbidden] = field(default_factory=list)


def _engine_reason(deal: Deal, action, seat: int) -> str | None:
    """The engine's Russian reason for refusing `action` (None if it would accept it)."""
    trial = deal.clone()
    try:
        trial.apply(action, seat)
    except IllegalAction as e:
        return e.message
    return None


def _rebuilt(view) -> Deal:
    """A deal in the view's state; the hidden cards are placed in a fixed order (they do not
    affect what this seat may do)."""
    t = Template(view)
    return t.deal(t.unseen[:t.hidden_count], t.unseen[t.hidden_count:])


def _combos_in_hand(view) -> list[Declaration]:
    """Combinations whose shape the seat's cards make, ignoring timing and the re-use rules:
    the declarations a learner might think of."""
    ctx = MeldContext.of(view)
    out, seen = [], set()
    for d in enumerate_declarations(view.hand, MeldState(), ctx):
        k = (d.meld, tuple(c.face for c in d.cards))
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out


def legality(view) -> Legality:
    """What the seat may do now, and why the rest is not allowed (the engine's words)."""
    seat = view.seat
    hand = list(view.hand)
    trick = [c for _, c in view.trick]
    if view.stage == "over":
        return Legality(view.stage, "Сдача закончена.")
    if view.to_act != seat:
        return Legality(view.stage, "Сейчас очередь соперника.")
    deal = _rebuilt(view)
    if view.stage == "play":
        rule = legal_reason(hand, counted_trick(trick, view.rules), view.trump, view.phase, view.rules)
        res = Legality(view.stage, rule, [Option(a, describe_action(a))
                                          for a in sorted(view.legal_actions, key=action_key)])
        ok = set(deal.legal_plays(seat))         # the engine's (a variant's) obligations
        for c in hand:
            if c not in ok:
                res.forbidden.append(Forbidden(describe_action(Play(c)),
                                               _engine_reason(deal, Play(c), seat), Play(c)))
        for d in _combos_in_hand(view):
            reason = _engine_reason(deal, d, seat)
            if reason:
                res.forbidden.append(Forbidden(describe_action(d), reason, d))
        return res
    # The declaration turn.
    decls = [a for a in view.legal_actions if type(a) is Declaration]
    if decls:
        rule = ("Вы взяли взятку: до того как взять карту из талона, можно объявить одну "
                "комбинацию (или обменять/объявить козырную семёрку).")
    else:
        rule = "Вы уже объявили комбинацию за эту взятку: можно показать другие «на потом» или взять карту."
    res = Legality(view.stage, rule, [Option(a, describe_action(a)) for a in view.legal_actions])
    for d in _combos_in_hand(view):
        if any(action_key(x) == action_key(d) for x in decls):
            continue
        same_faces = [x for x in decls if x.meld == d.meld
                      and tuple(c.face for c in x.cards) == tuple(c.face for c in d.cards)]
        if same_faces:
            continue                                  # another copy of it is legal
        reason = _engine_reason(deal, d, seat)
        if reason:
            res.forbidden.append(Forbidden(describe_action(d), reason, d))
    if hand:
        reason = _engine_reason(deal, Play(hand[0]), seat)
        if reason:
            res.forbidden.append(Forbidden("сыграть карту", reason, None))
    return res


# ------------------------------------------------------------------ hints

@dataclass
class Hint:
    """The action the strongest opponent (Мастер) would choose, with a Russian reason."""

    action: object
    text: str                       # «Совет: объявите козырный марьяж К♠ Д♠ — 40 очков.»
    reason: str                     # why, for a learner
    alternatives: list = field(default_factory=list)   # (action, estimated value) best first
    method: str = ""
    analysis: Analysis | None = field(default=None, repr=False)   # the evaluation behind it
    seed: int = 0
    cut_note: str = ""              # «Тренер не успел всё просчитать: …» when time ran out


def _coach_player(samples: int, time_limit, seed: int, wall_limit=None) -> SearchPlayer:
    return SearchPlayer(seed=seed, samples=samples, time_limit=time_limit, extra_samples=0,
                        wall_limit=wall_limit)


def analyse(view, samples: int = HINT_SAMPLES, time_limit: float | None = None, seed: int = 0,
            include=(), wall_limit: float | None = None) -> Analysis:
    """Мастер's analysis of the seat's options (reproducible: depends on the view and seed,
    unless a time limit stops it)."""
    player = _coach_player(samples, time_limit, seed, wall_limit)
    return player.analyse(view, rng=random.Random(seed), include=include)


def hint(view, samples: int = HINT_SAMPLES, time_limit: float | None = None, seed: int = 0,
         memory: Memory | None = MEMORY, wall_limit: float | None = None) -> Hint:
    """What to do now and why. Uses only the seat's own view (the hint does not change when
    the cards the seat has not seen are arranged differently).

    The decision is evaluated once: the hint is remembered in `memory` (keyed by the decision,
    `coach_memory.decision_key`), so the same decision asked again gets the same hint, and the
    after-deal `review` judges a hinted decision by this evaluation. `memory=None`: evaluate
    afresh and remember nothing.

    `wall_limit` (seconds of wall time) ends the search however busy the machine is; a hint it
    cut short says so in `cut_note` and is not remembered (asked again, it may do better)."""
    if view.to_act != view.seat or not view.legal_actions:
        return Hint(None, "Сейчас очередь соперника.", "", [], "")
    if memory is not None:
        known = memory.get(view)
        if known is not None:
            return known
    an = analyse(view, samples, time_limit, seed, wall_limit=wall_limit)
    act = an.best
    reason = explain_choice(view, act, an)
    verb = imperative(act)
    alts = [(av.action, av.value) for av in an.ranked]
    h = Hint(act, f"Совет: {verb}.", reason, alts, an.method, an, seed, cut_note(an))
    if memory is not None and not an.cut_short:
        memory.put(view, h)
    return h


def failure_text(head: str, error: BaseException, advice: str = "") -> str:
    """A learner's message for an error inside the coach (a fault of the course, not of the
    position): «Подсказка не получилась: у тренера случилась внутренняя ошибка (ValueError).
    …» — the error's name is for a report of the fault."""
    return (f"{head}: у тренера случилась внутренняя ошибка ({type(error).__name__})."
            + (f" {advice}" if advice else ""))


HINT_FAILED = "Подсказка не получилась"
HINT_FAILED_ADVICE = "Сдача не пострадала: сделайте ход сами или попросите подсказку ещё раз."


def cut_note(an: Analysis) -> str:
    """What a hint cut short by the wall-clock limit says (empty if it was not)."""
    if not an.cut_short:
        return ""
    if an.samples == 0:
        how = "это совет хорошего игрока, без расчёта вариантов"
    else:
        how = (f"Мастер успел разыграть только {plural(an.samples, 'сдача', 'acc')} с картами, "
               "которых вы не видите, так что совет может быть неточным")
    return f"Тренер не успел всё просчитать: {how}."


# ------------------------------------------------------------------ after the deal

# A followed hint is looked at again after the deal with this many times the hint's samples
# (the hint's own sampled deals first, then as many new ones).
RECHECK_FACTOR = 2


@dataclass
class Mistake:
    """One of the learner's decisions that cost points by Мастер's estimate — or, with
    `hinted`, a hinted move the learner followed that a deeper look values lower (a note on
    the hint, never counted among the learner's mistakes)."""

    index: int                 # position in deal.actions
    trick: int                 # the trick number (1–32) when it was made
    chosen: object
    best: object
    loss: float                # estimated points of margin lost
    text: str                  # Russian
    view: object = None
    hinted: bool = False


class Review(list):
    """The learner's costliest decisions (`Mistake`s, costliest first); `notes`: the followed
    hints that the deeper look after the deal values differently (not the learner's mistakes)."""

    def __init__(self, mistakes=(), notes=()):
        super().__init__(mistakes)
        self.notes: list[Mistake] = list(notes)


def review(deal: Deal, seat: int, top: int = 3, samples: int = REVIEW_SAMPLES,
           time_limit: float | None = None, seed: int = 0, min_loss: float = 5.0,
           memory: Memory | None = MEMORY) -> Review:
    """The seat's costliest decisions in a finished (or unfinished) deal. Each decision is
    judged from the view the seat had at that moment (the deal is replayed from its start), by
    comparing Мастер's value of the chosen action with the best action.

    A decision the coach gave a hint for (remembered in `memory`) is judged by that hint's own
    evaluation, so the review never contradicts it: a followed hint is never a mistake (if a
    deeper look — the hint's samples and as many again — finds a better move, that is a note in
    `Review.notes`, saying so plainly), and an ignored hint is measured against the hinted move."""
    hands, turn_up, stock = deal.initial
    fresh = create_deal(deal.rules, deal.dealer, hands, turn_up, stock)   # the variant's own class
    found: list[Mistake] = []
    recheck: list = []                  # (quick loss, index, trick, view, act, hint)
    for idx, (s, act) in enumerate(deal.actions):
        if s == seat and fresh.to_act == seat and not fresh.is_over:
            view = fresh.view(seat)
            if len(view.legal_actions) > 1:
                given = memory.get(view) if memory is not None else None
                if given is None or given.action is None:
                    item = _judge(view, act, samples, time_limit, seed + idx, min_loss)
                elif not _same(view, act, given.action):
                    item = _judge_ignored(view, act, given, samples, time_limit, min_loss)
                else:
                    item = None
                    loss = _quick_doubt(view, act, given, samples, time_limit, seed + idx)
                    if loss >= min_loss:
                        recheck.append((loss, idx, fresh.trick_number, view, act, given))
                if item is not None:
                    item.index, item.trick = idx, fresh.trick_number
                    found.append(item)
        fresh.apply(act, s)
    found.sort(key=lambda m: -m.loss)
    # The followed hints a quick look doubts most get the deeper look (at most `top` of them).
    notes: list[Mistake] = []
    recheck.sort(key=lambda r: (-r[0], r[1]))
    for _, idx, trick, view, act, given in recheck[:top]:
        note = _recheck(view, act, given, samples, min_loss)
        if note is not None:
            note.index, note.trick = idx, trick
            notes.append(note)
    notes.sort(key=lambda m: -m.loss)
    return Review(found[:top], notes)


def _value(an: Analysis, view, act):
    """The analysis' value of `act`, or of an action leading to the same position (an
    identical copy of the card)."""
    av = an.value_of(act)
    if av is not None:
        return av
    k = position_key(view, act)
    return next((x for x in an.ranked if position_key(view, x.action) == k), None)


def _same(view, a, b) -> bool:
    return position_key(view, a) == position_key(view, b)


def _gap(an: Analysis, view, act, best=None):
    """(best action, points it is better than `act`) by this analysis; None if `act` is best
    or not valued."""
    ref = an.ranked[0] if best is None else _value(an, view, best)
    mine = _value(an, view, act)
    if ref is None or mine is None or _same(view, ref.action, act):
        return None
    return ref.action, ref.value - mine.value


def _judge(view, act, samples, time_limit, seed, min_loss) -> Mistake | None:
    """A decision made without a hint: Мастер's value of the choice against the best."""
    an = analyse(view, samples, time_limit, seed, include=(act,))
    gap = _gap(an, view, act)
    if gap is None or gap[1] < min_loss:
        return None
    best, loss = gap
    return Mistake(0, 0, act, best, loss, _mistake_text(view, act, best, loss, an), view)


def _judge_ignored(view, act, given: Hint, samples, time_limit, min_loss) -> Mistake | None:
    """The hint was not followed: the loss is measured against the hinted move, by the hint's
    own evaluation if it valued the chosen move, else on the same sampled deals."""
    hinted, an = given.action, given.analysis
    if an is None or _value(an, view, act) is None:
        n = an.samples if an is not None else 0
        an = analyse(view, max(samples, n), None if n else time_limit, given.seed,
                     include=(act, hinted))
    gap = _gap(an, view, act, hinted)
    if gap is None or gap[1] < min_loss:
        return None
    loss = gap[1]
    return Mistake(0, 0, act, hinted, loss,
                   _mistake_text(view, act, hinted, loss, an) + " Этот ход предлагала и подсказка.",
                   view)


def _quick_doubt(view, act, given: Hint, samples, time_limit, seed) -> float:
    """A followed hint, looked at like any other decision: how much better another move seems
    (0 if none). Only a hint from sampled deals can be doubted; an exact one cannot."""
    if given.analysis is None or given.analysis.method != "rollouts":
        return 0.0
    gap = _gap(analyse(view, samples, time_limit, seed, include=(act,)), view, act)
    return 0.0 if gap is None else gap[1]


def _recheck(view, act, given: Hint, samples, min_loss) -> Mistake | None:
    """The deeper look at a followed hint: the hint's own sampled deals and as many again (the
    same seed), with no time limit. A note if another move is still better by `min_loss`."""
    deep = analyse(view, RECHECK_FACTOR * max(given.analysis.samples, samples), None, given.seed,
                   include=(act,))
    gap = _gap(deep, view, act)
    if gap is None or gap[1] < min_loss:
        return None
    best, loss = gap
    return Mistake(0, 0, act, best, loss, _note_text(view, act, best, loss), view, hinted=True)


def _note_text(view, chosen, best, loss) -> str:
    return (f"Взятка {view.trick_number}: {describe_action(chosen)} — подсказка предлагала этот "
            f"ход; более точный расчёт после сдачи показывает, что {describe_action(best)} лучше "
            f"на {plural(int(round(loss)), 'очко')}. Это не ваша ошибка: вы последовали совету.")


def _mistake_text(view, chosen, best, loss, an: Analysis) -> str:
    """One review item: what the choice cost by `an`, and why the better move is better (the
    reason without the hint's own comparison: the one figure of the item is the cost)."""
    if an.method == "endgame":
        how = "по точному расчёту"
    elif an.method == "rollouts" and an.samples:
        how = (f"по оценке Мастера (он разыграл {plural(an.samples, 'сдача', 'acc')} с картами, "
               "которых вы не видели)")
    else:
        how = "по оценке Мастера"
    return (f"Взятка {view.trick_number}: вы решили "
            f"{describe_action(chosen)}, а лучше было {describe_action(best)} — {how} это "
            f"стоило около {plural(int(round(loss)), 'очко', 'gen')}. "
            + explain_choice(view, best, an, compare=False))
