"""What the practice table shows, computed from a deal: the scene on cards, the learner's
instructions, the labels of the declaration buttons and the names of the settings.

No widget and no rule lives here: legality, winners and points come from the engine
(`Deal.legal_actions`, the trick log, `Declaration.points`, `melds.meld_points`).
"""

from __future__ import annotations

import re
from importlib.resources import files

from ...actions import Announce, Pass, Play
from ...cards import SUIT_NAME_RU, Card
from ...deal import Deal
from ...events import TrickEvent
from ...melds import SEVEN_EXCHANGE, TRUMP_SEVEN, Declaration, meld_points
from ...narrate import seat_names
from ...ru import capitalize, meld_with_cards, plural, points, preset_title
from ...view import shown_stock_count
from ..render.layout import table_groups
from ...variants.multipack.explain import (is_multipack, scores as mp_scores, settlement_prompt,
                                          settlement_text, trump_phrase)

YOU, THEM = "Вы", "Соперник"

# (label, preset): every preset, in the order of the course.
PRESET_ORDER = ("canonical", "seed_000A", "seed_000C", "seed_000E", "seed_001", "seed_002",
                "seed_003", "seed_004", "no_trump", "three_handed", "four_handed",
                "many_pack_infusorka", "rubicon", "six_pack", "eight_pack")
PRESET_CHOICES = [(preset_title(key), key) for key in PRESET_ORDER]
PRESET_NAME = {key: label for label, key in PRESET_CHOICES}

OPPONENT_CHOICES = [
    ("Новичок — ходит наугад", "random"),
    ("Любитель — играет по советам старых книг", "heuristic"),
    ("Мастер — просчитывает варианты", "search"),
]

# The thinking budget of Мастер (seconds a move; the hint gets at least half a second).
BUDGET_CHOICES = [("¼ секунды", 0.25), ("½ секунды", 0.5), ("1 секунда", 1.0), ("2 секунды", 2.0)]


def rules_label(rules) -> str:
    """The learner's name for a rule set inside a sentence («правила: основные правила
    курса», «…: страница «Боевой дракон» (004)»): a preset's name with a small first letter
    (a name in quotes keeps its capital), or «свои правила»."""
    spec = rules.to_spec()
    if isinstance(spec, str):
        title = PRESET_NAME.get(spec) or preset_title(spec)
        return title[:1].lower() + title[1:]
    return "свои правила"


# ------------------------------------------------------------------ the trick log

def who(seat: int, human: int, n: int = 2) -> str:
    """The table's name of a seat: «Вы», «Соперник»; with three or four at the table the
    deal log's names («Игрок 2», «Партнёр», …, `narrate.seat_names`)."""
    if n == 2:
        return YOU if seat == human else THEM
    return seat_names(human, n)[seat]


def who_in_text(seat: int, human: int, n: int = 2) -> str:
    """`who` inside a sentence: «соперник», «партнёр», «Игрок 3»."""
    name = who(seat, human, n)
    return name if name.startswith("Игрок") else name.lower()


def trick_name(seat: int, human: int, n: int = 2) -> str:
    """Who played a card of the trick, as the picture labels it: «Вы», «Соперник», «Партнёр»,
    «Игрок 3» (short, so that the labels fit under the cards); under the winning card the
    picture adds the verb in the name's person (`render.layout.trick_note`: «Вы — берёте»,
    «Соперник — берёт»)."""
    return who(seat, human, n)


def trick_text(trick: TrickEvent, human: int, n: int = 2) -> str:
    """«Вы — Д♠, соперник — Т♠; взял соперник»."""
    plays = ", ".join(f"{who_in_text(s, human, n) if i else who(s, human, n)} — {c.ru}"
                      for i, (s, c) in enumerate(trick.plays))
    taker = "взяли вы" if trick.winner == human else f"взял {who_in_text(trick.winner, human, n)}"
    return f"{plays}; {taker}"


# ------------------------------------------------------------------ the scene

