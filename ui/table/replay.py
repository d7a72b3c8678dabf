"""The replay viewer: a game file played back on the table, read-only.

A driver of the table view (:mod:`ui.table.drive`) with no players: no bot acts and
no hit/stay button shows; a transport bar takes their place (``|◀ ◀ ▶ ▶|``, a round
picker, the speed).
Stepping forward applies the next decision of the file and animates its events
through the presenter, as at the table; stepping back (or jumping to a round)
rebuilds the game after ``k`` decisions (:meth:`ui.table.replay_model.Replay.game_at`)
and snaps the display model to it. Nothing is ever autosaved.

Keys: Space play/pause · ← → one decision · Home/End · PgUp/PgDn a round ·
+ − speed · Esc back.
"""

from __future__ import annotations

import pygame

from ui.context import TableContext
from ui.i18n import Msg, card_msg, card_name, language, number, t
from ui.table import coach, table_log
from ui.table import layout as L
from ui.table.display import Shown
from ui.table.draw_panel import detail_fits
from ui.table.draw_table import SeatState
from ui.table.drive import Control, Prompt
from ui.table.replay_model import Decision, Replay
from ui.table.table import TableScene

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


class ReplayDriver:
    """``replay`` on the table, from its start; ``play`` starts playing at once."""

    own_keys: frozenset[int] = frozenset()
    pause_note: str | None = None

    demo = True  # never autosaved, never counted as a game played
    unattended = True

    def __init__(self, app: TableContext, replay: Replay, title: str, play: bool = False) -> None:
        self.app = app
        self.replay = replay
        self.title = title
        self.k = 0  # decisions applied
        self.playing = play
        self.beat: float | None = None  # seconds until the next move while playing
        self.speed = min(SPEEDS, key=lambda s: abs(s - app.config.speed))
        self.review = None  # the coach's review, once asked for (ui/table/coach.py)
        self._options: tuple[str, dict[str, int]] | None = None  # (language, round picker's)
        self.game = replay.game_at(0)

    def start(self, table: TableScene) -> None:
        """The file's game before its first decision, then its deal."""
        self.table = table
        self._present(Shown.before_opening(self.game))
        self.presenter.feed(self.replay.start_events)  # the first deal, as at the table

    @property
    def seed(self) -> int:
        return 0 if self.game.seed is None else self.game.seed

    def _present(self, shown: Shown) -> None:
        self.presenter = self.table.present(shown, self.seed)
        self.presenter.timeline.speed = self.speed
        self.beat = None

    # ------------------------------------------------------------ the model
    def goto(self, k: int) -> None:
        """Snap the table to the game after ``k`` decisions (nothing animates)."""
        self.k = max(0, min(k, len(self.replay)))
        self.game = self.replay.game_at(self.k)
        self._present(Shown.from_game(self.game))
        self.presenter.restore_log(table_log.lines_after(self.replay, self.k, self.app.size))

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
        self.app.invalidate()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.presenter.timeline.speed = speed

    def command(self, name: str, value: str | None = None) -> bool:
        """What a transport control or key does."""
        i = SPEEDS.index(self.speed)
        moves = {
            "forward": self.forward,
            "back": self.back,
            "start": lambda: self.goto(0),
            "end": self.show_end,
            "round_back": lambda: self.goto(self.replay.round_start(self.k, -1)),
            "round_forward": lambda: self.goto(self.replay.round_start(self.k, 1)),
        }
        if name in moves:
            self.playing = False
            moves[name]()
        elif name == "round":
            round_no = self._round_options().get(value or "")
            if round_no is not None:
                self.goto_round(round_no)
        elif name == "play":
            self.set_playing(not self.playing)
        elif name in ("faster", "slower"):
            self.set_speed(
                SPEEDS[max(0, min(len(SPEEDS) - 1, i + (1 if name == "faster" else -1)))]
            )
        elif name == "speed":  # the button cycles
            self.set_speed(SPEEDS[(i + 1) % len(SPEEDS)])
        elif name == "close":
            self.app.back()
        elif name in ("coach", "prev_mark", "next_mark"):
            coach.command(self, name)
        else:
            return False
        self.app.invalidate()
        return True

    def goto_round(self, round_no: int) -> None:
        self.playing = False
        self.goto(self.replay.first_of_round(round_no))

    def resumed(self, answer: object) -> None:
        pass

    def close(self) -> None:
        pass

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

    def bar(self, coached: bool = True) -> tuple[str, str]:
        """The bar's two lines; ``coached``: the coach's verdict in place of what comes next,
        at a reviewed decision."""
        n = len(self.replay)
        if self.k == 0:
            what = t("replay.at_start")
        else:
            what = str(self.describe(self.replay.decisions[self.k - 1]))
        line = t("replay.decision", k=self.k, n=n) + "  ·  " + what
        nxt = self.awaited()
        if nxt is None:
            detail = t("replay.game_over")
            winner = self.table.shown.winner
            if winner is not None:
                detail += "  ·  " + t("over.title", who=self.presenter.who(winner))
        else:
            detail = t("replay.next", what=nxt) if self.k < n else t("replay.file_ends", what=nxt)
            if self.review is not None and coached:
                detail = coach.bar_note(self, detail)
        return line, f"{self.title}  ·  {detail}"

    def awaited(self) -> str | None:
        """The decision the game waits for, as the table would ask it; None at the end."""
        d = self.game.pending
        if d is None:
            return None
        who = self.presenter.who(d.seat)
        if d.kind == "hit_or_stay":
            return t("prompt.hit_or_stay", name=who)
        return t("prompt.target", name=who, card=card_name(d.card or ""))

    def seat_states(self) -> list[SeatState]:
        n = len(self.game.players)
        d = self.game.pending if self.presenter.settled else None
        if d is None:  # the end: the winner's seat glows
            return [SeatState(turn=(s == self.table.shown.winner)) for s in range(n)]
        if d.kind == "hit_or_stay":
            return [SeatState(turn=(s == d.seat)) for s in range(n)]
        return [
            SeatState(turn=(s == d.seat), eligible=s in d.options, dim=s not in d.options)
            for s in range(n)
        ]

    def bar_layout(self) -> L.TableLayout:
        """The table's layout with the bar's text left of the transport."""
        lay = self.table.layout
        text = transport_rects(lay)["text"]
        return L.with_bar_text(lay, text.x, text.right)

    def prompt(self) -> Prompt:
        line, detail = self.bar()
        detail, note = self._fit_note(detail)
        head, _, what = line.partition("  ·  ")
        text = transport_rects(self.table.layout)["text"]
        awaited = self.awaited()
        return Prompt(
            what,
            # the file's name gives way first, then all but the decision awaited
            (detail, detail.partition("  ·  ")[2], *([awaited] if awaited else [])),
            tuple(self.seat_states()),
            head=head,
            text_span=(text.x, text.right),
            note=note,  # the coach's verdict, too long for the bar, stands over the table
        )

    def _fit_note(self, detail: str) -> tuple[str, str | None]:
        """The bar's detail, and the coach's verdict when the bar cannot hold it whole (the
        table's caption shows it then; the bar says what comes next)."""
        if self.review is None:
            return detail, None
        note = coach.bar_note(self, "")
        if not note:
            return detail, None
        lay = self.bar_layout()
        whole = detail.partition("  ·  ")[2]  # without the file's name, at the least
        if detail_fits(self.app.assets, lay, lay.hint.w, whole):
            return detail, None
        return self.bar(coached=False)[1], note

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.review is not None:
            coach.draw_marks(surface, self)

    # ------------------------------------------------------------ controls
    def _round_options(self) -> dict[str, int]:
        """The round picker's options (made once a language: the controls ask every frame)."""
        lang = language()
        if self._options is None or self._options[0] != lang:
            self._options = (lang, {t("replay.round", round=r): r for r in self.replay.rounds()})
        return self._options[1]

    def controls(self) -> tuple[Control, ...]:
        """The transport: labels that follow the state (play/pause, speed, round)."""
        r = transport_rects(self.table.layout)
        n = len(self.replay)
        gate = self.presenter.gate is not None
        labels = {"start": "|◀", "back": "◀", "play": "❚❚" if self.playing else "▶"}
        labels["forward"] = "▶|"
        enabled = {"start": self.k > 0, "back": self.k > 0, "forward": self.k < n or gate}
        out = [
            Control(
                name,
                r[name],
                text,
                "#hit_button" if name == "play" else "#tool_button",
                t(f"replay.tip.{name}"),
                enabled.get(name, True),
            )
            for name, text in labels.items()
        ]
        out.append(Control("coach", r["coach"], t("review.coach"), tip=t("review.tip")))
        speed = f"{number(self.speed, 2, trim=True)}×"
        out.append(Control("speed", r["speed"], speed, tip=t("replay.tip.speed")))
        options = self._round_options()
        out.append(
            Control(
                "round",
                r["round"],
                t("replay.round", round=self.replay.round_after[self.k]),
                "#round_picker",
                enabled=len(options) > 1,
                options=tuple(options),
            )
        )
        return tuple(out)

    # ------------------------------------------------------------ input
    def key(self, key: int, repeat: bool) -> bool:
        command = KEYS.get(key)
        return command is not None and self.command(command)

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        if coach.click_strip(self, pos):
            self.app.invalidate()
            return True
        return False

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        p = self.presenter
        if p.gate == "game_over":
            p.release()  # the banner and the confetti say it; no dialog in a replay
        elif p.gate is not None:
            if self.playing and self._tick(dt, ROUND_BEAT):
                p.release()
            return
        if not p.settled:
            return
        if self.playing:
            if self.k >= len(self.replay):
                self.set_playing(False)
            elif self._tick(dt, STEP_BEAT):
                self.forward()

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


def replay(app: TableContext, replay: Replay, title: str, play: bool = False) -> TableScene:
    """The route "replay": the table view driven by a :class:`ReplayDriver`."""
    return TableScene(app, ReplayDriver(app, replay, title, play))
