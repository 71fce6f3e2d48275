"""«Сохранить прогресс в файл» and «Загрузить прогресс из файла», with the progress in a file
and in the browser: the saved file loads back to the same counts, a loaded file keeps the
better result of each level and says what changed, and a bad file is refused in Russian with
an example and changes nothing."""

import base64
import datetime
import json
import re

import pytest

from ci_support import require_import

require_import("ipywidgets")
require_import("ipycanvas")

from bezique.widgets.exercises.progress import PROGRESS_FORMAT
from bezique.widgets.exercises.progress_files import EXAMPLE, parse_progress_file, Refused
from bezique.widgets.exercises.trainer import Trainer
from bezique.widgets.storage import BrowserStore

from fake_browser_storage import FakeBrowser
from test_trainer import GOOD_LEVEL, answer_right, folder  # noqa: F401  (a fixture)

KEY = "bezique:progress"
LEVELS = ["t1_trick_winner", "m4_timing"]


class Route:
    """Trainers of one learner on one computer: progress in a file or in the browser."""

    def __init__(self, kind, tmp_path, folder):
        self.kind, self.tmp_path, self.folder = kind, tmp_path, folder
        self.browser = FakeBrowser() if kind == "browser" else None

    def trainer(self, levels=LEVELS):
        if self.kind == "file":
            return Trainer(levels=levels, positions_dir=self.folder,
                           progress_path=self.tmp_path / "progress.json")
        t = Trainer(levels=levels, positions_dir=self.folder, store=BrowserStore(KEY))
        self.browser.open(t.browser_store)
        self.browser.run()
        return t

    def settle(self):
        if self.browser:
            self.browser.run()

    def stored(self):
        """What the place holds now (bytes of the file, or the browser's items)."""
        if self.kind == "file":
            path = self.tmp_path / "progress.json"
            return path.read_bytes() if path.exists() else None
        return dict(self.browser.items)


@pytest.fixture(params=["file", "browser"])
def route(request, tmp_path, folder):
    return Route(request.param, tmp_path, folder)


@pytest.fixture
def other(tmp_path, folder):
    """Another computer (a file route in another folder)."""
    (tmp_path / "other").mkdir()
    return Route("file", tmp_path / "other", folder)


def saved_file(t) -> bytes:
    """Press «Сохранить прогресс в файл» and download the link's file."""
    assert t.files.export() is not None
    href = re.search(r'href="data:application/json;charset=utf-8;base64,([^"]+)"', t.files.link.value)
    assert 'download="bezique-progress-' in t.files.link.value
    return base64.b64decode(href.group(1))


