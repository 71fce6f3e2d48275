"""`Trainer`: endless practice by level — the curated positions first, then fresh ones.

A level is a folder of position files, `exercises/positions/<level>/`, written and checked by
people; when a learner has seen them all (or asks for new ones), `bezique.generator` makes
fresh positions of the same level from random deals, solved and explained by the engine.
Each position is shown with `ExerciseWidget`; the first judged answer to a position counts.

Progress per level (answered, right, streak, and which positions were seen) is shared by all
exercise pages and kept by `progress.Progress` in a place (`places`): a JSON file in the
learner's working folder, or — when the kernel runs in the browser, where files vanish on
reload — the browser's storage (`storage.BrowserStore`, an invisible child of the trainer).
Under the progress table, «Сохранить прогресс в файл» and «Загрузить прогресс из файла»
(`progress_files.ProgressFiles`) carry it to another computer.
"""

from __future__ import annotations

import html
import os
import sys
from pathlib import Path
from typing import Iterable

import ipywidgets

from ...errors import FormatError
from ...generator import GENERATORS, content_key, generate
from ...positions import load_file
from ..menu import Menu
from ..page import OnPage, answer_html
from ..storage import BrowserStore
from .exercise import ExerciseWidget, Feedback
from .places import BrowserPlace, FilePlace, progress_store, shared_store
from .progress import (LEVEL_NAMES, MELD_LEVELS, MULTIPACK_LEVELS, VARIANT_LEVELS, Progress,
                       empty_level)
from .progress_files import ProgressFiles


def package_root() -> Path:
    """The repository root: the parent of the `bezique` package folder."""
    return Path(sys.modules["bezique"].__file__).resolve().parent.parent


POSITIONS_ENV = "BEZIQUE_POSITIONS"


def positions_root() -> Path:
    """The curated positions: exercises/positions of the checkout, or the folder the
    environment variable BEZIQUE_POSITIONS names (the live site's browser kernel unpacks them
    there: its `bezique` is an installed wheel, with no checkout around it)."""
    folder = os.environ.get(POSITIONS_ENV, "").strip()
    return Path(folder) if folder else package_root() / "exercises" / "positions"


def _key(raw: dict) -> str:
    """What the learner sees (ids, texts and the list of drilled rules aside)."""
    return content_key({k: v for k, v in raw.items() if k != "rules_drilled"})


