"""Starts a process of its own that would sleep for a minute, holding the program's
stderr, then plays fair (the first legal action). The child's command line carries the
word in ``FLIP7_ZOO_MARK`` so a test can look for it."""

import os
import subprocess
import sys

_started = []


def choose(view, legal, rng):
    if not _started:
        mark = os.environ.get("FLIP7_ZOO_MARK", "zoo")
        _started.append(
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", mark])
        )
    return legal[0]
