"""Static pictures and scripted deals of the chapters on melds (06) and on re-using cards (07).

* `meld_gallery` — every meld on cards: each sample is put to the engine's
  `enumerate_declarations`, so the names and points come from the engine, not from this file;
* `verdict_picture` — cards with the engine's verdict (a meld and its points, or why not);
* `history_view` — a history of declarations, each put to the engine in turn (allowed, or the
  engine's refusal), with the total;
* `scenario_view` — a scenario of «История объявлений» as a static picture;
* `timing_story`, `pending_story`, `carte_blanche_deal` — real deals (`Deal`) showing when one
  may declare, the «…очков за мной» custom and carte blanche, with the engine's own words.

Everything is a `Picture` or static HTML, so the static book shows it without a kernel.
"""

from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from ...actions import PASS, announce, declare, play
from ...cards import SUIT_NAME_RU, Card, parse_card, parse_cards, sort_cards
from ...deal import Deal
from ...errors import IllegalAction
from ...events import CarteBlancheEvent
from ...melds import (CARTE_BLANCHE, Declaration, MeldState, enumerate_declarations,
                      explain_illegal, meld_points, shape_problem)
from ...narrate import describe_event
from ...ru import capitalize, meld_name, points, source_name
from ...rules import RuleSet
from ...setup import deal_from_cards
from ..render.canvas import Picture
from ..render.layout import layout_hand, layout_scene
from ..render.scene import deal_scene
from .common import Gallery, Note, esc
from .melds import cards_of, find_meld, meld_context, why_not_meld
from .reuse import DeclarationHistory


# ====================================================================== the meld gallery

# (meld id, cards, preset, trump): one sample of each meld. Points come from the engine.
MELD_SAMPLES = [
    ("marriage", "К♠ Д♠", "canonical", "H"),
    ("royal_marriage", "К♥ Д♥", "canonical", "H"),
    ("sequence", "Т♥ 10♥ К♥ Д♥ В♥", "canonical", "H"),
    ("bezique", "Д♠ В♦", "canonical", "H"),
    ("double_bezique", "Д♠ Д♠ В♦ В♦", "canonical", "H"),
    ("four_aces", "Т♠ Т♥ Т♣ Т♦", "canonical", "H"),
    ("four_kings", "К♠ К♥ К♣ К♦", "canonical", "H"),
    ("four_queens", "Д♠ Д♠ Д♥ Д♣", "canonical", "H"),
    ("four_jacks", "В♥ В♣ В♦ В♦", "canonical", "H"),
    ("trump_seven", "7♥", "canonical", "H"),
]
_SHORT, _OLD = source_name("003", with_code=False), source_name("000-E", with_code=False)
OPTIONAL_SAMPLES = [
    ("double_marriage", "К♣ К♣ Д♣ Д♣", "seed_000E", "H", f"двойной марьяж ({_SHORT}, {_OLD})"),
    ("double_marriage", "К♥ К♥ Д♥ Д♥", "seed_000E", "H",
     f"двойной козырный марьяж ({_SHORT}, {_OLD})"),
    ("plain_quint", "Т♠ 10♠ К♠ Д♠ В♠", "seed_000E", "H", f"некозырная квинта ({_OLD})"),
    ("two_trump_sevens", "7♥ 7♥", "seed_000E", "H", f"две козырные семёрки ({_OLD})"),
    ("bezique", "Д♣ В♥", "seed_000A", "S",
     f"безик при козырях пики ({source_name('000-A', with_code=False)})"),
]
CARTE_BLANCHE_SAMPLE = "Т♠ 10♠ 9♥ 8♥ Т♦ 7♦ 10♣ 9♣"


def gallery_items(optional: bool = False) -> list[tuple[Declaration, str]]:
    """(the engine's declaration, caption) for every sample; a sample the engine rejects raises."""
    out = []
    samples = OPTIONAL_SAMPLES if optional else [(*s, None) for s in MELD_SAMPLES]
    for meld, text, preset, trump, label in samples:
        d = find_meld(meld, text, RuleSet.preset(preset), trump)
        if d is None:
            raise ValueError(f"the engine does not see {meld} in {text}")
        name = label or meld_name(meld)
        out.append((d, f"{capitalize(name)} — {points(d.points)}"))
    return out


