"""«Сохранить прогресс в файл» and «Загрузить прогресс из файла»: the exercise progress taken to
another computer or browser, or kept safe, in both routes (a file beside the notebook, or the
browser's storage).

The saved file is the progress itself (`progress.progress_text`, the format every place
keeps), offered as a download link with a data: URL. A loaded file is checked whole before
anything changes (`parse_progress_file`): a malformed or damaged file is refused with a
Russian message that names what is wrong and shows what is expected, and changes nothing. A
good file is merged level by level the way a learner expects from two computers: the better
result of the two stays (`progress.merge_entry`), the positions seen on either are not shown
again, and the message says what changed.
"""

from __future__ import annotations

import datetime
import html
from typing import Callable

import ipywidgets as W

from ...errors import FormatError
from ...jsonio import parse_json
from ...ru import plural
from ..files import download_link, take_upload
from .progress import (LEVEL_NAMES, PROGRESS_FORMAT, Progress, better, clean_level, level_name,
                       progress_text)

MAX_FILE_BYTES = 2_000_000         # a real progress file has a few kilobytes
EXAMPLE = ('{"format": "bezique-progress/1", "levels": {"t1_trick_winner": {"answered": 3, '
           '"right": 2, "streak": 1, "best_streak": 2, "seen": ["tw-1", "tw-2", "tw-3"], '
           '"generated": 0}}}')
EXPECTED = "Нужен файл, который сохраняет кнопка «Сохранить прогресс в файл», например такой:"
# Files of the course that are not a progress, by their format.
OTHER_FILES = {"bezique-deal/1": "запись сдачи с тренировочного стола",
               "bezique-position/1": "позиция упражнения"}
STYLE = {"error": ("#fdeaea", "#a8201a"), "ok": ("#e6f4ea", "#1e7b34"),
         "info": ("#f3f4f6", "#555555")}


class Refused(ValueError):
    """A progress file that cannot be loaded; `str(e)` says why, in Russian."""


def _size_ru(n: int) -> str:
    return f"{n / 1_000_000:.1f} МБ".replace(".", ",") if n >= 100_000 else f"{n // 1000} КБ"


def parse_progress_file(data: bytes) -> dict[str, dict]:
    """The checked levels of a progress file; `Refused` (Russian) for anything else."""
    if not data:
        raise Refused("Файл пуст.")
    if len(data) > MAX_FILE_BYTES:
        raise Refused(f"Файл слишком большой ({_size_ru(len(data))}), а файл прогресса "
                      "занимает несколько килобайт — похоже, выбран не тот файл.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("Это не текстовый файл (или он не в кодировке UTF-8) — похоже, выбран "
                      "не тот файл.") from None
    try:
        value = parse_json(text)
    except FormatError as e:
        raise Refused(f"Файл не читается: {e.detail}.") from None
    if not isinstance(value, dict):
        raise Refused("В файле нет прогресса упражнений.")
    fmt = value.get("format", PROGRESS_FORMAT)
    if fmt != PROGRESS_FORMAT:
        if fmt in OTHER_FILES:
            raise Refused(f"Это {OTHER_FILES[fmt]}, а не прогресс упражнений.")
        shown = fmt if isinstance(fmt, str) and len(fmt) <= 40 else "?"
        raise Refused(f"Файл записан в другом формате («{shown}»), а прогресс курса — "
                      f"в формате «{PROGRESS_FORMAT}».")
    levels = value.get("levels")
    if not isinstance(levels, dict):
        raise Refused("В файле нет списка уровней.")
    if not levels:
        raise Refused("В файле нет ни одного уровня — загружать нечего.")
    out = {}
    for level, entry in levels.items():
        if level not in LEVEL_NAMES:
            raise Refused(f"В файле есть уровень, которого в курсе нет: {level_name(level)}.")
        try:
            out[level] = clean_level(entry)
        except ValueError as e:
            raise Refused(f"Уровень {level_name(level)} в файле испорчен: {e}.") from None
    return out


def merge_report(before: dict[str, dict], incoming: dict[str, dict]) -> str:
    """What loading `incoming` over `before` changes, in Russian (a level without answers
    here counts as new)."""
    new = [lv for lv in incoming if lv not in before or not before[lv]["answered"]]
    taken = [lv for lv in incoming if lv not in new and better(incoming[lv], before[lv])]
    kept = [lv for lv in incoming if lv not in new and lv not in taken]
    names = lambda levels: ", ".join(map(level_name, levels))    # noqa: E731
    parts = [f"Прогресс загружен из файла: {plural(len(incoming), 'уровень')}."]
    if new:
        parts.append(f"Новые: {names(new)}.")
    if taken:
        parts.append(f"В файле результат лучше — он и взят: {names(taken)}.")
    if kept:
        parts.append(f"Здесь результат не хуже, он оставлен: {names(kept)}.")
    return " ".join(parts)


