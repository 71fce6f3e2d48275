"""Russian words have one home each: the names of ranks and suits in `cards` (the lowest module,
which needs them for `Card.name_ru`), plural forms and meld names in `ru`; no other module of
the package writes them again."""

from __future__ import annotations

import ast
from pathlib import Path

import bezique
from bezique.cards import RANK_NAME_RU, SUIT_GENITIVE_RU, SUIT_NAME_RU, Card
from bezique.ru import plural

PACKAGE = Path(bezique.__file__).parent
WORDS = {*SUIT_NAME_RU.values(), *SUIT_GENITIVE_RU.values(), *RANK_NAME_RU.values()}


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text())


def test_suit_and_rank_names_are_written_only_in_cards():
    found = []
    for name, tree in _modules():
        if name == "cards.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in WORDS:
                found.append(f"{name}:{node.lineno} {node.value!r}")
    assert found == []


def test_plural_forms_are_chosen_only_in_ru():
    found = []
    for name, tree in _modules():
        if name == "ru.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "plural_form":    # Babel's CLDR
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_plural_forms():
    assert [plural(n, "похожий вариант") for n in (1, 3, 5, 11, 21, 22)] == [
        "1 похожий вариант", "3 похожих варианта", "5 похожих вариантов", "11 похожих вариантов",
        "21 похожий вариант", "22 похожих варианта"]
    assert [plural(n, "карта") for n in (1, 2, 5, 47)] == ["1 карта", "2 карты", "5 карт", "47 карт"]


def test_card_names_come_from_the_one_table():
    assert Card("Q", "S").name_ru == f"{RANK_NAME_RU['Q']} {SUIT_GENITIVE_RU['S']}" == "дама пик"
    assert SUIT_NAME_RU == {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}
