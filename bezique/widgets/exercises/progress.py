"""The learner's exercise progress: its format, its checks, and `Progress`, which keeps it in
a place (`places.FilePlace`: a JSON file; `places.BrowserPlace`: the browser's storage).

Progress per level (answered, right, streak, and which positions were seen) is one JSON text,
``{"format": "bezique-progress/1", "levels": {level: {...}}}``, the same wherever it is kept
and in the file a learner saves with «Сохранить прогресс в файл». It is shared by all
exercise pages: each save re-reads the place and merges in only this page's changes, so pages
answering in turn never erase each other's progress. A damaged text is reported in Russian:
its good levels are kept, the damaged ones start afresh, and the damaged text is set aside
(a numbered backup), never lost.
"""

from __future__ import annotations

import json

from ...errors import FormatError
from ...jsonio import parse_json
from .places import FilePlace

PROGRESS_FORMAT = "bezique-progress/1"

# Russian names of the levels, in the order of the course.
LEVEL_NAMES = {
    "m1_single": "Одна комбинация на руке",
    "m2_several": "Несколько комбинаций сразу",
    "m3_reuse": "Карты, которые уже участвовали в комбинациях",
    "m4_timing": "Когда объявлять можно, а когда нельзя",
    "m5_seven": "Козырная семёрка",
    "m6_options": "Правила разных источников",
    "t1_trick_winner": "Кто возьмёт взятку",
    "l1_legal_plays": "Какими картами можно ходить в последних восьми взятках",
    "s1_deal_score": "Подсчёт очков за сдачу",
    "v1_three_handed": "Игра втроём",
    "v2_four_handed": "Игра вчетвером, пара на пару",
    "r1_multipack": "Рубикон и китайский безик: козырь и повторные объявления",
    "r2_settlement": "Рубикон и китайский безик: итог партии",
}
VARIANT_LEVELS = ("v1_three_handed", "v2_four_handed")
MULTIPACK_LEVELS = ("r1_multipack", "r2_settlement")
MELD_LEVELS = ("m1_single", "m2_several", "m3_reuse", "m4_timing", "m5_seven", "m6_options")

COUNTS = ("answered", "right", "streak", "best_streak", "generated")
MAX_COUNT = 10**9               # a learner answers far fewer; larger means a damaged text
MAX_SEEN = 100_000              # positions seen on one level
MAX_SEEN_ID = 200               # characters of one position's mark
# What the learner reads about a field (no identifiers in learner text).
FIELD_RU = {"answered": "число ответов", "right": "число верных ответов",
            "streak": "текущая серия верных ответов", "best_streak": "лучшая серия",
            "generated": "число созданных программой позиций"}


def empty_level() -> dict:
    return {"answered": 0, "right": 0, "streak": 0, "best_streak": 0, "seen": [], "generated": 0}


def clean_level(entry) -> dict:
    """A checked copy of one level's entry; ValueError (Russian) if it is damaged."""
    if not isinstance(entry, dict):
        raise ValueError("запись уровня испорчена")
    clean = empty_level()
    for k in COUNTS:
        v = entry.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{FIELD_RU[k]} — не целое неотрицательное число")
        if v > MAX_COUNT:
            raise ValueError(f"{FIELD_RU[k]} — невероятно большое число")
        clean[k] = v
    if clean["right"] > clean["answered"]:
        raise ValueError("верных ответов больше, чем всех ответов")
    if not clean["streak"] <= clean["best_streak"] <= clean["right"]:
        raise ValueError("серия верных ответов длиннее, чем их всего")
    seen = entry.get("seen", [])
    if (not isinstance(seen, list) or len(seen) > MAX_SEEN
            or not all(isinstance(x, str) and len(x) <= MAX_SEEN_ID for x in seen)):
        raise ValueError("испорчен список пройденных позиций")
    clean["seen"] = list(seen)
    return clean


def level_name(level: str) -> str:
    """«Кто возьмёт взятку» (a level unknown to the course: its mark, shortened)."""
    name = LEVEL_NAMES.get(level)
    return f"«{name}»" if name else f"«{level[:40]}»"