class ProgressFiles(W.VBox):
    """The two buttons under the progress table, a download link and one message line.

    `progress` is the trainer's `Progress`; `on_change()` is called after a file was loaded
    (the trainer redraws its table)."""

    def __init__(self, progress: Progress, on_change: Callable[[], None] | None = None):
        self.progress = progress
        self.on_change = on_change
        self.save_button = W.Button(description="Сохранить прогресс в файл", icon="download",
                                    tooltip="Файл, чтобы перенести прогресс на другой компьютер "
                                            "или в другой браузер",
                                    layout=W.Layout(width="max-content"))
        self.save_button.on_click(lambda _: self.export())
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Загрузить прогресс из файла", icon="upload",
                                   layout=W.Layout(width="max-content"))
        self.upload.observe(self._on_upload, names="value")
        self.link = W.HTML()
        self.message = W.HTML()
        self.message_text = ""
        self.message_kind = "info"
        super().__init__([W.HBox([self.save_button, self.upload, self.link],
                                 layout=W.Layout(flex_flow="row wrap", align_items="center")),
                          self.message])
        self.add_class("bezique-progress-files")

    def _say(self, kind: str, text: str, example: bool = False) -> None:
        self.message_kind, self.message_text = kind, text
        bg, fg = STYLE[kind]
        more = (f"<div style='margin-top:4px'>{html.escape(EXPECTED)}</div><code style='"
                f"display:block;white-space:pre-wrap;word-break:break-all;font-size:0.85em'>"
                f"{html.escape(EXAMPLE)}</code>") if example else ""
        self.message.value = (f"<div class='bezique-progress-files-message bezique-{kind}' "
                              f"role='status' style='background:{bg};border-left:4px solid {fg};"
                              f"padding:4px 10px;margin:4px 0;line-height:1.4'>"
                              f"{html.escape(text)}{more}</div>")

    def _not_ready(self) -> bool:
        if self.progress.place.ready:
            return False
        self._say("info", "Прогресс ещё загружается из браузера — попробуйте через секунду.")
        return True

    def export(self) -> str | None:
        """«Сохранить прогресс в файл»: the whole progress (every exercise page's) as a
        download link; returns the file's text (None when there is nothing to save yet)."""
        if self._not_ready():
            return None
        note = self.progress.reread()
        levels = self.progress.levels
        if not any(e["answered"] for e in levels.values()):
            self.link.value = ""
            self._say("info", "Сохранять пока нечего: вы ещё не решали упражнений.")
            return None
        text = progress_text(levels)
        name = f"bezique-progress-{datetime.date.today().isoformat()}.json"
        self.link.value = download_link(text, name, "Скачать файл прогресса",
                                        style="line-height:2.2;margin-left:6px")
        answered = sum(e["answered"] for e in levels.values())
        right = sum(e["right"] for e in levels.values())
        self._say("ok", " ".join(filter(None, [
            note, f"Файл готов: нажмите «Скачать файл прогресса». В нём "
                  f"{plural(len(levels), 'уровень')} и {plural(answered, 'ответ')}, из них "
                  f"верных — {right}. Загрузить его можно на любой странице упражнений."])))
        return text

    def _on_upload(self, change) -> None:
        content = take_upload(self.upload, change)
        if content is not None:
            self.load_bytes(content)

    def load_bytes(self, data: bytes) -> bool:
        """«Загрузить прогресс из файла»: merge a progress file; a bad one changes nothing."""
        try:
            incoming = parse_progress_file(data)
        except Refused as e:
            self._say("error", f"{e} Ничего не изменилось.", example=True)
            return False
        if self._not_ready():
            return False
        progress = self.progress
        note = progress.reread()
        report = merge_report(progress.levels, incoming)
        for level, entry in incoming.items():
            progress.import_level(level, entry)
        problem = progress.save()
        self.link.value = ""
        self._say("error" if problem else "ok",
                  " ".join(filter(None, [note, report, problem])))
        if self.on_change is not None:
            self.on_change()
        return True


__all__ = ["ProgressFiles", "Refused", "parse_progress_file", "merge_report", "MAX_FILE_BYTES"]
