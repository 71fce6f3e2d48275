"""The demos of chapters 06 and 07 without a browser: clicks and buttons drive the widgets, and
every name, point and reason they show must be the engine's."""

import re

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import Card, parse_card, parse_cards
from bezique.melds import MeldState, explain_illegal, meld_points
from bezique.ru import meld_name, points
from bezique.rules import RuleSet
from bezique.widgets.demos.melds import MeldBuilder, find_meld, meld_context, why_not_meld
from bezique.widgets.demos.reuse import SCENARIOS, DeclarationHistory
from bezique.widgets.demos.meld_pictures import (MELD_SAMPLES, carte_blanche_deal,
                                                 carte_blanche_item, gallery_items, history_view,
                                                 meld_gallery, pending_story, scenario_view,
                                                 timing_story, verdict_picture)


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# ---------------------------------------------------------------- the gallery

def test_gallery_shows_every_standard_meld_with_the_engines_points():
    items = gallery_items()
    assert [d.meld for d, _ in items] == [m for m, *_ in MELD_SAMPLES]
    for d, caption in items:
        assert d.points == meld_points(d.meld, RuleSet(), "H", d.cards)
        assert caption.endswith(points(d.points))
    caps = [c for _, c in items]
    assert "Козырная секвенция — 250 очков" in caps
    assert "Двойной безик — 500 очков" in caps
    assert "Четыре дамы — 60 очков" in caps          # with two queens of spades: any four


def test_optional_gallery_and_carte_blanche():
    caps = [c for _, c in gallery_items(optional=True)]
    assert "Двойной козырный марьяж (короткие правила, старый текст) — 80 очков" in caps
    assert "Некозырная квинта (старый текст) — 100 очков" in caps
    assert "Две козырные семёрки (старый текст) — 20 очков" in caps
    assert "Безик при козырях пики (первый текст сборника) — 40 очков" in caps
    cards, pts = carte_blanche_item()
    assert pts == 250 and not any(c.is_court for c in cards) and len(cards) == 8
    html = meld_gallery(optional=True)._repr_html_()
    assert html.count("<img") == 6 and "Карт-бланш (клубный текст) — 250 очков" in html


def test_find_meld_depends_on_the_rules():
    assert find_meld("double_marriage", "К♣ К♣ Д♣ Д♣") is None
    assert find_meld("double_marriage", "К♣ К♣ Д♣ Д♣", RuleSet.preset("seed_003")).points == 40
    assert find_meld("bezique", "Д♠ В♦", RuleSet.preset("seed_000A"), "S") is None
    assert find_meld("bezique", "Д♠ В♦", RuleSet.preset("seed_000A"), "H").points == 40


# ---------------------------------------------------------------- «Соберите комбинацию»

def test_builder_names_a_marriage_and_its_points():
    w = MeldBuilder()
    assert "Нажмите на карты" in w.result.value
    for c in w._find("К♠ Д♠"):
        w.click(c)
    assert w.selected == set(w._find("К♠ Д♠")) == w.canvas.selected
    assert "Марьяж — 20 очков" in text(w.result.value)
    for c in w._find("К♥ Д♥"):
        w.click(c)
    assert w.canvas_red.selected == set(w._find("К♥ Д♥"))
    assert "Это не комбинация." in text(w.result.value)
    assert w.canvas.canvas.image_data and w.canvas_red.canvas.image_data                # the picture is in the widget state


def test_builder_trump_makes_a_royal_marriage():
    w = MeldBuilder(pick="К♠ Д♠")
    w.trump.value = "S"
    assert "Козырный марьяж — 40 очков" in text(w.result.value)
    assert w.selected == set(w._find("К♠ Д♠"))   # the choice survives the switch


def test_builder_explains_a_non_meld_with_the_engines_words():
    w = MeldBuilder(pick="К♠ Д♥")
    assert "Это не комбинация." in text(w.result.value)
    assert "Марьяж — это король и дама одной масти." in text(w.result.value)
    w.select(w._find("Т♠ 10♠ К♠ Д♠ В♠"))
    assert "Секвенция бывает только в козырной масти." in text(w.result.value)


