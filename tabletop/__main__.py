"""`python -m tabletop play <game> [--players N] [--options name=value ...] [--vs LEVEL] [--png DIR] [--db PATH]`,
`python -m tabletop learn <game> [--lesson N] [--restart] [--png DIR] [--db PATH]`,
`python -m tabletop resume [MATCH] [--png DIR] [--db PATH]`, each with `--lang CODE` (else LANG from the environment).
"""

from __future__ import annotations

import os
import sys

from tabletop.table import main

if __name__ == "__main__":
    sys.exit(main(environ=os.environ))  # LANG and the like: the table's language when no --lang is given
