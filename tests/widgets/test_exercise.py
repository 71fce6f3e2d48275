"""ExerciseWidget without a browser: whole exercises of every kind answered through the
public methods and through real clicks on the card pictures; right, partly right, wrong,
typos (nothing changes) and «объявить нечего»; every verdict explained in Russian."""

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import Card
from bezique.positions import load_position
from bezique.widgets.exercises.exercise import ExerciseWidget, Feedback

# Trumps are spades: K♠ Д♠ is a royal marriage, Д♠ В♦ a bezique, К♥ Д♥ a marriage.
SEVERAL = {"id": "t-several", "kind": "declarations", "trump": "S", "won_trick": True,
           "hand": ["KS", "QS", "JD", "KH", "QH", "8C", "9C"],
           "explain": "Пояснение составителя."}
ONE = {"id": "t-one", "kind": "declarations", "trump": "S", "won_trick": True,
       "hand": ["KH", "QH", "7C", "8D", "9S", "JC", "AD"]}
NOTHING = {"id": "t-nothing", "kind": "declarations", "trump": "H", "won_trick": True,
           "hand": ["QS", "JH", "8C", "9C", "AS", "TD", "7S"]}
NOT_WON = {"id": "t-notwon", "kind": "declarations", "trump": "H", "won_trick": False,
           "hand": ["QS", "JD", "8C", "9C", "7S", "KD", "AH"]}
REUSE = {"id": "t-reuse", "kind": "declarations", "trump": "H", "won_trick": True,
         "hand": ["QS", "JD", "9C", "8C", "AH"], "table": ["QS", "JD"],
         "scored": [{"meld": "bezique", "cards": ["QS#2", "JD#2"]}]}
SEVEN = {"id": "t-seven", "kind": "declarations", "trump": "H", "won_trick": True,
         "hand": ["7H", "8C", "9C", "AS", "TD", "JS"], "turn_up": "AH"}
TRICK = {"id": "t-trick", "kind": "trick_winner", "trump": "S", "lead": "TH", "follow": "TH"}
LEGAL = {"id": "t-legal", "kind": "legal_plays", "trump": "C", "phase": 2,
         "hand": ["AH", "9H", "KS", "7C", "TD", "8D"], "lead": "QH"}
SCORE = {"id": "t-score", "kind": "deal_score", "trump": "H",
         "tricks": [["AS", "7S", "TH", "8H", "AD", "TD", "9C", "TC"], ["AH", "9S", "TS", "8C"]],
         "scored": [[{"meld": "royal_marriage", "cards": ["KH", "QH"]}],
                    [{"meld": "bezique", "cards": ["QS", "JD"]},
                     {"meld": "seven_exchange", "cards": ["7H"]}]],
         "last_trick": 1}


def card(code):
    rank, suit, copy = code[0], code[1], int(code.split("#")[1]) if "#" in code else 1
    return Card(rank, suit, copy)


@pytest.fixture
def results():
    return []


def make(position, results=None, **kw):
    w = ExerciseWidget(position, **kw)
    if results is not None:
        w.on_result(results.append)
    return w


# ------------------------------------------------------------------ showing

def test_position_on_cards_with_text_equivalents():
    w = make(REUSE)
    hand_text = w.hand_canvas.text.value
    assert "дама пик" in hand_text and "валет бубен" in hand_text
    assert w.table_canvas is not None and w.table_canvas.canvas.image_data
    assert w.hand_canvas.canvas.image_data              # the picture is in the widget state
    info = w.info_html.value
    assert "Козырь — черви." in info and "Уже засчитано вам в этой сдаче: безик Д♠ В♦ — 40 очков" in info


def test_accepts_a_loaded_position_and_the_led_card_is_shown():
    w = make(load_position(LEGAL))
    assert w.kind == "legal_plays"
    assert "дама червей" in w.extra_canvases[0].text.value
    assert w.prompt_html.value.count("Какими картами") == 1     # the default Russian prompt


def test_every_control_has_a_russian_label():
    w = make(SEVERAL)
    assert w.part.meld_dropdown.description == "Комбинация"
    assert w.part.cards_text.description and w.part.add_button.description == "Добавить"
    assert w.part.nothing_button.description == "Объявить нечего"
    assert w.check_button.description == "Проверить"
    labels = [label for label, _ in w.part.meld_dropdown.options]
    assert "Козырный марьяж" in labels and "Безик" in labels


# ------------------------------------------------------------------ declarations

