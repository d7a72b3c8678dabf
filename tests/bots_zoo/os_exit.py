"""Ends its interpreter at once, with no clean-up."""

import os


def choose(view, legal, rng):
    os._exit(7)
