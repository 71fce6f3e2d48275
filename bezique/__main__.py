"""`python -m bezique …`: the command line (bezique.cli)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
