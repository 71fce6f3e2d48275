"""Many-pack bezique with «инфузорки» (RULES.md §10.5): an EXPERIMENTAL reconstruction of the
garbled seed 000-D, as a small subclass of the standard `Deal`.

Only what differs from the standard game is here: the pack (`infusorka_pack`), the deal
(18 cards each, the 37th/55th card turned up, an infusorka is never the turn-up), the
infusorka in trick play, the declarations and their score table (10.5.3–10.5.6), and the
tally (declarations only: no brisques, no last-trick bonus). Everything else — the turn
structure, drawing, phase 2, the end of the deal — is the standard state machine. The module
registers the variant (`variants.register`): its Deal subclass, pack, meld ids and their
Russian names, and its tally, so the engine never names it.

Meld ids of this variant (deal records, `Declaration.meld`):

    nine_exchange        the nine of trumps for the turn-up, 0 points, once per deal
    royal_marriage       trump marriage K+Q: the n-th scores 4·2^(n−1) (plain marriages: none)
    bezique              trump queen + "bezique jack": the n-th scores 25·2^(n−1)
    trump_quint          A T K Q J of trumps (the jack may be the bezique jack): 50·2^(n−1)
    four_aces, four_kings, four_queens, four_jacks
                         four of a rank in four different suits: 10, 8, 6, 4; the k-th
                         separate four of the same rank scores k × that
    four_trump_aces, four_trump_kings, four_trump_queens, four_trump_jacks, four_trump_tens,
    four_bezique_jacks   four of the trump suit (or four bezique jacks): 110, 88, 176, 44, 90, 164
    more_trump_aces, more_trump_kings, more_trump_queens, more_trump_jacks, more_trump_tens,
    more_bezique_jacks   one more such card laid on top of the four already shown (5th…8th)

A meld made with an infusorka keeps the id of the natural meld and scores the same. The
re-use rules are those of §4.5: a card serves once in each kind of combination.
"""

from __future__ import annotations

import random as _random
from dataclasses import replace
from itertools import combinations, product
from typing import Iterable, Iterator, NamedTuple

from .. import ru
from ..actions import Announce
from ..cards import JOKER, SUITS, Card, cards_ru, sort_cards, SUIT_GENITIVE_RU
from ..deal import STAGE_DECLARE, STAGE_PLAY, Deal
from ..errors import IllegalAction, RulesError
from ..events import DeclareEvent
from ..melds import Declaration, MeldContext, MeldState, ROYAL_MARRIAGE, BEZIQUE, FOUR_OF
from ..rules import RuleSet
from ..tricks import counted_trick, legal_plays, play_problem, trick_winner
from . import Variant, register

EXPERIMENTAL_NOTE_RU = (
    "Многоколодный безик с инфузорками восстановлен по неполному тексту об инфузорках (000-D): "
    "текст искажён, часть правил в нём пропущена. Всё, что ниже помечено как пробел, дополнено "
    "курсом — это реконструкция, а не проверенные правила. Играйте в этот вариант "
    "как в эксперимент и не ссылайтесь на него как на настоящие правила.")


class Gap(NamedTuple):
    """One rule the seed does not give ([E] in RULES.md §10.5) and how the engine fills it."""

    topic: str         # what is missing (Russian)
    decision: str      # what the engine does (Russian)
    section: str       # RULES.md section


