"""Ignores the signals that ask a process to end (SIGTERM, SIGINT), then plays fair (the
first legal action)."""

import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)


def choose(view, legal, rng):
    return legal[0]
