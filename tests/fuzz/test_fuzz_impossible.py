"""Fuzzing the impossible files of issue 28 point 17 (and issue 29's full trick): every curated
and scenario position turned impossible in one of these ways, and every self-play record
turned into a JSON list, is refused with a Russian FormatError that names the field and shows
an example — never another exception, never a change to the input.

* a phase-2 position that still has a turn-up;
* a `legal_plays` position holding a finished trick (`lead` and `follow`, or a full `trick`);
* a deal-score position whose turned-up seven was also declared, exchanged for, or with every
  trump seven declared;
* a record (a line of a `.jsonl` file) that is a JSON list.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.errors import FormatError
from bezique.positions import load_position
from bezique.record import parse_record
from bezique.rules import RuleSet

from .mutate import cyrillic
from .test_fuzz_positions import ORIGINALS as POSITIONS
from .test_fuzz_records import ORIGINALS as RECORDS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# games with a turn-up (the multi-pack games have none: their positions refuse «turn_up» at all)
TURN_UP = [p for p in POSITIONS if not RuleSet.from_spec(p.get("rules", "canonical")).multipack]
ASKED = [p for p in TURN_UP if p["kind"] != "deal_score" and p.get("trump") is not None]
LEGAL = [p for p in TURN_UP if p["kind"] == "legal_plays"]
# deal scores whose won tricks hold no trump seven (the test puts the sevens where it wants)
SCORES = [p for p in TURN_UP if p["kind"] == "deal_score" and p.get("trump") is not None
          and not any(c.startswith(f"7{p['trump']}") for won in p["tricks"] for c in won)]


def refused_cleanly(data, fields):
    before = copy.deepcopy(data)
    try:
        load_position(data, "impossible.json")
    except FormatError as e:
        assert data == before
        assert e.field in fields, (e.field, e.detail)
        assert cyrillic(e.detail) and f"«{e.field}»" in e.message
        assert "пример" in e.detail.lower(), e.detail
        return e
    raise AssertionError(f"accepted: {json.dumps(data, ensure_ascii=False)[:300]}")


def test_each_impossibility_has_positions_to_fuzz():
    assert ASKED and LEGAL and SCORES
    assert {p["kind"] for p in ASKED} == {"declarations", "legal_plays", "trick_winner"}


@FUZZ
@given(st.data())
def test_phase_2_with_a_turn_up(data):
    original = data.draw(st.sampled_from(ASKED), label="position")
    trump = original["trump"]
    rank = data.draw(st.sampled_from("AT KQJ987".replace(" ", "")), label="rank")
    copy_no = data.draw(st.integers(1, RuleSet.from_spec(original.get("rules", "canonical")).packs))
    mutated = {**copy.deepcopy(original), "phase": 2, "turn_up": f"{rank}{trump}#{copy_no}"}
    for k in ("hand", "table"):                         # the turn-up is no card of the hand
        mutated[k] = [c for c in mutated.get(k, []) if not c.startswith(f"{rank}{trump}")]
    try:
        load_position(mutated, "impossible.json")
    except FormatError as e:
        assert cyrillic(e.detail) and e.field
        if e.field == "turn_up":
            assert "фазе 2" in e.detail and "пример" in e.detail.lower()
        return
    raise AssertionError("a phase-2 position with a turn-up was accepted")


@FUZZ
@given(st.data())
def test_a_finished_trick_before_your_turn(data):
    original = copy.deepcopy(data.draw(st.sampled_from(LEGAL), label="position"))
    n = RuleSet.from_spec(original.get("rules", "canonical")).players
    you = original.get("you", 0)
    cards = [f"{r}{s}#1" for s in "DSC" for r in "9KTA8QJ7"]
    held = {c[:2] for k in ("hand", "table") for c in original.get(k, [])}
    cards = [c for c in cards if c[:2] not in held]
    if n == 2 and "trick" not in original and data.draw(st.booleans(), label="lead+follow"):
        original.pop("trick", None)
        mutated = {**original, "lead": cards[0], "follow": cards[1]}
        refused_cleanly(mutated, {"follow"})
        return
    extra = data.draw(st.integers(0, 2), label="beyond a full trick")
    size = n + extra
    seats = [(you - size + k) % n for k in range(size)]
    mutated = {**original, "trick": [{"player": s, "card": c} for s, c in zip(seats, cards)]}
    mutated.pop("lead", None)
    mutated.pop("follow", None)
    assert len(mutated["trick"]) == size
    refused_cleanly(mutated, {"trick"})


def _sevens(scored, trump):
    return {c for decls in scored for d in decls for c in d["cards"] if c[:2] == f"7{trump}"}


@FUZZ
@given(st.data())
def test_a_turned_up_seven_also_declared(data):
    original = copy.deepcopy(data.draw(st.sampled_from(SCORES), label="position"))
    rules = RuleSet.from_spec(original.get("rules", "canonical"))
    n, trump = rules.players, original["trump"]
    scored = [[d for d in p if not any(c.startswith(f"7{trump}") for c in d["cards"])]
              for p in original.get("scored", [[] for _ in range(n)])]
    how = data.draw(st.sampled_from(["all", "exchange", "the turn-up"]), label="how")
    dealer = data.draw(st.integers(0, n - 1), label="dealer")
    mutated = {**original, "scored": scored, "turned_up_seven": dealer}
    mutated.pop("turn_up", None)
    if how == "all":
        for k in range(1, rules.packs + 1):
            scored[data.draw(st.integers(0, n - 1))].append(
                {"meld": "trump_seven", "cards": [f"7{trump}#{k}"]})
        refused_cleanly(mutated, {"scored"})
    elif how == "exchange":
        p = data.draw(st.integers(0, n - 1), label="exchanger")
        scored[p].append({"meld": "seven_exchange", "cards": [f"7{trump}#1"]})
        refused_cleanly(mutated, {f"scored[{p}]"})
    else:
        k = data.draw(st.integers(1, rules.packs), label="copy")
        mutated["turn_up"] = f"7{trump}#{k}"
        scored[data.draw(st.integers(0, n - 1))].append(
            {"meld": "trump_seven", "cards": [f"7{trump}#{k}"]})
        refused_cleanly(mutated, {"scored"})


@FUZZ
@given(st.data())
def test_a_record_that_is_a_list(data):
    original = data.draw(st.sampled_from(RECORDS), label="record")
    shape = data.draw(st.sampled_from(["wrapped", "values", "items", "empty"]), label="shape")
    line = {"wrapped": [original], "values": list(original.values()),
            "items": [[k, v] for k, v in original.items()], "empty": []}[shape]
    before = copy.deepcopy(line)
    try:
        parse_record(line, "сдачи.jsonl")
    except FormatError as e:
        assert line == before
        assert "а здесь список" in e.detail and 'пример: {"format": "bezique-deal/1"' in e.detail
        return
    raise AssertionError("a list was read as a record")


def test_replay_of_a_jsonl_file_with_a_list_line(tmp_path):
    """The command line names the line and says it is a list; the good line still replays."""
    f = tmp_path / "сдачи.jsonl"
    f.write_text(json.dumps(RECORDS[0]) + "\n" + json.dumps(list(RECORDS[0].values())[:3]) + "\n",
                 encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "bezique", "replay", str(f)],
                         capture_output=True, text=True)
    assert out.returncode == 2, out
    assert "строка 2:" in out.stdout and "а здесь список" in out.stdout
    assert "верных: 1" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
