"""Render a gallery of telling moments of the table, and every screen around it, to PNG.

    python -m tools.screenshot --out docs/screenshots [--size 1280x720] [--lang en]
                               [--only table|menus|sheets|replay|lesson|live|online]

Each moment is reached deterministically: a stacked deck (``Game(deck=...)``)
and scripted decisions, bots driven by the script rather than by themselves.
The table's moments are numbered (``10-undo-after-stay``: the Undo button after a
Stay; ``11-demo-countdown``: the demo's round summary counting down). The menus (main
menu, its quit question, new game, rules, settings and settings without a sound
device, pause, save, load, the Replays list) are written as ``menu-<screen>-<lang>.png``.
Runs headless (``SDL_VIDEODRIVER=dummy``), in a scratch home folder: the player's
settings and saves are never touched.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from PIL import Image  # noqa: E402

from game import bots, gamefile  # noqa: E402
from game import events as ev  # noqa: E402
from game.engine import Game  # noqa: E402
from ui.app import App  # noqa: E402
from ui.config import Config, Seat, demo_seats, parse_size  # noqa: E402
from ui.driver import (  # noqa: E402
    button_center,
    click,
    lesson_answer,
    move,
    play_driver,
    press,
    pump,
    scratch_home,
    settle,
    table_of,
    wait_until,
)
from ui.table import coach  # noqa: E402
from ui.table.replay_model import Replay  # noqa: E402
from ui.table.table import TableScene  # noqa: E402


def _top_table(app: Any) -> Any:
    """The table (a tool knows there is one)."""
    return table_of(app)


def _top(app: Any) -> Any:
    """The scene on top, whatever its kind (a tool drives it by hand)."""
    return app.stack.top


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seed004_last_round.json"
SIX = [
    Seat("Léa", None),
    Seat("Hugo", None),
    Seat("Ada", "baseline"),
    Seat("Bo", "baseline"),
    Seat("Chloé", None),
    Seat("Lucas", None),
]
SIX_DECK = [
    "7",
    "3",
    "11",
    "second_chance",
    "x2",
    "9",
    "12",
    "3",
    "+4",
    "8",
    "10",
    "freeze",
    "2",
    "8",
    "4",
    "+6",
]
SIX_MOVES = [
    "Léa hit",
    "Hugo hit",
    "Ada hit",
    "Bo hit",
    "Chloé hit",
    "Lucas hit",
    "Lucas > Ada",
    "Léa hit",
    "Bo hit",
    "Chloé stay",
    "Lucas hit",
]
SIX_TOTALS = [112, 87, 143, 64, 120, 95]
FAQ = [Seat("Agathe", None), Seat("Bertrand", None), Seat("Clément", None), Seat("Donia", None)]
FAQ_DECK = ["5", "6", "7", "8", "flip_three", "flip_three", "freeze", "2", "1", "flip_three", "3"]
FAQ_MOVES = ["Agathe hit", "Agathe > Bertrand", "Bertrand > Clément", "Bertrand > Donia"]
SEVEN = [Seat("Léa", None), Seat("Ada", "baseline"), Seat("Bo", "baseline")]
SEVEN_DECK = ["1", "12", "11", "2", "3", "+8", "4", "5", "6", "0"]
SEVEN_MOVES = [
    "Léa hit",
    "Ada stay",
    "Bo stay",
    "Léa hit",
    "Léa hit",
    "Léa hit",
    "Léa hit",
    "Léa hit",
    "Léa hit",
]
CROWD = [
    "Léa",
    "Hugo",
    "Ada",
    "Bo",
    "Chloé",
    "Lucas",
    "Maximilian",
    "Anne-Sophie",
    "Bartholomew",
    "Guillaume",
    "Jean-Baptiste",
    "Christophine",
    "Noor",
    "Yuki",
    "Aleksandra",
    "Mathéo",
    "Wilhelmina",
    "Dee",
]
CROWD_DECK = [
    "12",
    "11",
    "10",
    "9",
    "8",
    "7",
    "6",
    "5",
    "4",
    "3",
    "2",
    "1",
    "0",
    "12",
    "11",
    "10",
    "+4",
    "x2",
    "freeze",
]


def start(app: App, seats, deck, totals=None) -> TableScene:
    table = app.start_game(
        seats, deck=deck, dealer=len(seats) - 1, totals=totals or [0] * len(seats)
    )
    play_driver(table).autoplay = False
    settle(app)
    return table


def play(app: App, moves, last_settles: bool = True) -> None:
    for i, text in enumerate(moves):
        move(app, text)
        if last_settles or i < len(moves) - 1:
            settle(app)


def run_until(app: App, kind: type, after: float, dt: float = 1 / 60) -> None:
    """Advance the clock until the step animating a ``kind`` event has played ``after`` s."""
    tl = _top_table(app).presenter.timeline
    for _ in range(5000):
        cur = tl.current
        if cur is not None and isinstance(cur.event, kind) and cur.elapsed >= after:
            return
        app.step(dt=dt, draw=False)  # the shot draws the frame it keeps


def shot(app: App, path: Path, dither: bool = False) -> None:
    """Save the frame as a 256-colour PNG (a tenth of the size, the same look; ``dither``
    for the menus' wide soft gradients, which would band)."""
    app.draw()
    size = app.screen.get_size()
    image = Image.frombytes("RGB", size, pygame.image.tobytes(app.screen, "RGB"))
    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image = (
        image.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG) if dither else palette
    )
    image.save(path, optimize=True)
    print(f"wrote {path} ({path.stat().st_size // 1024} kB)")


