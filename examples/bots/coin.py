"""The smallest plug-in bot (docs/bots.md, plug-ins): any legal action, at random.

    python -m game.simulate --bots examples/bots/coin.py:choose,baseline --games 500 --json

``legal`` is never empty, and ``rng`` is seeded from the game seed, so a run
repeats exactly.
"""


def choose(view, legal, rng):
    return rng.choice(legal)
