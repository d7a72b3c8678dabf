"""The one chart of every player round by round (ui/chart.py): its lines pass through the
pixels their values call for, its axis values, rounds and target stand where they should,
with pygame (the game over, the review, the sheet on screen) and pillow (the print)."""

import pygame
import pytest
from PIL import Image, ImageDraw

from game.tabletop.sheet import ScoreSheet
from ui.chart import Line, PygamePen, Scale, Style, draw_chart
from ui.tabletop import sheet_chart

RED, BLUE, GREY, GOLD = (230, 40, 40), (40, 80, 230), (90, 90, 90), (240, 200, 60)
BOX = (40, 20, 240, 120)  # a 200 × 100 plot


@pytest.fixture
def drawn():
    """A chart of two players over 4 rounds (values 0 to 100), its surface and its texts."""
    surface = pygame.Surface((300, 160))
    surface.fill((0, 0, 0))
    texts = []

    def text(img, text, size, colour, **anchor):
        texts.append((text, colour, anchor))

    scale = Scale(
        rounds=4,
        top=100,
        ticks=[(v, str(v)) for v in (0, 50, 100)],
        round_labels=[(r, f"R{r}") for r in (0, 2, 4)],
        target=75,
    )
    lines = [
        Line([0, 25, 50, 75, 100], RED, 3, dot=4),  # the diagonal
        Line([0, 0, 0, 50, 50], BLUE, 3, dot=5, last_dot_only=True),
    ]
    style = Style(12, GREY, GREY, target=GOLD, target_label=GOLD, dash=(6, 12), whole=True)
    draw_chart(PygamePen(surface, text), BOX, scale, lines, style)
    return surface, texts


def colour_at(surface, x, y):
    return tuple(surface.get_at((x, y)))[:3]


def test_the_lines_pass_through_the_pixels_of_their_values(drawn):
    surface, _texts = drawn
    # red: 0, 25, 50, 75, 100 over rounds 0..4: x 40..240 by 50, y 120..20 by 25 (blue over
    # it at round 0)
    for x, y in ((65, 107), (90, 95), (140, 70), (190, 45), (215, 32), (240, 20)):
        assert colour_at(surface, x, y) == RED, (x, y)
    # blue: flat at 0 to round 2, up to 50 at round 3, flat to round 4
    assert colour_at(surface, 190, 70) == BLUE and colour_at(surface, 230, 70) == BLUE
    assert colour_at(surface, 165, 95) == BLUE  # half-way up from (140, 120) to (190, 70)
    assert colour_at(surface, 215, 100) == (0, 0, 0)  # nothing where no line goes
    # dots: red on every value, blue only at its end (radius 5 around (240, 70))
    assert colour_at(surface, 90 - 1, 95 - 4) == RED  # off the line's width: the dot
    assert colour_at(surface, 240 - 3, 70 + 3) == BLUE
    assert colour_at(surface, 190 + 2, 70 + 3) == (0, 0, 0)  # no dot mid-line


def test_the_axis_values_rounds_and_target_are_labelled_where_they_belong(drawn):
    surface, texts = drawn
    where = {text: anchor for text, _colour, anchor in texts}
    assert where["0"] == {"midright": (34, 120)}  # 6 px left of the plot, on the value's line
    assert where["50"] == {"midright": (34, 70)} and where["100"] == {"midright": (34, 20)}
    assert where["R0"] == {"midtop": (40, 124)} and where["R4"] == {"midtop": (240, 124)}
    assert "R1" not in where and "R3" not in where
    assert ("75", GOLD, {"bottomleft": (44, 43)}) in texts  # the target, over its line's start
    # the target's dashes: 6 px on, 6 off, from the left
    assert [colour_at(surface, x, 45) == GOLD for x in (100, 104, 108, 113)] == [
        True,
        True,
        False,
        True,
    ]
    assert colour_at(surface, 140, 20) == GREY  # the line of the top value


def test_the_printed_sheet_chart_draws_each_total_with_pillow():
    sheet = ScoreSheet(["Ana", "Ben"], target=100)
    sheet.add_round([50, 0])
    sheet.add_round([50, 20])  # Ana reaches the target: the game is over
    page = Image.new("RGB", (2000, 1200), "white")
    draw = ImageDraw.Draw(page)
    sheet_chart.draw_chart(draw, (0, 0, 2000, 1200), sheet, "Totals")
    left, top, right, bottom = 110, 80, 2000 - 460 - 40, 1200 - 60
    ana, ben = sheet_chart.colour(0), sheet_chart.colour(1)

    def at(r: float, v: float) -> tuple[int, int]:
        return round(left + (right - left) * r / 2), round(bottom - (bottom - top) * v / 100)

    assert page.getpixel(at(1, 50)) == ana and page.getpixel(at(2, 100)) == ana
    assert page.getpixel(at(0.5, 25)) == ana  # on the line between two rounds
    assert page.getpixel(at(2, 20)) == ben and page.getpixel(at(1.5, 10)) == ben
    assert page.getpixel(at(1, 70)) == (255, 255, 255)  # nothing there
    # the scale: 0 to 100 in steps of 20, its lines faint across the plot
    assert page.getpixel((left + 300, at(0, 40)[1])) == sheet_chart.FAINT


def test_a_sheet_past_thirty_rounds_has_lines_without_dots():
    sheet = ScoreSheet(["Ana", "Ben"], target=10_000)
    for _ in range(31):
        sheet.add_round([1, 2])
    assert all(line.dot == 0 for line in sheet_chart.sheet_lines(sheet, 3, 4))
    scale = sheet_chart.sheet_scale(sheet, 15)
    assert [r for r, _label in scale.round_labels] == list(range(0, 32, 3))
    assert scale.top == 10_000 and scale.target == 10_000


def _lab(colour):
    """CIELAB (D65) of an sRGB colour."""

    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _distance(a, b):
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


@pytest.mark.parametrize("where", ["overlays", "sheet"])
def test_eighteen_seats_get_eighteen_colours_no_two_alike(where):
    from game.limits import MAX_PLAYERS
    from ui.assets import BAND, PALETTE

    palette, ground = (PALETTE, BAND) if where == "overlays" else (sheet_chart.PALETTE, (255,) * 3)
    colours = [palette[seat % len(palette)] for seat in range(MAX_PLAYERS)]
    assert MAX_PLAYERS == 18 and len(set(colours)) == 18
    for i in range(18):
        assert _distance(colours[i], ground) >= 35, (i, "too close to the background")
        for j in range(i):
            assert _distance(colours[i], colours[j]) >= 30, (j, i, colours[j], colours[i])
