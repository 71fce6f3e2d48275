"""Russian words the engine shows to people: meld names, plural forms, number agreement.

The names of ranks and suits (`cards.RANK_NAME_RU`, `SUIT_NAME_RU`, `SUIT_GENITIVE_RU`) have
their one home in `cards`, the lowest module, which needs them for `Card.name_ru` (and this
module imports `cards`); every caller imports them from there. Plural forms have theirs here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from babel import Locale

from .cards import Card, cards_ru
from .variants import variant_meld_name

MELD_NAME = {
    "marriage": "марьяж",
    "royal_marriage": "козырный марьяж",
    "sequence": "козырная секвенция",
    "bezique": "безик",
    "double_bezique": "двойной безик",
    "triple_bezique": "тройной безик",
    "four_aces": "четыре туза",
    "four_kings": "четыре короля",
    "four_queens": "четыре дамы",
    "four_jacks": "четыре валета",
    "trump_seven": "козырная семёрка",
    "seven_exchange": "обмен козырной семёрки на открытый козырь",
    "double_marriage": "двойной марьяж",
    "plain_quint": "некозырная квинта",
    "two_trump_sevens": "две козырные семёрки",
    "carte_blanche": "карт-бланш",
    "no_trump_marriage": "марьяж, назначающий козырь",
}

# Accusative forms where they differ from the nominative («объявляет козырную семёрку»).
MELD_NAME_ACC = {
    "sequence": "козырную секвенцию",
    "trump_seven": "козырную семёрку",
    "plain_quint": "некозырную квинту",
}

_FORMS = {
    "очко": ("очко", "очка", "очков"),
    "карта": ("карта", "карты", "карт"),
    "взятка": ("взятка", "взятки", "взяток"),
    "сдача": ("сдача", "сдачи", "сдач"),
    "ход": ("ход", "хода", "ходов"),
    "бриск": ("бриск", "бриска", "брисков"),
    "позиция": ("позиция", "позиции", "позиций"),
    "партия": ("партия", "партии", "партий"),
    "игра": ("игра", "игры", "игр"),
    "запись": ("запись", "записи", "записей"),
    "уровень": ("уровень", "уровня", "уровней"),
    "ответ": ("ответ", "ответа", "ответов"),
    "похожий вариант": ("похожий вариант", "похожих варианта", "похожих вариантов"),
}


@lru_cache(maxsize=None)
def _plural_category(n: int) -> str:
    return Locale("ru").plural_form(abs(n))


# Other cases where a phrase needs them: «около 101 очка» (genitive), «разыграл 1 сдачу».
_FORMS_CASE = {
    ("очко", "gen"): ("очка", "очков", "очков"),
    ("сдача", "acc"): ("сдачу", "сдачи", "сдач"),
    ("взятка", "acc"): ("взятку", "взятки", "взяток"),
    ("карта", "acc"): ("карту", "карты", "карт"),
}


def plural(n: int, word: str, case: str = "nom") -> str:
    """'1 очко', '3 очка', '25 очков' — CLDR plural rules through Babel; `case` "gen" or
    "acc" where the phrase needs it ('около 101 очка', 'разыграл 21 сдачу')."""
    one, few, many = _FORMS[word] if case == "nom" else _FORMS_CASE[(word, case)]
    form = {"one": one, "few": few}.get(_plural_category(n), many)
    return f"{n} {form}"


def decimal(x: float, digits: int = 1, signed: bool = False) -> str:
    """A number as Russian text prints it: a decimal comma and a true minus sign ('−12,4');
    `signed`: a plus sign too ('+42,4')."""
    text = f"{abs(x):.{digits}f}".replace(".", ",")
    if round(x, digits) < 0:
        return "\u2212" + text
    return ("+" if signed else "") + text


def points(n: int) -> str:
    return plural(n, "очко")


def meld_name(meld: str) -> str:
    """The meld's Russian name (a variant's own melds: the names the variant registered)."""
    return MELD_NAME.get(meld) or variant_meld_name(meld) or meld


def meld_name_acc(meld: str) -> str:
    """The meld's name as the object of «объявить»: «объявить козырную секвенцию»."""
    return MELD_NAME_ACC.get(meld) or variant_meld_name(meld, accusative=True) or meld_name(meld)


def describe_declaration(meld: str, cards: Iterable[Card], pts: int) -> str:
    """'козырный марьяж К♠ Д♠ — 40 очков'."""
    return f"{meld_name(meld)} {cards_ru(cards)} — {points(pts)}"


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]
