"""Mutation check of the engine tests: do they catch deliberate one-line rule mutations?

Each mutant below changes ONE line of the engine so that it breaks one rule of RULES.md. The
script copies the repository to a temporary directory (the working tree, or `--rev` a commit
via `git archive`), checks that the engine tests pass on the unchanged copy, then for each
mutant edits the copy, runs the engine tests (`-x -q -p no:cacheprovider`, one process, a
timeout per mutant) and restores the file. A mutant is *caught* when the tests fail,
*survived* when they pass; a run that times out is reported apart (run it again). The working tree is never written to.

    python tools/mutation_check.py                 # the working tree
    python tools/mutation_check.py --rev 903dd4f   # a commit
    python tools/mutation_check.py --only plural_11_14 --keep

Not collected by pytest (not a test_*.py file). See docs/mutation.md for the scores.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The engine tests: no browser, widget or notebook tests.
ENGINE_TESTS = ["tests/scenarios", "tests/test_cards.py", "tests/test_ru.py", "tests/formats",
                "tests/players", "tests/variants", "tests/properties", "tests/test_practice.py",
                "tests/exercises"]


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str           # path inside the repository
    old: str            # the text to change: occurs exactly once in the file (a line, or a
                        # line and the next one to tell it apart; only one line changes)
    new: str            # its replacement (the indentation of the old line is kept)
    rule: str           # the rule it breaks


MUTANTS = [
    Mutant("equal_cards_second_wins", "bezique/tricks.py",
           "return card.rank_index < best.rank_index",
           "return card.rank_index <= best.rank_index",
           "R3.1: of two identical cards the one played first wins"),
    Mutant("trump_does_not_beat", "bezique/tricks.py",
           "return card.suit == trump", "return False",
           "R3.1: a trump beats any non-trump card"),
    Mutant("phase2_no_heading", "bezique/tricks.py",
           "return higher or same", "return same",
           "R7.1: in the last eight tricks one must win the trick when able (head)"),
    Mutant("phase2_no_trumping", "bezique/tricks.py",
           "return trumps", "return list(hand)",
           "R7.1: in the last eight tricks, void in the suit led, one must trump"),
    Mutant("double_bezique_400", "bezique/melds.py",
           "_ALWAYS = {MARRIAGE: 20, ROYAL_MARRIAGE: 40, BEZIQUE: 40, DOUBLE_BEZIQUE: 500,",
           "_ALWAYS = {MARRIAGE: 20, ROYAL_MARRIAGE: 40, BEZIQUE: 40, DOUBLE_BEZIQUE: 400,",
           "R4.1: double bezique scores 500"),
    Mutant("four_queens_40", "bezique/melds.py",
           'FOUR_OF["A"]: 100, FOUR_OF["K"]: 80, FOUR_OF["Q"]: 60, FOUR_OF["J"]: 40}',
           'FOUR_OF["A"]: 100, FOUR_OF["K"]: 80, FOUR_OF["Q"]: 40, FOUR_OF["J"]: 40}',
           "R4.1: four queens score 60"),
    Mutant("sequence_150", "bezique/melds.py",
           "_POINTS = {**_ALWAYS, SEQUENCE: 250, TRUMP_SEVEN: 10, TWO_TRUMP_SEVENS: 20, PLAIN_QUINT: 100,",
           "_POINTS = {**_ALWAYS, SEQUENCE: 150, TRUMP_SEVEN: 10, TWO_TRUMP_SEVENS: 20, PLAIN_QUINT: 100,",
           "R4.1: the trump sequence scores 250"),
    # (`counts.get(r, 0) >= 4` -> `>= 3` is an equivalent mutant: _fours needs four fresh cards)
    Mutant("four_of_a_kind_reuses_cards", "bezique/melds.py",
           'fresh = sorted(c for s in "SHDC" for c in faces.get((r, s), ()) if c not in used)',
           'fresh = sorted(c for s in "SHDC" for c in faces.get((r, s), ()))',
           "R4.5.2: a card serves once in each kind (no second four kings with a used king)"),
    Mutant("sequence_from_any_marriage", "bezique/melds.py",
           "return frozenset((k, q)) in pairs", "return True",
           "R4.5.3: a sequence re-uses only the pair of its own royal marriage"),
    Mutant("double_bezique_from_other_pair", "bezique/melds.py",
           "if not prev or prev in state.single_bezique_pairs:", "if True:",
           "R4.5.3: a double bezique builds on a whole single bezique only"),
    # (dropping `not ctx.seven_exchanged` from can_exchange_seven is an equivalent mutant:
    # after the exchange the turn-up is a seven, which blocks a second exchange anyway)
    Mutant("seven_scores_twice", "bezique/melds.py",
           'sevens = [c for c in faces.get(("7", trump), ()) if c not in state.sevens_scored]',
           'sevens = [c for c in faces.get(("7", trump), ())]',
           "R5.3.2: each physical trump seven scores at most once a deal"),
    Mutant("seven_exchange_without_won_trick", "bezique/deal.py",
           "if self.stage != STAGE_DECLARE or seat != self.to_act:\n"
           "            if apply_mode:",
           "if (self.stage != STAGE_DECLARE or seat != self.to_act) and decl.meld != SEVEN_EXCHANGE:\n"
           "            if apply_mode:",
           "R5.2.3 / §9.1 offence 1: a seven is exchanged only after a won trick"),
    Mutant("turned_seven_no_bonus", "bezique/deal.py",
           "self.declared[d] += bonus\n                self.melds[d].sevens_scored.add(up)",
           "self.declared[d] += 0\n                self.melds[d].sevens_scored.add(up)",
           "R2.5.1: a turned-up seven scores 10 for the dealer"),
    # (`(i == w and seat == winner)` -> `seat == winner` is an equivalent mutant: each seat
    # plays one card a trick, so the winner's card is the winning card)
    Mutant("win_trick_seven_scores_when_losing", "bezique/deal.py",
           'if self.rules.seven_rule == "played" or (i == w and seat == winner):',
           "if True:",
           "R5.7 (win_trick): the seven scores only when it wins the trick itself"),
    Mutant("triple_bezique_no_immediate_win", "bezique/deal.py",
           "if meld == TRIPLE_BEZIQUE and rules.triple_bezique_immediate_win:",
           "if False:",
           "R10.1 option triple_bezique_immediate_win: the triple bezique ends the game at once"),
    Mutant("no_last_trick_bonus", "bezique/tally.py",
           "return bonus if seat == winner else 0", "return 0",
           "R7.3.2: the last trick scores 10"),
    Mutant("tens_are_not_brisques", "bezique/cards.py",
           'is_brisque=rank in ("A", "T"), is_court=rank in ("K", "Q", "J"),',
           'is_brisque=rank in ("A",), is_court=rank in ("K", "Q", "J"),',
           "R1.3: aces and tens are brisques (10 each)"),
    Mutant("target_not_reached_at_equal", "bezique/game.py",
           "reached = [s for s, v in enumerate(self.totals) if v >= rules.target_score]",
           "reached = [s for s, v in enumerate(self.totals) if v > rules.target_score]",
           "R8.1: reaching the target (1000) wins"),
    Mutant("same_card_twice_parsed", "bezique/cards.py",
           "if card in used:\n                raise CardParseError(f\"Карта «{tok}» названа дважды",
           "if False:\n                raise CardParseError(f\"Карта «{tok}» названа дважды",
           "formats.md: each physical card exists once (QS#1 QS#1 is refused)"),
    Mutant("plural_11_14", "bezique/ru.py",
           'return Locale("ru").plural_form(abs(n))',
           'return Locale("ru").plural_form(abs(n) % 10)',
           "Russian: 11-14 take the genitive plural («11 очков», not «11 очко»)"),
    Mutant("plural_genitive_few", "bezique/ru.py",
           '("очко", "gen"): ("очка", "очков", "очков"),',
           '("очко", "gen"): ("очка", "очка", "очков"),',
           "Russian: «около 2 очков», not «около 2 очка» (the coach's genitive)"),
]


def copy_tree(dest: Path, rev: str | None) -> None:
    if rev:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
        return
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".pytest_cache",
                                    ".hypothesis", "_build", "node_modules", "_vendor")
    shutil.copytree(ROOT, dest, dirs_exist_ok=True, ignore=ignore)


def apply(copy: Path, m: Mutant) -> str:
    """Mutate the copy; returns the original text of the file (to restore)."""
    path = copy / m.file
    text = path.read_text()
    hits = text.count(m.old)
    if hits != 1:
        raise SystemExit(f"mutant {m.name}: {m.old!r} occurs {hits} times in {m.file}")
    path.write_text(text.replace(m.old, m.new))
    compile(path.read_text(), str(path), "exec")
    return text


def run_tests(copy: Path, timeout: int, tests: list[str]) -> tuple[str, float, str]:
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1",
               HYPOTHESIS_PROFILE=os.environ.get("HYPOTHESIS_PROFILE", "ci"))
    env.pop("CI", None)
    cmd = ["timeout", str(timeout), sys.executable, "-m", "pytest", *tests, "-x", "-q",
           "-p", "no:cacheprovider", "-p", "no:xdist", "--no-header"]
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True)
    dt = time.monotonic() - t0
    tail = " | ".join(line for line in proc.stdout.splitlines()[-3:] if line.strip())
    if proc.returncode == 0:
        return "survived", dt, tail
    if proc.returncode == 124:                   # too slow to tell: neither caught nor survived
        return "timeout", dt, tail
    return "caught", dt, tail


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", help="test this commit (git archive) instead of the working tree")
    ap.add_argument("--only", nargs="*", help="mutant names")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per test run")
    ap.add_argument("--keep", action="store_true", help="keep the temporary copy")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--skip-baseline", action="store_true",
                    help="do not first check that the unmutated copy passes (when an earlier run "
                         "of the same revision did)")
    args = ap.parse_args(argv)
    mutants = [m for m in MUTANTS if not args.only or m.name in args.only]
    if args.list:
        for m in mutants:
            print(f"{m.name:34} {m.file:20} {m.rule}")
        return 0
    base = Path(tempfile.mkdtemp(prefix="bezique-mutation-"))
    try:
        copy_tree(base, args.rev)
        status = "survived"
        if not args.skip_baseline:
            status, dt, tail = run_tests(base, args.timeout * 2, ENGINE_TESTS)
            print(f"unmutated: {status} in {dt:.0f}s  {tail}", flush=True)
        if status != "survived":
            print("the engine tests fail without any mutation: no score", file=sys.stderr)
            return 2
        results = []
        for m in mutants:
            original = apply(base, m)
            try:
                status, dt, tail = run_tests(base, args.timeout, ENGINE_TESTS)
            finally:
                (base / m.file).write_text(original)
            results.append((m, status))
            print(f"{status:17} {dt:5.0f}s  {m.name:34} {m.rule}", flush=True)
            if status == "survived":
                print(f"{'':25}{tail}", flush=True)
        caught = sum(1 for _, s in results if s == "caught")
        survived = [m.name for m, s in results if s == "survived"]
        timeouts = [m.name for m, s in results if s == "timeout"]
        print(f"\nscore: {caught}/{caught + len(survived)} mutants caught")
        if survived:
            print("survived: " + ", ".join(survived))
        if timeouts:
            print("timed out (run again with a longer --timeout): " + ", ".join(timeouts))
        return 0 if not survived and not timeouts else 1
    finally:
        if args.keep:
            print(f"copy kept in {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
