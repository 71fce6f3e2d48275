"""Trainer without a browser: «Ещё одно» runs through the curated positions, then generated
ones, never repeating; progress is counted once per position and kept in a JSON file that is
written atomically; a damaged file is reported in Russian and replaced, never a crash."""

import json
import os

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.widgets.exercises.trainer import LEVEL_NAMES, MELD_LEVELS, Trainer, positions_root

TRICKS = [
    {"id": "tw-1", "kind": "trick_winner", "trump": "S", "lead": "TH", "follow": "TH"},
    {"id": "tw-2", "kind": "trick_winner", "trump": "S", "lead": "9C", "follow": "KC"},
    {"id": "tw-3", "kind": "trick_winner", "trump": "D", "lead": "AC", "follow": "7D"},
]
TIMING = [
    {"id": "tm-1", "kind": "declarations", "trump": "H", "won_trick": False,
     "hand": ["QS", "JD", "8C", "9C", "7S", "KD", "AH"]},
    {"id": "tm-2", "kind": "declarations", "trump": "H", "won_trick": True,
     "hand": ["QS", "JD", "8C", "9C", "7S", "KD", "AH"]},
]


@pytest.fixture
def folder(tmp_path):
    """A small curated set: three trick positions (one file holds two), two timing ones,
    and a broken file that must be skipped with a note."""
    root = tmp_path / "positions"
    (root / "t1_trick_winner").mkdir(parents=True)
    (root / "t1_trick_winner" / "a.json").write_text(json.dumps(TRICKS[0]), encoding="utf-8")
    (root / "t1_trick_winner" / "b.json").write_text(json.dumps(TRICKS[1:]), encoding="utf-8")
    (root / "m4_timing").mkdir()
    for p in TIMING:
        (root / "m4_timing" / f"{p['id']}.json").write_text(json.dumps(p), encoding="utf-8")
    (root / "m4_timing" / "zz-broken.json").write_text('{"id": "x", "kind": "nope"}', encoding="utf-8")
    return root


def trainer(tmp_path, folder, levels=("t1_trick_winner", "m4_timing"), name="progress.json"):
    return Trainer(levels=list(levels), progress_path=tmp_path / name, positions_dir=folder)


def answer_right(t):
    sol = t.exercise.solution
    if t.exercise.kind == "trick_winner":
        t.exercise.choose_winner(sol["winner"])
    elif sol["declarations"]:
        for d in sol["declarations"]:
            t.exercise.select_cards(d["cards"])
            t.exercise.choose_meld(d["meld"])
            t.exercise.add_declaration()
    else:
        t.exercise.answer_nothing()
    return t.exercise.submit()


def test_levels_have_russian_names_and_controls_labels(tmp_path, folder):
    t = trainer(tmp_path, folder)
    assert [label for label, _ in t.level_dropdown.options] == ["Кто возьмёт взятку",
                                                                 "Когда объявлять можно, а когда нельзя"]
    assert t.level_dropdown.description == "Уровень" and t.next_button.description == "Ещё одно"
    assert t.fresh_check.description and t.colour_check.description
    assert set(MELD_LEVELS) <= set(LEVEL_NAMES)
    with pytest.raises(ValueError):
        Trainer(levels=["x9_unknown"], progress_path=tmp_path / "p.json")


def test_curated_then_generated_without_repeats(tmp_path, folder):
    t = trainer(tmp_path, folder)
    assert t.current["id"] == "tw-1" and t.current_source == "curated"
    assert "позиция из задачника — 1 из 3" in t.source_html.value
    shown = [t.current["id"]]
    for _ in range(7):
        t.next_button.click()
        shown.append(t.current["id"])
    assert shown[:3] == ["tw-1", "tw-2", "tw-3"]
    assert all(s.startswith("gen-t1_trick_winner-") for s in shown[3:])
    assert len(set(shown)) == len(shown)
    assert t.current_source == "generated"
    assert "закончились" in t.message
    # A new session goes on where the last one stopped, still without repeats.
    t2 = trainer(tmp_path, folder)
    for _ in range(3):
        t2.show_next()
        shown.append(t2.current["id"])
    assert len(set(shown)) == len(shown)


