"""Why a move, in Russian: the descriptions of actions («сыграть К♠ (король пик)») and the
coach's reasons for a choice (`explain_choice`), built from one seat's `PlayerView` only; every
number of points is the engine's, and what a card may still join is the engine's enumeration
of the combinations (`melds.enumerate_declarations`)."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Announce, Pass, Play
from ..cards import Card
from ..melds import (BEZIQUE, DOUBLE_BEZIQUE, ROYAL_MARRIAGE, SEQUENCE, SEVEN_EXCHANGE,
                     SEVEN_MELDS, TRIPLE_BEZIQUE, TRUMP_SEVEN, Declaration, MeldContext,
                     MeldState, bezique_faces, enumerate_declarations, meld_points)
from ..packs import pack_for
from ..ru import (capitalize, describe_declaration, meld_name, meld_name_acc, meld_name_gen,
                  meld_with_cards, plural, points)
from ..tally import trick_points
from ..tricks import takes_trick
from ..variants import find_variant
from .determinize import action_key
from .heuristic import opp_threat, potential
from .observation import LATE_STOCK, Obs, brisque_worth
from .search import Analysis


def declaration_acc(d: Declaration) -> str:
    """A declaration as the object of «объявить»: «козырную семёрку 7♥ — 10 очков»."""
    return describe_declaration(d.meld, d.cards, d.points, accusative=True)


def gendered(card: Card, masculine: str, feminine: str) -> str:
    """The word that agrees with a card's name: туз, король, валет are masculine («он», «нужен»),
    дама, десятка, девятка, восьмёрка, семёрка and the infusorka feminine («она», «нужна»)."""
    return masculine if card.rank in ("A", "K", "J") and not card.is_joker else feminine


COPIES = {3: "три", 4: "четыре", 5: "пять", 6: "шесть", 7: "семь", 8: "восемь"}


def card_list(cards) -> str:
    """Cards named in order: «Т♦ 10♦ Д♦ В♦»; with copies of one card, counted and listed:
    «Д♠ и два К♦», «три Д♠» (the multi-pack games)."""
    counted: list[list] = []
    for x in sorted(cards):
        if counted and counted[-1][0].ru == x.ru:     # two copies are two cards, one name
            counted[-1][1] += 1
        else:
            counted.append([x, 1])
    if all(n == 1 for _, n in counted):
        return " ".join(x.ru for x, _ in counted)
    items = [x.ru if n == 1 else f"{gendered(x, 'два', 'две') if n == 2 else COPIES.get(n, n)} {x.ru}"
             for x, n in counted]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " и " + items[-1]


def describe_action(action) -> str:
    """A learner-facing Russian description of an action."""
    t = type(action)
    if t is Play:
        c = action.card
        return f"сыграть {c.ru} ({c.name_ru})"
    if t is Declaration:
        if action.meld == SEVEN_EXCHANGE:
            return f"обменять козырную семёрку {action.cards[0].ru} на открытый козырь — " \
                   f"{points(action.points)}"
        return "объявить " + declaration_acc(action)
    if t is Announce:
        return f"показать «на потом» {meld_with_cards(action.meld, action.cards)}"
    if t is Pass:
        return "не объявлять и взять карту из талона"
    return str(action)



def imperative(action) -> str:
    t = type(action)
    if t is Play:
        return f"сыграйте {action.card.ru} ({action.card.name_ru})"
    if t is Declaration:
        if action.meld == SEVEN_EXCHANGE:
            return f"обменяйте козырную семёрку {action.cards[0].ru} на открытый козырь"
        return "объявите " + declaration_acc(action)
    if t is Announce:
        return f"покажите «на потом» {meld_name(action.meld)}"
    return "не объявляйте, берите карту из талона"


def _sequence_later(view, o: Obs, pair) -> bool:
    """Could the trump sequence still be completed around this royal marriage?"""
    trump = view.trump
    for r in "ATJ":
        if any(c.rank == r and c.suit == trump for c in view.hand):
            continue
        if o.unseen_count((r, trump)) == 0:
            return False
    return True


def _double_later(view, o: Obs, pair) -> bool:
    qf = next((c.face for c in pair if c.rank == "Q"), None)
    jf = next((c.face for c in pair if c.rank == "J"), None)
    if qf is None or jf is None:             # an infusorka stands for one of them (many-pack)
        return False
    q_have = sum(1 for c in view.hand if c.face == qf)
    j_have = sum(1 for c in view.hand if c.face == jf)
    return q_have + o.unseen_count(qf) >= 2 and j_have + o.unseen_count(jf) >= 2


def _melds_with(card: Card, rules, trump) -> str:
    """«секвенцию, марьяж или безик»: the combinations a card of the trump suit can join under
    these rules (an ace or a ten only the sequence, a king or a queen also a marriage)."""
    names = []
    if card.rank in "ATKQJ" and meld_points(SEQUENCE, rules, trump):
        names.append("секвенцию")
    if card.rank in "KQ":
        names.append("марьяж")
    if card.face in bezique_faces(rules, trump):
        names.append("безик")
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " или " + names[-1]


def explain_choice(view, action, analysis: Analysis | None = None, compare: bool = True) -> str:
    """A reason a learner understands, in Russian, built from the seat's view only; every
    number of points is the engine's (`melds.meld_points`, `Declaration.points`).

    `compare`: end with how much better the action is than the next best by `analysis` («Мастер
    разыграл 48 сдач …: этот ход в среднем на 15 очков лучше, чем …»). The after-deal review
    says False: its item has already said what the learner's own move cost, by the same
    analysis, and a second figure against another move would read as a contradiction."""
    o = Obs.from_view(view)
    parts: list[str] = []
    t = type(action)
    legal = list(view.legal_actions)
    decls = [a for a in legal if type(a) is Declaration]
    late = view.stock_count <= LATE_STOCK
    if t is Declaration:
        m, rules, trump = action.meld, view.rules, view.trump
        worth = points(action.points)
        bigger = [d for d in decls if d.points > action.points]
        if m == ROYAL_MARRIAGE:
            seq_now = [d for d in decls if d.meld == SEQUENCE]
            if not late and _sequence_later(view, o, action.cards):
                parts.append("объявите козырный марьяж сейчас: секвенцию можно будет добавить позже "
                             f"и получить ещё {meld_points(SEQUENCE, rules, trump)}")
                if seq_now:
                    parts.append(f"если объявить секвенцию сразу, марьяж за {action.points} уже "
                                 "не засчитают")
            else:
                parts.append(f"козырный марьяж — {worth}; ждать больше нечего")
        elif m == SEQUENCE:
            if late and any(d.meld == ROYAL_MARRIAGE for d in decls):
                parts.append(f"объявите секвенцию сразу: в талоне {plural(view.stock_count, 'карта')}, "
                             "и взяток на два объявления (марьяж, потом секвенцию) может не хватить")
            elif not bigger:
                parts.append(f"секвенция — {worth}, самая дорогая комбинация из возможных сейчас")
            else:
                parts.append(f"секвенция — {worth}")
        elif m == BEZIQUE:
            if not late and _double_later(view, o, action.cards):
                double = meld_points(DOUBLE_BEZIQUE, rules, trump)
                parts.append("объявите простой безик сейчас: двойной можно будет добавить позже и "
                             f"получить ещё {double} (а сразу двойной дал бы только {double})")
            else:
                parts.append(f"безик — {worth}")
        elif m == DOUBLE_BEZIQUE:
            if any(d.meld == BEZIQUE for d in decls) and late:
                parts.append(f"объявите двойной безик сразу: в талоне {plural(view.stock_count, 'карта')}, "
                             "и на два объявления может не хватить взяток — потеряете только "
                             f"{meld_points(BEZIQUE, rules, trump)}")
            elif action.points >= meld_points(TRIPLE_BEZIQUE, rules, trump):
                parts.append(f"двойной безик — {worth}, крупнее комбинации в игре нет")
            else:
                parts.append(f"двойной безик — {worth}")
        elif m == SEVEN_EXCHANGE:
            up = view.turn_up
            if up is not None:
                why = []
                if up.is_brisque:
                    why.append("это бриск")
                joins = _melds_with(up, rules, trump)
                if joins:
                    why.append(f"{gendered(up, 'он', 'она')} может войти в {joins}")
                gain = f"+{worth}, и" if action.points else "очков обмен не приносит, но"
                parts.append(f"обменяйте семёрку: {gain} в руку придёт {up.ru} ({up.name_ru})"
                             + (f" — {', '.join(why)}" if why else ""))
        elif m == TRUMP_SEVEN:
            parts.append(f"козырная семёрка приносит {worth}, если её объявить после взятой взятки")
        else:
            parts.append(f"{meld_name(m)} — {worth}; объявляйте, пока есть "
                         "право: за каждую взятку можно объявить только одну комбинацию")
        others = [d for d in decls if d.meld != m and d.points > 0]
        if others and m not in (ROYAL_MARRIAGE, BEZIQUE):
            parts.append("за одну взятку засчитывают только одну комбинацию; остальные можно "
                         "объявить после следующих взяток")
    elif t is Pass:
        if any(type(a) is Announce for a in legal):
            parts.append("комбинация за эту взятку уже засчитана; показывать остальные «на потом» "
                         "по этим правилам незачем — их можно объявить после следующих взяток")
        else:
            parts.append("объявлять сейчас нечего: берите карту из талона")
    elif t is Announce:
        parts.append("по этим правилам комбинацию, показанную сейчас, можно будет засчитать позже")
    elif t is Play:
        c = action.card
        if view.phase == 2:
            av = analysis.value_of(action) if analysis is not None else None
            trick = [x for _, x in view.trick]
            if trick and takes_trick(c, trick, view.trump, view.rules):
                parts.append(f"{c.ru} берёт взятку")
            if len(legal) == 1:                 # nothing was weighed: say why, not a value
                parts.append("другого хода правила не оставляют" if trick else
                             "других карт на руке нет")
            elif av is not None and av.exact and analysis.method == "endgame":
                v = int(round(av.value))
                if v == 0:
                    parts.append("по точному расчёту (соперник тоже играет лучшим образом) в "
                                 "оставшихся взятках вы наберёте столько же, сколько соперник")
                elif v > 0:
                    parts.append(f"по точному расчёту (соперник тоже играет лучшим образом) в "
                                 f"оставшихся взятках вы наберёте на {plural(v, 'очко')} больше соперника")
                else:
                    parts.append(f"по точному расчёту (соперник тоже играет лучшим образом) в "
                                 f"оставшихся взятках вы отстанете на {plural(-v, 'очко')} — "
                                 "но любой другой ход хуже")
        else:
            parts.extend(_phase1_play_reason(view, o, c))
    if compare and analysis is not None and analysis.method == "rollouts" and len(analysis.ranked) > 1:
        best = analysis.value_of(action)
        second = next((av for av in analysis.ranked if action_key(av.action) != action_key(action)), None)
        if best is not None and second is not None:
            gap = int(round(best.value - second.value))
            if gap >= 5:
                parts.append(f"Мастер разыграл {plural(analysis.samples, 'сдача', 'acc')} с картами, которых "
                             f"вы не видите: этот ход в среднем на {plural(gap, 'очко')} лучше, чем "
                             f"{describe_action(second.action)}")
            else:
                parts.append(f"впрочем, {describe_action(second.action)} почти так же хорошо")
    if not parts:
        return "Так советует Мастер."
    return " ".join(capitalize(p) + "." for p in parts)


def _brisques_in_trick(view, cards: list[Card]) -> str:
    """«во взятке бриск (взятка принесёт 10 очков)»: the trick's worth is the engine's
    (`tally.trick_points`), said only once the trick is complete."""
    n = sum(1 for x in cards if x.is_brisque)
    what = {1: "бриск", 2: "два бриска", 3: "три бриска", 4: "четыре бриска"}.get(n) \
        or plural(n, "бриск")
    if len(cards) < view.rules.players:
        return f"во взятке {what}"
    return f"во взятке {what} (взятка принесёт {points(trick_points([cards], view.rules))})"


# The potential (`heuristic.potential`) below which the coach says a card is of little use for
# combinations, and the one from which it asks to keep a card for them.
LOW_POTENTIAL = 5
KEEP_POTENTIAL = 20
# At most this many combinations named in «сохраните … для …»; where the combinations are not
# enumerated (a variant), at most this many cards.
KEEP_GROUPS = 2
KEEP_LISTED = 4

def _open_declarations(view) -> list[Declaration] | None:
    """Every declaration the seat could still make from its cards and the cards it has not
    seen (any of them may yet come to it), under the re-use rules of what it has already
    scored — the engine's enumeration (`melds.enumerate_declarations`) — and in time: missing
    no more cards than the seat can still draw and declare (`PlayerView.draws_in_time`). A combination
    none of these contains cannot be made any more. None where it is not asked: trumps not
    fixed yet, or a registered variant (its packs are too big to enumerate the unseen cards at
    every hint)."""
    if view.trump is None or find_variant(view.rules) is not None:
        return None
    hand = set(view.hand)
    pool = list(view.hand) + view.unseen()
    state = MeldState.from_scored(view.scored[view.seat], view.trump, view.rules)
    draws = view.draws_in_time
    return [d for d in enumerate_declarations(pool, state, MeldContext.of(view))
            if sum(1 for x in d.cards if x not in hand) <= draws]


@lru_cache(maxsize=64)
def _faces_in_melds(rules, trump) -> frozenset:
    """The faces that some combination (not a seven action) of these rules and trump contains:
    the engine's enumeration over a whole pack, nothing scored yet."""
    ctx = MeldContext.for_hand(rules=rules, trump=trump)
    every = enumerate_declarations(pack_for(rules), MeldState.for_rules(rules), ctx)
    return frozenset(c.face for d in every if d.meld not in SEVEN_MELDS for c in d.cards)


