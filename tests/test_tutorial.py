"""Learn to play: the guided first game reaches each of its steps with scripted input, in
order; the player's choices count; its captions exist in every language."""

import functools
import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game import gamefile
from game.lessons import tutorial as lessons
from tests.tiers import tour
from ui import i18n
from ui.driver import driven_by, lesson_answer, make_app, press, pump
from ui.screens.menu import MenuScene
from ui.table import draw_panel
from ui.table import layout as L
from ui.table.summary import RoundSummary
from ui.table.tutorial import LessonDriver, start

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
ORDER = [
    "hit",
    "bust",
    "stay",
    "round",
    "modifier",
    "x2",
    "second_chance",
    "saved",
    "round_freeze",
    "freeze",
    "round_flip_three",
    "flip_three",
    "tray",
    "queue",
    "flip7",
]


def wait(app, scene, frames: int = 400) -> None:
    """Until the table waits for the player (a caption, a decision or a summary)."""
    for _ in range(frames):
        pump(app, 1, dt=0.1)
        if isinstance(app.stack.top, RoundSummary) or scene.driver.finished:
            return
        if scene.presenter.settled and (scene.driver.step is not None or scene.driver.ready_turn()):
            return


def play(app, scene, target_key=pygame.K_1, stay_in_lesson1=True) -> list[str]:
    """Play the tutorial like a newcomer: answer each caption; return the steps seen."""
    seen: list[str] = []
    for _ in range(200):
        wait(app, scene)
        top = app.stack.top
        if scene.driver.finished:
            break
        if isinstance(top, RoundSummary):
            press(app, pygame.K_RETURN)
            continue
        step = scene.driver.step
        if step is not None and (not seen or seen[-1] != step.key):
            seen.append(step.key)
        key = lesson_answer(scene, target_key, stay_in_lesson1)
        if key is not None:
            press(app, key)
    return seen


@pytest.mark.parametrize("target_key", [pygame.K_1, pygame.K_2])
def test_the_tutorial_reaches_every_step_in_order(target_key):
    app = make_app(size=(1280, 720), lang="en", speed=3.0)
    assert app.stack.top.offer  # offered on the first start
    press(app, pygame.K_g)
    scene = app.stack.top
    assert driven_by(scene, LessonDriver)
    seen = play(app, scene, target_key)
    assert seen == ORDER
    assert scene.driver.finished and scene.game.rounds[-1].flip7 == 0  # your own Flip 7
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene)
    # restart from the start, at any time
    press(app, pygame.K_g)
    again = app.stack.top
    assert driven_by(again, LessonDriver) and again is not scene and again.driver.lesson == 0
    assert not app.dirs.autosave.exists()  # nothing saved, nothing counted
    home = str(app.dirs.config.parent)
    pygame.display.quit()
    assert not make_app(size=(1280, 720), home=home).stack.top.offer  # offered once


def test_it_insists_gently_and_never_plays_for_the_player():
    app = make_app(size=(1280, 720), lang="fr", speed=3.0)
    scene = start(app)
    wait(app, scene)
    assert scene.driver.step.key == "hit"
    before = len(scene.game.actions)
    press(app, pygame.K_s)  # a stay where the lesson needs a card: not taken
    assert scene.driver.insist and len(scene.game.actions) == before
    for _ in range(50):  # nothing happens by itself
        pump(app, 1, dt=0.2)
    assert len(scene.game.actions) == before and scene.driver.step.key == "hit"
    press(app, pygame.K_h)
    assert len(scene.game.actions) == before + 1 and not scene.driver.insist
    wait(app, scene)
    assert scene.driver.step.key == "bust"  # the bots wait for OK
    n = len(scene.game.actions)
    for _ in range(30):
        pump(app, 1, dt=0.2)
    assert len(scene.game.actions) == n
    press(app, pygame.K_ESCAPE)  # leave at any time
    assert type(app.stack.top).__name__ == "PauseScene"


