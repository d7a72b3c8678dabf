"""Screenshots of the score sheet, the card calculator, the sheet history and the statistics.

    python -m tools.screenshot --out docs/screenshots --only sheets [--lang fr]

Writes ``sheet-<lang>.png``, ``calculator-<lang>.png``, ``history-<lang>.png`` and
``stats-<lang>.png``: the seed-004 game of the French score-keeping page, typed in
a scratch home folder with fixed dates (the same pictures every run).
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pygame

from game import gamefile
from game.commands.simulate import play_game
from game.tabletop.calculator import count
from game.tabletop.sheet import ScoreSheet
from ui.app import App
from ui.config import Config
from ui.driver import button_center, click, press, pump
from ui.storage.sheet_store import SheetStore
from ui.storage.stats_store import StatsStore
from ui.tabletop.history_screen import HistoryScene
from ui.tabletop.sheet_screen import SheetScene

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seed004_last_round.json"
ROUNDS = [
    [24, 0, 35, 29],
    [0, 41, 22, 36],
    [38, 27, 0, 47],
    [31, 19, 44, 0],
    [45, 0, 39, 52],
    [33, 73, 28, 21],
]
FIXED = 1_764_529_200  # 2025-11-30 19:00 UTC: the dates shown


def seed004(store: SheetStore) -> ScoreSheet:
    sheet = ScoreSheet(["Hugo", "Léa", "Lucas", "Chloé"], first_dealer=1)
    for row in ROUNDS:
        sheet.add_round(row)
    sheet.add_round(
        [
            count([12, 10, 7], ["x2", "+6"]),
            count([1, 3, 5, 6, 8, 9, 11], ["+4"]),
            21,
            count([9, 4, 5, 12, 9], (), True),
        ]
    )
    store.save(sheet)
    return sheet


def sheets(out: Path, shot, size=(1280, 720), lang: str = "en") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.gettempdir()) / "flip7-screenshots-sheet"
    shutil.rmtree(home, ignore_errors=True)
    app = App(Config(size=size, lang=lang, seed=11, home=str(home)))
    made = []

    def save(name: str) -> None:
        pump(app, 2)
        path = out / f"{name}-{lang}.png"
        shot(app, path, dither=True)
        made.append(path)

    clock = itertools.count(FIXED, 1800)
    store = SheetStore(app.dirs.data / "sheets", clock=lambda: next(clock))
    other = ScoreSheet(["Ana", "Ben", "Cy", "Dee", "Eli"], target=150)
    other.add_round([12, 30, 0, 41, 22])
    other.add_round([0, 25, 33, 18, 40])
    store.save(other)
    tied = ScoreSheet(["Max", "Nia"], target=50)
    tied.add_round([30, 30])
    tied.add_round([25, 25])
    store.save(tied)
    sheet = seed004(store)
    press(app, pygame.K_k)
    save("history")
    app.stack.push(SheetScene(app, sheet, store))
    sheet.delete_round(7)  # round 7 typed on screen: Hugo's cards in the calculator
    scene: Any = app.stack.top
    scene.select_next()
    scene.build_ui()
    click(app, button_center(scene, "calc"))
    calc: Any = app.stack.top
    for card in ("12", "10", "7", "x2", "+6"):
        click(app, calc.card_rects()[card].center)
    save("calculator")
    press(app, pygame.K_RETURN)
    for points in (62, 21, 0):
        scene.widgets["points"].set_text(str(points))
        scene.commit()
    save("sheet")
    app.stack.pop_to(HistoryScene)
    app.stack.pop()
    stats = StatsStore(app.dirs.data, clock=lambda: FIXED)
    stats.record(gamefile.load(EXAMPLE, record_events=False))
    for seed, levels in (
        (3, ("baseline", "easy", "normal")),
        (8, ("expert", "baseline")),
        (5, ("expert", "normal", "easy", "baseline")),
    ):
        stats.record(play_game(levels, seed=seed))
    press(app, pygame.K_t)
    save("stats")
    pygame.quit()
    shutil.rmtree(home, ignore_errors=True)
    return made
