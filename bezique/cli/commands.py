"""The subcommands of `python -m bezique` (one function each; the parser is in `bezique.cli`).

Exit status: 0 — done; 1 — an answer or a record disagrees with the engine (`check`,
`replay`); 2 — bad input: an unreadable or malformed file, a bad argument, an output file
that cannot be written. Messages are Russian; what programs read (the JSON of `solve`, the
`--json` lines) goes to stdout, errors to stderr.
"""

from __future__ import annotations

import json
import sys

from ..errors import BeziqueError, FormatError
from ..jsonio import os_error_ru
from ..ru import decimal
from .output import SafeWriter, check_output_path


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def rules_of(spec: str):
    """`--rules`: a preset name («canonical», «three_handed» …) or a JSON object
    {"preset": …, option: value}; RulesError/FormatError (Russian) otherwise."""
    from ..jsonio import parse_json
    from ..rules import RuleSet
    if spec.lstrip().startswith("{"):
        return RuleSet.from_spec(parse_json(spec, "--rules"))
    return RuleSet.from_spec(spec)


def _read_stdin() -> str:
    """Standard input as text: UTF-8, a byte-order mark accepted."""
    if sys.stdin is None:
        raise FormatError("стандартный ввод закрыт — передайте позицию файлом или через «<»",
                          "<stdin>")
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read()
    try:
        return buffer.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FormatError("ввод не в кодировке UTF-8 (сохраните файл как UTF-8)",
                          "<stdin>") from None
    except OSError as e:
        raise FormatError(f"стандартный ввод не читается: {os_error_ru(e)}", "<stdin>") from None


# ---------------------------------------------------------------------- positions

def cmd_solve(args) -> int:
    from ..jsonio import parse_json, read_json
    from ..positions import load_position, solve
    try:
        if args.file == "-":
            pos = load_position(parse_json(_read_stdin(), "<stdin>"), "<stdin>")
        else:
            pos = load_position(read_json(args.file), args.file)
        answer = solve(pos)
    except BeziqueError as e:
        _err(f"Ошибка: {e.message}")
        return 2
    _print_json(answer)
    return 0


def cmd_check(args) -> int:
    """Every file is checked, whatever the others hold: each bad one is reported."""
    from ..positions import compare, iter_position_files, load_file
    files = iter_position_files(args.paths)
    checked = differ = malformed = 0
    for path in files:
        try:
            report = []
            for pos in load_file(path):
                if pos.answer is None:
                    continue
                diffs = compare(pos)
                report.append((pos, diffs))
        except BeziqueError as e:              # this file only: the next one is checked too
            malformed += 1
            print(f"Ошибка формата: {e.message}")
            continue
        for pos, diffs in report:
            checked += 1
            if diffs:
                differ += 1
                print(f"{path} [{pos.id}]: ответ расходится с движком")
                for d in diffs:
                    print(f"  - {d}")
    print(f"Проверено позиций: {checked}; расходятся: {differ}; файлов с ошибками: {malformed}.")
    if not files:
        _err("Ошибка: не найдено ни одного файла .json — укажите файл позиции или папку с ними, "
             "например: python -m bezique check exercises/positions")
        return 2
    if malformed:
        _err(f"Ошибка: не прочитано файлов: {malformed} — причины выше.")
    return 2 if malformed else (1 if differ else 0)


# ---------------------------------------------------------------------- deal records

def _record_lines(path: str):
    """The records of a file and what their numbers count («запись» or «строка»): a list of
    (number, value or FormatError). One JSON value for the whole file (a record, as the
    practice table saves, or a list of records), else one record a line (.jsonl).
    FormatError if the file cannot be read at all."""
    from ..jsonio import parse_json, read_text
    text = read_text(path)
    if text.lstrip().startswith(("{", "[")):
        try:
            whole = parse_json(text, path)
        except FormatError:
            whole = None                       # several lines of JSON: read them one by one
        if isinstance(whole, list):
            return [(i, rec) for i, rec in enumerate(whole, 1)], "запись"
        if isinstance(whole, dict):
            return [(1, whole)], "запись"
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                out.append((n, parse_json(line, path, line=n)))
            except FormatError as e:
                out.append((n, e))
    return out, "строка"


def cmd_replay(args) -> int:
    from ..record import parse_record, replay
    from ..ru import plural
    try:
        lines, unit = _record_lines(args.file)
    except FormatError as e:
        _err(f"Ошибка: {e.message}")
        return 2
    if not lines:
        _err(f"Ошибка: в файле {args.file} нет ни одной записи сдачи — ожидались строки "
             'вида {"format": "bezique-deal/1", …}, по одной записи в строке')
        return 2
    passed = failed = malformed = 0
    for n, data in lines:
        try:
            if isinstance(data, FormatError):
                raise data
            outcome = replay(parse_record(data, args.file))
        except FormatError as e:
            malformed += 1
            text = e.message if isinstance(data, FormatError) else f"{unit} {n}: {e.message}"
            print(text)
            continue
        except BeziqueError as e:
            failed += 1
            print(f"{unit} {n}: {e.message}")
            continue
        if outcome.ok:
            passed += 1
        else:
            failed += 1
            print(f"{unit} {n}: {outcome.error}")
    total = passed + failed + malformed
    print(f"Проверено: {plural(total, 'запись')}; верных: {passed}; расходятся с движком: "
          f"{failed}; не прочитано: {malformed}.")
    if args.json:
        _print_json({"records": total, "passed": passed, "failed": failed,
                     "malformed": malformed})
    if malformed:
        _err(f"Ошибка: не прочитано записей: {malformed} — причины выше.")
    return 2 if malformed else 1 if failed else 0


