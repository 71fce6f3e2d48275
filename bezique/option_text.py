"""The rule options in Russian: one sentence for each value of each option that a source
changes («партия до 1500 очков»), with the dispute of RULES.md it settles (C-01 …), and the list
of what a rule set changes against another. The numbers in the sentences are the engine's
(`meld_points`, `tally`), never restated."""

from __future__ import annotations

from typing import Any, Callable

from .cards import parse_cards
from .melds import (ACE_TURNED, CARTE_BLANCHE, DOUBLE_MARRIAGE, PLAIN_QUINT, SUIT_REPEATED,
                    TRUMP_SEVEN, TWO_TRUMP_SEVENS, meld_points)
from .ru import plural, points
from .rules import RuleSet
from .tally import last_trick_points


def _yes_no(yes: str, no: str) -> Callable[[Any], str]:
    return lambda v: yes if v else no


def _pts(meld: str, trump: str = "H", cards: str = "", **option: Any) -> int:
    """The engine's points of a meld (or a seven action, a deal bonus) with an option set."""
    return meld_points(meld, RuleSet(**option), trump, parse_cards(cards) if cards else ())


def _seven(rule: str) -> str:
    return points(_pts(TRUMP_SEVEN, seven_rule=rule))


SEVEN_RULE = {
    "declare_or_exchange": "семёрку после взятки можно обменять на открытый козырь или просто "
                           f"объявить — по {_seven('declare_or_exchange')}",
    "exchange_only": "семёрка приносит очки только при обмене на открытый козырь",
    "played": f"{_seven('played')} за козырную семёрку, сыгранную во взятку, — взята взятка или нет",
    "win_trick": f"{_seven('win_trick')} за взятку, взятую козырной семёркой (и за обмен)",
}
_BLACK_ACE, _RED_ACE = (_pts(ACE_TURNED, s, deal_bonus_trump_ace=True) for s in "SH")
_REPEAT, _REPEAT_CLUBS = (_pts(SUIT_REPEATED, s, deal_bonus_repeat_suit=True) for s in "SC")