def _little_use(view, c: Card, open_decls, not_brisque: bool) -> str | None:
    """Why a card of low potential is of little use for combinations, in words the engine's
    enumeration makes true: it belongs to no combination, or none it could join is possible
    any more, or the ones it could still join are named («может войти только в четыре валета,
    но на это мало надежды» — what a low potential means). `not_brisque`: say it is no
    brisque too. None for a card a seven action may still use (a seven is not a
    combination)."""
    head = f"{c.ru} — не бриск и " if not_brisque else f"{c.ru} "
    if open_decls is None:
        useless = gendered(c, "бесполезен", "бесполезна")
        return head + f"для комбинаций почти {useless}"
    mine = [d for d in open_decls if c in d.cards]
    if any(d.meld in SEVEN_MELDS for d in mine):
        return None
    if not mine:
        if c.face in _faces_in_melds(view.rules, view.trump):
            return head + "уже не войдёт ни в одну комбинацию"
        return head + "не входит ни в одну комбинацию"
    best = {}
    for d in mine:
        best[d.meld] = max(best.get(d.meld, 0), d.points)
    names = [meld_name_acc(m) for m in sorted(best, key=lambda m: (-best[m], m))]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " или " + names[-1]
    return head + f"может войти только в {joined}, но на это мало надежды"


