"""Counted nouns agree with their number in every language: "1 game", "2 games";
French keeps 0 and 1 singular ("0 partie", "1 partie")."""

from pathlib import Path

import pygame
import pytest

from game import gamefile
from ui import i18n
from ui.driver import make_app, press
from ui.i18n import plural_form, tn
from ui.storage.stats_store import StatsStore
from ui.tabletop.stats_screen import StatsScene

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "seed004_last_round.json"


# (key, count, arguments, {lang: text}) for every counted string of the program
READS = [
    (
        "stats.games",
        1,
        {"count": 1},
        {
            "en": "1 game played to the end in the program",
            "fr": "1 partie jouée jusqu'au bout dans le programme",
            "de": "1 Spiel im Programm zu Ende gespielt",
        },
    ),
    (
        "stats.games",
        2,
        {"count": 2},
        {
            "en": "2 games played to the end in the program",
            "fr": "2 parties jouées jusqu'au bout dans le programme",
            "de": "2 Spiele im Programm zu Ende gespielt",
        },
    ),
    (
        "stats.games",
        0,
        {"count": 0},
        {
            "en": "0 games played to the end in the program",
            "fr": "0 partie jouée jusqu'au bout dans le programme",
            "de": "0 Spiele im Programm zu Ende gespielt",
        },
    ),
    (
        "review.summary",
        1,
        {"who": "Ana", "n": 1, "matched": 1, "left": "…"},
        {
            "en": "Ana: 1 decision reviewed, 1 as the expert would; …",
            "fr": "Ana\u00a0: 1 décision analysée, 1 comme l'expert\u00a0; …",
            "de": "Ana: 1 Entscheidung geprüft, 1 wie der Experte; …",
        },
    ),
    (
        "review.summary",
        2,
        {"who": "Ana", "n": 2, "matched": 1, "left": "…"},
        {
            "en": "Ana: 2 decisions reviewed, 1 as the expert would; …",
            "fr": "Ana\u00a0: 2 décisions analysées, 1 comme l'expert\u00a0; …",
            "de": "Ana: 2 Entscheidungen geprüft, 1 wie der Experte; …",
        },
    ),
    (
        "review.left",
        0.5,
        {"points": "0.5"},
        {
            "en": "0.5 expected points left on the table",
            "fr": "0.5 point espéré laissé sur la table",
            "de": "0.5 erwartete Punkte liegen gelassen",
        },
    ),
    (
        "review.left",
        2.0,
        {"points": "2.0"},
        {
            "en": "2.0 expected points left on the table",
            "fr": "2.0 points espérés laissés sur la table",
            "de": "2.0 erwartete Punkte liegen gelassen",
        },
    ),
    (
        "review.cost",
        1.2,
        {"what": "Hit", "points": "−1.2", "win": "−3", "expert": "stay"},
        {
            "en": "Hit: −1.2 expected points, −3% to win (stay)",
            "fr": "Hit\u00a0: −1.2 point espéré, −3\u00a0% de chances de gagner (stay)",
            "de": "Hit: −1.2 erwartete Punkte, −3\u00a0% Gewinnchance (stay)",
        },
    ),
    (
        "review.cost",
        2.4,
        {"what": "Hit", "points": "−2.4", "win": "−3", "expert": "stay"},
        {
            "en": "Hit: −2.4 expected points, −3% to win (stay)",
            "fr": "Hit\u00a0: −2.4 points espérés, −3\u00a0% de chances de gagner (stay)",
            "de": "Hit: −2.4 erwartete Punkte, −3\u00a0% Gewinnchance (stay)",
        },
    ),
    (
        "sheet.extra",
        1,
        {"rounds": "8"},
        {
            "en": "round typed after the end: 8",
            "fr": "manche saisie après la fin\u00a0: 8",
            "de": "nach dem Ende eingetippte Runde: 8",
        },
    ),
    (
        "sheet.extra",
        2,
        {"rounds": "8, 9"},
        {
            "en": "rounds typed after the end: 8, 9",
            "fr": "manches saisies après la fin\u00a0: 8, 9",
            "de": "nach dem Ende eingetippte Runden: 8, 9",
        },
    ),
]


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize(("key", "count", "args", "texts"), READS)
def test_every_counted_string_reads_right_with_one_and_with_two(lang, key, count, args, texts):
    i18n.set_language(lang)
    assert tn(key, count, **args) == texts[lang]


def test_french_keeps_zero_and_one_singular_and_english_and_german_only_one():
    assert [plural_form(n, "fr") for n in (0, 1, 1.9, 2, 10)] == ["one"] * 3 + ["other"] * 2
    for lang in ("en", "de"):
        assert [plural_form(n, lang) for n in (0, 1, 1.0, 2)] == ["other", "one", "other", "other"]


def test_every_counted_key_has_both_forms_in_every_language():
    for table in i18n.TABLES.values():
        for key in table:
            stem, _dot, form = key.rpartition(".")
            if form in ("one", "other"):
                assert f"{stem}.one" in table and f"{stem}.other" in table, key
    assert i18n.mismatches() == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "1 game played to the end in the program"),
        ("fr", "1 partie jouée jusqu'au bout dans le programme"),
        ("de", "1 Spiel im Programm zu Ende gespielt"),
    ],
)
def test_the_statistics_screen_counts_one_game_in_the_singular(tmp_path, lang, expected):
    app = make_app(home=str(tmp_path), lang=lang, size=(1280, 720))
    StatsStore(app.dirs.data).record(gamefile.load(EXAMPLE, record_events=False))
    press(app, pygame.K_t)
    scene = app.stack.top
    assert isinstance(scene, StatsScene) and scene.stats.games == 1
    drawn: list[str] = []
    real = scene.text

    def spy(surface, text, *args, **kw):
        drawn.append(text)
        return real(surface, text, *args, **kw)

    scene.text = spy  # type: ignore[method-assign]
    app.invalidate()
    app.draw()
    assert expected in drawn


def test_the_headless_review_and_the_seat_checks_count_one_in_the_singular():
    from game.commands.review import Review, report
    from ui.config import ConfigError, parse_players

    with pytest.raises(ConfigError, match=r"1 player; the table"):
        parse_players("Ana")
    assert report(Review(players=["Ana", "Bob"], seats=["Ana"])).startswith(
        "Ana: 0 decisions reviewed"
    )
