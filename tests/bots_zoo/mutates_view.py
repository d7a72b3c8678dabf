"""Writes into everything it was handed, then plays fair (the first legal action)."""


def choose(view, legal, rng):
    first = legal[0]
    game = getattr(view, "_game", None)
    if game is not None:
        game.totals[:] = [10_000] * len(game.totals)
        game.draw_pile.clear()
    view.me._hand.numbers.append("12")
    return first
