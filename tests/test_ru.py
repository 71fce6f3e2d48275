"""Russian words have one home each: the names of ranks and suits in `cards` (the lowest module,
which needs them for `Card.name_ru`), plural forms and meld names in `ru`; no other module of
the package writes them again."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import bezique
from bezique.cards import RANK_NAME_RU, SUIT_GENITIVE_RU, SUIT_NAME_RU, Card
from bezique.ru import decimal, plural

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


NUMBERS = (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)

# Every word and case of `ru.plural`, written out for NUMBERS (11-14 take the "many" form).
PLURAL_TABLE = {
    ("очко", "nom"): "0 очков|1 очко|2 очка|4 очка|5 очков|11 очков|12 очков|14 очков|21 очко|"
                     "22 очка|25 очков|101 очко|111 очков",
    ("карта", "nom"): "0 карт|1 карта|2 карты|4 карты|5 карт|11 карт|12 карт|14 карт|21 карта|"
                      "22 карты|25 карт|101 карта|111 карт",
    ("взятка", "nom"): "0 взяток|1 взятка|2 взятки|4 взятки|5 взяток|11 взяток|12 взяток|"
                       "14 взяток|21 взятка|22 взятки|25 взяток|101 взятка|111 взяток",
    ("сдача", "nom"): "0 сдач|1 сдача|2 сдачи|4 сдачи|5 сдач|11 сдач|12 сдач|14 сдач|21 сдача|"
                      "22 сдачи|25 сдач|101 сдача|111 сдач",
    ("ход", "nom"): "0 ходов|1 ход|2 хода|4 хода|5 ходов|11 ходов|12 ходов|14 ходов|21 ход|"
                    "22 хода|25 ходов|101 ход|111 ходов",
    ("позиция", "nom"): "0 позиций|1 позиция|2 позиции|4 позиции|5 позиций|11 позиций|"
                        "12 позиций|14 позиций|21 позиция|22 позиции|25 позиций|101 позиция|"
                        "111 позиций",
    ("партия", "nom"): "0 партий|1 партия|2 партии|4 партии|5 партий|11 партий|12 партий|"
                       "14 партий|21 партия|22 партии|25 партий|101 партия|111 партий",
    ("похожий вариант", "nom"): "0 похожих вариантов|1 похожий вариант|2 похожих варианта|"
                                "4 похожих варианта|5 похожих вариантов|11 похожих вариантов|"
                                "12 похожих вариантов|14 похожих вариантов|21 похожий вариант|"
                                "22 похожих варианта|25 похожих вариантов|101 похожий вариант|"
                                "111 похожих вариантов",
    ("бриск", "nom"): "0 брисков|1 бриск|2 бриска|4 бриска|5 брисков|11 брисков|12 брисков|"
                      "14 брисков|21 бриск|22 бриска|25 брисков|101 бриск|111 брисков",
    ("запись", "nom"): "0 записей|1 запись|2 записи|4 записи|5 записей|11 записей|12 записей|"
                       "14 записей|21 запись|22 записи|25 записей|101 запись|111 записей",
    ("игра", "nom"): "0 игр|1 игра|2 игры|4 игры|5 игр|11 игр|12 игр|14 игр|21 игра|22 игры|"
                     "25 игр|101 игра|111 игр",
    ("уровень", "nom"): "0 уровней|1 уровень|2 уровня|4 уровня|5 уровней|11 уровней|"
                        "12 уровней|14 уровней|21 уровень|22 уровня|25 уровней|101 уровень|"
                        "111 уровней",
    ("ответ", "nom"): "0 ответов|1 ответ|2 ответа|4 ответа|5 ответов|11 ответов|12 ответов|"
                      "14 ответов|21 ответ|22 ответа|25 ответов|101 ответ|111 ответов",
    # «около 1 очка, около 2 очков», «разыграл 1 сдачу, 2 сдачи, 5 сдач»
    ("очко", "gen"): "0 очков|1 очка|2 очков|4 очков|5 очков|11 очков|12 очков|14 очков|21 очка|"
                     "22 очков|25 очков|101 очка|111 очков",
    ("сдача", "acc"): "0 сдач|1 сдачу|2 сдачи|4 сдачи|5 сдач|11 сдач|12 сдач|14 сдач|21 сдачу|"
                      "22 сдачи|25 сдач|101 сдачу|111 сдач",
    ("взятка", "acc"): "0 взяток|1 взятку|2 взятки|4 взятки|5 взяток|11 взяток|12 взяток|"
                       "14 взяток|21 взятку|22 взятки|25 взяток|101 взятку|111 взяток",
    ("карта", "acc"): "0 карт|1 карту|2 карты|4 карты|5 карт|11 карт|12 карт|14 карт|21 карту|"
                      "22 карты|25 карт|101 карту|111 карт",
}


@pytest.mark.parametrize("word,case", sorted(PLURAL_TABLE))
def test_plural_table(word, case):
    assert "|".join(plural(n, word, case) for n in NUMBERS) == PLURAL_TABLE[(word, case)]


def _plural_calls():
    """(word, case) of every `plural(n, "word"[, "case"])` call with literal arguments in the
    package and the notebooks."""
    root = PACKAGE.parent
    sources = [p.read_text() for p in sorted(PACKAGE.rglob("*.py"))]
    for nb in sorted([*root.glob("book/chapters/*.ipynb"), *root.glob("exercises/*.ipynb")]):
        cells = json.loads(nb.read_text())["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    for text in sources:
        try:
            tree = ast.parse(text)
        except SyntaxError:                                  # a notebook cell with a magic
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "plural"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                case = node.args[2].value if len(node.args) > 2 else "nom"
                yield node.args[1].value, case


def test_plural_table_covers_every_word_the_project_uses():
    used = set(_plural_calls())
    assert len(used) >= 5                                    # the scan itself finds the calls
    assert used <= set(PLURAL_TABLE), used - set(PLURAL_TABLE)


@pytest.mark.parametrize("x,digits,signed,text", [
    (-12.44, 1, False, "\u221212,4"), (42.4, 1, True, "+42,4"), (0.0, 1, True, "+0,0"),
    (-0.01, 1, False, "0,0"), (3.75, 2, False, "3,75"), (100, 1, False, "100,0")])
def test_decimal_numbers_are_printed_the_russian_way(x, digits, signed, text):
    """A decimal comma and a true minus sign («−12,4»), never a hyphen and a point."""
    assert decimal(x, digits, signed) == text


def test_every_preset_has_a_human_title_and_phrase():
    from bezique.rules import PRESETS
    from bezique.ru import preset_rules_phrase, preset_title
    for preset in PRESETS:
        title, phrase = preset_title(preset), preset_rules_phrase(preset)
        assert "_" not in title and "_" not in phrase, preset
        assert phrase.startswith("по "), phrase
    assert preset_title("seed_000C") == "Клубный текст (000-C)"
    assert preset_rules_phrase("seed_001") == "по правилам справочника (001)"
    assert preset_rules_phrase("seed_003") == "по коротким правилам (003)"


def test_source_names_put_the_code_in_brackets_after_the_name():
    from bezique.ru import SOURCE_NAME, source_name
    for code in SOURCE_NAME:
        assert source_name(code).endswith(f"({code})")
        assert code not in source_name(code, with_code=False)
    assert source_name("000-C", genitive=True) == "клубного текста (000-C)"


def test_a_four_card_no_trump_marriage_is_named_double():
    from bezique.cards import parse_cards
    from bezique.ru import describe_declaration, meld_name
    four, two = parse_cards("KH#1 KH#2 QH#1 QH#2"), parse_cards("KH QH")
    assert meld_name("no_trump_marriage", four) == "двойной марьяж, назначающий козырь"
    assert meld_name("no_trump_marriage", two) == "марьяж, назначающий козырь"
    assert describe_declaration("no_trump_marriage", four, 80).startswith("двойной марьяж")
    # the cards stand next to the noun, before the participle clause
    assert describe_declaration("no_trump_marriage", two, 20) == \
        "марьяж К♥ Д♥, назначающий козырь — 20 очков"
    assert describe_declaration("no_trump_marriage", four, 80) == \
        "двойной марьяж К♥ К♥ Д♥ Д♥, назначающий козырь — 80 очков"


def test_a_declaration_as_the_object_of_declare():
    from bezique.cards import parse_cards
    from bezique.ru import describe_declaration
    assert describe_declaration("trump_seven", parse_cards("7H"), 10, accusative=True) == \
        "козырную семёрку 7♥ — 10 очков"
    assert describe_declaration("trump_seven", parse_cards("7H"), 10) == \
        "козырная семёрка 7♥ — 10 очков"
