"""Melds: shapes, points, the card re-use rules (RULES.md §4.5) and enumeration (§4.9).

The re-use rules work on physical cards, grouped into *kinds*: a card may serve once in each
kind (a queen in a marriage, a bezique and four queens), never twice in the same kind. Two
upgrades are allowed: royal marriage → sequence with the same pair, single → double bezique
with the same pair (and double → triple in 3-pack games).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Iterable, NamedTuple, Sequence

from .cards import Card, sort_cards, SUIT_GENITIVE_RU
from .errors import IllegalAction
from .ru import capitalize, meld_name, points
from .rules import RuleSet
from .variants import find_variant

# Meld ids (formats.md).
MARRIAGE, ROYAL_MARRIAGE, SEQUENCE = "marriage", "royal_marriage", "sequence"
BEZIQUE, DOUBLE_BEZIQUE, TRIPLE_BEZIQUE = "bezique", "double_bezique", "triple_bezique"
FOUR_OF = {"A": "four_aces", "K": "four_kings", "Q": "four_queens", "J": "four_jacks"}
TRUMP_SEVEN, SEVEN_EXCHANGE, TWO_TRUMP_SEVENS = "trump_seven", "seven_exchange", "two_trump_sevens"
DOUBLE_MARRIAGE, PLAIN_QUINT = "double_marriage", "plain_quint"
CARTE_BLANCHE, NO_TRUMP_MARRIAGE = "carte_blanche", "no_trump_marriage"

ALL_MELDS = (MARRIAGE, ROYAL_MARRIAGE, SEQUENCE, BEZIQUE, DOUBLE_BEZIQUE, TRIPLE_BEZIQUE,
             *FOUR_OF.values(), TRUMP_SEVEN, SEVEN_EXCHANGE, DOUBLE_MARRIAGE, PLAIN_QUINT,
             TWO_TRUMP_SEVENS, CARTE_BLANCHE, NO_TRUMP_MARRIAGE)
SEVEN_MELDS = frozenset((TRUMP_SEVEN, SEVEN_EXCHANGE, TWO_TRUMP_SEVENS))
RANK_OF_FOUR = {v: k for k, v in FOUR_OF.items()}
# Scoring events that are not declarations (the deal's log events use the same ids).
SEVEN_TURNED, ACE_TURNED = "seven_turned", "ace_turned"
SUIT_REPEATED = "suit_repeated"     # the same trump suit three deals running (R2.6)

# Kinds of §4.5.2.
K_MARRIAGE, K_SEQUENCE, K_BEZIQUE, K_DOUBLE, K_TRIPLE = "MARRIAGE", "SEQUENCE", "BEZIQUE", "DOUBLE", "TRIPLE"
K_FOUR = {r: f"FOUR_{r}" for r in "AKQJ"}
KINDS = (K_MARRIAGE, K_SEQUENCE, K_BEZIQUE, K_DOUBLE, K_TRIPLE, *K_FOUR.values())

KIND_RU = {K_MARRIAGE: "в марьяже", K_SEQUENCE: "в секвенции", K_BEZIQUE: "в безике",
           K_DOUBLE: "в двойном безике", K_TRIPLE: "в тройном безике",
           "FOUR_A": "в четырёх тузах", "FOUR_K": "в четырёх королях",
           "FOUR_Q": "в четырёх дамах", "FOUR_J": "в четырёх валетах"}


class Declaration(NamedTuple):
    """One scoring choice: a meld id, its physical cards (card order) and its points."""

    meld: str
    cards: tuple[Card, ...]
    points: int

    @property
    def key(self) -> tuple[str, frozenset]:
        return (self.meld, frozenset(self.cards))

    def sort_key(self):
        return (-self.points, self.meld, self.cards)


def meld_ids(rules: RuleSet) -> tuple[str, ...]:
    """The meld ids a game under `rules` may declare (records, positions): the standard ones,
    or those of the registered variant the rules play."""
    variant = find_variant(rules)
    return variant.melds if variant is not None else ALL_MELDS


def make_declaration(meld: str, cards: Iterable[Card], points: int) -> Declaration:
    return Declaration(meld, tuple(sort_cards(cards)), points)


class MeldState:
    """What one player has scored this deal, as the re-use rules need it (Appendix C)."""

    __slots__ = ("used", "royal_pairs", "plain_pairs", "single_bezique_pairs",
                 "double_bezique_sets", "sevens_scored", "scored")

    def __init__(self):
        self.used: dict[str, set[Card]] = {k: set() for k in KINDS}
        self.royal_pairs: set[frozenset] = set()
        self.plain_pairs: set[frozenset] = set()
        self.single_bezique_pairs: set[frozenset] = set()
        self.double_bezique_sets: set[frozenset] = set()
        self.sevens_scored: set[Card] = set()
        self.scored: list[Declaration] = []

    def copy(self) -> "MeldState":
        new = MeldState.__new__(MeldState)
        new.used = {k: set(v) for k, v in self.used.items()}
        new.royal_pairs = set(self.royal_pairs)
        new.plain_pairs = set(self.plain_pairs)
        new.single_bezique_pairs = set(self.single_bezique_pairs)
        new.double_bezique_sets = set(self.double_bezique_sets)
        new.sevens_scored = set(self.sevens_scored)
        new.scored = list(self.scored)
        return new

    @staticmethod
    def for_rules(rules: RuleSet) -> "MeldState":
        """An empty state of the kind the rules keep: a registered variant's own (its melds
        have their own re-use bookkeeping), or the standard one."""
        variant = find_variant(rules)
        kind = variant.meld_state if variant is not None and variant.meld_state else MeldState
        return kind()

    @staticmethod
    def from_scored(scored: Iterable[Declaration], trump: str | None, rules: RuleSet) -> "MeldState":
        """A seat's re-use bookkeeping rebuilt from its scored declarations, in order."""
        state = MeldState.for_rules(rules)
        for decl in scored:
            state.record(decl, trump)
        return state

    def record(self, decl: Declaration, trump: str | None) -> None:
        """Mark the cards of a scored declaration as used (§4.5.3, "On scoring")."""
        meld, cards, used = decl.meld, decl.cards, self.used
        self.scored.append(decl)
        if meld in (MARRIAGE, ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE, DOUBLE_MARRIAGE):
            used[K_MARRIAGE].update(cards)
            kings = [c for c in cards if c.rank == "K"]
            queens = [c for c in cards if c.rank == "Q"]
            royal = meld in (ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE) or cards[0].suit == trump
            target = self.royal_pairs if royal else self.plain_pairs
            for k in kings:            # a double marriage: either pairing may be upgraded
                for q in queens:
                    target.add(frozenset((k, q)))
        elif meld in (SEQUENCE, PLAIN_QUINT):
            used[K_SEQUENCE].update(cards)
            used[K_MARRIAGE].update(c for c in cards if c.rank in "KQ")
        elif meld == BEZIQUE:
            used[K_BEZIQUE].update(cards)
            self.single_bezique_pairs.add(frozenset(cards))
        elif meld == DOUBLE_BEZIQUE:
            used[K_DOUBLE].update(cards)
            used[K_BEZIQUE].update(cards)
            self.double_bezique_sets.add(frozenset(cards))
        elif meld == TRIPLE_BEZIQUE:
            used[K_TRIPLE].update(cards)
            used[K_DOUBLE].update(cards)
            used[K_BEZIQUE].update(cards)
        elif meld in RANK_OF_FOUR:
            used[K_FOUR[RANK_OF_FOUR[meld]]].update(cards)
        elif meld in SEVEN_MELDS:
            self.sevens_scored.update(cards)