def test_right_by_clicking_cards_and_recognising_the_meld(results):
    w = make(ONE, results)
    w.click_card(card("KH"))
    w.hand_canvas.click_card(card("QH"))                # a real click on the picture
    assert w.selection == [card("KH"), card("QH")]
    assert w.add_declaration()                          # meld recognised by the engine's shapes
    assert w.part.entries == [("marriage", (card("KH"), card("QH")))]
    assert w.selection == []                            # ready for the next declaration
    fb = w.submit()
    assert isinstance(fb, Feedback) and fb.verdict == "right"
    assert "марьяж К♥ Д♥ — 20 очков" in fb.message
    assert results == [fb]


def test_right_with_every_legal_declaration_typed_in_russian_and_latin():
    w = make(SEVERAL)
    assert w.type_cards("Кп Дп")
    w.choose_meld("royal_marriage")
    assert w.add_declaration()
    assert w.type_cards("QS JD") and w.add_declaration()        # bezique, recognised
    assert w.type_cards("К♥, Д♥") and w.add_declaration()       # marriage, recognised
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert fb.points == 40
    assert "Пояснение составителя." in fb.message               # the position's explain


def test_partly_right_names_what_was_right_missed_and_wrong_with_the_engine_reason():
    w = make(SEVERAL)
    w.select_cards(["KS", "QS"])
    w.choose_meld("royal_marriage")
    w.add_declaration()
    w.select_cards(["KH", "QH"])
    w.choose_meld("royal_marriage")                     # hearts are not trumps
    w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "Верно: козырный марьяж К♠ Д♠ — 40 очков." in fb.message
    assert "Пропущено:" in fb.message and "безик Д♠ В♦ — 40 очков" in fb.message
    assert "марьяж К♥ Д♥ — 20 очков" in fb.message
    assert "Нельзя: козырный марьяж К♥ Д♥. Козырный марьяж — это король и дама козырной масти." in fb.message
    assert [m for m, _, _ in fb.wrong] == ["royal_marriage"]


def test_wrong_when_nothing_is_right():
    w = make(ONE)
    w.select_cards(["KH", "QH"])
    w.choose_meld("bezique")
    w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "wrong"
    assert fb.message.startswith("Неверно.")
    assert "Можно было объявить: марьяж К♥ Д♥ — 20 очков." in fb.message
    assert "Безик — это дама пик и валет бубен" in fb.message


def test_typo_is_explained_and_changes_nothing():
    w = make(SEVERAL)
    w.type_cards("Кп Дп")
    w.add_declaration()
    w.select_cards(["QS"])
    before = (list(w.part.entries), w.selection)
    assert not w.type_cards("Дп Вж")
    assert "«Вж»" in w.last_message and "Примеры:" in w.last_message
    assert (list(w.part.entries), w.selection) == before
    assert not w.type_cards("Дп Вч")                    # a card you do not hold
    assert "В♥ у вас нет" in w.last_message
    assert (list(w.part.entries), w.selection) == before
    assert not w.type_cards("QS Дп Дп")                 # three queens of spades: two exist
    assert "Слишком много" in w.last_message
    assert (list(w.part.entries), w.selection) == before


def test_nothing_to_declare_right_and_wrong():
    w = make(NOTHING)
    w.answer_nothing()
    fb = w.submit()
    assert fb.verdict == "right" and fb.message.startswith("Верно! Объявить сейчас нечего.")
    w = make(ONE)
    w.answer_nothing()
    fb = w.submit()
    assert fb.verdict == "wrong" and "Неверно: объявить можно." in fb.message
    assert "марьяж К♥ Д♥ — 20 очков" in fb.message


def test_declaring_at_the_wrong_moment_gets_the_timing_reason():
    w = make(NOT_WON)
    w.type_cards("Дп Вб")
    w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "wrong"
    assert "Объявлять можно только сразу после выигранной взятки" in fb.message


def test_reuse_trap_explained_by_the_engine():
    w = make(REUSE)
    # The new queen of spades with the jack already used in the first bezique.
    w.select_cards([card("QS#1"), card("JD#2")])
    w.choose_meld("bezique")
    w.add_declaration()
    w.select_cards([card("QS#1"), card("JD#1"), card("QS#2"), card("JD#2")])
    w.add_declaration()                                 # recognised: double bezique
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "двойной безик" in fb.message and "500 очков" in fb.message
    # Two cards of a face: each says where it lies, so the learner sees which one is meant.
    assert "Нельзя: безик Д♠ с руки, В♦ со стола. Валет бубен уже был в безике" in fb.message
    assert "Пропущено: безик Д♠ с руки, В♦ с руки — 40 очков." in fb.message


