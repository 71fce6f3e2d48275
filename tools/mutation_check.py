"""Mutation check of the engine tests: do they catch deliberate one-line rule mutations?

Each mutant below changes ONE line of the engine so that it breaks one rule of RULES.md. The
script copies the repository to a temporary directory (the working tree, or `--rev` a commit
via `git archive`), checks that the engine tests pass on the unchanged copy, then for each
mutant edits the copy, runs the engine tests (`-x -q -p no:cacheprovider`, one process, a
timeout per mutant) and restores the file. Each mutant runs its own selection of tests: the
engine tests for the first 21, a focused but honest selection for the later ones (every test
directory where a test of that rule belongs; `--all-tests` runs the whole engine selection). A mutant is *caught* when the tests fail,
*survived* when they pass; a run that times out is reported apart (run it again). The working tree is never written to.

    python tools/mutation_check.py                 # the working tree
    python tools/mutation_check.py --rev 903dd4f   # a commit
    python tools/mutation_check.py --only plural_11_14 --keep
    python tools/mutation_check.py --skip-baseline --tests tests/scenarios/test_9_fines_in_total.py

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
# Focused selections for the later mutants: every directory where a test of the rule belongs.
GAME_TESTS = ("tests/scenarios", "tests/variants", "tests/properties", "tests/test_practice.py")
FORMAT_TESTS = ("tests/formats", "tests/fuzz/test_fuzz_positions.py", "tests/scenarios")
PRACTICE_TESTS = ("tests/test_practice.py", "tests/fuzz/test_fuzz_practice.py", "tests/scenarios")


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str           # path inside the repository
    old: str            # the text to change: occurs exactly once in the file (a line, or a
                        # line and the next one to tell it apart; only one line changes)
    new: str            # its replacement (the indentation of the old line is kept)
    rule: str           # the rule it breaks
    tests: tuple = ()   # the tests to run (empty: ENGINE_TESTS)


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
    # ---- issue 29: how a game ends, the fines, rules that two options together reach ----
    Mutant("fines_do_not_add", "bezique/deal.py",
           "self.penalties[seat] += amount", "self.penalties[seat] = amount",
           "§9.2: two fines of one seat in one deal add up (50 + 30 = 80)", GAME_TESTS),
    Mutant("game_to_seat_below_target", "bezique/game.py",
           'if rules.both_reach_rule == "last_trick" and last_side in reached:',
           'if rules.both_reach_rule == "last_trick" and last_side is not None:',
           "R8.3 / R8.6: only a player at or above the target can win the game", GAME_TESTS),
    Mutant("no_trump_pair_trump_dependent", "bezique/melds.py",
           'and rules.variant != "no_trump" and trump in ("S", "D"):',
           'and trump in ("S", "D"):',
           "R4.8: the no-trump game keeps the fixed pair Q♠ J♦ with bezique_pair=trump_dependent",
           GAME_TESTS),
    Mutant("repeat_suit_after_two_deals", "bezique/game.py",
           "if self.history[-1].trump == trump and self.history[-2].trump == trump:",
           "if self.history[-1].trump == trump:",
           "S-06: the repeat-suit bonus needs the same trump three deals running", GAME_TESTS),
    Mutant("single_deal_tie_to_seat_0", "bezique/game.py",
           "return top[0] if len(top) == 1 else (last_side if last_side in top else top[0])",
           "return top[0]",
           "R8.4: a single-deal tie goes to the winner of the last trick", GAME_TESTS),
    Mutant("triple_bezique_winner_is_a_seat", "bezique/game.py",
           "self.winner = self.side(deal.game_won_by)", "self.winner = deal.game_won_by",
           "§10.1–10.2: the four-handed immediate win goes to the side", GAME_TESTS),
    Mutant("nine_exchange_with_nine_turned_up", "bezique/variants/infusorka.py",
           'and turn_up is not None and turn_up.rank != "9"):',
           "and turn_up is not None):",
           "§10.5.2: no nine exchange when a nine is turned up", GAME_TESTS),
    Mutant("nine_cards_fine_60", "bezique/deal.py",
           '"nine_cards": 120}', '"nine_cards": 60}',
           "§9.1 (5): playing the deal with nine cards is fined 120", GAME_TESTS),
    Mutant("position_full_trick_before_your_turn", "bezique/position_seats.py",
           "if len(plays) >= n:", "if len(plays) > n:",
           "formats: before your turn a trick holds at most n − 1 cards", FORMAT_TESTS),
    Mutant("practice_margin_against_weakest", "bezique/practice.py",
           '"opponent": max(others)', '"opponent": min(others)',
           "practice: a deal's margin is against the strongest opponent", PRACTICE_TESTS),
    Mutant("practice_learner_deals", "bezique/practice.py",
           "dealer=(self.human - 1) % self.n", "dealer=self.human",
           "practice: in a numbered deal the learner leads (the seat before deals)", PRACTICE_TESTS),
    Mutant("three_hand_draw_order_reversed", "bezique/deal.py",
           "order = [(winner + i) % n for i in range(n)]",
           "order = [(winner - i) % n for i in range(n)]",
           "R10.1: the trick winner draws first, then the others in playing order", GAME_TESTS),
    Mutant("seven_scores_in_phase_2", "bezique/deal.py",
           'if (self.phase == 1 and rules.seven_rule in ("played", "win_trick") and self.trump',
           'if (rules.seven_rule in ("played", "win_trick") and self.trump',
           "R5.5.1: a trump seven played in the last eight tricks scores nothing", GAME_TESTS),
    Mutant("seed_000C_last_trick_10", "bezique/rules.py",
           'brisque_count="per_trick", last_trick_points=250,',
           'brisque_count="per_trick", last_trick_points=10,',
           "S-83: the club text's (seed_000C) last trick scores 250", GAME_TESTS),
    Mutant("trump_dependent_pair_not_for_diamonds", "bezique/melds.py",
           'and rules.variant != "no_trump" and trump in ("S", "D"):',
           'and rules.variant != "no_trump" and trump in ("S",):',
           "R4.8.2: with diamonds as trumps the trump-dependent bezique is Q♣ J♥", GAME_TESTS),
    # a few more in game.py, the fines and option combinations
    Mutant("false_declaration_keeps_the_total", "bezique/game.py",
           "if deal.zeroed[seat]:", "if False:",
           "§9.2 offence 6: a false declaration sets the offender's game score to 0", GAME_TESTS),
    Mutant("repeat_suit_bonus_to_next_seat", "bezique/game.py",
           "bonus[self.side(deal.dealer)] += self.repeat_suit_bonus(initial_trump)",
           "bonus[self.side((deal.dealer + 1) % deal.n)] += self.repeat_suit_bonus(initial_trump)",
           "S-06: the repeat-suit bonus is the dealer's", GAME_TESTS),
    Mutant("both_reach_equal_to_first_seat", "bezique/game.py",
           "return last_side if last_side in top else top[0]", "return top[0]",
           "R8.3: equal totals over the target: the winner of the last trick wins", GAME_TESTS),
    Mutant("split_last_trick_whole", "bezique/tally.py",
           "return bonus // 2", "return bonus",
           "C-31 four_hand_last_trick=split_sides: each side scores half the last trick",
           GAME_TESTS),
    Mutant("dealer_does_not_rotate", "bezique/game.py",
           "return (self.first_dealer + len(self.history)) % self.rules.players",
           "return self.first_dealer",
           "R2.1.4 / R8.5: the deal passes to the next seat each deal", GAME_TESTS),
    Mutant("seven_malus_only_next_seat", "bezique/deal.py",
           "if p != d:", "if p == (d + 1) % self.n:",
           "R2.6 deal_bonus_seven_opponent_malus with three players: every opponent pays 5",
           GAME_TESTS),
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
    ap.add_argument("--all-tests", action="store_true",
                    help="run every mutant against the whole engine selection (slow)")
    ap.add_argument("--tests", nargs="+", metavar="PATH",
                    help="run every mutant against these tests instead (e.g. to see which "
                         "test of a rule catches its mutant; not a score)")
    ap.add_argument("--skip-baseline", action="store_true",
                    help="do not first check that the unmutated copy passes (when an earlier run "
                         "of the same revision did)")
    args = ap.parse_args(argv)
    mutants = [m for m in MUTANTS if not args.only or m.name in args.only]
    if args.list:
        for m in mutants:
            print(f"{m.name:38} {m.file:30} {m.rule}")
        return 0
    base = Path(tempfile.mkdtemp(prefix="bezique-mutation-"))
    try:
        copy_tree(base, args.rev)
        def selection(m: Mutant) -> list[str]:
            if args.tests:
                return list(args.tests)
            return list(ENGINE_TESTS if args.all_tests or not m.tests else m.tests)

        status = "survived"
        if not args.skip_baseline:
            union = sorted({t for m in mutants for t in selection(m)})
            union = [t for t in union if not any(t != u and t.startswith(u + "/") for u in union)]
            status, dt, tail = run_tests(base, args.timeout * 2, union)
            print(f"unmutated: {status} in {dt:.0f}s  {tail}", flush=True)
        if status != "survived":
            print("the engine tests fail without any mutation: no score", file=sys.stderr)
            return 2
        results = []
        for m in mutants:
            original = apply(base, m)
            try:
                status, dt, tail = run_tests(base, args.timeout, selection(m))
            finally:
                (base / m.file).write_text(original)
            results.append((m, status))
            print(f"{status:17} {dt:5.0f}s  {m.name:38} {m.rule}", flush=True)
            if status == "survived" or args.tests:
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
