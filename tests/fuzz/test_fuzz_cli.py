"""Fuzz test of the command line (issue 15): whatever the arguments and the files, `python -m
bezique` answers with exit status 0, 1 or 2 as documented (bezique.cli.commands), says what
was wrong in Russian on stderr, and never shows a traceback.

Command lines are drawn from the real subcommands and options, most with one bad value
(negative, zero, huge, not a number, NaN, empty, an unknown name, a missing file …); files
are valid position files and deal records, then damaged: truncated, bytes flipped, other
encodings, empty, a folder instead of a file, deep nesting, thousands of digits, a
byte-order mark. The calls are in-process (`bezique.cli.main`), a few through a subprocess.
Each test prints its counts: tried / refused cleanly (2) / accepted (0) / disagreed (1).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bezique.cli import main

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[а-яё]", re.I)
ENGLISH = re.compile(r"usage:|error:|invalid choice|required|Traceback|Errno|No such file")

POSITIONS = sorted((ROOT / "exercises" / "positions").rglob("*.json"))


# ---------------------------------------------------------------------- the files

def _record_text(seed: int, rules: str = "canonical") -> str:
    from bezique.record import dumps_record
    from bezique.rules import RuleSet
    from bezique.selfplay import selfplay
    return "\n".join(dumps_record(d) for d in selfplay(RuleSet.from_spec(rules), 2, seed)) + "\n"


def _damaged(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One damaged copy of `data`: (what was done, the bytes)."""
    kind = rng.choice(["truncate", "flip", "flip", "delete", "insert", "cp1251", "utf16",
                       "latin1", "bom", "nul", "repeat"])
    if kind == "truncate":
        return kind, data[:rng.randrange(len(data))]
    if kind == "flip":
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return kind, bytes(b)
    if kind == "delete":
        i = rng.randrange(len(data))
        return kind, data[:i] + data[i + rng.randint(1, 40):]
    if kind == "insert":
        i = rng.randrange(len(data))
        junk = rng.choice([b"{", b"]", b",", b'"', b"\\", b"\xff", b"\xd0", b"9" * 5000, b"null",
                           b"[" * 3000, b"\x00", "ё".encode()])
        return kind, data[:i] + junk + data[i:]
    text = data.decode("utf-8")
    if kind == "cp1251":
        return kind, text.encode("cp1251", errors="replace") + "дама".encode("cp1251")
    if kind == "utf16":
        return kind, text.encode("utf-16")
    if kind == "latin1":
        return kind, text.encode("latin-1", errors="replace") + "é".encode("latin-1")
    if kind == "bom":
        return kind, b"\xef\xbb\xbf" + data
    if kind == "nul":
        return kind, data.replace(b":", b":\x00", 1)
    return kind, data * 2


