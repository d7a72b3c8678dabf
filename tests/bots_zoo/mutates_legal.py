"""Empties the legal list, puts an action of its own in it, and answers that: a target
nobody may choose (a seat that does not exist)."""


def choose(view, legal, rng):
    mine = type(legal[0])("target", view.seat, 99)
    legal.clear()
    legal.append(mine)
    return legal[0]
