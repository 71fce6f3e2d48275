"""Combinations of the multi-pack games (RULES-multipack.md §15.5, §15.7): their ids and values,
the classes and families of the re-declaration rules, and the legal declarations of a hand,
enumerated per family (a 15-card hand never goes through its subsets).

A scored instance is one scored declaration: (class type, family, its physical cards). It is
*broken* once one of its cards has been played: a card played never comes back, so an instance
is broken exactly when its player no longer holds all its cards — the state needs no flag, and
a seat's view (its scored declarations and its hand) is enough to rebuild it.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Iterable, NamedTuple

from ...cards import Card, SUIT_GENITIVE_RU, sort_cards
from ...melds import (BEZIQUE, CARTE_BLANCHE, DOUBLE_BEZIQUE, FOUR_OF, MARRIAGE, ROYAL_MARRIAGE,
                      SEQUENCE, TRIPLE_BEZIQUE, Declaration, MeldContext, MeldState)

# ------------------------------------------------------------------------ ids and values

PLAIN_SEQUENCE = "plain_sequence"            # the back-door sequence, A T K Q J of a plain suit
QUADRUPLE_BEZIQUE, QUINTUPLE_BEZIQUE = "quadruple_bezique", "quintuple_bezique"
FOUR_TENS = "four_tens"
QUARTET_RANKS = "ATKQJ"                        # the order of `trump_quartets` / `trump_quintets`
_RANK_WORD = {"A": "aces", "T": "tens", "K": "kings", "Q": "queens", "J": "jacks"}
FOUR_TRUMP = {r: f"four_trump_{_RANK_WORD[r]}" for r in QUARTET_RANKS}
FIVE_TRUMP = {r: f"five_trump_{_RANK_WORD[r]}" for r in QUARTET_RANKS}
FOUR_ANY = {**FOUR_OF, "T": FOUR_TENS}
BEZIQUE_LADDER = (BEZIQUE, DOUBLE_BEZIQUE, TRIPLE_BEZIQUE, QUADRUPLE_BEZIQUE, QUINTUPLE_BEZIQUE)
MELDS = (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, PLAIN_SEQUENCE, *BEZIQUE_LADDER,
         *FOUR_ANY.values(), *FOUR_TRUMP.values(), *FIVE_TRUMP.values(), CARTE_BLANCHE)
_ANY_VALUE = {"A": 100, "K": 80, "Q": 60, "J": 40}          # fixed in these games (15.16)

MELD_NAME_RU = {
    PLAIN_SEQUENCE: "некозырная секвенция",
    QUADRUPLE_BEZIQUE: "четверной безик", QUINTUPLE_BEZIQUE: "пятерной безик",
    FOUR_TENS: "четыре десятки",
    **{FOUR_TRUMP[r]: f"четыре козырн{e}" for r, e in
       zip(QUARTET_RANKS, ("ых туза", "ые десятки", "ых короля", "ые дамы", "ых валета"))},
    **{FIVE_TRUMP[r]: f"пять козырных {w}" for r, w in
       zip(QUARTET_RANKS, ("тузов", "десяток", "королей", "дам", "валетов"))},
}
MELD_NAME_ACC_RU = {PLAIN_SEQUENCE: "некозырную секвенцию"}

# Class types and their order inside a class (15.7.1).
T_MARRIAGE, T_SEQUENCE = "MARRIAGE", "SEQUENCE"
T_FOUR_ANY, T_FOUR_TRUMP, T_FIVE_TRUMP = "FOUR_ANY", "FOUR_TRUMP", "FIVE_TRUMP"
ORDER = {T_MARRIAGE: 1, T_SEQUENCE: 2, T_FOUR_ANY: 1, T_FOUR_TRUMP: 2, T_FIVE_TRUMP: 3,
         **{f"BEZIQUE{k}": k for k in range(1, 6)}}
_TYPE = {MARRIAGE: T_MARRIAGE, ROYAL_MARRIAGE: T_MARRIAGE, SEQUENCE: T_SEQUENCE,
         PLAIN_SEQUENCE: T_SEQUENCE,
         **{m: f"BEZIQUE{k}" for k, m in enumerate(BEZIQUE_LADDER, 1)},
         **{m: T_FOUR_ANY for m in FOUR_ANY.values()},
         **{m: T_FOUR_TRUMP for m in FOUR_TRUMP.values()},
         **{m: T_FIVE_TRUMP for m in FIVE_TRUMP.values()}}
TRUMP_FIXING = (ROYAL_MARRIAGE, SEQUENCE)      # what fixes trumps while there are none


def ctype(meld: str) -> str:
    """The class type of a meld id (15.7.1)."""
    return _TYPE[meld]


def family(meld: str, cards: Iterable[Card]) -> str:
    """Where cards can meet (15.7.1): "A:<suit>", "B", or "C:<rank>"."""
    t = _TYPE[meld]
    first = next(iter(cards))
    if t in (T_MARRIAGE, T_SEQUENCE):
        return "A:" + first.suit
    if t.startswith("BEZIQUE"):
        return "B"
    return "C:" + first.rank


def multipack_meld_points(meld: str, rules, trump: str | None = None, cards=()) -> int:
    """What `meld` scores in these games (15.5); 0 for what is no combination here (the trump
    seven, the turn-up bonuses)."""
    if meld == MARRIAGE:
        return 20
    if meld == ROYAL_MARRIAGE:
        return 40
    if meld == SEQUENCE:
        return 250
    if meld == PLAIN_SEQUENCE:
        return rules.meld_plain_sequence
    if meld in BEZIQUE_LADDER:
        k = BEZIQUE_LADDER.index(meld)
        return rules.bezique_values[k] if k < len(rules.bezique_values) else 0
    if meld == FOUR_TENS:
        return rules.meld_four_tens
    for r, m in FOUR_OF.items():
        if meld == m:
            return _ANY_VALUE[r]
    for table, values in ((FOUR_TRUMP, rules.trump_quartets), (FIVE_TRUMP, rules.trump_quintets)):
        for i, r in enumerate(QUARTET_RANKS):
            if meld == table[r]:
                return values[i] if i < len(values) else 0
    if meld == CARTE_BLANCHE:
        return rules.carte_blanche_points if rules.meld_carte_blanche else 0
    return 0


def bezique_faces(rules, trump: str | None):
    """The (queen, jack) faces of bezique (R15.5.2), or None when there is none now (the variable
    pair before trumps are fixed, Q-07)."""
    if rules.multipack_bezique_pair == "fixed":
        return ("Q", "S"), ("J", "D")
    if trump is None:
        return None
    return ("Q", trump), ("J", {"S": "D", "D": "S", "C": "H", "H": "C"}[trump])


# ------------------------------------------------------------------------ the state

class MultipackMelds(MeldState):
    """One player's scored declarations (the base's `scored`): the instances of 15.7.3."""

    __slots__ = ()

    def copy(self) -> "MultipackMelds":
        new = MultipackMelds()
        new.scored = list(self.scored)
        return new

    def record(self, decl: Declaration, trump: str | None) -> None:
        self.scored.append(decl)

    def instances(self) -> list[Declaration]:
        """The scored combinations that the re-declaration rules look at (not carte blanche)."""
        return [d for d in self.scored if d.meld in _TYPE]


class Candidate(NamedTuple):
    meld: str
    cards: tuple[Card, ...]


def reuse_problem(meld: str, cards: tuple[Card, ...], scored: list[Declaration],
                  held: set[Card], rules) -> str | None:
    """Why 15.7.3's conditions 2–5 forbid this declaration (Russian), or None if they allow it.
    `held`: every card the player holds now (a scored instance with a card not held is broken)."""
    t, fam, s = _TYPE[meld], family(meld, cards), frozenset(cards)
    same_family = [d for d in scored if d.meld in _TYPE and family(d.meld, d.cards) == fam]
    order = ORDER[t]
    for d in same_family:
        dt = _TYPE[d.meld]
        if dt == t and frozenset(d.cards) == s:
            return "эта комбинация из тех же карт уже объявлена"
        if ORDER[dt] > order and s & set(d.cards):
            return (f"карта {_shared(s, d)} уже была в старшей комбинации того же класса "
                    f"(«{_name(d.meld)}»): младшую из неё объявить нельзя")
    sharing = [d for d in same_family if _TYPE[d.meld] == t and s & set(d.cards)]
    if sharing and rules.redeclare_rule != "new_set":
        if rules.redeclare_rule == "classic" or all(set(d.cards) <= held for d in sharing):
            return (f"карта {_shared(s, sharing[0])} уже была в такой же комбинации, и ни одна "
                    "её карта с тех пор не сыграна: повторить комбинацию можно, только когда "
                    "карта из неё ушла во взятку и её заменила новая")
    if t == T_SEQUENCE and not rules.sequence_after_marriage:
        for d in same_family:
            if _TYPE[d.meld] == T_MARRIAGE and s & set(d.cards):
                return "король или дама этой секвенции уже были в марьяже: по этим правилам " \
                       "секвенцию из них не объявляют"
    if t.startswith("BEZIQUE") and not rules.bezique_singles_unite:
        inferior = {frozenset(d.cards) for d in same_family
                    if ORDER[_TYPE[d.meld]] < order and s & set(d.cards)}
        if len(inferior) > 1:
            return "по этим правилам отдельно объявленные безики не объединяют в старший"
    return None


def _shared(s: frozenset, d: Declaration) -> str:
    return next(c for c in sort_cards(s) if c in d.cards).name_ru


def _name(meld: str) -> str:
    from ...ru import meld_name
    return meld_name(meld)


# ------------------------------------------------------------------------ enumeration

def candidates(held: Iterable[Card], rules, trump: str | None) -> list[Candidate]:
    """Every combination the cards form (shape only), family by family: bounded by the copies
    held, never by the subsets of the hand."""
    faces: dict[tuple[str, str], list[Card]] = {}
    ranks: dict[str, list[Card]] = {}
    for c in sorted(held):
        faces.setdefault(c.face, []).append(c)
        ranks.setdefault(c.rank, []).append(c)
    out: list[Candidate] = []
    for s in "SHDC":                                              # class A, per suit
        ks, qs = faces.get(("K", s)), faces.get(("Q", s))
        if not ks or not qs:
            continue
        if trump is None:
            meld = ROYAL_MARRIAGE                                 # fixes trumps (R15.3.2)
        else:
            meld = ROYAL_MARRIAGE if s == trump else MARRIAGE
        out += [Candidate(meld, (k, q)) for k in ks for q in qs]
        lists = [faces.get((r, s)) for r in "AT"] + [ks, qs, faces.get(("J", s))]
        if all(lists):
            if trump is None or s == trump:
                meld = SEQUENCE                                   # fixes trumps (R15.3.3)
            elif rules.meld_plain_sequence:
                meld = PLAIN_SEQUENCE
            else:
                continue
            out += [Candidate(meld, tuple(sort_cards(five))) for five in product(*lists)]
    pair = bezique_faces(rules, trump)                            # class B
    if pair is not None:
        qs, js = faces.get(pair[0], ()), faces.get(pair[1], ())
        for k in range(1, min(len(qs), len(js), len(rules.bezique_values)) + 1):
            if not rules.bezique_values[k - 1]:
                continue
            for q in combinations(qs, k):
                for j in combinations(js, k):
                    out.append(Candidate(BEZIQUE_LADDER[k - 1], tuple(sort_cards(q + j))))
    for r in QUARTET_RANKS:                                       # class C, per rank
        cards = ranks.get(r, ())
        if len(cards) >= 4 and multipack_meld_points(FOUR_ANY[r], rules):
            out += [Candidate(FOUR_ANY[r], four) for four in combinations(cards, 4)]
        if trump is None:
            continue
        mine = faces.get((r, trump), ())
        for size, table in ((4, FOUR_TRUMP), (5, FIVE_TRUMP)):
            if len(mine) >= size and multipack_meld_points(table[r], rules):
                out += [Candidate(table[r], group) for group in combinations(mine, size)]
    return out


def multipack_declarations(held: Iterable[Card], state: MultipackMelds,
                           ctx: MeldContext) -> list[Declaration]:
    """Every declaration the player may score now (no timing checks but the window's), one entry
    per (meld, set of physical cards), sorted as formats.md says."""
    if not ctx.allow_combinations:
        return []
    rules, trump = ctx.rules, ctx.trump
    held = set(held)
    scored = state.instances()
    out = []
    for meld, cards in candidates(held, rules, trump):
        if scored and reuse_problem(meld, cards, scored, held, rules) is not None:
            continue
        out.append(Declaration(meld, cards, multipack_meld_points(meld, rules, trump)))
    out.sort(key=Declaration.sort_key)
    return out


def shape_problem(meld: str, cards: tuple[Card, ...], rules, trump: str | None) -> str | None:
    """Why these cards do not form `meld` now (Russian), or None."""
    if meld not in MELDS or meld == CARTE_BLANCHE:
        return ("в этой игре нет такой комбинации; карт-бланш засчитывается сам"
                if meld == CARTE_BLANCHE else "в этой игре нет такой комбинации")
    if not multipack_meld_points(meld, rules, trump):
        return f"по этим правилам «{_name(meld)}» не считается"
    if len(set(cards)) != len(cards):
        return "одна и та же карта названа дважды"
    if any(c.key == (meld, frozenset(cards)) for c in
           (Declaration(m, cs, 0) for m, cs in candidates(cards, rules, trump))):
        return None
    t = _TYPE[meld]
    if t == T_MARRIAGE:
        if trump is not None and meld == MARRIAGE and cards and cards[0].suit == trump:
            return "король и дама козырной масти — это козырный марьяж (40)"
        if trump is not None and meld == ROYAL_MARRIAGE:
            return f"козырный марьяж — это король и дама козырной масти ({SUIT_GENITIVE_RU[trump]})"
        if trump is None and meld == MARRIAGE:
            return "козыря ещё нет: первый марьяж назначает козырь и стоит 40"
        return "марьяж — это король и дама одной масти"
    if t == T_SEQUENCE:
        if meld == PLAIN_SEQUENCE and trump is None:
            return "козыря ещё нет: первая секвенция назначает козырь и стоит 250"
        return "секвенция — это туз, десятка, король, дама и валет одной масти"
    if t.startswith("BEZIQUE"):
        if bezique_faces(rules, trump) is None:
            return "безик по этим правилам зависит от козыря, а козыря ещё нет"
        return "безик — это дамы пик и валеты бубен (по одной даме на валета), сколько их нужно"
    if t == T_FOUR_ANY:
        return "нужны четыре карты одного ранга (масти любые)"
    if trump is None:
        return "козырные четвёрки и пятёрки бывают только после того, как козырь назначен"
    return "нужны четыре (пять) карт этого ранга в козырной масти"