def test_the_lessons_are_flip7_files_and_their_captions_exist_in_every_language():
    for i in range(lessons.LESSONS):
        data = lessons.lesson_data(i)
        game = gamefile.new_game(data)  # a valid flip7/1 file, stacked
        assert data["deck"] and game.players[0] == "You"
    rules = RULES.read_text(encoding="utf-8") if RULES.exists() else None
    keys = {"tutorial.menu", "tutorial.offer", "tutorial.you", "tutorial.done"}
    for step in lessons.STEPS:
        keys.add(f"tutorial.{step.key}")
        if step.rule:
            keys.add(step.rule)  # the Rules screen's own words
        for clause in re.findall(r"R[0-9.]+[0-9]", step.clauses):
            if rules is not None:
                assert f"- {clause} " in rules, clause
    for lang in i18n.LANGS:
        table = i18n.TABLES[lang]
        for key in keys:
            assert table.get(key), f"{lang}: {key}"


@pytest.mark.slow  # the real loop, 8 s of real time
def test_every_idle_frame_of_the_tutorial_is_a_full_redraw(tmp_path):
    from tests.realtime import run_live, tap

    app = make_app(size=(1280, 720), lang="de", speed=4.0)
    scene = start(app)
    script = (
        tap(0.6, pygame.K_s)
        + tap(1.5, pygame.K_h)
        + tap(2.5, pygame.K_h)
        + tap(3.5, pygame.K_h)
        + tap(4.5, pygame.K_RETURN)
        + tap(5.5, pygame.K_RETURN)
        + tap(6.5, pygame.K_RETURN)
        + tap(7.5, pygame.K_RETURN)
    )
    assert (
        run_live(
            app,
            script,
            until=lambda app: {"hit", "bust"} <= scene.driver.done,
            keep=tmp_path,
            timeout=25,
        )
        > 0
    )
    assert app.stack.top is scene


SECOND_PERSON = {  # (a third-person line the lesson must never write, the one it writes)
    "en": ("You hits", "You hit: "),
    "fr": ("Vous pioche ", "Vous piochez\u00a0: "),
    "de": ("Du zieht", "Du ziehst: "),
}


def play_watching(app, scene, watch) -> None:
    """Play the tutorial as :func:`play`, calling ``watch(scene)`` at every settled moment."""
    for _ in range(300):
        wait(app, scene)
        if scene.driver.finished:
            return
        if isinstance(app.stack.top, RoundSummary):
            press(app, pygame.K_RETURN)
            continue
        watch(scene)
        key = lesson_answer(scene)
        if key is not None:
            press(app, key)


@dataclass(frozen=True)
class Moment:
    """What the lesson's table shows at a moment it waits for the player."""

    key: str | None  # the step whose caption shows; None between steps
    insist: bool  # the caption asks gently for one more card
    layout: L.TableLayout
    box: pygame.Rect | None  # the caption's (None between steps)
    pointed: tuple[pygame.Rect, ...]
    leader: tuple[tuple[int, int], tuple[int, int]] | None
    title: str  # the caption's (empty between steps)
    body: str
    heading: str
    lesson: int
    round_shown: int
    discard_count: int
    log: tuple[str, ...]


def moment(scene) -> Moment:
    driver, shown = scene.driver, scene.shown
    step = driver.step
    title, body, _hint = driver.caption() if step is not None else ("", "", None)
    return Moment(
        key=step.key if step is not None else None,
        insist=driver.insist,
        layout=scene.layout,
        box=driver.box_rect() if step is not None else None,
        pointed=tuple(driver.pointed()),
        leader=driver.leader() if step is not None else None,
        title=str(title),
        body=body,
        heading=str(shown.heading),
        lesson=driver.lesson,
        round_shown=shown.round_shown,
        discard_count=shown.discard_count,
        log=tuple(str(line) for line in scene.presenter.log),
    )