def test_seven_needs_a_choice_of_meld_and_both_seven_actions_are_listed():
    w = make(SEVEN)
    w.select_cards(["7H"])
    assert not w.add_declaration()                      # a seven: declare or exchange?
    assert "Выберите комбинацию" in w.last_message and w.selection == [card("7H")]
    w.choose_meld("seven_exchange")
    assert w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "Пропущено: козырная семёрка 7♥ — 10 очков." in fb.message


def test_reminders_are_invalid_not_wrong(results):
    w = make(ONE, results)
    assert not w.add_declaration()
    assert "Сначала отметьте карты" in w.last_message
    fb = w.submit()
    assert fb.verdict == "invalid" and "«Объявить нечего»" in fb.message
    w.select_cards(["KH", "QH"])
    w.choose_meld("marriage")
    w.add_declaration()
    w.select_cards(["KH", "QH"])
    w.choose_meld("marriage")
    assert not w.add_declaration() and "уже есть в ответе" in w.last_message
    assert results == []                                # invalid answers are not reported


def test_pending_selection_is_added_on_check():
    w = make(ONE)
    w.type_cards("кч дч")
    fb = w.submit()
    assert fb.verdict == "right"


def test_a_selection_not_added_is_said_once_on_check():
    """«Проверить» with a seven selected but no meld chosen: the reason appears once, in the
    feedback, not also in the notice above it (issue 28.11)."""
    w = make(SEVEN)
    w.select_cards(["7H"])
    fb = w.submit()
    assert fb.verdict == "invalid" and "Выберите комбинацию" in fb.message
    assert "Выберите комбинацию" in w.feedback_html.value
    assert w.notice.value == "" and w.last_message == ""


def test_a_question_of_all_says_why_a_missing_one_counts():
    w = make(SEVERAL)
    w.type_cards("Кп Дп")
    fb = w.submit()
    assert fb.verdict == "partial" and "Пропущено:" in fb.message
    assert "нужно назвать все объявления, разрешённые сейчас" in fb.message


@pytest.mark.parametrize("typed", [["Кп Дп"], ["Дп Вб"], ["Кч Дч"], ["Кп Дп", "Дп Вб"]])
def test_a_question_of_one_choice_takes_any_allowed_one(typed, results):
    w = make(SEVERAL, results, choose_one=True)
    for text in typed:
        w.type_cards(text)
        assert w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert "Пропущено" not in fb.message and "Можно было выбрать и другое:" in fb.message
    assert ("только одно из них" in fb.message) == (len(typed) > 1)
    assert [r.verdict for r in results] == ["right"]


def test_a_question_of_one_choice_still_refuses_a_wrong_one():
    w = make(SEVERAL, choose_one=True)
    w.select_cards(["KH", "QH"])
    w.choose_meld("royal_marriage")                     # hearts are not trumps
    w.add_declaration()
    fb = w.submit()
    assert fb.verdict == "wrong" and "Нельзя: козырный марьяж К♥ Д♥." in fb.message
    w.clear_answer()
    w.type_cards("Кп Дп")
    w.add_declaration()
    w.select_cards(["KH", "QH"])
    w.choose_meld("royal_marriage")
    w.add_declaration()
    assert w.submit().verdict == "partial"
    w.answer_nothing()
    assert w.submit().verdict == "wrong"


def test_a_question_of_one_choice_says_so_in_its_answer_and_its_instructions():
    w = make(SEVERAL, choose_one=True)
    assert w.answer().key[0].startswith("Можно объявить одно на выбор: ")
    assert "Добавьте одно объявление" in w.children[3].children[0].value
    assert make(SEVERAL).answer().key[0].startswith("Можно объявить (на выбор): ")


@pytest.mark.parametrize(("rules", "line"), [
    ("canonical", None),
    ("seed_003", "Правила: короткие правила (003)."),
    ("no_trump", "Правила: бескозырный безик."),
    ("seed_004", "Правила: страница «Боевой дракон» (004)."),
    ({"preset": "canonical", "phase2_must_head": False},
     "Правила: основные правила курса, но: в последних восьми взятках достаточно ответить в "
     "масть, перебивать не обязательно."),
    ({"preset": "seed_001", "last_trick_points": 250, "target_score": 2000},
     "Правила: справочник (001), но: партия до 2000 очков; последняя взятка — 250 очков."),
])
def test_the_rule_set_is_named_in_russian_without_option_names(rules, line):
    w = make({**LEGAL, "rules": rules})
    assert w._rules_line() == line
    assert "_" not in w.info_html.value


