"""Безик: the rules engine of the course (pure Python, no Jupyter imports).

Main entry points: `Deal` (one deal as a state machine), `Game` (deals to the target),
`RuleSet` (options and presets), `Card` and `parse_card`/`parse_cards` (notation).
Importing the package registers the variants (`bezique.variants`).
"""

from .actions import PASS, Announce, Pass, Play, announce, declare, play
from .cards import Card, cards_ru, make_pack, parse_card, parse_cards, sort_cards
from .deal import Deal
from .errors import BeziqueError, CardParseError, FormatError, IllegalAction, RulesError
from .game import Game
from .melds import Declaration
from .rules import PRESETS, RuleSet
from .variants import infusorka as _infusorka  # noqa: F401  (registers the many-pack game)
from .variants import multipack as _multipack  # noqa: F401  (registers Rubicon, six/eight-pack)

__all__ = ["PASS", "Announce", "Pass", "Play", "announce", "declare", "play", "Card", "cards_ru",
           "make_pack", "parse_card", "parse_cards", "sort_cards", "Deal", "BeziqueError",
           "CardParseError", "FormatError", "IllegalAction", "RulesError", "Game", "Declaration",
           "PRESETS", "RuleSet"]
