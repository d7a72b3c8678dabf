"""Whole games played through the window: by posted mouse clicks alone, by keys alone,
and every kind of decision (hit, stay, the target of a Freeze, a Flip Three, a spare
Second Chance) reached through the UI."""

import pygame

from game.state import HIT_OR_STAY, TARGET
from ui.config import Seat
from ui.driver import (
    button_center,
    click,
    look,
    make_app,
    press,
    pump,
    settle,
    table_of,
)
from ui.table.summary import GameOver, RoundSummary

HUMAN_AND_TWO_BOTS = [Seat("Ana", None), Seat("Bo", "baseline"), Seat("Cy", "baseline")]


APP = {"seed": 7, "speed": 8.0}  # the app fixture (tests/conftest.py): 1280×720, English


def wants_hit(table) -> bool:
    return table.game.hands[table.game.pending.seat].score() < 22


def test_a_whole_game_by_mouse_alone(app):
    table = app.start_game(HUMAN_AND_TWO_BOTS)
    decisions = {"hit": 0, "stay": 0, "target": 0}
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, GameOver):
            break
        if isinstance(top, RoundSummary):
            click(app, button_center(top, "next"))
            continue
        d = table.driver.human_turn()
        if d is None:
            if table.presenter.settled or table.presenter.gate:
                pump(app)
            else:
                click(app, table.layout.center.center, frames=1)  # a click skips the animation
            continue
        assert table.shown.differences(table.game) == []
        made = len(table.game.actions)
        if d.kind == HIT_OR_STAY:
            name = "hit" if wants_hit(table) else "stay"
            click(app, button_center(table, name))
        else:
            click(app, table.layout.seats[d.options[-1]].box.center)
            name = "target"
        assert len(table.game.actions) == made + 1, "the click did nothing"
        decisions[name] += 1
    assert table.game.over and isinstance(app.stack.top, GameOver)
    assert decisions["hit"] and decisions["stay"]
    assert table.shown.winner == table.game.winner
    assert max(table.game.totals) >= 200


def test_a_whole_game_by_keys_alone(app):
    table = app.start_game(HUMAN_AND_TWO_BOTS)
    presses = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, GameOver):
            break
        if isinstance(top, RoundSummary):
            press(app, pygame.K_RETURN)
            continue
        d = table.driver.human_turn()
        if d is None:
            if table.presenter.settled or table.presenter.gate:
                pump(app)
            else:
                press(app, pygame.K_SPACE, frames=1)  # Space finishes the animations
            continue
        if d.kind == HIT_OR_STAY:
            press(app, pygame.K_h if wants_hit(table) else pygame.K_s)
        else:
            press(app, pygame.K_1)  # the first eligible seat
        presses += 1
    assert table.game.over and isinstance(app.stack.top, GameOver)
    assert presses > 5
    finished = table.game
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_n, pygame.K_KP_ENTER):
        press(app, key)  # the habit of "Next round" never starts a new game
    assert isinstance(app.stack.top, GameOver) and table_of(app).game is finished
    click(app, button_center(app.stack.top, "again"))  # Play again: its button
    assert table_of(app).game.round_no == 1 and not table_of(app).game.over


# Four humans, dealer Di: Ana, Bo, Cy, Di take 5, 6, 7, 4 as forced hits.
# Ana hits a Freeze and gives it to Di; Bo hits a Flip Three and gives it to Ana, who
# receives a Second Chance, 8 and 9; Cy hits a 2; Ana hits a second Second Chance: a spare,
# she gives it to Bo or Cy (R5.3); then they all stay.
DECK = ["5", "6", "7", "4", "freeze", "flip_three", "second_chance", "8", "9", "2", "second_chance"]
FOUR = [Seat("Ana", None), Seat("Bo", None), Seat("Cy", None), Seat("Di", None)]


def test_every_kind_of_decision_through_the_ui(app):
    table = app.start_game(FOUR, deck=DECK, dealer=3)
    names = table.game.players
    seen = []

    def decide(kind, card=None):
        settle(app)
        d = table.driver.human_turn()
        assert d is not None and d.kind == kind and d.card == card, d
        seen.append((names[d.seat], kind, card))
        return d

    d = decide(HIT_OR_STAY)
    click(app, button_center(table, "hit"))  # Ana hits: a Freeze
    d = decide(TARGET, "freeze")
    assert set(d.options) == {0, 1, 2, 3}
    states = table.driver.seat_states()
    assert all(s.eligible for s in states)
    click(app, table.layout.seats[3].box.center)  # to Di
    settle(app)
    assert table.game.hands[3].status == "frozen"

    decide(HIT_OR_STAY)
    press(app, pygame.K_h)  # Bo hits: a Flip Three
    d = decide(TARGET, "flip_three")
    assert 3 not in d.options  # Di is frozen: not eligible...
    states = table.driver.seat_states()
    assert states[3].dim and not states[3].eligible and states[3].key is None
    click(app, table.layout.seats[3].box.center)  # ...so clicking her does nothing
    assert table.game.pending == d
    press(app, pygame.K_1)  # the first eligible seat: Ana
    settle(app)
    assert table.game.hands[0].numbers == ["5", "8", "9"] and table.game.hands[0].second_chance

    decide(HIT_OR_STAY)
    click(app, button_center(table, "hit"))  # Cy hits a 2
    decide(HIT_OR_STAY)
    click(app, button_center(table, "hit"))  # Ana: a second Second Chance
    d = decide(TARGET, "second_chance")
    assert d.options == (1, 2)  # another active player without one (R5.3)
    click(app, table.layout.seats[2].box.center)  # to Cy
    settle(app)
    assert table.game.hands[2].second_chance

    for _ in range(3):
        decide(HIT_OR_STAY)
        click(app, button_center(table, "stay"))
    settle(app)
    assert isinstance(app.stack.top, RoundSummary)
    assert [s[1:] for s in seen] == [
        (HIT_OR_STAY, None),
        (TARGET, "freeze"),
        (HIT_OR_STAY, None),
        (TARGET, "flip_three"),
        (HIT_OR_STAY, None),
        (HIT_OR_STAY, None),
        (TARGET, "second_chance"),
        (HIT_OR_STAY, None),
        (HIT_OR_STAY, None),
        (HIT_OR_STAY, None),
    ]
    assert [a.kind for a in table.game.actions] == [
        "hit",
        "target",
        "hit",
        "target",
        "hit",
        "hit",
        "target",
        "stay",
        "stay",
        "stay",
    ]


