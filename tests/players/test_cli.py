"""`python -m bezique match` and `python -m bezique play`, and how every subcommand refuses bad
input: Russian messages, exit status 2, nothing lost (issue 15)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from bezique.actions import Pass, Play
from bezique.cli import main
from bezique.cli.output import SafeWriter
from bezique.players.match import run_match, summarize_records
from bezique.players.play import TerminalGame
from bezique.record import parse_record, replay
from bezique.rules import RuleSet


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
    for i, seat, m, _ in res.games:
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


def test_the_end_of_deal_review_prints_the_notes_on_followed_hints(monkeypatch):
    """A followed hint that the deeper look disagrees with is reported apart from the
    learner's mistakes."""
    from bezique.players import coach
    from bezique.players.match import bots, play_deal
    game = TerminalGame("random", seed=5, review=True, hint_samples=4)
    play_deal(game.deal, bots("heuristic", 2, 5))
    note = coach.Mistake(3, 2, None, None, 12.0, "Взятка 2: подсказка предлагала этот ход; …",
                         hinted=True)
    monkeypatch.setattr(coach, "review", lambda *a, **k: coach.Review([], [note]))
    lines = game._finish()
    assert "Тренер не нашёл у вас заметных ошибок." in lines
    assert lines.index("О подсказках:") + 1 == lines.index(f"  • {note.text}")


# ---------------------------------------------------------------------- bad input (issue 15)

CYRILLIC = re.compile("[а-яё]", re.I)


