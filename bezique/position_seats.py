"""Seats of a position (docs/positions.md): the number of players, your seat, the partnership of
the four-handed game and a trick with the seats that played its cards.

Two-player files need none of this (their `lead`/`follow` keep meaning what formats.md says);
three- and four-handed files name the trick as `[{"player": seat, "card": card}, …]` in play
order. Who takes a trick and which cards may be played are still asked of the engine
(tricks.py); here only the seats are read and validated.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .errors import FormatError
from .position_cards import Resolver
from .ru import plural

# Partners sit opposite each other (R10.2: seats 0 and 2 against 1 and 3), as the deal plays.
PARTNERSHIP = ((0, 2), (1, 3))
PRESET_FOR = {2: "canonical", 3: "three_handed", 4: "four_handed"}
TRICK_EXAMPLE = '[{"player": 1, "card": "9C"}, {"player": 2, "card": "KC"}]'


def _seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def load_players(data: dict, players: int, path) -> int:
    """The `players` field: optional, and if given it agrees with the rules."""
    if "players" not in data:
        return players
    value = data["players"]
    if type(value) is not int or value not in PRESET_FOR:
        raise FormatError("число игроков — 2, 3 или 4, например \"players\": 3", path, "players")
    if value != players:
        raise FormatError(f"по этим правилам играют {players}, а в «players» — {value}; для "
                          f"{value} игроков укажите правила, например \"rules\": "
                          f"\"{PRESET_FOR[value]}\", \"players\": {value}", path, "players")
    return value


def load_you(data: dict, n: int, path) -> int:
    """Your seat (the player to act): 0 … n-1, default 0."""
    value = data.get("you", 0)
    if not _seat(value, n):
        raise FormatError(f"«you» — номер вашего места, целое от 0 до {n - 1}, например "
                          f"\"you\": 0", path, "you")
    return value


def load_partnership(data: dict, n: int, path) -> tuple[tuple[int, int], ...] | None:
    """For four players the partnership is written out, `[[0, 2], [1, 3]]`; for fewer there
    is none."""
    example = "\"partnership\": [[0, 2], [1, 3]]"
    if n != 4:
        if "partnership" in data:
            raise FormatError(f"партнёры бывают только в игре вчетвером (\"players\": 4); "
                              f"здесь игроков {n}, уберите «partnership»", path, "partnership")
        return None
    if "partnership" not in data:
        raise FormatError(f"вчетвером играют пара на пару: укажите {example} (партнёры сидят "
                          f"друг напротив друга)", path, "partnership")
    value = data["partnership"]
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(s, list) and len(s) == 2 and all(_seat(x, 4) for x in s)
                  for s in value))
    if not ok or {frozenset(s) for s in value} != {frozenset(s) for s in PARTNERSHIP}:
        raise FormatError(f"партнёры сидят друг напротив друга: места 0 и 2 против 1 и 3, "
                          f"{example}", path, "partnership")
    return PARTNERSHIP


def seat_name(seat: int, you: int, n: int) -> str:
    """How a question calls a seat, from your place at the table. Play goes to the right
    (RULES.md §10.1: the dealer's right leads, then the cutter on his left, then the dealer), so
    the player after you sits on your right and the one before you on your left."""
    if seat == you:
        return "вы"
    step = (seat - you) % n
    if n == 4:
        return {1: "соперник справа", 2: "ваш партнёр", 3: "соперник слева"}[step]
    if n == 3:
        return {1: "игрок справа", 2: "игрок слева"}[step]
    return "соперник"


def load_trick(data: dict, res: Resolver, n: int, kind: str, you: int,
               path) -> list[tuple[int, Card]]:
    """The `trick` field: cards in play order with the seat of each, seats following each
    other round the table. A `trick_winner` trick is complete (one card a seat); before you
    play (`legal_plays`) it has 1 … n-1 cards, the last one played by the seat to your right."""
    value = data["trick"]
    if not isinstance(value, list) or not value:
        raise FormatError(f"«trick» — непустой список сыгранных карт с местами, например "
                          f"{TRICK_EXAMPLE}", path, "trick")
    plays: list[tuple[int, Card]] = []
    for i, e in enumerate(value):
        f = f"trick[{i}]"
        if not isinstance(e, dict) or set(e) != {"player", "card"}:
            raise FormatError(f"ход во взятке — объект {{\"player\": место, \"card\": карта}}, "
                              f"например {TRICK_EXAMPLE}", path, f)
        if not _seat(e["player"], n):
            raise FormatError(f"место игрока — целое от 0 до {n - 1}", path, f + ".player")
        if plays and e["player"] != (plays[-1][0] + 1) % n:
            raise FormatError(f"карты во взятке кладут по очереди, по кругу: после места "
                              f"{plays[-1][0]} ходит место {(plays[-1][0] + 1) % n}, а здесь "
                              f"{e['player']}", path, f + ".player")
        plays.append((e["player"], res.one(e["card"], f + ".card")))
    if kind == "trick_winner":
        if len(plays) != n:
            raise FormatError(f"в законченной взятке по карте от каждого из {n} игроков, а здесь "
                              f"{len(plays)}", path, "trick")
    elif kind == "legal_plays":
        if len(plays) >= n:
            example = ", ".join(f"{{\"player\": {(you - n + 1 + k) % n}, \"card\": \"{c}\"}}"
                                for k, c in zip(range(n - 1), ("9C", "KC", "TC")))
            raise FormatError(f"до вашего хода во взятке самое большее {plural(n - 1, 'карта')}, "
                              f"а здесь {plural(len(plays), 'карта')} — такая взятка уже "
                              f"закончена, о ней спрашивают в вопросе «кто возьмёт взятку»; "
                              f"пример: \"trick\": [{example}]", path, "trick")
        if plays[-1][0] != (you - 1) % n:
            raise FormatError(f"вы (место {you}) ходите сразу после места {(you - 1) % n}: "
                              f"последняя карта взятки должна быть его", path, "trick")
    else:
        raise FormatError("«trick» бывает только в вопросах «кто возьмёт взятку» и «какими "
                          "картами можно сыграть»", path, "trick")
    return plays


def trick_json(plays: list[tuple[int, Card]]) -> list[dict]:
    return [{"player": s, "card": c.code} for s, c in plays]
