"""What the table says, in every language: names without "Bot", giving to oneself,
French words that fit any player, keys that follow the language, the winning condition."""

from __future__ import annotations

import pygame
import pytest

from ui import i18n
from ui.config import Seat
from ui.driver import make_app, press, settle

LANGS = ("en", "fr", "de")


def log_of(table) -> list[str]:
    return [str(line) for line in table.presenter.log]


@pytest.mark.parametrize("lang", LANGS)
def test_hit_and_stay_keys_follow_the_language_and_english_still_works(lang):
    app = make_app(seed=1, think_time=0.0, lang=lang)
    table = app.start_game(
        [Seat("Ana", None), Seat("Ben", None)], deck=["3", "4", "5", "6", "7", "8"], dealer=1
    )
    table.driver.autoplay = False
    settle(app)
    hit = getattr(pygame, "K_" + i18n.t("keys.hit"))
    stay = getattr(pygame, "K_" + i18n.t("keys.stay"))
    assert i18n.t("keys.hit").upper() in i18n.t("prompt.keys_hit")
    assert i18n.t("keys.stay").upper() in i18n.t("prompt.keys_hit")
    press(app, hit)  # Ana hits with her language's letter
    settle(app)
    assert len(table.game.hands[0].numbers) == 2
    press(app, pygame.K_h)  # Ben with the English one
    settle(app)
    assert len(table.game.hands[1].numbers) == 2
    press(app, stay)
    settle(app)
    assert table.game.hands[0].status == "stayed"
    press(app, pygame.K_s)
    settle(app)
    assert table.game.round_no >= 1 and table.game.hands[1].status in ("stayed", "active")


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_is_named_without_bot_and_giving_to_oneself_reads_naturally(lang):
    app = make_app(seed=1, think_time=0.0, lang=lang)
    table = app.start_game(
        [Seat("Ana", None), Seat("Cyd", "baseline")], deck=["freeze", "4", "5", "6"], dealer=1
    )
    table.driver.autoplay = False
    settle(app)
    d = table.game.pending
    assert d.kind != "hit_or_stay" and d.seat == 0
    from game.state import Action

    table.driver.act(Action.choose(0, 0))
    settle(app)
    lines = log_of(table)
    assert i18n.t("caption.target_self", who="Ana", card=i18n.t("card.freeze")) in lines
    assert not any("Bot Cyd" in line or "Ana gives" in line for line in lines)
    assert not any(" à Ana" in line or " an Ana" in line for line in lines)


def test_the_log_names_the_card():
    app = make_app(seed=1, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Léa", None), Seat("Hugo", None)], deck=["7", "9", "3", "9"], dealer=1
    )
    table.driver.autoplay = False
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    press(app, pygame.K_h)
    settle(app)
    lines = log_of(table)
    assert "Léa hits: 7" in lines and "Léa hits: 3" in lines
    assert "Hugo busts on a second 9!" in lines


def test_french_words_fit_any_player():
    i18n.set_language("fr")
    try:
        for key in ("status.stayed", "status.frozen", "status.busted"):
            word = i18n.t(key)
            assert not word.endswith(("É", "ÉE", "é")), (key, word)
        assert "stoppé" not in i18n.t("caption.frozen", who="Léa", score=3)
    finally:
        i18n.set_language("en")


def test_french_text_never_assumes_the_player_is_a_man():
    """No "joueur", "donneur", "chacun" or "seul" in what a French player reads
    (the rules, the setup, the sheet and its printed page)."""
    import re

    from ui.lang.fr import STRINGS
    from ui.tabletop import sheet_export

    words = re.compile(r"\b(joueurs?|donneurs?|chacun|seuls?)\b", re.IGNORECASE)
    texts = list(STRINGS.items()) + list(sheet_export.TEXTS["fr"].items())
    assert not [(k, v) for k, v in texts if words.search(v)]
    assert "la dernière personne" in STRINGS["rules.tricky.last.title"]


