"""Physical cards, packs, and every card notation (Latin files, Russian input and output).

A card has an identity: `Card("Q", "S", 2)` is the second queen of spades. Cards are
interned (one object per identity), so they compare and hash fast and can be used in sets.
Parsing and printing of every notation lives here and nowhere else.
"""

from __future__ import annotations

import re
from typing import Iterable

from .errors import CardParseError

RANKS = "ATKQJ987"               # index 0 = highest (R1.2.1)
SUITS = "SHDC"                   # card order of formats.md
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
MAX_COPIES = 16

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_RU = {"A": "Т", "T": "10", "K": "К", "Q": "Д", "J": "В", "9": "9", "8": "8", "7": "7"}
# The Russian names of ranks and suits: their one home (`Card.name_ru` needs them here, below
# `ru`); every caller imports them from this module.
RANK_NAME_RU = {"A": "туз", "T": "десятка", "K": "король", "Q": "дама", "J": "валет",
                "9": "девятка", "8": "восьмёрка", "7": "семёрка"}
RANK_GENITIVE_RU = {"A": "туза", "T": "десятки", "K": "короля", "Q": "дамы", "J": "валета",
                    "9": "девятки", "8": "восьмёрки", "7": "семёрки"}
SUIT_GENITIVE_RU = {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"}
SUIT_NAME_RU = {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"}
SUIT_LETTER_RU = {"S": "п", "H": "ч", "D": "б", "C": "т"}
RED_SUITS = frozenset("HD")
JOKER = "X"        # rank and "suit" of the infusorka, the wild card of many-pack bezique (10.5)


class Card(int):
    """One physical card: rank, suit and copy number (1-based). Interned and immutable.

    A Card is an int (its position in card order), so that sets, sorting and hashing of
    cards run at C speed; `rank`, `suit` and `copy` give its identity.
    """

    _interned: dict[tuple[str, str, int], "Card"] = {}

    def __new__(cls, rank: str, suit: str, copy: int = 1) -> "Card":
        key = (rank, suit, copy)
        card = cls._interned.get(key)
        if card is not None:
            return card
        joker = rank == JOKER and suit == JOKER
        if (not joker and (rank not in RANK_INDEX or suit not in SUIT_INDEX)) \
                or not isinstance(copy, int) or not (1 <= copy <= MAX_COPIES):
            raise CardParseError(
                f"Нет такой карты: ранг {rank!r}, масть {suit!r}, экземпляр {copy!r}. "
                "Пример правильной карты: QS#1 (дама пик, первый экземпляр).")
        # Card order of formats.md: suit S H D C, then rank A..7, then copy number (the
        # infusorka last). Starts at 1 so that no card is falsy.
        s_i, r_i = (4, 8) if joker else (SUIT_INDEX[suit], RANK_INDEX[rank])
        index = (s_i * 8 + r_i) * MAX_COPIES + copy
        card = int.__new__(cls, index)
        d = card.__dict__
        d.update(rank=rank, suit=suit, copy=copy, index=index, rank_index=r_i, suit_index=s_i,
                 face=(rank, suit), code=f"{rank}{suit}#{copy}", is_joker=joker,
                 is_brisque=rank in ("A", "T"), is_court=rank in ("K", "Q", "J"),
                 ru="Инф" if joker else RANK_RU[rank] + SUIT_SYMBOL[suit],
                 name_ru="инфузорка" if joker else f"{RANK_NAME_RU[rank]} {SUIT_GENITIVE_RU[suit]}",
                 name_ru_gen="инфузорки" if joker else
                 f"{RANK_GENITIVE_RU[rank]} {SUIT_GENITIVE_RU[suit]}")
        cls._interned[key] = card
        return card

    # Declared for type checkers; the values live in the instance dict set by __new__.
    rank: str
    suit: str
    copy: int
    index: int            # position in card order
    rank_index: int       # 0 = ace (highest)
    suit_index: int
    face: tuple[str, str]  # (rank, suit): identical cards share a face
    code: str             # Latin identifier with copy number, as in files: 'QS#2'
    is_brisque: bool
    is_court: bool
    is_joker: bool        # the infusorka (many-pack bezique): no suit, wild in melds
    ru: str               # short Russian form for people: 'Д♠', '10♦'
    name_ru: str          # full Russian name: 'дама пик'
    name_ru_gen: str      # the same in the genitive: 'дамы пик' («у вас нет дамы пик»)

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit, self.copy))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"Card({self.code})"

    __str__ = __repr__


