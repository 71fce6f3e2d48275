#!/usr/bin/env python
"""Make the built book a live site with no server: `make site` (after `book/build.py`).

Everything a page needs to run the engine in the learner's browser goes into
book/_build/html/vendor/site/, from the registries only, pinned:

* the Pyodide core (npm `pyodide`, the exact version `@jupyterlite/pyodide-kernel` pins) and
  the kernel's web workers, beside the site loader that book/build.py bundled there;
* the wheels: the Python packages Pyodide's own lock names for the kernel (IPython, jedi, …)
  and the course's (ipywidgets, comm, Babel), downloaded by pip from book/site/requirements.txt
  (exact versions, `--require-hashes`), the kernel's small wheels from its npm package, and
  the course's own wheel built from this checkout;
* every wheel compiled by Pyodide's own Python under Node (pyc_wheel.py): the browser imports
  IPython, ipywidgets and the course without compiling them first;
* a new `pyodide-lock.json` that names only those wheels, with the sha256 of the files served
  (Pyodide checks every download against it; a package the site does not serve is not in the
  lock at all, so nothing can be fetched from elsewhere);
* the exercise positions (positions.zip), the card sprites for the SVG card pictures, the
  DejaVu fonts the SVG text is measured with (subset, WOFF);
* manifest.json: what the loader (book/live/site.js) loads, what a first visit downloads, and
  the sha256 of every file of vendor/site/.

Babel is served with the locale data of Russian only (the engine asks it for Russian plural
rules): 10 MB less for every learner's first visit. The wheel keeps Babel's own code unchanged,
is renamed with a local version (2.19.0+ru) and carries its own RECORD.

Usage: .venv/bin/python book/site/vendor_site.py [--html DIR] [--pin]
  --pin   rewrite book/site/requirements.txt from Pyodide's lock and this environment's
          versions of the course's packages (hashes from the files pip downloads).
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import importlib.metadata
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SITE_SRC = Path(__file__).resolve().parent
BOOK = SITE_SRC.parent
ROOT = BOOK.parent
HTML = BOOK / "_build" / "html"
CACHE = BOOK / "_site_cache"
NODE_MODULES = BOOK / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
KERNEL_NPM = NODE_MODULES / "@jupyterlite" / "pyodide-kernel"
REQUIREMENTS = SITE_SRC / "requirements.txt"

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_WORKERS = ("comlink.worker.js", "coincident.worker.js")

# What the kernel needs from Pyodide's lock (pyodide-kernel's worker installs these names) and
# what the course needs besides; each with the packages it depends on, from the lock.
KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi")
# The course's pure-Python packages that Pyodide's lock does not have, pinned to the versions
# of this environment (the CPython kernels of the served book use the same).
COURSE_PACKAGES = ("ipywidgets", "comm", "jupyterlab_widgets", "babel")
# The kernel package's own wheels (its npm package ships them).
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide_kernel", "widgetsnbextension-4")
BABEL_LOCALES = ("root", "ru")


def say(message: str) -> None:
    """A line for whoever runs `make site` (a learner may): plain Russian, no tool names."""
    print(message, flush=True)


def form(n: int, one: str, few: str, many: str) -> str:
    """The word that goes with the number n (Russian plural rules): 1 пакет, 3 пакета,
    25 пакетов; подготовлен 1, подготовлены 3, подготовлено 25."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def n_packages(n: int) -> str:
    return f"{n} {form(n, 'пакет', 'пакета', 'пакетов')}"


def megabytes(size: float) -> str:
    """'24,0 МБ': one decimal, with a decimal comma."""
    return f"{size:.1f} МБ".replace(".", ",")