GAPS: tuple[Gap, ...] = (
    Gap("Старшинство карт", "Как в обычном безике: туз, десятка, король, дама, валет, девятка.",
        "10.5.1"),
    Gap("Сколько игроков", "Двое или трое, по 18 карт. Вчетвером по тексту сдатчик пропускает "
        "сдачу; такой рассадки в курсе пока нет — об этом говорится при выборе.", "10.5.2"),
    Gap("Как сдавать", "По три карты за раз, шесть кругов; 37-я (втроём 55-я) карта — козырь.",
        "10.5.2"),
    Gap("Инфузорка открылась козырем", "Её возвращают в колоду в случайное место ниже верхней "
        "карты и открывают следующую карту.", "10.5.2"),
    Gap("Обмен козырной девятки", "0 очков, один раз за сдачу, только после выигранной взятки; "
        "обмен считается объявлением этой взятки (как семёрка в обычном безике). Если открыта "
        "девятка, менять нечего.", "10.5.2"),
    Gap("Кто берёт из колоды первым", "Тот, кто перекрыл карту (выиграл ход).", "10.5.2"),
    Gap("Очки за карты", "Взяток нет — нет и очков за тузы и десятки (брисков), и нет премии за "
        "последний ход: очки дают только объявления.", "10.5.2"),
    Gap("Игра после конца колоды", "Как в обычном безике: отвечать в масть, перебивать, при "
        "отсутствии масти бить козырем; объявлять уже нельзя.", "10.5.2"),
    Gap("Инфузорка в розыгрыше", "Масти нет, она младше всех карт. Если с неё пошли, её бьёт "
        "первая же карта, положенная на неё (дальше сравнивают с этой картой, и в конце колоды "
        "в масть отвечают ей); положенная второй, инфузорка никогда не берёт.", "10.5.2"),
    Gap("Десять колод втроём", "Одна карта лишняя: открытый козырь остаётся на столе до конца "
        "сдачи и никому не достаётся.", "10.5.2"),
    Gap("Безик по счёту", "n-й безик стоит 25·2^(n−1): 25, 50, 100, 200, 400 …", "10.5.4"),
    Gap("Козырный марьяж по счёту", "n-й стоит 4·2^(n−1): 4, 8, 16, 32, 64 …; простые марьяжи "
        "не объявляются вовсе.", "10.5.5"),
    Gap("Валет в козырной квинте", "Годится козырный валет или безиковый; n-я квинта стоит "
        "50·2^(n−1). Квинта после марьяжа — только с той же парой короля и дамы.", "10.5.5"),
    Gap("Четыре простые десятки", "Не комбинация.", "10.5.5"),
    Gap("Седьмая и восьмая козырные десятки", "+200 и +400 + 2×90 = +580, как у королей.",
        "10.5.5"),
    Gap("Показанные дважды — вдвойне", "Только для четвёрок: k-я отдельная простая четвёрка "
        "одного ранга стоит k × основу; у козырных четвёрок это «второй комплект» восьмой "
        "карты. Марьяжи, безики и квинты удваиваются каждые по своему ряду.", "10.5.5"),
    Gap("Добавление к козырной четвёрке", "Одна карта за объявление и только пока все уже "
        "засчитанные карты этой четвёрки лежат перед игроком; козырную четвёрку каждого рода "
        "начинают один раз за сдачу; девятая карта ничего не даёт.", "10.5.5"),
    Gap("Инфузорка в комбинации", "Заменяет любую карту, дополняет и четвёрку (3 + инфузорка); "
        "не больше одной инфузорки на комбинацию, хотя бы одна "
        "настоящая карта; очки — как за обычную комбинацию.", "10.5.6"),
    Gap("Повторное использование карт", "Как в обычном безике (глава 7): карта служит один раз в "
        "каждом роде комбинаций (марьяж, безик, квинта, простая четвёрка ранга, козырная "
        "четвёрка); комбинации «на потом» не выкладывают — каждое объявление отдельно.", "4.5"),
    Gap("Цель партии и конец сдачи", "Как в обычном безике: сдача кончается последним ходом, "
        "партия — до 1000 очков.", "10.5.7"),
)

# ------------------------------------------------------------------------ the pack (10.5.1)

PACK_COUNTS = (8, 10)
NINES_PER_SUIT = 3
INFUSORKI = 2
HAND = 18
PACKET = 3                                    # [E] six rounds of three cards
INFUSORKA_CARDS = tuple(Card(JOKER, JOKER, i) for i in range(1, INFUSORKI + 1))


def check_rules(rules: RuleSet) -> None:
    """RulesError (Russian) for a table this variant cannot seat."""
    if rules.packs not in PACK_COUNTS:
        raise RulesError(f"В многоколодный безик играют восемью или десятью колодами, а не "
                         f"{rules.packs}. Пример: {{\"preset\": \"many_pack_infusorka\", \"packs\": 10}}.")
    if rules.players == 4:
        raise RulesError("Вчетвером в многоколодный безик играют так: сдатчик пропускает сдачу, "
                         "карты получают трое. Такой рассадки в курсе пока нет — "
                         "выберите двух или трёх игроков (players=2 или players=3).")