def carte_blanche_item(rules: RuleSet | None = None) -> tuple[list[Card], int]:
    """A hand without court cards and its points under 000-C's rules (engine: shape, points)."""
    rules = rules or RuleSet.preset("seed_000C")
    cards = parse_cards(CARTE_BLANCHE_SAMPLE)
    if shape_problem(CARTE_BLANCHE, tuple(cards), rules, "H"):
        raise ValueError("not a carte blanche")
    return cards, meld_points(CARTE_BLANCHE, rules, "H", cards)


def meld_gallery(optional: bool = False, four_colour: bool = False, scale: float = 0.8) -> Gallery:
    """Every meld on cards with the engine's points: the ten standard ones (trump ♥), or the
    optional ones of some sources (`optional=True`, with carte blanche)."""
    pics = []
    for d, cap in gallery_items(optional):
        # Show the cards as the sample lists them (Д♣ В♥ rather than card order В♥ Д♣).
        samples = OPTIONAL_SAMPLES if optional else MELD_SAMPLES
        text = next(t for m, t, *_ in samples if m == d.meld and set(parse_cards(t)) == set(d.cards))
        pics.append(Picture(layout_hand(parse_cards(text), order=None, scale=scale, caption=cap,
                                        four_colour=four_colour)))
    if optional:
        cards, pts = carte_blanche_item()
        cap = f"Карт-бланш ({source_name('000-C', with_code=False)}) — {points(pts)}"
        pics.append(Picture(layout_hand(cards, scale=scale * 0.8, caption=cap,
                                        four_colour=four_colour)))
    return Gallery(pics)


def verdict_picture(cards: str | Iterable[Card], trump: str, rules: RuleSet | None = None,
                    scale: float = 0.8, four_colour: bool = False) -> Picture:
    """Cards with the engine's verdict as caption: «Безик — 40 очков» or why it is no meld."""
    rules = rules or RuleSet()
    cards = cards_of(cards)
    ctx = meld_context(rules, trump)
    found = [d for d in enumerate_declarations(cards, MeldState(), ctx) if set(d.cards) == set(cards)]
    if found:
        cap = f"{capitalize(meld_name(found[0].meld))} — {points(found[0].points)}"
    else:
        cap = "Не комбинация. " + why_not_meld(cards, rules, trump)
    cap = f"Козырь — {SUIT_NAME_RU[trump]}. {cap}"
    return Picture(layout_hand(cards, order=None, scale=scale, caption=cap,
                               four_colour=four_colour))


def scenario_view(key: str, rules: str = "canonical") -> Note:
    """A scenario of «История объявлений» as a static picture: the cards on the table, in hand
    and played, with the engine's list of what is legal now and why the rest is not."""
    w = DeclarationHistory(key, rules)
    pics = [Picture(cc.layout_result) for cc in (w.table_canvas, w.hand_canvas, w.played_canvas)]
    return Note(Gallery(pics)._repr_html_() + w.legal_html.value,
                " | ".join(p.alt for p in pics) + "\n" + re.sub(r"<[^>]+>", " ", w.legal_html.value))


# ====================================================================== scripted deals

YOU, OPP = 1, 0          # you are the non-dealer (seat 1) and lead first; the opponent deals


class Step(NamedTuple):
    picture: Picture
    text: str


def _scene(deal: Deal, caption: str, table_groups=None) -> Picture:
    """Your side of the deal with the last trick; `table_groups` lay your melds out apart."""
    extra = {} if table_groups is None else {"table": table_groups}
    return Picture(layout_scene(**deal_scene(deal, YOU, trick_names=("вы", "соперник"),
                                             declared="group", caption=caption, scale=0.8,
                                             **extra)))