def gallery(out: Path, size=(1280, 720), lang: str = "en", shot=shot) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(size=size, lang=lang, seed=11, think_time=0.0, home=scratch_home()))
    made = []

    def save(name: str) -> None:  # English keeps the names the README links to
        path = out / (f"{name}.png" if lang == "en" else f"{name}-{lang}.png")
        shot(app, path)
        made.append(path)

    start(app, SIX, SIX_DECK, SIX_TOTALS)
    play(app, SIX_MOVES[:6])
    save("02-target-choice")
    play(app, SIX_MOVES[6:10])
    save("10-undo-after-stay")  # Chloé stayed: Undo beside Lucas's Hit
    play(app, SIX_MOVES[10:])
    save("01-mid-round-6-seats")

    start(app, SIX, SIX_DECK, SIX_TOTALS)
    play(app, SIX_MOVES[:1])
    move(app, "Hugo hit")
    run_until(app, ev.Busted, 0.12)
    save("04-bust")

    start(app, FAQ, FAQ_DECK)
    play(app, FAQ_MOVES)
    save("03-flip-three-tray-and-queue")

    start(app, SEVEN, SEVEN_DECK)
    play(app, SEVEN_MOVES, last_settles=False)
    run_until(app, ev.Flip7, 0.55)
    save("05-flip-7")
    settle(app)
    save("06-round-summary")

    table = app.start_game(demo_seats(5), demo=True)
    table.presenter.timeline.speed = 50
    counted = False
    for _ in range(20000):
        if app.stack.top is not table and table.presenter.gate == "game_over":
            break
        if app.stack.top is not table:
            if not counted:  # the first round's summary, counting down by itself
                pump(app, 2, dt=0.3)
                save("11-demo-countdown")
                counted = True
            _top(app).choose(_top(app).BUTTONS[0][0])
        table.presenter.skip()
        app.step(dt=0.05, draw=False)
    save("07-game-over")

    app.start_game([Seat(f"P{i + 1}", "baseline") for i in range(18)])
    table = _top_table(app)
    driver = play_driver(table)
    driver.autoplay = False
    settle(app)
    rng_moves = 0
    while rng_moves < 30 and table.game.pending is not None:
        d = table.game.pending
        driver.act(
            driver.bot_fns[d.seat](
                table.game.view(d.seat), table.game.legal_actions(), driver.bot_rng
            )
        )
        settle(app)
        if app.stack.top is not table:
            break
        rng_moves += 1
    save("08-eighteen-seats")

    # 18 seats, a person choosing whom to freeze, the pointer on a seat whose name is cut
    crowd = [Seat(name, None if i == 0 else "baseline") for i, name in enumerate(CROWD)]
    table = start(app, crowd, CROWD_DECK)
    play(app, ["Léa hit"])
    seat = CROWD.index("Jean-Baptiste")
    box = table.layout.seats[seat].box
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    pump(app, 2)
    save("09-eighteen-seats-target-choice")
    pygame.quit()
    return made