def test_fresh_positions_on_request(tmp_path, folder):
    t = trainer(tmp_path, folder)
    t.fresh_check.value = True
    t.next_button.click()
    assert t.current_source == "generated"
    t.fresh_check.value = False
    t.next_button.click()
    assert t.current["id"] == "tw-2"                    # the curated set continues


def test_level_without_generator_starts_its_set_again(tmp_path, folder):
    t = trainer(tmp_path, folder)
    t.choose_level("m4_timing")
    assert t.current["id"] == "tm-1"
    assert any("zz-broken.json" in n and "пропущен" in n for n in t.notes)
    t.show_next()
    assert t.current["id"] == "tm-2"
    t.show_next()
    assert t.current["id"] == "tm-1" and "начинаем его сначала" in t.message


def test_progress_counts_the_first_answer_and_is_saved(tmp_path, folder):
    t = trainer(tmp_path, folder)
    assert answer_right(t).verdict == "right"
    t.exercise.choose_winner("lead" if t.exercise.solution["winner"] == "follow" else "follow")
    t.exercise.submit()                                  # a second try does not count
    assert t.stats("t1_trick_winner") == {"answered": 1, "right": 1, "streak": 1, "best_streak": 1}
    t.show_next()
    answer_right(t)
    t.show_next()
    wrong = "lead" if t.exercise.solution["winner"] == "follow" else "follow"
    t.exercise.choose_winner(wrong)
    assert t.exercise.submit().verdict == "wrong"
    assert t.stats("t1_trick_winner") == {"answered": 3, "right": 2, "streak": 0, "best_streak": 2}
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert data["format"] == "bezique-progress/1"
    assert data["levels"]["t1_trick_winner"]["right"] == 2
    assert "Кто возьмёт взятку" in t.table_html.value and "<td style='padding:1px 8px'>3</td>" in t.table_html.value
    assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")]      # atomic write left nothing
    t2 = trainer(tmp_path, folder)
    assert t2.stats("t1_trick_winner")["answered"] == 3


def test_invalid_answers_do_not_count(tmp_path, folder):
    t = trainer(tmp_path, folder)
    assert t.exercise.submit().verdict == "invalid"
    assert t.stats("t1_trick_winner")["answered"] == 0


def test_opening_the_page_writes_nothing(tmp_path, folder):
    trainer(tmp_path, folder)
    assert not (tmp_path / "progress.json").exists()


GOOD_LEVEL = {"answered": 4, "right": 3, "streak": 1, "best_streak": 2, "seen": ["a"], "generated": 0}


@pytest.mark.parametrize("content", [
    b'{"levels": [}', b"\xff\xfe\x00garbage", b'["not", "an", "object"]',
    b'{"format": "bezique-progress/9", "levels": {}}',
    b'{"format": "bezique-position/1", "levels": {}}',
    b'{"levels": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"levels": {"t1_trick_winner": {"answered": ' + b"7" * 5000 + b"}}}",
])
def test_unreadable_progress_file_is_reported_and_replaced(tmp_path, folder, content):
    (tmp_path / "progress.json").write_bytes(content)
    t = trainer(tmp_path, folder)
    assert t.stats("t1_trick_winner")["answered"] == 0
    assert "повреждён" in t.notice_html.value and "начат заново" in t.notice_html.value
    assert "progress.json.damaged.1" in t.notice_html.value
    assert (tmp_path / "progress.json.damaged.1").read_bytes() == content
    answer_right(t)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert data["levels"]["t1_trick_winner"]["answered"] == 1


@pytest.mark.parametrize("bad", [5, {"answered": -3}, {"answered": 2, "right": 3},
                                 {"answered": 2, "right": 1, "best_streak": 2},
                                 {"answered": True}, {"seen": "tw-1"}, {"answered": 1.5}])
def test_partly_damaged_file_keeps_its_good_levels(tmp_path, folder, bad):
    content = json.dumps({"format": "bezique-progress/1",
                          "levels": {"m4_timing": GOOD_LEVEL, "t1_trick_winner": bad}}).encode()
    (tmp_path / "progress.json").write_bytes(content)
    t = trainer(tmp_path, folder)
    assert t.stats("m4_timing") == {k: GOOD_LEVEL[k] for k in ("answered", "right", "streak", "best_streak")}
    assert t.stats("t1_trick_winner")["answered"] == 0
    note = " ".join(t.notes)
    assert "повреждён частично" in note and "«Кто возьмёт взятку»" in note and "начат заново" in note
    assert "Прогресс уровня «Когда объявлять можно, а когда нельзя» сохранён" in note
    assert "progress.json.damaged.1" in note
    assert (tmp_path / "progress.json.damaged.1").read_bytes() == content
    # The file left behind is clean: a new session reads it without a note.
    t2 = trainer(tmp_path, folder)
    assert not t2.notes or all("повреждён" not in n for n in t2.notes)
    assert t2.stats("m4_timing")["answered"] == 4


