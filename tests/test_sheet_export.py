"""Score sheets as PDF and PNG: A4 at 300 dpi, blank or filled."""

import re

import pytest
from PIL import Image

from game.commands.simulate import play_game
from game.tabletop.calculator import count
from game.tabletop.sheet import ScoreSheet, sheet_from_game
from tests.helpers import SEED004_PLAYERS, SEED004_ROUNDS
from ui.tabletop.sheet_draw import GOLD
from ui.tabletop.sheet_export import (
    TEXTS,
    ExportError,
    blank_pages,
    export_blank,
    main,
    save_pages,
    sheet_pages,
)

A4_PX = (2480, 3508)
A4_PT = (595.2, 841.92)  # what pillow writes for 2480 × 3508 px at 300 dpi (A4 is 595 × 842)


def seed004():
    sheet = ScoreSheet(SEED004_PLAYERS)
    for row in SEED004_ROUNDS[:6]:
        sheet.add_round(row)
    sheet.add_round(
        [
            count([12, 10, 7], ["x2", "+6"]),
            count([1, 3, 5, 6, 8, 9, 11], ["+4"]),
            21,
            count([9, 4, 5, 12, 9], busted=True),
        ]
    )
    return sheet


def media_boxes(path):
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return [
        tuple(float(v) for v in m)
        for m in re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data)
    ]


def test_blank_sheet_png_and_pdf(tmp_path):
    png = export_blank(tmp_path / "blank.png", players=8, lang="de")
    with Image.open(png[0]) as im:
        assert im.size == A4_PX and im.format == "PNG"
        assert round(im.info["dpi"][0]) == 300
    pdf = export_blank(tmp_path / "blank.pdf", players=3, lang="fr")
    assert media_boxes(pdf[0]) == [A4_PT]


def test_filled_sheet_png_and_pdf(tmp_path):
    pages = sheet_pages(seed004(), "fr")
    assert [p.size for p in pages] == [A4_PX]
    written = save_pages(pages, tmp_path / "game.png")
    with Image.open(written[0]) as im:
        im.load()
        assert im.size == A4_PX
        # the winner's name cell is shaded gold, the others' are not
        assert im.getpixel((310, 420))[:3] == GOLD and im.getpixel((822, 420))[:3] != GOLD
    assert media_boxes(save_pages(pages, tmp_path / "game.pdf")[0]) == [A4_PT]


def test_many_players_turn_the_page_and_many_rounds_add_pages(tmp_path):
    game = play_game(tuple(["baseline"] * 12), seed=5)
    sizes = [p.size for p in sheet_pages(sheet_from_game(game))]
    assert sizes and set(sizes) == {A4_PX[::-1]}  # the grid, and the chart if it needs a page
    long = ScoreSheet(["Ana", "Ben", "Cy"], target=5000)
    for r in range(45):
        long.add_round([r % 13, 20, 7])
    pages = sheet_pages(long)
    written = save_pages(pages, tmp_path / "long.pdf")
    assert media_boxes(written[0]) == [A4_PT] * 3  # 30 rounds, 15 rounds, the chart
    assert b"/Count 3" in written[0].read_bytes()
    small = [Image.new("RGB", (8, 8), "white")] * len(pages)  # the names of the files only
    pngs = save_pages(small, tmp_path / "long.png")
    assert [p.name for p in pngs] == ["long.png", "long-2.png", "long-3.png"]


def test_refusals(tmp_path):
    with pytest.raises(ExportError, match="3 to 8 players"):
        blank_pages(9)
    with pytest.raises(ExportError, match="3 to 8 players"):
        blank_pages(2)
    with pytest.raises(ExportError, match="unknown language 'it'"):
        blank_pages(4, "it")
    with pytest.raises(ExportError, match=r"export as \.pdf or \.png"):
        export_blank(tmp_path / "x.jpg")


def test_every_language_has_every_word():
    keys = set(TEXTS["en"])
    assert all(set(words) == keys for words in TEXTS.values())
    assert TEXTS["fr"]["title"] == "Feuille de score" and TEXTS["de"]["title"] == "Punkteblock"


def test_command_line(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["--blank", "--players", "4", "--lang", "fr", "--out", str(out)]) == 0
    assert media_boxes(out) == [A4_PT]
    assert "2480×3508 px, 300 dpi" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["--sheet", str(bad), "--out", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err.startswith("error: not a score sheet")


@pytest.mark.parametrize("rounds", [1, 6, 19, 20, 29, 30, 31, 45])
@pytest.mark.parametrize("players", [4, 12])
def test_every_sheet_with_rounds_carries_the_totals_chart(rounds, players, monkeypatch):
    """Under the grid when there is room, else on a page of its own — always once."""
    import ui.tabletop.sheet_export as export

    calls = []
    real = export.draw_chart
    monkeypatch.setattr(export, "draw_chart", lambda *a, **k: calls.append(a) or real(*a, **k))
    sheet = ScoreSheet([f"P{i}" for i in range(players)], target=10_000)
    for r in range(rounds):
        sheet.add_round([(r * 7 + i * 3) % 30 for i in range(players)])
    pages = export.sheet_pages(sheet)
    assert len(calls) == 1, (rounds, players, len(pages))