def progress_text(levels: dict[str, dict]) -> str:
    """The JSON text of `levels` in the course's format (what every place keeps)."""
    return json.dumps({"format": PROGRESS_FORMAT, "levels": levels}, ensure_ascii=False,
                      indent=1, sort_keys=True)


def better(a: dict, b: dict) -> bool:
    """True if level entry `a` is a better result than `b`: more right answers, then more
    answers, then a longer best streak."""
    key = lambda e: (e["right"], e["answered"], e["best_streak"])   # noqa: E731
    return key(a) > key(b)


def merge_entry(mine: dict, other: dict) -> dict:
    """One level from two sources (this place and an imported file): the counts of the better
    result, every position seen in either, the larger count of generated positions."""
    best = other if better(other, mine) else mine
    out = {k: best[k] for k in ("answered", "right", "streak", "best_streak")}
    known = set(mine["seen"])
    out["seen"] = (list(mine["seen"]) + [s for s in other["seen"] if s not in known])[:MAX_SEEN]
    out["generated"] = max(mine["generated"], other["generated"])
    return out


class Found:
    """What one reading of a place found: the good levels, the bad ones (with the reason),
    or the reason the whole text is unreadable."""

    def __init__(self):
        self.levels: dict[str, dict] = {}
        self.bad: dict[str, str] = {}
        self.whole: str | None = None

    @property
    def damaged(self) -> bool:
        return bool(self.whole or self.bad)


def read_place(place) -> Found:
    """Read and check what `place` holds (nothing stored: no levels, not damaged)."""
    out = Found()
    try:
        text = place.read()
        if text is None:
            return out
        data = parse_json(text)
    except FormatError as e:
        out.whole = e.detail
        return out
    if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
        out.whole = "в нём нет списка уровней"
        return out
    fmt = data.get("format", PROGRESS_FORMAT)
    if fmt != PROGRESS_FORMAT:
        shown = fmt if isinstance(fmt, str) and len(fmt) <= 40 else "?"
        out.whole = f"он записан в другом формате («{shown}»), а курс читает «{PROGRESS_FORMAT}»"
        return out
    for level, entry in data["levels"].items():
        try:
            out.levels[level] = clean_level(entry)
        except ValueError as e:
            out.bad[level] = str(e)
    return out