class MeldContext(NamedTuple):
    """What, besides the player's cards, decides which declarations are legal now."""

    rules: RuleSet
    trump: str | None                 # None: no-trump bezique before trumps are fixed
    turn_up: Card | None
    seven_exchanged: bool
    allow_sevens: bool = True         # False once the trick's seven action is used
    allow_combinations: bool = True   # False once the trick's combination is scored
    blocked: Card | None = None       # the card just obtained by exchange (R5.4.1)

    @classmethod
    def for_hand(cls, *, rules: RuleSet, trump: str | None, turn_up: Card | None = None,
                 seven_exchanged: bool = False, allow_sevens: bool = True,
                 allow_combinations: bool = True, blocked: Card | None = None) -> "MeldContext":
        """The context of cards on their own: the rules, the trump, the turn-up if there is one
        and what this trick's declaration turn still allows (every argument by name)."""
        return cls(rules, trump, turn_up, seven_exchanged, allow_sevens, allow_combinations,
                   blocked)

    @classmethod
    def of(cls, state, *, allow_sevens: bool = True, allow_combinations: bool = True,
           blocked: Card | None = None) -> "MeldContext":
        """The context of a deal, a seat's view or a position: its rules, trump, turn-up and
        whether the seven was exchanged (anything with those attributes)."""
        return cls.for_hand(rules=state.rules, trump=state.trump, turn_up=state.turn_up,
                            seven_exchanged=state.seven_exchanged, allow_sevens=allow_sevens,
                            allow_combinations=allow_combinations, blocked=blocked)


