"""Who takes a trick (R3.3) and which cards may be played (R3.2, §7), with Russian reasons."""

from __future__ import annotations

from typing import Sequence

from .cards import Card, SUIT_GENITIVE_RU, SUIT_NAME_RU
from .rules import RuleSet
from .variants import find_variant

# The stage two of the rules (8 tricks; 9 / 12 / 15 in the multi-pack games, R15.9; 18 in
# many-pack bezique): «в последних девяти взятках», «последние девять взяток».
LAST_TRICKS_PREP = {8: "восьми", 9: "девяти", 12: "двенадцати", 15: "пятнадцати",
                    18: "восемнадцати"}
LAST_TRICKS_NOM = {8: "восемь", 9: "девять", 12: "двенадцать", 15: "пятнадцать",
                   18: "восемнадцать"}


def last_tricks(rules: RuleSet, case: str = "prep") -> str:
    """«последних девяти взятках» (prepositional case) or, with `case` "nom", «последние девять
    взяток»: the last tricks of these rules, played after the stock is gone."""
    n = rules.hand_size
    if case == "nom":
        return f"последние {LAST_TRICKS_NOM.get(n, str(n))} взяток"
    return f"последних {LAST_TRICKS_PREP.get(n, str(n))} взятках"


def beats(card: Card, best: Card, trump: str | None) -> bool:
    """Does `card`, played later, beat `best`, the card currently winning? Ties go to the
    card played first (R3.3.3); an off-suit non-trump never wins."""
    if card.suit == best.suit:
        return card.rank_index < best.rank_index
    return card.suit == trump


def winning_index(cards: Sequence[Card], trump: str | None) -> int:
    """Index, in play order, of the card that takes the trick (R3.3.1–R3.3.4)."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def lead_index(cards: Sequence[Card], rules: RuleSet) -> int:
    """Index of the card that acts as the trick's lead: the first card, unless the variant gives
    led cards no suit (many-pack: led infusorki, RULES.md 10.5.2), then the first card played
    after them (`len(cards)` while there is none yet)."""
    variant = find_variant(rules)
    if variant is None or variant.lead_index is None:
        return 0
    return variant.lead_index(cards)


def counted_trick(cards: Sequence[Card], rules: RuleSet) -> list[Card]:
    """The trick as its obligations and its winner see it (`lead_index` onwards)."""
    return list(cards[lead_index(cards, rules):])


def trick_winner(cards: Sequence[Card], trump: str | None, rules: RuleSet) -> int:
    """Index, in play order, of the card that takes (or, unfinished, is taking) the trick
    under `rules`: `winning_index` from the lead on; a trick of led infusorki only is held by
    the first of them."""
    start = lead_index(cards, rules)
    if start >= len(cards):
        return 0
    return start + winning_index(cards[start:], trump)


def takes_trick(card: Card, trick: Sequence[Card], trump: str | None, rules: RuleSet) -> bool:
    """Would `card`, played now to `trick` (the cards so far), be the card taking it?"""
    cards = list(trick) + [card]
    return trick_winner(cards, trump, rules) == len(trick)


def winner_reason(cards: Sequence[Card], trump: str | None) -> str:
    """A Russian sentence saying why the trick goes where it goes (two cards: lead, follow)."""
    lead = cards[0]
    w = winning_index(cards, trump)
    win = cards[w]
    if len(cards) == 2:
        follow = cards[1]
        if w == 1:
            if follow.suit == lead.suit:
                return (f"{follow.ru} старше, чем {lead.ru}, в той же масти: взятку берёт "
                        "второй игрок.")
            return f"{follow.ru} — козырь, а {lead.ru} — нет: козырь бьёт любую некозырную карту."
        if follow.face == lead.face:
            return f"Карты одинаковые ({lead.ru}): из двух одинаковых карт берёт сыгранная первой."
        if follow.suit == lead.suit:
            return f"{follow.ru} младше, чем {lead.ru}: взятку берёт ходивший."
        if lead.suit == trump:
            return f"{lead.ru} — козырь, а {follow.ru} не козырь: взятку берёт ходивший."
        return (f"{follow.ru} другой масти и не козырь: такая карта не бьёт, взятку берёт "
                "ходивший, какой бы старшей она ни была.")
    if win.suit == trump and lead.suit != trump:
        return f"Старший козырь во взятке — {win.ru}: он и берёт взятку."
    return f"Старшая карта масти хода ({SUIT_GENITIVE_RU[lead.suit]}) — {win.ru}: она берёт взятку."


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], trump: str | None, phase: int,
                rules: RuleSet) -> list[Card]:
    """Cards of `hand` (concealed and exposed) that may be played to `trick` (cards so far)."""
    if not trick:
        return list(hand)
    lead = trick[0]
    if phase == 1:
        if rules.phase1_must_follow_suit:                  # C-06 (003)
            same = [c for c in hand if c.suit == lead.suit]
            return same or list(hand)
        return list(hand)
    best = trick[winning_index(trick, trump)]
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        if rules.phase2_must_head:
            higher = [c for c in same if beats(c, best, trump)]
            return higher or same
        return same
    if trump is not None:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            if best.suit != trump:
                return trumps
            over = [c for c in trumps if beats(c, best, trump)]
            # Trumped higher than any trump held: any card (engine choice, §7.2).
            return over if over else list(hand)
    return list(hand)


def legal_reason(hand: Sequence[Card], trick: Sequence[Card], trump: str | None, phase: int,
                 rules: RuleSet) -> str:
    """Why exactly these cards are legal, in Russian."""
    if not trick:
        return "Вы ходите первым: можно пойти любой картой."
    lead = trick[0]
    if phase == 1:
        if rules.phase1_must_follow_suit:
            if any(c.suit == lead.suit for c in hand):
                return (f"По этим правилам, пока есть талон, нужно отвечать в масть: "
                        f"у вас есть {SUIT_NAME_RU[lead.suit]}.")
        return "Пока в талоне есть карты, отвечать в масть не обязательно: можно сыграть любую карту."
    best = trick[winning_index(trick, trump)]
    same = [c for c in hand if c.suit == lead.suit]
    suit = SUIT_GENITIVE_RU[lead.suit]
    if same:
        if rules.phase2_must_head:
            higher = [c for c in same if beats(c, best, trump)]
            if higher:
                return (f"В {last_tricks(rules)} нужно ответить в масть ({suit}) и, если "
                        f"можете, перебить {best.ru}.")
            return (f"Нужно ответить в масть ({suit}); перебить {best.ru} нечем, поэтому годится "
                    f"любая карта этой масти.")
        return f"В {last_tricks(rules)} нужно ответить в масть ({suit})."
    if trump is not None and any(c.suit == trump for c in hand):
        if best.suit == trump and not any(c.suit == trump and beats(c, best, trump) for c in hand):
            return (f"Масти хода ({suit}) у вас нет, а взятка уже побита козырем старше ваших: "
                    "можно сыграть любую карту.")
        return f"Масти хода ({suit}) у вас нет: нужно бить козырем."
    if trump is None:
        return f"Масти хода ({suit}) у вас нет, козыря ещё нет: можно сыграть любую карту."
    return f"Нет ни масти хода ({suit}), ни козырей: можно сыграть любую карту."


def play_problem(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: str | None,
                 phase: int, rules: RuleSet) -> str | None:
    """Why `card` may not be played now (None if it may)."""
    if card not in hand:
        return f"Карты {card.ru} ({card.name_ru}) у вас нет."
    if card in legal_plays(hand, trick, trump, phase, rules):
        return None
    return f"Так играть нельзя: {card.ru}. " + legal_reason(hand, trick, trump, phase, rules)
