"""`make lab`: JupyterLab on the course, an extra for those who want to see the code.

A learner reads the book (`make tutorial`); this opens the same chapters as notebooks in
JupyterLab, set up so that the learner configures nothing:

* settings/overrides.json5 beside this file, passed as --LabApp.app_settings_dir: Russian
  interface, no «Jupyter news» pop-up and no update check, the .md pages opened rendered
  (MyST by jupyterlab-myst) rather than in a text editor, no autosave of the chapters.
  Kept in the repository and passed by path, so a fresh clone needs no copying into .venv and
  nothing there can go stale; a learner's own choices (~/.jupyter/lab/user-settings) still win;
* the server options in `server_args`: 127.0.0.1 only, a token (never an empty one),
  --allow-root only under root, and nothing fetched from the internet by the server either;
* the chapters' code cells carry "jupyter": {"source_hidden": true}: JupyterLab shows them
  collapsed;
* the course's notebooks are marked trusted for this user (`trust_course_notebooks`), so their
  saved pictures and widgets show as in the book instead of lines like
  `TrickWinner(children=(ToggleButtons(…` until the learner runs the page.

If the asked port is taken, Jupyter takes the next free one; this script reads the real port
from the server's info file and prints one URL, with the token, that opens the first chapter.
Ctrl+C (or SIGTERM) stops the server and its kernels.

    python book/jupyterlab/lab.py [--port 8889]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # book/: the course's servers
from local_jupyter import HOST, ROOT, local_server_args, runtime_dir  # noqa: E402

SETTINGS = Path(__file__).resolve().parent / "settings"
FIRST_CHAPTER = "book/chapters/01_introduction.md"
# Not shown in the file browser: Jupyter's defaults and the generated folders a learner has
# no use for.
HIDDEN = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*.so", "*.dylib", "*~",
          "_build", "_vendor", "node_modules", "*.egg-info"]


def server_args(port: int, token: str) -> list[str]:
    """The `jupyter lab` command line (without the program) for the course."""
    args = local_server_args(port, token) + [
        "--no-browser",
        f"--LabApp.default_url=/lab/tree/{FIRST_CHAPTER}",
        f"--LabApp.app_settings_dir={SETTINGS}",
        # Nothing leaves the machine from the server side either.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        # Opened as notebooks (Open With > Jupytext Notebook), the .md pages are MyST (jupytext
        # would take their `:::` for Pandoc and fail); their YAML header goes to the
        # notebook's metadata, not into a raw cell at the top.
        "--JupytextConfiguration.preferred_jupytext_formats_read=md:myst",
        "--JupytextConfiguration.root_level_metadata_as_raw_cell=False",
        "--ContentsManager.hide_globs=" + json.dumps(HIDDEN),
        # The classic-notebook shim is of no use to JupyterLab 4, and its inspection of the
        # server's options prints "ServerApp.token config is deprecated" (shown by Voilà).
        "--ServerApp.jpserver_extensions=notebook_shim=False",
    ]
    return args


def trust_course_notebooks() -> None:
    """Sign the chapters and exercises with nbformat's notary, as `jupyter trust` does: the
    signatures go to a database in Jupyter's data folder, the notebooks are not changed.
    Untrusted, JupyterLab renders no saved widget (it shows their text/plain line). These are
    the course's own notebooks, whose code the learner is about to run anyway; signed again at
    every start because a signature holds only for the content it was made for."""
    try:
        import nbformat  # noqa: PLC0415
        from nbformat.sign import NotebookNotary  # noqa: PLC0415

        notary = NotebookNotary()
    except Exception as error:  # noqa: BLE001 - untrusted pages still work once run
        print(f"Не удалось отметить тетради курса как доверенные: {error}", file=sys.stderr)
        return
    for path in sorted([*ROOT.glob("book/chapters/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]):
        try:
            notebook = nbformat.read(path, as_version=4)  # as the server reads it
            if not notary.check_signature(notebook):
                notary.sign(notebook)
        except Exception:  # noqa: BLE001, S112 - e.g. a notebook being rewritten right now
            continue


def _die_with_parent() -> None:
    """In the child: get SIGTERM if this launcher dies without stopping the server."""
    try:
        import ctypes  # noqa: PLC0415

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start(port: int, token: str, **popen_kwargs) -> subprocess.Popen:
    """Start the server in its own session: Ctrl+C reaches this launcher only, which then
    stops the server cleanly (Jupyter itself would ask «Shutdown this Jupyter server?»)."""
    env = dict(os.environ, **popen_kwargs.pop("env", {}))
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # the kernels' debugger warning
    return subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", *server_args(port, token)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent,
        **popen_kwargs,
    )


def wait_for_port(process: subprocess.Popen, timeout: float = 180) -> int:
    """The port the server really listens on, from its info file (jpserver-PID.json)."""
    info = runtime_dir() / f"jpserver-{process.pid}.json"
    started = time.time() - 5
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab завершился, не запустившись (код {process.returncode})")
        try:
            if info.stat().st_mtime >= started:     # not a file left by an earlier process
                return int(json.loads(info.read_text(encoding="utf-8"))["port"])
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"JupyterLab не запустился за {timeout:.0f} с")


def chapter_url(port: int, token: str, path: str = FIRST_CHAPTER) -> str:
    return f"http://{HOST}:{port}/lab/tree/{path}?token={token}"


def stop(process: subprocess.Popen, timeout: float = 30) -> None:
    """SIGTERM: Jupyter shuts its kernels down and exits; kill what is left after timeout."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="JupyterLab с курсом «Безик»")
    parser.add_argument("--port", type=int, default=8889, help="желаемый порт (по умолчанию 8889)")
    args = parser.parse_args(argv)

    token = secrets.token_hex(24)
    # Ctrl+C even where SIGINT came ignored (a job started in the background by a script).
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupt)
    trust_course_notebooks()
    process = start(args.port, token)
    try:
        port = wait_for_port(process)
        if port != args.port:
            print(f"Порт {args.port} занят, JupyterLab взял свободный порт {port}.")
        print("JupyterLab с курсом (код примеров можно посмотреть и запустить):")
        print(f"    {chapter_url(port, token)}")
        print("Откройте адрес в браузере. Остановить: Ctrl+C.", flush=True)
        return process.wait()
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nОстанавливаю JupyterLab и ядра…", flush=True)
        return 0
    finally:
        stop(process)


if __name__ == "__main__":
    sys.exit(main())