def test_french_puts_a_no_break_space_before_its_double_punctuation():
    """ "FLIP 7 !", "Rester ?", "Manche 2 : …", "23 %", « Rester »: the space of French
    typography, one that never leaves the sign alone at the start of a line. A colon
    with no space after it is not punctuation: an address (192.168.1.20:7707), code."""
    import re

    from ui.lang.fr import STRINGS
    from ui.tabletop import sheet_export

    sign = re.compile(r"(?<!\u00a0)([!?;%»]|:(?=\s|$))|«(?!\u00a0)")
    texts = list(STRINGS.items()) + list(sheet_export.TEXTS["fr"].items())
    assert not [(k, v) for k, v in texts if sign.search(v)]
    assert STRINGS["banner.flip7"] == "FLIP 7\u00a0!"


#: the published rules' word for a bust: French "sauter" (il saute, a sauté, un saut),
#: German "sich verzocken" (hat sich verzockt); and the words that are not it
BUST_WORD = {"fr": "saut", "de": "verzock"}
OTHER_BUST_WORDS = {
    "fr": r"\b(perd\w*|perte|hors jeu|élimin\w*|sorti\w*)",
    "de": r"\b(raus|rauszufliegen|ausgeschieden\w*|ausscheiden|scheidet|fliegt)\b",
}
ODDS_ONLY = {"live.odds"}  # "risque 23 %" beside a seat: the odds of one, named by no word


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_bust_is_said_with_one_word_family_the_published_rules_one(lang):
    """Every string about a bust — the log, the stamp, the summary, the game over, the
    statistics, the calculator, the rules, the advice — says it with the word of the
    edition's rules, and none with another."""
    import re

    def words(text: str) -> str:
        return re.sub(r"\{\w+\}", "", text)

    about = [k for k, v in i18n.EN.items() if "bust" in k or re.search(r"\bbust", words(v), re.I)]
    assert len(about) > 20
    table = i18n.TABLES[lang]
    for key in about:
        text = words(table[key])
        assert not re.search(OTHER_BUST_WORDS[lang], text, re.I), (key, text)
        assert key in ODDS_ONLY or BUST_WORD[lang] in text.lower(), (key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_first_page_states_the_winning_condition(lang):
    i18n.set_language(lang)
    try:
        goal = i18n.t("rules.basics.goal")
        words = {
            "en": ("after the round", "highest total"),
            "fr": ("après la manche", "plus haut total"),
            "de": ("nach der Runde", "höchste Summe"),
        }[lang]
        assert "200" in goal and all(w in goal for w in words)
    finally:
        i18n.set_language("en")


def test_each_round_summary_says_why_and_the_last_round_gets_one_before_the_game_over():
    from game.rules import RuleOptions
    from game.state import Action
    from ui.table.summary import GameOver, RoundSummary

    app = make_app(seed=1, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Ana", None), Seat("Ben", None), Seat("Cy", None)],
        deck=["7", "8", "9", "freeze", "9"],
        dealer=2,
        rules=RuleOptions(target=5),
    )
    table.driver.autoplay = False
    settle(app)
    table.driver.act(Action.hit(0))  # the Freeze: Ana freezes Ben at 8
    settle(app)
    table.driver.act(Action.choose(0, 1))
    settle(app)
    assert "Ben is frozen by Ana with 8" in log_of(table)  # who did it, in the caption too
    table.driver.act(Action.hit(2))  # Cy busts on a second 9
    settle(app)
    table.driver.act(Action.stay(0))
    settle(app)
    assert table.game.winner is not None
    summary = app.stack.top
    assert isinstance(summary, RoundSummary)  # the last round's summary comes first
    reasons = [
        summary.reason(why, seat, result)[0]
        for seat, (why, result) in enumerate(
            zip(table.shown.last_reasons, table.shown.last_results, strict=True)
        )
    ]
    assert reasons == ["stayed", "frozen by Ana", "busted on a second 9"]
    summary.choose("next")
    settle(app)
    assert isinstance(app.stack.top, GameOver)


def test_a_persons_own_bust_holds_on_screen_while_the_bots_carry_on():
    """At triple speed, with bots that decide at once, a person's bust and its reason stay
    at least 1.5 s of real time before anything else happens."""
    from game import events as ev
    from game.state import Action

    app = make_app(seed=1, think_time=0.0, lang="en", speed=3.0)
    table = app.start_game(
        [Seat("Ana", None), Seat("Bo", "baseline"), Seat("Cy", "baseline")],
        deck=["9", "2", "3", "9", "4", "5", "6", "7"],
        dealer=2,
    )
    settle(app)
    table.driver.act(Action.hit(0))  # a second 9
    before = len(table.game.actions)
    seen = None
    clock = 0.0
    while len(table.game.actions) == before and clock < 10:
        app.step(dt=0.02)
        clock += 0.02
        cur = table.presenter.timeline.current
        if seen is None and cur is not None and isinstance(cur.event, ev.Busted):
            seen = clock
    assert seen is not None and str(table.presenter.caption) == "Ana busts on a second 9!"
    assert clock - seen >= 1.5


def test_a_listed_line_follows_a_language_switch():
    from ui.i18n import Listed, Msg, card_msg

    line = Msg("caption.f3_done", who="Ana", cards=Listed(card_msg(c) for c in ("5", "freeze")))
    assert str(line) == "Flip Three over: Ana took 5, Freeze"
    i18n.set_language("fr")
    try:
        assert str(line) == "Trois à la suite fini\u00a0: Ana a pris 5, Stop"
    finally:
        i18n.set_language("en")


def test_the_log_keeps_the_round_and_scrolls_with_the_wheel_over_the_panel(monkeypatch):
    from ui.table.presenter import LOG_LINES

    assert LOG_LINES >= 300  # a round of 18 seats rarely takes 150 lines
    app = make_app(seed=1, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Ana", None), Seat("Ben", None)], deck=["3", "4", "5", "6", "7", "8"], dealer=1
    )
    table.driver.autoplay = False
    settle(app)
    lines = len(table.presenter.log)
    assert lines >= 3
    panel = table.layout.panel
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(dt=1 / 30)
    assert table.log_scroll == min(3, lines - 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    app.step(dt=1 / 30)
    assert table.log_scroll == 0
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: table.layout.table.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(dt=1 / 30)
    assert table.log_scroll == 0  # the wheel elsewhere scrolls nothing


def test_the_game_over_shows_totals_by_round_stats_and_a_chart_whose_target_label_is_clear(
    monkeypatch,
):
    from game.rules import RuleOptions
    from game.state import Action
    from ui.table import summary

    app = make_app(seed=1, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Ana", None), Seat("Ben", None)],
        deck=["12", "3", "9", "3"],
        dealer=1,
        rules=RuleOptions(target=20),
    )
    table.driver.autoplay = False
    settle(app)
    table.driver.act(Action.hit(0))  # Ana: 12, 9
    settle(app)
    table.driver.act(Action.hit(1))  # Ben busts on a second 3
    settle(app)
    table.driver.act(Action.stay(0))
    settle(app)
    app.stack.top.choose("next")
    settle(app)
    over = app.stack.top
    assert isinstance(over, summary.GameOver)
    texts, circles = [], []
    real_text, real_circle = over.text, pygame.draw.circle
    monkeypatch.setattr(
        over,
        "text",
        lambda img, text, size, color, **anchor: (
            texts.append((text, real_text(img, text, size, color, **anchor))) or texts[-1][1]
        ),
    )
    monkeypatch.setattr(
        summary.pygame.draw,
        "circle",
        lambda surf, color, center, radius, *a: (
            circles.append(
                pygame.Rect(center[0] - radius, center[1] - radius, 2 * radius, 2 * radius)
            )
            or real_circle(surf, color, center, radius, *a)
        ),
    )
    over.render()
    shown = [text for text, _r in texts]
    for word in ("R1", "total", "busts", "Flip 7", "best", "21", "0", "20"):
        assert word in shown, word  # the table's heads and values, the chart's axis values
    target_labels = [r for text, r in texts if text == "20"]  # the target's, and the axis'
    assert target_labels and not any(r.colliderect(circles[-1]) for r in target_labels)


def test_the_prompt_names_the_seat_under_the_pointer_while_choosing_a_target():
    app = make_app(seed=1, think_time=0.0, lang="en")
    table = app.start_game(
        [Seat("Ana", None), Seat("Bartholomew-Jones", None)],
        deck=["4", "5", "freeze", "6"],
        dealer=1,
    )
    table.driver.autoplay = False
    settle(app)
    from game.state import Action

    table.driver.act(Action.hit(0))
    settle(app)
    assert table.game.pending.kind != "hit_or_stay"
    box = table.layout.seats[1].box
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(dt=1 / 30)
    assert table.driver.bar()[0] == "Ana — give the Freeze to Bartholomew-Jones?"