def scene_kwargs(deal: Deal, human: int, reveal: bool = False, show_last: bool = True,
                 highlighted=()) -> dict:
    """The arguments of `render.play_table.layout_play_table` (and of `CardCanvas.show_scene`
    with that layout) for `human`'s side of the deal: the concealed hand, the declared cards
    of both players grouped by combination, the trick being played, the last trick taken
    with its winner (`show_last`), the stock and the turn-up. `reveal` shows the opponent's
    cards face up (for a finished deal)."""
    n = deal.n
    bot = (human + 1) % n

    def declared(seat):
        return table_groups(deal.exposed[seat], deal.melds[seat].scored + deal.pending[seat])

    def has_declared(seat):                  # so that an empty row is not «пока нет» after it
        return bool(deal.melds[seat].scored or deal.pending[seat])

    kw = dict(hand=deal.concealed(human), table=declared(human),
              stock=deal.stock_count, turn_up=deal.turn_up, names=(YOU, THEM),
              stock_count_shown=shown_stock_count(deal) is not None,
              highlighted=set(highlighted), hand_room=deal.rules.hand_size,
              declared_before=(has_declared(human), has_declared(bot)))
    acting = None if deal.is_over else deal.to_act
    if n == 2:
        kw["opponent_table"] = declared(bot)
        if reveal:
            kw["opponent"] = deal.concealed(bot)
            kw["opponent_face_up"] = True
        else:
            kw["opponent"] = len(deal.concealed(bot))
    else:
        partner = (human + 2) % 4 if deal.rules.partnerships else None
        kw["others"] = [dict(name=who(s, human, n), table=declared(s), partner=s == partner,
                             cards=deal.concealed(s) if reveal else len(deal.concealed(s)),
                             dealer=s == deal.dealer, to_act=s == acting,
                             declared=has_declared(s))
                        # from your left to your right: play goes to the right (RULES.md
                        # §10.1), so the player after you sits on your right
                        for s in ((human + k) % n for k in range(n - 1, 0, -1))]
        kw["you_deal"] = deal.dealer == human
        kw["you_act"] = acting == human
    kw["trick"] = [(trick_name(s, human, n), c) for s, c in zip(deal.trick_seats, deal.trick)]
    if show_last and (last := deal.last_trick()) is not None:
        kw["last_trick"] = [(trick_name(s, human, n), c) for s, c in last.plays]
        kw["last_winner"] = last.winner_index
    return kw


def disabled_cards(deal: Deal, human: int) -> set[Card]:
    """The cards the learner may not play now although it is his move (the engine's legal
    plays decide: phase 2, or phase 1 under a must-follow rule)."""
    if deal.is_over or deal.stage != "play" or deal.to_act != human:
        return set()
    legal = {a.card for a in deal.legal_actions(human) if type(a) is Play}
    return {c for c in deal.hands[human] if c not in legal}


def trump_text(deal: Deal, human: int = 0) -> str:
    if is_multipack(deal):                     # who fixed trumps (R15.3)
        return trump_phrase(deal, human, short=True)
    if deal.trump is None:
        return "козырь ещё не назначен"
    up = f" (открыт {deal.turn_up.ru})" if deal.turn_up is not None else ""
    return f"козырь — {SUIT_NAME_RU[deal.trump]}{up}"


def on_trick(deal: Deal, human: int) -> str:
    """The cards of the trick so far, who played which: «Игрок 2 — Д♠, партнёр — Т♠»."""
    return ", ".join(f"{who_in_text(s, human, deal.n) if i else who(s, human, deal.n)} — {c.ru}"
                     for i, (s, c) in enumerate(zip(deal.trick_seats, deal.trick)))


def turn_text(deal: Deal, human: int) -> str:
    """Whose turn, and to do what: «Ваш ход», «Ваш ответ на Д♠ соперника», «Вы взяли взятку:
    объявление или «Без объявления»», «Ходит соперник»."""
    if deal.is_over:
        return "Сдача окончена"
    if deal.to_act != human:
        return f"Ходит {who_in_text(deal.to_act, human, deal.n)}"
    if deal.stage == "declare":
        return "Вы взяли взятку: объявите комбинацию или нажмите «Без объявления»"
    if deal.trick and deal.n > 2:
        return f"Ваш ход во взятку: {on_trick(deal, human)}"
    if deal.trick:
        return f"Ваш ответ: соперник пошёл {deal.trick[0].ru}"
    return "Ваш ход"


def instruction(deal: Deal, human: int, full: bool = False) -> str:
    """What the learner should do now, in one or two sentences (the bold prompt over the
    picture). At the end of a multi-pack game only its headline, unless `full` (the message):
    the settlement explained."""
    if deal.is_over:
        if is_multipack(deal):
            return settlement_text(deal, human) if full else settlement_prompt(deal, human)
        return verdict(deal, human)
    if deal.to_act != human:
        return f"Ходит {who_in_text(deal.to_act, human, deal.n)}…"
    if deal.stage == "declare":
        return ("Вы взяли взятку. Можно объявить комбинацию — кнопки под столом; "
                "или нажмите «Без объявления», и вы возьмёте карту из талона.")
    if deal.trick and deal.n > 2:
        text = f"Во взятке: {on_trick(deal, human)}. Ваш ход — нажмите на карту."
    elif deal.trick:
        lead = deal.trick[0]
        text = f"Соперник пошёл: {lead.ru} ({lead.name_ru}). Ваш ответ — нажмите на карту."
    else:
        text = "Ваш ход: нажмите на карту, которой хотите пойти."
    if disabled_cards(deal, human):
        text += " Серые карты сейчас играть нельзя — нажмите на серую карту, и вы узнаете почему."
    elif deal.phase == 1 and deal.exposed[human]:
        text += " Объявленными картами со стола тоже можно ходить."
    return text


