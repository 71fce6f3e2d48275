"""Positions of the multi-pack games — Rubicon, six-pack and eight-pack bezique
(RULES-multipack.md §15; docs/positions.md «Multi-pack games»): what the position reader checks
beyond the standard game, and the deal-score answer with the settlement of 15.11.

The rules themselves are the engine's (`variants.multipack`): the legal declarations come from
the registry's `declarations` hook, the settlement from `settle`. Here only the fields of a
position are read and validated, and the settlement is put in Russian words.
"""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .errors import FormatError
from .melds import CARTE_BLANCHE, Declaration, meld_points, shape_problem
from .ru import capitalize, plural, points
from .tricks import last_tricks
from .variants.multipack import settle
from .variants.multipack.melds import MELDS, TRUMP_FIXING, ctype, reuse_problem

EXAMPLE_RULES = '"rules": "rubicon", "trump": null'


def is_multipack(rules) -> bool:
    return bool(getattr(rules, "multipack", False))


def multipack_melds(rules) -> list[str]:
    """The combinations a learner may name in these rules (those worth points here), in the
    order of 15.5: marriages and sequences, the bezique ladder, the quartets."""
    return [m for m in MELDS if m != CARTE_BLANCHE and meld_points(m, rules, "S")]


def multipack_why_not(pos, meld: str, cards, held: set) -> str:
    """Why a declaration is not among a multi-pack position's legal ones (Russian): a card you
    do not hold, the shape under the trump, or the re-declaration rules of 15.7.3."""
    missing = [c for c in cards if c not in held]
    if missing:
        return (f"У вас нет карты {', '.join(c.name_ru for c in missing)}: в комбинации "
                "участвуют только ваши карты, на руке и на столе.")
    problem = shape_problem(meld, tuple(cards), pos.rules, pos.trump) or reuse_problem(
        meld, tuple(cards), [d for d in pos.scored if d.meld != CARTE_BLANCHE], held, pos.rules)
    return capitalize(problem) + "." if problem else "Сейчас эту комбинацию объявить нельзя."


def check_fields(data: dict, rules, path) -> None:
    """Fields of the standard game that a multi-pack position cannot have: there is no turn-up
    (R15.2.4), so nothing to exchange a seven for; the trump seven scores nothing (R15.3.6)."""
    if data.get("turn_up") is not None:
        raise FormatError("в этой игре козырь не открывают (открытой карты у талона нет): уберите "
                          f"«turn_up». Пример: {EXAMPLE_RULES}", path, "turn_up")
    if data.get("seven_exchanged") not in (None, False):
        raise FormatError("в этой игре семёрку не меняют (открытого козыря нет): уберите "
                          f"«seven_exchanged». Пример: {EXAMPLE_RULES}", path, "seven_exchanged")


def history_problem(meld: str, cards: tuple[Card, ...], before: list[Declaration],
                    held: set[Card] | None, rules, trump: str | None) -> str | None:
    """Why entry `meld cards` cannot follow `before` in a scored history (Russian), or None.

    Re-use (15.7.3): an earlier instance counts as broken when one of its cards is no longer
    held — a card played never comes back (`held` None: nothing is held, a finished deal).
    Trumps (R15.3): with `trump` null no marriage or sequence has been scored yet; the first
    one scored fixes trumps, so a scored marriage or sequence lies in the trump suit or comes
    after trumps were fixed. Carte blanche (15.8): a dealt hand without a court, then one card
    drawn a time, while the chain lasts."""
    if meld == CARTE_BLANCHE:
        return _carte_blanche_problem(cards, before, rules)
    if trump is None and ctype(meld) in ("MARRIAGE", "SEQUENCE"):
        return ("марьяж или секвенция уже записаны, значит козырь назначен: первая записанная "
                "назначает козырь. Укажите его масть, например \"trump\": "
                f"\"{cards[0].suit}\"")
    if trump is not None and meld in TRUMP_FIXING and cards[0].suit != trump:
        return "козырный марьяж и козырная секвенция — только в козырной масти"
    return reuse_problem(meld, cards, [d for d in before if d.meld != CARTE_BLANCHE],
                         held if held is not None else set(), rules)


CB_EXAMPLE = ('[{"meld": "carte_blanche", "cards": ["9S", "8S", "7S", "9H", "8H", "7H", "9D", '
              '"8D", "7D"]}, {"meld": "carte_blanche", "cards": ["AC"]}]')


def _carte_blanche_problem(cards, before, rules) -> str | None:
    problem = _carte_blanche_shape(cards, before, rules)
    return f"{problem}. Пример карт-бланша рубикона с одним повтором: {CB_EXAMPLE}" if problem else None


def _carte_blanche_shape(cards, before, rules) -> str | None:
    if not rules.meld_carte_blanche:
        return "в этой игре карт-бланша нет"
    courts = [c for c in cards if c.is_court]
    if courts:
        return f"в карт-бланше не бывает фигур, а здесь {courts[0].name_ru}"
    chain = [d for d in before if d.meld == CARTE_BLANCHE]
    if not chain:
        if len(cards) != rules.hand_size:
            return (f"первый карт-бланш показывают всей сданной рукой — "
                    f"{plural(rules.hand_size, 'карта')} без фигур, а здесь {len(cards)}")
        return None
    if not rules.carte_blanche_repeat:
        return "по этим правилам карт-бланш засчитывают только один раз, при сдаче"
    if len(cards) != 1:
        return "повторный карт-бланш — это одна взятая из талона карта без фигуры"
    shown = {c for d in chain for c in d.cards}
    if cards[0] in shown:
        return f"карту {cards[0].code} уже показывали в карт-бланше"
    return None


def deal_score(brisques: Sequence[int], declared: Sequence[int], last: Sequence[int],
               rules) -> dict:
    """The tally of a finished multi-pack deal (as `MultipackDeal.result`): `scores` are all
    points but brisques; brisques count only in the settlement (15.10, 15.11)."""
    scores = [d + lt for d, lt in zip(declared, last)]
    return {"scores": scores, "brisques": list(brisques), "declared": list(declared),
            "last_trick": list(last), "settlement": settle(scores, brisques, rules)}


# ------------------------------------------------------------------ the settlement in words

def settlement_reason(scores: Sequence[int], brisques: Sequence[int], rules,
                      names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> str:
    """Why the game is settled as `settle` settles it, in Russian (R15.11): the one explainer
    of the settlement (`explain.settlement_lines`), whose numbers are the engine's terms; the
    scores themselves, which the question states, are left out."""
    from .variants.multipack.explain import player, settlement_lines   # explain reads the view
    _, lines = settlement_lines(scores, brisques, rules, [player(n, _gen(n)) for n in names])
    return " ".join(lines[1:])


def _gen(name: str) -> str:
    """A player's name after «у»: «Игрок 1» → «игрока 1»; a first name as given (Анна → Анны
    is left to the prompt, which names players in the nominative)."""
    if name.startswith("Игрок "):
        return "игрока " + name[6:]
    return {"Анна": "Анны", "Борис": "Бориса", "Вы": "вас", "Соперник": "соперника"}.get(name, name)
