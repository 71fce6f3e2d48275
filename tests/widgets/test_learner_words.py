"""Words a learner should not meet in the widgets' Russian texts (issue 13): the program is
«программа», not «движок»; players are named, not numbered «(игрок 1)»; «бриск» is masculine
(«брисков», not «брисок»). Every string literal of bezique/widgets is read (f-string parts
too); docstrings are English and skipped."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from learner_words import learner_code_words

WIDGETS = Path(__file__).resolve().parents[2] / "bezique" / "widgets"
WRONG = {
    "движок": re.compile(r"\bдвиж(?:ок|ка|ку|ком|ке)\b", re.IGNORECASE),
    "программа судит": re.compile(r"по мнению программы|так (?:их|его|её) считает программа"
                                  r"|программа (?:скажет|проверит|объяснит)", re.IGNORECASE),
    "(игрок N)": re.compile(r"\(игрок \d\)", re.IGNORECASE),
    "брисок": re.compile(r"\bбрисок\b", re.IGNORECASE),
}


def _strings(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


# and the engine's modules whose every text is for a learner at the table (the file readers'
# messages name a file's fields on purpose: they are for whoever writes the file)
ENGINE = WIDGETS.parent
FILES = sorted(WIDGETS.rglob("*.py")) + [ENGINE / "narrate.py", ENGINE / "players" / "coach.py",
                                         ENGINE / "variants" / "multipack" / "explain.py"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_wrong_words_in_widget_texts(path):
    found = [(line, word, text[:60]) for line, text in _strings(path)
             for word, pattern in WRONG.items() if pattern.search(text)]
    assert not found, found


def test_the_check_finds_a_wrong_word(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""Doc: движок."""\nHINT = ("Нажмите — движок "\n        "скажет.")\n'
                   'X = f"Играли Анна (игрок 1) и {0}"\n', encoding="utf-8")
    texts = [t for _, t in _strings(bad)]
    assert any(WRONG["движок"].search(t) for t in texts)
    assert any(WRONG["(игрок N)"].search(t) for t in texts)
    assert not any("Doc" in t for t in texts)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_code_words_in_widget_texts(path):
    found = [(line, words, text[:70]) for line, text in _strings(path)
             if (words := learner_code_words(text))]
    assert not found, found


@pytest.mark.parametrize(("text", "expected"), [
    ("Штраф, как за столом (penalty_mode=\"apply\")", ["penalty_mode"]),
    ("Набор правил RuleSet.preset(\"seed_000C\")", ["RuleSet", "seed_000C"]),
    ("по 000-B — 50, по клубному тексту (000-C) — 60", ["000-B"]),
    ("Правила источника 001.", ["001"]),
    ("Справочник (001) и старый текст (000-E, 1873)", []),
    ("Сохраните bezique_progress.json", ["bezique_progress.json"]),
    ("формат bezique-deal/1", ["bezique-deal/1"]),
    ("seed_000C", []),                       # not a learner's text: a key
    ("1000 очков, взятка 24 из 001-й", []),
])
def test_code_word_finder_itself(text, expected):
    assert learner_code_words(text) == expected