# option -> (conflict ids, value -> Russian)
OPTION_TEXT: dict[str, tuple[str, Callable[[Any], str]]] = {
    "cut_for_deal": ("C-01", lambda v: {"high": "первым сдаёт снявший старшую карту",
                                        "low": "первым сдаёт снявший младшую карту",
                                        "random": "первого сдатчика выбирают случайно"}[v]),
    "deal_pattern": ("C-02, C-30", lambda v: {"3-2-3": "сдают по 3, 2 и 3 карты",
                                              "1x8": "сдают по одной карте",
                                              "3-3-2": "сдают по 3, 3 и 2 карты",
                                              "6-1-1": "сдают по 6, 1 и 1 карте"}[v]),
    "deal_first_to": ("C-03", lambda v: "первую порцию сдатчик берёт себе" if v == "dealer"
                      else "первую порцию получает соперник сдатчика"),
    "deal_bonus_seven_opponent_malus": ("C-05", lambda v: f"за открытую семёрку у соперника "
                                        f"сдатчика вычитают {points(v)}" if v else
                                        "за открытую семёрку у соперника сдатчика ничего не вычитают"),
    "deal_bonus_trump_ace": ("C-04", _yes_no(f"открыт козырной туз — сдатчику +{_BLACK_ACE} "
                                             f"(чёрный) или +{_RED_ACE} (красный)",
                                             "за открытый туз надбавки нет")),
    "deal_bonus_repeat_suit": ("C-04", _yes_no("одна масть козырем три сдачи подряд — сдатчику "
                                               f"+{_REPEAT} (трефы — −{-_REPEAT_CLUBS})",
                                               "за повтор масти надбавки нет")),
    "phase1_must_follow_suit": ("C-06", _yes_no("пока есть талон, отвечать в масть обязательно "
                                                "(бить козырем — нет)", "пока есть талон, "
                                                "отвечать можно любой картой")),
    "bezique_pair": ("C-12", lambda v: "безик — всегда дама пик и валет бубен" if v == "fixed"
                     else "при пиках или бубнах в козырях безик — дама треф и валет червей"),
    "allow_pending_declarations": ("C-09", _yes_no("вторую комбинацию можно выложить «на потом»",
                                                   "одна комбинация за раз, «на потом» ничего "
                                                   "не выкладывают")),
    "require_card_from_hand": ("C-12b", _yes_no("в каждой новой комбинации должна быть карта с "
                                                "руки", "новую комбинацию можно сложить и из карт "
                                                "на столе")),
    "min_tricks_before_declaring": ("C-10", lambda v: f"объявлять можно, только взяв "
                                    f"{plural(v, 'взятка', 'acc')}" if v else
                                    "объявлять можно после любой выигранной взятки"),
    "last_stock_trick_declaration": ("C-18", _yes_no("взявший последнюю карту талона ещё "
                                                     "объявляет", "взявший последнюю карту талона "
                                                     "теряет право объявлять")),
    "four_of_kind_distinct_suits": ("C-34", _yes_no("четвёрка — только из четырёх разных мастей",
                                                    "четвёрка — любые четыре карты одного "
                                                    "достоинства")),
    "meld_double_marriage": ("C-13", _yes_no(
        "двойной марьяж — комбинация: "
        f"{_pts(DOUBLE_MARRIAGE, 'H', 'KS KS QS QS', meld_double_marriage=True)}, козырный — "
        f"{_pts(DOUBLE_MARRIAGE, 'H', 'KH KH QH QH', meld_double_marriage=True)}",
        "двойной марьяж не считается")),
    "meld_plain_quint": ("C-13", _yes_no(
        f"некозырная квинта — {_pts(PLAIN_QUINT, meld_plain_quint=True)}",
        "некозырная квинта не считается")),
    "meld_two_trump_sevens": ("C-13", _yes_no(
        f"две козырные семёрки вместе — {_pts(TWO_TRUMP_SEVENS, meld_two_trump_sevens=True)}",
        "две козырные семёрки — не комбинация")),
    "meld_carte_blanche": ("C-13", _yes_no(
        f"карт-бланш (ни одной фигуры на руке) — {_pts(CARTE_BLANCHE, meld_carte_blanche=True)}",
        "карт-бланша нет")),
    "seven_rule": ("C-16", lambda v: SEVEN_RULE[v]),
    "seven_exchange_points": ("C-17", lambda v: f"обмен семёрки стоит {points(v)}" if v else
                              "за обмен семёрки очков не дают"),
    "seven_counts_as_declaration": ("C-16", _yes_no("действие с семёркой заменяет объявление "
                                                    "этой взятки", "после семёрки можно "
                                                    "объявить и комбинацию")),
    "phase2_must_head": ("C-20", _yes_no("в последних восьми взятках нужно ещё и перебить, если "
                                         "можете", "в последних восьми взятках достаточно "
                                         "ответить в масть, перебивать не обязательно")),
    "trick_scoring": ("C-08", lambda v: "очки за взятки — бриски (10 за туз и десятку)"
                      if v == "brisques" else "10 очков за каждую взятую взятку и ещё 10 за "
                      "взятку с тузом или десяткой"),
    "brisque_count": ("C-22", lambda v: "10 за каждый туз и десятку" if v == "per_card" else
                      "10 за взятку с тузом или десяткой, сколько бы их ни было"),
    "last_trick_points": ("C-23", lambda v: f"последняя взятка — {points(v)}"),
    "target_score": ("C-24", lambda v: f"партия до {plural(v, 'очко', 'gen')}"),
    "game_mode": ("C-27", lambda v: "партия — до цели в очках" if v == "target" else
                  "каждая сдача — отдельная партия"),
    "both_reach_rule": ("C-25", lambda v: "дошли оба — выигрывает больший счёт" if
                        v == "higher_score" else "дошли оба — выигрывает взявший последнюю "
                        "взятку"),
    "penalty_extra_card": ("C-28", lambda v: f"штраф за лишнюю карту — {points(v)}"),
    "four_hand_last_trick": ("C-31", None),           # `_four_hand_last`: needs the rules
    "no_trump_double_marriage_points": ("C-32", lambda v: f"двойной марьяж, назначающий "
                                        f"козырь, — {points(v)}"),
    "no_trump_sequence_points": ("C-33", lambda v: f"секвенция бескозырного безика — "
                                 f"{points(v)}"),
}


def _four_hand_last(value: str, rules: RuleSet) -> str:
    """C-31 under these rules: the engine's last-trick points for each side (`tally`)."""
    four = rules.with_options(players=4, four_hand_last_trick=value)
    win, lose = last_trick_points(0, 0, four), last_trick_points(1, 0, four)
    if win == lose:
        return f"вчетвером по {points(win)} каждой паре"
    return f"вчетвером последняя взятка — {points(win)} паре"


def describe_option(name: str, value: Any, rules: RuleSet | None = None) -> str:
    """A Russian sentence for one option value («партия до 1500 очков»); `rules`: the rule
    set the value belongs to, for a text whose numbers depend on other options too."""
    if name == "four_hand_last_trick":
        return _four_hand_last(value, rules or RuleSet.preset("four_handed"))
    entry = OPTION_TEXT.get(name)
    return entry[1](value) if entry else f"{name} = {value!r}"


def differences(preset: str, other: str = "canonical") -> list[tuple[str, str, str, str]]:
    """(conflict ids, canonical text, preset text, option) for every option the preset
    changes, from `RuleSet.differences()`; the option («name=value») is for programmers and
    tests, the page shows the three Russian columns."""
    mine, base = RuleSet.preset(preset), RuleSet.preset(other)
    out = []
    for name, value in mine.differences(base).items():
        conflict = OPTION_TEXT.get(name, ("", None))[0]
        out.append((conflict, describe_option(name, getattr(base, name), base),
                    describe_option(name, value, mine), f"{name}={value!r}"))
    return sorted(out, key=lambda r: (r[0] or "C-99", r[3]))
