"""`python -m tabletop play <game> [--players N] [--options name=value ...] [--vs LEVEL] [--png DIR] [--db PATH]`,
`python -m tabletop learn <game> [--lesson N] [--restart] [--png DIR] [--db PATH]`,
`python -m tabletop resume [MATCH] [--png DIR] [--db PATH]`."""

from __future__ import annotations

import sys

from tabletop.table import main

if __name__ == "__main__":
    sys.exit(main())
