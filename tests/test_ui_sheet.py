"""The score sheet screens, driven through posted clicks and keys: the seed-004 game typed
round by round (one hand counted with the card calculator), a past round corrected, the
history (reopen, delete with confirmation), and the export buttons."""

import pygame
import pytest
from PIL import Image

from tests.helpers import SEED004_PLAYERS, SEED004_ROUNDS
from tests.tiers import tour
from ui import i18n
from ui.driver import button_center, clear_entry, click, make_app, press, type_text
from ui.screens.menu import MenuScene
from ui.tabletop.calculator_screen import CalculatorScene
from ui.tabletop.history_screen import ConfirmScene, HistoryScene
from ui.tabletop.sheet_screen import SheetScene
from ui.tabletop.sheet_setup import SheetSetupScene

PLAYERS, ROUNDS = SEED004_PLAYERS, SEED004_ROUNDS


def new_sheet(app, names, dealer: int) -> SheetScene:
    """Menu → Score sheet → New sheet: the names typed, the first dealer chosen, Start."""
    press(app, pygame.K_k)
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    click(app, button_center(history, "new"))
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    while len(setup.names) < len(names):
        click(app, button_center(setup, "add"))
    while len(setup.names) > len(names):
        click(app, button_center(setup, f"remove:{len(setup.names) - 1}"))
    for i, name in enumerate(names):
        click(app, button_center(setup, f"name:{i}"))
        clear_entry(app)
        type_text(app, name)
    click(app, button_center(setup, f"dealer:{dealer}"))
    click(app, button_center(setup, "start"))
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    return sheet


def type_points(app, points: int) -> None:
    type_text(app, str(points))
    press(app, pygame.K_RETURN)


def count_with_cards(app, scene: SheetScene, cards) -> CalculatorScene:
    click(app, button_center(scene, "calc"))
    calc = app.stack.top
    assert isinstance(calc, CalculatorScene)
    for card in cards:
        click(app, calc.card_rects()[card].center)
    return calc


def click_cell(app, scene: SheetScene, round_no: int, seat: int) -> None:
    click(app, scene.grid().cell(round_no, seat).center)


def test_seed_004_typed_through_the_screen(tmp_path):
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    scene = new_sheet(app, PLAYERS, dealer=1)  # Léa deals round 1, Chloé round 7
    sheet = scene.sheet
    assert sheet.players == tuple(PLAYERS) and sheet.target == 200
    for r, row in enumerate(ROUNDS[:6], 1):
        assert scene.sel == (r, 0)
        for points in row:
            type_points(app, points)
        assert sheet.round_count == r
        if r >= 2:
            assert sheet.leaders_after(r) == (3,)  # Chloé leads after rounds 2–6
    assert sheet.totals == (171, 160, 168, 185)
    assert sheet.dealer(7) == 3
    app.draw()
    # round 7: Hugo's hand through the calculator, by clicking the cards
    calc = count_with_cards(app, scene, ["12", "10", "7", "x2", "+6"])
    assert calc.evaluate()[0].text == "29 × 2 + 6 = 64"
    click(app, calc.card_rects()["7"].center)  # a second 7 in a hand that did not bust
    app.draw()
    assert calc.problem == "7 twice: a hand with the same number twice has busted"
    assert not calc.widgets["ok"].is_enabled
    click(app, calc.hand_rects()[-1].center)  # take it back
    assert calc.problem == "" and calc.widgets["ok"].is_enabled
    click(app, button_center(calc, "ok"))
    assert app.stack.top is scene and sheet.cell(7, 0).points == 64
    assert scene.sel == (7, 1)
    # Léa's Flip 7, counted by the calculator (the bonus added by itself)
    calc = count_with_cards(app, scene, ["1", "3", "5", "6", "8", "9", "11", "+4"])
    assert calc.evaluate()[0].text == "43 + 4 + 15 = 62"
    press(app, pygame.K_RETURN)
    type_points(app, 21)
    type_points(app, 0)
    assert sheet.totals == (235, 222, 189, 185) and sheet.over and sheet.winner == 0
    assert scene.status()[0] == "Hugo wins with 235 after round 7"
    assert [s.name for s in sheet.standings()] == ["Hugo", "Léa", "Lucas", "Chloé"]
    app.draw()
    saved = scene.store.open(sheet.id)  # saved as typed
    assert saved.totals == sheet.totals and saved.cell(7, 1).flip7

    # a past round corrected: Lucas's 0 in round 3 was a 30
    click_cell(app, scene, 3, 2)
    assert scene.sel == (3, 2)
    type_points(app, 30)
    assert sheet.totals == (235, 222, 219, 185)
    assert [s.name for s in sheet.standings()][:3] == ["Hugo", "Léa", "Lucas"]
    assert scene.store.open(sheet.id).totals == (235, 222, 219, 185)
    click_cell(app, scene, 3, 2)
    type_points(app, 0)
    assert sheet.totals == (235, 222, 189, 185)
    # a refusal on the sheet itself: 200 points cannot be scored in one round
    click_cell(app, scene, 1, 0)
    type_points(app, 200)
    assert "cannot be scored in one round" in scene.error and sheet.cell(1, 0) == 24
    app.draw()


