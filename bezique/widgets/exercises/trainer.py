"""`Trainer`: endless practice by level — the curated positions first, then fresh ones.

A level is a folder of position files, `exercises/positions/<level>/`, written and checked by
people; when a learner has seen them all (or asks for new ones), `bezique.generator` makes
fresh positions of the same level from random deals, solved and explained by the engine.
Each position is shown with `ExerciseWidget`; the first judged answer to a position counts.

Progress per level (answered, right, streak, and which positions were seen) lives in a small
JSON file in the learner's working folder, shared by all exercise notebooks: each write
re-reads the file and merges in only this notebook's changes, atomically (a temporary file,
then `os.replace`), so notebooks answering in turn never erase each other's progress and an
interrupted save never leaves half a file. A damaged file is reported in Russian: its good
levels are kept, the damaged ones start afresh, and the file is kept as a numbered backup.
"""

from __future__ import annotations

import html
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Iterable

import ipywidgets

from ...errors import FormatError
from ...generator import GENERATORS, content_key, generate
from ...jsonio import read_json
from ...positions import load_file
from ..page import OnPage, answer_html
from .exercise import ExerciseWidget, Feedback

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
}
VARIANT_LEVELS = ("v1_three_handed", "v2_four_handed")
MELD_LEVELS = ("m1_single", "m2_several", "m3_reuse", "m4_timing", "m5_seven", "m6_options")


def package_root() -> Path:
    """The repository root: the parent of the `bezique` package folder."""
    return Path(sys.modules["bezique"].__file__).resolve().parent.parent


def positions_root() -> Path:
    return package_root() / "exercises" / "positions"


def _key(raw: dict) -> str:
    """What the learner sees (ids, texts and the list of drilled rules aside)."""
    return content_key({k: v for k, v in raw.items() if k != "rules_drilled"})


def _empty_level() -> dict:
    return {"answered": 0, "right": 0, "streak": 0, "best_streak": 0, "seen": [], "generated": 0}


_COUNTS = ("answered", "right", "streak", "best_streak", "generated")
# What the learner reads about a field of the file (no identifiers in learner text).
_FIELD_RU = {"answered": "число ответов", "right": "число верных ответов",
             "streak": "текущая серия верных ответов", "best_streak": "лучшая серия",
             "generated": "число созданных программой позиций"}


def _clean_level(level: str, entry) -> dict:
    """A checked copy of one level's entry; ValueError (Russian) if it is damaged."""
    if not isinstance(entry, dict):
        raise ValueError("запись уровня испорчена")
    clean = _empty_level()
    for k in _COUNTS:
        v = entry.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{_FIELD_RU[k]} — не целое неотрицательное число")
        clean[k] = v
    if clean["right"] > clean["answered"]:
        raise ValueError("верных ответов больше, чем всех ответов")
    if not clean["streak"] <= clean["best_streak"] <= clean["right"]:
        raise ValueError("серия верных ответов длиннее, чем их всего")
    seen = entry.get("seen", [])
    if not isinstance(seen, list) or not all(isinstance(x, str) for x in seen):
        raise ValueError("испорчен список пройденных позиций")
    clean["seen"] = list(seen)
    return clean


def _level_name(level: str) -> str:
    return f"«{LEVEL_NAMES.get(level, level)}»"


class _Read:
    """What one reading of the progress file found: the good levels, the bad ones (with the
    reason), or the reason the whole file is unreadable."""

    def __init__(self):
        self.levels: dict[str, dict] = {}
        self.bad: dict[str, str] = {}
        self.whole: str | None = None

    @property
    def damaged(self) -> bool:
        return bool(self.whole or self.bad)


