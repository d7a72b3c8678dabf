"""The table log of a game, written again from its events: after Continue, after a jump in
a replay, after an undo — the same lines the table wrote while the cards were played.

A quiet presenter (no window, nothing drawn) is fed the events of the game's decisions
from the start of the round before the current one and every animation is finished at
once: each step writes its line exactly as at the table, draws included.
"""

from __future__ import annotations

from game.engine import Game
from ui.i18n import Msg
from ui.table import layout as L
from ui.table.display import Shown
from ui.table.presenter import LOG_LINES, Presenter
from ui.table.replay_model import Replay

ROUNDS_BACK = 3  # the rounds before the current one the log holds too


def lines_after(replay: Replay, k: int, size: tuple[int, int] = (1280, 720)) -> list[Msg | str]:
    """The table log after the first ``k`` decisions of ``replay`` (the newest
    :data:`~ui.table.presenter.LOG_LINES` lines)."""
    k = max(0, min(k, len(replay)))
    first_round = max(1, replay.round_after[k] - ROUNDS_BACK)
    # the decision that dealt ``first_round`` (its RoundStarted is among its events)
    start = max(0, replay.first_of_round(first_round) - 1) if first_round > 1 else 0
    if start == 0:
        game = replay.game_at(0)
        shown = Shown.before_opening(game)
        events = list(replay.start_events)
    else:
        game = replay.game_at(start)
        shown = Shown.from_game(game)
        events = []
    for action in replay.actions[start:k]:
        events += game.apply(action)
    quiet = Presenter(shown, L.table_layout(size, len(shown.players)), reduced_motion=True)
    quiet.feed(events)
    for _ in range(len(events) + 2):  # every gate (a round's end) is passed
        quiet.skip()
        if quiet.gate is None:
            break
        quiet.release()
    return list(quiet.log)[-LOG_LINES:]


def lines_of(game: Game, size: tuple[int, int] = (1280, 720)) -> list[Msg | str]:
    """The table log of ``game`` as it stands (its file, replayed)."""
    replay = Replay.of_game(game)
    return lines_after(replay, len(replay), size)