@functools.cache
def lesson_moments(lang: str, size: tuple[int, int]) -> tuple[Moment, ...]:
    """The tutorial played through as :func:`play_watching` plays it, once a process for
    each language and window size, with one stay where the lesson needs a card (the
    gentle "one more card"): every moment the table waits for the player, as it shows it.
    The tests below read it; none changes what is played."""
    app = make_app(size=size, lang=lang, speed=3.0)
    scene = start(app)
    moments: list[Moment] = []

    def watch(scene):
        moments.append(moment(scene))
        if moments[-1].key == "hit" and not any(m.insist for m in moments):
            press(app, pygame.K_s)  # a stay where the lesson needs a card: not taken
            moments.append(moment(scene))

    play_watching(app, scene, watch)
    pygame.display.quit()
    return tuple(moments)


@pytest.mark.parametrize("lang", tour("fr", "en", "de"))
def test_the_lesson_speaks_to_the_player_and_counts_its_rounds_on(lang):
    moments = lesson_moments(lang, (1280, 720))
    i18n.set_language(lang)
    lines = [line for m in moments for line in m.log]
    rounds = {(m.lesson, m.round_shown) for m in moments}
    for m in moments:
        assert m.heading == i18n.t("tutorial.heading", n=m.lesson + 1, of=lessons.LESSONS)
    assert rounds == {(i, i + 1) for i in range(lessons.LESSONS)}  # round 1, 2, … 5
    wrong, right = SECOND_PERSON[lang]
    assert not any(line.startswith(wrong) for line in lines)
    assert any(line.startswith(right) for line in lines)
    assert i18n.t("caption.round", round=3, dealer="Ada") in lines  # the deal passes left
    assert i18n.t("caption.round.to_you", round=2) in lines  # and comes to the player


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", (1280, 720)), ("en", (1024, 600)), ("de", (1280, 720)), ("fr", (1024, 600))],
)
def test_the_caption_never_covers_the_piles_the_card_to_give_nor_a_seat_s_name(lang, size):
    """Whatever a lesson says, its caption leaves the piles, the card to give and every
    seat's header (the line of the name, the "+N" chip, the total) in sight: the gentle
    "one more card" included."""
    seen: set[str] = set()
    for m in lesson_moments(lang, size):
        if m.key is None:
            continue
        key = "insist" if m.insist else m.key
        seen.add(key)
        lay, box = m.layout, m.box
        for place in (lay.draw_pile, lay.discard_pile, lay.in_play, lay.caption):
            assert not box.colliderect(place), (key, box, place)
        for seat in lay.seats:
            words = seat.header.inflate(0, seat.big - seat.header.h)  # its line of type
            assert not box.colliderect(words), (key, box, words)
        assert lay.table.contains(box)
    assert {"hit", "insist", "freeze", "flip_three", "tray"} <= seen


def test_the_tray_step_points_at_the_card_set_aside_and_its_words_agree():
    checked: list[str] = []
    for m in lesson_moments("en", (1280, 720)):
        if m.key is None:
            continue
        if m.key == "tray":
            (where,) = m.pointed
            panel = L.panel_layout(m.layout.panel, m.layout.unit)
            assert where.contains(panel.staged) and not where.colliderect(panel.slots[0])
            checked.append(m.key)
        if m.key == "saved":  # the heading's card is the body's card
            words = m.body.split("(")[0]  # without the clauses' numbers
            assert "9" in m.title and "9" in words and "5" not in words
            checked.append(m.key)
        if "discard pile" in m.title:  # it says so only when the pile holds cards
            assert m.discard_count > 0, m.key
    assert sorted(set(checked)) == ["saved", "tray"]