def _keep_text(view, o: Obs, c: Card, open_decls, declared=None) -> str | None:
    """«сохраните Т♦ 10♦ Д♦ В♦ для козырной секвенции»: the other cards of high potential,
    each named with the combination it is kept for — of those it may still make (the engine's
    enumeration), the one nearest to complete in the hand — the fewest cards missing, then the
    most points (so a bezique held whole before the double bezique it could grow into), a card
    with none left out; at most `KEEP_GROUPS` combinations, the most promising cards first;
    not the cards of `declared` for its own combination (the hint has just named it). Where the
    combinations are not enumerated, the cards alone (the most promising if there are many)."""
    keep = [x for x in view.hand if x != c and potential(x, o) >= KEEP_POTENTIAL]
    if not keep:
        return None
    if open_decls is None:                  # not enumerated: the most promising, as such
        if len(keep) <= KEEP_LISTED:
            return "сохраните " + card_list(keep) + " для комбинаций"
        top = sorted(sorted(keep, key=lambda x: -potential(x, o))[:KEEP_LISTED - 1])
        return "сохраните карты для комбинаций, прежде всего " + card_list(top)
    held = set(view.hand) - {c}
    groups: dict[str, list[Card]] = {}
    for x in sorted(keep, key=lambda x: -potential(x, o)):
        best, score = None, None
        for d in open_decls:
            if x in d.cards and c not in d.cards:
                s = (-sum(1 for y in d.cards if y not in held), d.points)
                if score is None or s > score:
                    best, score = d.meld, s
        if best is not None:                # a seven action, whichever: «козырную семёрку»
            groups.setdefault(TRUMP_SEVEN if best in SEVEN_MELDS else best, []).append(x)
    if declared is not None and declared.meld in groups:
        groups[declared.meld] = [x for x in groups[declared.meld] if x not in declared.cards]
    for m, cards in groups.items():
        groups[m] = _copies_needed(m, cards, open_decls)
    said = []
    for m, cards in [g for g in groups.items() if g[1]][:KEEP_GROUPS]:
        names = card_list(cards)
        if m == TRUMP_SEVEN:
            said.append(("козырную семёрку " if len(cards) == 1 else "козырные семёрки ") + names)
        else:
            said.append(f"{names} для {meld_name_gen(m)}")
    if not said:
        return None
    return "сохраните " + " и ".join(said)


