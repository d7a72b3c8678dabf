"""Never answers."""

import time


def choose(view, legal, rng):
    time.sleep(3600)
    return legal[0]
