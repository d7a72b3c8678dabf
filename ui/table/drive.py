"""What drives the table: the protocol between the one table view
(:class:`ui.table.table.TableScene`) and the kinds of play behind it.

The view owns the display model, the presenter, the layout and the widgets, and draws
only from the display model and the driver's :class:`Prompt`. A driver owns the game and
decides what happens: who may act, what a key, a click or a control does, what time
does. The drivers: :mod:`ui.table.play` (people and bots at this screen),
:mod:`ui.table.replay` (a game file played back), :mod:`ui.table.tutorial` (the lesson),
:mod:`ui.table.live` (a game played with real cards), :mod:`ui.table.net` (a game a server
plays, across screens).
A new kind of play is one new driver module and one route (:mod:`ui.routes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.engine import Game
    from ui.table.draw_table import SeatState
    from ui.table.table import TableScene


@dataclass(frozen=True)
class Control:
    """A widget of the bar: a button, or (``options``) a drop-down showing ``text``."""

    name: str
    rect: pygame.Rect
    text: str
    style: str = "#tool_button"
    tip: str | None = None
    enabled: bool = True
    shown: bool = True
    options: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Prompt:
    """What the bar and the seats say now.

    ``details``: the bar's second line, the first that fits (shorter ones after it);
    ``head``: a gold head before ``line`` (the replay's "Decision 3 / 40"); ``text_span``:
    the bar's text runs from this x to that one (controls beside it); ``note``: words over
    the table."""

    line: str
    details: tuple[str, ...]
    seats: tuple[SeatState, ...]
    live: bool = False  # a person may decide now: the line in gold
    head: str | None = None
    text_span: tuple[int, int] | None = None
    note: str | None = None


class Driver(Protocol):
    @property
    def game(self) -> Game: ...

    @property
    def demo(self) -> bool:
        """Never autosaved, never counted as a game played."""

    @property
    def unattended(self) -> bool:
        """Nobody to dismiss a round's summary: it goes on by itself."""

    @property
    def pause_note(self) -> str | None:
        """The pause's line on what is kept, when it is not the table's usual one."""

    @property
    def own_keys(self) -> frozenset[int]:
        """Keys the driver takes before the view's own (+ and − are the speed, else)."""

    def start(self, table: TableScene) -> None:
        """Sit down at ``table``: present the first display model, feed the first events."""

    def prompt(self) -> Prompt: ...

    def controls(self) -> tuple[Control, ...]: ...

    def command(self, name: str, value: str | None = None) -> bool:
        """A control used (``value``: the option a drop-down chose), or a command the view
        gives for a key it knows ("faster", "slower"); True if something was done."""

    def key(self, key: int, repeat: bool) -> bool: ...

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        """A left click at ``pos`` (on ``seat``, if any); False leaves it to the view (a
        click during an animation skips it)."""

    def update(self, dt: float) -> None: ...

    def wakeup(self) -> float | None:
        """Seconds until the driver wants a frame with nothing else happening."""

    def resumed(self, answer: object) -> None:
        """The table is on top again; ``answer``: what the scene above it chose."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Anything the driver shows over the table (the lesson's caption, the coach's
        marks)."""

    def close(self) -> None: ...
