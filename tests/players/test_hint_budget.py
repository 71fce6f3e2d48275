"""A hint always ends within its budget (issue 28.16: once, in a four-handed deal, «Подсказка»
stayed on «Тренер думает…» for over 30 s).

The cause: the coach's budget was processor time only (`clock.thinking_time`), so on a busy
machine the wait had no bound (measured: 0.8 s of the processor took 11.5 s of wall time while
other processes shared the two cores); and a fault inside the hint left the table saying
«Тренер думает…» for ever (tests/widgets/test_background.py). Now a wall-clock deadline
(`wall_limit`) is checked after each sample, at every move of a playout and in the endgame
solver, and a hint it cut short says so.

The timing tests measure the processor time of the hint (which a busy machine does not
inflate) against a deadline that only wall time can reach: a search that ignored the deadline
would run its million samples and fail by far, one that honours it stops within a move."""

import random
import time

import pytest

from bezique.deal import Deal
from bezique.players import coach, search
from bezique.players.endgame import Endgame, hands_from_view
from bezique.players.heuristic import heuristic_action
from bezique.players.random_player import random_action
from bezique.players.sim_rollouts import SimSampler
from bezique.rules import RuleSet

NOT_CUT = ("endgame", "forced")
phase_one_play = lambda deal: deal.phase == 1 and deal.stage == "play"      # noqa: E731       # exact answers that may well finish before any deadline
CUT = "Тренер не успел всё просчитать: "


def positions(preset: str, count: int, seed: int, where=lambda deal: True):
    """`count` random decisions (more than one legal action, and `where`) of seeded deals of
    `preset`, reached by a mix of the Любитель's and random moves, from every part of the deal."""
    rng = random.Random(seed)
    rules = RuleSet.preset(preset)
    found = []
    while len(found) < count:
        deal = Deal.new(rules, dealer=rng.randrange(rules.players), seed=rng.randrange(10 ** 6))
        stop = rng.randrange(0, 120)
        k = 0
        while not deal.is_over:
            if k >= stop and len(deal.legal_actions()) > 1 and where(deal):
                found.append(deal.view(deal.to_act))
                break
            act = heuristic_action(deal) if rng.random() < 0.6 else \
                random_action(deal.legal_actions(), rng)
            deal.apply(act)
            k += 1
    return found


@pytest.mark.parametrize("preset,seed", [("four_handed", 1), ("three_handed", 2),
                                         ("canonical", 3), ("no_trump", 4)])
def test_a_hint_ends_at_its_wall_clock_limit_in_random_positions(preset, seed):
    """Samples without end and no processor limit: only the wall-clock limit stops the hint."""
    limit = 0.1
    for view in positions(preset, 5, seed):
        c0 = time.thread_time()
        h = coach.hint(view, samples=10 ** 6, time_limit=None, wall_limit=limit, memory=None)
        cpu = time.thread_time() - c0
        assert cpu <= limit + 0.6, (preset, view.stage, view.phase, cpu)
        assert h.action in view.legal_actions
        if h.method not in NOT_CUT:
            assert h.analysis.cut_short and h.cut_note.startswith(CUT), h
        else:
            assert not h.cut_note


@pytest.mark.parametrize("preset,seed", [("four_handed", 5), ("three_handed", 6),
                                         ("canonical", 7)])
def test_a_hint_keeps_its_processor_budget_in_random_positions(preset, seed):
    """The processor budget (the table's, made small) with its extension for a close choice:
    at most twice the limit, and one sample more."""
    limit = 0.05
    for view in positions(preset, 4, seed):
        c0 = time.thread_time()
        h = coach.hint(view, samples=10 ** 6, time_limit=limit, memory=None)
        cpu = time.thread_time() - c0
        assert cpu <= 2 * limit + 0.6, (preset, view.stage, view.phase, cpu)
        assert not h.cut_note                          # no wall limit: nothing cut short


class FakeClock:
    """A wall clock that moves only when a playout makes a move (1 ms each)."""

    def __init__(self):
        self.now = 0.0
        self.moves = 0

    def __call__(self) -> float:
        return self.now


def test_the_deadline_stops_a_playout_in_the_middle(monkeypatch):
    """Four-handed, early in the deal: one sample is four playouts of a hundred moves and more.
    With a deadline of 30 moves the hint stops inside the first playout — it does not wait for
    the sample to end — and, with no sample done, gives the Любитель's move and says so."""
    clock = FakeClock()
    step = search.step

    def timed_step(deal, act, seat, draws):
        clock.now += 0.001
        clock.moves += 1
        step(deal, act, seat, draws)
    monkeypatch.setattr(search, "wall_clock", clock)
    monkeypatch.setattr(search, "step", timed_step)
    view = positions("four_handed", 1, 11, lambda d: phase_one_play(d) and d.stock_count > 40)[0]
    h = coach.hint(view, samples=10 ** 6, time_limit=None, wall_limit=0.030, memory=None)
    assert 30 <= clock.moves <= 32, clock.moves
    assert h.analysis.cut_short and h.analysis.samples == 0
    assert h.cut_note == CUT + "это совет хорошего игрока, без расчёта вариантов."
    assert h.action in view.legal_actions


