"""End to end in a real X11 window (Xvfb): ``python main.py`` started as a user starts
it, real time, input only by xdotool keys and clicks on what is drawn, the window read
by screenshot and the game by its autosave: the guard against what a scripted
driver with a fixed clock cannot see: a frame never drawn, a key read twice."""

import json
import time
from pathlib import Path

import pytest

from game import gamefile
from game.tabletop.sheet import ScoreSheet, cell_points
from tests.xwindow import Window, Xvfb, brightness, gold_pixels, missing_tools, same
from ui.table import layout as L

pytestmark = [
    pytest.mark.slow,  # a real X11 window in real time
    pytest.mark.skipif(
        bool(missing_tools()),
        reason=f"needs {' and '.join(missing_tools())} (Debian: apt-get install xvfb xdotool)",
    ),
]
SIZE = "1024x640"


@pytest.fixture(scope="module")
def xvfb():
    screen = Xvfb()
    yield screen
    screen.close()


@pytest.fixture
def open_window(xvfb, tmp_path):
    windows = []

    def open_(*args, home=None):
        window = Window(xvfb, home or tmp_path, "--size", SIZE, "--lang", "en", *args)
        windows.append(window)
        return window

    yield open_
    for window in windows:
        window.close()


def prompt_box(window, seats: int):
    lay = L.table_layout(window.size, seats)
    return tuple(lay.prompt.inflate(0, 6)[i] for i in range(2)) + (
        lay.prompt.right,
        lay.prompt.bottom + 3,
    )


def pending(window):
    """The decision the autosave waits for: (kind, seat), or None."""
    data = window.autosave()
    if data is None:
        return None
    game = gamefile.from_dict(data, record_events=False)
    d = game.pending
    return None if d is None else (d.kind, d.seat)


def stacked_home(tmp_path, players, deck, dealer):
    """A home whose autosave is a stacked game: ``--continue`` sits down at it."""
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "autosave.json").write_text(
        json.dumps(
            {
                "format": "flip7/1",
                "players": players,
                "seed": 7,
                "dealer": dealer,
                "deck": deck,
                "actions": [],
            }
        ),
        encoding="utf-8",
    )
    return tmp_path


def assert_prompt_shows_unprompted(window, seats: int, decision):
    """With no input at all, once the game waits for the person (its autosave says so)
    and the table stands still, the prompt is on it; a mouse move over an empty corner
    changes nothing on screen."""
    deadline = time.monotonic() + 30
    while pending(window) != decision:  # bots may still think (slowly on a busy machine)
        assert time.monotonic() < deadline, pending(window)
        time.sleep(0.1)
    still = window.wait_still()
    assert gold_pixels(still, prompt_box(window, seats)) > 40, (
        "the prompt is not on screen although the game waits for a person"
    )
    window.move_mouse(2, 2)
    time.sleep(0.5)
    assert same(window.shot(), still), "a mouse move changed the picture"


def test_a_command_line_game_shows_its_target_prompt_without_input(open_window):
    """Seed 19: the Freeze lands for Tess; her prompt must show unasked."""
    window = open_window(
        "--seed", "19", "--players", "Tess,bot:normal:Ada,bot:easy:Bo,bot:expert:Cyd"
    )
    assert_prompt_shows_unprompted(window, 4, ("target", 0))


def test_a_continued_stacked_game_shows_its_target_prompt_without_input(open_window, tmp_path):
    home = stacked_home(
        tmp_path, ["Tess", {"name": "Bo", "bot": "easy"}], ["freeze", "5", "6", "7"], dealer=1
    )
    window = open_window("--continue", home=home)
    assert_prompt_shows_unprompted(window, 2, ("target", 0))


def test_hot_seat_a_double_tap_decides_only_for_the_person_prompted(open_window, tmp_path):
    """Marc's H pressed twice must not play Tess's turn."""
    home = stacked_home(
        tmp_path, ["Marc", "Tess", "Ana"], ["5", "6", "7", "8", "9", "10", "11", "12"], dealer=2
    )
    window = open_window("--continue", home=home)
    box = prompt_box(window, 3)
    for who, gap in ((0, 0.15), (1, 0.4)):
        assert gold_pixels(window.wait_still(), box) > 40
        assert pending(window) == ("hit_or_stay", who)
        window.key("h")
        time.sleep(gap)
        window.key("h")
        window.wait_still()
        actions = window.autosave()["actions"]
        assert [a["player"] for a in actions] == ["Marc", "Tess"][: who + 1], actions