@dataclass(frozen=True)
class Window:
    """What the seat in its declaration turn (R4.2–R4.3) has done so far in it: public, since
    every declaration is made face up. `Window()` is a fresh turn (and the value outside one)."""

    combination: bool = False         # this trick's combination is scored (no other now)
    seven: bool = False               # this trick's seven action is used
    scored_combination: bool = False  # a combination scored: others may be laid out pending
    blocked: Card | None = None       # the old turn-up just taken by the exchange (R5.4.1)
    moved: frozenset = frozenset()    # cards moved hand → table in this turn (R4.5.3 (5))
    two_sevens: tuple = ()            # both trump sevens just scored together (R4.7)

    def context(self, rules: RuleSet, trump: str | None, turn_up: Card | None,
                seven_exchanged: bool) -> MeldContext:
        """The declaration context this turn leaves."""
        return MeldContext.for_hand(rules=rules, trump=trump, turn_up=turn_up,
                                    seven_exchanged=seven_exchanged, allow_sevens=not self.seven,
                                    allow_combinations=not self.combination, blocked=self.blocked)


NO_WINDOW = Window()


def bezique_faces(rules: RuleSet, trump: str | None) -> tuple[tuple[str, str], tuple[str, str]]:
    """The (queen, jack) faces that make bezique (R4.8)."""
    if rules.bezique_pair == "trump_dependent" and rules.variant != "no_trump" and trump in ("S", "D"):
        return ("Q", "C"), ("J", "H")
    return ("Q", "S"), ("J", "D")


# --------------------------------------------------------------------------- the point table

# RULES.md §4.1 (canonical column), §4.7, §10.4. The first group no rule option changes.
_ALWAYS = {MARRIAGE: 20, ROYAL_MARRIAGE: 40, BEZIQUE: 40, DOUBLE_BEZIQUE: 500,
           FOUR_OF["A"]: 100, FOUR_OF["K"]: 80, FOUR_OF["Q"]: 60, FOUR_OF["J"]: 40}
_POINTS = {**_ALWAYS, SEQUENCE: 250, TRUMP_SEVEN: 10, TWO_TRUMP_SEVENS: 20, PLAIN_QUINT: 100,
           CARTE_BLANCHE: 250, NO_TRUMP_MARRIAGE: 40}
_TRUMP_ACE_BONUS = {"S": 20, "C": 20, "H": 12, "D": 12}      # R2.6: black +20, red +12
_REPEAT_BONUS = {"S": 20, "H": 20, "D": 20, "C": -20}          # R2.6: clubs a malus