def fail(message: str):
    print(f"[vendor_site] ОШИБКА: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def copy(src: Path, dst: Path) -> Path:
    if not src.exists():
        fail(f"нет файла {src}")
    dst.parent.mkdir(parents=True, exist_ok=True)
    if not dst.exists() or dst.stat().st_size != src.stat().st_size or sha256(dst) != sha256(src):
        shutil.copy2(src, dst)
    return dst


# --------------------------------------------------------------------------------------------
# the lock and the pins


def pyodide_lock() -> dict:
    return json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))


def lock_closure(lock: dict, names) -> list[str]:
    """The lock's packages `names` with everything they depend on (canonical names)."""
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    seen: list[str] = []
    stack = [canonical(n) for n in names]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        if name not in packages:
            fail(f"в pyodide-lock.json нет пакета {name}")
        seen.append(name)
        stack.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


def pin(python: str) -> None:
    """Write requirements.txt: the lock's kernel packages at the lock's versions and the
    course's packages at this environment's versions, each with the sha256 of its wheel."""
    lock = pyodide_lock()
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    wanted = [(packages[n]["name"], packages[n]["version"]) for n in lock_closure(lock, KERNEL_PACKAGES)]
    wanted += [(n, importlib.metadata.version(n)) for n in COURSE_PACKAGES]
    with tempfile.TemporaryDirectory() as tmp:
        reqs = Path(tmp) / "r.txt"
        reqs.write_text("".join(f"{n}=={v}\n" for n, v in wanted), encoding="utf-8")
        pip_download(python, reqs, Path(tmp) / "w", require_hashes=False)
        lines = []
        for name, version in wanted:
            wheel = find_wheel(Path(tmp) / "w", name, version)
            lines.append(f"{name}=={version} \\\n    --hash=sha256:{sha256(wheel)}\n")
    head = ("# The Python packages of the live site (book/site/vendor_site.py), pure wheels for\n"
            "# Pyodide: the kernel's from Pyodide's lock at its versions, the course's at the\n"
            "# versions of the CPython environment. Regenerate with vendor_site.py --pin.\n")
    REQUIREMENTS.write_text(head + "".join(lines), encoding="utf-8")
    say(f"Записан {REQUIREMENTS.relative_to(ROOT)}: {n_packages(len(wanted))}.")


def pip_download(python: str, requirements: Path, dest: Path, require_hashes: bool = True) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    command = [python, "-m", "pip", "download", "-qq", "--no-deps", "--only-binary=:all:",
               "--python-version", "3.14", "--implementation", "py", "--abi", "none",
               "--platform", "any", "-d", str(dest), "-r", str(requirements)]
    if require_hashes:
        command.append("--require-hashes")
    # pip's machine-wide constraints (if any) are for this Python, not for Pyodide's.
    env = {**os.environ, "PIP_CONSTRAINT": ""}
    result = subprocess.run(command, env=env)
    if result.returncode != 0:
        fail("pip не скачал пакеты для сайта (нужен доступ к PyPI)")


def find_wheel(folder: Path, name: str, version: str | None = None) -> Path:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in sorted(folder.glob("*.whl")):
        dist, ver = path.name.split("-")[:2]
        if re.sub(r"[-_.]+", "_", dist).lower() == stem and (version is None or ver == version):
            return path
    fail(f"нет колеса {name} {version or ''} в {folder}")


def requirements() -> list[tuple[str, str]]:
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", REQUIREMENTS.read_text(encoding="utf-8"), re.M)
    if not pins:
        fail(f"в {REQUIREMENTS} нет ни одного пакета")
    return pins


# --------------------------------------------------------------------------------------------
# wheels


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level import names, Requires-Dist names) of a wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = zf.read(meta_name).decode("utf-8")
    name = re.search(r"^Name: (.+)$", meta, re.M).group(1).strip()
    version = re.search(r"^Version: (.+)$", meta, re.M).group(1).strip()
    requires = [canonical(re.split(r"[\s;<>=!~\[(]", r.strip(), maxsplit=1)[0])
                for r in re.findall(r"^Requires-Dist: (.+)$", meta, re.M) if "extra ==" not in r]
    tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                   if not n.split("/")[0].endswith((".dist-info", ".data"))})
    return name, version, tops, requires


