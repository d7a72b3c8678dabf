"""The live table (ui.table.live): a real table followed card by card from a score sheet —
keys as a person types them and clicks on the faces and the seats, the odds beside each
seat equal to game.advise's and drawn bigger in big type, undo, the round's scores into
the sheet as counted hands that the sheet still corrects, and the game taken up again
after a crash at the last entry."""

import json
import os

import pygame

from game.bots.advice import table_advice
from game.live import observed_game
from game.tabletop.calculator import CardHand
from game.tabletop.sheet import ScoreSheet
from ui.driver import button_center, click, driven_by, look, make_app, press, pump, resize
from ui.storage.sheet_store import SheetStore
from ui.table.live import LiveDriver, live_path
from ui.tabletop.sheet_screen import SheetScene

NAMES = ["Léa", "Hugo", "Maud"]


def open_live(tmp_path, sheet=None):
    app = make_app(home=str(tmp_path), lang="en", think_time=0.0)
    store = SheetStore(app.dirs.data / "sheets")
    sheet = sheet or ScoreSheet(NAMES, first_dealer=2)
    app.go("sheet", sheet, store)
    pump(app, 2)
    click_button(app, "live")
    table = app.stack.top
    assert driven_by(table, LiveDriver)
    return app, table, sheet, store


def click_button(app, name):
    pos = button_center(app.stack.top, name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 2)


def settle(app, table):
    for _ in range(5):
        table.skip()
        pump(app, 1)


def typed(app, table, keys: str):
    """Keys as a person types them: ``"7 1 0 x + 4 <enter> <bksp>"``."""
    names = {"<enter>": pygame.K_RETURN, "<bksp>": pygame.K_BACKSPACE, "+": pygame.K_PLUS}
    for word in keys.split():
        key = names.get(word) or pygame.key.key_code(word)
        press(app, key, frames=1)
        settle(app, table)