SPECIAL = {
    "empty.json": b"",
    "spaces.jsonl": b"\n   \n\t\n",
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "deep_obj.json": b'{"a":' * 20_000 + b"1" + b"}" * 20_000,
    "digits.json": b'{"id": "x", "kind": "declarations", "packs": ' + b"7" * 6000 + b"}",
    "number.json": b"12",
    "string.json": b'"bezique-position/1"',
    "null.json": b"null",
    "list.json": b"[1, 2, 3]",
    "binary.json": bytes(range(256)),
    "bom_only.json": b"\xef\xbb\xbf",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> list[str]:
    """Valid and damaged position files and deal records, special cases, a folder."""
    d = tmp_path_factory.mktemp("fuzz_cli")
    rng = random.Random(15)
    out = []
    sources = [(p.name, p.read_bytes()) for p in rng.sample(POSITIONS, min(12, len(POSITIONS)))]
    sources += [(f"deals{s}.jsonl", _record_text(s).encode()) for s in (1, 2)]
    sources.append(("deals3.jsonl", _record_text(3, "three_handed").encode()))
    for name, data in sources:
        (d / name).write_bytes(data)
        out.append(str(d / name))
        for k in range(6):
            what, bad = _damaged(rng, data)
            p = d / f"{k}_{what}_{name}"
            p.write_bytes(bad)
            out.append(str(p))
    for name, data in SPECIAL.items():
        (d / name).write_bytes(data)
        out.append(str(d / name))
    (d / "folder.json").mkdir()
    out += [str(d / "folder.json"), str(d / "missing.json"), str(d / "no" / "such" / "dir.json")]
    return out


# ---------------------------------------------------------------------- the command lines

BAD_INTS = ["-3", "0", "-0", "abc", "", " ", "1.5", "1e3", "9" * 5000, "0x10", "NaN", "∞",
            "٣", "３", "--", "-", "10000000000000000000000"]
BAD_FLOATS = ["nan", "inf", "-inf", "-1", "abc", "", "1e400", "9" * 5000]
BAD_NAMES = ["", "frobnicate", "Canonical", "ёлочка", "three handed", "{", '{"preset": 3}',
             '{"packs": 17}', "null", "-", "../../etc"]
BOTS = ["random", "heuristic"]
GOOD = {"--deals": ["1", "2"], "--seed": ["0", "7", "123456"], "--rules": ["canonical",
        "three_handed", "four_handed", "no_trump", "many_pack_infusorka", "seed_000A"]}
LINES = ["можно", "подсказка", "?", "отмена", "стол", "помощь", "0", "1", "99", "-1", "",
         "   ", "QS", "Д♠", "Д♠️", "10 ♣", "XX", "QS#2", "QS#999", "T♣", "пас",
         "\x00", "ё" * 500, "9" * 5000, "QS#" + "9" * 5000, "выход"]


def _bad_or_good(rng, option, bad_list):
    if rng.random() < 0.5:
        return [option, rng.choice(bad_list)], True
    return [option, rng.choice(GOOD[option])], False


def _argv(rng: random.Random, files: list[str], tmp: Path) -> list[str]:
    """A command line: mostly one bad piece; a good one runs cheaply (small numbers)."""
    cmd = rng.choice(["solve", "check", "replay", "selfplay", "match", "play", "bench",
                      "frobnicate", "--frob", "", "-h"])
    if cmd in ("solve", "replay"):
        argv = [cmd, rng.choice(files)]
        if rng.random() < 0.2:
            argv.append(rng.choice(["--json", "--deals", "x.json", "-q"]))
        return argv
    if cmd == "check":
        return [cmd] + rng.sample(files, rng.randint(0, 4))
    if cmd == "selfplay":
        argv = [cmd]
        for opt, bad in (("--deals", BAD_INTS), ("--seed", BAD_INTS), ("--rules", BAD_NAMES)):
            if rng.random() < 0.6:
                argv += _bad_or_good(rng, opt, bad)[0]
        if rng.random() < 0.9:
            argv += ["--out", rng.choice([str(tmp / "out.jsonl"), str(tmp / "no" / "x.jsonl"),
                                          str(tmp), "", files[0] + "/x.jsonl"])]
        if "--deals" not in argv:
            argv += ["--deals", "1"]
        return argv
    if cmd == "match":
        bots = BOTS + ["search", "nobody", ""]
        argv = [cmd] + [rng.choice(bots) for _ in range(rng.randint(0, 3))]
        for opt, bad in (("--deals", BAD_INTS), ("--seed", BAD_INTS), ("--rules", BAD_NAMES)):
            if rng.random() < 0.5:
                argv += _bad_or_good(rng, opt, bad)[0]
        if rng.random() < 0.3:
            argv += [rng.choice(["--samples", "--jobs", "--games", "--max-deals"]),
                     rng.choice(BAD_INTS)]
        if rng.random() < 0.3:
            argv += ["--time-limit", rng.choice(BAD_FLOATS)]
        if rng.random() < 0.3:
            argv += ["--out", rng.choice([str(tmp / "m.jsonl"), str(tmp / "no" / "m.jsonl")])]
        if "search" in argv:                       # Мастер only in a refused command line
            argv += ["--deals", rng.choice(BAD_INTS)]
        if "--deals" not in argv:
            argv += ["--deals", "1"]
        return argv
    if cmd == "play":
        argv = [cmd, "--no-review"]
        for opt, bad in (("--deals", BAD_INTS), ("--seed", BAD_INTS), ("--rules", BAD_NAMES)):
            if rng.random() < 0.5:
                argv += _bad_or_good(rng, opt, bad)[0]
        if rng.random() < 0.3:
            argv += ["--opponent", rng.choice(["random", "grandmaster", ""])]
        else:
            argv += ["--opponent", "random"]
        if rng.random() < 0.3:
            argv += ["--save", rng.choice([str(tmp / "p.json"), str(tmp / "no" / "p.json"),
                                           str(tmp)])]
        return argv
    if cmd == "bench":                             # never a real benchmark: always one bad piece
        return [cmd] + rng.choice([["frobnicate"], ["engine", "--repeats", rng.choice(BAD_INTS)],
                                   ["--repeats"], ["--quick", "--json", "nothing"]])
    return [cmd] if cmd else []


class Counts:
    def __init__(self, area: str):
        self.area = area
        self.by_code = {0: 0, 1: 0, 2: 0}

    def add(self, code: int) -> None:
        self.by_code[code] += 1

    def report(self) -> str:
        n = sum(self.by_code.values())
        return (f"{self.area}: tried {n}, refused cleanly {self.by_code[2]}, "
                f"accepted {self.by_code[0]}, disagreed with the engine {self.by_code[1]}")


def _check_run(argv, code, out, err):
    where = f"argv={argv!r}\nstdout={out[-2000:]}\nstderr={err[-2000:]}"
    assert code in (0, 1, 2), where
    assert "Traceback" not in out + err, where
    if code == 2:
        assert CYRILLIC.search(err), where            # the reason, in Russian, on stderr
        assert "Ошибка" in err or "Не удалось" in err, where
        assert not ENGLISH.search(err), where
    if code == 1:
        assert CYRILLIC.search(out), where


def _run(capsys, monkeypatch, argv, lines):
    feed = iter(lines)

    def learner(prompt=""):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", learner)
    try:
        code = main(argv)
    except BaseException as e:                    # anything escaping main is a failure
        out, err = capsys.readouterr()
        pytest.fail(f"{type(e).__name__}: {e}\nargv={argv!r}\n{err[-2000:]}")
    out, err = capsys.readouterr()
    return code, out, err


def test_fuzz_command_lines(files, tmp_path, capsys, monkeypatch):
    """Random command lines from the real subcommands and options, and malformed files."""
    monkeypatch.chdir(tmp_path)
    rng = random.Random(2026)
    counts = Counts("CLI command lines")
    for _ in range(500):
        argv = _argv(rng, files, tmp_path)
        lines = [rng.choice(LINES) for _ in range(rng.randint(0, 8))]
        code, out, err = _run(capsys, monkeypatch, argv, lines)
        _check_run(argv, code, out, err)
        counts.add(code)
    with capsys.disabled():
        print("\n" + counts.report())
    assert counts.by_code[2] > 200 and counts.by_code[0] > 20


def test_fuzz_files_through_solve_check_replay(files, capsys, monkeypatch):
    """Every file of the pool through each reading command."""
    counts = Counts("files through solve/check/replay")
    refused_by_check = []
    for path in files:
        for cmd in ("solve", "check", "replay"):
            code, out, err = _run(capsys, monkeypatch, [cmd, path], [])
            _check_run([cmd, path], code, out, err)
            counts.add(code)
            if cmd == "check" and code == 2 and not Path(path).is_dir():
                refused_by_check.append(path)
    # All at once: one bad file never stops the others; each is reported by name.
    code, out, err = _run(capsys, monkeypatch, ["check", *files], [])
    _check_run(["check", "…"], code, out, err)
    assert code == 2 and f"файлов с ошибками: {len(refused_by_check)}." in out
    assert refused_by_check and all(p in out for p in refused_by_check)
    with capsys.disabled():
        print("\n" + counts.report())


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(tokens=st.lists(st.one_of(
    st.sampled_from(["solve", "check", "replay", "selfplay", "match", "play", "bench",
                     "--deals", "--seed", "--rules", "--out", "--save", "--json", "--jobs",
                     "--samples", "--time-limit", "--opponent", "-h", "--help", "--", "-",
                     "random", "search", "engine", "three_handed"]),
    st.text(max_size=12)), max_size=6))
def test_fuzz_token_soup(tokens, tmp_path_factory, capsys, monkeypatch):
    """Any list of tokens: refused in Russian or run; never a traceback. Runs that would take
    long (Мастер, a benchmark, many deals) are skipped before they start."""
    if any(t in ("selfplay", "match", "play", "bench", "search", "heuristic") for t in tokens):
        tokens = tokens + ["--deals", "-1"]        # a run that could take long: refused
    monkeypatch.chdir(tmp_path_factory.mktemp("soup"))
    code, out, err = _run(capsys, monkeypatch, tokens, ["выход"])
    _check_run(tokens, code, out, err)


@pytest.mark.parametrize("argv, stdin", [
    (["frobnicate"], b""),
    (["selfplay", "--deals", "-3", "--out", "x.jsonl"], b""),
    (["solve", "-"], '{"id": "é"}'.encode("latin-1")),
    (["solve", "-"], b"[" * 100_000),
    (["replay", "\udcff.jsonl"], b""),
    (["play", "--rules", "three_handed", "--no-review", "--opponent", "random"],
     "можно\nподсказка\nQS#99999\nвыход\n".encode()),
])
def test_subprocess_runs(argv, stdin, tmp_path):
    """The real entry point, with real stdin and the OS's argument bytes."""
    env_argv = [a.encode("utf-8", "surrogateescape") for a in argv]
    r = subprocess.run([sys.executable.encode(), b"-m", b"bezique", *env_argv], input=stdin,
                       capture_output=True, timeout=120, cwd=tmp_path,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    out, err = r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    _check_run(argv, r.returncode, out, err)
    if argv[0] != "play":
        assert r.returncode == 2


PRESETS = ["canonical", "seed_001", "seed_002", "seed_003", "seed_004", "seed_000A",
           "seed_000C", "seed_000E", "three_handed", "four_handed", "no_trump",
           "many_pack_infusorka"]
TYPED = ["можно", "отмена", "стол", "помощь", "0", "1", "2", "-1", "99", "", " ", "QS", "XX",
         "пас", "Д♠️", "10 ♣", "ZZ", "\x00", "T♣", "Т♣", "ё" * 300]


@pytest.mark.parametrize("preset", PRESETS)
def test_fuzz_terminal_game(preset, capsys):
    """`play`'s game under every preset, fed a random mix of cards in hand (Russian and Latin
    notation, with and without copy numbers), numbers, commands and garbage: every line is
    answered with text, and the saved records replay as valid."""
    from bezique.players.play import TerminalGame
    from bezique.record import parse_record, replay
    from bezique.rules import RuleSet
    rng = random.Random(preset)
    lines = answered = 0
    for seed in range(2):
        game = TerminalGame("random", seed=seed, rules=RuleSet.from_spec(preset), review=False,
                            hint_samples=2)
        game.start()
        steps = 0
        while not game.finished:
            steps += 1
            assert steps < 1500
            d = game.deal
            if rng.random() < 0.6 and d.stage == "play" and d.hands[game.me]:
                c = rng.choice(d.hands[game.me])
                line = rng.choice([c.ru, c.code, c.code.split("#")[0], c.ru.lower()])
            elif rng.random() < 0.5 and d.stage == "declare":
                line = str(rng.randint(0, 3))
            else:
                line = rng.choice(TYPED + (["подсказка"] if rng.random() < 0.05 else []))
            out = game.handle(line)
            lines += 1
            assert out and all(isinstance(x, str) for x in out), line
            answered += any(CYRILLIC.search(x) for x in out)
        for rec in game.records():
            assert replay(parse_record(json.loads(rec))).ok
    assert answered == lines and lines > 60
    with capsys.disabled():
        print(f"\nterminal game, {preset}: {lines} typed lines answered")