def side_names(deal: Deal, human: int) -> tuple[list[int], list[str]]:
    """The score indices from the learner's on and their names: ([you, next, …], [«вы»,
    «Игрок 2», …]); four-handed: ([your side, theirs], [«мы», «они»])."""
    n = deal.n
    if deal.rules.partnerships:
        return [human % 2, 1 - human % 2], ["мы", "они"]
    order = [(human + k) % n for k in range(n)]
    return order, ["вы" if s == human else who_in_text(s, human, n) for s in order]


def verdict(deal: Deal, human: int) -> str:
    """«Сдача окончена: вы — 230 очков, соперник — 180. Вы выиграли сдачу на 50 очков.»"""
    s = deal.result()["scores"]
    if deal.n > 2:
        order, names = side_names(deal, human)
        got = [s[i] for i in order]
        head = "Сдача окончена: " + ", ".join(
            f"{name} — {points(v) if k == 0 else v}" for k, (name, v) in enumerate(zip(names, got)))
        head += "."
        best_other = max(got[1:])
        if got[0] > best_other:
            won = "Ваша пара выиграла" if deal.rules.partnerships else "Вы выиграли"
            return f"{head} {won} сдачу с перевесом в {points(got[0] - best_other)}!"
        if got[0] == best_other:
            return f"{head} Ничья."
        if deal.rules.partnerships:
            return f"{head} Сдачу выиграла другая пара (на {points(best_other - got[0])} больше)."
        top = names[1 + got[1:].index(best_other)]
        return f"{head} Сдачу выиграл {top} (на {points(best_other - got[0])} больше, чем у вас)."
    mine, theirs = s[human], s[1 - human]
    head = f"Сдача окончена: у вас {points(mine)}, у соперника {points(theirs)}."
    if mine > theirs:
        return f"{head} Вы выиграли сдачу с перевесом в {points(mine - theirs)}!"
    if mine < theirs:
        return f"{head} Сдачу выиграл соперник (на {points(theirs - mine)} больше)."
    return f"{head} Ничья."


def game_verdict(session) -> str:
    """«Вы выиграли партию!», «Партию выиграла ваша пара!», «Партию выиграл Игрок 3.»"""
    s = session
    if s.game.winner is None:
        return ""
    mine = s.game.winner == s.side(s.human)
    if s.rules.partnerships:
        return "Партию выиграла ваша пара!" if mine else "Партию выиграла другая пара."
    if mine:
        return "Вы выиграли партию!"
    return "Партию выиграл соперник." if s.n == 2 else \
        f"Партию выиграл {who(s.game.winner, s.human, s.n)}."


def status_text(deal: Deal, human: int, game_totals=None, target: int | None = None) -> str:
    """One line: trick number, stock, trump, the deal's scores so far and the game.
    `game_totals`: [yours, the opponent's] in the two-handed game; with three or four at the
    table the game's totals as the engine keeps them (per seat, or per partnership)."""
    if deal.is_over:
        stage = "сдача окончена"
    elif deal.phase == 2:
        stage = f"взятка {deal.trick_number} из {deal.rules.total_tricks} — игра «на выход»"
    else:
        stage = f"взятка {deal.trick_number} из {deal.rules.total_tricks}"
    shown = shown_stock_count(deal)              # None: the rules forbid counting (R2.4.4)
    stock = ("талон кончился" if not deal.stock_count else "в талоне ещё есть карты"
             if shown is None else f"в талоне {plural(shown, 'карта')}")
    from ...narrate import score_breakdown
    if is_multipack(deal):                     # every point but brisques (R15.10), one deal a game
        me, them = mp_scores(deal)[human], mp_scores(deal)[1 - human]
        parts = [capitalize(stage), stock, trump_text(deal, human),
                 f"очки: вы {me}, соперник {them}"]
        return " · ".join(parts)             # the games won: tab «Счёт» (one line here)
    if deal.n == 2:
        me = score_breakdown(deal, human)["всего"]
        them = score_breakdown(deal, 1 - human)["всего"]
        parts = [capitalize(stage), stock, trump_text(deal), f"счёт сдачи: вы {me}, соперник {them}"]
        if game_totals is not None:
            game = f"партия: вы {game_totals[0]}, соперник {game_totals[1]}"
            parts.append(game + (f" (до {target})" if target else ""))
        return " · ".join(parts)
    order, names = side_names(deal, human)
    if deal.is_over:
        now = [deal.result()["scores"][i] for i in order]
    else:
        seat_total = [score_breakdown(deal, s)["всего"] for s in range(deal.n)]
        now = [sum(v for s, v in enumerate(seat_total) if (s % 2 if deal.rules.partnerships
                                                          else s) == i) for i in order]
    parts = [capitalize(stage), stock, trump_text(deal),
             "счёт сдачи: " + ", ".join(f"{a} {v}" for a, v in zip(names, now))]
    if game_totals is not None:
        game = "партия: " + ", ".join(f"{a} {game_totals[i]}" for a, i in zip(names, order))
        parts.append(game + (f" (до {target})" if target else ""))
    return " · ".join(parts)


