"""Typed answers in the exercise box: what a learner really types (emoji suits, a space
inside a card, a missing suit, letters of the other alphabet, a card twice, a copy the
learner does not hold, only spaces, a huge copy number) — accepted, or refused with a Russian
message that names what was wrong and shows a correct example; Enter adds as «Добавить»."""

import pytest

from ci_support import require_import
require_import("ipywidgets")
require_import("ipycanvas")

from bezique.cards import Card, parse_card, split_tokens
from bezique.errors import CardParseError
from bezique.widgets.exercises.exercise import ExerciseWidget

# Trumps are spades: K♠ Д♠ is a royal marriage, Д♠ В♦ a bezique, К♥ Д♥ a marriage.
SEVERAL = {"id": "t-several", "kind": "declarations", "trump": "S", "won_trick": True,
           "hand": ["KS", "QS", "JD", "KH", "QH", "8C", "9C"]}
TWO_QUEENS = {"id": "t-two", "kind": "declarations", "trump": "S", "won_trick": True,
              "hand": ["QS#1", "QS#2", "JD#1", "JD#2", "KH", "8C", "9C"]}
TENS = {"id": "t-tens", "kind": "declarations", "trump": "S", "won_trick": True,
        "hand": ["TS", "AS", "KS", "QS", "JS", "8C", "9C"]}


def state(w):
    return list(w.part.entries), w.selection


@pytest.mark.parametrize("token,code", [("Д♠️", "QS#1"), ("К♥️", "KH#1"), ("10 ♣", "TC#1"), ("10  ♣️", "TC#1"),
                                        ("Д ♠️", "QS#1"), ("10♦️#2", "TD#2")])
def test_emoji_suits_and_a_space_before_the_suit_are_read(token, code):
    assert [parse_card(t).code for t in split_tokens(token)] == [code]


@pytest.mark.parametrize("token,says", [
    ("10", ["не указана масть", "«10♣»"]),
    ("Д", ["не указана масть", "«Д♣»"]),
    ("♠", ["не указан ранг", "«Д♠»"]),
    ("B♦", ["латинская «B» похожа на русскую «В» (валет)", "«В♦»"]),
    ("1♣", ["«10♣»"]),
    ("Tп", ["«T» — латинская буква", "«П» — русская", "латинская T — десятка, русская Т — туз"]),
    ("Qс", ["«С» здесь русская буква", "«C»"]),
    ("QS#" + "7" * 5000, ["номер экземпляра должен быть 1, 2"]),
    ("QS#x", ["после «#» должен стоять номер", "«QS#2»"]),
])
def test_unreadable_cards_say_what_is_wrong_with_an_example(token, says):
    with pytest.raises(CardParseError) as e:
        parse_card(token)
    msg = e.value.message
    assert all(s in msg for s in says), msg
    assert "Примеры:" in msg
    assert "ранг «1»" not in msg or token == "1♣"    # no longer «неизвестный ранг «1»» for «10»
    assert len(msg) < 400                         # a 5000-digit number is not echoed whole


def test_emoji_suits_typed_in_the_box_are_accepted():
    w = ExerciseWidget(SEVERAL)
    assert w.type_cards("К♠️ Д♠️")
    assert w.selection == [Card("K", "S"), Card("Q", "S")]


def test_latin_t_and_russian_t_say_which_card_was_read():
    w = ExerciseWidget(TENS)
    assert w.type_cards("T♠")
    assert w.selection == [Card("T", "S")] and "десятка пик" in w.last_message
    assert "латинская T" in w.last_message
    assert w.type_cards("Т♠")
    assert w.selection == [Card("A", "S")] and "туз пик" in w.last_message
    assert w.type_cards("TS")                         # plain Latin: nothing to explain
    assert w.last_message == ""


def test_a_card_named_twice_is_two_copies_when_you_hold_both():
    w = ExerciseWidget(TWO_QUEENS)
    assert w.type_cards("Д♠ Д♠ В♦ В♦")
    assert w.selection == [Card("Q", "S", 1), Card("Q", "S", 2), Card("J", "D", 1), Card("J", "D", 2)]
    assert w.type_cards("QS QS#1")
    assert w.selection == [Card("Q", "S", 1), Card("Q", "S", 2)]


