"""The seat-list editor that the New game screen and the new score sheet share
(ui/screens/seat_list.py): add, rename, reorder, choose the dealer and remove, through
posted clicks and keys, the same in both; and what differs (a kind button per seat)."""

import pygame
import pytest

from tests import test_ui_setup
from ui.driver import button_center, clear_entry, click, look, make_app, press, type_text
from ui.screens.seat_list import SeatForm, SeatList
from ui.tabletop.history_screen import HistoryScene
from ui.tabletop.sheet_setup import SheetSetupScene
from ui.theme import unit_for

APP = test_ui_setup.APP  # the app fixture (tests/conftest.py): 1280×720, English
open_setup = test_ui_setup.open_setup


def open_sheet_setup(app) -> SheetSetupScene:
    press(app, pygame.K_k)
    assert isinstance(app.stack.top, HistoryScene)
    click(app, button_center(app.stack.top, "new"))
    assert isinstance(app.stack.top, SheetSetupScene)
    look(app)
    return app.stack.top


def names(scene: SeatForm) -> list[str]:
    """The names the model holds."""
    seats = scene.seat_list.seats
    return [seats.name(i) for i in range(len(seats))]


def shown(scene: SeatForm) -> list[str]:
    """The names the fields show (one field a seat, no more)."""
    fields = sorted((k for k in scene.widgets if k.startswith("name:")), key=lambda k: int(k[5:]))
    assert fields == [f"name:{i}" for i in range(len(fields))]
    return [scene.widgets[k].get_text() for k in fields]


def dealer(scene: SeatForm) -> int | None:
    seats = scene.seat_list.seats
    chosen = [i for i in range(len(seats)) if seats.is_dealer(i)]
    selected = [
        i for i in range(len(seats)) if scene.widgets[f"dealer:{i}"].is_selected
    ]  # the D button shows it
    assert chosen == selected
    return chosen[0] if chosen else None


@pytest.mark.parametrize("opener, adder", [(open_setup, "add_human"), (open_sheet_setup, "add")])
def test_both_forms_add_rename_reorder_and_remove_seats_through_the_one_editor(app, opener, adder):
    scene = opener(app)
    assert isinstance(scene.seat_list, SeatList)
    before = names(scene)
    assert len(before) == 4 and shown(scene) == before
    click(app, button_center(scene, adder))
    scene = app.stack.top
    assert len(names(scene)) == 5 and shown(scene) == names(scene)
    # rename the new seat as a player would: click its field, clear it, type
    click(app, scene.widgets["name:4"].rect.center)
    clear_entry(app)
    type_text(app, "Zoé", frames=2)
    assert names(scene)[4] == "Zoé"
    press(app, pygame.K_RETURN)  # Enter ends the typing: still this form
    assert app.stack.top is scene and not scene.widgets["name:4"].is_focused
    # Zoé deals, then moves up one seat: the dealer moves with her
    click(app, button_center(scene, "dealer:4"))
    assert dealer(scene) == 4
    click(app, button_center(scene, "up:4"))
    assert names(scene)[3:] == ["Zoé", before[3]] and shown(scene) == names(scene)
    assert dealer(scene) == 3
    assert not scene.widgets["up:0"].is_enabled and not scene.widgets["down:4"].is_enabled
    assert scene.widgets["up:4"].is_enabled
    # the first seat leaves: one row fewer, everyone one seat up
    click(app, button_center(scene, "remove:0"))
    scene = app.stack.top
    assert names(scene) == [*before[1:3], "Zoé", before[3]] and shown(scene) == names(scene)
    assert "name:4" not in scene.widgets and dealer(scene) == 2
    # down to two seats: ✕ is disabled there, and pressing it anyway removes nobody
    while len(names(scene)) > 2:
        click(app, button_center(scene, "remove:0"))
        scene = app.stack.top
    assert not scene.widgets["remove:0"].is_enabled
    scene.on_button("remove:0")
    assert len(names(scene)) == 2 and shown(scene) == names(scene)


