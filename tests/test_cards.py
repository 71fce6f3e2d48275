"""Card identity, the pack, and both notations (RULES.md §0.3, formats.md)."""
import pytest
from hypothesis import given, strategies as st

from bezique.cards import Card, make_pack, parse_card, parse_cards, sort_cards, format_cards
from bezique.errors import CardParseError


def test_s01_pack_composition():
    pack = make_pack(2)
    assert len(pack) == 64
    faces = {}
    for c in pack:
        faces[c.face] = faces.get(c.face, 0) + 1
    assert len(faces) == 32 and set(faces.values()) == {2}
    assert sum(10 for c in pack if c.is_brisque) == 160


@pytest.mark.parametrize("text,code", [
    ("QS", "QS#1"), ("QS#2", "QS#2"), ("10D", "TD#1"), ("TD", "TD#1"), ("Д♠", "QS#1"),
    ("дп", "QS#1"), ("Дп", "QS#1"), ("10♦", "TD#1"), ("Т♣", "AC#1"), ("В♦", "JD#1"),
    ("вб", "JD#1"), ("кч", "KH#1"), ("7♥#2", "7H#2"), ("А♠", "AS#1"),
])
def test_parse_both_alphabets(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("bad", ["", "X♠", "QX", "Д♠♠", "QS#9x", "дS", "Qп", "11♠"])
def test_parse_errors_are_russian_with_example(bad):
    with pytest.raises(CardParseError) as e:
        parse_card(bad)
    assert "Пример" in e.value.message


def test_bare_tokens_take_lowest_free_copy():
    cards = parse_cards("QS QS#1 QS", copies=3)
    assert [c.code for c in cards] == ["QS#2", "QS#1", "QS#3"]
    with pytest.raises(CardParseError):
        parse_cards("QS QS QS", copies=2)
    assert [c.code for c in parse_cards("QS QS", copies=2)] == ["QS#1", "QS#2"]


def test_card_order():
    cards = parse_cards("7C AS#2 TH KS AS#1 QD")
    assert format_cards(cards) == ["AS#1", "AS#2", "KS#1", "TH#1", "QD#1", "7C#1"]


@given(st.sampled_from(make_pack(3)))
def test_round_trip_latin_and_russian(card):
    assert parse_card(card.code) is card
    assert parse_card(card.ru + f"#{card.copy}") is card
    assert Card(card.rank, card.suit, card.copy) is card


@pytest.mark.parametrize("text,named", [("QS#1 QS#1", "QS#1"), ("Д♠#2 QS#2", "QS#2"),
                                        ("QS#1 JD QS#1", "QS#1")])
def test_the_same_physical_card_named_twice_is_refused(text, named):
    with pytest.raises(CardParseError) as e:
        parse_cards(text)
    message = e.value.message
    assert "дважды" in message and "QS#1 QS#2" in message          # what is wrong + an example
    assert f"«{named}»" in message


def test_explicit_copies_also_reserve_against_taken_cards():
    with pytest.raises(CardParseError):
        parse_cards("QS#1", taken={Card("Q", "S", 1)})
    assert parse_cards("QS#1 QS#2") == [Card("Q", "S", 1), Card("Q", "S", 2)]
