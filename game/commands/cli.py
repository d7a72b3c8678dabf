"""What the command-line tools share."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import NoReturn


class ArgumentParser(argparse.ArgumentParser):
    """Every error is one line on stderr and exit status 2 (no usage block): a wrong
    flag, a missing argument, a bad number."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def run(main: Callable[[], int]) -> None:
    """Exit with ``main()``'s status; a closed pipe (``| head``) is not an error, and
    Ctrl-C ends quietly (status 130, as a shell reports it)."""
    try:
        status = main()
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        status = 130
    except BrokenPipeError:
        # stdout is gone: point it at devnull so the interpreter's final flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)
