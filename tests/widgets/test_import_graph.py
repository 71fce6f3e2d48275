"""The widgets' modules import one another without a circle, and without lazy shims.

Every import counts, those inside functions too (a circle through a late import is still a
circle: `drawing` ↔ `layout` was one). A package's `__init__` imports nothing.
"""

import ast
from pathlib import Path

import bezique.widgets

ROOT = Path(bezique.widgets.__file__).parent
PACKAGE = "bezique.widgets"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def imports(path: Path) -> set[str]:
    """The bezique.widgets modules that `path` imports (anywhere in it)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            candidates = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        out |= {c for c in candidates if c.startswith(PACKAGE + ".") and c in MODULES}
    return out - {name}


MODULES = {module_name(p) for p in ROOT.rglob("*.py")}
GRAPH = {module_name(p): imports(p) for p in ROOT.rglob("*.py")}


def test_no_import_circle_among_the_widgets():
    state: dict[str, int] = {}                # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(GRAPH[m]):
            if state.get(n) == 1:
                circle = path[path.index(n):] + [n]
                raise AssertionError("import circle: " + " → ".join(circle))
            if n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(GRAPH):
        if m not in state:
            visit(m)


def test_packages_import_nothing_and_no_module_forwards_names():
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert "__getattr__" not in names, f"{path.relative_to(ROOT)}: a lazy re-export"
        if path.name == "__init__.py":
            assert not [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))], path


def test_the_rooms_depend_one_way():
    """render ← everything; demos, exercises and practice do not import one another, except
    that the demos ask the exercises' judge for the `Answer` of a question. The two helpers
    for the browser stand alone: `background` (work without threads) for the practice table,
    `storage` (the browser's storage) for the exercises' progress, and `files` (a download
    link, an uploaded file) for both; `menu` (the course's dropdown) for all three."""
    allowed = {"render": {"render"},
               "exercises": {"render", "exercises", "page", "storage", "files", "menu"},
               "demos": {"render", "demos", "exercises", "page", "menu"},
               "practice": {"render", "practice", "page", "background", "files", "menu"},
               "page": {"exercises"}, "background": set(), "storage": set(), "files": set(),
               "menu": set()}
    for m, targets in GRAPH.items():
        room = m.split(".")[2] if m.count(".") >= 2 else ""
        for t in targets:
            assert t.split(".")[2] in allowed.get(room, set()), f"{m} imports {t}"
