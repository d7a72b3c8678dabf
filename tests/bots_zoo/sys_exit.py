"""Asks the program to end."""

import sys


def choose(view, legal, rng):
    sys.exit(3)