def test_the_deal_passes_left_from_lesson_to_lesson():
    dealers = [lessons.lesson_data(i)["dealer"] for i in range(lessons.LESSONS)]
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))  # R2.3


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("fr", (1024, 600))])
def test_the_leader_line_crosses_no_seats_header_nor_the_caption(lang, size):
    """The gold line from the caption to the one place it points at ends on that place's
    frame: it never runs over a seat's name, its "+N" chip or its total, nor over the
    caption's own words."""
    drawn: set[str] = set()
    for m in lesson_moments(lang, size):
        if m.leader is None:
            continue  # no line: the frames alone say it
        (place,) = m.pointed
        drawn.add(m.key)
        lay, box, leader = m.layout, m.box, m.leader
        for seat in lay.seats:
            assert not seat.header.clipline(*leader), (m.key, seat.header, leader)
        for pile in (lay.draw_pile, lay.discard_pile, lay.in_play):
            assert pile == place or not pile.clipline(*leader), (m.key, pile)
        assert not box.inflate(-2, -2).clipline(*leader), (m.key, box, leader)
        assert place.inflate(6, 6).collidepoint(leader[1])  # it ends on the place's frame
    assert drawn, "no step draws its line"


def clip_every_box(area, covered, stride, widths, height) -> pygame.Rect:
    """The caption's place found the long way: every box of the grid clipped against every
    rect it may cover (what ``place_box`` must find, row by row)."""
    best = None
    for w in widths:
        h = height(w)
        for y in range(area.y, max(area.y, area.bottom - h) + 1, stride):
            for x in range(area.x, max(area.x, area.right - w) + 1, stride):
                r = pygame.Rect(x, y, w, h)
                cost = sum(k * r.clip(b).w * r.clip(b).h for k, b in covered)
                near = abs(r.centerx - area.centerx) + (r.y - area.y)
                score = cost + near / (area.w + area.h)
                if best is None or score < best[0]:
                    best = (score, r)
        if best[0] < 1:
            break
    return best[1]


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_captions_place_is_the_box_covering_least_of_the_whole_grid(size):
    from ui.table.tutorial import place_box

    for seats, tall in itertools.product((2, 5, 18), (60, 260, 900)):
        lay = L.table_layout(size, seats)
        area = lay.table.inflate(-20, -20)
        piles = lay.draw_pile.union(lay.discard_pile).union(lay.in_play).union(lay.caption)
        covered = [(10, piles)] + [(1, s.box) for s in lay.seats]
        widths = [min(area.w, round(dw * lay.unit)) for dw in (560, 480, 400, 340, 300)]

        def height(w, tall=tall):
            return tall * 560 // max(1, w)  # narrower boxes are taller, as wrapped text is

        want = clip_every_box(area, covered, 16, widths, height)
        assert place_box(area, covered, 16, widths, height) == want, (seats, tall)


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("de", (800, 500))])
def test_a_lesson_frames_the_part_of_the_panel_it_points_at_and_no_other(monkeypatch, lang, size):
    """The tray's and the queue's gold frames hold their own heading and stop short of the
    next one: the queue's, holding one card, never runs down over the log."""
    titles: dict[str, pygame.Rect] = {}  # each heading of the panel, where it was last drawn
    title = draw_panel._Canvas.title

    def spy(self, text, r, *args):
        titles[text.split("  ")[0]] = r
        title(self, text, r, *args)

    monkeypatch.setattr(draw_panel._Canvas, "title", spy)
    app = make_app(size=size, lang=lang, speed=3.0)
    scene = start(app)
    framed: set[str] = set()
    own = {"tray": "tray.staged", "queue": "tray.queue"}

    def watch(scene):
        step = scene.driver.step
        if step is None or step.point not in own:
            return
        app.draw()
        (pointed,) = scene.driver.pointed()
        frame = pointed.inflate(6, 6)  # as drawn
        mine = i18n.t(own[step.point])
        assert frame.contains(titles[mine]), step.key
        for text, r in titles.items():
            assert text == mine or not frame.colliderect(r), (step.key, text)
        framed.add(step.point)

    play_watching(app, scene, watch)
    assert framed == {"tray", "queue"}