def test_buttons_exist_only_for_a_human_hit_or_stay(app):
    table = app.start_game(FOUR, deck=DECK, dealer=3)
    settle(app)
    assert table.buttons["hit"].visible and table.buttons["stay"].visible
    click(app, button_center(table, "hit"))
    assert not table.buttons["hit"].visible  # the Freeze is flying: nothing to press
    settle(app)
    assert table.driver.human_turn().kind == TARGET
    assert not table.buttons["hit"].visible and not table.buttons["stay"].visible
    before = list(table.game.actions)
    click(app, button_center(table, "stay"))  # a hidden button does nothing
    assert table.game.actions == before


def test_the_panel_made_opaque_over_the_cloth_shows_what_its_see_through_image_does(app):
    """The panel is put on screen as one opaque image made over the table's cloth: its
    pixels are those of the see-through panel drawn over that cloth."""
    table = app.start_game(HUMAN_AND_TWO_BOTS)
    pump(app, 30)
    look(app)
    lay, p = table.layout, table.presenter
    cloth = table.table_view.background
    through, flat = cloth.copy(), cloth.copy()
    panel = type(table.panel_view)(app.assets)
    panel.draw(through, lay, table.shown, p, p.timeline.speed)
    panel.draw(flat, lay, table.shown, p, p.timeline.speed, cloth=cloth)
    area = lay.panel
    assert pygame.image.tobytes(through.subsurface(area), "RGB") == pygame.image.tobytes(
        flat.subsurface(area), "RGB"
    )
    assert panel._flat.get_flags() & pygame.SRCALPHA == 0  # opaque: the fast blit


def test_what_stands_still_drawn_with_the_felt_is_what_a_fresh_view_draws():
    """Seats and piles that stand still are kept on one image with the felt, and the
    panel's two parts (tray and queue, log) are each drawn again only when they change:
    after a game of five and in a game of two bots in the same window, at every frame
    of cards drawn, busts, stays, a Flip Three and a round's end, the table and the
    panel are exactly what views that never drew before draw."""
    from ui.app import MIN_SIZE
    from ui.table.draw_panel import PanelView
    from ui.table.draw_table import TableView

    # the smallest window: every frame compared, the fewest pixels to compare
    app = make_app(**{**APP, "size": MIN_SIZE, "lang": "en", "think_time": 0.0})

    five = [*HUMAN_AND_TWO_BOTS, Seat("Di", "baseline"), Seat("Ed", "baseline")]
    app.start_game(five)
    pump(app, 40)
    deck = ["3", "flip_three", "freeze", "5", "6", "flip_three", "7", "8", "2", "9", "10"]
    table = app.start_game([Seat("Bo", "baseline"), Seat("Cy", "baseline")], deck=deck)
    kept, fresh = app.screen.copy(), app.screen.copy()
    baked = 0
    tray: set[str] = set()  # what the panel's tray and queue showed
    for _ in range(240):
        pump(app, 1)
        if app.stack.top is not table:  # a round's summary: on to the next round
            app.stack.top.choose(app.stack.top.BUTTONS[0][0])
            continue
        lay, p = table.layout, table.presenter
        states = list(table.driver.prompt().seats)
        kept.fill(0)
        fresh.fill(0)
        table.table_view.draw(kept, lay, table.shown, p, states)
        baked += table.table_view._piles_on is not None
        TableView(app.assets).draw(fresh, lay, table.shown, p, states)
        cloth, speed = table.table_view.background, p.timeline.speed
        table.panel_view.draw(kept, lay, table.shown, p, speed, 0, cloth)
        PanelView(app.assets).draw(fresh, lay, table.shown, p, speed, 0, cloth)
        assert kept.get_buffer().raw == fresh.get_buffer().raw
        shown = table.shown
        tray |= {"flip three"} if shown.flip_three else set()
        tray |= {"staged"} if shown.staged else set()
        tray |= {"queue"} if shown.queue else set()
    assert 0 < baked < 240  # the piles were kept with the felt, and drawn anew as they moved
    assert tray == {"flip three", "staged", "queue"}