def test_the_deal_entered_by_keys_gives_each_player_their_card(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    game = table.game
    assert game.pending.kind == "reveal" and game.pending.seat == 0  # left of the dealer
    typed(app, table, "7 1 2 x")  # 7 for Léa, 12 for Hugo, ×2 for Maud
    hands = [h.numbers for h in game.snapshot().hands]
    assert hands[0] == ("7",) and hands[1] == ("12",)
    assert game.snapshot().hands[2].modifiers == ("x2",)
    assert table.shown.differences(game) == []


def test_a_one_alone_is_the_card_one_after_a_moment(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    press(app, pygame.K_1, frames=1)
    assert not table.game.snapshot().hands[0].numbers  # it may be 10, 11 or 12
    pump(app, 60)  # a second at 60 passes a second
    settle(app, table)
    assert table.game.snapshot().hands[0].numbers == ("1",)


def test_odds_beside_the_seats_are_game_advise_s_and_undo_takes_entries_back(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5")  # the deal; now Léa decides
    d = table.game.pending
    assert d.kind == "hit_or_stay" and d.seat == 0
    mirror = observed_game(NAMES, dealer=2, turned=["7", "12", "5"])
    assert table.driver.odds() == table_advice(mirror)
    typed(app, table, "9")  # Léa's hit: a 9
    assert table.game.snapshot().hands[0].numbers == ("7", "9")
    typed(app, table, "<bksp>")  # the 9 taken back…
    assert table.game.snapshot().hands[0].numbers == ("7",)
    assert table.game.pending.kind == "hit_or_stay"  # …and the hit is still hers to make
    typed(app, table, "<bksp> <bksp>")
    assert table.game.snapshot().hands[2].numbers == ()


def test_a_card_that_cannot_be_turned_over_is_said_and_changes_nothing(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "0 5 6")  # the only 0 of the deck (R1.1), then the deal goes on
    assert table.game.pending.kind == "hit_or_stay"
    before = list(table.game.actions)
    typed(app, table, "0")  # a second 0, as Léa's hit: refused, and no hit taken
    assert table.game.actions == before and table.game.pending.kind == "hit_or_stay"
    assert "0" in table.driver.prompt().details[0] and table.driver.error


def test_the_faces_that_cannot_be_turned_over_are_dimmed_for_a_card_awaited_and_a_hit(
    tmp_path, monkeypatch
):
    app, table, _sheet, _store = open_live(tmp_path)
    driver = table.driver

    def dimmed():
        drawn = {}
        face = driver._face

        def spy(card, size, dim):
            drawn[card] = dim
            return face(card, size, dim)

        monkeypatch.setattr(driver, "_face", spy)
        app.invalidate()
        pump(app, 1)
        look(app)
        monkeypatch.setattr(driver, "_face", face)
        assert len(drawn) == 22
        return {card for card, dim in drawn.items() if dim}

    assert dimmed() == set()  # the deal's first card: any face
    typed(app, table, "0 5")  # the deck's only 0 (R1.1) is in front of Léa
    assert table.game.pending.kind == "reveal" and dimmed() == {"0"}
    typed(app, table, "6")  # Léa decides: a face is her hit's card, the 0 still dimmed
    assert table.game.pending.kind == "hit_or_stay" and dimmed() == {"0"}
    typed(app, table, "f")  # her hit is a Freeze to give: no card can be entered
    assert table.game.pending.kind == "target" and len(dimmed()) == 22
    typed(app, table, "<bksp>")
    assert table.game.pending.kind == "hit_or_stay" and dimmed() == {"0"}


def test_a_round_played_to_its_end_goes_into_the_sheet_as_counted_hands(tmp_path):
    app, table, sheet, store = open_live(tmp_path)
    typed(app, table, "7 1 2 5")  # the deal
    typed(app, table, "<enter>")  # Léa stays on 7
    typed(app, table, "<enter>")  # Hugo stays on 12
    typed(app, table, "5")  # Maud hits a second 5: busted (R4.2)
    assert sheet.round_count == 1
    cells = sheet.rounds[0]
    assert all(isinstance(c, CardHand) for c in cells)
    assert [c.points for c in cells] == [7, 12, 0] and cells[2].busted
    assert store.open(sheet.id).round_count == 1  # saved
    pump(app, 2)
    assert not isinstance(app.stack.top, SheetScene)  # the round's summary over the table


def test_the_live_game_is_saved_at_every_entry_and_taken_up_again(tmp_path):
    app, table, sheet, store = open_live(tmp_path)
    typed(app, table, "7 1 2 5 9")
    saved = json.loads(live_path(app, sheet).read_text())
    assert saved["dealing"] == "observed" and len(saved["deck"]) == 4
    # the window is killed; the sheet is opened again and its Cards button pressed
    again = ScoreSheet.from_dict(json.loads(store.path(sheet.id).read_text()))
    app2, table2, _s, _st = open_live(tmp_path / "x", sheet=again)
    assert table2.game.actions == []  # another home: nothing saved there
    app3 = make_app(home=str(tmp_path), lang="en", think_time=0.0)
    app3.go("sheet", again, SheetStore(app3.dirs.data / "sheets"))
    pump(app3, 2)
    click_button(app3, "live")
    resumed = app3.stack.top
    assert driven_by(resumed, LiveDriver)
    assert resumed.game.actions == table.game.actions
    assert resumed.shown.differences(resumed.game) == []


def test_the_advice_over_the_table_is_the_experts_with_its_reason_in_the_tables_language(
    tmp_path,
):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5")
    advice = table_advice(observed_game(NAMES, dealer=2, turned=["7", "12", "5"])).advice
    assert advice is not None and advice.seat == 0 and advice.do == "hit"
    r = advice.reason  # Léa's 7 against a 12 and a 5: a card is worth its risk
    assert r.kind == "hit_worth" and r.gain > 0 and 0 < r.risk < 0.5
    gain, risk = f"{r.gain:.1f}", f"{r.risk * 100:.0f}"
    assert f"adds {gain} points on average, worth the {risk}% risk" in advice.why  # the CLI's
    assert table.driver.prompt().note == (
        f"Advice: Léa should hit — one card adds {gain} points on average, "
        f"worth the {risk}% risk of busting"
    )
    app.change_settings(language="fr")
    assert table.driver.prompt().note == (
        f"Conseil\u00a0: Léa devrait piocher — une carte rapporte {gain.replace('.', ',')} "
        f"points en moyenne, ce qui vaut le risque de sauter ({risk}\u00a0%)"
    )
    app.change_settings(hints=False)  # blinded, as the table's hint
    assert table.driver.prompt().note is None
    typed(app, table, "b")  # big type for a big screen, and back
    assert table.driver.big and table.game.pending.kind == "hit_or_stay"
    typed(app, table, "b")
    assert not table.driver.big


def test_the_reason_for_a_freeze_names_the_figures_in_german_and_french(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5 f")  # the deal, then Léa's hit is a Freeze: hers to give
    d = table.game.pending
    assert d.kind == "target" and d.seat == 0
    advice = table.driver.odds().advice
    assert advice == table_advice(table.game).advice
    r = advice.reason
    assert r.kind == "freeze" and r.target == advice.do and r.other is not None
    who = NAMES[r.target]
    score = table.game.snapshot().hands[r.target].score
    assert r.score == score
    app.change_settings(language="de")
    note = table.driver.prompt().note
    assert note.startswith("Rat: Léa sollte ")
    stands = f"Léa sichert {score} Punkte" if r.target == 0 else f"{who} bleibt bei {score} Punkten"
    assert stands in note and "die beste Wahl für die Gewinnchancen von Léa" in note
    than = "sie zu behalten" if r.other == 0 else f"sie an {NAMES[r.other]} zu geben"
    assert than in note
    app.change_settings(language="fr")
    note = table.driver.prompt().note
    assert "le meilleur choix pour les chances de victoire de Léa" in note
    assert ("la garder" if r.other == 0 else f"la donner à {NAMES[r.other]}") in note
    assert not any(word in note for word in ("should", "sollte", "Punkte"))
    resize(app, (800, 500))  # no room for the why under the piles: the advice alone
    assert table.driver.prompt().note == note.split(" — ")[0]


def test_the_menus_real_table_makes_a_sheet_and_follows_its_first_round(tmp_path):
    from ui.screens.menu import MenuScene

    app = make_app(home=str(tmp_path), lang="en", think_time=0.0)
    pump(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    press(app, pygame.K_a)  # Real table (A)
    press(app, pygame.K_RETURN)  # the new sheet's players as offered: Start
    table = app.stack.top
    assert driven_by(table, LiveDriver)
    assert table.game.players == table.driver.sheet.players
    assert table.game.pending.kind == "reveal"


def test_a_round_of_forty_cards_typed_with_keys_only_scores_as_the_cards_say(tmp_path):
    from tests.live_round import PLAYERS, round_keys

    keys, cards, results = round_keys()
    assert len(cards) >= 40
    app, table, sheet, _store = open_live(tmp_path, ScoreSheet(PLAYERS))
    names = {"plus": pygame.K_PLUS, "Return": pygame.K_RETURN}
    for key in keys:
        press(app, names.get(key) or pygame.key.key_code(key), frames=1)  # no waiting
    pump(app, 5)
    assert sheet.round_count == 1
    assert [c.points for c in sheet.rounds[0]] == [r.score for r in results]


def test_the_pause_over_the_live_table_says_the_game_is_kept(tmp_path):
    from ui.table.pause import PauseScene

    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert app.stack.top.note_key() == "live.pause_note"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table and table.game.snapshot().hands[0].numbers == ("7",)


# ------------------------------------------------ the menu's Continue
def menu_of(home):
    """The game started again in ``home`` (after a crash, say): its menu."""
    from ui.screens.menu import MenuScene

    app = make_app(home=str(home), lang="en", think_time=0.0)
    pump(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    return app, app.stack.top


def autosave_a_game(home):
    """An unfinished game of the program's own in ``home``'s autosave."""
    from game import gamefile
    from game.engine import Game

    path = home / "data" / "autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(gamefile.dumps(Game(["Ana", "Ben"], seed=5)))
    return path


def test_continue_on_the_menu_takes_up_the_live_table_at_its_last_entry(tmp_path):
    app, table, sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5 9")  # the deal, and Léa's hit: a 9
    entered = list(table.game.actions)
    app2, menu = menu_of(tmp_path)  # the window killed and started again
    assert menu.saved.sheet == sheet.id and menu.choices()[0][0] == "continue"
    assert menu.saved.players == tuple(NAMES) and menu.saved.round_no == 1
    press(app2, pygame.K_c)
    resumed = app2.stack.top
    assert driven_by(resumed, LiveDriver) and resumed.driver.sheet.id == sheet.id
    assert resumed.game.actions == entered
    assert resumed.game.snapshot().hands[0].numbers == ("7", "9")
    assert resumed.shown.differences(resumed.game) == []
    assert isinstance(app2.stack.scenes[-2], SheetScene)  # over its sheet, as Cards… opens it
    typed(app2, resumed, "<enter>")  # Léa stays: the next entry goes on from there
    saved = json.loads(live_path(app2, sheet).read_text())
    assert len(saved["actions"]) == len(entered) + 1


def test_continue_takes_up_whichever_was_left_last_the_game_or_the_live_table(tmp_path):
    from ui.table.play import PlayDriver

    app, table, sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2")
    live_file, autosave = live_path(app, sheet), autosave_a_game(tmp_path)

    def continued(newer, older):
        now = newer.stat().st_mtime
        os.utime(older, (now - 60, now - 60))
        app2, _menu = menu_of(tmp_path)
        click_button(app2, "continue")
        return app2.stack.top

    top = continued(autosave, live_file)  # the game was left last
    assert driven_by(top, PlayDriver) and top.game.players == ("Ana", "Ben")
    top = continued(live_file, autosave)  # the live table was
    assert driven_by(top, LiveDriver) and top.game.actions == table.game.actions


def test_continue_leaves_out_a_live_game_whose_sheet_is_gone_or_went_on_without_it(tmp_path):
    app, table, sheet, store = open_live(tmp_path)
    typed(app, table, "7 1 2")
    sheet.add_round([10, 20, 30])  # the round typed by hand into the sheet instead
    store.save(sheet)
    _app2, menu = menu_of(tmp_path)
    assert menu.saved is None and "continue" not in dict(menu.choices())
    store.delete(sheet.id)
    _app3, menu = menu_of(tmp_path)
    assert menu.saved is None


def test_a_small_window_s_bar_says_the_prompt_and_keys_in_shorter_words_whole(tmp_path):
    sheet = ScoreSheet(["Bartholomew", "Hugo", "Maud"], first_dealer=2)
    app, table, _sheet, _store = open_live(tmp_path, sheet)
    typed(app, table, "7 1 2 5")  # the deal; now Bartholomew decides
    wide = table.driver.prompt()
    assert wide.line == "Bartholomew — the card turned over, or Enter to stay"
    resize(app, (800, 500))
    typed(app, table, "1")  # a 1 typed: 10, 11 or 12 may follow, said in the bar
    small = table.driver.prompt()
    assert small.line == "Bartholomew: a card, or Enter to stay   1…"
    lay, font = table.layout, app.assets.font(table.layout.font(17))
    assert font.size(small.line)[0] <= lay.prompt.w
    # the keys: the long line first, the short one after it, for the first that fits
    assert small.details[-1].startswith("Enter: stay") and "Backspace: undo" in small.details[-1]
    assert len(small.details[-1]) < len(small.details[0])


# ------------------------------------------------ the mouse, the sheet's corrections, big type
def test_a_click_on_a_palette_face_enters_that_card(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    faces = table.driver.palette_rects()
    assert len(faces) == 22
    for card in ("12", "x2", "5"):  # the deal: Léa, Hugo, Maud
        click(app, faces[card].center)
        settle(app, table)
    hands = table.game.snapshot().hands
    assert hands[0].numbers == ("12",) and hands[1].modifiers == ("x2",)
    assert hands[2].numbers == ("5",)
    assert table.game.pending.kind == "hit_or_stay" and table.game.pending.seat == 0
    click(app, faces["9"].center)  # a face clicked for the player deciding: her hit
    settle(app, table)
    assert table.game.snapshot().hands[0].numbers == ("12", "9")
    for _ in range(2):  # the deck's only 0 (R1.1), twice: the second is refused
        click(app, faces["0"].center)
        settle(app, table)
    assert sum(h.numbers.count("0") for h in table.game.snapshot().hands) == 1
    assert table.driver.error
    assert table.shown.differences(table.game) == []


def test_the_undo_button_takes_back_a_card_as_soon_as_one_is_entered(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    undo = {c.name: c for c in table.driver.controls()}["undo"]
    assert not undo.enabled  # nothing entered yet
    typed(app, table, "7 1 2")  # two cards of the deal, no decision yet
    undo = {c.name: c for c in table.driver.controls()}["undo"]
    assert undo.enabled and table.buttons["undo"].is_enabled
    click_button(app, "undo")
    settle(app, table)
    assert table.game.turned() == ["7"]


def seat_center(table, seat):
    return table.layout.seats[seat].box.center


def test_a_click_on_a_glowing_seat_gives_the_freeze_or_the_flip_three_to_that_seat(tmp_path):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5 f")  # the deal; Léa's hit is a Freeze, hers to give
    d = table.game.pending
    assert d.kind == "target" and d.card == "freeze" and set(d.options) == {0, 1, 2}
    assert [s.eligible for s in table.driver.prompt().seats] == [True, True, True]
    click(app, seat_center(table, 2))  # Maud's seat
    settle(app, table)
    hands = table.game.snapshot().hands
    assert hands[2].status == "frozen" and hands[0].status == "active"
    assert table.game.actions[-1].target == 2
    typed(app, table, "t")  # Hugo's hit is a Flip Three: his to give, Maud out of the round
    d = table.game.pending
    assert d.kind == "target" and d.card == "flip_three" and d.seat == 1
    assert 2 not in d.options
    click(app, seat_center(table, 2))  # a seat that does not glow: nothing given
    assert table.game.pending == d
    click(app, seat_center(table, 0))  # Léa's seat: three cards for her
    settle(app, table)
    d = table.game.pending
    assert table.game.actions[-1].target == 0
    assert d.kind == "reveal" and d.seat == 0  # the first of her three cards awaited


def test_a_counted_cell_corrected_after_a_live_round_is_typed_points_and_the_total_follows(
    tmp_path,
):
    from ui.assets import CREAM, ICE
    from ui.driver import type_text
    from ui.screens.menu import MenuScene

    app, table, sheet, store = open_live(tmp_path)
    typed(app, table, "7 1 2 5 <enter> <enter> 5")  # Léa 7, Hugo 12, Maud busted
    assert sheet.round_count == 1 and isinstance(sheet.cell(1, 1), CardHand)
    press(app, pygame.K_ESCAPE)  # from the round's summary to the menu
    assert isinstance(app.stack.top, MenuScene) and app.running
    app.go("sheet", store.open(sheet.id), store)  # the sheet opened again
    pump(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    cell = scene.grid().cell(1, 1)  # Hugo's 12, counted from cards: drawn in blue
    assert colored(app, cell, ICE) and not colored(app, cell, CREAM)
    click(app, cell.center)
    assert scene.sel == (1, 1)
    type_text(app, "15")  # Hugo had a +3 the live table did not get: 15
    press(app, pygame.K_RETURN)
    assert scene.sheet.cell(1, 1) == 15  # typed points now, no longer a counted hand
    assert scene.sheet.totals == (7, 15, 0)
    assert store.open(sheet.id).totals == (7, 15, 0)  # saved
    pump(app, 2)
    assert colored(app, cell, CREAM) and not colored(app, cell, ICE)
    assert isinstance(scene.sheet.cell(1, 0), CardHand)  # the others stay counted


def colored(app, rect, color):
    """Whether some pixel of ``rect`` on screen is ``color`` (a glyph's core)."""
    screen = app.screen
    return any(
        tuple(screen.get_at((x, y)))[:3] == color
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    )


def test_big_type_draws_every_seats_odds_larger(tmp_path, monkeypatch):
    app, table, _sheet, _store = open_live(tmp_path)
    typed(app, table, "7 1 2 5")  # the deal: everyone is in the round with odds

    def odds_drawn():
        drawn = {}
        text = app.assets.text

        def spy(words, size, *args, **kwargs):
            surface = text(words, size, *args, **kwargs)
            if "win " in words:
                drawn[words] = (size, surface.get_size())
            return surface

        monkeypatch.setattr(app.assets, "text", spy)
        app.invalidate()
        pump(app, 1)
        look(app)
        monkeypatch.setattr(app.assets, "text", text)
        return drawn

    small = odds_drawn()
    typed(app, table, "b")
    big = odds_drawn()
    assert len(small) == len(big) == 3 and small.keys() == big.keys()  # one line a seat
    for words, (size, (w, h)) in small.items():
        big_size, (big_w, big_h) = big[words]
        assert big_size > size and big_w > w and big_h > h
    typed(app, table, "b")
    assert odds_drawn() == small
