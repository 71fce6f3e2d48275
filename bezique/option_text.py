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
    "none": "козырная семёрка очков не приносит",
}
_BLACK_ACE, _RED_ACE = (_pts(ACE_TURNED, s, deal_bonus_trump_ace=True) for s in "SH")
_REPEAT, _REPEAT_CLUBS = (_pts(SUIT_REPEATED, s, deal_bonus_repeat_suit=True) for s in "SC")

# option -> (conflict ids, value -> Russian)
OPTION_TEXT: dict[str, tuple[str, Callable[[Any], str]]] = {
    "cut_for_deal": ("C-01", lambda v: {"high": "первым сдаёт снявший старшую карту",
                                        "low": "первым сдаёт снявший младшую карту",
                                        "random": "первого сдатчика выбирают случайно",
                                        "high_chooses": "снявший старшую карту выбирает, кому "
                                                        "сдавать"}[v]),
    "deal_pattern": ("C-02, C-30", lambda v: {"3-2-3": "сдают по 3, 2 и 3 карты",
                                              "1x8": "сдают по одной карте",
                                              "3-3-2": "сдают по 3, 3 и 2 карты",
                                              "6-1-1": "сдают по 6, 1 и 1 карте",
                                              "1s": "сдают по одной карте, пока не сдадут всё",
                                              "3s": "сдают по три карты, пока не сдадут всё"}[v]),
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
    "game_mode": ("C-27", lambda v: {"target": "партия — до цели в очках",
                                     "single_deal": "каждая сдача — отдельная партия",
                                     "rubicon": "партия — одна сдача, с рубиконом и премией за "
                                                "партию"}[v]),
    "both_reach_rule": ("C-25", lambda v: "дошли оба — выигрывает больший счёт" if
                        v == "higher_score" else "дошли оба — выигрывает взявший последнюю "
                        "взятку"),
    "penalty_extra_card": ("C-28", lambda v: f"штраф за лишнюю карту — {points(v)}"),
    "four_hand_last_trick": ("C-31", None),           # `_four_hand_last`: needs the rules
    "no_trump_double_marriage_points": ("C-32", lambda v: f"двойной марьяж, назначающий "
                                        f"козырь, — {points(v)}"),
    "no_trump_sequence_points": ("C-33", lambda v: f"секвенция бескозырного безика — "
                                 f"{points(v)}"),
    "deal_bonus_seven": ("", lambda v: f"открытая семёрка — сдатчику {points(v)}" if v else
                         "за открытую семёрку сдатчику ничего не дают"),
    "show_stock_count": ("", _yes_no("карты в талоне можно пересчитать",
                                     "пересчитывать карты в талоне нельзя")),
    # --- Rubicon, six-pack and eight-pack bezique (RULES-multipack.md §15.16) ---
    "trump_rule": ("", lambda v: "козырь — открытая после сдачи карта" if v == "turn_up" else
                   "козыря нет до первого записанного марьяжа или секвенции"),
    "trump_fixed_on": ("C-R6", lambda v: "козырь назначает первый записанный марьяж" if
                       v == "scored" else "козырь назначает первый показанный марьяж, даже "
                       "выложенный «на потом»"),
    "redeclare_rule": ("C-R4", lambda v: {
        "classic": "карта не входит дважды в комбинацию одного рода",
        "after_play": "ту же комбинацию объявляют снова, когда одна её карта сыграна и "
                      "заменена новой",
        "new_set": "ту же комбинацию объявляют снова с любой новой картой, даже если ни одна "
                   "карта не сыграна"}[v]),
    "sequence_after_marriage": ("C-R3", _yes_no("секвенцию можно сложить с королём и дамой "
                                                "записанного марьяжа", "короля и даму "
                                                "записанного марьяжа в секвенцию не берут")),
    "bezique_singles_unite": ("", _yes_no("два записанных безика можно объединить в двойной",
                                              "два записанных безика в двойной не объединяют")),
    "meld_plain_sequence": ("", lambda v: f"некозырная секвенция — {points(v)}" if v else
                            "некозырная секвенция не считается"),
    "bezique_values": ("", None),                     # `_ladder`: the names of the rungs
    "trump_quartets": ("C-R7, C-R8", None),           # `_quartets`
    "trump_quintets": ("", None),                     # `_quartets`
    "meld_four_tens": ("C-R13", lambda v: f"любые четыре десятки — {points(v)}" if v else
                       "четыре десятки — не комбинация"),
    "multipack_bezique_pair": ("C-R9", lambda v: "безик — всегда дама пик и валет бубен" if
                               v == "fixed" else "безик — козырная дама и валет масти другого "
                               "цвета (пики — бубны, трефы — черви); до козыря безика нет"),
    "carte_blanche_points": ("", lambda v: f"карт-бланш — {points(v)}"),
    "carte_blanche_repeat": ("C-R2", _yes_no("карт-бланш засчитывают снова за каждую взятую из "
                                             "талона карту, пока не придёт фигура",
                                             "карт-бланш засчитывают один раз, до первой взятки")),
    "brisque_role": ("", lambda v: {
        "always": "бриски — по 10 очков в счёт",
        "tiebreak_rubicon": "бриски считают, только если очков поровну или чтобы спасти рубикон",
        "none": "бриски не считаются"}[v]),
    "brisques_decide": ("C-R5", lambda v: "бриски решают, только если очков поровну" if
                        v == "tie_only" else "бриски решают всякий раз, когда меняют исход"),
    "game_bonus": ("", lambda v: f"премия за партию — {points(v)}" if v else
                   "премии за партию нет"),
    "rubicon_threshold": ("", lambda v: f"рубикон — {plural(v, 'очко')}" if v else
                          "рубикона нет"),
    "rubicon_bonus": ("C-R1, C-R10", lambda v: f"за проигравшего под рубиконом — премия "
                      f"{points(v)}" if v else "премии за рубикон нет"),
    "settle_round_down_100": ("", _yes_no("доли сотни не считаются", "очки считают точно, "
                                          "с долями сотни")),
    "settle_min_difference": ("C-R14", lambda v: f"разница меньше {v} считается за {v}" if v
                              else "разница считается как есть"),
    "settle_rubiconed_min": ("", lambda v: f"меньше {plural(v, 'очко', 'gen')} у проигравшего "
                             f"под рубиконом считают за {v}" if v else
                             "очки проигравшего под рубиконом считают как есть"),
    "dealer_cut_target": ("", lambda v: f"сдатчик старается снять ровно {plural(v, 'карта', 'acc')}"
                          if v else "сдатчик карты для сдачи не снимает"),
    "dealer_cut_bonus": ("", lambda v: f"снявший ровно сколько нужно сдатчик получает "
                         f"{points(v)}" if v else "за точно снятые карты сдатчику ничего"),
    "cut_guess_bonus": ("", lambda v: f"угадавший, сколько карт снято, получает {points(v)}"
                        if v else "за угаданное число снятых карт ничего"),
    "phase2_revoke": ("C-R16", lambda v: "ошибка в последних взятках — штраф" if v == "penalty"
                      else "ошибку в последних взятках переигрывают, очков не снимают"),
    "too_many_cards_cap": ("", lambda v: f"игравший с лишними картами остаётся под рубиконом; "
                           f"из его очков сопернику идёт не больше {v}"),
    "trick_display": ("", lambda v: {
        "face_down": "взятки складывают рубашкой вверх",
        "heap_until_brisque": "взятки лежат открытой кучкой, пока в одну не попадёт бриск",
        "face_up_pile": "взятки лежат открытой стопкой, их не собирают"}[v]),
    "brisque_peek_stock_limit": ("", lambda v: f"свои бриски можно пересчитать, когда в талоне "
                                 f"не больше {plural(v, 'карта')}"),
    "players": ("", lambda v: f"игроков: {v}"),
    "packs": ("", lambda v: f"колод в игре: {v}"),
    "variant": ("", lambda v: {"standard": "обычная игра", "no_trump": "бескозырный безик",
                               "many_pack_infusorka": "многоколодный безик с инфузорками",
                               "rubicon": "рубикон", "six_pack": "китайский безик",
                               "eight_pack": "безик с восемью колодами"}[v]),
}

