"""The log of a deal in Russian, as one seat may read it (other seats' draws stay hidden)."""

from __future__ import annotations

from typing import Sequence

from .cards import SUIT_GENITIVE_RU, SUIT_NAME_RU, cards_ru
from .events import (AceTurnedEvent, AnnounceEvent, CarteBlancheEvent, DeclareEvent, DrawEvent,
                     EndEvent, Event, PenaltyEvent, PhaseTwoEvent, SevenPlayedEvent,
                     SevenTurnedEvent, TrickEvent, TrumpFixedEvent, TurnUpTakenEvent)
from .ru import capitalize, meld_with_cards, plural, points


def seat_names(viewer: int, n: int = 2) -> list[str]:
    """'Вы' for the viewer, 'Соперник' (or 'Игрок 3', 'Партнёр') for the others."""
    if n == 2:
        return ["Вы" if s == viewer else "Соперник" for s in range(n)]
    names = []
    for s in range(n):
        if s == viewer:
            names.append("Вы")
        elif n == 4 and (s - viewer) % 4 == 2:
            names.append("Партнёр")
        else:
            names.append(f"Игрок {s + 1}")
    return names


def _verb(name: str, you: str, other: str) -> str:
    """The verb in the name's person: «Вы берёте», «Соперник берёт» (any case of «вы»)."""
    return you if name.lower() == "вы" else other


# first words of names that are common nouns (or pronouns, ordinals): lower case in a sentence
# «последние восемь взяток»: the last tricks as many as a hand (the multi-pack games: 9, 12, 15)
_LAST_TRICKS = {8: "восемь", 9: "девять", 12: "двенадцать", 15: "пятнадцать"}

_COMMON_NAMES = ("Вы", "Соперник", "Партнёр", "Сдатчик", "Ваш", "Ваша", "Первый", "Второй",
                 "Третий", "Четвёртый", "Ход", "Ответ", "Ходивший", "Ответивший")


def in_sentence(name: str) -> str:
    """A seat's name inside a sentence: «вы», «соперник», «ваш партнёр», «соперник слева»,
    «игрок справа», «второй» in lower case; a proper name («Анна», «Игрок 3», «Юг») as it is."""
    words = name.split(" ")
    common = words[0] in _COMMON_NAMES or (
        words[0] == "Игрок" and len(words) > 1 and not words[1][:1].isdigit())
    return name[:1].lower() + name[1:] if common else name


def gain(pts: int) -> str:
    """What a declaration brings: «+40 очков», or «без очков» (a seven exchange worth nothing
    under the rules in play — never «+0 очков»)."""
    return f"+{points(pts)}" if pts else "без очков"


def describe_event(event: Event, viewer: int, names: Sequence[str]) -> str | None:
    """One line of the log, or None for events this seat does not see or need."""
    match event:
        case TrickEvent(winner=winner):
            plays = ", ".join(f"{in_sentence(names[s])} — {c.ru}" for s, c in event.plays)
            who = names[winner]
            return f"Взятка: {plays}. {who} {_verb(who, 'берёте', 'берёт')} взятку."
        case DeclareEvent(seat=seat, declaration=d):
            who = names[seat]
            if d.meld == "seven_exchange":
                return (f"{who} {_verb(who, 'меняете', 'меняет')} козырную семёрку {d.cards[0].ru} "
                        f"на открытый козырь: {gain(d.points)}.")
            return (f"{who} {_verb(who, 'объявляете', 'объявляет')} "
                    f"{meld_with_cards(d.meld, d.cards, accusative=True)}: {gain(d.points)}.")
        case AnnounceEvent(seat=seat, declaration=d):
            who = names[seat]
            return (f"{who} {_verb(who, 'выкладываете', 'выкладывает')} ещё "
                    f"{meld_with_cards(d.meld, d.cards)} на потом: «{plural(d.points, 'очко')} за мной».")
        case DrawEvent(seat=seat, card=card):
            if seat == viewer:
                return f"Вы берёте из талона {card.ru}."
            return None
        case TurnUpTakenEvent(seat=seat, card=card):
            who = names[seat]
            return f"{who} {_verb(who, 'забираете', 'забирает')} открытый козырь {card.ru}."
        case PhaseTwoEvent(tricks=tricks):
            return (f"Талон кончился: игра «на выход», последние {_LAST_TRICKS.get(tricks, tricks)} "
                    "взяток. Нужно отвечать в масть.")
        case SevenTurnedEvent(seat=seat, card=card, points=pts):
            who = names[seat]
            return f"Открытый козырь — семёрка ({card.ru}): сдатчику ({in_sentence(who)}) +{points(pts)}."
        case AceTurnedEvent(card=card, points=pts):
            return f"Открыт козырной туз ({card.ru}): сдатчику +{points(pts)}."
        case SevenPlayedEvent(seat=seat, card=card, points=pts):
            return f"{names[seat]}: козырная семёрка {card.ru} в игре — +{points(pts)}."
        case CarteBlancheEvent(seat=seat, cards=cards, points=pts):
            who = names[seat]
            return f"{who}: карт-бланш (ни одной фигуры: {cards_ru(cards)}) — +{points(pts)}."
        case TrumpFixedEvent(suit=suit, meld=meld):
            first = "Первая секвенция назначила" if meld == "sequence" else "Первый марьяж назначил"
            return f"{first} козырь: {SUIT_NAME_RU[suit]}."
        case PenaltyEvent(seat=seat, offence=offence, amount=amount):
            what = {"declare_before_trick": "объявление без выигранной взятки",
                    "revoke": "ответ не в масть (или не козырем) в последних восьми взятках",
                    "false_declaration": "объявление комбинации, которой нет",
                    "extra_card": "лишняя карта из талона", "play_before_draw": "ход до добора",
                    "nine_cards": "игра девятью картами"}.get(offence, offence)
            cost = "все очки" if amount is None else f"−{points(amount)}"
            return f"Штраф — {in_sentence(names[seat])}: {what}, {cost}."
        case EndEvent(result=result):
            # a new sentence starts with the first name; after «;» a common noun is lower case
            parts = [f"{names[s] if not s else in_sentence(names[s])}: {points(v)}"
                     for s, v in enumerate(result["scores"])]
            return "Сдача окончена. " + "; ".join(parts) + "."
    return None


def deal_log(deal, viewer: int) -> list[str]:
    names = seat_names(viewer, deal.n)
    return [line for line in (describe_event(e, viewer, names) for e in deal.log) if line]


def score_breakdown(deal, seat: int) -> dict[str, int]:
    """Declarations (with sevens and deal bonuses), brisques, last trick, penalties, total."""
    r = deal.result() if deal.is_over else None
    side = deal.rules.side(seat)
    declared = r["declared"][side] if r else deal.declared[seat]
    brisques = r["brisques"][side] if r else deal.brisques(seat)
    last = r["last_trick"][side] if r else 0
    pens = (r.get("penalties") or [0] * len(r["scores"]))[side] if r else deal.penalties[seat]
    return {"объявления": declared, "бриски": brisques, "последняя взятка": last,
            "штрафы": -pens, "всего": declared + brisques + last - pens}


def trump_phrase(trump: str | None) -> str:
    return f"козырь — {SUIT_NAME_RU[trump]}" if trump else "козырь ещё не назначен"


def suit_genitive(suit: str) -> str:
    return SUIT_GENITIVE_RU[suit]


__all__ = ["describe_event", "deal_log", "score_breakdown", "seat_names", "trump_phrase",
           "capitalize", "suit_genitive"]
