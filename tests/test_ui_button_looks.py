"""A button draws the look it shows; its other looks are drawn when it first takes them
(ui.theme.draw_shown_look), and look exactly as pygame_gui draws them ahead."""

import pygame

from tests.test_ui_sheet import hover
from ui.driver import button_center, pump
from ui.theme import DRAW_EVERY_LOOK

LOOKS = ("normal", "hovered", "selected", "active", "disabled")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def drawn_ahead(shape) -> dict[str, bytes]:
    """Every look of ``shape`` as pygame_gui draws them ahead of need."""
    DRAW_EVERY_LOOK(shape, force_full_redraw=True)
    while shape.states_to_redraw_queue:
        shape.redraw_state(shape.states_to_redraw_queue.popleft())
    return {look: pixels(shape.states[look].surface) for look in LOOKS}


def test_a_new_button_draws_only_the_look_it_shows(app):
    menu = app.stack.top
    shapes = [b.drawable_shape for b in menu.buttons.values()]
    pump(app, 30)  # pygame_gui would have drawn every look ahead by now
    for shape in shapes:
        drawn = {look for look in LOOKS if shape.states[look].generated}
        assert drawn == {"normal"}, drawn
        assert not shape.states_to_redraw_queue


def test_every_look_drawn_when_first_taken_is_the_look_drawn_ahead(app):
    shape = next(iter(app.stack.top.buttons.values())).drawable_shape
    when_taken = {}
    for look in LOOKS:
        shape.set_active_state(look)
        when_taken[look] = pixels(shape.states[look].surface)
    assert when_taken == drawn_ahead(shape)
    assert len(set(when_taken.values())) > 2  # the looks differ: the check can see a swap


def test_a_look_drawn_before_a_change_of_size_is_drawn_again_at_the_new_size(app):
    menu = app.stack.top
    name, button = next(iter(menu.buttons.items()))
    hover(app, button_center(menu, name))
    shape = button.drawable_shape
    assert shape.active_state.state_id == "hovered"
    old = pixels(shape.states["hovered"].surface)
    hover(app, (2, 2))  # away: the button shows its normal look again
    assert shape.active_state.state_id == "normal"
    button.set_dimensions((button.rect.w + 60, button.rect.h + 10))
    pump(app, 15)  # pygame_gui draws a shape again a moment after its size changed
    hover(app, button.rect.center)
    assert shape.active_state.state_id == "hovered"
    now = shape.states["hovered"].surface
    assert now.get_size() == button.rect.size and pixels(now) != old
    assert pixels(now) == drawn_ahead(shape)["hovered"]
