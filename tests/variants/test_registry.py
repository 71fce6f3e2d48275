"""Variants register themselves (`bezique.variants`): the engine asks the registry for a
variant's Deal subclass, pack, meld ids and names and tally, and names no variant itself; the
engine's modules import one another without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bezique
from bezique.cards import Card, make_pack
from bezique.deal import Deal, create_deal, deal_class
from bezique.melds import ALL_MELDS, meld_ids
from bezique.packs import pack_for
from bezique.record import deal_to_record, parse_record, replay
from bezique.ru import meld_name, meld_name_acc
from bezique.rules import RuleSet
from bezique.tally import last_trick_points, trick_points
from bezique.variants import VARIANTS, Variant, find_variant, register
from bezique.variants.infusorka import MELDS, InfusorkaDeal, infusorka_pack

ENGINE = Path(bezique.__file__).parent
MP = RuleSet.preset("many_pack_infusorka")


def test_the_many_pack_game_is_registered_by_its_module():
    v = find_variant(MP)
    assert v is VARIANTS["many_pack_infusorka"]
    assert v.deal_class is InfusorkaDeal and v.pack is infusorka_pack and v.melds == MELDS
    assert find_variant(RuleSet()) is None and find_variant(RuleSet.preset("no_trump")) is None
    assert deal_class(MP) is InfusorkaDeal and deal_class(RuleSet()) is Deal
    assert pack_for(MP) == infusorka_pack(MP) and pack_for(RuleSet()) == make_pack(2)
    # Its overrides: no brisques, no last trick, its own meld ids and names.
    aces = [(Card("A", "S", 1), Card("T", "S", 1))]
    assert trick_points(aces, MP) == 0 and trick_points(aces, RuleSet()) == 20
    assert last_trick_points(0, 0, MP) == 0 and last_trick_points(0, 0, RuleSet()) == 10
    assert meld_ids(MP) == MELDS and meld_ids(RuleSet()) == ALL_MELDS
    assert "nine_exchange" not in ALL_MELDS and "trump_quint" not in ALL_MELDS
    assert meld_name("nine_exchange") == v.meld_names["nine_exchange"]
    assert meld_name_acc("trump_quint") == v.meld_names_acc["trump_quint"]


class _MarkedDeal(Deal):
    """A stand-in variant: the standard game, marked so the test sees whose state machine runs."""


@pytest.fixture
def stand_in():
    """Register a stand-in for the no-trump game for one test, then restore the registry."""
    before = dict(VARIANTS)
    v = register(Variant(name="no_trump", deal_class=_MarkedDeal,
                         pack=lambda rules: make_pack(rules.packs), melds=ALL_MELDS + ("stand_in",),
                         meld_names={"stand_in": "проба"}, trick_points=lambda tricks, rules: 7,
                         last_trick_points=3))
    yield v
    VARIANTS.clear()
    VARIANTS.update(before)


def test_the_engine_consults_the_registry_for_any_variant(stand_in):
    rules = RuleSet.preset("no_trump")
    d = Deal.new(rules, 0, seed=3)
    assert type(d) is _MarkedDeal
    assert type(d.replayed()) is _MarkedDeal and type(create_deal(rules, 0, *d.initial)) is _MarkedDeal
    assert type(replay(parse_record(deal_to_record(d))).deal) is _MarkedDeal
    assert d.brisques(0) == 7 and last_trick_points(1, 1, rules) == 3
    assert meld_ids(rules)[-1] == "stand_in" and meld_name("stand_in") == "проба"
    assert len(d.view(0).unseen()) == len(pack_for(rules)) - 8


def _imports(path: Path, module: str, modules: set[str]) -> set[str]:
    """The engine modules `path` imports, at its top or inside a function."""
    is_pkg = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = module.split(".")
            if node.level:
                base = (base if is_pkg else base[:-1])[:len(base) - (not is_pkg) - node.level + 1]
            prefix = ".".join(base + ([node.module] if node.module else [])) if node.level \
                else node.module
            subs = {f"{prefix}.{a.name}" for a in node.names} & modules
            out |= subs or {prefix}
    return (out & modules) - {module}


def test_no_import_circle_in_the_engine():
    """Deal, the variants and the view (and every module outside widgets/) form no circle,
    counting the imports made inside functions too."""
    files = {}
    for path in ENGINE.rglob("*.py"):
        rel = path.relative_to(ENGINE.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if "widgets" not in parts:
            files[".".join(parts)] = path
    modules = set(files)
    graph = {m: _imports(p, m, modules) for m, p in files.items()}
    assert {"bezique.packs", "bezique.variants"} <= graph["bezique.deal"]
    assert "bezique.deal" not in graph["bezique.view"]

    def reaches(start, goal, seen):
        for nxt in graph[start]:
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                if reaches(nxt, goal, seen):
                    return True
        return False
    circles = sorted(m for m in graph if reaches(m, m, set()))
    assert circles == [], circles


def _without_title_table(text: str) -> str:
    """ru.py's table of every rule set's title names each preset (data, not a special case):
    the text without that assignment."""
    tree = ast.parse(text)
    lines = text.splitlines()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and getattr(node.targets[0], "id", None) == "_PRESET_TITLE"):
            del lines[node.lineno - 1:node.end_lineno]
            break
    return "\n".join(lines)


def test_the_base_deal_names_no_variant():
    for name in ("deal.py", "melds.py", "tally.py", "ru.py", "view.py", "packs.py"):
        text = _without_title_table((ENGINE / name).read_text())
        assert "infusorka" not in text.lower() and "many_pack" not in text, name
