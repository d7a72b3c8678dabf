"""Text over text, never: a round's count beside the player's name, the piles' labels
apart, every bot seat wearing its BOT badge, one word for each status — at every size,
seat count and language the table is tested in."""

import itertools
import random

import pygame
import pytest

from game import bots, gamefile
from game.engine import Game
from game.rules import RuleOptions
from game.state import Action
from tests.tiers import tour
from ui import i18n
from ui.config import Seat
from ui.driver import look, make_app, press, pump
from ui.table.replay_model import Replay

from .test_ui_replay import SEED004


def bot_game(n: int, target: int, seed: int = 3) -> Replay:
    names = [f"Jö{i + 1}" if i % 3 else f"Joséphine{i + 1}" for i in range(n)]
    game = Game(names, RuleOptions(target=target), seed=seed, bots=["baseline"] * n)
    choose, rng = bots.get("baseline"), random.Random(seed)
    while not game.over:
        d = game.pending
        game.apply(choose(game.view(d.seat), game.legal_actions(), rng))
    return Replay(gamefile.to_dict(game))


def label_rects(app, scene) -> list[tuple[str, pygame.Rect]]:
    out = []
    for label in scene.presenter.labels:
        img = app.assets.pill(label.text, label.size, label.color, label.bg)
        out.append((label.text, img.get_rect(center=(round(label.pos[0]), round(label.pos[1])))))
    return out


CASES = [
    ("en", (1280, 720), None),
    ("fr", (1024, 600), None),
    ("de", (800, 500), None),
    ("en", (1920, 1080), 18),
    ("fr", (1024, 600), 18),
    ("de", (1280, 720), 6),
]


@pytest.mark.parametrize(("lang", "size", "seats"), CASES)
def test_the_end_of_round_count_never_covers_a_name(lang, size, seats):
    app = make_app(size=size, lang=lang, speed=8.0)
    if seats is None:
        scene = app.open_replay(SEED004)
    else:
        scene = app.show_replay(bot_game(seats, target=60), "test")
    press(app, pygame.K_END)
    pump(app, 2)
    look(app)
    labels = label_rects(app, scene)
    assert len(labels) == len(scene.game.players)  # every hand's result shows
    names = scene.table_view.name_rects
    assert len(names) == len(scene.game.players)
    for (text, rect), (seat, name) in itertools.product(labels, names.items()):
        assert not rect.colliderect(name), (text, rect, scene.game.players[seat], name)


@pytest.mark.parametrize("lang", tour("fr", "en", "de"))
@pytest.mark.parametrize("size", tour((1024, 600), (800, 500), (1280, 720)))
@pytest.mark.parametrize("n", [2, 6, 12, 18])
def test_the_piles_labels_keep_apart(lang, size, n):
    app = make_app(size=size, lang=lang, speed=8.0, think_time=0.0)
    seats = [Seat(f"P{i}", "baseline") for i in range(n)]
    table = app.start_game(seats, demo=True)
    table.shown.draw_count, table.shown.discard_count = 100, 100  # the widest labels
    table.shown.discard_top = "12"
    table.shown.in_play = ["freeze"]
    app.draw()
    labels = table.table_view.pile_labels
    assert len(labels) == 3
    for a, b in itertools.pairwise(labels):
        assert a.right + 4 <= b.left, (a, b)


