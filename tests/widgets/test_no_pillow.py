"""The widgets work where Pillow, numpy, matplotlib and ipycanvas are not (the browser kernel):
in a fresh Python whose imports of those libraries fail, every module of bezique.widgets
imports (except the Pillow and ipycanvas ones themselves, which must fail there), the display
chosen is the SVG one, and every code cell of every chapter and exercise notebook runs — its
widgets built, its pictures and charts shown as SVG — without an error.

`sys.platform` is not faked: the choice falls to SVG because ipycanvas and Pillow do not
import (and `BEZIQUE_DISPLAY` is unset), exactly as in Pyodide."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import importlib, io, json, os, pkgutil, sys, contextlib

BLOCKED = ("PIL", "numpy", "matplotlib", "ipycanvas", "fontTools")

class Blocker:
    """A meta-path finder that refuses the libraries the browser kernel does not have."""
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{name} is blocked (no such library in the browser kernel)")
        return None

sys.meta_path.insert(0, Blocker())
os.environ.pop("BEZIQUE_DISPLAY", None)
report = {"imported": [], "refused": [], "cells": 0, "errors": [], "pictures": 0}

import bezique.widgets
PILLOW_ONLY = {"bezique.widgets.render.drawing", "bezique.widgets.render.paint",
               "bezique.widgets.render.sprites", "bezique.widgets.render.canvas_display"}
for mod in pkgutil.walk_packages(bezique.widgets.__path__, "bezique.widgets."):
    try:
        importlib.import_module(mod.name)
        report["imported"].append(mod.name)
    except ImportError as error:
        report["refused"].append([mod.name, str(error)])

from bezique.widgets.render.display import display_kind
report["display"] = display_kind()

from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
outputs = []
def publish(data, metadata=None, **kwargs):
    outputs.append(data)
shell.display_pub.publish = publish

for path in json.loads(sys.argv[1]):
    nb = json.load(open(path, encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        report["cells"] += 1
        with contextlib.redirect_stdout(io.StringIO()):
            result = shell.run_cell(source, store_history=True)
        if not result.success:
            error = result.error_in_exec or result.error_before_exec
            report["errors"].append([path, source[:200], repr(error)])
        value = result.result
        if value is not None:
            outputs.append(shell.display_formatter.format(value)[0])

for data in outputs:
    html = data.get("text/html", "")
    if "<svg" in html:
        report["pictures"] += 1
    if "data:image/png" in html or "image/png" in data:
        report["errors"].append(["png output", html[:200], ""])

from bezique.widgets.render import metrics
report["missing_characters"] = sorted(metrics.MISSING)
report["leaked"] = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
print("REPORT " + json.dumps(report, ensure_ascii=False))
'''


def test_widgets_and_chapters_without_pillow_numpy_matplotlib_ipycanvas(tmp_path):
    notebooks = sorted(str(p) for p in (ROOT / "book" / "chapters").glob("*.ipynb"))
    notebooks += sorted(str(p) for p in (ROOT / "exercises").glob("*.ipynb"))
    env = {k: v for k, v in os.environ.items() if k not in ("BEZIQUE_DISPLAY",
                                                           "BEZIQUE_STATIC_PAGE")}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(notebooks)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=900)
    lines = [x for x in run.stdout.splitlines() if x.startswith("REPORT ")]
    assert run.returncode == 0 and lines, run.stderr[-3000:]
    report = json.loads(lines[-1][len("REPORT "):])
    refused = {name for name, _ in report["refused"]}
    assert refused == {"bezique.widgets.render.drawing", "bezique.widgets.render.paint",
                       "bezique.widgets.render.sprites",
                       "bezique.widgets.render.canvas_display"}, report["refused"]
    assert len(report["imported"]) > 40
    assert report["display"] == "svg"
    assert report["errors"] == [], report["errors"]
    assert report["cells"] > 150 and report["pictures"] > 20
    assert report["missing_characters"] == []
    assert report["leaked"] == []
