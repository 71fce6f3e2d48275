"""The practice session controller: a whole deal through its Python interface."""

import json
import random

import pytest

from bezique.actions import PASS, Play
from bezique.melds import Declaration
from bezique.practice import PracticeSession
from bezique.record import deal_to_record
from fuzz.states import deal_state


def play_out(session, rng, limit=400):
    steps = 0
    while not session.deal.is_over and steps < limit:
        acts = session.legal_actions()
        assert acts, "the learner must have a legal action whenever it is his turn"
        out = session.act(acts[rng.randrange(len(acts))])
        assert out.ok, out.message
        steps += 1
    return steps


def test_a_whole_deal_against_the_heuristic_opponent():
    s = PracticeSession("heuristic", seed=5)
    rng = random.Random(5)
    kinds = set()
    while not s.deal.is_over:
        acts = s.legal_actions()
        decls = [a for a in acts if type(a) is Declaration]
        act = decls[0] if decls else acts[rng.randrange(len(acts))]
        kinds.add(type(act).__name__)
        assert s.act(act).ok
        assert s.deal.is_over or s.deal.to_act == s.human      # the opponent has answered
    assert {"Play", "Declaration"} <= kinds
    totals = s.game_totals()
    assert totals == [s.deal.result()["scores"][0], s.deal.result()["scores"][1]]
    assert s.score_history() == [totals]
    breakdown = s.breakdown()["Вы"]
    assert breakdown["всего"] == totals[0]
    assert any("Взятка" in line for line in s.log())


def test_illegal_clicks_change_nothing_and_explain():
    s = PracticeSession("random", seed=2)
    rng = random.Random(2)
    while not (s.deal.phase == 2 and s.my_turn and s.deal.trick):
        assert not s.deal.is_over, "seed 2 no longer reaches a phase-2 reply: choose another"
        acts = s.legal_actions()
        s.act(acts[rng.randrange(len(acts))])
    legal = {a.card for a in s.legal_actions()}
    illegal = [c for c in s.deal.hands[s.human] if c not in legal]
    assert illegal, "every card is legal here: choose another seed"
    before = json.dumps(deal_to_record(s.deal))
    out = s.act(Play(illegal[0]))
    assert not out.ok and out.message and out.rule == "R7.1"
    assert json.dumps(deal_to_record(s.deal)) == before
    bad = s.act(Declaration("four_aces", (), -1))
    assert not bad.ok and "на выход" in bad.message


def test_undo_in_training_and_outside():
    s = PracticeSession("heuristic", seed=7, training=True)
    rng = random.Random(1)
    first = s.legal_actions()[0]
    s.act(first)
    s.act(s.legal_actions()[0])
    n = len(s.deal.actions)
    assert s.undo().ok and len(s.deal.actions) < n
    assert s.undo().ok
    assert not s.undo().ok                                   # nothing left to take back
    strict = PracticeSession("heuristic", seed=7, training=False)
    strict.act(strict.legal_actions()[0])
    strict.act(strict.legal_actions()[0])
    assert strict.undo().ok
    out = strict.undo()
    assert not out.ok and "только один" in out.message


def test_undo_after_the_last_trick_reopens_the_deal():
    s = PracticeSession("random", seed=3)
    play_out(s, random.Random(3))
    assert s.deal.is_over and s.game.history
    assert s.undo().ok
    assert not s.deal.is_over and s.game.totals == [0, 0] and not s.game.history
    play_out(s, random.Random(4))
    assert len(s.game.history) == 1


def test_save_load_replay_and_swap():
    s = PracticeSession("heuristic", seed=11)
    play_out(s, random.Random(11))
    rec = s.save()
    other = PracticeSession("heuristic", seed=99)
    assert other.load(json.dumps(rec)).ok
    assert deal_to_record(other.deal) == rec
    states = other.replay_states()
    assert len(states) == len(rec["actions"]) + len([a for _, a in s.deal.actions if a is PASS]) + 1
    assert states[-1].result() == rec["result"]
    initial = s.deal.initial
    s.swap_seats()
    assert s.human == 1 and s.deal.initial == initial and not s.deal.is_over


def test_corrupt_records_are_refused_without_change():
    s = PracticeSession("random", seed=1)
    before = deal_to_record(s.deal)
    for bad in ("{", {"format": "bezique-deal/1"}, {**before, "hands": [["QS#1"], []]}):
        out = s.load(bad)
        assert not out.ok and out.message.startswith("Не удалось загрузить сдачу")
        assert deal_to_record(s.deal) == before
    tampered = dict(before, actions=[{"player": 1 - before["dealer"], "play": "XX#1"}])
    assert not s.load(tampered).ok


