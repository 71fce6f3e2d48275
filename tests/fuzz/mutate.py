"""File mutations for the format fuzz tests: a hostile teacher's or learner's edits of a valid
position file or deal record (a field deleted, a type swapped, an impossible card copy, a
number out of range, a card duplicated, another variant's rules), drawn by hypothesis."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Callable

from hypothesis import strategies as st

from bezique.cards import parse_card_face
from bezique.errors import CardParseError
from bezique.rules import PRESETS

Path = tuple

# Values of every JSON type, and the edge cases of each: bool is not int, 1.0 is not 1.
ODD_VALUES = [True, False, 0, 1, 1.0, -1, 2, 3, 17, 1000, 10 ** 12, "", "x", "QS", "QS#1",
              "Д♠", [], [1], ["QS"], {}, {"a": 1}, None]
IMPOSSIBLE_SUFFIXES = ["#3", "#9", "#17", "#0", "#5000"]
STRANGERS = ["XX#1", "XX", "XX#3", "XX#17", "XX#5000", "7S#1", "AS#9", "QS#3", "ZZ#1", "7♠#1"]


def nodes(obj: Any, path: Path = ()) -> list[Path]:
    """Every path below the root (dict keys and list indices)."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(path + (k,))
            out += nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append(path + (i,))
            out += nodes(v, path + (i,))
    return out


def get(obj: Any, path: Path) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def put(obj: Any, path: Path, value: Any) -> None:
    get(obj, path[:-1])[path[-1]] = value


def is_card(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_card_face(value)
        return True
    except CardParseError:
        return False


def _delete_field(obj, draw) -> str:
    keys = [p for p in nodes(obj) if isinstance(get(obj, p[:-1]), dict)]
    if not keys:
        return "noop"
    p = draw(st.sampled_from(keys))
    del get(obj, p[:-1])[p[-1]]
    return "delete_field"


def _swap_type(obj, draw) -> str:
    p = draw(st.sampled_from(nodes(obj)))
    put(obj, p, copy.deepcopy(draw(st.sampled_from(ODD_VALUES))))
    return "swap_type"


def _impossible_copy(obj, draw) -> str:
    cards = [p for p in nodes(obj) if is_card(get(obj, p))]
    if not cards:
        return "noop"
    p = draw(st.sampled_from(cards))
    if draw(st.booleans()):
        face = get(obj, p).split("#")[0]
        put(obj, p, face + draw(st.sampled_from(IMPOSSIBLE_SUFFIXES)))
    else:
        put(obj, p, draw(st.sampled_from(STRANGERS)))
    return "impossible_copy"


def _number_range(obj, draw) -> str:
    ints = [p for p in nodes(obj) if type(get(obj, p)) is int]
    if not ints:
        return "noop"
    p = draw(st.sampled_from(ints))
    v = get(obj, p)
    put(obj, p, draw(st.sampled_from([-1, v + 1, v - 1, v * 1000 + 7, 10 ** 9, -(10 ** 9)])))
    return "number_range"


def _duplicate_card(obj, draw) -> str:
    cards = [p for p in nodes(obj) if is_card(get(obj, p))]
    lists = [p for p in nodes(obj) if isinstance(get(obj, p), list)]
    if not cards or not lists:
        return "noop"
    card = get(obj, draw(st.sampled_from(cards)))
    target = get(obj, draw(st.sampled_from(lists)))
    target.insert(draw(st.integers(0, len(target))), card)
    return "duplicate_card"


def _drop_element(obj, draw) -> str:
    lists = [p for p in nodes(obj) if isinstance(get(obj, p), list) and get(obj, p)]
    if not lists:
        return "noop"
    target = get(obj, draw(st.sampled_from(lists)))
    target.pop(draw(st.integers(0, len(target) - 1)))
    return "drop_element"


def _other_rules(obj, draw) -> str:
    name = draw(st.sampled_from(sorted(PRESETS)))
    if draw(st.booleans()):
        obj["rules"] = name
    else:
        option = draw(st.sampled_from(["packs", "players", "target_score", "last_trick_points",
                                       "phase2_must_head", "seven_rule", "variant"]))
        obj["rules"] = {"preset": name, option: copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))}
    return "other_rules"


MUTATIONS: list[Callable] = [_delete_field, _swap_type, _impossible_copy, _number_range,
                             _duplicate_card, _drop_element, _other_rules]


def mutate(original: dict, draw, extra: list[Callable] = ()) -> tuple[dict, list[str]]:
    """A deep copy of `original` with one to three mutations (of MUTATIONS and `extra`);
    their names."""
    obj = copy.deepcopy(original)
    done = []
    for _ in range(draw(st.integers(1, 3))):
        done.append(draw(st.sampled_from(MUTATIONS + list(extra)))(obj, draw))
    return obj, done


# Record edits that may keep it valid: the result left out, the deal cut short, points omitted.
def _drop_result(obj, draw) -> str:
    obj.pop("result", None)
    return "drop_result"


def _cut_actions(obj, draw) -> str:
    acts = obj.get("actions")
    if isinstance(acts, list) and acts:
        del acts[draw(st.integers(0, len(acts) - 1)):]
        obj.pop("result", None)
    return "cut_actions"


def _drop_points(obj, draw) -> str:
    for a in obj.get("actions", []) if isinstance(obj.get("actions"), list) else []:
        if isinstance(a, dict) and "declare" in a:
            a.pop("points", None)
    return "drop_points"


RECORD_EDITS = [_drop_result, _cut_actions, _drop_points]


def cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


class Tally(Counter):
    """Counts of the cases: tried, refused (FormatError), accepted, and per mutation."""

    def summary(self, what: str) -> str:
        return (f"{what}: tried {self['tried']}, refused cleanly {self['refused']}, "
                f"accepted {self['accepted']}")
