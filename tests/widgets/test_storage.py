"""`BrowserStore`, the kernel's side: the messages of the front-end (storage.js) simulated —
the first value, another page's change, refusals — and the requests it sends."""

import pytest

from ci_support import require_import

require_import("ipywidgets")

from bezique.widgets.storage import BrowserStore, reason_ru

from fake_browser_storage import FakeBrowser


@pytest.fixture
def store():
    s = BrowserStore("test:progress")
    s.sent = []
    s.send = lambda content, buffers=None: s.sent.append(content)
    s.heard = []
    s.on_change(lambda st, what: s.heard.append(what))
    return s


def msg(store, **content):
    store._handle_custom_msg(content, [])


def test_the_widget_names_its_front_end_and_hides():
    s = BrowserStore()
    state = s.get_state()
    assert state["_model_module"] == state["_view_module"] == "bezique-storage"
    assert state["_model_module_version"] == state["_view_module_version"] == "*"
    assert state["_model_name"] == "BrowserStoreModel" and state["_view_name"] == "BrowserStoreView"
    assert state["key"] == "bezique:progress"
    assert s.layout.display == "none"


def test_the_first_value_loads_and_later_changes_are_told(store):
    assert not store.loaded and store.text is None
    msg(store, event="value", key="test:progress", value="one", keys=["test:progress:damaged:1",
                                                                     "other:key", 5], reason="render")
    assert store.loaded and store.text == "one" and store.heard == ["loaded"]
    assert store.side_keys == {"test:progress:damaged:1"}
    msg(store, event="value", key="test:progress", value="one", keys=[], reason="render")
    assert store.heard == ["loaded"]                       # a second view, nothing new
    msg(store, event="value", key="test:progress", value="two", keys=[], reason="storage")
    assert store.text == "two" and store.heard == ["loaded", "changed"]


def test_nothing_stored_is_a_value_too(store):
    msg(store, event="value", key="test:progress", value=None, keys=[], reason="render")
    assert store.loaded and store.text is None and store.heard == ["loaded"]


def test_javascripts_null_from_the_browsers_kernel_is_none(store, monkeypatch):
    """Pyodide's kernel hands a message's null over as `pyodide.ffi.jsnull`: nothing stored
    must still load (the live site's trainer waited for its progress for ever)."""
    import bezique.widgets.storage as storage

    class JsNull:                        # pyodide.ffi.JsNull: falsy, and not None
        def __bool__(self):
            return False

    jsnull = JsNull()
    monkeypatch.setattr(storage, "_JS_NULL", jsnull)
    msg(store, event="value", key="test:progress", value=jsnull, keys=[], reason="render",
        id=jsnull)
    assert store.loaded and store.text is None and store.heard == ["loaded"]


@pytest.mark.parametrize("content", [None, 5, "text", [], {}, {"event": "nope"},
                                     {"event": "value", "value": 5},
                                     {"event": "value", "value": ["x"]},
                                     {"event": "written", "id": "x"}])
def test_malformed_messages_are_ignored(store, content):
    store._handle_custom_msg(content, [])
    assert not store.loaded and store.text is None and store.heard == [] and store.problem is None


def test_requests_carry_ids_and_keys(store):
    a = store.write("progress")
    b = store.write("old", key="test:progress:damaged:1")
    c = store.write("new", unless_failed=b)
    d = store.remove("test:progress:damaged:1")
    e = store.read()
    assert [a, b, c, d, e] == [1, 2, 3, 4, 5]
    assert store.sent == [
        {"op": "write", "id": 1, "key": "test:progress", "value": "progress", "unless_failed": None},
        {"op": "write", "id": 2, "key": "test:progress:damaged:1", "value": "old", "unless_failed": None},
        {"op": "write", "id": 3, "key": "test:progress", "value": "new", "unless_failed": 2},
        {"op": "remove", "id": 4, "key": "test:progress:damaged:1", "unless_failed": None},
        {"op": "read", "id": 5}]
    assert store.text == "new" and store.side_keys == set()
    with pytest.raises(ValueError):
        store.write("x", key="someone:else")
    with pytest.raises(ValueError):
        store.write("x", key="test:progressive")


def test_requests_go_through_the_widgets_comm():
    """The real path of a request: a custom message on the widget's comm (no method of the
    widget's own machinery is shadowed — `Widget._send` once was, and every request recursed)."""
    s = BrowserStore("test:progress")
    got = []
    s.comm.send = lambda data=None, metadata=None, buffers=None: got.append(data)
    s.write("x")
    s.read()
    assert got == [{"method": "custom", "content": {"op": "write", "id": 1, "key": "test:progress",
                                                    "value": "x", "unless_failed": None}},
                   {"method": "custom", "content": {"op": "read", "id": 2}}]
    s.layout.display = "none"                # state updates still go out as updates
    assert not any(m.get("method") == "custom" and "op" not in m["content"] for m in got)


def test_a_refusal_is_told_in_russian(store):
    msg(store, event="value", key="test:progress", value=None, keys=[], reason="render")
    n = store.write("x" * 100)
    msg(store, event="error", op="write", key="test:progress", id=n, name="QuotaExceededError",
        message="The quota has been exceeded.")
    assert store.failed(n) and not store.succeeded(n)
    assert store.heard == ["loaded", "error"]
    assert store.problem == reason_ru("QuotaExceededError") and "место" in store.problem
    assert store.problem_op == "write" and store.problem_key == "test:progress"
    m = store.write("y")
    msg(store, event="written", key="test:progress", id=m)
    assert store.succeeded(m) and not store.failed(m)


def test_a_skipped_write_fails_quietly(store):
    msg(store, event="value", key="test:progress", value=None, keys=[], reason="render")
    msg(store, event="error", op="write", key="test:progress", id=3, name="Skipped", message="")
    assert store.failed(3) and store.heard == ["loaded"] and store.problem is None


def test_storage_switched_off_still_loads(store):
    """Private mode: reading fails; the store goes on (empty) and says why."""
    msg(store, event="error", op="read", key="test:progress", id=None, name="SecurityError",
        message="The operation is insecure.")
    assert store.loaded and store.text is None and store.heard == ["loaded"]
    assert store.problem_op == "read" and "приватном режиме" in store.problem
    assert "браузер" in reason_ru("SomethingNew")


def test_the_fake_browser_plays_the_protocol():
    """The simulated front-end used by the trainer's tests answers as storage.js does."""
    browser = FakeBrowser()
    a, b = BrowserStore("k"), BrowserStore("k")
    heard = []
    b.on_change(lambda st, what: heard.append(what))
    browser.open(a)
    browser.open(b)
    assert a.loaded and b.loaded and heard == ["loaded"]
    a.write("hello")
    assert browser.items == {}                  # not yet: the page gets it after the kernel
    browser.run()
    assert browser.items == {"k": "hello"} and b.text == "hello" and heard == ["loaded", "changed"]
