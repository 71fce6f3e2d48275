"""Fuzz: a practice session driven at random — legal actions, illegal ones (cards not held or
not allowed, made-up declarations and announcements, passes out of turn, penalties, garbage),
undo, save and load at random points. Illegal is refused with a Russian reason and changes
nothing; a save loads back to exactly the same position."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.actions import PASS, Announce, Penalty, Play
from bezique.cards import make_pack
from bezique.melds import make_declaration, meld_ids
from bezique.practice import PracticeSession
from bezique.record import deal_to_record

from .states import deal_state
from .tally import counter_fixture, russian

TALLY, _report = counter_fixture("practice session")

PACK = make_pack(2)
KINDS = ["legal"] * 12 + ["pass_then_save"] * 2 + ["play", "declare", "announce", "pass", "penalty", "garbage", "undo", "undo",
                          "saveload", "saveload"]
step = st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6))


def illegal(s, kind, n):
    """An action of `kind` that the engine must refuse now (None if this one happens to be legal)."""
    legal = s.legal_actions()
    hand = list(s.deal.hands[s.human])
    if kind == "play":
        act = Play(PACK[n % len(PACK)])
    elif kind in ("declare", "announce"):
        melds = sorted(meld_ids(s.rules))
        pool = hand + PACK
        cards = [pool[(n >> (3 * i)) % len(pool)] for i in range(1 + n % 5)]
        meld = melds[n % len(melds)]
        act = make_declaration(meld, cards, [0, 10, 20, 40, 500, -1][n % 6]) if kind == "declare" \
            else Announce(meld, tuple(cards))
    elif kind == "pass":
        act = PASS
    elif kind == "penalty":
        act = Penalty(["extra_card", "nine_cards", "play_before_draw", "revoke", "x"][n % 5])
    else:
        act = ["QS#1", None, 42, ("play", "QS#1"), object()][n % 5]
    return None if act in legal else act


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(["random", "random", "heuristic"]),
       st.lists(step, min_size=10, max_size=160))
def test_random_session_refuses_cleanly_and_saves_exactly(seed, opponent, steps):
    drive(PracticeSession(opponent, seed=seed), PracticeSession("random", seed=seed + 1), steps)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.sampled_from(["three_handed", "four_handed", "many_pack_infusorka"]),
       st.lists(step, min_size=10, max_size=120))
def test_three_and_four_seats_and_many_pack_refuse_cleanly_and_save_exactly(seed, rules, steps):
    """The same at a table of three or four (the other seats played by the computer) and in
    many-pack bezique; the session that loads the saves is a two-handed one."""
    drive(PracticeSession("random", rules=rules, seed=seed),
          PracticeSession("random", seed=seed + 1), steps)
    TALLY[f"sessions {rules}"] += 1


def drive(s, other, steps):
    """Random legal and illegal actions, undo, save and load (see the module doc)."""
    TALLY["sessions"] += 1
    for kind, n in steps:
        if s.deal.is_over:
            s.new_deal()
        before_rec, before = deal_to_record(s.deal), deal_state(s.deal)
        if kind == "legal":
            acts = s.legal_actions()
            out = s.act(acts[n % len(acts)])
            assert out.ok, out.message
            TALLY["legal accepted"] += 1
        elif kind == "pass_then_save":           # on to the next declaration window, pass, save
            for _ in range(12):
                acts = s.legal_actions()
                if s.deal.is_over or PASS in acts:
                    break
                assert s.act(acts[n % len(acts)]).ok
                TALLY["legal accepted"] += 1
            if PASS not in s.legal_actions():
                continue
            assert s.act(PASS).ok
            rec = s.save()
            assert other.load(rec).ok
            assert deal_state(other.deal) == deal_state(s.deal)
            TALLY["save right after a pass exact"] += 1
        elif kind == "undo":
            out = s.undo()
            TALLY["undo tried"] += 1
            if out.ok:
                TALLY["undo done"] += 1
                assert s.deal.is_over or s.my_turn
            else:
                assert russian(out.message) and deal_state(s.deal) == before
                TALLY["undo refused cleanly"] += 1
        elif kind == "saveload":
            rec = s.save()
            out = other.load(json.dumps(rec))
            assert out.ok, out.message
            assert deal_state(other.deal) == deal_state(s.deal) and deal_to_record(other.deal) == rec
            TALLY["save/load exact"] += 1
        else:
            act = illegal(s, kind, n)
            if act is None:
                continue
            TALLY["illegal tried"] += 1
            out = s.act(act)
            assert not out.ok and russian(out.message), (act, out)
            assert deal_to_record(s.deal) == before_rec and deal_state(s.deal) == before
            TALLY["illegal refused cleanly"] += 1


def _saved_deal(seed: int, moves: int) -> tuple[PracticeSession, str]:
    s = PracticeSession("random", seed=seed)
    for i in range(moves):
        if s.deal.is_over:
            break
        acts = s.legal_actions()
        s.act(acts[(seed + i) % len(acts)])
    return s, json.dumps(s.save(), ensure_ascii=False)


SAVED = [_saved_deal(seed, moves) for seed, moves in ((1, 3), (2, 17), (3, 60))]
JSON_VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.text(max_size=6),
                                     st.sampled_from(["QS#1", "QS#3", "XX#1", "AS#9", "7H#2"])),
                           lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAVED) - 1),
       st.one_of(st.tuples(st.just("truncate"), st.integers(0, 10**6)),
                 st.tuples(st.just("flip"), st.tuples(st.integers(0, 10**6), st.integers(1, 255))),
                 st.tuples(st.just("field"), st.tuples(
                     st.sampled_from(["dealer", "hands", "turn_up", "stock", "actions", "passes",
                                      "rules", "format", "result"]), JSON_VALUES)),
                 st.tuples(st.just("action"), st.tuples(st.integers(0, 10**6), JSON_VALUES))))
def test_a_damaged_saved_deal_is_refused_cleanly_or_loads_playable(which, mutation):
    _, text = SAVED[which]
    kind, arg = mutation
    if kind == "truncate":
        bad = text[:arg % len(text)]
    elif kind == "flip":
        raw = bytearray(text.encode())
        raw[arg[0] % len(raw)] ^= arg[1]
        bad = raw.decode("utf-8", errors="replace")
    else:
        data = json.loads(text)
        if kind == "field":
            data[arg[0]] = arg[1]
        elif data["actions"]:
            data["actions"][arg[0] % len(data["actions"])] = arg[1]
        bad = json.dumps(data)
    table = PracticeSession("random", seed=7)
    before = deal_state(table.deal)
    TALLY["damaged saves tried"] += 1
    out = table.load(bad)
    if not out.ok:
        assert russian(out.message) and out.message.startswith("Не удалось загрузить сдачу")
        assert deal_state(table.deal) == before
        TALLY["damaged saves refused cleanly"] += 1
    else:
        assert table.deal.is_over or table.legal_actions()
        TALLY["damaged saves accepted (still a legal deal)"] += 1
