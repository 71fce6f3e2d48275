"""`python -m bezique solve | check | selfplay | replay | bench | match | play` (formats.md)."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import BeziqueError, FormatError


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def cmd_solve(args) -> int:
    from .jsonio import parse_json, read_json
    from .positions import load_position, solve
    try:
        if args.file == "-":
            pos = load_position(parse_json(sys.stdin.read(), "<stdin>"), "<stdin>")
        else:
            pos = load_position(read_json(args.file), args.file)
    except FormatError as e:
        print(f"Ошибка: {e.message}", file=sys.stderr)
        return 2
    _print_json(solve(pos))
    return 0


def cmd_check(args) -> int:
    from .positions import compare, iter_position_files, load_file
    files = iter_position_files(args.paths)
    checked = differ = malformed = 0
    for path in files:
        try:
            positions = load_file(path)
            for pos in positions:
                if pos.answer is None:
                    continue
                checked += 1
                diffs = compare(pos)
                if diffs:
                    differ += 1
                    print(f"{path} [{pos.id}]: ответ расходится с движком")
                    for d in diffs:
                        print(f"  - {d}")
        except FormatError as e:
            malformed += 1
            print(f"Ошибка формата: {e.message}")
    print(f"Проверено позиций: {checked}; расходятся: {differ}; файлов с ошибками: {malformed}.")
    if not files:
        print("Не найдено ни одного файла .json.")
        return 2
    return 2 if malformed else (1 if differ else 0)


def cmd_selfplay(args) -> int:
    from .record import write_jsonl
    from .rules import RuleSet
    from .selfplay import selfplay
    rules = RuleSet.from_spec(args.rules)
    n = write_jsonl(args.out, selfplay(rules, args.deals, args.seed))
    print(f"Записано сдач: {n} → {args.out}")
    return 0


def cmd_replay(args) -> int:
    from .jsonio import read_jsonl
    from .record import parse_record, replay
    passed = failed = 0
    try:
        lines = list(read_jsonl(args.file))
    except OSError as e:
        print(f"Ошибка: файл {args.file} не открывается: {e.strerror}", file=sys.stderr)
        return 2
    for n, data in lines:
        try:
            if isinstance(data, FormatError):
                raise data
            outcome = replay(parse_record(data, f"{args.file}:{n}"))
        except FormatError as e:
            failed += 1
            print(f"строка {n}: {e.message}")
            continue
        if outcome.ok:
            passed += 1
        else:
            failed += 1
            print(f"строка {n}: {outcome.error}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def cmd_bench(args) -> int:
    from .bench import run_bench
    report = run_bench(args.what, repeats=args.repeats, quick=args.quick)
    if args.json:
        _print_json(report)
    return 0


def cmd_match(args) -> int:
    from .players.match import main_match
    return main_match(args)


def cmd_play(args) -> int:
    from .players.play import main_play
    return main_play(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bezique",
                                     description="Безик: движок правил, позиции и записи сдач.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("solve", help="решить позицию (файл или - для стандартного ввода)")
    p.add_argument("file")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("check", help="проверить ответы в файлах позиций (файлы или папки)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("selfplay", help="случайная самоигра с записью сдач в .jsonl")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="canonical")
    p.add_argument("--out", required=True)
    p.set_defaults(func=cmd_selfplay)
    p = sub.add_parser("replay", help="переиграть записи сдач и проверить каждое действие")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("bench", help="измерить скорость на этой машине")
    p.add_argument("what", nargs="*", default=[], help="engine, solver, widgets, master (по умолчанию всё)")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", action="store_true", help="в конце строка JSON с результатами")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("match", help="матч компьютерных соперников: random, heuristic, search")
    p.add_argument("a", choices=("random", "heuristic", "search"))
    p.add_argument("b", choices=("random", "heuristic", "search"))
    p.add_argument("--deals", type=int, default=100, help="число сдач (каждая играется дважды)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="canonical")
    p.add_argument("--out", help="записать сдачи в .jsonl (bezique-deal/1)")
    p.add_argument("--json", action="store_true", help="в конце строка JSON с итогами")
    p.add_argument("--samples", type=int, help="Мастер: число разыгранных вариантов на ход")
    p.add_argument("--time-limit", type=float,
                   help="Мастер: секунд процессорного времени на ход (0 — без предела)")
    p.add_argument("--progress", action="store_true", help="печатать ход матча в stderr")
    p.add_argument("--jobs", type=int, default=1,
                   help="сколько процессов играют сдачи параллельно (по умолчанию 1)")
    p.set_defaults(func=cmd_match)
    p = sub.add_parser("play", help="сыграть сдачу против компьютера в терминале")
    p.add_argument("--opponent", default="heuristic", choices=("random", "heuristic", "search"))
    p.add_argument("--seed", type=int)
    p.add_argument("--rules", default="canonical")
    p.add_argument("--deals", type=int, default=1, help="сколько сдач сыграть")
    p.add_argument("--no-review", action="store_true", help="без разбора ошибок после сдачи")
    p.add_argument("--save", help="сохранить запись сдачи в файл")
    p.set_defaults(func=cmd_play)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BeziqueError as e:
        print(f"Ошибка: {e.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