def test_buttons_drive_the_same_answer():
    w = make(ONE)
    w.type_cards("Кч Дч")
    w.part.add_button.click()
    assert len(w.part.entries) == 1
    w.check_button.click()
    assert w.feedback.verdict == "right"
    assert "bezique-feedback-right" in w.feedback_html.value
    w.part.clear_button.click()
    assert w.part.entries == [] and w.feedback_html.value == ""
    w.part.nothing_button.click()
    w.check_button.click()
    assert w.feedback.verdict == "wrong"


# ------------------------------------------------------------------ tricks

def test_trick_winner_right_and_wrong(results):
    w = make(TRICK, results)
    w.part.lead_button.click()                          # chooses and checks at once
    assert w.feedback.verdict == "right"
    assert "Верно! Взятку берёт ходивший." in w.feedback.message
    assert "из двух одинаковых карт берёт сыгранная первой" in w.feedback.message
    w2 = make(TRICK)
    w2.choose_winner("follow")
    fb = w2.submit()
    assert fb.verdict == "wrong" and fb.message.startswith("Неверно: взятку берёт ходивший.")
    assert "берёт" in w2.extra_canvases[0].text.value
    assert make(TRICK).submit().verdict == "invalid"
    with pytest.raises(ValueError):
        w2.choose_winner("dealer")


def test_trick_winner_explains_once_without_a_bare_answer():
    """Chapter 04's first question (issue: «Т♥ другой масти…» and then «Соперник. Туз червей —
    карта другой, некозырной масти…»): without an explanation of its own the feedback is the
    verdict and the engine's reason, once; an author's explanation that opens with the bare
    answer («Соперник.», «Вы:») is shown without it, after the engine's reason."""
    q1 = {"id": "ch04-q1", "kind": "trick_winner", "trump": "S", "lead": "9C", "follow": "AH"}
    w = make(q1)
    w.part.lead_button.click()
    lines = w.feedback.message.split("\n")
    assert lines == ["Верно! Взятку берёт ходивший.",
                     "Т♥ другой масти и не козырь: такая карта не бьёт, взятку берёт ходивший, "
                     "какой бы старшей она ни была."], lines
    for explain, shown in (("Соперник. Из двух одинаковых карт берёт сыгранная первой.",
                            "Из двух одинаковых карт берёт сыгранная первой."),
                           ("Вы: десятка старше короля.", "Десятка старше короля."),
                           ("Соперник сыграл первым.", "Соперник сыграл первым.")):
        w = make({**TRICK, "explain": explain})
        w.part.lead_button.click()
        assert w.feedback.message.split("\n")[-1] == shown, w.feedback.message
        assert w.answer().why[-1] == shown


# ------------------------------------------------------------------ legal plays

def test_legal_plays_right_partial_wrong():
    w = make(LEGAL)                                     # must follow hearts and head the queen
    w.click_card("AH")
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert "перебить Д♥" in fb.message
    assert w.hand_canvas.highlighted == {card("AH")}

    w = make(LEGAL)
    w.select_cards(["AH", "9H"])
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "Так играть нельзя: 9♥." in fb.message

    w = make(LEGAL)
    w.type_cards("7♣ 8♦")
    fb = w.submit()
    assert fb.verdict == "wrong"
    assert "Можно сыграть: Т♥." in fb.message
    assert "Так играть нельзя: 8♦." in fb.message

    # several cards to choose from are listed with commas (a meld's cards go with spaces)
    two = dict(LEGAL, id="t-legal-two", lead="8H")        # Т♥ and 9♥ both beat the 8♥
    w = make(two)
    w.type_cards("Т♥")
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "Можно сыграть: Т♥, 9♥." in fb.message and "Пропущено: 9♥." in fb.message

    assert make(LEGAL).submit().verdict == "invalid"


# ------------------------------------------------------------------ deal tally

