"""An argparse parser that speaks Russian: usage, help headings, errors, checked number ranges.

argparse writes its own messages in English and exits the process on a bad argument. Here
every error becomes a `UsageError` (exit status 2 in `bezique.cli.main`) whose message is
Russian, names what was wrong and shows a correct example of the command.
"""

from __future__ import annotations

import argparse
import math
import re
from typing import Callable, Sequence

from ..errors import BeziqueError

PROG = "python -m bezique"


class UsageError(BeziqueError):
    """A command line that cannot be run: the Russian message, the usage and an example."""

    def __init__(self, message: str, usage: str = "", example: str = ""):
        super().__init__(message)
        self.usage = usage
        self.example = example

    def full_text(self) -> str:
        lines = [self.usage.rstrip()] if self.usage else []
        lines.append(f"Ошибка: {self.message}")
        if self.example:
            lines.append(f"Пример: {self.example}")
        return "\n".join(lines)


def _choices_text(text: str) -> str:
    """"'a', 'b'" (argparse's list of choices) → "a, b"."""
    return ", ".join(x.strip().strip("'\"") for x in text.split(","))


# argparse's messages (Python 3.11's argparse.py), said in Russian: (pattern, replacement).
_MESSAGES: list[tuple[re.Pattern, Callable[[re.Match], str]]] = [
    (re.compile(r"^argument (?P<name>[^:]+): (?P<rest>.*)$", re.S),
     lambda m: f"{_argument_name(m['name'])}: {translate(m['rest'])}"),
    (re.compile(r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$", re.S),
     lambda m: f"недопустимое значение «{m['value'].strip(chr(39))}»; можно: "
               f"{_choices_text(m['choices'])}"),
    (re.compile(r"^invalid (?P<type>\w+) value: (?P<value>.*)$", re.S),
     lambda m: f"недопустимое значение «{m['value'].strip(chr(39))}»"),
    (re.compile(r"^expected one argument$"), lambda m: "после него нужно значение"),
    (re.compile(r"^expected at most one argument$"), lambda m: "нужно не больше одного значения"),
    (re.compile(r"^expected at least one argument$"), lambda m: "нужно хотя бы одно значение"),
    (re.compile(r"^expected (?P<n>\d+) arguments?$"), lambda m: f"нужно значений: {m['n']}"),
    (re.compile(r"^the following arguments are required: (?P<what>.*)$", re.S),
     lambda m: f"не хватает обязательного: {m['what']}"),
    (re.compile(r"^unrecognized arguments: (?P<what>.*)$", re.S),
     lambda m: f"неизвестные параметры: {m['what']}"),
    (re.compile(r"^ambiguous option: (?P<opt>\S+) could match (?P<what>.*)$", re.S),
     lambda m: f"параметр {m['opt']} неоднозначен: подходят {m['what']}"),
    (re.compile(r"^ignored explicit argument (?P<value>.*)$", re.S),
     lambda m: f"у этого параметра не бывает значения ({m['value']})"),
    (re.compile(r"^one of the arguments (?P<what>.*) is required$", re.S),
     lambda m: f"нужен один из параметров {m['what']}"),
    (re.compile(r"^not allowed with argument (?P<what>.*)$", re.S),
     lambda m: f"нельзя вместе с {m['what']}"),
]


def _argument_name(name: str) -> str:
    if name.startswith("-"):
        return f"параметр {name}"
    if name.startswith("{") or name == "команда":
        return "команда"
    return f"аргумент «{name}»"


def translate(message: str) -> str:
    """argparse's English message in Russian (already Russian text is kept as it is)."""
    for pattern, say in _MESSAGES:
        m = pattern.match(message)
        if m:
            return say(m)
    return message


class RussianArgumentParser(argparse.ArgumentParser):
    """ArgumentParser with Russian usage, help and errors; errors raise `UsageError`.

    `example` (a keyword of the constructor and of `add_parser`) is a correct command line
    shown after an error."""

    def __init__(self, *args, example: str = "", **kwargs):
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self.example = example
        self._positionals.title = "аргументы"
        self._optionals.title = "параметры"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help="показать эту справку и выйти")

    def format_usage(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            prefix="Использование: ")
        return formatter.format_help()

    def format_help(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            prefix="Использование: ")
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def error(self, message: str):
        raise UsageError(translate(message), self.format_usage(), self.example)

    def exit(self, status: int = 0, message: str | None = None):
        if status and message:
            raise UsageError(translate(message.strip()), self.format_usage(), self.example)
        super().exit(status, message)            # --help: prints, then SystemExit(0)


# ---------------------------------------------------------------------- checked values

def int_in(lo: int, hi: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from lo to hi, said in Russian otherwise."""
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:                       # not a number, or thousands of digits
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise argparse.ArgumentTypeError(
                f"{what} — целое число от {lo} до {hi}, а не «{shown}»") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{what} — целое число от {lo} до {hi}, а не {value}")
        return value
    convert.__name__ = "int"
    return convert


def seconds(text: str) -> float:
    """An argparse type: seconds, a finite number ≥ 0 (0 means no limit)."""
    try:
        value = float(text)
    except ValueError:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise argparse.ArgumentTypeError(f"время — число секунд, например 0.5, а не «{shown}»") \
            from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"время — число секунд не меньше 0, например 0.5, "
                                         f"а не {text}")
    return value


def list_of(choices: Sequence[str], what: str) -> Callable[[str], str]:
    """An argparse type for one item of a list of names (`nargs="*"` with a default)."""
    def convert(text: str) -> str:
        if text not in choices:
            raise argparse.ArgumentTypeError(f"неизвестное значение «{text}»; {what}: "
                                             f"{', '.join(choices)}")
        return text
    convert.__name__ = "choice"
    return convert