# ------------------------------------------------------------------ buttons

def action_label(action, deal: Deal, human: int) -> str:
    """The label of a declaration-turn button (Appendix B of RULES.md: «Без объявления»,
    «…очков за мной»)."""
    t = type(action)
    if t is Declaration:
        if action.meld == SEVEN_EXCHANGE:
            extra = f" (+{action.points})" if action.points else " (без очков)"
            return f"Обменять козырную семёрку {action.cards[0].ru} на открытый козырь{extra}"
        if action.meld == TRUMP_SEVEN:
            return f"Объявить козырную семёрку {action.cards[0].ru} (+{action.points})"
        from_table = [c for c in action.cards if c in deal.exposed[human]]
        note = " — с картами со стола" if from_table else ""
        if from_table and is_multipack(deal) and len(from_table) < len(action.cards):
            # re-declaration (R15.7): which copies come from the table matters
            note = f" — со стола {' '.join(c.ru for c in from_table)}"
        return f"{capitalize(meld_with_cards(action.meld, action.cards))} (+{action.points}){note}"
    if t is Announce:
        pts = meld_points(action.meld, deal.rules, deal.trump, action.cards)
        return (f"Показать «на потом»: {meld_with_cards(action.meld, action.cards)} "
                f"(«{plural(pts, 'очко')} за мной»)")
    if t is Pass:
        done = bool(deal.actions) and deal.actions[-1][0] == human and \
            type(deal.actions[-1][1]) in (Declaration, Announce)
        return "Больше не объявлять — взять карту" if done else "Без объявления"
    return str(action)


def declaration_buttons(deal: Deal, human: int) -> list[tuple[str, object]]:
    """(label, action) of every choice of the declaration turn; combinations of the same
    cards by face (two copies of a card) shown once, unless the table makes them differ."""
    if deal.is_over or deal.stage != "declare" or deal.to_act != human:
        return []
    out, seen = [], set()
    for act in deal.legal_actions(human):
        label = action_label(act, deal, human)
        if label in seen:
            continue
        seen.add(label)
        out.append((label, act))
    return out


# ------------------------------------------------------------------ where a rule is taught

# The rule -> chapter map ships with the package (bezique/data/rulemap/<chapter>.txt): its first
# line names the chapter («# Chapter 02 «Колода и старшинство карт»: …»), every other line that
# is not a comment starts with a rule id of RULES.md that the chapter teaches.
_MAP_TITLE = re.compile(r"^# Chapter \S+ «(.+)»:")


def _rule_chapters() -> dict[str, str]:
    """Rule id → the title of the first chapter whose rule map claims it."""
    global _RULE_CHAPTERS
    if _RULE_CHAPTERS is None:
        found: dict[str, str] = {}
        maps = files("bezique") / "data" / "rulemap"
        for f in sorted((m for m in maps.iterdir() if m.name.endswith(".txt")), key=lambda m: m.name):
            lines = f.read_text(encoding="utf-8").splitlines()
            title = _MAP_TITLE.match(lines[0]) if lines else None
            if not title:
                continue
            for line in lines[1:]:
                line = line.strip()
                if line and not line.startswith("#"):
                    found.setdefault(line.split()[0], title.group(1))
        _RULE_CHAPTERS = found
    return _RULE_CHAPTERS


_RULE_CHAPTERS: dict[str, str] | None = None


def rule_chapter(rule: str | None) -> str | None:
    """The title of a chapter that teaches the engine's rule id (or one of its sub-rules)."""
    if not rule:
        return None
    chapters = _rule_chapters()
    if rule in chapters:
        return chapters[rule]
    return next((t for rid, t in sorted(chapters.items()) if rid.startswith(rule + ".")), None)