def menus(out: Path, size=(1280, 720), lang: str = "en", shot=shot) -> list[Path]:
    """The screens around the table: ``menu-<screen>-<lang>.png``."""
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.gettempdir()) / "flip7-screenshots"  # the same folder names each run
    shutil.rmtree(home, ignore_errors=True)
    app = App(Config(size=size, lang=lang, seed=11, think_time=30.0, home=str(home)))
    made = []

    def save(name: str) -> None:
        pump(app, 2)
        path = out / f"menu-{name}-{lang}.png"
        shot(app, path, dither=True)
        made.append(path)

    def table_with_history() -> TableScene:
        table = start(app, SIX, SIX_DECK, SIX_TOTALS)
        play(app, SIX_MOVES)
        return table

    save("main")
    press(app, pygame.K_ESCAPE)
    save("quit")  # Esc asks first
    press(app, pygame.K_SPACE)  # any other key: no
    press(app, pygame.K_n)
    setup = _top(app)
    setup.setup.seats[0] = Seat("Léa", None)
    setup.setup.add(None, "Hugo")
    setup.setup.rename(4, "Hugo")
    setup.setup.add("expert")
    setup.setup.dealer = 4
    setup.build_ui()
    save("setup")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_r)
    for page in ("basics", "actions", "tricky"):
        _top(app).show(page)
        save(f"rules-{page}")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)
    save("settings")
    app.sound.no_device = True  # as on a computer without a sound device
    _top(app).build_ui()
    save("settings-no-sound")
    app.sound.no_device = False
    press(app, pygame.K_ESCAPE)
    table = table_with_history()
    fixed = 1_700_000_000  # the times the saves show: the same on every run
    app.saves.save_as(table.game, app.dirs.saves / "family-sunday.json")
    os.utime(app.dirs.saves / "family-sunday.json", (fixed, fixed))
    press(app, pygame.K_ESCAPE)
    save("pause")
    click(app, button_center(app.stack.top, "save"))
    suggested = time.strftime("flip7-%Y-%m-%d-%H%M.json", time.localtime(fixed))
    _top(app).set_path(str(app.dirs.saves / suggested))  # the name suggested at that time
    save("save")
    press(app, pygame.K_ESCAPE)
    click(app, button_center(app.stack.top, "quit"))
    os.utime(app.dirs.autosave, (fixed, fixed))
    _top(app).build_ui()
    save("continue")
    press(app, pygame.K_w)  # Replays: the saves, then the examples shipped
    save("replays")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    files = _top(app)
    files.set_path(str(app.dirs.saves / "family-sunday.json"))
    save("load")
    bad = app.dirs.data / "not-a-game.json"
    bad.write_text('{"format": "flip7/1", "players": ["Ana", "Ana"], "seed": 1, "actions": []}')
    app.load_game(bad)
    save("load-error")
    pygame.quit()
    shutil.rmtree(home, ignore_errors=True)
    return made


def replays(out: Path, size=(1280, 720), lang: str = "en", shot=shot) -> list[Path]:
    """The replay viewer on the seed-004 example: ``replay-<lang>.png``, Léa about to
    make her Flip 7 (decision 20 of 21), a Flip Three and a Freeze already given; the
    coach's verdict (``replay-coach``); each hand counted beside its name at the end
    (``replay-end``), and so at the end of a first round of 18 seats (``replay-end-18``)."""
    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(size=size, lang=lang, seed=11, home=scratch_home()))
    scene: Any = app.open_replay(EXAMPLE)
    scene.driver.goto(19)
    scene.driver.forward()
    scene.driver.finish()
    pump(app, 2)
    path = out / f"replay-{lang}.png"
    shot(app, path)
    made = [path]
    # the coach's verdict in the bar, at the game's costliest decision
    coach.command(scene.driver, "coach")
    wait_until(app, lambda: scene.driver.review is not None and app.stack.top is not scene)
    press(app, pygame.K_ESCAPE)  # the review's page closed: the replay, reviewed
    costly = [d for d in scene.driver.review.decisions if d.costly]
    scene.driver.goto(max(costly, key=lambda d: d.cost_win).action if costly else 0)
    pump(app, 2)
    path = out / f"replay-coach-{lang}.png"
    shot(app, path)
    made.append(path)
    # each hand's count beside its name at the round's end: the last round, then 18 seats
    press(app, pygame.K_END)
    path = out / f"replay-end-{lang}.png"
    shot(app, path)
    made.append(path)
    scene = app.show_replay(Replay(crowd_first_round()), "eighteen-seats.json")
    scene.driver.goto(len(scene.driver.replay) - 1)
    scene.driver.forward()
    for _ in range(100):  # the cards played, the round's end waiting
        if scene.presenter.gate is not None:
            break
        scene.presenter.skip()
        app.step(dt=1 / 60, draw=False)
    pump(app, 2)
    path = out / f"replay-end-18-{lang}.png"
    shot(app, path)
    made.append(path)
    pygame.quit()
    return made