def test_builder_optional_melds_follow_the_chosen_source():
    w = MeldBuilder(pick="К♠ К♠ Д♠ Д♠")
    assert "В этих правилах комбинации «двойной марьяж» нет." in text(w.result.value)
    w.rules_list.value = "seed_003"
    assert "Двойной марьяж — 40 очков" in text(w.result.value)
    w.rules_list.value = "seed_000E"
    w.select(w._find("Т♠ 10♠ К♠ Д♠ В♠"))
    assert "Некозырная квинта — 100 очков" in text(w.result.value)
    w.select(w._find("7♥ 7♥"))
    assert "Две козырные семёрки — 20 очков" in text(w.result.value)


def test_builder_bezique_pair_of_000A_and_distinct_suits():
    w = MeldBuilder(pick="Д♣ В♥", rules="seed_000A", trump="S")
    assert "Безик — 40 очков" in text(w.result.value)
    w.select(w._find("Д♠ В♦"))
    assert "Безик — это дама треф и валет червей." in text(w.result.value)
    w = MeldBuilder(pick="Д♠ Д♠ Д♥ Д♣")
    assert "Четыре дамы — 60 очков" in text(w.result.value)
    w.rules_list.value = "distinct_suits"
    assert "четвёрка должна быть из карт разных мастей" in text(w.result.value)


def test_builder_hint_lists_the_engines_melds():
    w = MeldBuilder()
    assert w.hint.layout.display == "none"
    w.hint_box.value = True
    assert w.hint.layout.display is None
    hint = text(w.hint.value)
    assert "Двойной безик — 500 очков: Д♠ Д♠ В♦ В♦" in hint
    assert "Марьяж — 20 очков: К♠ Д♠; К♣ Д♣" in hint


def test_why_not_meld_is_explain_illegal():
    cards = tuple(parse_cards("К♠ Д♥"))
    rules = RuleSet()
    assert why_not_meld(cards, rules, "H") == explain_illegal(
        "marriage", cards, set(cards), MeldState(), meld_context(rules, "H")).message



@pytest.mark.parametrize("cards, trump, preset, reason", [
    # Issue 28.11: no reason about a meld the cards are not (it was «две козырные семёрки»).
    ("Т♠ 7♥", "H", "canonical", "Туз пик и семёрка червей не бывают в одной комбинации: туз пик "
     "входит только в четыре туза, семёрка червей — только в козырную семёрку."),
    ("Т♠ К♣", "H", "canonical", "Туз пик и король треф не бывают в одной комбинации"),
    ("10♠", "H", "canonical", "Десятка пик не входит ни в одну комбинацию при этом козыре."),
    ("К♠ 9♥", "H", "canonical", "Девятка червей не входит ни в одну комбинацию."),
    ("7♥ 7♠", "H", "canonical", "Семёрка пик не входит ни в одну комбинацию при этом козыре."),
    # the shape of a meld these rules lack is told as such
    ("7♥ 7♥", "H", "canonical", "В этих правилах комбинации «две козырные семёрки» нет."),
    ("К♠ К♠ Д♠ Д♠", "H", "canonical", "В этих правилах комбинации «двойной марьяж» нет."),
    # the meld the cards nearly are
    ("Т♥ К♥ Д♥ В♥ 9♥", "H", "canonical", "Секвенция — это туз, десятка, король, дама и валет"),
    ("Т♠ 10♠ К♠ Д♠ В♠", "H", "canonical", "Секвенция бывает только в козырной масти."),
    ("Д♦ В♠", "H", "canonical", "Безик — это дама пик и валет бубен."),
    ("Д♠ Д♠ В♦", "H", "canonical", "Двойной безик — это две дамы пик и два валета бубен."),
])
def test_why_not_meld_speaks_of_the_cards_chosen(cards, trump, preset, reason):
    assert why_not_meld(parse_cards(cards), RuleSet.preset(preset), trump).startswith(reason)


