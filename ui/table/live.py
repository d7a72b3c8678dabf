"""The live table: a game played with real cards, followed card by card on the animated table
(docs/live-table.md). A driver of the table view (:mod:`ui.table.drive`).

Someone enters each card as it is turned over and each decision as it is made; the game is
an observed one (``game.live``), so nothing is ever dealt by the program: when a card must
be turned over the game waits for a ``reveal``. Beside each seat: the bust chance and the
expected gain of one card for an active player, and everyone's chance to win; in the bar,
the advice for the player to decide (when hints are on, as the table's hint). Each
round's scores go into the score sheet it was opened from, as counted hands. The game is
saved after every entry (``data/live/SHEET.json``, :mod:`ui.storage.live_games`): the
sheet's *Cards*, or the menu's *Continue* when it was left last, takes it up at the last
entry, after a crash too.

Keys: ``0``–``9`` a number (``1`` then ``0``/``1``/``2``, or Shift with ``0``/``1``/``2``:
10–12; ``1`` then ``Enter``: the 1 at once), ``x`` ×2, ``+`` then
``2``/``4``/``6``/``8``/``10`` a bonus, ``f`` Freeze, ``t`` Flip Three, ``s`` Second Chance;
a card typed for the player who decides is their hit; ``Enter`` stays; at a Freeze or a Flip
Three, ``1``… the target (or a click on the seat); ``Backspace`` or ``U`` takes back the
last entry; ``B`` big type for the odds (F11: full screen); ``Esc`` pauses.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import events as ev
from game import live
from game.bots.advice import Reason, TableAdvice, table_advice
from game.cards import FLIP_THREE, FREEZE, SECOND_CHANCE
from game.engine import Game
from game.rules import RuleOptions
from game.state import HIT, HIT_OR_STAY, REVEAL, Action
from game.tabletop.calculator import CalculatorError, count
from game.tabletop.sheet import ScoreSheet, SheetError
from ui.assets import CREAM, GOLD, MUTED
from ui.context import TableContext
from ui.i18n import card_name, number, signed, t, tn
from ui.storage import live_games
from ui.table import table_log
from ui.table.display import Shown
from ui.table.draw_panel import first_fitting
from ui.table.draw_table import SeatState
from ui.table.drive import Control, Prompt
from ui.table.play import TARGET_KEYS, UNDO_KEYS, key_char, target_index
from ui.table.table import TableScene

PALETTE = (
    *(str(n) for n in range(13)),
    "+2",
    "+4",
    "+6",
    "+8",
    "+10",
    "x2",
    FREEZE,
    FLIP_THREE,
    SECOND_CHANCE,
)
LETTERS = {pygame.K_x: "x2", pygame.K_f: FREEZE, pygame.K_t: FLIP_THREE, pygame.K_s: SECOND_CHANCE}
PLUS_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
STAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PILL = (12, 30, 22, 190)  # behind a seat's odds
TYPED_WAIT = 0.9  # seconds a "1" waits for the second digit of 10, 11 or 12


def digit(key: int) -> str | None:
    """The digit a key types (the keypad's too), or None."""
    char = key_char(key)
    return char if char.isdigit() else None


def turnable(game: Game) -> set[str]:
    """The cards that can be turned over now in ``game`` (none unless one is awaited)."""
    d = game.pending
    if d is None or d.kind != REVEAL:
        return set()
    return {a.card for a in game.legal_actions() if a.card is not None}


def live_path(app: TableContext, sheet: ScoreSheet) -> Path:
    assert sheet.id is not None  # a sheet gets its id when first saved
    return live_games.path(app.dirs.data, sheet.id)


class LiveDriver:
    """The live table of ``sheet``'s players, from the round being played: its dealer and
    the totals so far; the saved live game of that sheet, if there is one."""

    demo = True  # the game's autosave is the live file, never the table's autosave
    unattended = False
    own_keys = frozenset(PLUS_KEYS)  # "+" is a bonus card here, not the speed
    pause_note = "live.pause_note"  # saved, but not as the table's game

    def __init__(self, app: TableContext, sheet: ScoreSheet, store) -> None:
        self.app, self.sheet, self.store = app, sheet, store
        self.typed = ""  # a "1" or a "+" waiting for the rest of the card
        self.typed_age = 0.0
        self.error: str | None = None
        self._dimmed: dict[tuple, pygame.Surface] = {}  # palette faces, faded once
        self.big = False  # the odds in big type, for a table watching a big screen (B)
        self._odds: TableAdvice | None = None  # for the game as it stands
        self._can: set[str] | None = None  # the faces that can be entered now (turnable)
        self.game = self._saved() or self._new_game()

    def _new_game(self) -> Game:
        s = self.sheet
        return live.observed_game(
            s.players, RuleOptions(target=s.target), dealer=s.current_dealer, totals=s.totals
        )

    def _saved(self) -> Game | None:
        """The live game saved for this sheet, if it still fits it (same players, and the
        round it follows is the sheet's next)."""
        if self.sheet.id is None:
            return None
        game = live_games.load(live_path(self.app, self.sheet))
        return game if game is not None and live_games.fits(game, self.sheet) else None

    def start(self, table: TableScene) -> None:
        self.table = table
        self._present()

    def _present(self) -> None:
        self.presenter = self.table.present(Shown.from_game(self.game), 0)
        self.presenter.restore_log(table_log.lines_of(self.game, self.app.size))

    # ------------------------------------------------------------ entries
    def enter(self, action: Action) -> bool:
        """One entry (a card turned over, a decision), applied; a card that cannot be turned
        over now, or a decision the rules refuse, is said in the bar and changes nothing."""
        self.error = None
        try:
            events = self.game.apply(action)
        except ValueError as refused:
            self.error = str(refused)
            self.app.invalidate()
            return False
        self._odds = self._can = None
        self.presenter.feed(events)
        for e in events:
            if isinstance(e, ev.RoundScored):
                self._to_sheet(e)
        self._save()
        self.app.invalidate()
        return True

    def card(self, card: str) -> bool:
        """``card`` turned over: the card awaited, or the hit of the player deciding (both
        refused, with nothing changed, if that card cannot be turned over now)."""
        d = self.game.pending
        if d is None or not self.presenter.settled:
            return False
        if d.kind not in (HIT_OR_STAY, REVEAL):
            self.error = t("live.not_a_card")
            self.app.invalidate()
            return False
        hit = Action.hit(d.seat) if d.kind == HIT_OR_STAY else None
        if card not in self.turnable():
            self.error = t("live.refused", card=card_name(card))
            self.app.invalidate()
            return False
        if hit is not None and not self.enter(hit):
            return False
        return self.enter(Action.reveal(d.seat, card))

    def turnable(self) -> set[str]:
        """The faces that can be entered now: the card awaited, or the card of the hit of
        the player deciding; none while a card is given (worked out once an entry)."""
        if self._can is None:
            d, game = self.game.pending, self.game
            if d is not None and d.kind == HIT_OR_STAY:  # a card typed now is their hit
                game = game.clone()
                game.apply(Action.hit(d.seat))
            self._can = turnable(game)
        return self._can

    def undo(self) -> bool:
        """The last entry taken back (as many times as wanted), and everything it led to; a
        hit's card takes the hit back with it."""
        if not live.entries(self.game):
            return False
        scored = self.game.round_no
        self.game = live.undo(self.game)
        last = live.entries(self.game)[-1:]
        if last and last[0].kind == HIT:  # a card typed for the player deciding was their hit
            self.game = live.undo(self.game)
        if self.game.round_no < scored and self.sheet.round_count:  # a round's end undone
            self._from_sheet()
        self.typed, self.error, self._odds, self._can = "", None, None, None
        self._present()
        self._save()
        return True

    def _to_sheet(self, e: ev.RoundScored) -> None:
        """The round's hands into the sheet, as counted hands (the calculator's cells)."""
        try:
            cells = [count(r.numbers, r.modifiers, r.busted) for r in e.results]
            self.sheet.add_round(cells)
            self.store.save(self.sheet)
        except (CalculatorError, SheetError, ValueError) as err:
            self.app.notify(t("live.sheet_failed", reason=err), error=True)

    def _from_sheet(self) -> None:
        try:
            self.sheet.delete_round(self.sheet.round_count)
            self.store.save(self.sheet)
        except (SheetError, ValueError) as err:
            self.app.notify(t("live.sheet_failed", reason=err), error=True)

    def _save(self) -> None:
        """The game as it stands into its file, off the window's thread (after every entry:
        a kill -9 loses nothing the person saw entered once the write is done)."""
        if self.sheet.id is not None:
            self.app.keep(self.game, live_path(self.app, self.sheet))

    # ------------------------------------------------------------ input
    def key(self, key: int, repeat: bool) -> bool:
        if repeat:
            return True  # a held key enters one card
        if key == pygame.K_ESCAPE:
            self.app.go("pause", self.table)
            return True
        if key in UNDO_KEYS:
            return self.undo()
        if key == pygame.K_b:  # big type (F11: the whole screen)
            self.big = not self.big
            self.app.invalidate()
            return True
        if not self.presenter.settled and self.presenter.gate is None:
            self.table.skip()  # a fast typist never waits for a card to land
            if key == pygame.K_SPACE:
                return True
        d = self.game.pending
        if d is None:
            return False
        if d.kind not in (HIT_OR_STAY, REVEAL):  # a Freeze or a Flip Three to give
            index = target_index(key)
            if 0 <= index < len(d.options):
                return self.enter(Action.choose(d.seat, d.options[index]))
            return False
        if key in STAY_KEYS and self.typed == "1":
            self.commit_typed()  # "1" then Enter: the card 1, at once
            return True
        if key in STAY_KEYS and d.kind == HIT_OR_STAY:
            self.typed = ""
            return self.enter(Action.stay(d.seat))
        return self._typed_key(key)

    def _typed_key(self, key: int) -> bool:
        ch = digit(key)
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if key in PLUS_KEYS and not (shift and ch):
            self.typed, self.typed_age = "+", 0.0
            self.app.invalidate()
            return True
        if self.typed == "1" and ch in ("0", "1", "2"):
            self.typed = ""
            return self.card("1" + ch)
        if self.typed.startswith("+") and ch is not None:
            text = self.typed + ch
            if text == "+1":
                self.typed, self.typed_age = text, 0.0  # +10 has two digits
                self.app.invalidate()
                return True
            self.typed = ""
            return self.card(text)
        self.commit_typed()
        if key in LETTERS:
            return self.card(LETTERS[key])
        if ch is None:
            return False
        if shift and ch in ("0", "1", "2"):
            return self.card("1" + ch)
        if ch == "1":
            self.typed, self.typed_age = "1", 0.0  # 1, or 10–12 with the next digit
            self.app.invalidate()
            return True
        return self.card(ch)

    def commit_typed(self) -> None:
        """A "1" waited long enough (or another key came): it is the card 1."""
        typed, self.typed = self.typed, ""
        if typed == "1":
            self.card("1")

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        for card, rect in self.palette_rects().items():
            if rect.collidepoint(pos):
                self.commit_typed()
                return self.card(card)
        d = self.game.pending
        if (
            d is not None
            and d.kind not in (HIT_OR_STAY, REVEAL)
            and seat is not None
            and seat in d.options
            and self.presenter.settled
        ):
            return self.enter(Action.choose(d.seat, seat))
        return False

    def command(self, name: str, value: str | None = None) -> bool:
        d = self.game.pending
        if name == "undo":
            return self.undo()
        if name == "stay" and d is not None and d.kind == HIT_OR_STAY:
            return self.enter(Action.stay(d.seat))
        return False

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        if self.typed:
            self.typed_age += dt
            if self.typed == "1" and self.typed_age >= TYPED_WAIT:
                self.commit_typed()
        gate = self.presenter.gate
        if gate == "round_over" and self.table.on_top:
            self.app.go(gate, self.table)  # the round's summary
        elif gate == "game_over":
            self.presenter.release()  # the banner says it; the sheet keeps the game

    def wakeup(self) -> float | None:
        return max(0.0, TYPED_WAIT - self.typed_age) if self.typed == "1" else None

    def resumed(self, answer: object) -> None:
        if self.presenter.gate is not None:
            self.presenter.release()

    def close(self) -> None:
        self.app.flush_autosave()  # the table is left: its last entry on the disk

    # ------------------------------------------------------------ what shows
    def odds(self) -> TableAdvice:
        """Everyone's odds and the advice, for the game as it stands (computed once per
        entry)."""
        if self._odds is None:
            self._odds = table_advice(self.game)
        return self._odds

    def controls(self) -> tuple[Control, ...]:
        lay = self.table.layout
        d = self.game.pending
        deciding = d is not None and d.kind == HIT_OR_STAY and self.presenter.settled
        return (
            Control("stay", lay.stay_button, t("button.stay"), "#stay_button", shown=deciding),
            Control(
                "undo",
                lay.hit_button if deciding else lay.stay_button,
                t("button.undo"),
                tip=t("live.tip.undo"),
                enabled=bool(self.game.actions or self.game.turned()),  # a card is an entry
            ),
        )

    def prompt(self) -> Prompt:
        d = self.game.pending if self.presenter.settled else None
        n = len(self.game.players)
        if d is None:  # the game's end, or cards still moving
            winner = self.table.shown.winner
            states = tuple(SeatState(turn=s == winner) for s in range(n))
            words = t("live.keys_watch") if self.game.over else t("prompt.keys_watch")
            return Prompt("", (words,), states)
        who = self.presenter.who(d.seat)
        keys: tuple[str, ...] = (t("live.keys"), t("live.keys_short"))
        lines: tuple[str, ...]
        if d.kind == REVEAL:
            lines = (t("live.reveal", name=who), t("live.reveal_short", name=who))
        elif d.kind == HIT_OR_STAY:
            lines = (t("live.hit_or_stay", name=who), t("live.hit_or_stay_short", name=who))
            stay = t("live.keys_stay")
            keys = (f"{stay}   ·   {keys[0]}", f"{stay}   ·   {keys[1]}")
        else:
            lines = (t("prompt.target", name=who, card=card_name(d.card or "")),)
            keys = (t("prompt.keys_target"),)
        typed = f"   {self.typed}…" if self.typed else ""
        line = first_fitting(self.app.assets, self.table.layout, *(w + typed for w in lines))
        details = (self.error, *keys) if self.error else keys
        note = self.advice_line() if self.app.config.hints else None
        options = d.options if d.kind not in (HIT_OR_STAY, REVEAL) else ()
        states = tuple(
            SeatState(
                turn=s == d.seat,
                eligible=s in options,
                dim=bool(options) and s not in options,
                key=TARGET_KEYS[options.index(s)].upper() if s in options else None,
            )
            for s in range(n)
        )
        return Prompt(line, details, states, live=True, note=note)

    def advice_line(self) -> str | None:
        """What the expert advises the player to decide and why, in the table's language
        (the figures it weighs stand beside the seats); without the why when the caption
        under the piles has no room for it."""
        advice = self.odds().advice
        if advice is None:
            return None
        who = self.presenter.who(advice.seat)
        if advice.do in ("hit", "stay"):
            line = t(f"live.advice.{advice.do}", name=who)
        else:
            d = self.game.pending
            card = card_name(d.card or "") if d is not None else ""
            assert isinstance(advice.do, int)  # a target's seat
            if advice.do == advice.seat:
                line = t("live.advice.keep", name=who, card=card)
            else:
                target = self.presenter.who(advice.do)
                line = t("live.advice.target", name=who, card=card, target=target)
        why = reason_text(advice.reason, advice.seat, self.presenter.who)
        full = t("live.advice.why", advice=line, why=why)
        return full if self._caption_fits(full) else line

    def _caption_fits(self, text: str) -> bool:
        """Whether the caption under the piles (ui.table.draw_table: its two lines, one in
        big type) shows ``text`` whole."""
        lay = self.table.layout
        font, width = self.app.assets.font(lay.font(17)), lay.caption.w
        lines, line = 1, ""
        most = 1 if self.big else 2  # big odds above the lower seats take the second line
        for word in text.split(" "):
            wider = f"{line} {word}" if line else word
            if font.size(wider)[0] <= width:
                line = wider
            elif font.size(word)[0] > width or lines == most:
                return False
            else:
                lines, line = lines + 1, word
        return True

    def palette_rects(self) -> dict[str, pygame.Rect]:
        """The 22 faces in a grid right of the piles, above the caption, as big as the room
        there lets them be."""
        lay = self.table.layout
        gap = max(2, round(4 * lay.unit))
        # from right of the piles and the card in play to the caption's top
        left = max(lay.discard_pile.right, lay.in_play.right) + 3 * gap
        area = pygame.Rect(
            left, lay.draw_pile.y, lay.center.right - left, lay.caption.y - gap - lay.draw_pile.y
        )
        best: tuple[int, int] = (0, 11)
        for cols in (11, 8, 6, 4):
            rows = -(-len(PALETTE) // cols)
            w = min(
                (area.w - (cols - 1) * gap) // cols, round((area.h - (rows - 1) * gap) / rows / 1.4)
            )
            best = max(best, (min(w, round(54 * lay.unit)), cols))
        w, cols = best
        h = round(w * 1.4)
        rows = -(-len(PALETTE) // cols)
        y0 = area.centery - (rows * (h + gap) - gap) // 2
        return {
            card: pygame.Rect(area.x + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), w, h)
            for i, card in enumerate(PALETTE)
        }

    def _face(self, card: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
        """A palette face; dimmed (none of it can be turned over now), made once a size."""
        face = self.app.assets.card(card, size)
        if not dim:
            return face
        key = (card, size, self.app.assets.lang)  # the action cards' art is in words
        faded = self._dimmed.get(key)
        if faded is None:
            faded = self._dimmed[key] = face.copy()
            faded.set_alpha(70)
        return faded

    def draw_over(self, surface: pygame.Surface) -> None:
        assets, lay = self.app.assets, self.table.layout
        d = self.game.pending
        can = self.turnable()
        for card, rect in self.palette_rects().items():
            surface.blit(self._face(card, rect.size, card not in can), rect.topleft)
        odds = self.odds().players
        for seat, o in enumerate(odds):
            box = lay.seats[seat].box
            parts = [t("live.win", win=round(o.win * 100))]
            if o.bust is not None and o.gain is not None:
                parts.insert(0, t("live.odds", bust=round(o.bust * 100), gain=signed(o.gain)))
            text = "  ·  ".join(parts)
            color = GOLD if d is not None and d.seat == seat else CREAM
            size = self._odds_size(text, box.w)
            s = assets.text(text, size, color if o.bust is not None else MUTED, max_width=box.w)
            if box.y - s.get_height() - 2 >= lay.table.y:  # above the seat, else below it
                at = s.get_rect(midbottom=(box.centerx, box.y - 2))
            else:
                at = s.get_rect(midtop=(box.centerx, box.bottom + 2))
            back = pygame.Surface(at.inflate(10, 2).size, pygame.SRCALPHA)
            back.fill(PILL)  # readable over a pile or a card
            surface.blit(back, at.inflate(10, 2))
            surface.blit(s, at)

    def _odds_size(self, text: str, width: int) -> int:
        """The type of a seat's odds: big (B) as wide as the seat lets it be, down to the
        usual size."""
        lay, fonts = self.table.layout, self.app.assets
        sizes = (22, 20, 18, 16, 14) if self.big else ()
        return next(
            (lay.font(n) for n in sizes if fonts.font(lay.font(n)).size(text)[0] <= width),
            lay.font(13),
        )


def points(n: float, digits: int = 0, key: str = "live.points") -> str:
    """``n`` points, in the language's words and plural (``live.points_at``: after "at",
    "with", which German says in the dative)."""
    return tn(key, round(n, digits), n=number(n, digits))


def reason_text(reason: Reason, seat: int, who: Callable[[int], str]) -> str:
    """Why the expert advises what it does (:class:`game.bots.advice.Reason`), for
    ``seat`` who decides, in the language on screen; ``who(seat)`` is a seat's name."""
    r = reason
    risk = f"{r.risk * 100:.0f}"
    figures = {
        "points": points(r.score),
        "points_at": points(r.score, key="live.points_at"),
        "gain": points(r.gain, 1),
        "loss": points(-r.gain, 1),
        "risk": risk,
        "name": who(seat),
        "target": who(r.target) if r.target is not None else "",
    }
    if r.kind in ("freeze", "flip_three"):
        figures["best"] = _best(r, seat, who)
    kind = "freeze_keep" if r.kind == "freeze" and r.target == seat else r.kind
    return t(f"live.why.{kind}", **figures)


def _best(r: Reason, seat: int, who: Callable[[int], str]) -> str:
    """ "The best choice for NAME's chance to win", and by how much over the next best."""
    name = who(seat)
    if r.other is None:
        return t("live.why.best", name=name)
    if r.other == seat:
        than = t("live.why.than_keep")
    else:
        than = t("live.why.than_give", other=who(r.other))
    if r.points >= 0.5:
        pp = tn("live.pp", round(r.points), n=f"{r.points:.0f}")
        return t("live.why.best_above", name=name, pp=pp, than=than)
    return t("live.why.best_even", name=name, than=than)


def live_table(app: TableContext, sheet: ScoreSheet, store: Any) -> TableScene:
    """The route "live": the table view driven by a :class:`LiveDriver`."""
    return TableScene(app, LiveDriver(app, sheet, store))
