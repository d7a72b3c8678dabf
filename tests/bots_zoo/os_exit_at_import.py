"""Ends its interpreter as it is imported."""

import os

os._exit(5)


def choose(view, legal, rng):
    return legal[0]