def test_the_kind_button_is_the_game_setups_only_and_a_plugin_seat_gets_a_spec_field(app):
    setup = open_setup(app)
    assert setup.widgets["kind:1"].text == "Bot · normal"
    click(app, button_center(setup, "kind:1"))  # normal -> expert
    click(app, button_center(setup, "kind:1"))  # -> plug-in: a spec field beside the name
    setup = app.stack.top
    assert "spec:1" in setup.widgets
    assert setup.widgets["name:1"].rect.right < setup.widgets["spec:1"].rect.x
    click(app, setup.widgets["spec:1"].rect.center)
    type_text(app, "examples/bots/coin.py:choose", frames=2)
    assert setup.setup.seats[1].bot == "examples/bots/coin.py:choose"
    assert "spec:0" not in setup.widgets  # a human: only the name
    press(app, pygame.K_ESCAPE)
    sheet = open_sheet_setup(app)
    assert not any(k.startswith(("kind:", "spec:")) for k in sheet.widgets)
    # no kind button: the name field is as wide as the kind button and the name together
    name, dealer_button = sheet.widgets["name:0"].rect, sheet.widgets["dealer:0"].rect
    assert dealer_button.x - name.right == round(8 * unit_for(app.size))  # the row is full


def test_the_adders_stop_at_the_most_seats(app):
    sheet = open_sheet_setup(app)
    for _ in range(20):
        sheet.on_button("add")
    sheet = app.stack.top
    assert len(sheet.names) == 18 and not sheet.widgets["add"].is_enabled
    assert shown(sheet) == sheet.names
    # a press past the end of the list does nothing
    sheet.on_button("remove:30")
    assert len(sheet.names) == 18


def looks(scene: SeatForm) -> dict:
    """Each widget as a person sees it: where, its words, pressable, chosen (in the colours
    of its state: pygame_gui draws a button in the state its shape is in)."""
    out = {}
    for name, w in scene.widgets.items():
        shape = getattr(w, "drawable_shape", None)
        state = shape.active_state.state_id if shape is not None else None
        text = w.get_text() if hasattr(w, "get_text") else getattr(w, "text", None)
        out[name] = (tuple(w.rect), text, w.is_enabled, state)
    return out


@pytest.mark.parametrize(("lang", "size"), [("de", (800, 500)), ("en", (1280, 720))])
@pytest.mark.parametrize(
    "opener, adders", [(open_setup, ("add_human", "add_bot")), (open_sheet_setup, ("add",))]
)
def test_a_seat_added_gets_its_row_under_the_rows_kept_as_a_new_form_shows_them(
    opener, adders, size, lang
):
    """Adding a seat builds only its row: the rows above keep their widgets, and the form
    shows exactly what the same form built anew shows (the dealer's D lit, ✕ and the
    arrows pressable or not, every button as wide as its words)."""
    app = make_app(size=size, lang=lang, think_time=0.0)
    scene = opener(app)
    kept = scene.widgets["name:0"]
    for i in range(5):
        click(app, button_center(scene, adders[i % len(adders)]))
    assert app.stack.top is scene and scene.widgets["name:0"] is kept
    assert len(names(scene)) == 9 and shown(scene) == names(scene)
    shown_now = looks(scene)
    scene.build_ui()
    assert looks(scene) == shown_now


def test_a_chosen_button_widened_to_its_words_still_looks_chosen():
    """At the smallest window the D of a row is widened to its letter; the dealer's stays lit."""
    app = make_app(size=(800, 500), lang="en", think_time=0.0)
    sheet = open_sheet_setup(app)
    d = sheet.widgets["dealer:0"]
    assert d.is_selected and d.rect.w > round(44 * unit_for(app.size))  # widened
    assert d.drawable_shape.active_state.state_id == "selected"


@pytest.mark.parametrize(("lang", "size"), [("de", (800, 500)), ("en", (1280, 720))])
def test_a_seat_moved_removed_or_of_a_new_kind_builds_only_the_rows_that_no_longer_fit(size, lang):
    """A plug-in seat moved takes its spec field (and the spec typed) to its new row; a
    seat removed takes the last row away; a kind that brings or takes the spec field
    builds that row again. The other rows keep their widgets, and after each change the
    form shows exactly what the same form built anew shows."""
    app = make_app(size=size, lang=lang, think_time=0.0)
    scene = open_setup(app)
    spec = "examples/bots/coin.py:choose"
    click(app, button_center(scene, "kind:3"))  # Cyd: expert -> plug-in
    click(app, scene.widgets["spec:3"].rect.center)
    type_text(app, spec, frames=2)
    for pressed, spec_row in (("up:3", 2), ("remove:0", 1), ("down:1", 2), ("kind:2", None)):
        kept = scene.widgets["name:0"]
        click(app, button_center(scene, pressed))
        assert app.stack.top is scene and scene.widgets["name:0"] is kept, pressed
        assert shown(scene) == names(scene)
        specs = {k: w.get_text() for k, w in scene.widgets.items() if k.startswith("spec:")}
        assert specs == ({} if spec_row is None else {f"spec:{spec_row}": spec}), pressed
        shown_now = looks(scene)
        scene.build_ui()
        assert looks(scene) == shown_now, pressed