def test_calculator_refuses_what_the_round_cannot_hold(tmp_path):
    app = make_app(home=str(tmp_path), lang="fr", size=(1024, 640))
    scene = new_sheet(app, ["Ana", "Ben", "Cy"], dealer=0)
    calc = count_with_cards(app, scene, ["x2", "4"])
    click(app, button_center(calc, "ok"))
    assert scene.sheet.cell(1, 0).points == 8
    calc = count_with_cards(app, scene, ["x2"])  # the deck holds one x2
    assert "x2" in calc.problem and "deck" in calc.problem
    app.draw()
    press(app, pygame.K_BACKSPACE)
    click(app, button_center(calc, "busted"))  # busted with no card: fine, 0
    assert calc.evaluate()[0].points == 0
    for card in ("9", "4", "9"):
        click(app, calc.card_rects()[card].center)
    assert calc.evaluate()[0].points == 0  # busted on a second 9
    press(app, pygame.K_RETURN)
    assert scene.sheet.cell(1, 1).busted
    press(app, pygame.K_ESCAPE)  # leaves the sheet: it is saved
    assert isinstance(app.stack.top, HistoryScene)


def test_history_reopen_delete_and_export(tmp_path):
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    scene = new_sheet(app, ["Ana", "Ben", "Cy"], dealer=2)
    for points in (12, 0, 30):
        type_points(app, points)
    sheet_id = scene.sheet.id
    click(app, button_center(scene, "export_pdf"))
    pdf = app.dirs.data / "exports" / f"sheet-{sheet_id}-en.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert any(str(pdf.name) in text for text in app.notices.texts)
    click(app, button_center(scene, "blank_png"))
    png = app.dirs.data / "exports" / "blank-sheet-3-players-en.png"
    with Image.open(png) as image:
        assert image.size == (2480, 3508)
    click(app, button_center(scene, "back"))
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert [i.id for i in history.infos] == [sheet_id]
    click(app, button_center(history, f"open:{sheet_id}"))
    reopened = app.stack.top
    assert isinstance(reopened, SheetScene) and reopened.sheet.totals == (12, 0, 30)
    assert reopened.sel == (2, 0)
    press(app, pygame.K_ESCAPE)
    # delete: asked first; "Cancel" keeps it, "Delete" removes it
    click(app, button_center(history, f"delete:{sheet_id}"))
    assert isinstance(app.stack.top, ConfirmScene)
    app.draw()
    click(app, button_center(app.stack.top, "no"))
    assert (app.dirs.data / "sheets" / f"{sheet_id}.json").exists()
    click(app, button_center(history, f"delete:{sheet_id}"))
    click(app, button_center(app.stack.top, "yes"))
    assert app.stack.top is history and history.infos == []
    assert not (app.dirs.data / "sheets" / f"{sheet_id}.json").exists()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_dealer_badge_sits_beside_the_name_never_over_its_accents(size):
    """The current dealer's badge in the sheet's header: beside "Léa", not over the é."""
    from game.tabletop.sheet import ScoreSheet
    from ui.assets import Assets
    from ui.tabletop.sheet_view import draw_grid, grid_layout

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    assets = Assets("en")
    sheet = ScoreSheet(PLAYERS, first_dealer=1)  # Léa deals round 1
    assert sheet.current_dealer == 1
    made = {}
    real_pill, real_fitted = assets.pill, assets.fitted
    assets.pill = lambda text, *a, **k: made.setdefault("pill", real_pill(text, *a, **k))
    assets.fitted = lambda text, *a, **k: made.setdefault(text, real_fitted(text, *a, **k))
    blits = []

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            blits.append(
                (
                    source,
                    pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest, source.get_size()),
                )
            )
            return super().blit(source, dest, *args, **kwargs)

    surface = Recording(size)
    u = min(size[0] / 1280, size[1] / 720)
    grid, _ = grid_layout(sheet, pygame.Rect(20, 60, size[0] * 2 // 3, size[1] - 120), u, 0)
    draw_grid(surface, assets, sheet, grid, u, None)
    where = {id(s): r for s, r in blits}
    name, pill = where[id(made["Léa"])], where[id(made["pill"])]
    assert not name.colliderect(pill)
    assert pill.left >= name.right  # beside it, on the same line


def hover(app, pos, widget=None, frames: int = 2) -> None:
    """The pointer moves to ``pos`` and rests there: ``frames`` passes of the loop, or with
    ``widget`` as many as its tooltip takes to show (pygame_gui shows it after a second of
    rest), at most two seconds of them."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    )
    if widget is None:
        for _ in range(frames):
            app.step(dt=1 / 30)
        return
    for _ in range(8):
        app.step(dt=1 / 4)
        if widget.tool_tip is not None:
            return


@pytest.mark.parametrize("lang", tour(*i18n.LANGS))
@pytest.mark.parametrize("size", tour((800, 500), (1280, 720), (1920, 1080)))
def test_no_tooltip_of_the_sheet_covers_a_button_or_a_field(tmp_path, lang, size):
    from game.tabletop.sheet import ScoreSheet

    app = make_app(home=str(tmp_path), lang=lang, size=size)
    app.go("sheet", ScoreSheet(["Ana", "Bob", "Cy"]))
    type_points(app, 12)  # a cell typed: Finish round is enabled, with its tooltip too
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    tipped = [n for n, w in scene.widgets.items() if getattr(w, "tool_tip_text", None)]
    assert {"finish", "export_pdf", "export_png", "blank_pdf", "blank_png"} <= set(tipped)
    for name in tipped:
        widget = scene.widgets[name]
        if not widget.is_enabled:
            continue
        hover(app, widget.rect.center, widget)
        tip = widget.tool_tip
        assert tip is not None, name
        window = pygame.Rect((0, 0), size)
        assert window.contains(tip.rect), (name, tip.rect)
        for other_name, other in scene.widgets.items():
            assert not tip.rect.colliderect(other.rect), (name, "covers", other_name)
        hover(app, (2, 2))


class FakeOpener:
    """What ``subprocess.Popen`` gives the viewer module, with an exit status to report."""

    def __init__(self, status):
        self.status = status
        self.calls = []

    def __call__(self, argv, **kw):
        self.calls.append(argv)
        status = self.status

        class Process:
            def poll(self):
                return status

        return Process()


def test_open_shows_the_last_export_in_the_systems_viewer(tmp_path, monkeypatch):
    from ui import viewer

    opener = FakeOpener(0)
    monkeypatch.setattr(viewer.sys, "platform", "linux")
    monkeypatch.setattr(viewer.subprocess, "Popen", opener)  # never a real viewer
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    scene = new_sheet(app, ["Ana", "Ben", "Cy"], dealer=0)
    assert not scene.widgets["open"].is_enabled  # nothing exported yet
    click(app, button_center(scene, "export_png"))
    png = app.dirs.data / "exports" / f"sheet-{scene.sheet.id}-en.png"
    assert png.is_file() and scene.widgets["open"].is_enabled
    click(app, button_center(scene, "open"), frames=3)
    assert opener.calls == [["xdg-open", str(png)]]
    assert scene.viewing is None and not any("viewer" in n for n in app.notices.texts)
    click(app, button_center(scene, "blank_pdf"))
    click(app, button_center(scene, "open"), frames=3)
    assert opener.calls[-1] == [
        "xdg-open",
        str(app.dirs.data / "exports" / "blank-sheet-3-players-en.pdf"),
    ]


@pytest.mark.parametrize("how", ["missing", "gave_up"])
def test_without_a_viewer_open_says_so_in_one_line(tmp_path, monkeypatch, how):
    from ui import viewer

    monkeypatch.setattr(viewer.sys, "platform", "linux")
    if how == "missing":

        def no_opener(argv, **kw):
            raise FileNotFoundError(2, "No such file or directory", argv[0])

        monkeypatch.setattr(viewer.subprocess, "Popen", no_opener)
    else:  # xdg-open is there, but nothing opens a PDF: it exits with status 3
        monkeypatch.setattr(viewer.subprocess, "Popen", FakeOpener(3))
    app = make_app(home=str(tmp_path), lang="en", size=(1280, 720))
    scene = new_sheet(app, ["Ana", "Ben", "Cy"], dealer=0)
    click(app, button_center(scene, "export_pdf"))
    click(app, button_center(scene, "open"), frames=3)
    said = [n for n in app.notices.texts if n.startswith("No viewer could open")]
    assert len(said) == 1 and "\n" not in said[0]
    assert f"sheet-{scene.sheet.id}-en.pdf" in said[0]
    reason = "xdg-open is not installed" if how == "missing" else "the system has no program"
    assert reason in said[0]


@pytest.mark.parametrize("size", tour((800, 500), (1024, 600), (1280, 720), (1920, 1080)))
@pytest.mark.parametrize("lang", tour("en", "fr", "de"))
def test_the_points_field_and_its_buttons_keep_apart_inside_the_grid_s_panel(lang, size):
    """Each button as wide as its words, none over the points field nor over another,
    and the row inside the panel of the grid."""
    import itertools

    from game.tabletop.sheet import ScoreSheet
    from ui.driver import pump
    from ui.storage.sheet_store import SheetStore

    app = make_app(size=size, lang=lang)
    app.go("sheet", ScoreSheet(SEED004_PLAYERS), SheetStore(app.dirs.data / "sheets"))
    pump(app, 2)
    scene = app.stack.top
    rects = {name: w.rect for name, w in scene.widgets.items() if w.visible}
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    panel = scene.areas()[0]
    for name in ("points", "calc", "live", "finish"):
        assert panel.contains(rects[name]), (name, rects[name], panel)
