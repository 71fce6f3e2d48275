"""Exceptions of the engine. Every message is Russian and meant for a learner."""

from __future__ import annotations


class BeziqueError(Exception):
    """Base class: `message` is the Russian text a learner sees."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class CardParseError(BeziqueError, ValueError):
    """A card (or a list of cards) could not be read."""


class RulesError(BeziqueError, ValueError):
    """An unknown preset or a bad option value of a RuleSet."""


class IllegalAction(BeziqueError):
    """An action the rules forbid; `rule` names the rule of RULES.md (e.g. "R4.5.3")."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class FormatError(BeziqueError, ValueError):
    """A malformed position file or deal record: names the file, the field and what was expected."""

    def __init__(self, message: str, path: str | None = None, field: str | None = None):
        self.path = path
        self.field = field
        where = []
        if path:
            where.append(f"файл {path}")
        if field:
            where.append(f"поле «{field}»")
        full = (", ".join(where) + ": " + message) if where else message
        super().__init__(full)
        self.detail = message
