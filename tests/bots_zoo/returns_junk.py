"""Answers something that is no action."""


def choose(view, legal, rng):
    return "cheat"