def upload(t, data: bytes):
    """Choose a file in «Загрузить прогресс из файла», as the browser sends it."""
    t.files.upload.value = ({"name": "p.json", "type": "application/json", "size": len(data),
                             "content": memoryview(data),
                             "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)},)


def test_the_buttons_are_there(route):
    t = route.trainer()
    assert t.files in t.children
    assert t.files.save_button.description == "Сохранить прогресс в файл"
    assert t.files.upload.description == "Загрузить прогресс из файла"
    assert t.files.upload.accept == ".json,application/json" and not t.files.upload.multiple


def test_nothing_to_save_yet(route):
    t = route.trainer()
    route.settle()
    assert t.files.export() is None and t.files.link.value == ""
    assert "Сохранять пока нечего" in t.files.message_text


def test_saved_progress_loads_back_on_another_computer(route, other):
    t = route.trainer()
    answer_right(t)
    t.show_next()
    answer_right(t)
    route.settle()
    data = saved_file(t)
    assert json.loads(data)["format"] == PROGRESS_FORMAT
    assert "2 ответа, из них верных — 2" in t.files.message_text
    there = other.trainer()
    upload(there, data)
    assert there.files.message_kind == "ok"
    assert there.files.message_text.startswith("Прогресс загружен из файла: 1 уровень.")
    assert "Новые: «Кто возьмёт взятку»" in there.files.message_text
    assert there.stats("t1_trick_winner") == t.stats("t1_trick_winner")
    assert "<td style='padding:1px 8px'>2</td>" in there.table_html.value
    assert there.files.upload.value == ()                   # the same file may be chosen again
    saved = json.loads((other.tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert saved["levels"]["t1_trick_winner"]["right"] == 2
    # The positions seen there are not shown again here.
    there.show_next()
    assert there.current["id"] == "tw-3"


def test_loading_keeps_the_better_result_of_each_level(route):
    t = route.trainer()
    answer_right(t)                                  # here: 1 of 1 on «Кто возьмёт взятку»
    route.settle()
    better_here = {"answered": 1, "right": 0, "streak": 0, "best_streak": 0, "seen": ["tm-9"],
                   "generated": 0}
    data = json.dumps({"format": PROGRESS_FORMAT, "levels": {
        "t1_trick_winner": {"answered": 9, "right": 7, "streak": 3, "best_streak": 5,
                            "seen": ["tw-2", "gen:abc"], "generated": 4},
        "m4_timing": better_here}}).encode()
    t.choose_level("m4_timing")
    answer_right(t)                                  # here: 1 of 1 on «Когда объявлять…»
    route.settle()
    upload(t, data)
    route.settle()
    msg = t.files.message_text
    assert msg.startswith("Прогресс загружен из файла: 2 уровня.")
    assert "В файле результат лучше — он и взят: «Кто возьмёт взятку»" in msg
    assert "Здесь результат не хуже, он оставлен: «Когда объявлять можно, а когда нельзя»" in msg
    assert t.stats("t1_trick_winner") == {"answered": 9, "right": 7, "streak": 3, "best_streak": 5}
    assert t.stats("m4_timing")["right"] == 1
    level = t.progress.levels["t1_trick_winner"]
    assert level["seen"][0] == "tw-1" and {"tw-2", "gen:abc"} <= set(level["seen"])
    assert level["generated"] == 4
    assert "tm-9" in t.progress.levels["m4_timing"]["seen"]
    again = route.trainer()                          # and it was saved
    assert again.stats("t1_trick_winner")["answered"] == 9


BAD_FILES = {
    "пустой": (b"", "Файл пуст"),
    "не текст": (b"\xff\xfe\x00\x01", "не текстовый"),
    "не JSON": (b"{levels: 1}", "Файл не читается: это не JSON"),
    "список": (b"[1, 2]", "нет прогресса упражнений"),
    "запись сдачи": (b'{"format": "bezique-deal/1", "levels": {}}', "запись сдачи"),
    "чужой формат": (b'{"format": "bezique-progress/9", "levels": {}}', "в другом формате"),
    "нет уровней": (b'{"format": "bezique-progress/1"}', "нет списка уровней"),
    "пустые уровни": (b'{"levels": {}}', "нет ни одного уровня"),
    "чужой уровень": (b'{"levels": {"x9_unknown": {}}}', "которого в курсе нет: «x9_unknown»"),
    "испорченный уровень": (b'{"levels": {"t1_trick_winner": {"answered": 1, "right": 2}}}',
                            "Уровень «Кто возьмёт взятку» в файле испорчен: верных ответов больше"),
    "огромное число": (b'{"levels": {"t1_trick_winner": {"answered": ' + b"9" * 40 + b"}}}",
                       "невероятно большое число"),
    "тысячи цифр": (b'{"levels": {"t1_trick_winner": {"answered": ' + b"7" * 5000 + b"}}}",
                    "число из тысяч цифр"),
    "глубина": (b'{"levels": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "вложенность"),
    "слишком большой": (b'{"levels": {}, "x": "' + b"a" * 3_000_000 + b'"}', "слишком большой"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_bad_file_is_refused_and_changes_nothing(route, name):
    data, words = BAD_FILES[name]
    t = route.trainer()
    answer_right(t)
    route.settle()
    before, levels = route.stored(), json.dumps(t.progress.levels, sort_keys=True)
    upload(t, data)
    route.settle()
    msg = t.files.message_text
    assert t.files.message_kind == "error" and words in msg and msg.endswith("Ничего не изменилось.")
    assert "Traceback" not in msg and "Error" not in msg
    assert "например такой" in t.files.message.value and "bezique-progress/1" in t.files.message.value
    assert route.stored() == before and json.dumps(t.progress.levels, sort_keys=True) == levels
    assert t.files.upload.value == ()


def test_the_example_of_the_message_loads():
    assert parse_progress_file(EXAMPLE.encode())["t1_trick_winner"]["right"] == 2


def test_a_file_without_its_format_line_is_read_as_progress():
    assert parse_progress_file(json.dumps({"levels": {"m4_timing": GOOD_LEVEL}}).encode()) \
        == {"m4_timing": GOOD_LEVEL}
    with pytest.raises(Refused):
        parse_progress_file(b'{"format": null, "levels": {"m4_timing": {}}}')
