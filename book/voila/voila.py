"""Voilà's settings for `make practice` (the Makefile points JUPYTER_CONFIG_PATH here): the
terminal shows the one line the Makefile prints, and real errors — not Voilà's start-up
notes nor the warnings that mean nothing on this machine."""

import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # book/: local_jupyter
from local_jupyter import IPC_RUNTIME_DIR_MAX, runtime_dir  # noqa: E402

c = get_config()  # noqa: F821 (traitlets' config loader provides it)

# Warnings and errors only: no «Voilà is running at…», «Storing connection files…».
c.Application.log_level = "WARN"

# The chapter is opened as an app, never edited: Jupyter's notebook signature means nothing
# here, and «Notebook book/chapters/15_practice.ipynb is not trusted» would say otherwise.
class _NotTrusted(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.msg == "Notebook %s is not trusted")


logging.getLogger("Voila").addFilter(_NotTrusted())

# The kernel on Unix sockets (only this user can reach it), as book/local_jupyter.py does for
# the live book: ipykernel then does not warn about plain-text TCP either.
if len(str(runtime_dir())) <= IPC_RUNTIME_DIR_MAX:
    c.KernelManager.transport = "ipc"
