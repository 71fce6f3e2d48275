"""One model of card re-use (issue 28.2) in chapter 07, the glossary and the memo: the kinds
(«роды») the pages name are the ones the engine plays — the double bezique in the bezique kind,
grown only from one scored single — and chapter 07 keeps to the main rules (the strict rule
«хотя бы одна карта с руки» is chapter 12's)."""

import json
import re
from pathlib import Path

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import parse_cards
from bezique.melds import MeldContext, MeldState, enumerate_declarations, make_declaration, meld_points
from bezique.rules import RuleSet
from bezique.widgets.demos.reuse import SCENARIOS, STRICT_SCENARIOS, DeclarationHistory

CHAPTERS = Path(__file__).resolve().parents[2] / "book" / "chapters"

CARDS = {
    "marriage": "KH#1 QH#1", "royal_marriage": "KS#1 QS#1", "sequence": "AS#1 TS#1 KS#1 QS#1 JS#1",
    "bezique": "QS#1 JD#1", "double_bezique": "QS#1 QS#2 JD#1 JD#2",
    "four_kings": "KS#1 KH#1 KD#1 KC#1", "four_queens": "QS#1 QH#1 QD#1 QC#1",
    "four_jacks": "JS#1 JH#1 JD#1 JC#1",
}
# (scored first, then, legal?) — with the cards above, trumps spades: each pair shares a card.
PLAYED = [
    ("royal_marriage", "sequence", True),         # grows: the same king and queen
    ("sequence", "royal_marriage", False),        # the sequence's K and Q are married already
    ("bezique", "double_bezique", True),          # grows: the second pair added
    ("double_bezique", "bezique", False),         # one kind: no single after the double
    ("royal_marriage", "bezique", True),          # different kinds share the queen
    ("bezique", "four_queens", True),
    ("double_bezique", "four_queens", True),
    ("four_queens", "double_bezique", True),
    ("sequence", "four_kings", True),
    ("sequence", "bezique", True),
    ("sequence", "four_jacks", True),
    ("four_kings", "royal_marriage", True),
    ("marriage", "four_kings", True),
]


def legal(first: str, then: str) -> bool:
    rules = RuleSet()
    a, b = parse_cards(CARDS[first]), parse_cards(CARDS[then])
    state = MeldState.from_scored([make_declaration(first, a, meld_points(first, rules, "S", a))],
                                  "S", rules)
    found = enumerate_declarations(set(a) | set(b), state, MeldContext.for_hand(rules=rules, trump="S"))
    return any(d.meld == then and set(d.cards) == set(b) for d in found)


@pytest.mark.parametrize("first,then,ok", PLAYED, ids=[f"{a}->{b}" for a, b, _ in PLAYED])
def test_the_kinds_as_the_engine_plays_them(first, then, ok):
    assert legal(first, then) is ok


def test_the_same_kind_is_not_repeated_from_the_same_cards():
    for meld in ("marriage", "sequence", "bezique", "double_bezique", "four_kings"):
        assert not legal(meld, meld), meld


def prose(name: str) -> str:
    path = CHAPTERS / name
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
                     and "remove-cell" not in c.get("metadata", {}).get("tags", []))


KINDS_07 = ["марьяжи", "секвенция", "безики", "четыре туза", "четыре короля", "четыре дамы",
            "четыре валета"]


def test_chapter_07_lists_the_seven_kinds_with_the_double_in_the_bezique_kind():
    text = prose("07_meld_reuse.ipynb")
    assert "Родов комбинаций <род комбинации>` семь:" in text
    block = text[text.index("` семь:"):text.index("Козырная семёрка — не комбинация")]
    named = re.findall(r"\*\*([^*]+)\*\*", block)
    assert named == KINDS_07
    assert "безики** — простой безик и двойной: это один род" in block
    assert "отдельно **двойные безики**" not in text
    # how a double grows, and the growth the chapter's own examples show
    assert "к **одному** засчитанному простому безику добавляют" in text
    assert legal("bezique", "double_bezique") and not legal("double_bezique", "bezique")


def test_the_glossary_says_the_same_seven_kinds():
    text = prose("14_glossary.md")
    entry = re.sub(r"\s+", " ", text[text.index("\nрод комбинации\n"):text.index("\nрозыгрыш\n")])
    assert "Родов семь" in entry
    for kind in ("марьяжи", "секвенция", "безики (простой и двойной — один род)", "четыре туза",
                 "четыре короля", "четыре дамы", "четыре валета"):
        assert kind in entry, kind
    assert "вида" not in text.replace("вида {term}", "")      # «Ссылки вида {term}…» is not a kind
    assert "разного {term}`рода <род комбинации>`" in re.sub(r"\s+", " ", text)
    double = re.sub(r"\s+", " ", text[text.index("\nдвойной безик\n"):text.index("\nдвойной марьяж\n")])
    assert "Это тот же" in double and "вырастает из одного засчитанного" in double


def test_the_memo_says_the_same_kinds():
    memo = (CHAPTERS / "16_table_memo.md").read_text(encoding="utf-8")
    assert "**безики** (простой и двойной — один род)" in memo
    for kind in KINDS_07:
        assert f"**{kind}**" in memo, kind


def test_chapter_07_has_no_code_program_or_bare_ellipsis_in_a_quote():
    text = prose("07_meld_reuse.ipynb")
    assert "программ" not in text
    assert "Строгое правило" not in text and "Строгое правило" in prose("12_sources.ipynb")
    assert not re.findall(r"(?<![(\w-])(?:000-[A-E]|00[0-4])(?![)\w])", text)
    quotes = re.findall(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»", text)
    assert quotes
    for q in quotes:
        if q.startswith("«…очков за мной"):        # the phrase said at the table, not a quote
            continue
        assert "…" not in q.replace("[…]", ""), q


def test_chapter_07_history_plays_the_main_rules_only():
    w = DeclarationHistory("queen")
    assert w.rules_list not in w.children[0].children
    assert [k for _, k in w.scenario.options] == [k for k in SCENARIOS if k not in STRICT_SCENARIOS]
    assert "программ" not in w.legal_html.value


def test_the_strict_rule_example_has_its_rules_menu_alone():
    w = DeclarationHistory("table_only")
    assert w.children[0].children == (w.rules_list,)
    assert "✔ Марьяж (К♠ со стола, Д♠ со стола) — 20 очков" in w.legal_html.value
    w.rules_list.value = "strict"
    assert "✔ Марьяж" not in w.legal_html.value
