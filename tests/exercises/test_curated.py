"""The curated exercises (exercises/positions/): answers agree with the engine, the levels are
full enough, every meld and every rule of RULES.md §4–§5 is drilled, and the Russian texts are
clean (no straight quotes, «ёлочки» balanced, «1 очко / 2 очка / 5 очков», ё where it belongs).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bezique.cards import parse_card_face
from bezique.positions import load_file

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "exercises" / "positions"

MELD_LEVELS = ("m1_single", "m2_several", "m3_reuse", "m4_timing", "m5_seven", "m6_options")
KIND_OF_LEVEL = {**{lvl: {"declarations"} for lvl in MELD_LEVELS},
                 "t1_trick_winner": {"trick_winner"}, "l1_legal_plays": {"legal_plays"},
                 "s1_deal_score": {"deal_score"},
                 # three and four at the table: tricks, legal plays, triple bezique (issue 16)
                 "v1_three_handed": {"trick_winner", "legal_plays", "declarations"},
                 "v2_four_handed": {"trick_winner", "legal_plays"},
                 # Rubicon, six-pack, eight-pack (issue 30): declarations, tricks before and after
                 # trumps, the last 9 / 12 / 15 tricks; and the settlement of a finished deal
                 "r1_multipack": {"declarations", "trick_winner", "legal_plays"},
                 "r2_settlement": {"deal_score"}}
PLAYERS_OF_LEVEL = {"v1_three_handed": 3, "v2_four_handed": 4}
MINIMUM = {"t1_trick_winner": 30, "l1_legal_plays": 30, "s1_deal_score": 30,
           "v1_three_handed": 3, "v2_four_handed": 3, "r1_multipack": 25, "r2_settlement": 15}
MULTIPACK_LEVELS = ("r1_multipack", "r2_settlement")
MELD_TOTAL_MINIMUM = 120
MELD_LEVEL_MINIMUM = 10

STANDARD_MELDS = ("marriage", "royal_marriage", "sequence", "bezique", "double_bezique",
                  "four_aces", "four_kings", "four_queens", "four_jacks", "trump_seven",
                  "seven_exchange", "double_marriage", "plain_quint", "two_trump_sevens")

# RULES.md §4–§5: numbered rules, the re-use principles P1–P6 and the legality conditions of
# 4.5.3 (R4.5.3(1) timing … R4.5.3(5) the optional new-card rule).
SECTION_4_5_RULES = (
    "R4.2.1", "R4.2.2", "R4.2.3", "R4.2.4", "R4.3.1", "R4.3.2", "R4.3.3",
    "R4.4.1", "R4.4.2", "R4.4.3", "R4.5.6", "R4.8.1", "R4.8.2",
    "R5.1.1", "R5.1.2", "R5.2.1", "R5.2.2", "R5.2.3", "R5.3.1", "R5.3.2", "R5.3.3", "R5.3.4",
    "R5.4.1", "R5.4.2", "R5.5.1",
    "P1", "P2", "P3", "P4", "P5", "P6",
    "R4.5.3(1)", "R4.5.3(2)", "R4.5.3(3)", "R4.5.3(4)", "R4.5.3(5)",
)
TIMES_DRILLED = 3
RULE_ID = re.compile(r"^(R\d+(\.\d+)*(\(\d\))?|P[1-6]|C-R?\d+[a-z]?)$")


def _files() -> list[Path]:
    return sorted(POSITIONS.glob("*/*.json"))


def _raw() -> list[tuple[Path, dict]]:
    out = []
    for path in _files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in (data if isinstance(data, list) else [data]):
            out.append((path, item))
    return out


RAW = _raw()
LOADED = [(path, pos) for path in _files() for pos in load_file(str(path))]


def _level(path: Path) -> str:
    return path.parent.name


def test_check_command_agrees_with_every_answer():
    run = subprocess.run([sys.executable, "-m", "bezique", "check", str(POSITIONS)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_position_has_an_answer():
    missing = [item.get("id") for _, item in RAW if "answer" not in item]
    assert not missing


def test_ids_unique_and_match_file_names():
    ids = Counter(item["id"] for _, item in RAW)
    assert not [i for i, n in ids.items() if n > 1]
    for path, item in RAW:
        assert path.stem == item["id"], path


def test_levels_and_kinds():
    assert {_level(p) for p, _ in RAW} == set(KIND_OF_LEVEL)
    for path, item in RAW:
        assert item["kind"] in KIND_OF_LEVEL[_level(path)], path


def test_variant_levels_are_played_at_their_table():
    """Every position of a three- or four-handed level is of that many players, and every kind
    the level promises is there (trick winner, a partner on a trick in the last eight, triple
    bezique)."""
    for level, n in PLAYERS_OF_LEVEL.items():
        loaded = [pos for path, pos in LOADED if _level(path) == level]
        assert loaded and all(pos.players == n == pos.rules.players for pos in loaded), level
        assert {pos.kind for pos in loaded} == KIND_OF_LEVEL[level], level
        assert any(pos.kind == "trick_winner" and len(pos.trick) == n for pos in loaded), level
    four = [pos for path, pos in LOADED if _level(path) == "v2_four_handed"]
    assert any(pos.kind == "legal_plays" and pos.phase == 2 and any(
        s == (pos.you + 2) % 4 for s, _ in pos.trick) for pos in four)
    three = [pos for path, pos in LOADED if _level(path) == "v1_three_handed"]
    assert any(d["meld"] == "triple_bezique" for pos in three if pos.answer
               for d in pos.answer.get("declarations", []))


def test_counts_per_level():
    counts = Counter(_level(p) for p, _ in RAW)
    for level, minimum in MINIMUM.items():
        assert counts[level] >= minimum, (level, counts[level])
    for level in MELD_LEVELS:
        assert counts[level] >= MELD_LEVEL_MINIMUM, (level, counts[level])
    assert sum(counts[lvl] for lvl in MELD_LEVELS) >= MELD_TOTAL_MINIMUM


def test_legal_plays_mix():
    items = [it for p, it in RAW if _level(p) == "l1_legal_plays"]
    phase1 = [it for it in items if it.get("phase", 1) == 1]
    no_head = [it for it in items if it.get("phase") == 2 and (
        it.get("rules") in ("seed_002", "seed_003", "seed_004", "seed_000A", "seed_000E")
        or (isinstance(it.get("rules"), dict) and it["rules"].get("phase2_must_head") is False))]
    assert len(items) - len(phase1) >= 20
    assert len(phase1) >= 3 and len(no_head) >= 3


def test_deal_scores_under_000C():
    items = [it for p, it in RAW if _level(p) == "s1_deal_score"]
    assert sum(1 for it in items if it.get("rules") == "seed_000C") >= 2


def test_option_level_names_its_rule_book():
    for path, item in RAW:
        if _level(path) == "m6_options":
            assert item.get("rules", "canonical") != "canonical", path
            # «по коротким правилам (003)», «по старому тексту (000-E)», «вариант …»
            assert re.search(r"правил|вариант|\((?:000-[A-E]|00[0-4])\)", item["prompt"],
                             re.IGNORECASE), path


def test_every_standard_meld_appears():
    seen = set()
    for _, item in RAW:
        for d in item.get("answer", {}).get("declarations", []):
            seen.add(d["meld"])
        scored = item.get("scored", [])
        for entry in scored:
            for d in (entry if isinstance(entry, list) else [entry]):
                seen.add(d["meld"])
    assert not set(STANDARD_MELDS) - seen


def test_rules_drilled_field():
    for path, item in RAW:
        drilled = item.get("rules_drilled")
        assert isinstance(drilled, list) and drilled, path
        assert len(set(drilled)) == len(drilled), path
        bad = [r for r in drilled if not RULE_ID.match(r)]
        assert not bad, (path, bad)


def test_every_rule_of_sections_4_and_5_drilled_three_times():
    counts = Counter(r for _, item in RAW for r in item["rules_drilled"])
    short = {r: counts[r] for r in SECTION_4_5_RULES if counts[r] < TIMES_DRILLED}
    assert not short, short


# ------------------------------------------------------------------ Russian texts

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
CARD_RU = re.compile(r"(10|[ТКДВА987])([♠♥♦♣])")
NO_YO = [r"\b[Ее]ще\b", r"[Сс]емерк", r"[Вв]осьмерк", r"[Чч]етверк", r"\bберет\b", r"\b[Ее]е\b",
         r"\bнее\b", r"\bтрех\b", r"\bчетырех\b", r"\bпришел\b"]
# Issue 13: «бриск» is masculine («брисков»); players by name, not «(игрок 0)»; the learner
# talks to «программа», not «движок»; no code names of rule sets («seed_000C»).
WRONG_WORDS = [r"\bбрисок\b", r"\(игрок \d\)", r"\bдвижк?[а-я]*\b", r"\bseed_\w+",
               r"—\s*бриска\b", r"\bне бриска\b", r"\bбриск(ой|у)\b"]


def _points_word(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "очко"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "очка"
    return "очков"


@pytest.mark.parametrize("field", ["prompt", "explain"])
def test_russian_text(field):
    for path, item in RAW:
        text = item.get(field)
        assert isinstance(text, str) and text.strip() and CYRILLIC.search(text), (path, field)
        assert '"' not in text and "'" not in text, (path, field)
        assert text.count("«") == text.count("»"), (path, field)
        assert "  " not in text, (path, field)
        for m in re.finditer(r"(\d+)\s+(очко|очка|очков)\b", text):
            assert m.group(2) == _points_word(int(m.group(1))), (path, m.group(0))
        for pattern in NO_YO:
            assert not re.search(pattern, text), (path, field, pattern)
        for pattern in WRONG_WORDS:
            assert not re.search(pattern, text, re.IGNORECASE), (path, field, pattern)


def _cards_of(pos) -> set:
    cards = set(pos.hand) | set(pos.table)
    for d in (*pos.scored, *(d for h in pos.scored_by_player for d in h)):
        cards |= set(d.cards)
    for c in (*pos.played(), pos.turn_up):
        if c is not None:
            cards.add(c)
    for t in pos.tricks:
        cards |= set(t)
    return {c.face for c in cards}


def test_cards_named_in_the_prompt_belong_to_the_position():
    for path, pos in LOADED:
        faces = _cards_of(pos)
        for m in CARD_RU.finditer(pos.prompt):
            rank, suit, _ = parse_card_face(m.group(0))
            assert (rank, suit) in faces, (path, m.group(0))


# ------------------------------------------------------------------ realistic positions

def test_declaration_positions_are_realistic():
    for path, pos in LOADED:
        if pos.kind != "declarations":
            continue
        held = len(pos.hand) + len(pos.table)
        size = pos.rules.hand_size                    # 8; 9 / 12 / 15 in the multi-pack games
        if pos.phase == 1 and pos.won_trick:
            assert held == size - 1, (path, held)     # won a trick, not yet drawn
        if pos.phase == 2:
            assert not pos.table and held <= size, path  # exposed cards are picked up
        scored_cards = {c for d in pos.scored for c in d.cards}
        assert not set(pos.hand) & scored_cards, path  # a declared card lies on the table
        pending = "R4.3.2" in pos.raw["rules_drilled"]
        assert pending or set(pos.table) <= scored_cards, path
        if any(d.meld == "seven_exchange" for d in pos.scored):
            assert pos.seven_exchanged, path


def test_legal_plays_hand_sizes():
    for path, pos in LOADED:
        if pos.kind == "legal_plays":
            held = len(pos.hand) + len(pos.table)
            assert 1 <= held <= pos.rules.hand_size, path
            if pos.phase == 1:
                assert held == pos.rules.hand_size, path
            else:
                assert not pos.table, path


def test_deal_score_piles_are_a_whole_deal():
    for path, pos in LOADED:
        if pos.kind != "deal_score" or pos.rules.multipack:   # multi-pack: see below
            continue
        cards = [c for pile in pos.tricks for c in pile]
        assert len(cards) == len(set(cards)) == 64, path
        assert all(len(pile) % 2 == 0 for pile in pos.tricks), path
        mine = [{c for d in decls for c in d.cards} for decls in pos.scored_by_player]
        assert not mine[0] & mine[1], path
        sevens = [c for decls in pos.scored_by_player for d in decls
                  if d.meld in ("trump_seven", "seven_exchange", "two_trump_sevens") for c in d.cards]
        assert len(sevens) == len(set(sevens)), path


# ------------------------------------------------------------------ the multi-pack levels

def _multipack(level: str) -> list:
    return [pos for path, pos in LOADED if _level(path) == level]


def test_multipack_levels_cover_the_three_games_and_the_kinds_of_issue_30():
    """Rubicon, six-pack and eight-pack all appear; the first level asks what fixes trumps
    (trump not yet fixed), legal and illegal re-declarations (a scored history), trump quartets
    and the ladder; the second settles games rubiconed and not, void, and carte blanche chains."""
    r1, r2 = _multipack("r1_multipack"), _multipack("r2_settlement")
    for level in (r1, r2):
        assert all(pos.rules.multipack for pos in level)
    games = {pos.rules.variant for pos in r1 + r2}
    assert games == {"rubicon", "six_pack", "eight_pack"}
    decl = [pos for pos in r1 if pos.kind == "declarations"]
    assert sum(1 for pos in decl if pos.trump is None) >= 3
    with_history = [pos for pos in decl if pos.scored]
    assert sum(1 for pos in with_history if pos.answer["declarations"]) >= 5      # legal again
    assert sum(1 for pos in with_history if not pos.answer["declarations"]) >= 5  # refused
    melds = {d["meld"] for pos in decl for d in pos.answer["declarations"]}
    assert {"plain_sequence", "double_bezique", "triple_bezique", "four_trump_aces",
            "five_trump_aces", "royal_marriage"} <= melds
    settled = [pos.answer["settlement"] for pos in r2]
    assert sum(1 for s in settled if s["rubiconed"]) >= 4
    assert sum(1 for s in settled if s["winner"] is not None and not s["rubiconed"]) >= 4
    assert sum(1 for s in settled if s["winner"] is None) >= 2
    assert sum(1 for pos in r2 for h in pos.scored_by_player for d in h
               if d.meld == "carte_blanche") >= 4


def test_multipack_prompts_state_the_engine_scores():
    """A settlement prompt that gives the scores («у Анны 1510 очков, у Бориса 1240») gives
    the engine's scores, and the brisques it names are the engine's count of the tricks."""
    said = re.compile(r"у Анны (\d+)(?: очк\w+)?, у Бориса (\d+)")
    bris = re.compile(r"Бриски: у Анны (\d+), у Бориса (\d+)")
    for pos in _multipack("r2_settlement"):
        m = said.search(pos.prompt)
        if m:
            assert [int(m.group(1)), int(m.group(2))] == pos.answer["scores"], pos.id
        b = bris.search(pos.prompt)
        if b:
            assert [int(b.group(1)), int(b.group(2))] == pos.answer["brisques"], pos.id
        assert m or "Сосчитайте" in pos.prompt, pos.id


def test_multipack_settlement_piles():
    """Multi-pack deal scores show an extract of the tricks: whole tricks, no card twice, a
    physical card declared by one player only; six- and eight-pack count no brisques."""
    for pos in _multipack("r2_settlement"):
        cards = [c for pile in pos.tricks for c in pile]
        assert len(cards) == len(set(cards)), pos.id
        assert all(len(pile) % 2 == 0 for pile in pos.tricks), pos.id
        mine = [{c for d in decls for c in d.cards} for decls in pos.scored_by_player]
        assert not mine[0] & mine[1], pos.id
        if pos.rules.brisque_role == "none":
            assert pos.answer["brisques"] == [0, 0], pos.id