def make_pack(packs: int = 2) -> list[Card]:
    """The pack of `packs` piquet packs (32 cards each), in card order (R1.1.1, R1.1.3)."""
    return [Card(r, s, c) for s in SUITS for r in RANKS for c in range(1, packs + 1)]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order of formats.md (suit S H D C, rank A..7, copy)."""
    return sorted(cards)


# --------------------------------------------------------------------------- parsing

_RU_RANKS = {"т": "A", "а": "A", "10": "T", "к": "K", "д": "Q", "в": "J", "9": "9", "8": "8", "7": "7"}
_LATIN_RANKS = {"a": "A", "t": "T", "10": "T", "k": "K", "q": "Q", "j": "J", "9": "9", "8": "8", "7": "7"}
_SYMBOL_SUITS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_RU_SUITS = {"п": "S", "ч": "H", "б": "D", "т": "C"}
_LATIN_SUITS = {"s": "S", "h": "H", "d": "D", "c": "C"}

_JOKER_TOKEN = re.compile(r"^(?:xx|инф|инфузорка)(?:#(\d+))?$")
_EXAMPLE = "Примеры: «QS», «QS#2», «10D», «Д♠», «дп», «10♦», «Т♣», «вб»."
# Emoji presentation selectors (♠️ is ♠ + U+FE0F) and zero-width characters are invisible.
_INVISIBLE = re.compile("[\ufe0e\ufe0f\u200b\u200c\u200d\u2060\ufeff]")
_ALL_RANKS = {**_LATIN_RANKS, **_RU_RANKS}
# Letters of one alphabet that look like a rank or suit letter of the other.
_RANK_LOOKALIKES = {"b": "латинская «B» похожа на русскую «В» (валет): впишите «В♦» или «JD»",
                    "1": "десятка пишется «10», например «10♣»"}
_SUIT_LOOKALIKES = {"с": "«С» здесь русская буква; трефы — русская «т» или латинская «C»",
                    "н": "«Н» здесь русская буква; черви — русская «ч» или латинская «H»",
                    "t": "«t» здесь латинская буква; трефы — латинская «C» или русская «т»",
                    "p": "«p» здесь латинская буква; пики — латинская «S» или русская «п»"}


def _bad(token: str, why: str) -> CardParseError:
    shown = token if len(token) <= 24 else token[:20] + "…"
    return CardParseError(f"Не удалось прочитать карту «{shown}»: {why}. {_EXAMPLE}")


def _is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


def _alphabet(ch: str) -> str:
    return "русская" if _is_cyrillic(ch) else "латинская"


def _clean(token: str) -> str:
    return _INVISIBLE.sub("", token).strip()


def parse_card_face(token: str) -> tuple[str, str, int | None]:
    """Read one card token into (rank, suit, copy or None). Latin or Russian notation; an
    emoji suit («♠️») is accepted. (A typed list with a space between rank and suit, «10 ♣»,
    is joined into one token by `split_tokens`.)"""
    shown = _clean(token)
    text = shown.replace("ё", "е").replace("Ё", "Е").lower()
    if not text:
        raise _bad(shown, "пустая запись")
    if re.search(r"\s", text):        # one token is one card («10 ♣» typed in a box is joined
        compact = re.sub(r"\s+", "", shown)     # by split_tokens)
        raise _bad(shown, f"внутри карты не нужен пробел: «{compact}»")
    body, sep, copy_txt = text.partition("#")
    if sep and not re.fullmatch(r"[0-9]+", copy_txt):
        raise _bad(shown, "после «#» должен стоять номер экземпляра цифрами, например «QS#2»")
    copy = None
    if sep:
        if len(copy_txt) > 3 or not 1 <= int(copy_txt) <= MAX_COPIES:
            raise _bad(shown, "номер экземпляра должен быть 1, 2 (или 3 в игре тремя колодами)")
        copy = int(copy_txt)
    if _JOKER_TOKEN.match(body):
        return JOKER, JOKER, copy
    if body in _ALL_RANKS:
        raise _bad(shown, f"не указана масть: впишите её сразу за рангом, например «{body.upper()}♣»")
    if body in _SYMBOL_SUITS:
        raise _bad(shown, f"не указан ранг: впишите его перед мастью, например «Д{body}»")
    rank_txt, suit_txt = ("10", body[2:]) if body.startswith("10") else (body[:1], body[1:])
    if len(suit_txt) != 1:
        raise _bad(shown, "ожидались ранг и масть, например «Д♠» или «QS»")
    rank = _RU_RANKS.get(rank_txt) if _is_cyrillic(rank_txt) else _LATIN_RANKS.get(rank_txt)
    if rank is None:
        hint = _RANK_LOOKALIKES.get(rank_txt)
        raise _bad(shown, f"неизвестный ранг «{rank_txt.upper()}» (ранги: Т 10 К Д В 9 8 7 или "
                          f"A T K Q J 9 8 7)" + (f"; {hint}" if hint else ""))
    if suit_txt in _SYMBOL_SUITS:
        suit = _SYMBOL_SUITS[suit_txt]
    elif _is_cyrillic(suit_txt):
        suit = _RU_SUITS.get(suit_txt)
    else:
        suit = _LATIN_SUITS.get(suit_txt)
    if suit is None:
        hint = _SUIT_LOOKALIKES.get(suit_txt)
        raise _bad(shown, f"неизвестная масть «{suit_txt.upper()}» (масти: ♠ ♥ ♦ ♣, п ч б т или "
                          f"S H D C)" + (f"; {hint}" if hint else ""))
    # Script consistency: a Latin rank with a Russian suit letter (or the reverse) is a typo.
    # (Digit ranks 10, 9, 8, 7 belong to both alphabets: «7т», «9п» are Russian input too.)
    if not rank_txt.isdigit() and suit_txt not in _SYMBOL_SUITS and _is_cyrillic(rank_txt) != _is_cyrillic(suit_txt):
        tee = (" (латинская T — десятка, русская Т — туз)" if rank_txt in "tт" else "")
        raise _bad(shown, f"ранг «{rank_txt.upper()}» — {_alphabet(rank_txt)} буква, а масть "
                          f"«{suit_txt.upper()}» — {_alphabet(suit_txt)}{tee}; пишите одним "
                          "алфавитом")
    return rank, suit, copy


def reading_note(token: str) -> str | None:
    """For a token whose meaning hangs on the alphabet of one letter — «T♠» (Latin T: the ten)
    or «Т♠» (Russian Т: the ace) — a Russian sentence saying which card was read; else None."""
    text = _clean(token).lower()
    if len(text) < 2 or text[0] not in "tт" or text[1] not in _SYMBOL_SUITS:
        return None
    try:
        card = Card(*parse_card_face(token)[:2])
    except CardParseError:
        return None
    if text[0] == "t":
        return (f"«{_clean(token)}» прочитано как {card.name_ru}: латинская T — десятка "
                f"(туз — русская «Т»).")
    return (f"«{_clean(token)}» прочитано как {card.name_ru}: русская Т — туз "
            f"(десятка — «10» или латинская T).")


def parse_card(token: str, default_copy: int = 1) -> Card:
    """One physical card; a token without '#n' gets `default_copy`."""
    rank, suit, copy = parse_card_face(token)
    return Card(rank, suit, copy if copy is not None else default_copy)


_SPLIT = re.compile(r"[\s,;]+")


def split_tokens(text: str) -> list[str]:
    """Split a typed list of cards: spaces, commas or semicolons between cards. A rank and a
    suit symbol apart («10 ♣», «Д ♠️») are one card."""
    out: list[str] = []
    for tok in _SPLIT.split(_INVISIBLE.sub("", text).strip()):
        if not tok:
            continue
        if (out and tok[0] in _SYMBOL_SUITS and out[-1].lower().replace("ё", "е") in _ALL_RANKS):
            out[-1] += tok
        else:
            out.append(tok)
    return out


def parse_cards(items: str | Iterable[str], copies: int = 2,
                taken: set[Card] | None = None) -> list[Card]:
    """Read several cards. Tokens without a copy number get the lowest copy not yet used
    (in this list or in `taken`), as formats.md says for bare identifiers."""
    tokens = split_tokens(items) if isinstance(items, str) else list(items)
    faces = [(tok, parse_card_face(tok)) for tok in tokens]
    used: set[Card] = set(taken or ())
    out: list[Card | None] = [None] * len(faces)
    for i, (tok, (rank, suit, copy)) in enumerate(faces):     # explicit copies first
        if copy is not None:
            card = Card(rank, suit, copy)
            if card in used:
                raise CardParseError(f"Карта «{tok}» названа дважды: каждая физическая карта "
                                     f"существует в одном экземпляре. Пример: «QS#1 QS#2».")
            used.add(card)
            out[i] = card
    for i, (tok, (rank, suit, copy)) in enumerate(faces):
        if copy is None:
            for c in range(1, copies + 1):
                card = Card(rank, suit, c)
                if card not in used:
                    break
            else:
                raise CardParseError(
                    f"Слишком много карт «{tok}»: число экземпляров каждой карты в колоде — "
                    f"{copies}. Пример: «" + " ".join(f"{rank}{suit}#{n}" for n in range(1, copies + 1))
                    + "».")
            used.add(card)
            out[i] = card
    return out  # type: ignore[return-value]


def pick(face: str | tuple, among: Iterable[Card], besides: Iterable[Card] = ()) -> list[Card]:
    """The cards of `among` (in its order) that `face` names, those in `besides` left out.
    `face` is a token in any notation ("QS", "Д♠", "QS#2") or a (rank, suit[, copy]) tuple;
    without a copy number every copy of that face is named."""
    if isinstance(face, str):
        rank, suit, copy = parse_card_face(face)
    else:
        rank, suit, copy = (*face, None)[:3]
    skip = set(besides)
    return [c for c in among if c.rank == rank and c.suit == suit
            and (copy is None or c.copy == copy) and c not in skip]


# --------------------------------------------------------------------------- printing

def format_cards(cards: Iterable[Card]) -> list[str]:
    """Latin identifiers with copy numbers, in card order (for files)."""
    return [c.code for c in sort_cards(cards)]


def cards_ru(cards: Iterable[Card], sort: bool = True) -> str:
    """'К♥ Д♥' — short Russian forms for people."""
    seq = sort_cards(cards) if sort else list(cards)
    return " ".join(c.ru for c in seq)