def infusorka_pack(rules: RuleSet) -> list[Card]:
    """8 or 10 packs of A K Q J 10 in four suits, twelve nines (three a suit), two infusorki:
    174 or 214 cards, in card order."""
    check_rules(rules)
    cards = [Card(r, s, c) for s in SUITS for r in "ATKQJ" for c in range(1, rules.packs + 1)]
    cards += [Card("9", s, c) for s in SUITS for c in range(1, NINES_PER_SUIT + 1)]
    return sort_cards(cards + list(INFUSORKA_CARDS))


# ------------------------------------------------------------------------ the score table

NINE_EXCHANGE, TRUMP_QUINT = "nine_exchange", "trump_quint"
BEZIQUE_JACK_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}   # same colour, other suit
PLAIN_FOUR_BASE = {"A": 10, "K": 8, "Q": 6, "J": 4}           # four different suits
QUEEN_PREMIUMS = (100, 200, 400, 800)                           # 5th, 6th, 7th, 8th card
KING_PREMIUMS = (50, 100, 200, 400)


class Family(NamedTuple):
    """A four of the trump suit (or of bezique jacks) and the cards added on top of it."""

    rank: str
    bezique_jack: bool
    base: int
    premiums: tuple[int, ...]

    def face(self, trump: str) -> tuple[str, str]:
        return (self.rank, BEZIQUE_JACK_SUIT[trump] if self.bezique_jack else trump)

    def increment(self, k: int) -> int | None:
        """Points for the k-th card (5…8): the premium, and for the 8th the second set."""
        if not 5 <= k <= 8:
            return None                       # [E] a 9th card starts nothing
        return self.premiums[k - 5] + (2 * self.base if k == 8 else 0)


FAMILIES = {
    "trump_aces": Family("A", False, 110, KING_PREMIUMS),
    "trump_kings": Family("K", False, 88, KING_PREMIUMS),
    "trump_queens": Family("Q", False, 176, QUEEN_PREMIUMS),
    "trump_jacks": Family("J", False, 44, KING_PREMIUMS),
    "trump_tens": Family("T", False, 90, KING_PREMIUMS),
    "bezique_jacks": Family("J", True, 164, QUEEN_PREMIUMS),
}
FOUR_MELD = {f"four_{name}": name for name in FAMILIES}
MORE_MELD = {f"more_{name}": name for name in FAMILIES}
PLAIN_FOUR = {FOUR_OF[r]: r for r in PLAIN_FOUR_BASE}
MELDS = (NINE_EXCHANGE, ROYAL_MARRIAGE, BEZIQUE, TRUMP_QUINT, *PLAIN_FOUR, *FOUR_MELD, *MORE_MELD)

# The Russian names of this variant's own melds (the shared ones keep `ru.MELD_NAME`'s).
MELD_NAME_RU = {
    NINE_EXCHANGE: "обмен козырной девятки на открытый козырь",
    TRUMP_QUINT: "козырная квинта",
    "four_trump_aces": "четыре козырных туза", "four_trump_kings": "четыре козырных короля",
    "four_trump_queens": "четыре козырные дамы", "four_trump_jacks": "четыре козырных валета",
    "four_trump_tens": "четыре козырные десятки", "four_bezique_jacks": "четыре безиковых валета",
    "more_trump_aces": "ещё один козырный туз", "more_trump_kings": "ещё один козырный король",
    "more_trump_queens": "ещё одна козырная дама", "more_trump_jacks": "ещё один козырный валет",
    "more_trump_tens": "ещё одна козырная десятка", "more_bezique_jacks": "ещё один безиковый валет",
}
MELD_NAME_ACC_RU = {
    TRUMP_QUINT: "козырную квинту",
    "more_trump_queens": "ещё одну козырную даму",
    "more_trump_tens": "ещё одну козырную десятку",
}

# Kinds of the re-use rules (§4.5) in this variant; trump fours keep their own card lists.
K_MARRIAGE, K_BEZIQUE, K_QUINT = "MP_MARRIAGE", "MP_BEZIQUE", "MP_QUINT"
K_PLAIN = {r: f"MP_PLAIN_{r}" for r in PLAIN_FOUR_BASE}


def doubling(base: int, n: int) -> int:
    """The n-th declaration of a doubling series: base, 2·base, 4·base …"""
    return base << (n - 1)