@pytest.mark.parametrize("text", ["QS QS", "Д♠ Д♠", "Дп QS"])
def test_a_card_named_twice_when_you_hold_one_is_refused(text):
    w = ExerciseWidget(SEVERAL)
    w.select_cards(["KS"])
    before = state(w)
    assert not w.type_cards(text)
    assert "названа больше раз, чем она есть у вас" in w.last_message and "«Д♠»" in w.last_message
    assert state(w) == before


def test_the_same_copy_twice_is_refused():
    w = ExerciseWidget(TWO_QUEENS)
    before = state(w)
    assert not w.type_cards("QS#2 Д♠#2")
    assert "названа дважды" in w.last_message
    assert state(w) == before


def test_a_copy_you_do_not_hold_names_the_copy_you_hold():
    w = ExerciseWidget(SEVERAL)
    before = state(w)
    assert not w.type_cards("KS QS#2")
    msg = w.last_message
    assert "Д♠ № 2 (QS#2) у вас нет" in msg and "QS#1" in msg and "«Д♠»" in msg
    assert state(w) == before


def test_only_spaces_get_a_message():
    w = ExerciseWidget(SEVERAL)
    assert not w.type_cards("   ")
    assert "Впишите карты" in w.last_message
    w._say("")
    w.part.cards_text.value = "  \t "                # typed in the box, then Enter
    w.part.cards_text._handle_custom_msg({"event": "submit"}, [])
    assert "Впишите карты" in w.last_message and w.part.entries == []


def enter(w, text):
    """Type `text` into the box key by key (the box updates on every key), then press Enter."""
    box = w.part.cards_text
    for i in range(1, len(text) + 1):
        box.value = text[:i]
    box._handle_custom_msg({"event": "submit"}, [])


def test_enter_in_the_box_adds_the_declaration_as_the_button_does():
    w = ExerciseWidget(SEVERAL)
    box = w.part.cards_text
    for i in range(1, 5):                             # «К», «Кп», «Кп », «Кп Д»: no scolding
        box.value = "Кп Дп"[:i]
        assert "Не удалось" not in w.last_message
    enter(w, "Кп Дп")
    assert w.last_message == "Добавлено: козырный марьяж К♠ Д♠."
    assert [m for m, _ in w.part.entries] == ["royal_marriage"] and box.value == ""
    enter(w, "QS JD")                                 # bezique, recognised by the cards
    enter(w, "К♥ Д♥")
    assert [m for m, _ in w.part.entries] == ["royal_marriage", "bezique", "marriage"]
    assert w.submit().verdict == "right"


def test_enter_with_a_typo_explains_and_adds_nothing():
    w = ExerciseWidget(SEVERAL)
    enter(w, "Кп Дж")
    assert "«Дж»" in w.last_message and w.part.entries == []


def test_one_token_with_a_space_inside_is_refused_showing_the_card_without_it():
    with pytest.raises(CardParseError) as e:
        parse_card("10 ♣")
    assert "«10♣»" in e.value.message


SCORE = {"id": "t-score", "kind": "deal_score", "trump": "H",
         "tricks": [["AS", "7S", "TH", "8H", "AD", "TD", "9C", "TC"], ["AH", "9S", "TS", "8C"]],
         "scored": [[{"meld": "royal_marriage", "cards": ["KH", "QH"]}], []],
         "last_trick": 1}


def test_enter_in_a_score_field_checks_the_answer():
    results = []
    w = ExerciseWidget(SCORE)
    w.on_result(results.append)
    field = w.part.total_fields[0]
    field.value = "7" * 5000
    field._handle_custom_msg({"event": "submit"}, [])
    assert w.feedback.verdict == "invalid" and "слишком большое число" in w.feedback.message
    assert len(w.feedback.message) < 300 and results == []
    w.set_scores([1, 2])
    field._handle_custom_msg({"event": "submit"}, [])
    assert len(results) == 1 and results[0].verdict in ("wrong", "partial", "right")
