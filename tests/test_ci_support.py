"""tests/ci_support.py: a missing tool skips locally and fails in CI."""

import pytest

from ci_support import examples, in_ci, require, require_import


@pytest.mark.parametrize("value,ci", [("true", True), ("1", True), ("", False), ("false", False),
                                      ("0", False)])
def test_in_ci_reads_the_environment(monkeypatch, value, ci):
    monkeypatch.setenv("CI", value)
    assert in_ci() is ci
    assert examples(3, 30) == (30 if ci else 3)


def test_missing_tool_skips_locally_and_fails_in_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="hunspell"):
        require("hunspell", "не установлен")
    with pytest.raises(pytest.skip.Exception, match="no_such_module_xyz"):
        require_import("no_such_module_xyz")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="в CI это ошибка"):
        require("hunspell", "не установлен")
    with pytest.raises(pytest.fail.Exception, match="no_such_module_xyz"):
        require_import("no_such_module_xyz")
    assert require_import("json").dumps([]) == "[]"


def test_no_two_test_files_share_a_name():
    """pytest imports test modules by their base name (the test folders are not packages): two
    files of one name in different folders stop the whole run at collection."""
    from collections import Counter
    from pathlib import Path
    names = Counter(p.name for p in Path(__file__).parent.rglob("test_*.py"))
    assert not [n for n, k in names.items() if k > 1]
