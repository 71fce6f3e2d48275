"""The demos of chapters 12 and 13 without a browser: every difference, answer and choice they
show must come from the engine (RuleSet presets, positions.solve, the heuristic player); chapter
12 names each source by its human name and shows no code word to a learner."""

import json
import re
from pathlib import Path

import pytest

from ci_support import require_import

require_import("ipywidgets")

from bezique.actions import Play
from bezique.melds import Declaration
from bezique.positions import load_position, solve
from bezique.rules import PRESETS, RuleSet
from bezique.widgets.demos.advice import (CASES, YOU, AdviceCard, AdviceExplorer, coach_reason,
                                          computer_choice, memory_facts)
from bezique.ru import SOURCE_NAME, capitalize, preset_title
from bezique.option_text import OPTION_TEXT, differences
from bezique.widgets.demos.sources import (COMPARE_POSITIONS, SOURCES, PresetCompare,
                                           PresetDifferences, answer_text, differences_html,
                                           position_for)


# ---------------------------------------------------------------- chapter 12

@pytest.mark.parametrize("preset", [p for _, p in SOURCES])
def test_differences_are_the_presets(preset):
    rows = differences(preset)
    assert {r[3].split("=")[0] for r in rows} == set(RuleSet.preset(preset).differences())
    for conflict, canonical, theirs, option in rows:
        assert conflict.startswith("C-")
        assert canonical != theirs


def test_every_source_option_has_a_russian_text():
    # Every preset, the multi-pack ones (RULES-multipack.md §15.16) included, and every option
    # of §15.16 even where no preset changes it.
    from bezique.rules import MULTIPACK_OPTIONS
    for name in {k for p in PRESETS for k in PRESETS[p]} | set(MULTIPACK_OPTIONS):
        if name in ("players", "packs", "variant"):
            continue
        assert name in OPTION_TEXT, name


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_difference_reads_as_russian(preset):
    """Each value a preset sets (and the course's value beside it) has a Russian sentence: no
    fallback «name = value», no code word."""
    from bezique.option_text import describe_option
    from learner_words import learner_code_words
    rules = RuleSet.preset(preset)
    for name, value in rules.differences().items():
        if name in ("players", "packs", "variant"):
            continue
        for text in (describe_option(name, value, rules),
                     describe_option(name, getattr(RuleSet(), name), RuleSet())):
            assert re.search("[а-яё]", text) and " = " not in text, (name, text)
            assert not learner_code_words(text), (name, text)


def test_multipack_option_texts_take_their_numbers_from_the_rules():
    from bezique.option_text import describe_option
    rubicon, six = RuleSet.preset("rubicon"), RuleSet.preset("six_pack")
    assert describe_option("meld_carte_blanche", True, rubicon).endswith("— 50 очков")
    assert describe_option("meld_carte_blanche", True, six).endswith("— 250 очков")
    assert "девяти" in describe_option("phase2_must_head", True, rubicon)
    assert "восьми" in describe_option("phase2_must_head", True, RuleSet())
    assert "четверной безик — 4500" in describe_option("bezique_values", rubicon.bezique_values,
                                                       rubicon)
    assert "четыре козырные дамы — 900" in describe_option(
        "trump_quartets", RuleSet.preset("six_pack_pw6").trump_quartets,
        RuleSet.preset("six_pack_pw6"))


def test_preset_differences_widget():
    w = PresetDifferences("seed_001")
    assert "младшую" in w.table.value and "1500" in w.table.value
    w.preset.value = "seed_000C"
    assert "250" in w.table.value and "C-23" in w.table.value


@pytest.mark.parametrize("index", range(len(COMPARE_POSITIONS)))
def test_every_compare_position_differs_between_its_presets(index):
    _, data, (a, b) = COMPARE_POSITIONS[index]
    sa = solve(load_position(position_for(data, a)))
    sb = solve(load_position(position_for(data, b)))
    assert sa != sb


def test_preset_compare_widget_shows_both_answers():
    w = PresetCompare(0)
    assert "Ответы <b>разные</b>" in w.out.value
    assert "К♣, 7♣" in w.out.value and "<b>К♣</b>" in w.out.value
    assert "data:image/png;base64," in w.out.value            # the hand on cards
    w.b.value = "canonical"
    assert "Ответ один и тот же" in w.out.value
    w.position.value = 4
    assert w.b.value == "seed_001" and "теряет право" in w.out.value


def test_answer_text_lists_each_face_once():
    _, data, _ = COMPARE_POSITIONS[1]
    text = answer_text(data, "canonical")
    assert text.count("<li>") == 1                         # four physical marriages, one face


# ---------------------------------------------------------------- chapter 13

@pytest.mark.parametrize("case", [c for c in CASES if c.key != "memory"], ids=lambda c: c.key)
def test_each_case_is_a_legal_position_with_the_advised_choice(case):
    view = case.view()
    assert view.to_act == YOU and view.legal_actions
    act = computer_choice(case)
    assert act in view.legal_actions
    expected = {
        "lead_low": lambda a: type(a) is Play and a.card.rank in "987",
        "keep_queen": lambda a: type(a) is Play and a.card.face != ("Q", "S"),
        "scored_aces": lambda a: type(a) is Play and a.card.rank == "A" and a.card.suit != view.trump,
        "exchange_seven": lambda a: type(a) is Declaration and a.meld == "seven_exchange",
        "single_bezique": lambda a: type(a) is Declaration and a.meld == "bezique",
        "double_late": lambda a: type(a) is Declaration and a.meld == "double_bezique",
        "fight": lambda a: type(a) is Play and a.card.suit == view.trump,
    }[case.key]
    assert expected(act), act
    assert coach_reason(case, act)


