"""`python -m bezique match A B --games N`: whole games to the target, paired (issue 18)."""

from __future__ import annotations

import io
import json
import os
import re

import pytest

from bezique.cli import main
from bezique.players import games_match
from bezique.players.games_match import format_games_table, run_games
from bezique.record import parse_record, replay
from bezique.rules import RuleSet

CYRILLIC = re.compile("[а-яё]", re.I)


def _main(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _scripted(monkeypatch, scores_per_deal, last_trick=None):
    """Play each deal for real, then let its result be the scripted scores (per seat) of that
    deal, and (if given) the winner of its last trick: what the game then decides is the
    engine's `Game` reading RULES.md §8."""
    real = games_match.play_deal
    counter = {"n": 0}

    def play(deal, players):
        real(deal, players)
        k = counter["n"] % len(scores_per_deal)
        counter["n"] += 1
        res = dict(deal.result())
        res["scores"] = list(scores_per_deal[k])
        deal.result = lambda: res
        if last_trick is not None:
            deal.last_trick_winner = last_trick
        return deal
    monkeypatch.setattr(games_match, "play_deal", play)


@pytest.mark.parametrize("scores, last_trick, winner_seat", [
    ([(600, 400), (400, 590)], None, 0),         # R8.6: exactly the target, the other below
    ([(500, 500), (600, 700)], None, 1),         # R8.3: both over the target, higher wins
    ([(500, 500), (600, 600)], 0, 0),            # both over, equal: the last trick decides
    ([(500, 500), (600, 600)], 1, 1),
])
def test_the_game_is_decided_by_the_engine(monkeypatch, scores, last_trick, winner_seat):
    _scripted(monkeypatch, scores, last_trick)
    res = run_games("random", "random", 1, seed=3)
    assert [g["deals"] for g in res.games] == [2, 2]           # stops as soon as it is decided
    assert all(g["winner"] == winner_seat and not g["capped"] for g in res.games)
    # A sits in seat 0, then in seat 1: it wins exactly the game played in the winning seat.
    assert [g["win"] for g in res.games] == [1.0 * (g["seat_a"] == winner_seat)
                                             for g in res.games]
    assert res.summary()["game_win_rate_a"] == 0.5


def test_below_the_target_the_game_goes_on(monkeypatch):
    _scripted(monkeypatch, [(300, 200)])
    res = run_games("random", "random", 1, seed=3)
    assert all(g["deals"] == 4 and g["totals"] == [1200, 800] for g in res.games)


def test_a_game_that_does_not_end_is_stopped_and_said(monkeypatch):
    _scripted(monkeypatch, [(0, 0)])
    res = run_games("random", "random", 1, seed=3, max_deals=3)
    assert all(g["capped"] and g["deals"] == 3 and g["win"] == 0.5 for g in res.games)
    assert res.summary()["capped"] == 2
    assert "не закончились за 3 сдачи" in format_games_table(res)


@pytest.mark.parametrize("preset", ["canonical", "three_handed", "four_handed"])
def test_pairs_play_the_same_shuffles_with_the_seats_exchanged(preset):
    rules = RuleSet.from_spec(preset)
    out = io.StringIO()
    res = run_games("heuristic", "random", 2, seed=5, rules=rules, out=out)
    records = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(records) == res.summary()["deals"] == sum(g["deals"] for g in res.games)
    n_arr = 2 if preset != "three_handed" else 3
    assert len(res.games) == 2 * n_arr
    by_deal: dict = {}
    for rec in records:
        g = rec["game"]
        by_deal.setdefault((g["index"], g["deal"]), {})[g["arrangement"]] = rec
        assert replay(parse_record(rec)).ok
    for (i, j), arr in by_deal.items():
        if j == 0:
            assert len(arr) == n_arr and all(r["game"]["totals_before"] == [0] * len(
                r["result"]["scores"]) for r in arr.values())
        first = next(iter(arr.values()))
        for rec in arr.values():                             # the same cards in every seating
            assert (rec["hands"], rec["turn_up"], rec["stock"], rec["dealer"]) == (
                first["hands"], first["turn_up"], first["stock"], first["dealer"])
        seats_of_a = {tuple(s for s, p in enumerate(r["players"]) if p == "heuristic")
                      for r in arr.values()}
        assert len(seats_of_a) == len(arr)                   # A sat elsewhere each time
    for g in res.games:                                      # the dealer alternates (R2.1.4)
        dealers = [by_deal[(g["index"], j)][g["arrangement"]]["dealer"]
                   for j in range(g["deals"])]
        assert dealers == [(g["index"] + j) % rules.players for j in range(g["deals"])]


def test_json_line_and_records_that_replay(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    code, out, err = _main(capsys, "match", "heuristic", "random", "--games", "3", "--seed",
                           "7", "--json", "--out", str(path))
    assert code == 0, err
    data = json.loads(out.strip().splitlines()[-1])
    assert {"a", "b", "games", "games_played", "game_win_rate_a", "game_ci95",
            "deal_win_rate_a", "deal_ci95", "deals", "deals_per_game", "max_deals_per_game",
            "capped", "decision_ms", "target_score"} <= set(data)
    assert data["games"] == 3 and data["games_played"] == 6 and data["target_score"] == 1000
    assert 0 <= data["game_ci95"][0] <= data["game_win_rate_a"] <= data["game_ci95"][1] <= 1
    assert 0 <= data["deal_ci95"][0] <= data["deal_win_rate_a"] <= data["deal_ci95"][1] <= 1
    assert data["deals_per_game"] == round(data["deals"] / 6, 2) and data["deals"] >= 6
    assert set(data["decision_ms"]["heuristic"]) == {"median", "p95"}
    assert "Доля выигранных партий" in out and "Сдач в партии, в среднем" in out
    code, out, err = _main(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out.strip().splitlines()[-1])["passed"] == data["deals"]


def test_parallel_processes_give_the_same_games():
    a = run_games("heuristic", "random", 2, seed=11)
    b = run_games("heuristic", "random", 2, seed=11, jobs=2)
    assert a.games == b.games


def test_a_match_goes_on_from_a_given_game():
    whole = run_games("heuristic", "random", 3, seed=11)
    rest = run_games("heuristic", "random", 2, seed=11, first=1)
    assert [g["index"] for g in rest.games] == [1, 1, 2, 2]
    assert rest.games == whole.games[2:]


@pytest.mark.parametrize("argv, says", [
    (["--games", "0"], "--games"),
    (["--games", "много"], "«много»"),
    (["--games", "2", "--deals", "3"], "--deals и --games"),
    (["--max-deals", "5"], "--max-deals"),
    (["--games", "2", "--max-deals", "0"], "--max-deals"),
    (["--games", "2", "--rules", "nonsense"], "«nonsense»"),
])
def test_bad_arguments_refused_in_russian(argv, says, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = _main(capsys, "match", "random", "random", *argv, "--out", "x.jsonl")
    assert code == 2 and out == ""
    assert says in err and "Ошибка:" in err and CYRILLIC.search(err)
    assert not re.search(r"usage:|error:|invalid|Traceback", err), err
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------- the terminal game, 3 and 4

@pytest.mark.parametrize("preset, columns", [("three_handed", ["вы", "соперник 1", "соперник 2"]),
                                             ("four_handed", ["вы с партнёром", "соперники"])])
def test_terminal_game_for_three_and_four_through_a_pipe(preset, columns):
    """`play --rules …` driven by piped standard input: every seat is named, every trick
    shows all its cards, and the tally has a column for every player (or side) with the
    engine's scores (issue 16 part 4)."""
    import subprocess
    import sys
    from bezique.actions import Pass, Play
    from bezique.players.play import TerminalGame
    rules = RuleSet.from_spec(preset)
    script = TerminalGame("random", seed=6, rules=rules, review=False)   # the same game
    script.start()
    lines = []
    while not script.finished:
        legal = script.deal.legal_actions(script.me)
        if script.deal.stage == "declare":
            line = "1" if any(type(a) is not Pass for a in legal) else "0"
        else:
            line = next(a.card for a in legal if type(a) is Play).ru
        lines.append(line)
        script.handle(line)
    result = script.deal.result()
    r = subprocess.run([sys.executable, "-m", "bezique", "play", "--opponent", "random",
                        "--seed", "6", "--rules", preset, "--no-review"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = re.sub(r"^(> )+", "", r.stdout, flags=re.M)        # the prompts before each answer
    seats = ["вы", "соперник 1", "соперник 2"] + (["партнёр"] if preset == "four_handed" else [])
    assert "За столом по порядку хода: " in out and "Сдаёт: " in out
    tricks = [x for x in out.splitlines() if x.startswith("Взятка: ")]
    assert len(tricks) == rules.total_tricks
    for t in tricks:                                     # the whole trick, every seat once
        plays = t[len("Взятка: "):].split("; ")[0].split(", ")
        assert sorted(p.split(" — ")[0] for p in plays) == sorted(seats)
    assert any(x.startswith("Во взятке: ") and x.count(" — ") >= 2 for x in out.splitlines())
    for s in seats:
        assert f"{s}: " in out                          # the declared points of every seat
    tally = out.split("Сдача окончена. Итог:")[1].splitlines()
    head = tally[1].split("  ")
    assert [h.strip() for h in head if h.strip()] == columns
    totals = [int(x) for x in tally[5].split()[1:]]
    assert tally[5].startswith("всего")
    mine = 0
    assert totals[0] == result["scores"][mine]
    assert sorted(totals) == sorted(result["scores"])


# ---------------------------------------------------------------- match for every preset

@pytest.mark.parametrize("mode", ["deals", "games"])
def test_three_seats_report_each_player_with_an_interval(mode, capsys):
    code, out, err = _main(capsys, "match", "heuristic", "random", "--rules", "three_handed",
                           f"--{mode}", "2", "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out.strip().splitlines()[-1])
    a = data["win_rate_a" if mode == "deals" else "game_win_rate_a"]
    assert data["seats"] == 3 and data["fair_win_rate_a"] == round(1 / 3, 4)
    assert data["win_rate_each_b"] == pytest.approx((1 - a) / 2, abs=1e-3)
    lo, hi = data["each_b_ci95"]
    assert 0 <= lo <= data["win_rate_each_b"] <= hi <= 1
    assert "доля побед одного «Новичок»" in out and "33,3 %" in out


@pytest.mark.parametrize("mode", ["deals", "games"])
def test_four_seats_report_the_sides(mode, capsys):
    code, out, err = _main(capsys, "match", "heuristic", "random", "--rules", "four_handed",
                           f"--{mode}", "1", "--json")
    assert code == 0, err
    data = json.loads(out.strip().splitlines()[-1])
    assert data["seats"] == 4 and data["partners"] == [[0, 2], [1, 3]]
    assert "пара «Любитель» против пары «Новичок»" in out


def test_every_preset_plays_a_game_match_whose_records_replay():
    from bezique.rules import PRESETS
    for name in PRESETS:
        out = io.StringIO()
        res = run_games("heuristic", "random", 1, seed=2, rules=RuleSet.from_spec(name),
                        out=out, max_deals=3)
        lines = out.getvalue().splitlines()
        assert len(lines) == res.summary()["deals"] >= 2, name
        assert all(replay(parse_record(json.loads(x))).ok for x in lines), name


def test_an_interval_never_has_no_width_when_every_game_is_won():
    from bezique.players.games_match import share_ci
    assert share_ci([1.0] * 300) == [0.99, 1.0]
    assert share_ci([0.0] * 30) == [0.0, 0.1]
    lo, hi = share_ci([1.0, 0.5, 0.0, 1.0])
    assert 0.0 <= lo < 0.625 < hi <= 1.0