def _copies_needed(meld: str, cards: list[Card], open_decls) -> list[Card]:
    """`cards` kept for `meld`, no more copies of a card than one of its declarations holds:
    a sequence needs one Т♦, a double bezique two Д♠ (the engine's enumeration)."""
    same = [d for d in open_decls if d.meld == meld or (meld == TRUMP_SEVEN and d.meld in SEVEN_MELDS)]
    out, count = [], {}
    for x in cards:
        need = max((sum(1 for y in d.cards if y.ru == x.ru) for d in same), default=1)
        count[x.ru] = count.get(x.ru, 0) + 1
        if count[x.ru] <= need:
            out.append(x)
    return out


def _phase1_play_reason(view, o: Obs, c: Card) -> list[str]:
    out = []
    trick = [x for _, x in view.trick]
    pot = potential(c, o)
    # The potentials mean something only while combinations can still be declared.
    judged = view.trump is not None and view.stock_count > 0
    open_decls = _open_declarations(view) if judged else None
    on_table = c in view.tables[view.seat]
    # What the card has scored in: «в комбинации», or as a trump seven (no combination).
    scored_in = [d.meld for d in view.scored[view.seat] if c in d.cards]
    scored = ("в комбинации" if any(m not in SEVEN_MELDS for m in scored_in)
              else "как козырная семёрка" if scored_in else "")
    decls_after = [d for d in o.declarations() if c not in d.cards]
    best_decl = max(decls_after, key=lambda d: d.points, default=None)
    threat = opp_threat(o)
    keep = None
    if judged:
        taken = trick and takes_trick(c, trick, view.trump, view.rules)
        keep = _keep_text(view, o, c, open_decls, best_decl if taken else None)
    if trick:
        if takes_trick(c, trick, view.trump, view.rules):
            out.append(f"берите взятку картой {c.ru}")
            if brisque_worth(view.rules) and any(x.is_brisque for x in trick + [c]):
                out.append(_brisques_in_trick(view, trick + [c]))
            if best_decl is not None:
                out.append(f"после взятки можно {describe_action(best_decl)}")
            if scored and on_table:
                out.append(f"карта {c.ru} уже принесла очки {scored} — ею не жалко бить")
            if threat >= 100 and view.stock_count <= LATE_STOCK:
                out.append("талон кончается, а соперник близок к крупной комбинации: не давайте ему взятку")
        else:
            out.append(f"отдайте взятку, сбросив {c.ru}")
            if not brisque_worth(view.rules):
                out.append("карты во взятках в этой игре очков не приносят: взятка даёт только "
                           "право объявить и первым взять карту из талона")
            elif not any(x.is_brisque for x in trick + [c]):
                out.append("брисков во взятке нет — отдать её не страшно")
            if scored:
                out.append(f"карта {c.ru} уже принесла очки {scored}")
            elif judged and pot < LOW_POTENTIAL and not c.is_joker:   # an infusorka joins any
                why = _little_use(view, c, open_decls, False)
                if why:
                    out.append(why)
            if keep is None:
                out.append("козыри и карты для комбинаций лучше сохранить")
    else:
        if c.suit == view.trump and all(o.opp_may_hold((r, c.suit)) == 0 for r in "ATKQJ987"
                                        if "ATKQJ987".index(r) < "ATKQJ987".index(c.rank)):
            out.append(f"ходите {c.ru}: старше {gendered(c, 'него', 'неё')} козырей у соперника "
                       "нет, взятка будет ваша")
            if best_decl is not None:
                out.append(f"а после неё можно {describe_action(best_decl)}")
        else:
            # A plain lead: the hint, the review and the chapters have named the card already.
            brisque = brisque_worth(view.rules)
            if scored:
                out.append(f"карта {c.ru} уже принесла очки {scored}")
            elif (judged and pot < LOW_POTENTIAL and not c.is_joker
                  and not (c.is_brisque and brisque)):
                why = _little_use(view, c, open_decls, bool(brisque))
                if why:
                    out.append(why)
    if keep:
        out.append(keep)
    return out