def _read_progress(path: Path) -> _Read:
    out = _Read()
    try:
        if not path.exists():
            return out
    except OSError:               # the folder cannot be searched: nothing to read
        return out
    try:
        data = read_json(str(path))
    except FormatError as e:
        out.whole = e.detail
        return out
    if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
        out.whole = "в нём нет списка уровней"
        return out
    fmt = data.get("format", PROGRESS_FORMAT)
    if fmt != PROGRESS_FORMAT:
        shown = fmt if isinstance(fmt, str) and len(fmt) <= 40 else "?"
        out.whole = f"файл записан в другом формате («{shown}»), а курс читает «{PROGRESS_FORMAT}»"
        return out
    for level, entry in data["levels"].items():
        try:
            out.levels[level] = _clean_level(level, entry)
        except ValueError as e:
            out.bad[level] = str(e)
    return out


class Progress:
    """Per-level progress kept in a JSON file: {"format", "levels": {level: {...}}}.

    Several notebooks (each with its own `Progress`) share one file. Every change is kept as a
    small event besides being applied in memory; `save` re-reads the file, applies this object's
    events since its last save to what it finds and writes the result atomically — so a notebook
    opened earlier never erases what another one wrote meanwhile.

    A damaged file is never lost: it is copied to a numbered backup («….damaged.1», «.2», …,
    never overwritten) and its good levels are kept; only the damaged levels start afresh."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.levels: dict[str, dict] = {}
        self.problem: str | None = None           # a Russian note about the file, if any
        self._pending: list[tuple] = []           # changes not yet written: (kind, level, value)
        self.load()

    # ---------------------------------------------------------------- reading

    def load(self) -> None:
        self.levels, self.problem, self._pending = {}, None, []
        found = _read_progress(self.path)
        self.levels = found.levels
        if found.damaged:
            self.problem = self._handle_damage(found, rewrite=True)

    def _handle_damage(self, found: _Read, rewrite: bool) -> str:
        """Keep a numbered backup of the damaged file, say in Russian what was kept; with
        `rewrite`, leave a clean file behind (the good levels) so the damage is reported once."""
        kept = self._backup()
        if kept and rewrite:
            if found.whole or not found.levels:
                try:
                    os.unlink(self.path)
                except OSError:
                    pass
            else:
                self._write(found.levels)
        where = (f" Старый файл сохранён как «{kept}»." if kept else
                 " Сохранить копию старого файла не удалось.")
        if found.whole:
            return (f"Файл прогресса «{self.path.name}» повреждён или не читается ({found.whole}). "
                    f"Прогресс начат заново.{where}")
        bad = "; ".join(f"{_level_name(lv)}: {why}" for lv, why in found.bad.items())
        good = (f" Прогресс {'уровня' if len(found.levels) == 1 else 'уровней'} "
                f"{', '.join(map(_level_name, found.levels))} сохранён." if found.levels else "")
        return (f"Файл прогресса «{self.path.name}» повреждён частично ({bad}) — прогресс "
                f"{'этого уровня' if len(found.bad) == 1 else 'этих уровней'} начат заново."
                f"{good}{where}")

    def _backup(self) -> str | None:
        """Copy the file to the first free «<name>.damaged.N»; its name, or None."""
        try:
            content = self.path.read_bytes()
        except OSError:
            return None
        for n in range(1, 10_000):
            target = self.path.with_name(f"{self.path.name}.damaged.{n}")
            try:
                with open(target, "xb") as fh:            # "x": never replaces an older backup
                    fh.write(content)
                return target.name
            except FileExistsError:
                continue
            except OSError:
                return None
        return None

    # ---------------------------------------------------------------- changes

    def level(self, level: str) -> dict:
        return self.levels.setdefault(level, _empty_level())

    def _apply(self, levels: dict[str, dict], change: tuple) -> None:
        kind, level, value = change
        entry = levels.setdefault(level, _empty_level())
        if kind == "answer":
            entry["answered"] += 1
            if value:
                entry["right"] += 1
                entry["streak"] += 1
                entry["best_streak"] = max(entry["best_streak"], entry["streak"])
            else:
                entry["streak"] = 0
        elif kind == "seen":
            if value not in entry["seen"]:
                entry["seen"].append(value)
        elif kind == "generated":
            entry["generated"] = max(entry["generated"], value)
        elif kind == "restart":               # the curated set starts again: forget its ids
            entry["seen"] = [s for s in entry["seen"] if s.startswith("gen:")]

    def _change(self, *change) -> None:
        self._pending.append(change)
        self._apply(self.levels, change)

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

    @property
    def changed(self) -> bool:
        return bool(self._pending)

    # ---------------------------------------------------------------- writing

    def save(self) -> str | None:
        """Merge this object's changes into the file as it is now and write it atomically;
        return a Russian message if something went wrong (the file could not be written, or
        another program had damaged it — then it is backed up first)."""
        found = _read_progress(self.path)
        note = self._handle_damage(found, rewrite=False) if found.damaged else None
        merged = found.levels
        for change in self._pending:
            if change[1] in merged:
                self._apply(merged, change)
        for level, entry in self.levels.items():     # levels the file lacks: as we know them
            merged.setdefault(level, entry)
        problem = self._write(merged)
        if problem:
            return " ".join(filter(None, [note, problem]))
        self.levels, self._pending = merged, []
        return note

    def _write(self, levels: dict[str, dict]) -> str | None:
        data = {"format": PROGRESS_FORMAT, "levels": levels}
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
        folder = self.path.parent if str(self.path.parent) else Path(".")
        try:
            fd, tmp = tempfile.mkstemp(prefix=".bezique_progress.", suffix=".tmp", dir=folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, self.path)
            except BaseException:
                if os.path.exists(tmp):
                    os.unlink(tmp)
                raise
        except OSError as e:
            return (f"Не удалось сохранить прогресс в «{self.path}»: {e.strerror or e}. "
                    "Упражнения работают, но счёт не запомнится.")
        return None


class Trainer(OnPage, ipywidgets.VBox):
    """A choice of level, «Ещё одно», the current exercise and a short progress table.

    >>> Trainer(levels=["m1_single", "m2_several"])
    """

    static_hint = ("Здесь можно выбрать уровень, ответить на позицию и нажать «Ещё одно» — программа "
                   "проверит ответ и даст следующую позицию.")

    def on_static_page(self) -> None:
        """On a static page, the answer to the position shown, right under it (live, the
        position changes with «Ещё одно», so a fixed answer would soon be wrong)."""
        if self.exercise is not None:
            self.exercise_box.children = [self.exercise,
                                          ipywidgets.HTML(answer_html(self.exercise.answer()))]

    def __init__(self, levels: Iterable[str] | None = None,
                 progress_path: str | os.PathLike = "bezique_progress.json", *,
                 positions_dir: str | os.PathLike | None = None, four_colour: bool = False):
        super().__init__()
        self.add_class("bezique-trainer")
        self.levels = list(levels) if levels is not None else list(LEVEL_NAMES)
        unknown = [lv for lv in self.levels if lv not in LEVEL_NAMES]
        if unknown or not self.levels:
            raise ValueError(f"неизвестный уровень {unknown[0]!r}; уровни: {', '.join(LEVEL_NAMES)}"
                             if unknown else "нужен хотя бы один уровень")
        self.positions_dir = Path(positions_dir) if positions_dir is not None else positions_root()
        self.four_colour = four_colour
        self.notes: list[str] = []                 # Russian notes: missing folder, bad files …
        self.progress = Progress(progress_path)
        if self.progress.problem:
            self.notes.append(self.progress.problem)
        self._curated: dict[str, list[dict]] = {}
        self.current: dict | None = None           # the raw position shown now
        self.current_source: str | None = None     # "curated" or "generated"
        self.exercise: ExerciseWidget | None = None
        self._counted = False
        self.message = ""

        self.level_dropdown = ipywidgets.Dropdown(
            options=[(LEVEL_NAMES[lv], lv) for lv in self.levels], value=self.levels[0],
            description="Уровень", style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="32em", max_width="100%"))
        self.level_dropdown.observe(lambda ch: self.show_next(), names="value")
        self.next_button = ipywidgets.Button(description="Ещё одно", icon="forward",
                                             button_style="primary", tooltip="Следующая позиция")
        self.next_button.on_click(lambda _: self.show_next())
        self.fresh_check = ipywidgets.Checkbox(
            value=False, indent=False, description="Только новые позиции (от программы)",
            layout=ipywidgets.Layout(width="auto"))
        self.colour_check = ipywidgets.Checkbox(
            value=four_colour, indent=False, description="Четыре цвета мастей",
            layout=ipywidgets.Layout(width="auto"))
        self.colour_check.observe(self._on_colour, names="value")
        self.source_html = ipywidgets.HTML()
        self.notice_html = ipywidgets.HTML()
        self.exercise_box = ipywidgets.VBox()
        self.table_html = ipywidgets.HTML()
        self.children = [ipywidgets.HBox([self.level_dropdown, self.next_button],
                                         layout=ipywidgets.Layout(flex_flow="row wrap")),
                         ipywidgets.HBox([self.fresh_check, self.colour_check],
                                         layout=ipywidgets.Layout(flex_flow="row wrap")),
                         self.notice_html, self.source_html,
                         self.exercise_box, self.table_html]
        if not self.positions_dir.is_dir():
            self.notes.append(f"Не найдена папка со сборником упражнений «{self.positions_dir}». "
                              "Позиции будет создавать программа.")
        self.show_next()

    # ------------------------------------------------------------------ positions

    @property
    def level(self) -> str:
        return self.level_dropdown.value

    def choose_level(self, level: str) -> None:
        """Switch to `level` (shows its next position)."""
        if level not in self.levels:
            raise ValueError(f"в этом тренажёре нет уровня {level!r}")
        if self.level_dropdown.value == level:
            self.show_next()
        else:
            self.level_dropdown.value = level        # the observer shows the next position

    def curated(self, level: str) -> list[dict]:
        """The curated positions of `level`, in file order (loaded once; bad files skipped
        with a Russian note)."""
        if level not in self._curated:
            out: list[dict] = []
            folder = self.positions_dir / level
            if folder.is_dir():
                for path in sorted(folder.glob("*.json")):
                    try:
                        for pos in load_file(str(path)):
                            out.append(pos.raw)
                    except FormatError as e:
                        self.notes.append(f"Файл «{path.name}» пропущен: {e.detail}")
            self._curated[level] = out
        return self._curated[level]

    def _seen(self, level: str) -> set[str]:
        return set(self.progress.level(level)["seen"])

    def next_position(self, level: str | None = None, generated: bool | None = None) -> tuple[dict, str]:
        """The next unseen position of `level`: curated first, then generated (or generated at
        once when `generated` is true). Marks it seen; returns (position dict, source)."""
        level = level or self.level
        generated = self.fresh_check.value if generated is None else generated
        progress = self.progress
        seen = self._seen(level)
        curated = self.curated(level)
        if not generated:
            for raw in curated:
                if raw["id"] not in seen:
                    progress.mark_seen(level, raw["id"])
                    return raw, "curated"
        if level not in GENERATORS:
            if not curated:
                raise LookupError(f"Для уровня «{LEVEL_NAMES[level]}» нет ни сборника, ни генератора позиций.")
            self.message = ("Все позиции этого уровня из сборника пройдены — начинаем его сначала. "
                            "(Новых позиций этого уровня программа не создаёт.)")
            progress.restart_curated(level)
            raw = curated[0]
            progress.mark_seen(level, raw["id"])
            return raw, "curated"
        if not generated and curated:
            self.message = ("Позиции этого уровня из сборника закончились — дальше новые, их "
                            "создаёт программа.")
        exclude = {s[4:] for s in seen if s.startswith("gen:")} | {_key(r) for r in curated}
        raw = generate(level, 1, seed=progress.level(level)["generated"], exclude=exclude)[0]
        progress.count_generated(level)
        progress.mark_seen(level, "gen:" + content_key(raw))
        return raw, "generated"

    def show_next(self, generated: bool | None = None) -> ExerciseWidget:
        """«Ещё одно»: show the next position of the chosen level."""
        self.message = ""
        try:
            raw, source = self.next_position(generated=generated)
        except (LookupError, RuntimeError) as e:
            self.message = str(e)
            self._show_notes()
            return self.exercise
        self.current, self.current_source = raw, source
        self.exercise = ExerciseWidget(raw, four_colour=self.four_colour)
        self.exercise.on_result(self._on_result)
        self._counted = False
        self.exercise_box.children = [self.exercise]
        where = ("из сборника" if source == "curated" else "новая, создана программой")
        done = sum(1 for s in self.progress.level(self.level)["seen"] if not s.startswith("gen:"))
        total = len(self.curated(self.level))
        extra = f" — {done} из {total}" if source == "curated" and total else ""
        self.source_html.value = (f"<div style='color:#555;font-size:0.9em'>Уровень «"
                                  f"{html.escape(LEVEL_NAMES[self.level])}», позиция {where}{extra}.</div>")
        self._save()
        self._show_notes()
        self._show_table()
        return self.exercise

    def _on_colour(self, change) -> None:
        self.four_colour = change["new"]
        if self.exercise is not None:
            self.exercise.set_four_colour(self.four_colour)

    # ------------------------------------------------------------------ results

    def _on_result(self, fb: Feedback) -> None:
        if self._counted:                 # only the first judged answer to a position counts
            return
        self._counted = True
        self.progress.record(self.level, fb.verdict == "right")
        self._save()
        self._show_notes()
        self._show_table()

    def _save(self) -> None:
        problem = self.progress.save() if self._dirty() else None
        if problem and problem not in self.notes:
            self.notes.append(problem)

    def _dirty(self) -> bool:
        """Write only once the learner has done something (building the page writes nothing)."""
        return self.progress.changed and (
            any(e["answered"] or len(e["seen"]) > 1 or e["generated"]
                for e in self.progress.levels.values()) or self.progress.path.exists())

    def _show_notes(self) -> None:
        texts = self.notes + ([self.message] if self.message else [])
        self.notice_html.value = "".join(
            f"<div style='color:#8a6100;line-height:1.4'>{html.escape(t)}</div>" for t in texts)

    def stats(self, level: str) -> dict:
        e = self.progress.level(level)
        return {k: e[k] for k in ("answered", "right", "streak", "best_streak")}

    def _show_table(self) -> None:
        rows = []
        for lv in self.levels:
            s = self.progress.levels.get(lv, _empty_level())
            mark = " style='font-weight:600'" if lv == self.level else ""
            rows.append(f"<tr{mark}><td style='text-align:left;padding:1px 8px'>{html.escape(LEVEL_NAMES[lv])}</td>"
                        f"<td style='padding:1px 8px'>{s['answered']}</td><td style='padding:1px 8px'>{s['right']}</td>"
                        f"<td style='padding:1px 8px'>{s['streak']}</td></tr>")
        self.table_html.value = (
            "<table class='bezique-progress' style='border-collapse:collapse;margin:6px 0 0 0;"
            "font-size:0.9em'><caption style='text-align:left;font-weight:600'>Ваш прогресс</caption>"
            "<thead><tr><th style='text-align:left;padding:1px 8px'>Уровень</th>"
            "<th style='padding:1px 8px'>Решено</th><th style='padding:1px 8px'>Верно</th>"
            "<th style='padding:1px 8px'>Подряд верно</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")
