"""The deal's log in Russian (bezique.narrate): names inside a sentence in lower case, a fine
named with a dash, and a declaration worth nothing said «без очков», never «+0 очков»."""

from bezique.cards import Card
from bezique.events import DeclareEvent, EndEvent, PenaltyEvent, TrickEvent
from bezique.melds import Declaration
from bezique.narrate import describe_event, gain, in_sentence, seat_names

TWO = seat_names(0, 2)          # ["Вы", "Соперник"]


def test_in_sentence_lowers_common_nouns_and_keeps_proper_names():
    for name, inside in [("Вы", "вы"), ("Соперник", "соперник"), ("Партнёр", "партнёр"),
                         ("Сдатчик", "сдатчик"), ("Ваш партнёр", "ваш партнёр"),
                         ("Соперник слева", "соперник слева"), ("Игрок справа", "игрок справа"),
                         ("Второй", "второй"), ("Ответивший", "ответивший"),
                         ("Анна", "Анна"), ("Игрок 3", "Игрок 3"),
                         ("Юг", "Юг")]:
        assert in_sentence(name) == inside


def test_the_end_of_a_deal_names_the_second_player_in_lower_case():
    line = describe_event(EndEvent({"scores": [340, 120]}), 0, TWO)
    assert line == "Сдача окончена. Вы: 340 очков; соперник: 120 очков."
    four = describe_event(EndEvent({"scores": [340, 120]}), 1, ["Анна", "Борис"])
    assert four == "Сдача окончена. Анна: 340 очков; Борис: 120 очков."


def test_a_fine_names_the_player_with_a_dash():
    line = describe_event(PenaltyEvent(1, "revoke", 50), 0, ["Анна", "Борис"])
    assert line.startswith("Штраф — Борис: ответ не в масть") and line.endswith("−50 очков.")
    assert describe_event(PenaltyEvent(0, "nine_cards", 10), 0, TWO).startswith("Штраф — вы: ")


def test_a_seven_exchange_worth_nothing_is_without_points():
    seven = Card("7", "H")
    free = describe_event(DeclareEvent(0, Declaration("seven_exchange", (seven,), 0)), 0, TWO)
    assert free == "Вы меняете козырную семёрку 7♥ на открытый козырь: без очков."
    paid = describe_event(DeclareEvent(1, Declaration("seven_exchange", (seven,), 10)), 0, TWO)
    assert paid.endswith("на открытый козырь: +10 очков.")
    assert gain(0) == "без очков" and gain(20) == "+20 очков"


def test_a_trick_names_its_players_inside_the_sentence():
    trick = TrickEvent(winner=1, cards=(Card("K", "S"), Card("7", "S")), seats=(1, 0))
    line = describe_event(trick, 0, TWO)
    assert line == "Взятка: соперник — К♠, вы — 7♠. Соперник берёт взятку."


def test_a_trump_fixing_marriage_names_its_cards_before_the_clause():
    kq = (Card("K", "H"), Card("Q", "H"))
    line = describe_event(DeclareEvent(0, Declaration("no_trump_marriage", kq, 40)), 0, TWO)
    assert line == "Вы объявляете марьяж К♥ Д♥, назначающий козырь: +40 очков."


def test_the_last_tricks_are_counted_for_the_game_and_a_sequence_fixing_trumps_is_named():
    from bezique.events import PhaseTwoEvent, TrumpFixedEvent
    names = ["Вы", "Соперник"]
    assert "последние восемь взяток" in describe_event(PhaseTwoEvent(0, 8), 0, names)
    assert "последние пятнадцать взяток" in describe_event(PhaseTwoEvent(0, 15), 0, names)
    assert describe_event(TrumpFixedEvent(1, "H", "sequence"), 0, names) == \
        "Первая секвенция назначила козырь: черви."
    assert describe_event(TrumpFixedEvent(1, "S"), 0, names) == "Первый марьяж назначил козырь: пики."


def test_a_multipack_deal_logs_its_own_count_of_last_tricks():
    import random

    from bezique.deal import Deal
    from bezique.events import PhaseTwoEvent
    from bezique.rules import RuleSet
    for preset, tricks in (("rubicon", 9), ("six_pack", 12)):
        d, rng = Deal.new(RuleSet.preset(preset), dealer=0, seed=3), random.Random(3)
        while not d.is_over and not any(isinstance(e, PhaseTwoEvent) for e in d.log):
            d.apply(rng.choice(d.legal_actions()))
        assert [e.tricks for e in d.log if isinstance(e, PhaseTwoEvent)] == [tricks]
