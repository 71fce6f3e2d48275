"""`python -m bezique match` and `python -m bezique play`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bezique.actions import Pass, Play
from bezique.players.match import run_match
from bezique.players.play import TerminalGame
from bezique.record import parse_record, replay


def _run(*args):
    return subprocess.run([sys.executable, "-m", "bezique", *args], capture_output=True,
                          text=True, timeout=300)


def test_match_json_shape(tmp_path):
    out = tmp_path / "deals.jsonl"
    r = _run("match", "heuristic", "random", "--deals", "3", "--seed", "4", "--json",
             "--out", str(out))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    data = json.loads(lines[-1])
    assert set(data) == {"a", "b", "deals", "win_rate_a", "ci95", "margin_mean_a", "margin_ci95",
                         "decision_ms"}
    assert data["a"] == "heuristic" and data["b"] == "random" and data["deals"] == 3
    assert 0 <= data["ci95"][0] <= data["win_rate_a"] <= data["ci95"][1] <= 1
    assert data["margin_ci95"][0] <= data["margin_mean_a"] <= data["margin_ci95"][1]
    assert set(data["decision_ms"]) == {"heuristic", "random"}
    assert set(data["decision_ms"]["heuristic"]) == {"median", "p95"}
    assert "Доля выигранных игр" in r.stdout
    records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 6
    for rec in records:
        assert rec["format"] == "bezique-deal/1"
        assert replay(parse_record(rec)).ok


def test_match_seats_swapped_with_the_same_cards():
    res = run_match("heuristic", "heuristic", 2, seed=9)
    # Identical deterministic players on the same cards: the two games of a pair mirror.
    by_deal = {}
    for i, seat, m in res.games:
        by_deal.setdefault(i, []).append(m)
    assert all(len(v) == 2 and v[0] == -v[1] for v in by_deal.values())
    assert res.summary()["win_rate_a"] == 0.5


def test_match_reproducible():
    a = run_match("heuristic", "random", 3, seed=2)
    b = run_match("heuristic", "random", 3, seed=2)
    assert a.games == b.games


@pytest.mark.slow
def test_match_in_parallel_processes_gives_the_same_games_and_records():
    import io
    out1, out2 = io.StringIO(), io.StringIO()
    a = run_match("search", "random", 2, seed=6, out=out1,
                  options={"search": {"samples": 2, "time_limit": None}})
    b = run_match("search", "random", 2, seed=6, out=out2,
                  options={"search": {"samples": 2, "time_limit": None}}, jobs=2)
    assert a.games == b.games and a.deals == b.deals == 2
    assert out1.getvalue() == out2.getvalue()
    assert len(b.times["search"]) == len(a.times["search"])


def _auto_line(game: TerminalGame) -> str:
    """What a learner would type: the first legal card, or 1 (the first declaration)."""
    legal = game.deal.legal_actions(game.me)
    if game.deal.stage == "declare":
        return "1" if any(type(a) is not Pass for a in legal) else "0"
    card = next(a.card for a in legal if type(a) is Play)
    return card.ru


def test_terminal_game_plays_a_whole_deal():
    game = TerminalGame("heuristic", seed=3, review=False)
    text = "\n".join(game.start())
    assert "Ваша рука" in text
    steps = 0
    while not game.finished:
        out = game.handle(_auto_line(game))
        assert not any(line.startswith("Так нельзя") for line in out), out
        steps += 1
        assert steps < 200
    assert "Сдача окончена" in "\n".join(out) and "бриски" in "\n".join(out)


def test_terminal_game_commands():
    game = TerminalGame("random", seed=5, review=False, hint_samples=4)
    game.start()
    assert any("подсказка" in line for line in game.handle("помощь"))
    assert game.handle("hint")[0].startswith("Совет:")
    assert game.handle("отмена")[0].startswith("Отменять нечего")
    assert "Не удалось прочитать" in game.handle("ZZ")[0]
    first = _auto_line(game)
    game.handle(first)
    assert game.handle("undo")[0] == "Ход отменён."
    assert game.handle("выход") == ["До встречи!"] and game.finished


def test_play_subcommand_runs_with_scripted_input():
    r = subprocess.run([sys.executable, "-m", "bezique", "play", "--opponent", "random",
                        "--seed", "1", "--no-review"], input="помощь\nвыход\n",
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Ваша рука" in r.stdout and "До встречи!" in r.stdout
