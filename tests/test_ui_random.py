"""Random input never breaks the table: 5,000 random clicks, keys and resizes.

After every input the game is still legal (every card somewhere, R1.5) and, whenever
the table is settled, the screen shows exactly the game's state.
"""

import random

import pygame

from game.cards import composition
from ui.config import Seat
from ui.driver import click, make_app, press, pump, resize, table_of

KEYS = [pygame.K_h, pygame.K_s, pygame.K_SPACE, pygame.K_RETURN, pygame.K_1, pygame.K_2,
        pygame.K_3, pygame.K_4, pygame.K_0, pygame.K_a, pygame.K_ESCAPE, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_m, pygame.K_x]
SIZES = [(1024, 640), (1280, 720), (1100, 700), (1440, 810), (900, 560), (1600, 900)]
SEATS = [Seat("Ana", None), Seat("Bo", None), Seat("Cy", "baseline"), Seat("Di", "baseline"),
         Seat("Ed", None)]


def check(app):
    table = table_of(app)
    if table is None:
        return
    game = table.game
    n = len(game.players)
    assert game.card_counts() == composition(game.rules.deck_count(n))
    assert not game.over or game.pending is None
    if table.presenter.settled:
        assert table.shown.differences(game) == []


def test_five_thousand_random_inputs(monkeypatch):
    rng = random.Random(2024)
    app = make_app(size=(1280, 720), seed=3, speed=6.0, think_time=0.0, lang="en")
    app.start_game(SEATS)
    quits = []
    monkeypatch.setattr(app, "quit", lambda: quits.append(1))
    for i in range(5000):
        w, h = app.size
        roll = rng.random()
        if roll < 0.55:
            table = table_of(app)
            if table is not None and rng.random() < 0.5:  # aim at seats and buttons often
                targets = [s.box.center for s in table.layout.seats]
                targets += [table.layout.hit_button.center, table.layout.stay_button.center]
                pos = rng.choice(targets)
            else:
                pos = (rng.randrange(w), rng.randrange(h))
            click(app, pos, frames=1)
        elif roll < 0.97:
            press(app, rng.choice(KEYS), frames=1)
        elif roll < 0.985:
            resize(app, rng.choice(SIZES))
        else:
            pump(app, rng.randint(1, 30))
        check(app)
        if table_of(app) is None and i % 50 == 0:
            app.start_game(SEATS)  # back from the menu into a game (baseline bots only)
    assert app.running
    pygame.display.quit()
