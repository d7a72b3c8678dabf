"""Raises an ordinary error."""


def choose(view, legal, rng):
    raise KeyError("x")