def test_a_whole_solo_game_against_three_bots_with_keys_only(open_window):
    """To the game-over screen, keys only, reading only what is drawn
    (the gold prompt) and the autosave."""
    window = open_window(
        "--seed",
        "3",
        "--speed",
        "8",
        "--target",
        "60",
        "--players",
        "Tess,bot:easy,bot:normal,bot:expert",
    )
    box = prompt_box(window, 4)
    decisions, deadline = 0, time.monotonic() + 90
    while not window.finished():
        assert time.monotonic() < deadline, "the game did not end"
        shot = window.wait_still(still=0.6)
        if window.finished():
            break
        if gold_pixels(shot, box) > 40:  # Tess's prompt
            kind, seat = pending(window)
            assert seat == 0
            game = gamefile.from_dict(window.autosave(), record_events=False)
            made = len(game.actions)
            if kind == "hit_or_stay":
                window.key("h" if game.hands[0].score() < 15 else "s")
            else:
                window.key("1")
            decisions += 1
            for _ in range(50):  # the decision is saved at once
                time.sleep(0.05)
                data = window.autosave()
                if window.finished() or (data and len(data["actions"]) > made):
                    break
            else:
                raise AssertionError("a key at the prompt decided nothing")
        else:
            window.key("Return")  # a round summary: Next round
    assert decisions > 0
    window.wait_still()
    window.key("Return")  # the last round's summary comes first: Next, to the game over
    final = window.wait_still()
    time.sleep(0.3)
    assert same(window.shot(), final)
    window.key("Return")  # game over: Enter starts nothing
    time.sleep(0.6)
    assert same(window.shot(), final)
    assert window.proc.poll() is None, window.stderr()


# ------------------------------------------------ the table never waits for a touch
SKIP_DELAYS = (0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5)  # seconds after the click
STOOD_STILL = 2.5  # longer than anything that rests on screen: a bot's beat, a result to read


def live(window, box, seat: int, kind: str = "hit_or_stay") -> bool:
    """``seat``'s prompt (a ``kind`` decision) is on screen, in gold: input decides it now."""
    return gold_pixels(window.shot(), box) > 40 and pending(window) == (kind, seat)


def hands_off(window, box, shade_box, lit: float, seat: int) -> str:
    """Touch nothing until ``seat``'s prompt is live ("prompt"; "target" for a Freeze or a
    Flip Three to give) or the window stands still
    for :data:`STOOD_STILL` seconds: then it must be a round's summary over the table
    (its shade darkens ``shade_box``, lit ``lit`` without it): "summary". Anything else
    standing still is a frozen table."""
    last, since = window.shot(), time.monotonic()
    deadline = since + 30
    while time.monotonic() < deadline:
        if live(window, box, seat):
            return "prompt"
        if live(window, box, seat, "target"):
            return "target"
        now = window.shot()
        shaded = brightness(now, shade_box) < 0.8 * lit
        if not same(now, last):
            last, since = now, time.monotonic()
        elif shaded and time.monotonic() - since >= 0.5:
            return "summary"
        elif time.monotonic() - since >= STOOD_STILL:
            raise AssertionError(
                f"the table stands still, waiting for {pending(window)}, "
                f"prompt {'gold' if gold_pixels(now, box) > 40 else 'grey'}"
            )
        time.sleep(0.05)
    raise AssertionError("the table never stood still")


def test_a_skip_after_clicking_hit_with_the_pointer_left_on_it_never_freezes_the_table(
    open_window,
):
    """As a person does it: click Hit, leave the pointer on the button, press Space (the
    bar says "Click or Space: skip") some time later, then touch nothing. The table plays
    on by itself to the person's next prompt (or to a round's summary), every time. (Seed
    84: both bots play between each of the person's ten hits, and nobody is out early.)"""
    window = open_window("--seed", "84", "--players", "Me,bot:normal:Ada,bot:normal:Bob")
    lay = L.table_layout(window.size, 3)
    box = prompt_box(window, 3)
    shade_box = (lay.panel.right - 10, lay.panel.centery, lay.panel.right - 4, lay.panel.bottom)
    deadline = time.monotonic() + 30
    while not live(window, box, 0):
        assert time.monotonic() < deadline, pending(window)
        time.sleep(0.1)
    lit = brightness(window.shot(), shade_box)
    window.move_mouse(*lay.hit_button.center)
    for delay in SKIP_DELAYS:
        window.click()
        time.sleep(delay)
        window.key("space")
        outcome = hands_off(window, box, shade_box, lit, 0)
        while outcome != "prompt":
            window.key("Return" if outcome == "summary" else "1")  # Next round; a target
            outcome = hands_off(window, box, shade_box, lit, 0)
    assert window.proc.poll() is None, window.stderr()
    assert len(window.autosave()["actions"]) >= len(SKIP_DELAYS)