@pytest.mark.parametrize(
    ("lang", "size"), [("fr", (1024, 600)), ("en", (1280, 720)), ("de", (800, 500))]
)
def test_every_bot_seat_wears_its_badge_even_crowded(lang, size):
    """At 18 seats every bot seat shows its BOT badge — the word, never a bare dot — inside
    its seat and clear of its name, whether beside the name or moved below it."""
    app = make_app(size=size, lang=lang, speed=8.0, think_time=0.0)
    seats = [Seat("Maximilienne" + str(i), "baseline" if i % 5 else None) for i in range(18)]
    table = app.start_game(seats, demo=True)
    for _ in range(40):  # cards and running scores in front of the seats: less room
        table.presenter.skip()
        pump(app, 1)
    app.draw()
    view = table.table_view
    bots_at = [i for i, s in enumerate(seats) if s.bot]
    assert sorted(view.badge_rects) == bots_at
    word = app.assets.font(9).size(i18n.t("seat.bot"))[0]  # the word at its smallest
    for seat in bots_at:
        badge, name = view.badge_rects[seat], view.name_rects[seat]
        assert badge.w > word and badge.w > badge.h, (seat, badge)  # the word, not a dot
        assert table.layout.seats[seat].box.contains(badge), (seat, badge)
        assert not badge.colliderect(name), (seat, badge, name)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_status_has_one_word_and_staying_speaks_as_the_stay_button(lang):
    i18n.set_language(lang)
    stayed, frozen = i18n.t("status.stayed"), i18n.t("status.frozen")
    assert stayed != frozen
    assert stayed[:3].casefold() == i18n.t("button.stay")[:3].casefold()  # RESTÉ, Rester


@pytest.mark.parametrize(("lang", "shown"), [("en", "0.0"), ("fr", "0,0"), ("de", "0,0")])
def test_an_expected_gain_that_rounds_to_nothing_has_no_sign(lang, shown, monkeypatch):
    from ui.table import play as table_module
    from ui.table.hint import Odds

    app = make_app(size=(1280, 720), lang=lang, seed=5, speed=8.0, think_time=0.0, hints=True)
    table = app.start_game([Seat("Ana", None), Seat("Bo", "baseline")])
    for _ in range(300):
        d = table.driver.human_turn()
        if d is not None and d.kind == "hit_or_stay":
            break
        if d is not None:  # a card to give first: to the first seat it may go to
            table.driver.act(Action.choose(d.seat, d.options[0]))
        table.presenter.skip()
        pump(app, 1)
    assert table.driver.human_turn().kind == "hit_or_stay"
    monkeypatch.setattr(table_module, "odds", lambda game, seat: Odds(0.2, -0.04))
    _prompt, detail = table.driver.bar()
    assert f" {shown}" in detail and "-0" not in detail and "−0" not in detail
    monkeypatch.setattr(table_module, "odds", lambda game, seat: Odds(0.2, -1.26))
    assert (
        table.driver.bar()[1]
        .split(table_module.KEYS_APART)[0]
        .endswith("−1.3" if lang == "en" else "−1,3")
    )


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_a_notice_at_the_table_keeps_clear_of_the_panel(size):
    """A message over the table (a connection lost, a save that failed) sits over the felt:
    it never covers the panel's round, target or tray."""
    app = make_app(size=size, lang="fr", speed=8.0, think_time=0.0)
    table = app.start_game([Seat("Ana", None), Seat("Bo", "baseline")])
    app.notify("La connexion à l'hôte est perdue : nouvel essai dans un instant. " * 2, error=True)
    pump(app, 2)
    look(app)
    assert app.notices.rects
    for rect in app.notices.rects:
        assert rect.right <= table.layout.panel.x, (rect, table.layout.panel)
        assert rect.left >= 0


def test_a_notice_over_a_round_s_summary_keeps_clear_of_the_panel_too():
    app = make_app(size=(1280, 720), lang="en", speed=8.0, think_time=0.0)
    table = app.start_game([Seat("Bo", "baseline"), Seat("Cy", "baseline")], seed=2)
    for _ in range(3000):
        if app.stack.top is not table:
            break
        table.presenter.skip()
        pump(app, 1)
    assert app.stack.top is not table  # the round's summary, over the table
    app.notify("Connection lost: trying again… your seat waits for you", error=True)
    pump(app, 2)
    look(app)
    assert app.notices.rects
    assert all(r.right <= table.layout.panel.x for r in app.notices.rects)