class Trainer(OnPage, ipywidgets.VBox):
    """A choice of level, «Ещё одно», the current exercise and a short progress table.

    >>> Trainer(levels=["m1_single", "m2_several"])

    `store` is where the progress is kept: "file" (`progress_path`, beside the notebook) or
    "browser" (the browser's storage: the kernel's shared `BrowserStore`, or the one given);
    None: `places.progress_store()` decides.
    """

    static_hint = ("Здесь можно выбрать уровень и ответить на позицию — ответ проверится сразу, "
                   "а кнопка «Ещё одно» даст следующую позицию.")

    def on_static_page(self) -> None:
        """On a static page, the answer to the position shown, right under it (live, the
        position changes with «Ещё одно», so a fixed answer would soon be wrong)."""
        if self.exercise is not None:
            self.exercise_box.children = [self.exercise,
                                          ipywidgets.HTML(answer_html(self.exercise.answer()))]

    def __init__(self, levels: Iterable[str] | None = None,
                 progress_path: str | os.PathLike = "bezique_progress.json", *,
                 positions_dir: str | os.PathLike | None = None, four_colour: bool = False,
                 store: "str | BrowserStore | None" = None):
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
        store = store or progress_store()
        if isinstance(store, BrowserStore):
            self.browser_store = store
        elif store in ("file", "browser"):
            self.browser_store = shared_store() if store == "browser" else None
        else:
            raise ValueError(f"store: 'file', 'browser' or a BrowserStore, not {store!r}")
        place = BrowserPlace(self.browser_store) if self.browser_store else FilePlace(progress_path)
        self.progress = Progress(place)
        self._note(self.progress.problem)
        self._curated: dict[str, list[dict]] = {}
        self.current: dict | None = None           # the raw position shown now
        self.current_source: str | None = None     # "curated" or "generated"
        self.current_key: str | None = None        # its mark in the list of seen positions
        self.exercise: ExerciseWidget | None = None
        self._counted = False
        self.message = ""

        self.level_dropdown = Menu(
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
        self.files = ProgressFiles(self.progress, on_change=self._after_import)
        self.children = [ipywidgets.HBox([self.level_dropdown, self.next_button],
                                         layout=ipywidgets.Layout(flex_flow="row wrap")),
                         ipywidgets.HBox([self.fresh_check, self.colour_check],
                                         layout=ipywidgets.Layout(flex_flow="row wrap")),
                         self.notice_html, self.source_html,
                         self.exercise_box, self.table_html, self.files]
        if self.browser_store is not None:
            self.children += (self.browser_store,)
            self.browser_store.on_change(self._on_store)
        if not self.positions_dir.is_dir():
            self.notes.append(f"Не найдена папка с задачником упражнений «{self.positions_dir}». "
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
                    self.current_key = raw["id"]
                    return raw, "curated"
        if level not in GENERATORS:
            if not curated:
                raise LookupError(f"Для уровня «{LEVEL_NAMES[level]}» нет ни задачника, ни генератора позиций.")
            self.message = ("Все позиции этого уровня из задачника пройдены — начинаем его сначала. "
                            "(Новых позиций этого уровня программа не создаёт.)")
            progress.restart_curated(level)
            raw = curated[0]
            progress.mark_seen(level, raw["id"])
            self.current_key = raw["id"]
            return raw, "curated"
        if not generated and curated:
            self.message = ("Позиции этого уровня из задачника закончились — дальше новые, их "
                            "создаёт программа.")
        exclude = {s[4:] for s in seen if s.startswith("gen:")} | {_key(r) for r in curated}
        raw = generate(level, 1, seed=progress.level(level)["generated"], exclude=exclude)[0]
        progress.count_generated(level)
        self.current_key = "gen:" + content_key(raw)
        progress.mark_seen(level, self.current_key)
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
        where = ("из задачника" if source == "curated" else "новая, создана программой")
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
        self._note(self.progress.save() if self._dirty() else None)

    def _note(self, text: str | None) -> None:
        if text and text not in self.notes:
            self.notes.append(text)

    def _dirty(self) -> bool:
        """Write only once the learner has done something (building the page writes nothing)."""
        return self.progress.changed and (
            any(e["answered"] or len(e["seen"]) > 1 or e["generated"]
                for e in self.progress.levels.values()) or self.progress.place.has_content())

    # ------------------------------------------------------------------ the browser's storage

    def _on_store(self, store, what: str) -> None:
        """The browser answered ("loaded"), another page saved ("changed"), or the browser
        refused something ("error")."""
        place = self.progress.place
        if what in ("loaded", "changed"):
            self._note(self.progress.reread())
            seen_before = self.current_key in self.progress.stored.get(self.level, {}).get("seen", ())
            if what == "loaded" and seen_before and not self._counted:
                # The position shown before the browser answered was seen on an earlier
                # visit: go on where the learner stopped instead.
                self.show_next()
            else:
                self._save()
        self._note(place.problem_note())
        self._show_notes()
        self._show_table()

    def _after_import(self) -> None:
        self._show_notes()
        self._show_table()

    def _show_notes(self) -> None:
        texts = self.notes + ([self.message] if self.message else [])
        self.notice_html.value = "".join(
            f"<div style='color:#8a6100;line-height:1.4'>{html.escape(t)}</div>" for t in texts)

    def stats(self, level: str) -> dict:
        e = self.progress.level(level)
        return {k: e[k] for k in ("answered", "right", "streak", "best_streak")}

    def _show_table(self) -> None:
        loading = "" if self.progress.place.ready else " (загружается из браузера…)"
        rows = []
        for lv in self.levels:
            s = self.progress.levels.get(lv, empty_level())
            mark = " style='font-weight:600'" if lv == self.level else ""
            rows.append(f"<tr{mark}><td style='text-align:left;padding:1px 8px'>{html.escape(LEVEL_NAMES[lv])}</td>"
                        f"<td style='padding:1px 8px'>{s['answered']}</td><td style='padding:1px 8px'>{s['right']}</td>"
                        f"<td style='padding:1px 8px'>{s['streak']}</td></tr>")
        self.table_html.value = (
            "<table class='bezique-progress' style='border-collapse:collapse;margin:6px 0 0 0;"
            f"font-size:0.9em'><caption style='text-align:left;font-weight:600'>Ваш прогресс{loading}</caption>"
            "<thead><tr><th style='text-align:left;padding:1px 8px'>Уровень</th>"
            "<th style='padding:1px 8px'>Решено</th><th style='padding:1px 8px'>Верно</th>"
            "<th style='padding:1px 8px'>Подряд верно</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")