def build_course_wheel(python: str, dest: Path) -> Path:
    """The course's wheel, built from this checkout (the engine and the widgets)."""
    for old in dest.glob("bezique-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run([python, "-m", "pip", "wheel", "--quiet", "--no-deps",
                                 "-w", tmp, str(ROOT)])
        if result.returncode != 0:
            fail("не собрано колесо курса (pip wheel .)")
        wheel = next(Path(tmp).glob("bezique-*.whl"))
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, dest / wheel.name))


def _record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def trim_babel(wheel: Path, dest: Path) -> Path:
    """Babel with the locale data of `BABEL_LOCALES` only, as version <v>+ru (see the module
    doc). Everything else in the wheel is kept byte for byte."""
    name, version, _, _ = wheel_metadata(wheel)
    local = f"{version}+ru"
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / f"babel-{local}-py3-none-any.whl"
    keep = {f"babel/locale-data/{loc}.dat" for loc in BABEL_LOCALES}
    old_info, new_info = f"babel-{version}.dist-info", f"babel-{local}.dist-info"
    records: list[list[str]] = []
    buffer = io.BytesIO()
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename.startswith("babel/locale-data/") and item.filename not in keep:
                continue
            if item.filename == f"{old_info}/RECORD":
                continue
            data = src.read(item.filename)
            target = item.filename.replace(old_info, new_info, 1)
            if target == f"{new_info}/METADATA":
                data = re.sub(rb"^Version: .+$", f"Version: {local}".encode(), data, count=1,
                              flags=re.M)
            dst.writestr(target, data)
            records.append(_record_line(target, data))
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerows(records + [[f"{new_info}/RECORD", "", ""]])
        dst.writestr(f"{new_info}/RECORD", text.getvalue())
    if not out.exists() or out.read_bytes() != buffer.getvalue():
        out.write_bytes(buffer.getvalue())
    return out


