"""What every Jupyter server of the course has in common (book/live/serve.py for the live
book, book/jupyterlab/lab.py for JupyterLab): this machine only (127.0.0.1), Jupyter's token
kept (never empty), the next free port if the wished one is taken, root allowed only when
running as root (containers, CI), kernels on Unix sockets, only warnings in the terminal."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
# A socket path is at most 107 bytes: the runtime folder + "/kernel-<uuid>-ipc-5" (50).
IPC_RUNTIME_DIR_MAX = 55


def runtime_dir() -> Path:
    from jupyter_core.paths import jupyter_runtime_dir  # noqa: PLC0415

    return Path(jupyter_runtime_dir())


def local_server_args(port: int, token: str) -> list[str]:
    """Command-line options of a course server rooted at the repository."""
    if not token:
        raise ValueError("an empty token would let anyone on this machine run code")
    args = [
        f"--ServerApp.ip={HOST}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=50",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={ROOT}",
        # Errors and warnings only: the one line that matters is the URL the launcher prints.
        "--Application.log_level=WARN",
        # No websocket pings: browser and server are on this machine, where a closed tab
        # closes its socket. (Jupyter pings every 30 s; its pong timeout may not exceed that
        # interval without a warning from Tornado, and a timeout equal to it closed every
        # kernel's websocket after 30 s, «WebSocket ping timeout», the page reconnecting.)
        "--ServerApp.tornado_settings={'ws_ping_interval': 0}",
    ]
    if len(str(runtime_dir())) <= IPC_RUNTIME_DIR_MAX:
        # Kernels on Unix sockets in Jupyter's runtime folder rather than on TCP ports: only
        # this user can reach them, and ipykernel stops warning about plain-text TCP.
        args.append("--KernelManager.transport=ipc")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--ServerApp.allow_root=True")
    return args
