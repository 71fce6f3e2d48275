"""The Russian a learner reads in the curated exercises (prompt and explanation of every
position file): the course's words (issue 28, points 6, 7 and 9).

* a source is named by its human name, its code at most in brackets right after the name
  («клубный текст (000-C)», «(справочник, 001)» after a quotation) — never «источник 001»,
  «по 000-B», a bare «(004)»;
* no names from the code («набор «no_trump»», snake_case, file names);
* the opponent is «соперник», not «противник»; the rules are stated, not «по мнению программы»;
* «бриск» is masculine; an omission inside a quotation is «[…]», as chapter 12 says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bezique.ru import SOURCE_NAME

POSITIONS = Path(__file__).resolve().parents[2] / "exercises" / "positions"
FILES = sorted(POSITIONS.rglob("*.json"))

CODE = re.compile(r"(?<![\w-])(000-[A-E]|00[0-4])(?![\w-])")
# The forms of each source's name that a text may use before its code: the name's first word
# (any case ending), «клубн…», «справочник…», «коротк…», «журнальн…», «стар…», «первом/первого
# текст… сборника», «текст… об инфузорках», «страниц… «Боевой дракон»».
STEMS = {code: re.compile(r"\b" + r"\w*\s+".join(w[:max(4, len(w) - 3)] for w in name.split()[:2])
                          + r"\w*", re.IGNORECASE)
         for code, (name, _) in SOURCE_NAME.items()}
WRONG = {
    "противник": re.compile(r"\bпротивник", re.IGNORECASE),
    "программа судит": re.compile(r"программ|движ(?:ок|ка|ку|ком|ке)\b", re.IGNORECASE),
    "код": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[\w-]+\.json\b|набор «"),
    # «бриска» is also the masculine genitive («два бриска»): only the feminine's own forms
    "бриска (ж. р.)": re.compile(r"\bбриск(?:ой|ою)\b|\bбрисок\b|-бриска|\bкак бриска\b|"
                                 r"\b(?:две|одна|одну) бриск", re.IGNORECASE),
    "… в цитате": re.compile(r"«[^»]*(?<!\[)…(?!\])[^»]*»"),
}


def texts(path: Path) -> list[tuple[str, str]]:
    item = json.loads(path.read_text(encoding="utf-8"))
    return [(f, item[f]) for f in ("prompt", "explain") if item.get(f)]


def unnamed_codes(text: str) -> list[str]:
    """Codes that stand outside brackets, or whose name is not in the 60 characters before."""
    bad = []
    for m in CODE.finditer(text):
        inside = text.count("(", 0, m.start()) > text.count(")", 0, m.start())
        named = STEMS[m.group()].search(text[max(0, m.start() - 60):m.start()])
        if not (inside and named):
            bad.append(m.group())
    return bad


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_sources_by_name_and_no_code_words(path):
    found = [(f, code) for f, text in texts(path) for code in unnamed_codes(text)]
    found += [(f, word) for f, text in texts(path) for word, rx in WRONG.items() if rx.search(text)]
    assert not found, found


@pytest.mark.parametrize(("text", "bad"), [
    ("Так в источнике 003: «…»", ["003"]),
    ("Правила 000-E; условие выполнено.", ["000-E"]),
    ("«Козырь бьёт» (000-C).", ["000-C"]),
    ("«Козырь бьёт» (клубный текст, 000-C).", []),
    ("Играем по коротким правилам (003).", []),
    ("как в справочнике (001): «обменять»", []),
    ("так в журнальной статье, коротких правилах и на странице «Боевой дракон»: 002, 003, 004)",
     ["002", "003", "004"]),
])
def test_the_name_check_itself(text, bad):
    assert unnamed_codes(text) == bad


def test_the_word_checks_themselves():
    assert WRONG["противник"].search("Противник пошёл 9♣")
    assert WRONG["код"].search("Бескозырный безик (набор «no_trump»)")
    assert WRONG["бриска (ж. р.)"].search("заберёте две бриски")
    assert WRONG["бриска (ж. р.)"].search("десятка-бриска пригодится")
    assert not WRONG["бриска (ж. р.)"].search("Брисков у Анны 9, два бриска в одной взятке")
    assert WRONG["… в цитате"].search("«сделать ход… должен»")
    assert not WRONG["… в цитате"].search("«сделать ход […] должен»")