class Progress:
    """Per-level progress kept in a place (a file, or the browser's storage).

    Several pages (each with its own `Progress`) share one place. Every change is kept as a
    small event besides being applied in memory; `save` re-reads the place, applies this
    object's events since its last save to what it finds and writes the result — so a page
    opened earlier never erases what another one wrote meanwhile.

    A damaged text is never lost: the place sets it aside (a numbered backup) and its good
    levels are kept; only the damaged levels start afresh.

    A place that is not ready yet (the browser answers a moment after the page is shown) is
    read by `reread` once it is; until then the changes wait in memory."""

    def __init__(self, place):
        if not hasattr(place, "read"):            # a path: the file beside the notebook
            place = FilePlace(place)
        self.place = place
        self.levels: dict[str, dict] = {}
        self.problem: str | None = None           # a Russian note about the place, if any
        self.stored: dict[str, dict] = {}         # the levels the place held at the last reading
        self._pending: list[tuple] = []           # changes not yet written: (kind, level, value)
        self.load()

    @property
    def path(self):
        """The file, for a progress kept in a file (None in the browser)."""
        return getattr(self.place, "path", None)

    # ---------------------------------------------------------------- reading

    def load(self) -> None:
        self.levels, self.problem, self._pending, self.stored = {}, None, [], {}
        if self.place.ready:
            self.problem = self.reread()

    def reread(self) -> str | None:
        """Read the place again (it has become ready, or another page saved), keeping this
        object's unsaved changes on top; a Russian note if the place was damaged."""
        found = read_place(self.place)
        note = self._handle_damage(found, rewrite=True) if found.damaged else None
        self.stored = {k: dict(v, seen=list(v["seen"])) for k, v in found.levels.items()}
        self.levels = self._merged(found.levels)
        return note

    def _handle_damage(self, found: Found, rewrite: bool) -> str:
        """Set the damaged text aside, say in Russian what was kept; with `rewrite`, leave a
        clean text behind (the good levels) so that the damage is reported once."""
        place = self.place
        kept = place.set_aside()
        if kept and rewrite:
            if found.whole or not found.levels:
                place.discard()
            else:
                place.write(progress_text(found.levels))
        where = place.kept_sentence(kept)
        if found.whole:
            return (f"{place.subject} повреждён или не читается ({found.whole}). "
                    f"Прогресс начат заново. {where}")
        bad = "; ".join(f"{level_name(lv)}: {why}" for lv, why in found.bad.items())
        good = (f" Прогресс {'уровня' if len(found.levels) == 1 else 'уровней'} "
                f"{', '.join(map(level_name, found.levels))} сохранён." if found.levels else "")
        return (f"{place.subject} повреждён частично ({bad}) — прогресс "
                f"{'этого уровня' if len(found.bad) == 1 else 'этих уровней'} начат заново."
                f"{good} {where}")

    # ---------------------------------------------------------------- changes

    def level(self, level: str) -> dict:
        return self.levels.setdefault(level, empty_level())

    def _apply(self, levels: dict[str, dict], change: tuple) -> None:
        kind, level, value = change
        entry = levels.setdefault(level, empty_level())
        if kind == "answer":                  # counts stop at MAX_COUNT: a saved text stays sound
            entry["answered"] = min(MAX_COUNT, entry["answered"] + 1)
            if value:
                entry["right"] = min(MAX_COUNT, entry["right"] + 1)
                entry["streak"] = min(MAX_COUNT, entry["streak"] + 1)
                entry["best_streak"] = max(entry["best_streak"], entry["streak"])
            else:
                entry["streak"] = 0
        elif kind == "seen":
            if value not in entry["seen"] and len(entry["seen"]) < MAX_SEEN:
                entry["seen"].append(value)
        elif kind == "generated":
            entry["generated"] = min(MAX_COUNT, max(entry["generated"], value))
        elif kind == "restart":               # the curated set starts again: forget its ids
            entry["seen"] = [s for s in entry["seen"] if s.startswith("gen:")]
        elif kind == "import":                # a level from a file: the better of the two
            levels[level] = merge_entry(entry, value)

    def _change(self, *change) -> None:
        self._pending.append(change)
        self._apply(self.levels, change)

    def _merged(self, levels: dict[str, dict]) -> dict[str, dict]:
        """`levels` (as read from the place) with this object's pending changes applied, and
        the levels the place lacks as this object knows them."""
        for change in self._pending:
            if change[1] in levels:
                self._apply(levels, change)
        for level, entry in self.levels.items():
            levels.setdefault(level, entry)
        return levels

    def record(self, level: str, right: bool) -> None:
        self._change("answer", level, bool(right))

    def mark_seen(self, level: str, key: str) -> None:
        self._change("seen", level, key)

    def count_generated(self, level: str) -> int:
        """The seed for the next generated position of `level` (and count it)."""
        seed = self.level(level)["generated"]
        self._change("generated", level, seed + 1)
        return seed

    def restart_curated(self, level: str) -> None:
        self._change("restart", level, None)

    def import_level(self, level: str, entry: dict) -> None:
        """Merge a checked level entry from a file (`merge_entry`)."""
        self._change("import", level, clean_level(entry))

    @property
    def changed(self) -> bool:
        return bool(self._pending)

    # ---------------------------------------------------------------- writing

    def save(self) -> str | None:
        """Merge this object's changes into the place as it is now and write it; return a
        Russian message if something went wrong (it could not be written, or something had
        damaged it — then it is set aside first). A place not ready yet: nothing is written,
        the changes wait."""
        if not self.place.ready:
            return None
        found = read_place(self.place)
        note = self._handle_damage(found, rewrite=False) if found.damaged else None
        merged = self._merged(found.levels)
        problem = self.place.write(progress_text(merged))
        if problem:
            return " ".join(filter(None, [note, problem]))
        self.levels, self._pending = merged, []
        self.stored = {k: dict(v, seen=list(v["seen"])) for k, v in merged.items()}
        return note


__all__ = ["PROGRESS_FORMAT", "LEVEL_NAMES", "VARIANT_LEVELS", "MULTIPACK_LEVELS", "MELD_LEVELS", "Progress",
           "Found", "read_place", "clean_level", "empty_level", "level_name", "progress_text",
           "better", "merge_entry"]