def meld_points(meld: str, rules: RuleSet, trump: str | None = None,
                cards: Sequence[Card] = ()) -> int:
    """What `meld` scores under `rules` with `trump` (0 if these rules give it nothing): the one
    place a meld's value is written, for the engine and for every caller (coach, bots, demos).

    Besides the meld ids it values the seven actions and the turn-up bonuses: `TRUMP_SEVEN` (a
    trump seven's own points: declared, or with `seven_rule` "played" / "win_trick" played to or
    winning a trick, as the records and position files write it), `SEVEN_EXCHANGE`,
    `SEVEN_TURNED` (the dealer's turned-up seven), and the club bonuses of R2.6 for the dealer:
    `ACE_TURNED` (`trump` is the ace's suit) and `SUIT_REPEATED` (`trump` is the repeated suit).
    `cards` matter only where the shape sets the value: a double marriage (its suit) and the
    no-trump marriage (two or four cards)."""
    variant = find_variant(rules)
    if variant is not None and variant.meld_points is not None:
        return variant.meld_points(meld, rules, trump, cards)   # its own table (multi-pack)
    pts = _ALWAYS.get(meld)
    if pts is not None:
        return pts
    no_trump = rules.variant == "no_trump"
    if meld == SEQUENCE:
        return rules.no_trump_sequence_points if no_trump else _POINTS[SEQUENCE]
    if meld in (TRUMP_SEVEN, SEVEN_EXCHANGE, TWO_TRUMP_SEVENS, SEVEN_TURNED):
        if no_trump:                                              # R10.3.8
            return 0
        if meld == SEVEN_EXCHANGE:
            return rules.seven_exchange_points
        if meld == SEVEN_TURNED:
            return rules.deal_bonus_seven
        if meld == TRUMP_SEVEN:                                   # R5.7: only by the exchange
            return 0 if rules.seven_rule == "exchange_only" else _POINTS[meld]
        declared = rules.seven_rule == "declare_or_exchange" and rules.meld_two_trump_sevens
        return _POINTS[meld] if declared else 0
    if meld == NO_TRUMP_MARRIAGE:
        if not no_trump:
            return 0
        return rules.no_trump_double_marriage_points if len(cards) == 4 else _POINTS[meld]
    if meld == DOUBLE_MARRIAGE:                                   # R4.7: two marriages at once
        if not rules.meld_double_marriage:
            return 0
        royal = bool(cards) and cards[0].suit == trump
        return 2 * _POINTS[ROYAL_MARRIAGE if royal else MARRIAGE]
    if meld == PLAIN_QUINT:
        return _POINTS[meld] if rules.meld_plain_quint else 0
    if meld == CARTE_BLANCHE:
        return _POINTS[meld] if rules.meld_carte_blanche else 0
    if meld == TRIPLE_BEZIQUE:
        return rules.triple_bezique_points if rules.packs >= 3 else 0
    if meld == ACE_TURNED:
        return _TRUMP_ACE_BONUS.get(trump, 0) if rules.deal_bonus_trump_ace else 0
    if meld == SUIT_REPEATED:
        return _REPEAT_BONUS.get(trump, 0) if rules.deal_bonus_repeat_suit else 0
    raise KeyError(f"no point value for {meld!r}")