def test_every_damaged_file_gets_its_own_backup(tmp_path, folder):
    contents = [b"{broken one", b"{broken two", b'{"levels": {"m4_timing": 7}}']
    for n, content in enumerate(contents, 1):
        (tmp_path / "progress.json").write_bytes(content)
        t = trainer(tmp_path, folder)
        assert f"progress.json.damaged.{n}" in " ".join(t.notes)
        answer_right(t)
    for n, content in enumerate(contents, 1):
        assert (tmp_path / f"progress.json.damaged.{n}").read_bytes() == content


def test_two_notebooks_answering_in_turn_keep_each_others_progress(tmp_path, folder):
    """Two Trainers opened on one file (two notebooks), answering in turn on their own levels
    and then on a common one: nothing either of them wrote is lost."""
    a = trainer(tmp_path, folder, levels=("t1_trick_winner",))
    b = trainer(tmp_path, folder, levels=("m4_timing", "t1_trick_winner"))
    answer_right(a)
    answer_right(b)
    a.show_next()
    answer_right(a)
    b.show_next()
    answer_right(b)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]
    assert data["t1_trick_winner"]["answered"] == 2 and data["t1_trick_winner"]["right"] == 2
    assert data["m4_timing"]["answered"] == 2
    assert {"tw-1", "tw-2"} <= set(data["t1_trick_winner"]["seen"])
    assert {"tm-1", "tm-2"} <= set(data["m4_timing"]["seen"])
    # b now answers on a's level too: both counts add up, the streak goes on.
    b.choose_level("t1_trick_winner")
    answer_right(b)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]
    assert data["t1_trick_winner"]["answered"] == 3 and data["t1_trick_winner"]["streak"] == 3
    a.show_next()
    answer_right(a)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]
    assert data["t1_trick_winner"]["answered"] == 4 and data["m4_timing"]["answered"] == 2
    assert a.stats("t1_trick_winner")["answered"] == 4          # a sees b's answers after saving


def test_file_damaged_between_two_saves_is_backed_up(tmp_path, folder):
    t = trainer(tmp_path, folder)
    answer_right(t)
    (tmp_path / "progress.json").write_bytes(b"{oops")
    t.show_next()
    answer_right(t)
    assert (tmp_path / "progress.json.damaged.1").read_bytes() == b"{oops"
    assert t.stats("t1_trick_winner")["answered"] == 2
    assert any("damaged.1" in n for n in t.notes)
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["levels"]
    assert data["t1_trick_winner"]["answered"] == 2


def test_unwritable_progress_file_is_reported(tmp_path, folder):
    t = Trainer(levels=["t1_trick_winner"], progress_path=tmp_path / "missing-dir" / "p.json",
                positions_dir=folder)
    answer_right(t)
    assert t.stats("t1_trick_winner")["answered"] == 1
    assert any("Не удалось записать файл прогресса" in n for n in t.notes)


def test_missing_positions_folder_falls_back_to_the_generator(tmp_path):
    t = Trainer(levels=["t1_trick_winner"], progress_path=tmp_path / "p.json",
                positions_dir=tmp_path / "nowhere")
    assert t.current_source == "generated"
    assert "Не найдена папка с задачником" in t.notice_html.value


def test_real_curated_set_is_found_next_to_the_package(tmp_path):
    assert positions_root().name == "positions" and positions_root().parent.name == "exercises"
    t = Trainer(levels=["m1_single"], progress_path=tmp_path / "p.json")
    assert t.current_source == "curated" and t.curated("m1_single")
    assert answer_right(t).verdict == "right"


def test_four_colour_switch_reaches_the_exercise(tmp_path, folder):
    t = trainer(tmp_path, folder)
    t.colour_check.value = True
    assert t.exercise.extra_canvases[0].four_colour
    t.show_next()
    assert t.exercise.four_colour