class InfusorkaMelds(MeldState):
    """What one player has declared this deal: used cards by kind, how many of each series,
    and the cards counted in each trump four."""

    __slots__ = ("counts", "families")

    def __init__(self):
        super().__init__()
        self.used.update({k: set() for k in (K_MARRIAGE, K_BEZIQUE, K_QUINT, *K_PLAIN.values())})
        self.counts: dict[str, int] = {}
        self.families: dict[str, tuple[Card, ...]] = {}

    def copy(self) -> "InfusorkaMelds":
        new = InfusorkaMelds()
        new.used = {k: set(v) for k, v in self.used.items()}
        new.royal_pairs = set(self.royal_pairs)
        new.counts = dict(self.counts)
        new.families = dict(self.families)
        new.scored = list(self.scored)
        return new

    def nth(self, meld: str) -> int:
        """The number the next declaration of `meld` would have (1 for the first)."""
        return self.counts.get(meld, 0) + 1

    def record(self, decl: Declaration, trump: str | None) -> None:
        meld, cards, used = decl.meld, decl.cards, self.used
        self.scored.append(decl)
        self.counts[meld] = self.counts.get(meld, 0) + 1
        if meld == ROYAL_MARRIAGE:
            used[K_MARRIAGE].update(cards)
            self.royal_pairs.add(frozenset(cards))
        elif meld == BEZIQUE:
            used[K_BEZIQUE].update(cards)
        elif meld == TRUMP_QUINT:
            used[K_QUINT].update(cards)
            used[K_MARRIAGE].update(quint_pair(cards, trump))
        elif meld in PLAIN_FOUR:
            used[K_PLAIN[PLAIN_FOUR[meld]]].update(cards)
        elif meld in FOUR_MELD:
            self.families[FOUR_MELD[meld]] = cards
        elif meld in MORE_MELD:
            name = MORE_MELD[meld]
            self.families[name] = self.families[name] + cards


def quint_pair(cards: Iterable[Card], trump: str) -> tuple[Card, Card]:
    """The cards standing for the king and the queen of a quint (infusorki fill the gaps)."""
    cards = sort_cards(cards)
    jokers = [c for c in cards if c.is_joker]
    king = next((c for c in cards if c.face == ("K", trump)), None) or jokers.pop(0)
    queen = next((c for c in cards if c.face == ("Q", trump)), None) or jokers.pop(0)
    return king, queen


def _fill(slots: list[list[Card]], jokers: list[Card], wild: int) -> Iterator[tuple[Card, ...]]:
    """Every choice of one card per slot (the slots hold different faces): a natural card of
    the slot or an infusorka, at most `wild` infusorki and at least one natural card."""
    n = len(slots)
    for k in range(min(wild, len(jokers), n - 1) + 1):
        for wild_slots in combinations(range(n), k):
            rest = [slots[i] for i in range(n) if i not in wild_slots]
            if all(rest):
                for js in combinations(jokers, k):
                    for natural in product(*rest):
                        yield natural + js


def _fours(naturals: list[Card], jokers: list[Card], wild: int) -> Iterator[tuple[Card, ...]]:
    """Every four of identical cards, infusorki completing it (at most `wild`, not all four)."""
    for k in range(min(wild, len(jokers), 3) + 1):
        for natural in combinations(naturals, 4 - k):
            for js in combinations(jokers, k):
                yield natural + js