def test_builder_rules_switch_is_folded_away():
    w = MeldBuilder()
    assert w.rules_list not in w.children and w.children[-1] is w.other
    assert w.other.selected_index is None and w.rules_list.value == "canonical"
    assert MeldBuilder(rules="seed_000E").other.selected_index == 0


def test_builder_ace_and_seven_get_a_reason_about_them():
    w = MeldBuilder(pick="Т♠ 7♥")
    shown = text(w.result.value)
    assert "Это не комбинация." in shown and "козырные семёрки" not in shown
    assert "Туз пик и семёрка червей не бывают в одной комбинации" in shown


# ---------------------------------------------------------------- «История объявлений»

def legal_text(w):
    return text(w.legal_html.value)


def test_one_queen_in_three_kinds():
    w = DeclarationHistory("queen")
    for cards in (["KS", "QS"], ["QS", "JD"], ["QS", "QH", "QD", "QC"]):
        w.select(cards)
        assert w.declare_selected() is not None
    assert sum(d.points for d in w.history) == 120
    assert "Всего за объявления: 120 очков" in text(w.message.value)
    assert set(w.table) == set(parse_cards("К♠ Д♠ В♦ Д♥ Д♦ Д♣")) and w.hand == [parse_card("9♣")]
    assert "— ничего." in legal_text(w)


def test_royal_marriage_then_sequence_but_not_the_reverse():
    w = DeclarationHistory("sequence")
    w.select(["KS", "QS"])
    w.declare_selected()
    w.select(["AS", "TS", "KS", "QS", "JS"])
    assert w.declare_selected().points == 250
    assert sum(d.points for d in w.history) == 290
    w.reset()
    w.select(["AS", "TS", "KS", "QS", "JS"])
    w.declare_selected()
    w.select(["KS", "QS"])
    assert w.declare_selected() is None
    assert "Король пик уже был в марьяже" in text(w.message.value)
    assert "✘ Козырный марьяж (К♠ со стола, Д♠ со стола)" in legal_text(w)


def test_single_then_double_bezique_and_double_at_once():
    w = DeclarationHistory("bezique")
    w.select(["QS#1", "JD#1"])
    w.declare_selected()
    assert "✔ Двойной безик (Д♠ со стола, Д♠ с руки, В♦ со стола, В♦ с руки) — 500 очков" in legal_text(w)
    w.select(["QS#1", "QS#2", "JD#1", "JD#2"])
    w.declare_selected()
    assert sum(d.points for d in w.history) == 540
    w.reset()
    w.select(["QS#1", "QS#2", "JD#1", "JD#2"])
    w.declare_selected()
    assert sum(d.points for d in w.history) == 500
    w.select(["QS#1", "JD#1"])
    assert w.declare_selected() is None
    assert "Дама пик уже была в безике" in text(w.message.value)


def test_two_singles_never_make_a_double():
    w = DeclarationHistory("two_singles")
    assert "— ничего." in legal_text(w)
    assert "из двух объявленных безиков двойной не составить" in legal_text(w)


def test_a_four_cannot_be_topped_up_but_a_new_four_scores():
    w = DeclarationHistory("fours")
    w.select(["QH#1"])
    w.play_selected()
    assert parse_card("QH#1") in w.played
    w.select(["QS#1", "QD#1", "QC#1", "QH#2"])
    assert w.declare_selected() is None
    assert "четвёрку нельзя пополнить" in text(w.message.value)
    w.select(["QS#2", "QH#2", "QD#2", "QC#2"])
    assert w.declare_selected().points == 60
    assert sum(d.points for d in w.history) == 120