def test_hot_seat_after_a_double_click_the_next_prompt_goes_live_by_itself(open_window, tmp_path):
    """Marc double-clicks Hit and leaves the mouse alone: the second click skips his card's
    flight; Tess's prompt goes live within a second with nobody touching anything (the
    hand-over's guard runs out by itself), and her first key decides."""
    home = stacked_home(
        tmp_path, ["Marc", "Tess", "Ana"], ["5", "6", "7", "8", "9", "10", "11", "12"], dealer=2
    )
    window = open_window("--continue", home=home)
    lay = L.table_layout(window.size, 3)
    box = prompt_box(window, 3)
    window.wait_still()
    assert live(window, box, 0)
    window.move_mouse(*lay.hit_button.center)
    window.click(2)
    clicked = time.monotonic()
    while not live(window, box, 1):
        assert time.monotonic() - clicked < 1.0, "Tess's prompt is not live a second later"
        time.sleep(0.02)
    window.key("h")
    deadline = time.monotonic() + 1.0
    while [a["player"] for a in window.autosave()["actions"]] != ["Marc", "Tess"]:
        assert time.monotonic() < deadline, window.autosave()["actions"]
        time.sleep(0.05)


def test_the_round_s_summary_comes_by_itself_after_hit_draws_ones_own_freeze(open_window, tmp_path):
    """Me clicks Hit, leaves the pointer on the button and touches nothing but the
    Freeze's target: Ada has busted, so Me is the only one left to freeze (R5.1: then
    they must target themselves), the round ends (R6.1), and its summary comes over the
    table with no mouse move."""
    deck = ["5", "6", "7", "6", "freeze"]  # Me 5, Ada 6; Me 7, Ada busts; Me: the Freeze
    home = stacked_home(tmp_path, ["Me", {"name": "Ada", "bot": "normal"}], deck, dealer=1)
    window = open_window("--continue", home=home)
    lay = L.table_layout(window.size, 2)
    box = prompt_box(window, 2)
    shade_box = (lay.panel.right - 10, lay.panel.centery, lay.panel.right - 4, lay.panel.bottom)
    lit = brightness(window.wait_still(), shade_box)
    assert live(window, box, 0)
    window.move_mouse(*lay.hit_button.center)
    window.click()  # the 7
    assert hands_off(window, box, shade_box, lit, 0) == "prompt", window.autosave()
    assert window.autosave()["actions"][-1] == {"player": "Ada", "do": "hit"}
    window.click()  # the Freeze: hers to give, to herself alone
    outcome = hands_off(window, box, shade_box, lit, 0)
    if outcome == "target":
        window.key("1")
        outcome = hands_off(window, box, shade_box, lit, 0)
    assert outcome == "summary", pending(window)


def continue_button(home, size) -> tuple[int, int]:
    """Where the menu draws *Continue* for this home's autosave (the real menu, headless,
    on a copy of the home: nothing of the window's is touched)."""
    import shutil
    import tempfile

    import pygame

    from ui.driver import make_app

    copy = Path(tempfile.mkdtemp(prefix="flip7-menu-"))
    shutil.copytree(home, copy, dirs_exist_ok=True)
    try:
        app = make_app(size=size, lang="en", home=str(copy))
        center = app.stack.top.widgets["continue"].rect.center
        pygame.display.quit()
        return center
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def test_continue_clicked_on_the_menu_shows_a_live_prompt_with_no_more_input(open_window, tmp_path):
    """The table opened by a click on the menu's *Continue* is live at once: no grey
    prompt waiting for the pointer to move."""
    home = stacked_home(tmp_path, ["Tess", {"name": "Bo", "bot": "easy"}], ["5", "6", "7"], 1)
    window = open_window(home=home)
    window.wait_still()
    window.move_mouse(*continue_button(home, window.size))
    window.click()
    box = prompt_box(window, 2)
    clicked = time.monotonic()
    while not live(window, box, 0):
        assert time.monotonic() - clicked < 3.0, "the prompt stays grey"
        time.sleep(0.05)


def test_a_stay_by_mistake_is_taken_back_with_u_in_real_time(open_window):
    """Stay pressed by mistake, U a moment later, as a person does it: the next bot has
    waited, the same person's prompt is live again at once, the autosave keeps only what
    stands, and the next key decides."""
    window = open_window("--seed", "84", "--players", "Me,bot:normal:Ada,bot:normal:Bob")
    box = prompt_box(window, 3)
    deadline = time.monotonic() + 30
    while not live(window, box, 0):
        assert time.monotonic() < deadline, pending(window)
        time.sleep(0.1)
    before = window.autosave()["actions"]
    window.key("s")
    time.sleep(0.5)
    window.key("u")
    deadline = time.monotonic() + 3
    while not (live(window, box, 0) and window.autosave()["actions"] == before):
        assert time.monotonic() < deadline, (pending(window), window.autosave()["actions"])
        time.sleep(0.05)
    window.key("h")
    deadline = time.monotonic() + 3
    while len(window.autosave()["actions"]) <= len(before):
        assert time.monotonic() < deadline, "the key after Undo decided nothing"
        time.sleep(0.05)
    assert window.autosave()["actions"][len(before)] == {"player": "Me", "do": "hit"}
    assert window.proc.poll() is None, window.stderr()


