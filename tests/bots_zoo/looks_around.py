"""Looks through its own process for the program's code: the test runner, the window
(``ui``, ``pygame``). A plug-in's process holds none of it, so this plays fair (the
first legal action); found, it raises, and the run it plays in fails."""

import sys

PROGRAM = ("pytest", "_pytest", "xdist", "ui", "pygame", "pygame_gui")


def choose(view, legal, rng):
    found = [name for name in PROGRAM if name in sys.modules]
    if found:
        raise RuntimeError(f"the program's modules are here: {found}")
    return legal[0]