def test_deal_score_right_partial_wrong_and_not_a_number():
    # Brisques: 5 and 2; declarations 40 and 50; the last trick to player 2.
    w = make(SCORE)
    assert "Игрок 2 — объявления: безик Д♠ В♦; обмен козырной семёрки" in w.info_html.value
    assert "Последняя взятка: Игрок 2." in w.info_html.value
    assert w.part.total_fields[0].description == "Игрок 1, всего"
    assert "туз пик" in w.extra_canvases[0].text.value
    w.set_scores([90, 80])
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert "Игрок 1: бриски 50 очков, объявления 40 очков, последняя взятка 0 очков — всего 90 очков (верно)." in fb.message

    w.set_scores([90, 70], brisques=[50, 20], last_trick=[0, 0])
    fb = w.submit()
    assert fb.verdict == "partial"
    assert "Игрок 2, последняя взятка: 10 очков, а не 0" in fb.message

    w.set_scores([100, 70])
    w.part.parts_toggle.value = False
    fb = w.submit()
    assert fb.verdict == "wrong" and "у вас 100" in fb.message

    w.set_scores(["девяносто", 80])
    fb = w.submit()
    assert fb.verdict == "invalid" and "«девяносто»" in fb.message
    w.set_scores([None, None])
    assert w.submit().verdict == "invalid"


def test_deal_score_uses_the_players_names_of_the_prompt():
    # a turned-up seven cannot be exchanged: Борис declared his trump seven instead
    named = dict(SCORE, prompt="Играют Анна и Борис. Каков итог?", turned_up_seven=1,
                 scored=[SCORE["scored"][0], [{"meld": "bezique", "cards": ["QS", "JD"]},
                                              {"meld": "trump_seven", "cards": ["7H#2"]}]])
    w = make(named)
    assert w.names == ["Анна", "Борис"]
    assert [f.description for f in w.part.total_fields] == ["Анна, всего", "Борис, всего"]
    assert "Сдатчик — Борис; открытым козырем при сдаче оказалась семёрка." in w.info_html.value
    w.set_scores([90, 90])                    # Борис: 80 and 10 for the turned-up seven
    fb = w.submit()
    assert fb.verdict == "right", fb.message
    assert "Борис: бриски 20 очков, объявления 60 очков" in fb.message
    assert make(dict(SCORE, prompt="Играли Вера и Глеб; сдавал Глеб.")).names == ["Вера", "Глеб"]
    assert make(dict(SCORE, prompt="Игрок 0 и игрок 1 сыграли сдачу.")).names == ["Игрок 0", "Игрок 1"]


def test_every_curated_deal_score_names_anna_and_boris():
    from pathlib import Path
    from bezique.positions import load_file
    from bezique.widgets.exercises.answers import player_names
    folder = Path(__file__).resolve().parents[2] / "exercises" / "positions" / "s1_deal_score"
    files = sorted(folder.glob("*.json"))
    assert len(files) >= 30
    for path in files:
        for pos in load_file(str(path)):
            assert player_names(pos) == ["Анна", "Борис"], path


# ------------------------------------------------------------------ options

def test_four_colour_redraws_every_picture():
    w = make(REUSE)
    before = w.hand_canvas.canvas.image_data
    w.set_four_colour(True)
    assert w.hand_canvas.four_colour and w.table_canvas.four_colour
    assert w.hand_canvas.canvas.image_data != before


def test_methods_of_another_kind_are_refused():
    w = make(TRICK)
    with pytest.raises(ValueError):
        w.select_cards(["TH"])
    with pytest.raises(ValueError):
        make(ONE).choose_winner("lead")
    with pytest.raises(ValueError):
        make(ONE).set_scores([1, 2])


def test_the_judge_works_without_widgets():
    from bezique.widgets.exercises.answers import Judge

    judge = Judge(SEVERAL)
    fb = judge.declarations([("royal_marriage", (card("KS"), card("QS")))])
    assert fb.verdict == "partial" and len(fb.missed) == 2
    assert judge.winner(None).verdict == "invalid"
    assert Judge(TRICK).winner("lead").verdict == "right"
    assert Judge(LEGAL).legal([card("AH")]).verdict == "right"
    assert Judge(SCORE).score([90, 80]).verdict == "right"


def test_a_trump_fixing_marriage_names_its_cards_before_the_clause():
    """«марьяж К♥ Д♥, назначающий козырь» — after the clause the cards would read as the trump."""
    w = make({"id": "t-nt", "kind": "declarations", "rules": "no_trump", "trump": None,
              "won_trick": True, "hand": ["KH", "KH", "QH", "QH", "7S", "9C", "8D"]})
    assert w.answer().key == ["Можно объявить (на выбор): двойной марьяж К♥ К♥ Д♥ Д♥, назначающий "
                              "козырь — 80 очков; марьяж К♥ Д♥, назначающий козырь — 40 очков."]
