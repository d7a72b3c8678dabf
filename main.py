"""Flip 7 on the desktop, from the checkout: ``python main.py [flags]``.

The same as the ``flip7`` command of an installed copy: both call
:func:`ui.cli.main`, where the flags are parsed.
"""

import sys

from ui.cli import main

if __name__ == "__main__":
    sys.exit(main())
