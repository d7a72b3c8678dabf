"""What the command-line tools share."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run(main: Callable[[], int]) -> None:
    """Exit with ``main()``'s status; a closed pipe (``| head``) is not an error."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # stdout is gone: point it at devnull so the interpreter's final flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