SELFPLAY_EXAMPLE = "python -m bezique selfplay --deals 100 --seed 1 --out сдачи.jsonl"


def cmd_selfplay(args) -> int:
    from ..record import dumps_record
    from ..selfplay import selfplay
    rules = rules_of(args.rules)
    check_output_path(args.out, "--out", SELFPLAY_EXAMPLE)
    out = SafeWriter(args.out, _err)
    n = 0
    try:
        for deal in selfplay(rules, args.deals, args.seed):
            out.write(dumps_record(deal) + "\n")
            n += 1
    finally:
        where = out.close()
    if where is None:
        return 2
    print(f"Записано сдач: {n} → {where}")
    return 0


# ---------------------------------------------------------------------- bench, match, play

def cmd_bench(args) -> int:
    from ..bench import run_bench
    report = run_bench(args.what, repeats=args.repeats, quick=args.quick)
    if args.json:
        _print_json(report)
    return 0


MATCH_EXAMPLE = "python -m bezique match search heuristic --deals 100 --out сдачи.jsonl"
GAMES_EXAMPLE = "python -m bezique match search heuristic --games 20 --out партии.jsonl"


def _match_options(args) -> dict:
    options: dict = {}
    search_opts = {}
    if args.samples is not None:
        search_opts["samples"] = args.samples
    if args.time_limit is not None:
        search_opts["time_limit"] = args.time_limit if args.time_limit > 0 else None
    if search_opts:
        options["search"] = search_opts
    return options


def _times_text(decision_ms: dict) -> str:
    return "; ".join(f"{k} {v['median']:.0f}/{v['p95']:.0f} мс" for k, v in decision_ms.items())


def cmd_match(args) -> int:
    from .parser import UsageError
    if args.games is not None and args.deals is not None:
        raise UsageError("--deals и --games вместе нельзя: матч считается либо по сдачам, "
                         "либо по целым партиям", args.parser.format_usage(), GAMES_EXAMPLE)
    if args.max_deals is not None and args.games is None:
        raise UsageError("--max-deals — предел сдач в одной партии, он нужен только вместе "
                         "с --games", args.parser.format_usage(), GAMES_EXAMPLE)
    rules = rules_of(args.rules)
    options = _match_options(args)
    if args.games is not None:
        from ..players.games_match import MAX_DEALS_PER_GAME, format_games_table, run_games
        max_deals = MAX_DEALS_PER_GAME if args.max_deals is None else args.max_deals
        total, example, report = args.games, GAMES_EXAMPLE, format_games_table

        def play(out, progress):
            return run_games(args.a, args.b, args.games, args.seed, rules, out, options,
                             progress, jobs=args.jobs, max_deals=max_deals)

        def progress_text(s, a):
            return (f"доля побед {a} в партиях: {decimal(100 * s['game_win_rate_a'])} % "
                    f"(95 % ДИ {_interval(s['game_ci95'])}), в сдачах "
                    f"{decimal(100 * s['deal_win_rate_a'])} %")
    else:
        from ..players.match import format_table, run_match
        total = 100 if args.deals is None else args.deals
        example, report = MATCH_EXAMPLE, format_table

        def play(out, progress):
            return run_match(args.a, args.b, total, args.seed, rules, out, options, progress,
                             jobs=args.jobs)

        def progress_text(s, a):
            return (f"доля побед {a}: {decimal(100 * s['win_rate_a'])} % (95 % ДИ "
                    f"{_interval(s['ci95'])}), перевес {decimal(s['margin_mean_a'], signed=True)}")
    if args.out is not None:
        check_output_path(args.out, "--out", example)
    out = SafeWriter(args.out, _err) if args.out is not None else None

    def progress(done, res):
        if args.progress:
            s = res.summary()
            _err(f"[{done}/{total}] {progress_text(s, res.a)}; время решения (медиана/p95): "
                 f"{_times_text(s['decision_ms'])}")
    try:
        res = play(out, progress)
    finally:
        where = out.close() if out is not None else None
    print(report(res))
    if args.json:
        _print_json(res.summary())
    return 2 if out is not None and where is None else 0


def _interval(ci) -> str:
    """A 95 % interval of a share, in per cent: «58,0–64,1»."""
    return f"{decimal(100 * ci[0])}–{decimal(100 * ci[1])}"


PLAY_EXAMPLE = "python -m bezique play --opponent heuristic --save сдача.json"


def cmd_play(args) -> int:
    from ..players.play import TerminalGame, run
    rules = rules_of(args.rules)
    if args.save is not None:
        check_output_path(args.save, "--save", PLAY_EXAMPLE)
    game = TerminalGame(args.opponent, args.seed, rules, review=not args.no_review,
                        deals=args.deals)
    run(game)
    if args.save is not None:
        out = SafeWriter(args.save, print)
        records = game.records()
        for rec in records:
            out.write(rec + "\n")
        where = out.close()
        if where is None:
            return 2
        print(f"{'Запись сдачи сохранена' if len(records) == 1 else 'Записи сдач сохранены'}: "
              f"{where}")
    return 0