def test_numbered_deal_is_the_same_for_everybody():
    a = PracticeSession("random", seed=1)
    b = PracticeSession("heuristic", seed=2)
    assert a.new_deal(42).initial == b.new_deal(42).initial
    assert a.deal.to_act == a.human                          # the learner leads a numbered deal


def test_a_game_to_the_target():
    s = PracticeSession("random", rules={"preset": "canonical", "target_score": 300}, seed=4)
    rng = random.Random(4)
    while not s.game.is_over:
        play_out(s, rng)
        if not s.game.is_over:
            s.new_deal()
    assert max(s.game.totals) >= 300 and s.game.winner in (0, 1)
    assert len(s.score_history()) == len(s.game.history)


def test_unknown_opponent_and_rules():
    from bezique.errors import BeziqueError
    with pytest.raises(BeziqueError):
        PracticeSession("grandmaster")
    with pytest.raises(BeziqueError):
        PracticeSession("random", rules="three_handed", human=3)
    with pytest.raises(BeziqueError):
        PracticeSession("random", rules="no_such_rules")


def test_statistics_and_undo_of_a_finished_deal():
    s = PracticeSession("random", seed=3)
    assert s.statistics()["deals"] == 0
    play_out(s, random.Random(3))
    st = s.statistics()
    sc = s.deal.result()["scores"]
    assert st["deals"] == 1 and st["won"] + st["lost"] + st["drawn"] == 1
    assert st["average_margin"] == sc[s.human] - sc[s.bot]
    assert s.undo().ok and s.statistics()["deals"] == 0       # reopened: not finished any more
    play_out(s, random.Random(5))
    assert s.statistics()["deals"] == 1


def test_another_opponent_from_the_next_move():
    s = PracticeSession("random", seed=1)
    s.set_opponent("search", {"time_limit": 0.05, "samples": 4})
    assert s.opponent_name == "search" and s.opponent_title == "Мастер"
    assert s.opponent.time_limit == 0.05
    with pytest.raises(Exception):
        s.set_opponent("grandmaster")


def test_replay_states_of_an_earlier_deal():
    s = PracticeSession("random", seed=2)
    play_out(s, random.Random(2))
    old = s.deal
    s.new_deal()
    states = s.replay_states(old)
    assert states[-1].result() == old.result() and len(states) == len(old.actions) + 1


@pytest.mark.parametrize("seed", [4, 9, 11])
def test_a_save_at_every_point_loads_back_to_exactly_that_position(seed):
    """Save after every learner action of a whole deal (passes included, the learner passing
    whenever the window is open on odd seeds), load into another table: the same state."""
    s = PracticeSession("heuristic", seed=seed)
    rng = random.Random(seed)
    other = PracticeSession("random", seed=1)
    after_pass = 0
    while True:
        rec = s.save()
        out = other.load(json.dumps(rec))
        assert out.ok, out.message
        assert deal_state(other.deal) == deal_state(s.deal)
        assert deal_to_record(other.deal) == rec
        if s.deal.is_over:
            break
        acts = s.legal_actions()
        act = PASS if (PASS in acts and (seed % 2 or rng.random() < 0.5)) else acts[rng.randrange(len(acts))]
        if act is PASS:
            after_pass += 1
        assert s.act(act).ok
    assert after_pass >= 2


def test_a_deal_saved_right_after_a_pass_keeps_the_drawn_card():
    s = PracticeSession("random", seed=4)
    rng = random.Random(4)
    while PASS not in s.legal_actions():
        acts = s.legal_actions()
        s.act(acts[rng.randrange(len(acts))])
    s.pass_declaration()
    hand = sorted(c.code for c in s.deal.hands[s.human])
    rec = s.save()
    assert rec["passes"] == [len(rec["actions"])]
    other = PracticeSession("random", seed=9)
    assert other.load(rec).ok
    assert other.deal.stage == "play" and other.my_turn and PASS not in other.legal_actions()
    assert sorted(c.code for c in other.deal.hands[other.human]) == hand and len(hand) == 8
    # A reader that ignores «passes» stops one step earlier; a pass where none is possible fails.
    del rec["passes"]
    assert other.load(rec).ok and PASS in other.legal_actions()
    for bad in ([0], [-1], [True], "1", [len(rec["actions"]) + 1], [3, 3]):
        out = other.load(dict(rec, passes=bad))
        assert not out.ok and "passes" in out.message
