"""The table log is the game's whole story, whatever way one reaches a moment of it: after
Continue and after a jump in a replay it holds the same lines, draws included, that the
table wrote while the cards were played."""

import pygame

from ui.config import Seat
from ui.driver import button_center, click, driven_by, make_app, press, pump, settle, table_of
from ui.table.replay import ReplayDriver
from ui.table.replay_model import load_replay
from ui.table.summary import RoundSummary
from ui.table.table_log import lines_after

from .test_ui_replay import SEED004

TRIO = [Seat("Ana", None), Seat("Bo", "baseline"), Seat("Cy", "baseline")]


def lines(scene) -> list[str]:
    return [str(line) for line in scene.presenter.log]


def play_to_round(app, table, round_no: int) -> None:
    """Ana hits below 15 and stays from there (keys), the bots by themselves, until round
    ``round_no`` waits for her decision."""
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, RoundSummary):
            click(app, button_center(top, "next"))
            continue
        settle(app)
        d = table.driver.human_turn()
        if d is None:
            pump(app, 2)
            continue
        mine = d.kind == "hit_or_stay"
        if mine and table.game.round_no >= round_no and table.game.hands[0].numbers:
            return
        if d.kind == "hit_or_stay":
            press(app, pygame.K_h if table.game.hands[0].score() < 15 else pygame.K_s)
        else:
            press(app, pygame.K_1)
    raise AssertionError("round not reached")


def test_continue_writes_back_the_log_the_table_wrote(tmp_path):
    app = make_app(home=str(tmp_path), seed=8, think_time=0.0, speed=8.0, lang="en")
    table = app.start_game(TRIO)
    play_to_round(app, table, 3)
    played = lines(table)
    round_line = max(i for i, line in enumerate(played) if line.startswith("Round 3"))
    pygame.display.quit()
    again = make_app(home=str(tmp_path), seed=99, think_time=30.0, lang="en")
    click(again, button_center(again.stack.top, "continue"))
    resumed = lines(table_of(again))
    assert resumed[-1].startswith("Game resumed")
    start = max(i for i, line in enumerate(resumed) if line.startswith("Round 3"))
    assert resumed[start:-1] == played[round_line:]
    assert any(line.startswith("Round 2") for line in resumed)  # the round before, too
    assert any(" hits: " in line for line in resumed[start:])  # the draws, not only decisions


def replay_scene() -> tuple:
    app = make_app(size=(1280, 720), seed=1, lang="en", speed=8.0)
    scene = app.open_replay(SEED004)
    assert driven_by(scene, ReplayDriver)
    return app, scene


def test_a_jump_to_the_end_of_a_replay_shows_the_log_of_playing_it_through():
    app, scene = replay_scene()
    press(app, pygame.K_SPACE)
    for _ in range(3000):
        if not scene.driver.playing:
            break
        pump(app, 1, dt=0.2)
    scene.driver.finish()
    played = lines(scene)
    pygame.display.quit()
    app, scene = replay_scene()
    press(app, pygame.K_END)
    jumped = lines(scene)
    assert jumped == played
    assert "Léa hits: 8" in jumped and "Hugo wins the game!" in jumped


def test_a_step_back_keeps_the_draws_of_the_decisions_before():
    replay = load_replay(SEED004)
    for k in range(len(replay) + 1):
        after = lines_after(replay, k)
        assert len(after) >= k  # every decision wrote at least its own line
        if k:
            assert [str(x) for x in lines_after(replay, k - 1)] == [
                str(x) for x in after[: len(lines_after(replay, k - 1))]
            ]