def crowd_first_round() -> dict[str, Any]:
    """The game file of a first round of 18 bots (seeded: the same every run)."""
    game = Game(CROWD, seed=4, bots=["baseline"] * len(CROWD))
    choose, rng = bots.get("baseline"), random.Random(4)
    while game.round_no == 1 and game.pending is not None:
        seat = game.pending.seat
        game.apply(choose(game.view(seat), game.legal_actions(), rng))
    return gamefile.to_dict(game)


def lesson(out: Path, size=(1280, 720), lang: str = "en", shot=shot) -> list[Path]:
    """Learn to play, each caption as a newcomer meets it: ``lesson-<step>-<lang>.png``,
    and the gentle refusal of a stay where the lesson needs a card (``lesson-insist``)."""
    from ui.table.summary import RoundSummary
    from ui.table.tutorial import start as start_lesson

    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(size=size, lang=lang, seed=11, speed=3.0, home=scratch_home()))
    scene: Any = start_lesson(app)
    made: list[Path] = []

    def save(name: str) -> None:
        pump(app, 1)
        path = out / f"lesson-{name}-{lang}.png"
        shot(app, path)
        made.append(path)

    seen: set[str] = set()
    for _ in range(600):
        pump(app, 1, dt=0.1)
        if scene.driver.finished:
            save("done")
            break
        if isinstance(app.stack.top, RoundSummary):
            press(app, pygame.K_RETURN)
            continue
        step, d = scene.driver.step, scene.driver.ready_turn()
        if not scene.presenter.settled or (step is None and d is None):
            continue
        if step is not None and step.key not in seen:
            seen.add(step.key)
            save(step.key)
            if step.key == "hit":
                press(app, pygame.K_s)  # a stay where a card is needed: asked gently again
                save("insist")
        key = lesson_answer(scene)
        if key is not None:
            press(app, key)
    pygame.quit()
    return made


def live_table(out: Path, size=(1280, 720), lang: str = "en", shot=shot) -> list[Path]:
    """The live table followed from a score sheet, keys typed as at a real table:
    ``live-deal`` (a card awaited), ``live-decide`` (odds, advice, Stay), ``live-big`` (the
    odds in big type), ``live-target``
    (a Freeze to give) and ``live-round`` (the round's scores, in the sheet too)."""
    from game.tabletop.sheet import ScoreSheet
    from ui.storage.sheet_store import SheetStore

    out.mkdir(parents=True, exist_ok=True)
    app = App(Config(size=size, lang=lang, seed=11, speed=3.0, home=scratch_home()))
    sheet = ScoreSheet(["Léa", "Hugo", "Maud", "Bartholomew"], first_dealer=3)
    app.go("sheet", sheet, SheetStore(app.dirs.data / "sheets"))
    pump(app, 2)
    click(app, button_center(app.stack.top, "live"))
    table: Any = app.stack.top
    made: list[Path] = []
    keys = {"+": pygame.K_PLUS, "<enter>": pygame.K_RETURN}

    def typed(text: str) -> None:
        for word in text.split():
            press(app, keys.get(word) or pygame.key.key_code(word), frames=1)
            for _ in range(4):
                table.skip()
                pump(app, 1)

    def save(name: str) -> None:
        pump(app, 2)
        path = out / f"live-{name}-{lang}.png"
        shot(app, path)
        made.append(path)

    typed("7 1 2 x")
    save("deal")
    typed("5 <enter> 1 1 9")
    save("decide")
    typed("b")
    save("big")  # the odds in big type, for a big screen
    typed("b")
    typed("f")
    save("target")
    typed("1 <enter> <enter>")
    save("round")
    pygame.quit()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshot", description=__doc__)
    parser.add_argument("--out", required=True, help="directory for the PNG files")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", default="en", choices=("en", "fr", "de"))
    parser.add_argument(
        "--only",
        choices=("table", "menus", "sheets", "replay", "lesson", "live", "online"),
        help="one of the galleries",
    )
    args = parser.parse_args(argv)
    if args.only in (None, "table"):
        gallery(Path(args.out), parse_size(args.size), args.lang)
    if args.only in (None, "menus"):
        menus(Path(args.out), parse_size(args.size), args.lang)
    if args.only in (None, "sheets"):
        from tools.screenshot_sheet import sheets

        sheets(Path(args.out), shot, parse_size(args.size), args.lang)
    if args.only in (None, "replay"):
        replays(Path(args.out), parse_size(args.size), args.lang)
    if args.only in (None, "lesson"):
        lesson(Path(args.out), parse_size(args.size), args.lang)
    if args.only in (None, "live"):
        live_table(Path(args.out), parse_size(args.size), args.lang)
    if args.only in (None, "online"):
        from tools.screenshot_online import online

        online(Path(args.out), shot, parse_size(args.size), args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