def _ordered(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def enumerate_declarations(held: Iterable[Card], state: MeldState, ctx: MeldContext) -> list[Declaration]:
    """Every declaration the cards allow under the re-use rules (no timing checks here),
    one entry per distinct set of physical cards, sorted as formats.md says."""
    rules, trump = ctx.rules, ctx.trump
    variant = find_variant(rules)
    if variant is not None and variant.declarations is not None:
        return variant.declarations(held, state, ctx)          # its own families (multi-pack)
    if not _may_hold_meld(held, trump):
        return []
    blocked = ctx.blocked
    faces: dict[tuple[str, str], list[Card]] = {}
    counts: dict[str, int] = {}
    for c in sorted(held):                       # one pass: group by face, count ranks
        if c is blocked:
            continue
        f = c.face
        if f in faces:
            faces[f].append(c)
        else:
            faces[f] = [c]
        r = c.rank
        counts[r] = counts.get(r, 0) + 1
    out: list[Declaration] = []
    if ctx.allow_combinations:
        if counts.get("K") and counts.get("Q"):
            _marriages(faces, state, rules, trump, out)
            if trump is not None and counts.get("A") and counts.get("T") and counts.get("J"):
                _sequences(faces, state, rules, trump, out)
        if counts.get("Q") and counts.get("J"):
            _beziques(faces, state, rules, trump, out)
        for r in "AKQJ":
            if counts.get(r, 0) >= 4:
                _fours(r, faces, state, rules, out)
    if (ctx.allow_sevens and trump is not None and ("7", trump) in faces
            and rules.variant != "no_trump"):
        _sevens(faces, state, ctx, out)
    if len(out) > 1:
        out.sort(key=Declaration.sort_key)
    return out


_KQ_PAIRS = tuple((("K", s), ("Q", s)) for s in "SHDC")


def _may_hold_meld(held, trump) -> bool:
    """A cheap test that rules out most hands with no meld shape at all (the hot path of
    self-play and search): some K+Q of a suit, a bezique pair (either pair rule), four of a
    rank, or a trump seven."""
    faces = {c.face for c in held}
    for k, q in _KQ_PAIRS:
        if k in faces and q in faces:
            return True
    if (("Q", "S") in faces and ("J", "D") in faces) or (("Q", "C") in faces and ("J", "H") in faces):
        return True
    if trump is not None and ("7", trump) in faces:
        return True
    ranks = [c.rank for c in held]
    return any(ranks.count(r) >= 4 for r in "AKQJ")


def _marriages(faces, state, rules, trump, out):
    used = state.used[K_MARRIAGE]
    for s in "SHDC":
        ks = [c for c in faces.get(("K", s), ()) if c not in used]
        qs = [c for c in faces.get(("Q", s), ()) if c not in used]
        if not ks or not qs:
            continue
        if trump is None:                                   # no-trump: fixes trumps (R10.3.2)
            meld = NO_TRUMP_MARRIAGE
        else:
            meld = ROYAL_MARRIAGE if s == trump else MARRIAGE
        pts = meld_points(meld, rules, trump)
        for k in ks:
            for q in qs:
                out.append(Declaration(meld, (k, q), pts))
        if len(ks) >= 2 and len(qs) >= 2:
            if trump is None:                               # R10.3.4
                meld = NO_TRUMP_MARRIAGE
            elif rules.meld_double_marriage:
                meld = DOUBLE_MARRIAGE
            else:
                continue
            pts = meld_points(meld, rules, trump, (*ks[:2], *qs[:2]))
            for k2 in combinations(ks, 2):
                for q2 in combinations(qs, 2):
                    out.append(Declaration(meld, (*k2, *q2), pts))


def _sequence_ok(five, state, pairs) -> bool:
    a, t, k, q, j = five
    if any(c in state.used[K_SEQUENCE] for c in five):
        return False
    married = state.used[K_MARRIAGE]
    if k not in married and q not in married:
        return True
    return frozenset((k, q)) in pairs


def _sequences(faces, state, rules, trump, out):
    suits = [trump] + ([s for s in "SHDC" if s != trump] if rules.meld_plain_quint else [])
    for s in suits:
        lists = [faces.get((r, s)) for r in "ATKQJ"]
        if not all(lists):
            continue
        if s == trump:
            meld, pairs = SEQUENCE, state.royal_pairs
        else:
            meld, pairs = PLAIN_QUINT, state.plain_pairs
        pts = meld_points(meld, rules, trump)
        for five in product(*lists):
            if _sequence_ok(five, state, pairs):
                out.append(Declaration(meld, five, pts))


def _beziques(faces, state, rules, trump, out):
    qface, jface = bezique_faces(rules, trump)
    qs, js = faces.get(qface, ()), faces.get(jface, ())
    if not qs or not js:
        return
    used_b, used_d = state.used[K_BEZIQUE], state.used[K_DOUBLE]
    single = meld_points(BEZIQUE, rules, trump)
    for q in qs:
        if q in used_b or q in used_d:
            continue
        for j in js:
            if j not in used_b and j not in used_d:
                out.append(Declaration(BEZIQUE, _ordered((q, j)), single))
    if len(qs) >= 2 and len(js) >= 2:
        double = meld_points(DOUBLE_BEZIQUE, rules, trump)
        for q2 in combinations(qs, 2):
            for j2 in combinations(js, 2):
                four = _ordered((*q2, *j2))
                if any(c in used_d for c in four):
                    continue
                prev = frozenset(c for c in four if c in used_b)
                if not prev or prev in state.single_bezique_pairs:
                    out.append(Declaration(DOUBLE_BEZIQUE, four, double))
    if rules.packs >= 3 and len(qs) >= 3 and len(js) >= 3:
        used_t = state.used[K_TRIPLE]
        triple = meld_points(TRIPLE_BEZIQUE, rules, trump)
        for q3 in combinations(qs, 3):
            for j3 in combinations(js, 3):
                six = _ordered((*q3, *j3))
                if any(c in used_t for c in six):
                    continue
                prev = frozenset(c for c in six if c in used_b or c in used_d)
                if (not prev or prev in state.single_bezique_pairs
                        or prev in state.double_bezique_sets):
                    out.append(Declaration(TRIPLE_BEZIQUE, six, triple))


def _fours(r, faces, state, rules, out):
    used = state.used[K_FOUR[r]]
    fresh = sorted(c for s in "SHDC" for c in faces.get((r, s), ()) if c not in used)
    if len(fresh) < 4:
        return
    meld = FOUR_OF[r]
    pts = meld_points(meld, rules)
    for four in combinations(fresh, 4):
        if rules.four_of_kind_distinct_suits and len({c.suit for c in four}) < 4:
            continue
        out.append(Declaration(meld, four, pts))


def can_exchange_seven(ctx: MeldContext) -> bool:
    return (not ctx.seven_exchanged and ctx.turn_up is not None and ctx.turn_up.rank != "7"
            and ctx.rules.variant != "no_trump")


def _sevens(faces, state, ctx, out):
    rules, trump = ctx.rules, ctx.trump
    sevens = [c for c in faces.get(("7", trump), ()) if c not in state.sevens_scored]
    declare = rules.seven_rule == "declare_or_exchange"
    exchange = can_exchange_seven(ctx)
    for c in sevens:
        if exchange:
            out.append(Declaration(SEVEN_EXCHANGE, (c,), meld_points(SEVEN_EXCHANGE, rules, trump)))
        if declare:
            out.append(Declaration(TRUMP_SEVEN, (c,), meld_points(TRUMP_SEVEN, rules, trump)))
    if declare and rules.meld_two_trump_sevens and len(sevens) >= 2:
        pts = meld_points(TWO_TRUMP_SEVENS, rules, trump)
        for pair in combinations(sevens, 2):
            out.append(Declaration(TWO_TRUMP_SEVENS, pair, pts))


# --------------------------------------------------------------------------- diagnosis

def _names(cards: Iterable[Card]) -> str:
    return ", ".join(c.name_ru for c in cards)


def shape_problem(meld: str, cards: tuple[Card, ...], rules: RuleSet, trump: str | None) -> str | None:
    """Why these cards are not this meld (None if the shape is right). Russian."""
    variant = find_variant(rules)
    if variant is not None and variant.shape_problem is not None:
        return variant.shape_problem(meld, cards, rules, trump)
    n = len(cards)
    ranks = sorted(c.rank for c in cards)
    suits = {c.suit for c in cards}
    name = meld_name(meld)
    if len(set(cards)) != n:
        return "одна и та же карта названа дважды"
    if meld in (MARRIAGE, ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE):
        if meld == NO_TRUMP_MARRIAGE and n == 4:
            if sorted(ranks) != ["K", "K", "Q", "Q"] or len(suits) != 1:
                return "двойной марьяж — это два короля и две дамы одной масти"
            return None
        if n != 2 or set(ranks) != {"K", "Q"} or len(suits) != 1:
            return f"{name} — это король и дама одной масти"
        s = cards[0].suit
        if meld == ROYAL_MARRIAGE and s != trump:
            return "козырный марьяж — это король и дама козырной масти"
        if meld == MARRIAGE and s == trump:
            return f"король и дама козырной масти — это козырный марьяж ({points(meld_points(ROYAL_MARRIAGE, rules, trump))})"
        if meld == NO_TRUMP_MARRIAGE and trump is not None:
            return "козырь уже назначен первым марьяжем"
        if meld != NO_TRUMP_MARRIAGE and trump is None:
            return "козырь ещё не назначен: первый марьяж назначает козырь"
        return None
    if meld == DOUBLE_MARRIAGE:
        if n != 4 or ranks != ["K", "K", "Q", "Q"] or len(suits) != 1:
            return "двойной марьяж — это два короля и две дамы одной масти"
        return None
    if meld in (SEQUENCE, PLAIN_QUINT):
        if n != 5 or sorted(ranks) != sorted("ATKQJ") or len(suits) != 1:
            if meld == PLAIN_QUINT:
                return "квинта — это туз, десятка, король, дама и валет одной некозырной масти"
            return "секвенция — это туз, десятка, король, дама и валет козырной масти"
        if meld == SEQUENCE and trump is None:
            return "секвенцию можно объявить только после того, как козырь назначен"
        if meld == SEQUENCE and cards[0].suit != trump:
            return "секвенция бывает только в козырной масти"
        if meld == PLAIN_QUINT and cards[0].suit == trump:
            return f"в козырной масти это секвенция ({points(meld_points(SEQUENCE, rules, trump))}), а не некозырная квинта"
        return None
    if meld in (BEZIQUE, DOUBLE_BEZIQUE, TRIPLE_BEZIQUE):
        qf, jf = bezique_faces(rules, trump)
        k = {BEZIQUE: 1, DOUBLE_BEZIQUE: 2, TRIPLE_BEZIQUE: 3}[meld]
        if k == 1:
            pair = f"{Card(*qf).name_ru} и {Card(*jf).name_ru}"
        else:                                    # «две дамы пик и два валета бубен»
            queens, jacks = {2: ("две дамы", "два валета"), 3: ("три дамы", "три валета")}[k]
            pair = f"{queens} {SUIT_GENITIVE_RU[qf[1]]} и {jacks} {SUIT_GENITIVE_RU[jf[1]]}"
        if (n != 2 * k or sum(1 for c in cards if c.face == qf) != k
                or sum(1 for c in cards if c.face == jf) != k):
            return f"{name} — это {pair}"
        return None
    if meld in RANK_OF_FOUR:
        r = RANK_OF_FOUR[meld]
        if n != 4 or any(c.rank != r for c in cards):
            return f"{name} — это четыре карты одного достоинства"
        if rules.four_of_kind_distinct_suits and len(suits) < 4:
            return "в этих правилах четвёрка должна быть из карт разных мастей"
        return None
    if meld in (TRUMP_SEVEN, SEVEN_EXCHANGE):
        if n != 1 or cards[0].rank != "7" or trump is None or cards[0].suit != trump:
            return "нужна одна семёрка козырной масти"
        return None
    if meld == TWO_TRUMP_SEVENS:
        if n != 2 or any(c.rank != "7" or c.suit != trump for c in cards):
            return "нужны обе семёрки козырной масти"
        return None
    if meld == CARTE_BLANCHE:
        if not rules.meld_carte_blanche:
            return "в этих правилах карт-бланш не считается"
        if n != rules.hand_size or any(c.is_court for c in cards):
            return "карт-бланш — это рука без единой фигуры (короля, дамы, валета)"
        return None
    return "такой комбинации нет"


def reuse_problem(meld: str, cards: tuple[Card, ...], state: MeldState) -> str | None:
    """Why the re-use rules (§4.5) forbid this declaration, in Russian (None if they allow it)."""
    used = state.used

    def first_used(kind, among=cards):
        return next((c for c in among if c in used[kind]), None)

    if meld in (MARRIAGE, ROYAL_MARRIAGE, NO_TRUMP_MARRIAGE, DOUBLE_MARRIAGE):
        c = first_used(K_MARRIAGE)
        if c:
            return (f"{c.name_ru} уже {'был' if c.rank == 'K' else 'была'} в марьяже: карту нельзя "
                    "дважды использовать в комбинациях одного рода")
        return None
    if meld in (SEQUENCE, PLAIN_QUINT):
        c = first_used(K_SEQUENCE)
        if c:
            return f"{c.name_ru} уже {'был' if c.rank in 'AKJ' else 'была'} в секвенции: повторить её из тех же карт нельзя"
        k = next(c for c in cards if c.rank == "K")
        q = next(c for c in cards if c.rank == "Q")
        married = used[K_MARRIAGE]
        if k in married or q in married:
            pairs = state.royal_pairs if meld == SEQUENCE else state.plain_pairs
            if frozenset((k, q)) not in pairs:
                return ("король или дама этой секвенции уже в марьяже с другой картой: секвенцию "
                        "можно объявить после марьяжа только с той же парой короля и дамы")
        return None
    if meld == BEZIQUE:
        c = first_used(K_BEZIQUE) or first_used(K_DOUBLE)
        if c:
            return f"{c.name_ru} уже {'был' if c.rank == 'J' else 'была'} в безике: карту нельзя дважды использовать в комбинациях одного рода"
        return None
    if meld == DOUBLE_BEZIQUE:
        c = first_used(K_DOUBLE)
        if c:
            return f"{c.name_ru} уже {'был' if c.rank == 'J' else 'была'} в двойном безике"
        prev = frozenset(c for c in cards if c in used[K_BEZIQUE])
        if prev and prev not in state.single_bezique_pairs:
            if len(prev) == 4:
                return ("обе пары уже объявлены как отдельные безики, а из двух объявленных "
                        "безиков двойной не составить")
            return "часть этих карт уже была в другом безике: к двойному можно добавить только новую пару"
        return None
    if meld == TRIPLE_BEZIQUE:
        c = first_used(K_TRIPLE)
        if c:
            return f"{c.name_ru} уже {'был' if c.rank == 'J' else 'была'} в тройном безике"
        prev = frozenset(c for c in cards if c in used[K_BEZIQUE] or c in used[K_DOUBLE])
        if prev and prev not in state.single_bezique_pairs and prev not in state.double_bezique_sets:
            return "тройной безик можно составить только из новых карт, одного безика или одного двойного безика"
        return None
    if meld in RANK_OF_FOUR:
        c = first_used(K_FOUR[RANK_OF_FOUR[meld]])
        if c:
            return (f"{c.name_ru} уже {'был' if c.rank in 'AKJ' else 'была'} в такой же четвёрке: четвёрку нельзя "
                    "пополнить, нужны четыре новые карты")
        return None
    if meld in SEVEN_MELDS:
        c = next((c for c in cards if c in state.sevens_scored), None)
        if c:
            return f"{c.name_ru} уже принесла очки в этой сдаче: каждая семёрка считается один раз"
    return None


def explain_illegal(meld: str, cards: tuple[Card, ...], held: set[Card], state: MeldState,
                    ctx: MeldContext) -> IllegalAction:
    """The Russian reason a proposed declaration is not among the legal ones."""
    rules = ctx.rules
    if meld not in ALL_MELDS:
        return IllegalAction(f"Нет такой комбинации «{meld}». Пример: «royal_marriage».", "R4.1")
    missing = [c for c in cards if c not in held]
    if missing:
        return IllegalAction(f"У вас нет {', '.join(c.name_ru_gen for c in missing)} (ни на руке, "
                             "ни на столе): в комбинации участвуют только ваши карты.", "R4.5.3")
    gated = {DOUBLE_MARRIAGE: rules.meld_double_marriage, PLAIN_QUINT: rules.meld_plain_quint,
             TWO_TRUMP_SEVENS: rules.meld_two_trump_sevens, TRIPLE_BEZIQUE: rules.packs >= 3,
             CARTE_BLANCHE: False}
    if not gated.get(meld, True):
        if meld == CARTE_BLANCHE:
            return IllegalAction("Карт-бланш засчитывается сам, его не объявляют.", "R10.4")
        return IllegalAction(f"В этих правилах комбинации «{meld_name(meld)}» нет.", "R4.7")
    problem = shape_problem(meld, cards, rules, ctx.trump)
    if problem:
        return IllegalAction(capitalize(problem) + ".", "R4.1")
    if ctx.blocked is not None and ctx.blocked in cards:
        return IllegalAction("Карту, только что взятую обменом на семёрку, можно использовать в "
                             "объявлении только после следующей выигранной взятки.", "R5.4.1")
    if meld in SEVEN_MELDS:
        if ctx.rules.variant == "no_trump":
            return IllegalAction("В бескозырном безике козырная семёрка очков не приносит.", "R10.3.8")
        if not ctx.allow_sevens:
            return IllegalAction("Действие с семёркой на этой взятке уже сделано.", "R5.4")
        if meld == SEVEN_EXCHANGE and not can_exchange_seven(ctx):
            if ctx.seven_exchanged:
                return IllegalAction("Открытый козырь уже меняли в этой сдаче: обмен возможен только один раз.", "R5.2.2")
            return IllegalAction("Открытый козырь — семёрка (или его уже нет): менять не на что.", "R5.1.2")
        if meld in (TRUMP_SEVEN, TWO_TRUMP_SEVENS) and rules.seven_rule != "declare_or_exchange":
            return IllegalAction("В этих правилах козырную семёрку не объявляют: она приносит очки "
                                 "только при обмене или в игре.", "R5.7")
    elif not ctx.allow_combinations:
        return IllegalAction("За одну выигранную взятку можно объявить только одну комбинацию.", "R4.3.1")
    reuse = reuse_problem(meld, cards, state)
    if reuse:
        return IllegalAction(capitalize(reuse) + ".", "R4.5.3")
    return IllegalAction("Эта комбинация сейчас не может быть объявлена.", "R4.5.3")