def _main(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _no_input(prompt=""):
    raise AssertionError("the game started although its output path is bad")


@pytest.mark.parametrize("argv", [
    ["play", "--save", "{d}/missing/x.json"],
    ["play", "--save", "{d}"],
    ["selfplay", "--deals", "2", "--out", "{d}/missing/x.jsonl"],
    ["match", "random", "random", "--deals", "1", "--out", "{d}/missing/x.jsonl"],
])
def test_output_path_checked_before_playing(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", _no_input)
    monkeypatch.chdir(tmp_path)
    code, out, err = _main(capsys, *[a.format(d=tmp_path) for a in argv])
    assert code == 2 and out == ""
    assert CYRILLIC.search(err) and "Пример: python -m bezique" in err and "Traceback" not in err
    assert os.listdir(tmp_path) == []                     # nothing played, nothing written


def test_a_finished_game_is_kept_when_its_folder_disappears(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)

    def learner(prompt=""):
        shutil.rmtree(folder)                             # gone before the game is saved
        return "выход"
    monkeypatch.setattr("builtins.input", learner)
    code, out, err = _main(capsys, "play", "--opponent", "random", "--seed", "2", "--no-review",
                           "--save", str(folder / "x.json"))
    assert code == 0, err
    kept = here / "x.json"
    assert f"сохраняются в {kept}" in out and f"сохранена: {kept}" in out
    rec = json.loads(kept.read_text(encoding="utf-8"))
    assert rec["format"] == "bezique-deal/1" and rec["dealer"] == 1


def test_safe_writer_rewrites_everything_when_the_file_vanishes(tmp_path, monkeypatch):
    folder = tmp_path / "out"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    said = []
    w = SafeWriter(str(folder / "m.jsonl"), said.append)
    w.write('{"a": 1}\n')
    shutil.rmtree(folder)                                 # the open file is now unlinked
    w.write('{"a": 2}\n')
    where = w.close()
    assert where == str(tmp_path / "m.jsonl") and said
    assert (tmp_path / "m.jsonl").read_text(encoding="utf-8") == '{"a": 1}\n{"a": 2}\n'


def _position(**answer_entry):
    entry = {"meld": "marriage", "cards": ["KH#1", "QH#1"], "points": 20, **answer_entry}
    return {"id": "x", "kind": "declarations", "trump": "S", "won_trick": True,
            "hand": ["KH", "QH", "7C", "8D", "9S", "JC", "AD"],
            "answer": {"declarations": [entry]}}


def test_check_reports_every_bad_file_and_checks_the_rest(tmp_path, capsys):
    files = {"a.json": _position(meld=["marriage"]), "b.json": _position(points={"n": 20}),
             "c.json": _position(points=[20]), "d.json": _position(), "e.json": _position(meld={})}
    for name, data in files.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "f.json").write_text("[" * 100_000, encoding="utf-8")
    code, out, err = _main(capsys, "check", str(tmp_path))
    assert code == 2 and "Traceback" not in out + err
    for name, fld in (("a", "meld"), ("b", "points"), ("c", "points"), ("e", "meld")):
        assert re.search(rf"{name}\.json, поле «answer\.declarations\[0\]\.{fld}»", out), out
    assert "f.json" in out
    assert "Проверено позиций: 1; расходятся: 0; файлов с ошибками: 5." in out


def _bad_files(tmp_path):
    pos = json.dumps(_position(), ensure_ascii=False)
    out = {
        "deep": "[" * 50_000 + "]" * 50_000,
        "deep_object": '{"a":' * 50_000 + "1" + "}" * 50_000,
        "long_int": '{"id": "x", "n": ' + "9" * 5000 + "}",
        "not_utf8": '{"id": "дама"}'.encode("cp1251"),
        "utf16": pos.encode("utf-16"),
        "truncated": pos[: len(pos) // 2],
        "empty": "",
    }
    paths = {}
    for name, text in out.items():
        p = tmp_path / f"{name}.json"
        p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        paths[name] = str(p)
    return paths


@pytest.mark.parametrize("name", ["deep", "deep_object", "long_int", "not_utf8", "utf16",
                                  "truncated", "empty"])
@pytest.mark.parametrize("command", ["solve", "check", "replay"])
def test_malformed_files_refused_in_russian(command, name, tmp_path, capsys):
    path = _bad_files(tmp_path)[name]
    code, out, err = _main(capsys, command, path)
    assert code == 2, (out, err)
    assert CYRILLIC.search(out + err) and "Traceback" not in out + err
    assert path in out + err


@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_byte_order_mark_is_accepted(command, tmp_path, capsys):
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(_position()).encode("utf-8"))
    code, out, err = _main(capsys, command, str(p))
    assert code == 0, err


def test_replay_reads_a_record_with_a_bom_and_a_pretty_printed_json(tmp_path, capsys):
    rec = json.loads(TerminalGame("random", seed=4, review=False).record())
    p = tmp_path / "one.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(rec, indent=2).encode("utf-8"))
    code, out, err = _main(capsys, "replay", str(p), "--json")
    assert code == 0, out + err
    assert json.loads(out.splitlines()[-1]) == {"records": 1, "passed": 1, "failed": 0,
                                                "malformed": 0}


def test_replay_exit_codes_and_russian_summary(tmp_path, capsys):
    good = tmp_path / "good.jsonl"
    assert _main(capsys, "selfplay", "--deals", "2", "--seed", "3", "--out", str(good))[0] == 0
    code, out, err = _main(capsys, "replay", str(good))
    assert code == 0 and "Проверено: 2 записи; верных: 2; расходятся с движком: 0" in out
    lines = good.read_text(encoding="utf-8").splitlines()
    changed = json.loads(lines[0])
    changed["result"]["scores"][0] += 1
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(json.dumps(changed) + "\n" + lines[1] + "\n", encoding="utf-8")
    code, out, err = _main(capsys, "replay", str(wrong), "--json")
    assert code == 1                                      # a record disagrees with the engine
    assert json.loads(out.splitlines()[-1])["failed"] == 1
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n", encoding="utf-8")
    code, out, err = _main(capsys, "replay", str(empty))
    assert code == 2 and "нет ни одной записи" in err


@pytest.mark.parametrize("argv, says", [
    ([], "команда"),
    (["frobnicate"], "«frobnicate»"),
    (["bench", "frobnicate"], "«frobnicate»"),
    (["selfplay", "--deals", "-3", "--out", "x.jsonl"], "--deals"),
    (["selfplay", "--deals", "0", "--out", "x.jsonl"], "--deals"),
    (["selfplay", "--deals", "abc", "--out", "x.jsonl"], "«abc»"),
    (["selfplay", "--seed", "9" * 5000, "--out", "x.jsonl"], "--seed"),
    (["selfplay", "--deals", "3"], "--out"),
    (["match", "random"], "B"),
    (["match", "random", "nobody"], "«nobody»"),
    (["match", "random", "random", "--time-limit", "nan"], "--time-limit"),
    (["match", "random", "random", "--time-limit", "-1"], "--time-limit"),
    (["match", "random", "random", "--jobs", "0"], "--jobs"),
    (["match", "random", "random", "--samples", "0"], "--samples"),
    (["play", "--deals", "-1"], "--deals"),
    (["play", "--opponent", "grandmaster"], "«grandmaster»"),
    (["bench", "--repeats", "0"], "--repeats"),
    (["solve"], "файл"),
    (["solve", "a.json", "--frob"], "--frob"),
    (["check"], "путь"),
    (["replay", "--deals", "3", "x.jsonl"], "--deals"),
    (["selfplay", "--rules", "nonsense", "--out", "x.jsonl"], "«nonsense»"),
    (["selfplay", "--rules", "{\"preset\": 3}", "--out", "x.jsonl"], "preset"),
    (["selfplay", "--rules", "{bad json", "--out", "x.jsonl"], "JSON"),
])
def test_bad_command_lines_refused_in_russian(argv, says, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", _no_input)
    code, out, err = _main(capsys, *argv)
    assert code == 2 and out == ""
    assert says in err and "Ошибка:" in err and CYRILLIC.search(err)
    assert not re.search(r"usage:|error:|invalid|required|Traceback", err), err
    assert os.listdir(tmp_path) == []


def test_help_is_russian(capsys):
    code, out, err = _main(capsys, "match", "--help")
    assert code == 0 and out.startswith("Использование: python -m bezique match")
    assert "параметры:" in out and "показать эту справку" in out and "usage" not in out


@pytest.mark.parametrize("preset, games", [("three_handed", 3), ("four_handed", 2)])
def test_match_for_three_and_four_seats(preset, games, tmp_path):
    import io
    rules = RuleSet.from_spec(preset)
    out = io.StringIO()
    res = run_match("heuristic", "random", 2, seed=1, rules=rules, out=out)
    assert res.deals == 2 and len(res.games) == 2 * games
    seats = sorted({g[1] for g in res.games})
    assert seats == list(range(games))                   # A sits in every arrangement
    records = [json.loads(x) for x in out.getvalue().splitlines()]
    for rec in records:
        assert replay(parse_record(rec)).ok
        assert sorted(set(rec["players"])) == ["heuristic", "random"]
        assert rec["players"].count("heuristic") == (2 if preset == "four_handed" else 1)
    path = tmp_path / "m.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")
    again = summarize_records(str(path), "heuristic", "random", rules)
    assert sorted(again.games) == sorted(res.games)
    assert again.summary()["win_rate_a"] == res.summary()["win_rate_a"]


def test_match_subcommand_three_handed(capsys):
    code, out, err = _main(capsys, "match", "random", "random", "--rules", "three_handed",
                           "--deals", "1", "--json")
    assert code == 0, err
    assert "сыграна трижды" in out and json.loads(out.splitlines()[-1])["deals"] == 1


def _play_through(game, every_line):
    """Play the learner's seat to the end, sending `every_line(game)` before each decision;
    the answers to those lines (which must never raise)."""
    answers = []
    steps = 0
    while not game.finished:
        for line in every_line(game):
            answers.append(game.handle(line))
        game.handle(_auto_line(game))
        steps += 1
        assert steps < 400
    return answers


@pytest.mark.parametrize("preset", ["three_handed", "four_handed"])
def test_legal_moves_query_with_three_and_four_seats(preset):
    game = TerminalGame("heuristic", seed=2, rules=RuleSet.from_spec(preset), review=False)
    game.start()
    answers = _play_through(game, lambda g: ["можно"])
    assert answers and all(a[1].startswith("Можно:") for a in answers)


def test_legal_moves_and_hints_in_the_many_pack_game():
    rules = RuleSet.from_spec("many_pack_infusorka")
    seen_declare = 0
    for seed in (21, 30, 31):
        game = TerminalGame("heuristic", seed=seed, rules=rules, review=True, hint_samples=2)
        game.start()

        def lines(g):
            nonlocal seen_declare
            seen_declare += g.deal.stage == "declare"
            return ["можно", "подсказка"] if g.deal.tricks_done % 4 == 0 else ["можно"]
        answers = _play_through(game, lines)
        assert all(CYRILLIC.search(" ".join(a)) for a in answers)
    assert seen_declare > 0


def test_play_three_handed_tally_names_every_seat():
    game = TerminalGame("random", seed=3, rules=RuleSet.from_spec("three_handed"), review=False)
    game.start()
    out = []
    while not game.finished:
        out = game.handle(_auto_line(game))
    text = "\n".join(out)
    assert "соперник 1" in text and "соперник 2" in text and "всего" in text
    assert len(game.records()) == 1 and replay(parse_record(json.loads(game.records()[0]))).ok


def test_play_saves_every_deal_of_the_game(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    # no input at all: the first deal is saved as it stands
    path = tmp_path / "g.jsonl"
    code, out, err = _main(capsys, "play", "--opponent", "random", "--seed", "5", "--deals", "2",
                           "--no-review", "--save", str(path))
    assert code == 0 and path.exists()
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1


def test_ctrl_c_during_play_still_saves_the_game(tmp_path, capsys, monkeypatch):
    lines = iter(["Д♠", "стол"])

    def learner(prompt=""):
        try:
            return next(lines)
        except StopIteration:
            raise KeyboardInterrupt from None
    monkeypatch.setattr("builtins.input", learner)
    path = tmp_path / "g.json"
    code, out, err = _main(capsys, "play", "--opponent", "random", "--seed", "8", "--no-review",
                           "--save", str(path))
    assert code == 0 and "Игра прервана." in out and f"сохранена: {path}" in out
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["format"] == "bezique-deal/1"


def test_a_closed_pipe_and_a_closed_stdin_end_cleanly(tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_text("{\n" * 20000, encoding="utf-8")
    p = subprocess.Popen([sys.executable, "-m", "bezique", "replay", str(junk)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()                                      # like `… | head -1`
    err = p.stderr.read().decode("utf-8")
    assert p.wait(timeout=120) == 2
    assert "Traceback" not in err and "вывод закрыт" in err
    r = subprocess.run([sys.executable, "-m", "bezique", "solve", "-"], capture_output=True,
                       text=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "ввод закрыт" in r.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"),
                    reason="needs /dev/full (Linux: a disk that is always full)")
def test_match_records_survive_a_full_disk(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = _main(capsys, "match", "random", "random", "--deals", "2", "--out",
                           "/dev/full")
    kept = tmp_path / "full"
    assert code == 0 and f"записи сохраняются в {kept}" in err and "на диске нет места" in err
    records = [json.loads(x) for x in kept.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 4 and all(replay(parse_record(r)).ok for r in records)


@pytest.mark.parametrize("preset", ["three_handed", "four_handed"])
def test_terminal_hint_keeps_to_its_time_at_three_and_four_seats(preset):
    """A hint asked for in the terminal game is capped in processor time at any number of
    seats (a four-handed playout is long: 48 samples uncapped take seconds). With a cap far
    below one playout's cost the search stops after its first samples instead of all 48."""
    from bezique.players import coach
    game = TerminalGame("heuristic", seed=3, rules=RuleSet.preset(preset), review=False,
                        hint_time=0.001)
    game.start()
    while game.deal.to_act != game.me or len(game.deal.legal_actions(game.me)) < 2:
        game.handle(_auto_line(game))
    text, reason = game.handle("подсказка")
    assert text.startswith("Совет:") and reason
    h = coach.hint(game.deal.view(game.me), samples=game.hint_samples, time_limit=0.001,
                   seed=game.deal_no)             # the remembered hint: the same evaluation
    assert h.analysis.method == "rollouts"
    assert 0 < h.analysis.samples < game.hint_samples


def test_terminal_game_hint_budget_is_the_tables():
    """The terminal game and the practice table give a hint the same budget (one place)."""
    from bezique.players import coach
    game = TerminalGame("random", seed=5, review=False)
    assert (game.hint_samples, game.hint_time) == (coach.HINT_SAMPLES, coach.HINT_TIME)
