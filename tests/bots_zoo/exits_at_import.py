"""Asks the program to end as it is imported."""

import sys

sys.exit(4)


def choose(view, legal, rng):
    return legal[0]
