"""The replay viewer: a game file played back on the table, read-only.

The table scene without its players: no bot acts and no hit/stay button shows;
a transport bar takes their place (``|◀ ◀ ▶ ▶|``, a round picker, the speed).
Stepping forward applies the next decision of the file and animates its events
through the presenter, as at the table; stepping back (or jumping to a round)
rebuilds the game after ``k`` decisions (:meth:`ui.table.replay_model.Replay.game_at`)
and snaps the display model to it. Nothing is ever autosaved.

Keys: Space play/pause · ← → one decision · Home/End · PgUp/PgDn a round ·
+ − speed · Esc back.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ui.assets import CREAM, GOLD
from ui.i18n import Msg, card_msg, card_name, t
from ui.table import coach, table_log
from ui.table import layout as L
from ui.table.display import Shown
from ui.table.draw_panel import detail_fits, draw_detail
from ui.table.draw_table import SeatState
from ui.table.replay_model import Decision, Replay
from ui.table.table import TableScene

if TYPE_CHECKING:
    from game.engine import Game

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
STEP_BEAT = 0.45  # seconds between two decisions while playing (at speed 1)
ROUND_BEAT = 2.2  # the scores stay on the seats this long at a round's end
KEYS = {
    pygame.K_SPACE: "play",
    pygame.K_LEFT: "back",
    pygame.K_RIGHT: "forward",
    pygame.K_HOME: "start",
    pygame.K_END: "end",
    pygame.K_PAGEUP: "round_back",
    pygame.K_PAGEDOWN: "round_forward",
    pygame.K_PLUS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_ESCAPE: "close",
    pygame.K_BACKSPACE: "close",
    pygame.K_c: "coach",
    pygame.K_LEFTBRACKET: "prev_mark",
    pygame.K_RIGHTBRACKET: "next_mark",
}


def transport_rects(lay: L.TableLayout) -> dict[str, pygame.Rect]:
    """The transport bar, right-aligned in the prompt bar where hit and stay sit at the table."""
    u, bar = lay.unit, lay.bar
    h = lay.hit_button.h
    gap = max(4, round(6 * u))
    sizes = (
        ("coach", round(92 * u)),
        ("start", h),
        ("back", h),
        ("play", round(h * 1.35)),
        ("forward", h),
        ("round", max(round(136 * u), 124)),
        ("speed", round(64 * u)),
    )
    x = lay.stay_button.right
    out = {}
    for name, w in reversed(sizes):
        x -= w
        out[name] = pygame.Rect(x, lay.hit_button.y, w, h)
        x -= gap * (3 if name in ("round", "speed", "start") else 1)
    out["text"] = pygame.Rect(bar.x + 2 * gap, bar.y, x - gap - bar.x - 2 * gap, bar.h)
    return out


class ReplayScene(TableScene):
    """``replay`` on the table, from its start; ``play`` starts playing at once."""

    def __init__(self, app, replay: Replay, title: str, play: bool = False) -> None:
        self.replay = replay
        self.title = title
        self.k = 0  # decisions applied
        self.playing = play
        self.beat: float | None = None  # seconds until the next move while playing
        self.speed = min(SPEEDS, key=lambda s: abs(s - app.config.speed))
        self._round_options: dict[str, int] = {}
        self._ui_key: tuple[object, ...] | None = None
        self.review = None  # the coach's review, once asked for (ui/table/coach.py)
        game = replay.game_at(0)
        # demo: never autosaved, never counted as a game played; the replay drives the bots
        super().__init__(
            app, None, 0 if game.seed is None else game.seed, demo=True, game=game, autoplay=False
        )

    def begin(self, game: Game | None, resumed: bool) -> None:
        """The replay controller: the file's game before its first decision, then its deal."""
        assert game is not None
        self.game = game
        self._present(Shown.before_opening(game))
        self.presenter.feed(self.replay.start_events)  # the first deal, as at the table

    # ------------------------------------------------------------ the model
    def _present(self, shown: Shown) -> None:
        super()._present(shown)
        self.layout = self._with_bar(self.layout)
        self.presenter.timeline.speed = self.speed
        self.beat = None

    def _with_bar(self, lay: L.TableLayout) -> L.TableLayout:
        text = transport_rects(lay)["text"]
        prompt = pygame.Rect(text.x, lay.prompt.y, text.w, lay.prompt.h)
        return dataclasses.replace(
            lay, prompt=prompt, hint=pygame.Rect(text.x, lay.hint.y, text.w, lay.hint.h)
        )

    def goto(self, k: int) -> None:
        """Snap the table to the game after ``k`` decisions (nothing animates)."""
        self.k = max(0, min(k, len(self.replay)))
        self.game = self.replay.game_at(self.k)
        self._present(Shown.from_game(self.game))
        self.presenter.restore_log(table_log.lines_after(self.replay, self.k, self.app.size))
        self._sync_buttons()
        self.app.invalidate()

    def forward(self) -> None:
        """One decision forward, animated (first the rest of the round's end, if it waits)."""
        p = self.presenter
        if p.gate is not None:
            p.release()
        elif self.k < len(self.replay):
            self.finish()
            self.presenter.feed(self.game.apply(self.replay.actions[self.k]))
            self.k += 1
        self.beat = None
        self._sync_buttons()
        self.app.invalidate()

    def back(self) -> None:
        self.goto(self.k - 1)

    def show_end(self) -> None:
        """The end of the file; a finished game shows its last table and its winner."""
        n = len(self.replay)
        if n == 0 or not self.replay.game_at(n).over:
            self.goto(n)
            return
        self.goto(n - 1)
        self.forward()
        self.finish()
        self.presenter.confetti.clear()
        self._sync_buttons()

    def finish(self) -> None:
        """Play every queued animation at once, round ends included."""
        p = self.presenter
        for _ in range(100):
            p.skip()
            if p.gate is None:
                break
            p.release()

    def set_playing(self, playing: bool) -> None:
        if playing and self.k >= len(self.replay) and self.presenter.settled:
            self.goto(0)  # play at the end: from the start again
        self.playing = playing
        self.beat = None
        self._sync_buttons()
        self.app.invalidate()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.presenter.timeline.speed = speed
        self._sync_buttons()

    def command(self, name: str) -> None:
        """What a transport button or key does."""
        i = SPEEDS.index(self.speed)
        if name == "play":
            self.set_playing(not self.playing)
        elif name in ("back", "forward", "start", "end", "round_back", "round_forward"):
            self.playing = False
            if name == "forward":
                self.forward()
            elif name == "back":
                self.back()
            elif name == "start":
                self.goto(0)
            elif name == "end":
                self.show_end()
            else:
                self.goto(self.replay.round_start(self.k, -1 if name == "round_back" else 1))
        elif name in ("faster", "slower"):
            self.set_speed(
                SPEEDS[max(0, min(len(SPEEDS) - 1, i + (1 if name == "faster" else -1)))]
            )
        elif name == "speed":  # the button cycles
            self.set_speed(SPEEDS[(i + 1) % len(SPEEDS)])
        elif name == "close":
            self.app.stack.pop()
        elif name in ("coach", "prev_mark", "next_mark"):
            coach.command(self, name)
        self.app.invalidate()

    def goto_round(self, round_no: int) -> None:
        self.playing = False
        self.goto(self.replay.first_of_round(round_no))

    # ------------------------------------------------------------ words
    def describe(self, d: Decision) -> Msg:
        """One decision as the table log says it: "Hugo gives the Freeze to Chloé"."""
        who = self.presenter.who_msg(d.action.seat)
        if d.action.kind == "hit":
            if d.drawn is not None:
                return Msg("caption.hit_card", who=who, card=card_msg(d.drawn))
            return Msg("caption.hit", who=who)
        if d.action.kind == "stay":
            return Msg("replay.stays", who=who)
        assert d.action.target is not None  # neither hit nor stay: a target action
        return Msg(
            "caption.target",
            who=who,
            card=card_msg(d.card or ""),
            target=self.presenter.who_msg(d.action.target),
        )

    def prompt(self, coached: bool = True) -> tuple[str, str]:
        """The bar's two lines; ``coached``: the coach's verdict in place of what comes next,
        at a reviewed decision."""
        n = len(self.replay)
        if self.k == 0:
            what = t("replay.at_start")
        else:
            what = str(self.describe(self.replay.decisions[self.k - 1]))
        line = t("replay.decision", k=self.k, n=n) + "  ·  " + what
        d = self.game.pending
        if d is None:
            detail = t("replay.game_over")
            if self.shown.winner is not None:
                detail += "  ·  " + t("over.title", who=self.presenter.who(self.shown.winner))
        else:
            who = self.presenter.who(d.seat)
            nxt = (
                t("prompt.hit_or_stay", name=who)
                if d.kind == "hit_or_stay"
                else t("prompt.target", name=who, card=card_name(d.card or ""))
            )
            detail = t("replay.next", what=nxt) if self.k < n else t("replay.file_ends", what=nxt)
            if self.review is not None and coached:
                detail = coach.bar_note(self, detail)
        return line, f"{self.title}  ·  {detail}"

    def seat_states(self) -> list[SeatState]:
        n = len(self.seats)
        d = self.game.pending if self.presenter.settled else None
        if d is None:  # the end: the winner's seat glows
            return [SeatState(turn=(s == self.shown.winner)) for s in range(n)]
        if d.kind == "hit_or_stay":
            return [SeatState(turn=(s == d.seat)) for s in range(n)]
        return [
            SeatState(turn=(s == d.seat), eligible=s in d.options, dim=s not in d.options)
            for s in range(n)
        ]

    def human_turn(self):
        return None  # read-only: nobody decides here

    def draw(self, surface: pygame.Surface) -> None:
        lay, views, p, assets = self.layout, self.app.views, self.presenter, self.app.assets
        line, detail = self.prompt()
        detail, note = self._fit_note(line, detail)
        # the coach's verdict, too long for the bar, stands over the table (note)
        views.table.draw(surface, lay, self.shown, p, self.seat_states(), note)
        views.panel.draw(surface, lay, self.shown, p, p.timeline.speed, self.log_scroll)
        self._draw_bar(surface, line, detail)
        if self.review is not None:
            coach.draw_marks(surface, self)
        for layer in (p.sprites, p.labels, p.confetti, p.banners):
            for item in layer:
                item.draw(surface, assets)

    def _fit_note(self, line: str, detail: str) -> tuple[str, str | None]:
        """The bar's detail, and the coach's verdict when the bar cannot hold it whole (the
        table's caption shows it then; the bar says what comes next)."""
        if self.review is None:
            return detail, None
        note = coach.bar_note(self, "")
        if not note:
            return detail, None
        lay, assets = self.layout, self.app.assets
        whole = detail.partition("  ·  ")[2]  # without the file's name, at the least
        if detail_fits(assets, lay, lay.hint.w, whole):
            return detail, None
        return self.prompt(coached=False)[1], note

    def _draw_bar(self, surface: pygame.Surface, line: str, detail: str) -> None:
        """Decision k / n in gold, what it was, and below: the file and what comes next."""
        lay, assets = self.layout, self.app.assets
        head, _, what = line.partition("  ·  ")
        s = assets.fitted(head, lay.font(21), lay.font(16), GOLD, lay.prompt.w)
        r = surface.blit(s, s.get_rect(midleft=lay.prompt.midleft))
        room = lay.prompt.right - r.right - lay.font(12)
        small = assets.font(lay.font(14))
        if what and small.size(what)[0] <= room:
            s = assets.fitted(what, lay.font(18), lay.font(14), CREAM, room)
            surface.blit(s, s.get_rect(bottomleft=(r.right + lay.font(12), r.bottom - 2)))
        elif what:  # no room beside the count: the decision comes first below it
            detail = what + "  ·  " + detail.partition("  ·  ")[2]
        if not detail_fits(assets, lay, lay.hint.w, detail):  # the file's name gives way
            detail = detail.partition("  ·  ")[2]
        draw_detail(surface, assets, lay, lay.hint, detail)

    # ------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        self.kill_ui()
        m = self.app.manager
        r = transport_rects(self.layout)
        labels = {"start": "|◀", "back": "◀", "play": "▶", "forward": "▶|"}
        for name, text in labels.items():
            self.buttons[name] = pygame_gui.elements.UIButton(
                r[name],
                text,
                m,
                object_id="#hit_button" if name == "play" else "#tool_button",
                tool_tip_text=t(f"replay.tip.{name}"),
            )
        self.buttons["coach"] = pygame_gui.elements.UIButton(
            r["coach"],
            t("review.coach"),
            m,
            object_id="#tool_button",
            tool_tip_text=t("review.tip"),
        )
        self.buttons["speed"] = pygame_gui.elements.UIButton(
            r["speed"], "", m, object_id="#tool_button", tool_tip_text=t("replay.tip.speed")
        )
        self._ui_key = None
        self._shown_buttons = None
        self._sync_buttons()

    def _build_round_picker(self, round_no: int) -> None:
        old = self.buttons.pop("round", None)
        if old is not None:
            old.kill()
        rounds = self.replay.rounds()
        self._round_options = {t("replay.round", round=r): r for r in rounds}
        current = t("replay.round", round=round_no)
        picker = pygame_gui.elements.UIDropDownMenu(
            list(self._round_options),
            current,
            transport_rects(self.layout)["round"],
            self.app.manager,
            object_id="#round_picker",
            expansion_height_limit=round(self.layout.size[1] * 0.6),
        )
        if len(rounds) < 2:
            picker.disable()
        self.buttons["round"] = picker

    def _sync_buttons(self) -> None:
        """Labels that follow the state (play/pause, speed, round) and visibility."""
        if not self.buttons:
            return
        round_no = self.replay.round_after[self.k]
        key = (self.playing, self.speed, round_no, self.k, self.presenter.gate)
        if key != self._ui_key:
            self._ui_key = key
            for name, text in (
                ("play", "❚❚" if self.playing else "▶"),
                ("speed", f"{self.speed:g}×"),
            ):
                button = self.buttons[name]
                assert isinstance(button, pygame_gui.elements.UIButton)
                button.set_text(text)
            n = len(self.replay)
            for name, ok in (
                ("start", self.k > 0),
                ("back", self.k > 0),
                ("forward", self.k < n or self.presenter.gate is not None),
            ):
                self.buttons[name].enable() if ok else self.buttons[name].disable()
            picker = self.buttons.get("round")
            if picker is None or self._round_options.get(_selected(picker)) != round_no:
                self._build_round_picker(round_no)
        want = self.app.stack.top is self
        if want != self._shown_buttons:
            for b in self.buttons.values():
                b.show() if want else b.hide()
            self._shown_buttons = want

    def resize(self, size) -> None:
        self.layout = self._with_bar(L.table_layout(size, len(self.seats)))
        self.presenter.set_layout(self.layout)
        self.build_ui()
        if self.app.stack.top is not self:
            self.pause()

    def kill_ui(self) -> None:
        super().kill_ui()
        self._ui_key = None

    # ------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.scroll_log(-3 * event.y):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, widget in self.buttons.items():
                if event.ui_element is widget:
                    self.command(name)
                    return True
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.buttons.get("round"):
                round_no = self._round_options.get(event.text)
                if round_no is not None:
                    self.goto_round(round_no)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            command = KEYS.get(event.key)
            if command is None:
                return False
            self.command(command)
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and coach.click_strip(self, event.pos)
        ):
            self.app.invalidate()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.presenter.settled
            and self.presenter.gate is None
        ):
            self.presenter.skip()  # a click on the table skips the animation
            self.app.invalidate()
            return True
        return False

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        p = self.presenter
        p.update(dt)
        if p.gate == "game_over":
            p.release()  # the banner and the confetti say it; no dialog in a replay
        elif p.gate is not None:
            if self.playing and self._tick(dt, ROUND_BEAT):
                p.release()
            self._sync_buttons()
            return
        if not p.settled:
            return
        if self.playing:
            if self.k >= len(self.replay):
                self.set_playing(False)
            elif self._tick(dt, STEP_BEAT):
                self.forward()
        self._sync_buttons()

    def _tick(self, dt: float, seconds: float) -> bool:
        """Count down a pause of ``seconds`` (at speed 1); True when it is over."""
        if self.beat is None:
            self.beat = seconds / self.speed
            self.app.invalidate()
            return False
        self.beat -= dt
        if self.beat > 0:
            return False
        self.beat = None
        return True

    def wakeup(self) -> float | None:
        return self.beat

    def gate_closed(self) -> None:
        self.presenter.release()


def _selected(picker) -> str:
    option = picker.selected_option
    return option[0] if isinstance(option, tuple) else option
