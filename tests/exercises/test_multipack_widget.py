"""The exercise widget on multi-pack positions (issue 30 item 5): a re-declaration answered
right and wrong (the refusal's reason is the class rule of 15.7.3), the settlement question
answered right, partly right and wrong, and the trainer serving both multi-pack levels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bezique.widgets.exercises.exercise import ExerciseWidget
from bezique.widgets.exercises.settlement import SettlementPart
from bezique.widgets.exercises.trainer import MULTIPACK_LEVELS, Trainer

POS = Path(__file__).resolve().parents[2] / "exercises" / "positions"


def _load(level: str, pid: str) -> dict:
    return json.loads((POS / level / f"{pid}.json").read_text(encoding="utf-8"))


def test_four_queens_again_right():
    w = ExerciseWidget(_load("r1_multipack", "r1-14"))      # S-R06 (b): Д♥ played, a new one
    names = [v for _, v in w.part.meld_dropdown.options]
    assert "plain_sequence" in names and "quadruple_bezique" in names
    assert "trump_seven" not in names                         # no value in these games
    w.type_cards("Д♠ Д♥ Д♦ Д♣")
    w.choose_meld("four_queens")
    assert w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert "60 очков" in fb.message


def test_four_queens_again_wrong_when_nothing_was_played():
    w = ExerciseWidget(_load("r1_multipack", "r1-13"))      # S-R06 (a): all four intact
    w.select_cards(["QS#1", "QH#2", "QD#1", "QC#1"])
    w.choose_meld("four_queens")
    assert w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "wrong"
    assert "повторить комбинацию можно, только когда карта из неё ушла во взятку" in fb.message
    w.clear_answer()
    w.answer_nothing()
    assert w.submit().verdict == "right"


def test_inferior_after_superior_is_explained():
    w = ExerciseWidget(_load("r1_multipack", "r1-11"))      # marriage after the sequence
    w.select_cards(["KS#1", "QS#2"])
    w.choose_meld("marriage")
    w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "wrong" and "старшей комбинации того же класса" in fb.message


def test_settlement_right_partial_wrong_and_invalid():
    w = ExerciseWidget(_load("r2_settlement", "r2-04"))     # S-R16 (a): 3200, rubiconed
    assert isinstance(w.part, SettlementPart)
    assert w.submit().verdict == "invalid"
    w.set_settlement(0, None)
    assert w.submit().verdict == "invalid"                  # the value is missing
    w.set_settlement(0, 3200, True)
    fb = w.submit()
    assert fb.verdict == "right" and "Рубикон не перейдён: у Бориса 620" in fb.message
    w.set_settlement(0, 800, False)
    fb = w.submit()
    assert fb.verdict == "partial" and "3200 очков, а не 800" in fb.message
    w.set_settlement(1, 800, False)
    assert w.submit().verdict == "wrong"
    w.part.value_field.value = "много"
    fb = w.submit()
    assert fb.verdict == "invalid" and "например 800" in fb.message
    key = w.answer()
    assert key.key == ["Победитель — Анна, партия стоит 3200 очков. Проигравший не перешёл рубикон."]
    with pytest.raises(ValueError):
        w.set_scores([1, 2])


def test_void_game():
    w = ExerciseWidget(_load("r2_settlement", "r2-10"))     # equal scores, equal brisques
    w.set_settlement(None, None)
    fb = w.submit()
    assert fb.verdict == "right" and "аннулируется" in fb.message
    w.set_settlement(0, 600)
    assert w.submit().verdict == "wrong"


def test_trainer_serves_both_levels(tmp_path):
    t = Trainer(levels=MULTIPACK_LEVELS, progress_path=str(tmp_path / "p.json"))
    for level in MULTIPACK_LEVELS:
        raw, source = t.next_position(level)
        assert source == "curated" and raw["id"].startswith(level[:2])
        raw, source = t.next_position(level, generated=True)
        assert source == "generated"
        ExerciseWidget(raw)                                   # a generated one shows too
