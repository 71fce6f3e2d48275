"""Compile a pure-Python wheel for Pyodide: every module as bytecode of Pyodide's own Python.

Run inside Pyodide (book/site/compile_wheels.mjs, under Node at `make site` time), never by
CPython: the bytecode must be the browser's Python's (3.14), not the build machine's. As
Pyodide packages its own wheels, each `x.py` is replaced by `x.pyc` beside it (a "legacy" pyc,
which Python imports without a source): the browser then imports the course, IPython and
ipywidgets without compiling them first — about 6 s less before a page comes alive — and
downloads no more than before. Everything else in the wheel is kept byte for byte; RECORD is
written anew.

    compile_wheel(src_path, dst_path)
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import marshal
import sys
import zipfile

SITE = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"


def _record_row(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def _pyc(source: bytes, name: str) -> bytes:
    """The bytes of a pyc of `source` (unchecked hash: never compared with a source file)."""
    code = compile(source, f"{SITE}/{name}", "exec", dont_inherit=True, optimize=0)
    flags = 0b01                                 # hash-based, unchecked (PEP 552)
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def compile_wheel(src: str, dst: str) -> int:
    """Write `dst`: the wheel `src` with its modules compiled; returns how many."""
    out = io.BytesIO()
    rows: list[list[str]] = []
    record_name = None
    compiled = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            if item.is_dir():
                continue
            data = zin.read(item.filename)
            name = item.filename
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py") and ".dist-info/" not in name and ".data/" not in name:
                try:
                    data, name = _pyc(data, name), name + "c"
                    compiled += 1
                except SyntaxError:
                    pass                           # keep a source the browser's Python refuses
            zout.writestr(zipfile.ZipInfo(name, item.date_time), data, zipfile.ZIP_DEFLATED)
            rows.append(_record_row(name, data))
        if record_name is None:
            raise ValueError(f"{src}: колесо без RECORD")
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows + [[record_name, "", ""]])
        zout.writestr(record_name, text.getvalue())
    with open(dst, "wb") as handle:
        handle.write(out.getvalue())
    return compiled