def test_double_late_is_really_late():
    case = next(c for c in CASES if c.key == "double_late")
    assert case.view().stock_count <= 8
    single = next(c for c in CASES if c.key == "single_bezique")
    assert single.view().stock_count > 30


def test_memory_facts_come_from_the_view():
    case = next(c for c in CASES if c.key == "memory")
    view = case.view()
    trumps = [c for c in view.unseen() if c.suit == view.trump]
    assert f"вы ещё не видели: {len(trumps)}" in memory_facts(case)


def test_explorer_click_then_compare():
    w = AdviceExplorer("lead_low")
    assert "Как бы сыграли вы?" in w.result.value
    assert w.canvas.canvas.image_data
    king = next(c for c in w.current.view().hand if c.face == ("K", "S"))
    w.canvas.click_card(king)
    assert "Вы выбрали: сыграть К♠" in w.result.value and "Компьютер выбрал иначе" in w.result.value
    w.case.value = "single_bezique"
    assert w.buttons.children and not w.revealed
    w.buttons.children[-1].click()                         # «не объявлять»
    assert "Любитель" in w.result.value
    w.show.click()


def test_advice_card_is_static_html():
    html = AdviceCard("exchange_seven")._repr_html_()
    assert "<img" in html and "Тренер объясняет" in html


@pytest.mark.parametrize("bonus", [10, 250])
def test_the_four_handed_last_trick_text_is_the_engine_bonus(bonus):
    from bezique.option_text import describe_option
    rules = RuleSet.preset("four_handed").with_options(last_trick_points=bonus)
    assert describe_option("four_hand_last_trick", "side", rules) == \
        f"вчетвером последняя взятка — {bonus} очков паре"
    assert describe_option("four_hand_last_trick", "split_sides", rules) == \
        f"вчетвером по {bonus // 2} очков каждой паре"


# ---------------------------------------------------------------- chapter 12: names, not codes

CHAPTER_12 = Path(__file__).resolve().parents[2] / "book" / "chapters" / "12_sources.ipynb"
CODE_WORDS = re.compile(r"seed_|RuleSet|preset|<code>|\w+_\w+=")


def chapter_12_prose() -> str:
    nb = json.loads(CHAPTER_12.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
                     and "remove-cell" not in c.get("metadata", {}).get("tags", []))


@pytest.mark.parametrize("preset", [p for _, p in SOURCES])
def test_the_differences_table_names_the_source_and_no_option(preset):
    page = differences_html(preset)
    assert preset_title(preset) in page
    assert not CODE_WORDS.search(page), CODE_WORDS.search(page)
    for _, _, _, option in differences(preset):
        assert option.split("=")[0] not in page


def test_the_menus_offer_the_sources_by_name():
    labels = [label for label, _ in SOURCES]
    assert labels[0] == "Справочник (001)" and "Клубный текст (000-C)" in labels
    w = PresetCompare(0)
    assert not CODE_WORDS.search(w.out.value)
    assert "<b>Основные правила курса</b>" in w.out.value
    assert "<b>Журнальная статья (002)</b>" in w.out.value


def test_chapter_12_introduces_every_source_name_once_in_a_table():
    prose = chapter_12_prose()
    for code, (name, _) in SOURCE_NAME.items():
        row = f"| **{capitalize(name)}** ({code}) |"
        assert prose.count(row) == 1, row
    assert not CODE_WORDS.search(prose), CODE_WORDS.search(prose)
    assert "программ" not in prose
    # after the table a code appears only in round brackets right after a name
    after = prose[prose.index("Дальше в курсе источники называются так"):]
    bare = re.findall(r"(?<!\()\b(?:000-[A-E]|00[0-4])\b(?!\))", after)
    assert not bare, bare


def test_disputes_without_an_option_are_the_ones_the_chapter_names():
    """«Почти каждое расхождение»: the disputes the chapter says have no variant («Варианта
    нет») are exactly the real disputes no rule option plays, and the list up front names them."""
    prose = chapter_12_prose()
    with_option = {c for conflict, _ in OPTION_TEXT.values() for c in conflict.split(", ")}
    with_option |= {"C-29"}                        # the penalty mode (chapter 11) zeroes the score
    paragraphs = re.findall(r"\*\*(C-\d+b?)(?: и C-\d+)?\. (.*?)(?=\n\n|\Z)", prose, re.S)
    said_none = {c for c, text in paragraphs if "Варианта нет" in text}
    agreed = {c for c, text in paragraphs if re.search(r"Спора нет|все согласны|не\s+спорит", text)}
    no_option = {c for c, _ in paragraphs} - with_option - agreed
    assert said_none == no_option == {"C-07", "C-11", "C-14", "C-15"}
    assert "Почти каждое расхождение курс умеет сыграть" in prose
    assert "C-07, C-11, C-14 и C-15" in prose


def test_chapter_12_quotes_mark_an_omission_with_brackets():
    prose = chapter_12_prose()
    quotes = re.findall(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»", prose)
    assert quotes
    for q in quotes:
        assert "…" not in q.replace("[…]", ""), q