def compile_for_pyodide(wheels: dict[str, Path], pyodide_version: str) -> dict[str, Path]:
    """The wheels with their modules compiled by Pyodide's own Python (pyc_wheel.py, run by
    compile_wheels.mjs under Node); cached by the wheel's sha256 and Pyodide's version."""
    node = shutil.which("node")
    if node is None:
        fail("нет node (Node.js): он нужен, чтобы скомпилировать пакеты для Python в браузере")
    out: dict[str, Path] = {}
    todo: dict[Path, list[Path]] = {}
    for name, wheel in wheels.items():
        key = hashlib.sha256(f"{sha256(wheel)} {pyodide_version}".encode()).hexdigest()[:16]
        target = CACHE / "compiled" / key / wheel.name
        out[name] = target
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            todo.setdefault(wheel.parent, []).append(wheel)
    for folder, group in todo.items():
        with tempfile.TemporaryDirectory() as tmp:
            result = subprocess.run([node, str(SITE_SRC / "compile_wheels.mjs"), str(PYODIDE_NPM),
                                     str(folder), tmp] + [w.name for w in group],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                fail("Pyodide не скомпилировал пакеты:\n" + result.stderr[-2000:])
            for wheel in group:
                target = next(t for n, t in out.items() if wheels[n] == wheel)
                shutil.move(Path(tmp) / wheel.name, target)
    if todo:
        n = sum(len(g) for g in todo.values())
        verb = form(n, "Подготовлен", "Подготовлены", "Подготовлено")
        say(f"{verb} для работы в браузере {n_packages(n)} Python.")
    return out


# --------------------------------------------------------------------------------------------
# the site


def write_lock(lock: dict, wheels: dict[str, Path], folder: Path) -> list[str]:
    """pyodide-lock.json for the wheels served in `folder` (name -> wheel); returns the names
    to load at start-up."""
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    out = {}
    for name, wheel in sorted(wheels.items()):
        dist, version, tops, requires = wheel_metadata(wheel)
        if name in packages:
            entry = dict(packages[name])
            if entry["file_name"] != wheel.name:
                fail(f"{wheel.name}: в pyodide-lock.json — {entry['file_name']}")
        else:
            entry = {"name": dist, "version": version, "file_name": wheel.name,
                     "install_dir": "site", "package_type": "package", "imports": tops,
                     "depends": sorted(r for r in requires if r in wheels),
                     "unvendored_tests": False}
        entry["sha256"] = sha256(wheel)
        out[canonical(entry["name"])] = entry
    text = json.dumps({"info": lock["info"], "packages": out}, indent=1, sort_keys=True)
    (folder / "pyodide-lock.json").write_text(text + "\n", encoding="utf-8")
    return sorted(out)


def zip_positions(dst: Path) -> Path:
    """exercises/positions as one zip (the browser kernel unpacks it into its files)."""
    src = ROOT / "exercises" / "positions"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(src.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(str(path.relative_to(src.parent)), (2026, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())
    dst.parent.mkdir(parents=True, exist_ok=True)
    if not dst.exists() or dst.read_bytes() != buffer.getvalue():
        dst.write_bytes(buffer.getvalue())
    return dst


FONT_CSS = """\
/* Generated by book/site/vendor_site.py: the fonts the SVG card pictures are measured in
   (bezique/widgets/render/metrics.py), subset to the characters of the metrics table. */
@font-face { font-family: "DejaVu Sans"; font-weight: normal; src: url("DejaVuSans.woff") format("woff"); }
@font-face { font-family: "DejaVu Sans"; font-weight: bold; src: url("DejaVuSans-Bold.woff") format("woff"); }
"""


def export_fonts(folder: Path) -> None:
    """DejaVu Sans and Sans Bold (matplotlib's files) subset to the characters the course
    draws, as WOFF, with their @font-face rules in fonts.css."""
    from fontTools import subset  # noqa: PLC0415 (matplotlib's dependency, build time only)

    from bezique.widgets.render.drawing import font_path  # noqa: PLC0415
    from bezique.widgets.render.metrics import CHARACTERS  # noqa: PLC0415

    folder.mkdir(parents=True, exist_ok=True)
    for bold, name in ((False, "DejaVuSans.woff"), (True, "DejaVuSans-Bold.woff")):
        target = folder / name
        if target.exists() and target.stat().st_mtime >= Path(font_path(bold)).stat().st_mtime:
            continue
        options = subset.Options()
        options.flavor = "woff"
        options.layout_features = ["*"]
        options.drop_tables += ["FFTM"]          # FontForge's timestamps: nothing to subset
        font = subset.load_font(font_path(bold), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=CHARACTERS)
        subsetter.subset(font)
        subset.save_font(font, str(target), options)
    css = folder / "fonts.css"
    if not css.exists() or css.read_text(encoding="utf-8") != FONT_CSS:
        css.write_text(FONT_CSS, encoding="utf-8")


def export_sprites(folder: Path) -> None:
    """The card faces and backs the SVG card pictures show (drawn by the same code as the
    canvas pictures, bezique/widgets/render)."""
    from bezique.widgets.render.sprites import export_card_sprites  # noqa: PLC0415

    export_card_sprites(folder)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Сделать собранную книгу живым сайтом без сервера")
    parser.add_argument("--pin", action="store_true", help="переписать book/site/requirements.txt")
    parser.add_argument("--html", type=Path, default=HTML,
                        help="собранная книга (по умолчанию book/_build/html)")
    args = parser.parse_args(argv)
    python = sys.executable
    if args.pin:
        pin(python)
        return 0
    html = args.html.resolve()
    if not (html / "index.html").exists():
        fail(f"книга не собрана ({html}): сначала book/build.py")
    out = html / "vendor" / "site"
    if not PYODIDE_NPM.exists() or not KERNEL_NPM.exists():
        fail("нет пакетов npm pyodide и @jupyterlite/pyodide-kernel: book/build.py ставит их")
    if not (out / "bezique-site.js").exists():
        fail("нет vendor/site/bezique-site.js: book/build.py собирает загрузчик сайта")
    lock = pyodide_lock()
    kernel_version = json.loads((KERNEL_NPM / "package.json").read_text())["version"]
    pyodide_version = json.loads((PYODIDE_NPM / "package.json").read_text())["version"]

    # 1. the Pyodide core and the kernel's workers and small wheels
    pyodide_dir = out / "pyodide"
    for name in PYODIDE_CORE:
        copy(PYODIDE_NPM / name, pyodide_dir / name)
    bundled = {p.name for p in (BOOK / "_vendor" / "vendor" / "site").glob("*.js")}
    for stale in out.glob("*.js"):            # chunks of an older bundle (hashed names)
        if stale.name not in bundled and stale.name not in KERNEL_WORKERS:
            stale.unlink()
    for name in KERNEL_WORKERS:
        copy(KERNEL_NPM / "lib" / name, out / name)
    for path in (KERNEL_NPM / "pypi").iterdir():
        copy(path, out / "pyodide-kernel" / path.name)

    # 2. the wheels: pinned downloads, the kernel's own, the course's
    downloads = CACHE / "wheels"
    pip_download(python, REQUIREMENTS, downloads)
    wheels: dict[str, Path] = {}
    for name, version in requirements():
        wheel = find_wheel(downloads, name, version)
        if canonical(name) == "babel":
            wheel = trim_babel(wheel, CACHE / "trimmed")
        wheels[canonical(name)] = wheel
    for prefix in KERNEL_WHEELS:
        wheel = next((p for p in (KERNEL_NPM / "pypi").glob(f"{prefix.split('-')[0]}-*.whl")
                      if p.name.startswith(prefix)), None)
        if wheel is None:
            fail(f"в {KERNEL_NPM}/pypi нет колеса {prefix}")
        wheels[canonical(wheel_metadata(wheel)[0])] = wheel
    wheels["bezique"] = build_course_wheel(python, CACHE / "course")
    wheels = compile_for_pyodide(wheels, pyodide_version)
    served = {}
    for name, wheel in wheels.items():
        served[name] = copy(wheel, pyodide_dir / wheel.name)
    for stale in pyodide_dir.glob("*.whl"):
        if stale not in served.values():
            stale.unlink()
    preload = write_lock(lock, served, pyodide_dir)

    # 3. the course's data: positions, card sprites
    zip_positions(out / "positions.zip")
    export_sprites(out / "cards")
    export_fonts(out / "fonts")

    # 4. the manifest
    first_visit = [pyodide_dir / n for n in PYODIDE_CORE] + list(served.values())
    first_visit += [out / "comlink.worker.js"] + list(out.glob("*.js"))
    files = {str(p.relative_to(out)): sha256(p) for p in sorted(out.rglob("*"))
             if p.is_file() and p.name != "manifest.json"}
    manifest = {
        "format": "bezique-site/1",
        "python": True,
        "pyodide_version": pyodide_version,
        "kernel_version": kernel_version,
        "python_version": lock["info"]["python"],
        "pyodide": "pyodide/",
        "cards": "cards",
        "fonts": "fonts/fonts.css",
        "positions": "positions.zip",
        "preload": preload,
        "download_mb": round(sum(p.stat().st_size for p in set(first_visit)) / 1e6, 1),
        "files": files,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                       encoding="utf-8")
    total = sum(p.stat().st_size for p in html.rglob("*") if p.is_file()) / 1e6
    shown = html.relative_to(ROOT) if html.is_relative_to(ROOT) else html
    say(f"Живой сайт готов: {shown} ({megabytes(total)}; при первом посещении браузер скачает "
        f"около {megabytes(manifest['download_mb'])}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