def test_a_hint_with_some_samples_says_how_many(monkeypatch):
    """Two-handed, the samples are played in the simulator: each sample takes 0.1 s here."""
    clock = FakeClock()
    row = SimSampler.row

    def timed_row(self, cards, alive, seed):
        clock.now += 0.1
        return row(self, cards, alive, seed)
    monkeypatch.setattr(search, "wall_clock", clock)
    monkeypatch.setattr(SimSampler, "row", timed_row)
    view = positions("canonical", 1, 12, phase_one_play)[0]
    h = coach.hint(view, samples=10 ** 6, time_limit=None, wall_limit=3.0, memory=None)
    n = h.analysis.samples
    assert h.analysis.cut_short and n >= 2
    assert h.cut_note.startswith(CUT + "Мастер успел разыграть только ")
    assert h.cut_note.endswith("так что совет может быть неточным.")


def test_a_hint_cut_short_is_not_remembered(monkeypatch):
    """Asked again, a cut-short hint is thought over afresh (and then remembered)."""
    memory = coach.Memory()
    view = positions("canonical", 1, 13, phase_one_play)[0]
    first = coach.hint(view, samples=10 ** 6, time_limit=None, wall_limit=0.0, memory=memory)
    assert first.cut_note and len(memory) == 0
    second = coach.hint(view, samples=4, time_limit=None, memory=memory)
    assert not second.cut_note and len(memory) == 1
    assert coach.hint(view, samples=4, time_limit=None, memory=memory) is second


def phase_two_view(seed: int = 3):
    """A two-handed view at the first trick of the last eight, the seat to act."""
    deal = Deal.new(RuleSet.preset("canonical"), dealer=0, seed=seed)
    while deal.phase != 2 or deal.stage != "play":
        deal.apply(heuristic_action(deal))
    return deal.view(deal.to_act)


def test_the_endgame_solver_stops_at_the_deadline_and_stays_right():
    """The exact solver of the last eight stops when its check raises, and what it had stored
    before is still right: solved afterwards, the values are a fresh solver's."""
    view = phase_two_view()
    mine, theirs = hands_from_view(view)
    lead = view.trick[0][1] if view.trick else None
    calls = []

    def check():
        calls.append(1)
        if len(calls) >= 3:
            raise search.OutOfTime
    solver = Endgame(view.rules, view.trump)
    solver.check_mask = 0                        # check at every node (1023: every 1024th)
    with pytest.raises(search.OutOfTime):
        solver.move_values(mine, theirs, lead, check=check)
    assert solver.nodes == 3
    again = solver.move_values(mine, theirs, lead)
    assert again == Endgame(view.rules, view.trump).move_values(mine, theirs, lead)


def test_an_endgame_out_of_time_falls_back_and_says_so(monkeypatch):
    """Two-handed, the last eight, no time at all: the solver is cut, the hint still comes —
    the Любитель's move, marked as cut short."""
    monkeypatch.setattr(Endgame, "check_mask", 0)
    view = phase_two_view(4)
    h = coach.hint(view, samples=10 ** 6, time_limit=None, wall_limit=0.0, memory=None)
    if h.method == "forced":
        pytest.skip("one choice only")
    assert h.analysis.cut_short and h.cut_note.startswith(CUT)
    assert h.action in view.legal_actions


def test_the_endgame_solver_has_the_thinking_time_budget(monkeypatch):
    """With a time limit, the exact solver may think the whole budget (base and extension) and
    no longer: on a clock that has passed it, the solver is cut at its first check and the
    decision comes from sampled deals in a budget of their own (on this clock none: the
    Любитель's move), marked as cut short; without a time limit it is solved exactly."""
    monkeypatch.setattr(Endgame, "check_mask", 0)
    view = phase_two_view(4)
    exact = search.SearchPlayer(seed=1, samples=4, time_limit=None).analyse(view)
    if exact.method == "forced":
        pytest.skip("one choice only")
    assert exact.method == "endgame" and not exact.cut_short
    ticks = iter(range(10 ** 9))
    monkeypatch.setattr(search, "thinking_time", lambda: float(next(ticks)))   # 1 s a look
    cut = search.SearchPlayer(seed=1, samples=4, time_limit=0.5).analyse(view)
    assert cut.method != "endgame" and cut.cut_short, (cut.method, cut.cut_short)
    assert cut.best in view.legal_actions