def _refusal(deal: Deal, action, seat: int = YOU) -> str:
    """The engine's Russian refusal of an action (the deal is not changed)."""
    try:
        deal.clone().apply(action, seat)
    except IllegalAction as e:
        return e.message
    raise AssertionError("the engine accepted the action")


def timing_story() -> dict:
    """When may one declare (R4.2, R4.3.1): a real deal, trump ♥. Returns the scene right after
    you win a trick (7 cards, before the draw), the engine's legal declarations then, and its
    refusals: before winning a trick, a second declaration on the same trick, after the draw."""
    deal = deal_from_cards({YOU: "К♠ Д♠ В♦ Д♥ 9♣ 8♦ 7♣ Т♦", OPP: "8♠ 7♠ 9♦ 8♣ 7♦ 10♣ В♣ 9♠"},
                           "К♥", "9♠ 8♠", dealer=OPP, seed=11)
    marriage = declare("marriage", parse_cards("К♠ Д♠"))
    before = _refusal(deal, marriage)
    deal.apply(play(parse_card("Т♦")), YOU)
    deal.apply(play(parse_card("9♦")), OPP)
    scene = _scene(deal, "Вы взяли взятку тузом бубен: на руке семь карт, из талона вы ещё не брали.")
    legal = list(deal.legal_declarations(YOU))
    deal.apply(declare("bezique", parse_cards("Д♠ В♦")), YOU)
    second = _refusal(deal, marriage)
    while deal.stage == "declare":
        deal.apply(PASS, YOU)
    after = _refusal(deal, marriage)
    scene_after = _scene(deal, "Безик Д♠ В♦ объявлен и лежит на столе; вы добрали карту из "
                               "талона, и у вас снова восемь карт.")
    return {"scene": scene, "legal": legal, "before": before, "second": second, "after": after,
            "scene_after": scene_after, "points": deal.declared[YOU]}


def carte_blanche_deal(seed: int = 112) -> tuple[Picture, str]:
    """A real deal under 000-C's rules in which a hand without court cards was dealt (R10.4):
    the hand and the engine's log line about it."""
    deal = Deal.new(RuleSet.preset("seed_000C"), dealer=0, seed=seed)
    ev = next(e for e in deal.log if type(e) is CarteBlancheEvent)
    seat = ev.seat
    who, whose = (("соперник сдатчика", "соперника сдатчика") if seat != deal.dealer
                  else ("сдатчик", "сдатчика"))
    line = describe_event(ev, seat, ["Игрок", "Игрок"]).replace("Игрок: ", "")
    cap = f"Карт-бланш после сдачи: у {whose} ни одной фигуры"
    pic = Picture(layout_hand(deal.hands[seat], caption=cap, scale=0.8))
    return pic, f"{capitalize(who)}: {line}"


# ====================================================================== histories on cards

def replay_history(trump: str, steps, rules: RuleSet | None = None) -> list[tuple]:
    """A history of declarations, each on its own trick won, put to the engine one by one:
    (meld, cards, points or None, the engine's refusal or "") for each step."""
    rules = rules or RuleSet()
    state, ctx = MeldState(), meld_context(rules, trump)
    out = []
    for meld, text in steps:
        cards = tuple(sort_cards(parse_card(t) for t in text.split()))
        found = next((d for d in enumerate_declarations(cards, state, ctx)
                      if d.meld == meld and set(d.cards) == set(cards)), None)
        if found is not None:
            state.record(found, trump)
            out.append((meld, cards, found.points, ""))
        else:
            out.append((meld, cards, None,
                        explain_illegal(meld, cards, set(cards), state, ctx).message))
    return out