def test_a_married_king_and_a_broken_bezique():
    w = DeclarationHistory("married_king")
    t = legal_text(w)
    assert "✔ Марьяж (К♥ с руки, Д♥ с руки) — 20 очков" in t
    assert "Король червей уже был в марьяже" in t
    assert "Д♥ во взятке" in t and "У вас нет дамы червей" in t
    w = DeclarationHistory("broken")
    t = legal_text(w)
    assert "✔ Безик (Д♠ с руки, В♦ с руки) — 40 очков" in t
    assert "Валет бубен уже был в безике" in t


def test_strict_rule_needs_a_card_from_hand():
    w = DeclarationHistory("table_only")
    assert "✔ Марьяж (К♠ со стола, Д♠ со стола) — 20 очков" in legal_text(w)
    w.rules_list.value = "strict"
    assert "✔ Марьяж" not in legal_text(w)
    assert "хотя бы одна карта с руки" in legal_text(w)


def test_remove_and_undo():
    w = DeclarationHistory("bezique")
    w.select(["QS#1", "JD#1"])
    w.declare_selected()
    w.remove(0)
    assert w.history == [] and "Из истории убрано" in text(w.message.value)
    w.undo()
    assert len(w.history) == 1
    w.undo()
    assert w.history == [] and set(w.hand) == set(parse_cards("Д♠ Д♠ В♦ В♦ 8♣ 9♣ 9♦"))
    w.undo()
    assert "Отменять нечего" in text(w.message.value)


def test_every_scenario_renders_with_pictures():
    for key in SCENARIOS:
        w = DeclarationHistory(key)
        assert "Что можно объявить сейчас" in w.legal_html.value
        for cc in (w.table_canvas, w.hand_canvas, w.played_canvas):
            assert cc.canvas.image_data


def test_clicking_cards_selects_them_in_both_canvases():
    w = DeclarationHistory("broken")
    w.table_canvas.click_card(Card("J", "D", 1))
    w.hand_canvas.click_card(Card("Q", "S", 2))
    assert w.selected == [Card("Q", "S", 2), Card("J", "D", 1)]
    assert w.declare_selected() is None
    assert "Валет бубен уже был в безике" in text(w.message.value)


# ---------------------------------------------------------------- scripted deals

def test_timing_story_uses_the_engines_refusals():
    st = timing_story()
    assert {d.meld for d in st["legal"]} == {"marriage", "bezique"}
    assert st["before"].startswith("Объявлять можно только сразу после выигранной взятки")
    assert st["second"] == "За одну выигранную взятку можно объявить только одну комбинацию."
    assert st["after"] == st["before"]


def test_pending_story_and_its_lapse():
    steps = pending_story()
    assert "«40 очков за мной»" in steps[0].text
    assert "Отложенный марьяж пропал" in steps[1].text
    steps = pending_story("seed_003")
    assert "одна комбинация за раз" in steps[0].text
    assert all(s.picture.png.startswith(b"\x89PNG") for s in steps)


def test_static_pictures_carry_the_engines_verdicts():
    assert "Козырный марьяж — 40 очков" in verdict_picture("К♠ Д♠", "S").alt
    assert "Не комбинация. Безик — это дама пик и валет бубен." in verdict_picture("Д♦ В♠", "H").alt
    assert "Таких четвёрок нет" in verdict_picture("10♠ 10♥ 10♦ 10♣", "H").alt
    view = repr(history_view("S", [("sequence", "AS TS KS QS JS"), ("royal_marriage", "KS QS")]))
    assert "2. Козырный марьяж — нельзя. Король пик уже был в марьяже" in view
    assert "Итого за эти объявления: 250 очков." in view
    view = repr(history_view("H", [("bezique", "QS#1 JD#1"), ("bezique", "QS#2 JD#2"),
                                   ("double_bezique", "QS#1 QS#2 JD#1 JD#2")]))
    assert "Итого за эти объявления: 80 очков." in view
    assert "✔ Безик (Д♠ с руки, В♦ с руки) — 40 очков" in repr(scenario_view("broken"))
    pic, line = carte_blanche_deal(112)
    assert line.startswith("Соперник сдатчика: карт-бланш") and line.endswith("+250 очков.")