def infusorka_declarations(held: Iterable[Card], state: InfusorkaMelds,
                           ctx: MeldContext) -> list[Declaration]:
    """Every declaration `held` allows now (10.5.3–10.5.6), sorted as formats.md says."""
    trump, wild = ctx.trump, max(0, ctx.rules.infusorka_max_per_meld)
    faces: dict[tuple[str, str], list[Card]] = {}
    jokers: list[Card] = []
    for c in sort_cards(held):
        if c is not ctx.blocked:
            (jokers if c.is_joker else faces.setdefault(c.face, [])).append(c)
    used = state.used
    found: dict[tuple, Declaration] = {}

    def offer(meld, cards, points):
        decl = Declaration(meld, tuple(sort_cards(cards)), points)
        found.setdefault(decl.key, decl)

    def fresh(face, kind):
        return [c for c in faces.get(face, ()) if c not in used[kind]]

    def free_jokers(kind):
        return [c for c in jokers if c not in used[kind]]

    if ctx.allow_combinations and trump is not None:
        bj = ("J", BEZIQUE_JACK_SUIT[trump])
        pts = doubling(4, state.nth(ROYAL_MARRIAGE))
        for cards in _fill([fresh(("K", trump), K_MARRIAGE), fresh(("Q", trump), K_MARRIAGE)],
                           free_jokers(K_MARRIAGE), wild):
            offer(ROYAL_MARRIAGE, cards, pts)
        pts = doubling(25, state.nth(BEZIQUE))
        for cards in _fill([fresh(("Q", trump), K_BEZIQUE), fresh(bj, K_BEZIQUE)],
                           free_jokers(K_BEZIQUE), wild):
            offer(BEZIQUE, cards, pts)
        pts = doubling(50, state.nth(TRUMP_QUINT))
        slots = [fresh((r, trump), K_QUINT) for r in "ATKQJ"]
        slots[4] += fresh(bj, K_QUINT)
        for cards in _fill(slots, free_jokers(K_QUINT), wild):
            pair = quint_pair(cards, trump)
            if (all(c not in used[K_MARRIAGE] for c in pair)
                    or frozenset(pair) in state.royal_pairs):
                offer(TRUMP_QUINT, cards, pts)
        spare = min(wild, len(jokers))        # infusorki that may complete a four
        for meld, r in PLAIN_FOUR.items():
            if sum((r, s) in faces for s in SUITS) + spare < 4:
                continue
            kind = K_PLAIN[r]
            pts = PLAIN_FOUR_BASE[r] * state.nth(meld)
            for cards in _fill([fresh((r, s), kind) for s in SUITS], free_jokers(kind), wild):
                offer(meld, cards, pts)
        for name, fam in FAMILIES.items():
            shown = state.families.get(name)
            naturals = faces.get(fam.face(trump), [])
            if shown is None:
                if len(naturals) + spare < 4:
                    continue
                for cards in _fours(naturals, jokers, wild):
                    offer(f"four_{name}", cards, fam.base)
                continue
            pts = fam.increment(len(shown) + 1)
            heldset = set(naturals) | set(jokers)
            if pts is None or not all(c in heldset for c in shown):
                continue                      # the four is broken up, or already eight
            for c in naturals + (jokers if wild else []):
                if c not in shown:
                    offer(f"more_{name}", (c,), pts)
    turn_up = ctx.turn_up
    if (ctx.allow_sevens and trump is not None and not ctx.seven_exchanged
            and turn_up is not None and turn_up.rank != "9"):
        for c in faces.get(("9", trump), ()):
            offer(NINE_EXCHANGE, (c,), 0)
    return sorted(found.values(), key=Declaration.sort_key)


def shape_ru(meld: str, trump: str) -> str:
    """What the combination is made of, in Russian (for the explanation of a refusal)."""
    t, b = SUIT_GENITIVE_RU[trump], SUIT_GENITIVE_RU[BEZIQUE_JACK_SUIT[trump]]
    if meld == NINE_EXCHANGE:
        return f"обмен — это одна девятка {t}"
    if meld == ROYAL_MARRIAGE:
        return f"козырный марьяж — король и дама {t}"
    if meld == BEZIQUE:
        return f"безик — дама {t} и валет {b} (безиковый валет)"
    if meld == TRUMP_QUINT:
        return f"козырная квинта — туз, десятка, король, дама {t} и валет {t} или валет {b}"
    if meld in PLAIN_FOUR:
        return f"{ru.meld_name(meld)} — четыре карты этого ранга четырёх разных мастей"
    name = FOUR_MELD.get(meld) or MORE_MELD[meld]
    rank, suit = FAMILIES[name].face(trump)
    what = Card(rank, suit).name_ru
    if meld in FOUR_MELD:
        return f"{ru.meld_name(meld)} — четыре карты «{what}»"
    return f"добавляют одну карту «{what}» к уже показанной четвёрке"


# ------------------------------------------------------------------------ the deal

def _lead_index(trick) -> int:
    """Infusorki led have no suit, so the first card played to them acts as the lead (10.5.2
    [E]): the index of that card (the trick's length while only infusorki are on it)."""
    i = 0
    while i < len(trick) and trick[i].is_joker:
        i += 1
    return i


