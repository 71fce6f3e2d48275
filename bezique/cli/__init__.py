"""`python -m bezique solve | check | selfplay | replay | bench | match | play` (formats.md).

`main(argv)` never shows a traceback for bad input: every refusal is a Russian message on
stderr with an example of a correct command, and the exit status says what happened
(`bezique.cli.commands`: 0 done, 1 a disagreement with the engine, 2 bad input).
"""

from __future__ import annotations

import os
import sys

from ..errors import BeziqueError
from . import commands as c
from .parser import PROG, RussianArgumentParser, UsageError, int_in, list_of, seconds

BOTS = ("random", "heuristic", "search")
BENCH_PARTS = ("engine", "solver", "widgets", "master")
MAX_SEED = 2 ** 63 - 1
MAX_DEALS = 1_000_000


def build_parser() -> RussianArgumentParser:
    parser = RussianArgumentParser(
        prog=PROG, description="Безик: движок правил, позиции и записи сдач.",
        example=f"{PROG} solve позиция.json",
        epilog="Код выхода: 0 — готово; 1 — ответ или запись расходится с движком; "
               "2 — ошибка во входных данных или в параметрах.")
    sub = parser.add_subparsers(dest="cmd", required=True, metavar="команда",
                                title="команды", parser_class=RussianArgumentParser)
    deals = int_in(1, MAX_DEALS, "число сдач")
    seed = int_in(0, MAX_SEED, "номер раздачи (seed)")

    p = sub.add_parser("solve", help="решить позицию (файл или - для стандартного ввода)",
                       example=f"{PROG} solve позиция.json")
    p.add_argument("file", metavar="файл", help="файл позиции .json или - (стандартный ввод)")
    p.set_defaults(func=c.cmd_solve, parser=p)

    p = sub.add_parser("check", help="проверить ответы в файлах позиций (файлы или папки)",
                       example=f"{PROG} check exercises/positions")
    p.add_argument("paths", nargs="+", metavar="путь", help="файл позиции или папка с ними")
    p.set_defaults(func=c.cmd_check, parser=p)

    p = sub.add_parser("selfplay", help="случайная самоигра с записью сдач в .jsonl",
                       example=c.SELFPLAY_EXAMPLE)
    p.add_argument("--deals", type=deals, default=100, metavar="N",
                   help="число сдач (по умолчанию 100)")
    p.add_argument("--seed", type=seed, default=0, metavar="N")
    p.add_argument("--rules", "--preset", dest="rules", default="canonical", metavar="ПРАВИЛА",
                   help="набор правил, например three_handed или rubicon")
    p.add_argument("--out", required=True, metavar="ФАЙЛ", help="файл .jsonl для записей")
    p.set_defaults(func=c.cmd_selfplay, parser=p)

    p = sub.add_parser("replay", help="переиграть записи сдач и проверить каждое действие",
                       example=f"{PROG} replay сдачи.jsonl")
    p.add_argument("file", metavar="файл", help="записи сдач: .jsonl (по строке) или .json")
    p.add_argument("--json", action="store_true",
                   help="в конце строка JSON: records, passed, failed, malformed")
    p.set_defaults(func=c.cmd_replay, parser=p)

    p = sub.add_parser("bench", help="измерить скорость на этой машине",
                       example=f"{PROG} bench engine --quick")
    p.add_argument("what", nargs="*", default=[], metavar="что",
                   type=list_of(BENCH_PARTS, "можно"),
                   help=f"{', '.join(BENCH_PARTS)} (по умолчанию всё)")
    p.add_argument("--repeats", type=int_in(1, 1000, "число прогонов"), default=5, metavar="N")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", action="store_true", help="в конце строка JSON с результатами")
    p.set_defaults(func=c.cmd_bench, parser=p)

    p = sub.add_parser("match", help="матч компьютерных соперников: random, heuristic, search",
                       example=c.MATCH_EXAMPLE)
    p.add_argument("a", choices=BOTS, metavar="A", help="соперник A: " + ", ".join(BOTS))
    p.add_argument("b", choices=BOTS, metavar="B", help="соперник B: " + ", ".join(BOTS))
    p.add_argument("--deals", type=deals, metavar="N",
                   help="число сдач (каждая играется на всех местах по очереди; по умолчанию 100)")
    p.add_argument("--games", type=int_in(1, MAX_DEALS, "число партий"), metavar="N",
                   help="играть N целых партий до цели набора правил вместо отдельных сдач "
                        "(каждая партия играется на тех же раскладах на всех местах по очереди)")
    p.add_argument("--max-deals", type=int_in(1, 10_000, "предел сдач в партии"),
                   metavar="N", help="с --games: остановить партию после N сдач "
                                     "(по умолчанию 60; такие партии считаются отдельно)")
    p.add_argument("--seed", type=seed, default=0, metavar="N")
    p.add_argument("--rules", "--preset", dest="rules", default="canonical", metavar="ПРАВИЛА")
    p.add_argument("--out", metavar="ФАЙЛ", help="записать сдачи в .jsonl (bezique-deal/1)")
    p.add_argument("--json", action="store_true", help="в конце строка JSON с итогами")
    p.add_argument("--samples", type=int_in(1, 100_000, "число вариантов"), metavar="N",
                   help="Мастер: число разыгранных вариантов на ход")
    p.add_argument("--time-limit", type=seconds, metavar="СЕКУНДЫ",
                   help="Мастер: секунд процессорного времени на ход (0 — без предела)")
    p.add_argument("--progress", action="store_true", help="печатать ход матча в stderr")
    p.add_argument("--jobs", type=int_in(1, max(64, os.cpu_count() or 1), "число процессов"),
                   default=1, metavar="N",
                   help="сколько процессов играют сдачи параллельно (по умолчанию 1)")
    p.set_defaults(func=c.cmd_match, parser=p)

    p = sub.add_parser("play", help="сыграть сдачу против компьютера в терминале",
                       example=c.PLAY_EXAMPLE)
    p.add_argument("--opponent", default="heuristic", choices=BOTS)
    p.add_argument("--seed", type=seed, metavar="N")
    p.add_argument("--rules", "--preset", dest="rules", default="canonical", metavar="ПРАВИЛА")
    p.add_argument("--deals", type=int_in(1, 1000, "число сдач"), default=1, metavar="N",
                   help="сколько сдач сыграть")
    p.add_argument("--no-review", action="store_true", help="без разбора ошибок после сдачи")
    p.add_argument("--save", metavar="ФАЙЛ", help="сохранить запись сдачи в файл")
    p.set_defaults(func=c.cmd_play, parser=p)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit status (never raises for bad input)."""
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:                                  # said by the subcommand: its usage, its example
            args.parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return args.func(args)
    except UsageError as e:
        print(e.full_text(), file=sys.stderr)
        return 2
    except BeziqueError as e:
        print(f"Ошибка: {e.message}", file=sys.stderr)
        return 2
    except SystemExit as e:                       # --help
        return e.code if isinstance(e.code, int) else 0
    except BrokenPipeError:                       # `… | head`: the reader stopped reading
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes
        except (OSError, AttributeError, ValueError):
            pass
        print("Ошибка: вывод закрыт раньше конца — остальное не напечатано.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Прервано.", file=sys.stderr)
        return 130