_STAGE_TWO = {8: "восьми", 9: "девяти", 12: "двенадцати", 15: "пятнадцати"}


def _ladder(values, rules: RuleSet) -> str:
    """The bezique ladder of these rules, each rung's name and the engine's points."""
    from .ru import meld_name
    from .variants.multipack.melds import BEZIQUE_LADDER
    rungs = [f"{meld_name(m)} — {v}" for m, v in zip(BEZIQUE_LADDER, values) if v]
    return "безики: " + ", ".join(rungs)


def _quartets(name: str, values, rules: RuleSet) -> str:
    """Four (five) trump aces, tens, kings, queens, jacks with the rules' points."""
    from .ru import meld_name
    from .variants.multipack.melds import FIVE_TRUMP, FOUR_TRUMP, QUARTET_RANKS
    table = FOUR_TRUMP if name == "trump_quartets" else FIVE_TRUMP
    rungs = [f"{meld_name(table[r])} — {v}" for r, v in zip(QUARTET_RANKS, values) if v]
    if not rungs:
        return ("козырных четвёрок нет" if name == "trump_quartets" else "козырных пятёрок нет")
    return ", ".join(rungs)


def _with_rules(name: str, value: Any, rules: RuleSet) -> str | None:
    """The texts whose words depend on other options of the same rules, or None."""
    if name == "bezique_values":
        return _ladder(value, rules)
    if name in ("trump_quartets", "trump_quintets"):
        return _quartets(name, value, rules)
    if name == "phase2_must_head" and rules.hand_size != 8:
        last = _STAGE_TWO.get(rules.hand_size, str(rules.hand_size))
        return (f"в последних {last} взятках нужно ещё и перебить, если можете" if value else
                f"в последних {last} взятках достаточно ответить в масть")
    if name == "meld_carte_blanche" and rules.multipack:
        from .variants.multipack.melds import multipack_meld_points
        pts = multipack_meld_points(CARTE_BLANCHE, rules)
        return f"карт-бланш (ни одной фигуры на руке) — {points(pts)}" if value and pts else \
            "карт-бланша нет"
    return None


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
    if rules is not None or name in ("bezique_values", "trump_quartets", "trump_quintets"):
        text = _with_rules(name, value, rules or RuleSet())
        if text is not None:
            return text
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
