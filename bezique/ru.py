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

# Genitive forms, after «для»: «сохраните … для козырной секвенции».
MELD_NAME_GEN = {
    "marriage": "марьяжа",
    "royal_marriage": "козырного марьяжа",
    "sequence": "козырной секвенции",
    "bezique": "безика",
    "double_bezique": "двойного безика",
    "triple_bezique": "тройного безика",
    "four_aces": "четырёх тузов",
    "four_kings": "четырёх королей",
    "four_queens": "четырёх дам",
    "four_jacks": "четырёх валетов",
    "trump_seven": "козырной семёрки",
    "double_marriage": "двойного марьяжа",
    "plain_quint": "некозырной квинты",
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


# A meld whose name depends on its cards: the no-trump game's marriage that fixes trumps may be
# laid as two marriages of one suit at once (R10.3.4).
_FOUR_CARD_NAME = {"no_trump_marriage": ("двойной марьяж, назначающий козырь",
                                         "двойной марьяж, назначающий козырь")}


def meld_name(meld: str, cards: Iterable[Card] = ()) -> str:
    """The meld's Russian name (a variant's own melds: the names the variant registered);
    `cards`, where the name depends on them (a four-card no-trump marriage)."""
    if meld in _FOUR_CARD_NAME and len(tuple(cards)) == 4:
        return _FOUR_CARD_NAME[meld][0]
    return MELD_NAME.get(meld) or variant_meld_name(meld) or meld


def meld_name_acc(meld: str, cards: Iterable[Card] = ()) -> str:
    """The meld's name as the object of «объявить»: «объявить козырную секвенцию»."""
    if meld in _FOUR_CARD_NAME and len(tuple(cards)) == 4:
        return _FOUR_CARD_NAME[meld][1]
    return MELD_NAME_ACC.get(meld) or variant_meld_name(meld, accusative=True) or meld_name(meld)


def meld_name_gen(meld: str) -> str:
    """The meld's name after «для»: «для козырной секвенции»; a meld without a genitive form
    here (a variant's own): «для комбинации «…»»."""
    return MELD_NAME_GEN.get(meld) or f"комбинации «{meld_name(meld)}»"


def meld_with_cards(meld: str, cards: Iterable[Card], accusative: bool = False,
                    shown: str | None = None) -> str:
    """A meld's name with its cards: 'козырный марьяж К♠ Д♠'; `accusative` for the object of
    «объявить» ('козырную семёрку 7♥'); `shown`, the cards as the caller writes them
    ('Д♠ с руки, В♦ со стола'). A name with a clause after a comma takes the cards before the
    clause: 'марьяж К♥ Д♥, назначающий козырь' (not '…козырь К♥ Д♥', which reads as if the
    cards were the trump)."""
    cards = tuple(cards)
    name = meld_name_acc(meld, cards) if accusative else meld_name(meld, cards)
    head, comma, clause = name.partition(", ")
    return f"{head} {cards_ru(cards) if shown is None else shown}{comma}{clause}"


def describe_declaration(meld: str, cards: Iterable[Card], pts: int,
                         accusative: bool = False) -> str:
    """'козырный марьяж К♠ Д♠ — 40 очков', 'марьяж К♥ Д♥, назначающий козырь — 20 очков';
    `accusative` for the object of «объявить» ('козырную семёрку 7♥ — 10 очков')."""
    return f"{meld_with_cards(meld, cards, accusative)} — {points(pts)}"


def capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


# The sources (RULES.md §0) by the human names the course gives them (chapter 12 and the
# glossary introduce each once); a source's code appears to a learner at most in brackets after
# its name: «клубный текст (000-C)». Nominative and genitive («по правилам клубного текста»).
SOURCE_NAME = {
    "000": ("сборник", "сборника"),
    "000-A": ("первый текст сборника", "первого текста сборника"),
    "000-B": ("второй текст сборника", "второго текста сборника"),
    "000-C": ("клубный текст", "клубного текста"),
    "000-D": ("текст об инфузорках", "текста об инфузорках"),
    "000-E": ("старый текст", "старого текста"),
    "001": ("справочник", "справочника"),
    "002": ("журнальная статья", "журнальной статьи"),
    "003": ("короткие правила", "коротких правил"),
    "004": ("страница «Боевой дракон»", "страницы «Боевой дракон»"),
}

# The preset that follows each source (RULES.md §14.2).
PRESET_SOURCE = {"seed_000A": "000-A", "seed_000C": "000-C", "seed_000E": "000-E",
                 "seed_001": "001", "seed_002": "002", "seed_003": "003", "seed_004": "004"}

# The other presets: (title, the phrase «по правилам …» ends with).
_PRESET_TITLE = {
    "canonical": ("Основные правила курса", None),
    "no_trump": ("Бескозырный безик", "бескозырного безика"),
    "three_handed": ("Безик втроём (три колоды)", "безика втроём"),
    "four_handed": ("Безик вчетвером, пара на пару", "безика вчетвером"),
    "many_pack_infusorka": ("Многоколодный безик с «инфузоркой»", "многоколодного безика"),
    # RULES-multipack.md §15 (English sources): the three games and their option presets
    "rubicon": ("Рубикон (безик на четырёх колодах)", "рубикона"),
    "rubicon_bicycle": ("Рубикон: премия 1320 за «рубикон»", "рубикона с премией 1320"),
    "rubicon_parlett": ("Рубикон: премия 1000 за «рубикон»", "рубикона с премией 1000"),
    "rubicon_foster": ("Рубикон: карт-бланш только один раз", "рубикона с одним карт-бланшем"),
    "rubicon_whiteknuckle": ("Рубикон: козырь назначает показанный марьяж",
                             "рубикона, где козырь назначает показанный марьяж"),
    "rubicon_hoffmann_commentary": ("Рубикон: повтор комбинации новой парой карт",
                                    "рубикона с повтором комбинации новой парой карт"),
    "six_pack": ("Китайский безик (шесть колод)", "китайского безика"),
    "six_pack_variable": ("Китайский безик: безик зависит от козыря",
                          "китайского безика, где безик зависит от козыря"),
    "six_pack_pw6": ("Китайский безик: четыре козырные дамы — 900",
                     "китайского безика, где четыре козырные дамы стоят 900"),
    "six_pack_cm6": ("Китайский безик: премия 2000 за «рубикон»",
                     "китайского безика с премией 2000"),
    "eight_pack": ("Безик с восемью колодами", "безика с восемью колодами"),
}


def source_name(code: str, genitive: bool = False, with_code: bool = True) -> str:
    """'клубный текст (000-C)'; genitive: 'клубного текста (000-C)'."""
    name = SOURCE_NAME[code][1 if genitive else 0]
    return f"{name} ({code})" if with_code else name


def preset_title(preset: str) -> str:
    """A rule set's name as a menu or a caption shows it: 'Клубный текст (000-C)',
    'Основные правила курса', 'Бескозырный безик'."""
    if preset in PRESET_SOURCE:
        return capitalize(source_name(PRESET_SOURCE[preset]))
    return _PRESET_TITLE.get(preset, (preset, None))[0]


def preset_rules_phrase(preset: str) -> str:
    """'по правилам клубного текста (000-C)', 'по коротким правилам (003)',
    'по основным правилам курса', 'по правилам бескозырного безика'."""
    if preset == "seed_003":
        return "по коротким правилам (003)"
    if preset in PRESET_SOURCE:
        return "по правилам " + source_name(PRESET_SOURCE[preset], genitive=True)
    if preset == "canonical":
        return "по основным правилам курса"
    genitive = _PRESET_TITLE.get(preset, (None, None))[1]
    return f"по правилам {genitive}" if genitive else f"по правилам «{preset_title(preset)}»"