def history_view(trump: str, steps, rules: RuleSet | None = None, scale: float = 0.7) -> Note:
    """A history on cards: one picture per declaration with the engine's verdict, the reasons
    of the refused ones and the total (static HTML)."""
    rows = replay_history(trump, steps, rules)
    pics, notes, seen, marked = [], [], set(), False
    for i, (meld, cards, pts, why) in enumerate(rows, 1):
        verdict = f"+{points(pts)}" if pts is not None else "нельзя"
        cap = f"{i}. {capitalize(meld_name(meld))}: {verdict}"
        # From the second step on, cards that no earlier scored step used (another copy of a
        # card, a card from hand) are outlined: identical cards look alike otherwise.
        new = {c for c in cards if c not in seen} if i > 1 else set()
        marked = marked or bool(new)
        if pts is not None:
            seen |= set(cards)
        pics.append(Picture(layout_hand(cards, order=None, scale=scale, caption=cap,
                                        highlighted=new)))
        if why:
            notes.append(f"{i}. {capitalize(meld_name(meld))} — нельзя. {why}")
    if marked:
        notes.insert(0, "Золотой рамкой обведены карты, которых не было в засчитанных раньше "
                        "объявлениях (например, второй экземпляр такой же карты).")
    total = sum(p for _, _, p, _ in rows if p is not None)
    notes.append(f"Итого за эти объявления: {points(total)}.")
    body = "<br>".join(esc(x) for x in notes)
    return Note(Gallery(pics)._repr_html_() +
                "<div style='border-left:4px solid #5a7bb5;padding:0.3em 0.9em;margin:0 0 0.6em 0;"
                f"background:#f3f6fb;line-height:1.5'>{body}</div>",
                " | ".join(p.alt for p in pics) + "\n" + "\n".join(notes))


def pending_story(preset: str = "canonical") -> list[Step]:
    """«…очков за мной» (R4.3.2, C-09): trump ♦, you hold four aces and К♦ Д♦ (S-37/S-38).
    You score the aces and, where the rules allow, lay out the royal marriage to score later;
    then you lead Д♦ — the pending marriage lapses. Under 003/004 the engine refuses the
    second combination."""
    rules = RuleSet.preset(preset)
    deal = deal_from_cards({YOU: "Т♠ Т♥ Т♣ Т♦ К♦ Д♦ 9♠ 8♥", OPP: "7♣ 8♣ 9♣ 10♣ В♣ 7♠ 8♠ 10♠"},
                           "9♦", "9♥ 8♣ 7♥ 9♣ 8♥ 7♠", rules=rules, dealer=OPP, seed=11)
    steps: list[Step] = []
    deal.apply(play(parse_card("8♥")), YOU)
    deal.apply(play(parse_card("7♣")), OPP)
    aces = next(d for d in deal.legal_declarations(YOU) if d.meld == "four_aces")
    deal.apply(aces, YOU)
    marriage = announce("royal_marriage", parse_cards("К♦ Д♦"))
    if deal.legal_announcements(YOU):
        deal.apply(marriage, YOU)
        groups = [sort_cards(aces.cards), sort_cards(marriage.cards)]
        later = points(deal.pending[YOU][-1].points)
        text = (f"Вы взяли взятку и объявили четыре туза: +{points(aces.points)}. Козырный марьяж К♦ Д♦ "
                f"вы тоже выложили на стол и сказали «{later} за мной»: засчитать его можно после "
                "любой следующей взятки, которую вы возьмёте.")
    else:
        groups = [sort_cards(aces.cards)]
        text = (f"Вы взяли взятку и объявили четыре туза: +{points(aces.points)}. Выложить ещё и "
                "козырный марьяж «на потом» нельзя. " + _refusal(deal, marriage) + " Марьяж остаётся "
                "на руке: объявить его можно будет после следующей выигранной взятки.")
    if deal.stage == "declare":
        deal.apply(PASS, YOU)
    steps.append(Step(_scene(deal, "Четыре туза засчитаны; вы добрали карту из талона",
                             table_groups=groups), text))
    pending_before = list(deal.pending[YOU])
    deal.apply(play(parse_card("Д♦")), YOU)
    deal.apply(play(parse_card("8♠")), OPP)
    lapse = ("Вы пошли дамой бубен. Отложенный марьяж пропал: одна из его карт ушла во взятку."
             if pending_before and not deal.pending[YOU] else
             "Вы пошли дамой бубен: этого марьяжа больше нет, король бубен остался без пары.")
    steps.append(Step(_scene(deal, "Дама бубен сыграна"), lapse))
    return steps