def test_a_four_player_round_of_forty_cards_is_entered_with_keys_in_under_two_minutes(
    open_window, tmp_path
):
    """The live table as a practised person uses it: Real table from the menu, the new
    sheet's four players as offered, then the whole round typed — 41 cards turned over and
    the Freezes and Flip Threes given — at a key every 0.1 s with no waiting for the cards
    to land. The round is in the score sheet, as the cards say, well inside two minutes."""
    from tests.live_round import round_keys

    keys, cards, results = round_keys()
    assert len(cards) >= 40
    window = open_window()
    window.wait_still()
    window.type_keys(["a"])  # Real table (A)
    time.sleep(1.0)
    window.type_keys(["Return"])  # the players as offered: start
    time.sleep(1.5)
    start = time.monotonic()
    window.type_keys(keys)
    sheets = tmp_path / "data" / "sheets"
    sheet = None
    while time.monotonic() - start < 120 and (sheet is None or not sheet.round_count):
        time.sleep(0.2)
        for path in sheets.glob("*.json"):  # written atomically: whole or not yet
            sheet = ScoreSheet.from_dict(json.loads(path.read_text(encoding="utf-8")))
    took = time.monotonic() - start
    assert sheet is not None and sheet.round_count == 1, f"no round after {took:.0f} s"
    assert took < 120 and window.stderr() == ""
    assert [cell_points(c) for c in sheet.rounds[0]] == [r.score for r in results]
    print(f"a round of {len(cards)} cards, {len(keys)} keys, entered in {took:.1f} s")


def live_files(home: Path) -> tuple[ScoreSheet | None, dict | None]:
    """The score sheet on disk and its live game's file (each None until written; both are
    written atomically: whole or not yet)."""
    sheets = sorted((home / "data" / "sheets").glob("*.json"))
    if not sheets:
        return None, None
    sheet = ScoreSheet.from_dict(json.loads(sheets[0].read_text(encoding="utf-8")))
    path = home / "data" / "live" / sheets[0].name
    return sheet, (json.loads(path.read_text(encoding="utf-8")) if path.exists() else None)


def wait_for_live(home: Path, cards: int, actions: int, seconds: float = 10.0) -> dict:
    """The live game's file once it holds ``cards`` cards turned over (its ``deck``) and
    ``actions`` decisions."""
    deadline = time.monotonic() + seconds
    while True:
        _sheet, data = live_files(home)
        if data is not None and (len(data["deck"]), len(data["actions"])) == (cards, actions):
            return data
        assert time.monotonic() < deadline, data and (data["deck"], data["actions"])
        time.sleep(0.1)


def test_a_live_table_killed_mid_round_is_taken_up_by_continue_at_its_last_entry(
    open_window, tmp_path
):
    """Real table from the menu, the deal and a few decisions typed, then ``kill -9``; the
    game started again, *Continue* (C) opens the live table at its last entry: its prompt
    is live at once, and the next key goes on from there, in the same file."""
    window = open_window()
    window.wait_still()
    window.type_keys(["a"])  # Real table (A)
    time.sleep(1.0)
    window.type_keys(["Return"])  # the new sheet's players as offered: start
    time.sleep(1.5)
    sheet, _data = live_files(tmp_path)
    assert sheet is not None
    seats = len(sheet.players)
    deal = ["5", "6", "7", "8", "9", "2", "3", "4"][:seats]  # one card each (no 1: it waits)
    window.type_keys([*deal, "Return", "x"])  # the first to decide stays; the next hits ×2
    before = wait_for_live(tmp_path, seats + 1, 2)  # the cards in the deck; stay, hit
    window.proc.kill()  # kill -9: nothing is written at the end
    window.proc.wait(10)

    again = open_window(home=tmp_path)
    again.wait_still()
    again.key("c")  # Continue: the live table, not a new game (there is no autosave)
    box = prompt_box(again, seats)
    deadline = time.monotonic() + 10
    while gold_pixels(again.shot(), box) <= 40:
        assert time.monotonic() < deadline, "the live table's prompt is not on screen"
        time.sleep(0.1)
    assert again.autosave() is None and live_files(tmp_path)[1] == before  # nothing lost
    again.key("Return")  # the player who drew the ×2 stays: the next entry
    after = wait_for_live(tmp_path, seats + 1, 3)
    assert after["deck"] == before["deck"] and after["actions"][:-1] == before["actions"]
    assert after["actions"][-1]["do"] == "stay"
    assert again.proc.poll() is None and again.stderr() == "", again.stderr()
