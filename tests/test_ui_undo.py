"""Undo at the table: a person's own last Stay or target taken back by a key or a button,
while no card has been turned over since — never a hit, never a bot's decision, never
past a draw; the autosave then records only what stands."""

import json

import pygame

from game import gamefile
from game.state import Action
from ui.config import Seat
from ui.driver import button_center, click, make_app, press, pump, settle
from ui.table.play import UNDO_GRACE
from ui.table.tutorial import start

from .test_tutorial import wait

SOLO = [Seat("Ana", None), Seat("Bo", "baseline"), Seat("Cy", "baseline")]
HOT_SEAT = [Seat("Ana", None), Seat("Bo", None), Seat("Cy", "baseline")]


def at_anas_turn(seats, seed=3):
    app = make_app(size=(1280, 720), seed=seed, think_time=0.55, speed=8.0, lang="en")
    table = app.start_game(seats)
    for _ in range(200):
        settle(app)
        d = table.driver.human_turn()
        if d is not None and d.seat == 0 and d.kind == "hit_or_stay":
            return app, table
        pump(app, 3)
    raise AssertionError("Ana never had a turn")


def saved(app) -> dict:
    return json.loads(app.dirs.autosave.read_text(encoding="utf-8"))


def undo_shown(table) -> bool:
    return table.buttons["undo"].visible


def test_a_stay_by_mistake_is_taken_back_with_the_button():
    app, table = at_anas_turn(SOLO)
    file_before = gamefile.to_dict(table.game)
    press(app, pygame.K_s)
    assert table.game.hands[0].status == "stayed" and undo_shown(table)
    assert table.driver.bots is not None and table.game.pending.seat in table.driver.bot_fns
    click(app, button_center(table, "undo"))
    assert gamefile.to_dict(table.game) == file_before == saved(app)  # only what stands
    assert table.game.hands[0].status == "active" and table.game.pending.seat == 0
    assert not undo_shown(table)
    assert table.shown.differences(table.game) == []
    assert "Ana takes back the last decision" in map(str, table.presenter.log)
    settle(app)
    assert table.driver.ready_turn() is not None  # her own prompt again, live at once
    press(app, pygame.K_h)  # and she decides again
    assert table.game.actions[-1].kind == "hit"


def test_the_undo_key_and_the_bots_wait_for_it_but_not_past_their_draw():
    app, table = at_anas_turn(SOLO)
    press(app, pygame.K_s)
    pump(app, round((UNDO_GRACE - 0.3) / 0.05), dt=0.05)  # the next bot still thinks
    assert undo_shown(table) and table.game.hands[0].status == "stayed"
    press(app, pygame.K_u)
    assert table.game.hands[0].status == "active"
    made = len(table.game.actions)
    press(app, pygame.K_s)
    pump(app, round((UNDO_GRACE + 0.5) / 0.05), dt=0.05)  # the bot has played: a card came
    assert len(table.game.actions) > made + 1 and not undo_shown(table)
    after = list(table.game.actions)
    press(app, pygame.K_u)
    press(app, pygame.K_BACKSPACE)
    assert table.game.actions[: len(after)] == after and after[made] == Action.stay(0)


def test_a_hit_is_never_taken_back():
    app, table = at_anas_turn(SOLO)
    made = len(table.game.actions)
    press(app, pygame.K_h)
    assert len(table.game.actions) == made + 1 and not undo_shown(table)
    press(app, pygame.K_u)
    assert len(table.game.actions) == made + 1


def test_in_hot_seat_undo_stands_beside_the_next_persons_buttons():
    app, table = at_anas_turn(HOT_SEAT, seed=5)
    press(app, pygame.K_s)
    settle(app)
    assert table.game.pending.seat == 1  # the turn passed to Bo (R3.1)
    assert undo_shown(table) and table.buttons["hit"].visible
    undo, hit = table.buttons["undo"].rect, table.buttons["hit"].rect
    assert undo.right <= hit.left and not undo.colliderect(hit)
    span = table.driver.prompt().text_span
    assert span is not None and span[1] < undo.left  # the bar's text makes room
    click(app, button_center(table, "undo"))
    pump(app, 1)  # the next frame: Ana's prompt, live at once (no hand-over guard)
    assert table.game.pending.seat == 0 and table.driver.ready_turn() is not None


def test_the_lesson_offers_no_undo():
    app = make_app(size=(1280, 720), lang="en", speed=3.0)
    scene = start(app)
    for _ in range(200):
        wait(app, scene)
        if (
            scene.driver.step is not None
            and scene.driver.step.key == "stay"
            and scene.driver.ready_turn()
        ):
            break
        press(
            app,
            pygame.K_RETURN
            if scene.driver.step is not None and scene.driver.step.want == "ok"
            else pygame.K_h,
        )
    press(app, pygame.K_s)
    assert scene.game.hands[0].status == "stayed"
    press(app, pygame.K_u)
    assert scene.game.hands[0].status == "stayed" and not undo_shown(scene)


def test_the_sound_key_mutes_and_unmutes_and_the_choice_is_kept(tmp_path):
    app = make_app(home=str(tmp_path), size=(1280, 720), seed=3, think_time=0.0, lang="en")
    app.change_settings(volume=0.6)
    app.start_game(SOLO)
    press(app, pygame.K_v)
    assert app.sound.volume == 0.0 and app.settings.muted
    assert any(text.startswith("Sound off") for text in app.notices.texts)
    home = str(tmp_path)
    pygame.display.quit()
    again = make_app(home=home, size=(1280, 720), seed=3, think_time=0.0, lang="en")
    assert again.sound.volume == 0.0 and again.config.volume == 0.6  # still muted
    again.start_game(SOLO)
    press(again, pygame.K_v)
    assert again.sound.volume == 0.6 and not again.settings.muted


def test_a_freeze_given_by_mistake_is_taken_back_and_given_again():
    app = make_app(size=(1280, 720), think_time=0.55, speed=8.0, lang="en")
    # Ana 3, Bo 5, Cy 7; then Ana hits a Freeze and must give it
    table = app.start_game(SOLO, deck=["3", "5", "7", "freeze"], dealer=2, totals=[0, 0, 0])
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    assert table.game.pending.kind == "target" and table.game.pending.seat == 0
    file_before = gamefile.to_dict(table.game)
    click(app, table.layout.seats[1].box.center)  # meant Cy, clicked Bo
    assert table.game.hands[1].status == "frozen" and undo_shown(table)
    press(app, pygame.K_u)
    assert gamefile.to_dict(table.game) == file_before == saved(app)  # only what stands
    assert table.game.hands[1].status == "active" and table.game.pending.kind == "target"
    assert table.shown.differences(table.game) == []
    settle(app)
    click(app, table.layout.seats[2].box.center)
    assert table.game.hands[2].status == "frozen" and table.game.hands[1].status == "active"