class InfusorkaDeal(Deal):
    """One deal of many-pack bezique with infusorki (experimental, RULES.md §10.5)."""

    EXPERIMENTAL_NOTE_RU = EXPERIMENTAL_NOTE_RU
    GAPS = GAPS

    def __init__(self, rules: RuleSet | None, dealer: int, hands, turn_up, stock):
        rules = rules or RuleSet.preset("many_pack_infusorka")
        if not rules.many_pack:
            raise RulesError("InfusorkaDeal — только для правил variant=\"many_pack_infusorka\".")
        check_rules(rules)
        if turn_up is not None and turn_up.is_joker:
            raise IllegalAction("Инфузорка не имеет масти и не может быть открытым козырем.", "10.5.1")
        super().__init__(rules, dealer, hands, turn_up, stock)

    # ---------------------------------------------------------------- the deal (10.5.2)
    @staticmethod
    def deal_cards(rules: RuleSet, dealer: int, rng: _random.Random):
        """18 cards each in packets of three; then the next card is turned up. An infusorka
        cannot be trump: it goes back into the stock below the top, and the next card is
        turned instead. Returns (hands, turn-up, stock top first)."""
        pack = infusorka_pack(rules)
        rng.shuffle(pack)
        n = rules.players
        first = dealer if rules.deal_first_to == "dealer" else (dealer + 1) % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(HAND // PACKET):
            for i in range(n):
                hands[(first + i) % n].extend(pack[pos:pos + PACKET])
                pos += PACKET
        returned = []
        while pack[pos].is_joker:
            returned.append(pack[pos])
            pos += 1
        turn_up, stock = pack[pos], pack[pos + 1:]
        for joker in returned:
            stock.insert(rng.randint(1, len(stock)), joker)
        return hands, turn_up, stock

    def _deal_bonuses(self):
        """No deal bonuses in this game (there are no sevens)."""

    def _is_carte_blanche(self, p: int) -> bool:
        return False

    # ---------------------------------------------------------------- trick play
    def _trick_winner(self, cards: tuple[Card, ...]) -> int:
        """As in the standard game, but an infusorka ranks below every card and has no suit:
        the first card played to a led infusorka beats it; played later it never wins."""
        return trick_winner(cards, self.trump, self.rules)

    def legal_plays(self, seat: int | None = None) -> list[Card]:
        """The standard obligations, applied to the trick without its led infusorki."""
        seat = self.to_act if seat is None else seat
        if self.stage != STAGE_PLAY or seat != self.to_act:
            return []
        return legal_plays(self.hands[seat], counted_trick(self.trick, self.rules), self.trump, self.phase, self.rules)

    def _play_problem(self, card: Card, hand: list[Card]) -> str | None:
        return play_problem(card, hand, counted_trick(self.trick, self.rules), self.trump, self.phase, self.rules)

    # ---------------------------------------------------------------- declarations
    def _declarations(self, seat: int) -> list[Declaration]:
        key = (seat, len(self.actions))
        if self._decl_cache_key != key:
            self._decl_cache = infusorka_declarations(self.hands[seat], self.melds[seat], self._ctx())
            self._decl_cache_key = key
        return self._decl_cache

    def legal_announcements(self, seat: int | None = None) -> list[Announce]:
        return []                             # "each declaration must be separate"

    def _announce(self, seat: int, ann: Announce):
        raise IllegalAction("В многоколодном безике комбинации «на потом» не выкладывают: "
                            "каждое объявление делается отдельно, после своего хода.", "10.5.3")

    def _declare(self, seat: int, decl: Declaration):
        if (self.stage == STAGE_DECLARE and seat == self.to_act
                and self.rules.penalty_mode != "apply"
                and all(d.key != decl.key for d in self._declarations(seat))):
            raise self._why_not(seat, decl)
        super()._declare(seat, decl)

    def _score(self, seat: int, decl: Declaration):
        if decl.meld != NINE_EXCHANGE:
            return super()._score(seat, decl)
        self.melds[seat].record(decl, self.trump)
        self.log.append(DeclareEvent(seat, decl))
        nine, old = decl.cards[0], self.turn_up
        self.hands[seat].remove(nine)
        self.hands[seat].append(old)
        self.known[seat].add(old)             # everyone saw the turn-up
        self.turn_up, self.seven_exchanged = nine, True    # the base's flag: here, the nine
        if self.rules.seven_counts_as_declaration:   # [E] the exchange is this trick's declaration
            self.window = replace(self.window, seven=True, combination=True)
        else:
            self.window = replace(self.window, seven=True, blocked=old)
        if not self._declarations(seat):
            self._close_window()

    def _why_not(self, seat: int, decl: Declaration) -> IllegalAction:
        """The Russian reason a declaration is not among the legal ones."""
        meld, cards, ctx = decl.meld, decl.cards, self._ctx()
        if meld not in MELDS:
            return IllegalAction(f"В многоколодном безике нет комбинации «{ru.meld_name(meld)}». "
                                 "Есть: козырный марьяж, безик, козырная квинта, четыре карты "
                                 "разных мастей, козырные четвёрки и добавление к ним, обмен "
                                 "девятки.", "10.5.5")
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            return IllegalAction(f"У вас нет {', '.join(c.name_ru_gen for c in missing)}.", "R4.5.3")
        if meld == NINE_EXCHANGE:
            if self.seven_exchanged:
                return IllegalAction("Открытый козырь уже меняли в этой сдаче.", "10.5.2")
            if not ctx.allow_sevens:
                return IllegalAction("На этой взятке объявление уже сделано.", "10.5.3")
            if self.turn_up is not None and self.turn_up.rank == "9":
                return IllegalAction("Открыта девятка: менять её на девятку незачем.", "10.5.2")
        elif not ctx.allow_combinations:
            return IllegalAction("Подряд два объявления не делают: за одну перекрытую карту — "
                                 "одно объявление.", "10.5.3")
        if ctx.blocked is not None and ctx.blocked in cards:
            return IllegalAction("Карту, только что взятую обменом девятки, можно объявить только "
                                 "после следующего перекрытого хода.", "10.5.2")
        wild = sum(c.is_joker for c in cards)
        if wild > max(0, self.rules.infusorka_max_per_meld) or (wild and wild == len(cards) > 1):
            return IllegalAction(f"Инфузорок в одной комбинации — не больше "
                                 f"{self.rules.infusorka_max_per_meld}, и хотя бы одна карта "
                                 "должна быть настоящей.", "10.5.6")
        if not self._shape_ok(meld, cards):
            return IllegalAction(ru.capitalize(shape_ru(meld, self.trump)) + ".", "10.5.5")
        if meld in MORE_MELD:
            return IllegalAction("Карту добавляют только к своей уже показанной козырной "
                                 "четвёрке, пока все её карты лежат перед вами, по одной за "
                                 "объявление; восьмая — последняя.", "10.5.5")
        if meld in FOUR_MELD:
            return IllegalAction("Эту козырную четвёрку вы уже объявляли: дальше карты "
                                 "добавляют по одной.", "10.5.5")
        return IllegalAction(f"Среди карт {cards_ru(cards)} есть уже использованная в такой же "
                             "комбинации (или король и дама квинты уже в другом марьяже): карта "
                             "служит один раз в каждом роде комбинаций.", "R4.5.3")

    def _shape_ok(self, meld: str, cards: tuple[Card, ...]) -> bool:
        trump = self.trump
        if meld == NINE_EXCHANGE:
            return len(cards) == 1 and cards[0].face == ("9", trump)
        if meld in MORE_MELD:
            face = FAMILIES[MORE_MELD[meld]].face(trump)
            return len(cards) == 1 and (cards[0].is_joker or cards[0].face == face)
        alone = MeldContext.for_hand(rules=self.rules, trump=trump, seven_exchanged=True)
        return any(d.key == (meld, frozenset(cards))
                   for d in infusorka_declarations(cards, InfusorkaMelds(), alone))


# ------------------------------------------------------------------------ the registration

def _no_trick_points(tricks, rules: RuleSet) -> int:
    """No brisques in this game: only declarations score (10.5.2 [E])."""
    return 0


register(Variant(
    name="many_pack_infusorka", deal_class=InfusorkaDeal, pack=infusorka_pack, melds=MELDS,
    meld_state=InfusorkaMelds,
    meld_names=MELD_NAME_RU, meld_names_acc=MELD_NAME_ACC_RU,
    trick_points=_no_trick_points, last_trick_points=0,    # no last-trick bonus (10.5.2 [E])
    check_rules=check_rules, lead_index=_lead_index))
