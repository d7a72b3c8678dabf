"""A table across screens: the game a ``flip7-net/1`` server plays, on the animated table
(docs/network.md, "In the window"). A driver of the table view (:mod:`ui.table.drive`).

The game runs on the server; this screen holds a mirror of it, an observed game built
from what the server shows (:mod:`game.live`): every state brings the mirror up to the
server's (:func:`game.live.catch_up`), and the events in between animate as a game at
this screen does — a card turned over on another screen flies here too. The table is a
:class:`~ui.table.play.PlayDriver` led by this driver: the seats of the people at this
screen are its people (several take turns, with the hot seat's hand-over guard); every
other seat, a person elsewhere or a bot, is one it only watches. A decision goes to the
server, never into the mirror: the mirror moves when the server's state says so.

Over the table, what the network says: a seat whose person lost the connection (and when
a bot takes it over), a connection being opened again, the host closing the table.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from game import live
from game.engine import Game
from game.rules import RuleOptions
from game.state import Action
from ui.context import TableContext
from ui.i18n import Msg, t
from ui.online.session import OnlineSession
from ui.table import table_log
from ui.table.display import Shown
from ui.table.draw_panel import first_fitting
from ui.table.drive import Control, Prompt
from ui.table.play import PlayDriver
from ui.table.table import TableScene

POLL = 0.03  # seconds between two looks at the network while nothing else happens
#: server errors that say only that a decision came too late: a double tap, a state
#: overtaken; nothing changed and there is nothing to tell
QUIET_ERRORS = ("stale", "not_your_turn")


def record_actions(record: dict[str, Any]) -> list[Action]:
    """A state's decisions (``[seat, do]`` or ``[seat, "target", seat]``) as actions.

    >>> record_actions({"actions": [[0, "hit"], [1, "target", 0]]})
    [Action(kind='hit', seat=0, target=None), Action(kind='target', seat=1, target=0)]
    """
    return [
        Action(do, seat, target[0] if target else None) for seat, do, *target in record["actions"]
    ]


def mirror(state: dict[str, Any]) -> Game:
    """The observed game a state shows (its cards turned over and its decisions)."""
    record = state["record"]
    return live.observed_game(
        state["game"]["players"],
        _rules(state),
        dealer=record["dealer"],
        totals=record["totals"],
        turned=record["cards"],
        actions=record_actions(record),
        bots=record["bots"],
    )


def _rules(state: dict[str, Any]) -> RuleOptions:
    return RuleOptions.from_dict(state.get("rules") or {})


class NetDriver:
    """The table of an :class:`OnlineSession` whose game has started."""

    demo = True  # the server keeps the game: never the table's autosave, never counted
    unattended = True  # the server deals on: a round's summary goes on by itself
    own_keys: frozenset[int] = frozenset()

    def __init__(self, app: TableContext, session: OnlineSession) -> None:
        self.app, self.session = app, session
        assert session.state is not None and session.started
        self.version = session.state["version"]
        self.received = time.monotonic()  # when the state shown arrived (the countdowns)
        self._told = "open"  # the connection's state last told in a notice
        game = mirror(session.state)
        self.play = PlayDriver(app, None, 0, demo=True, game=game, resumed=True, autoplay=False)
        self.play.undoable = False  # a decision sent is the server's
        self.play.accept = self._send
        self.play.greeting = Msg("online.caption", code=session.table or "", round=game.round_no)

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def pause_note(self) -> str:
        """What leaving does: a host's table ends for everyone (kept); a guest's seat waits."""
        return "online.pause_host" if self.session.hosted is not None else "online.pause_guest"

    def quit_question(self) -> tuple[str, str] | None:
        if self.session.hosted is None or self.game.over:
            return None
        return t("online.end_ask"), t("online.end")

    def start(self, table: TableScene) -> None:
        self.table = table
        self.play.start(table)
        self._seat_people()

    def _seat_people(self) -> None:
        """Every seat not of this screen is watched, as a bot's is: its prompt is elsewhere."""
        mine = self.session.my_seats()
        bots = self.play.bots
        assert bots is not None
        keep = dict(bots.fns)
        bots.fns = {
            s: keep.get(s, _elsewhere) for s in range(len(self.game.players)) if s not in mine
        }

    # ------------------------------------------------------------ the network
    def _send(self, action: Action) -> bool:
        """A decision of this screen, sent for the state shown; never applied here."""
        names = self.game.players
        target = None if action.target is None else names[action.target]
        if self.session.act(action.seat, str(getattr(action.kind, "value", action.kind)), target):
            self.play.hold = True  # until the server's answer: no second decision
        self.app.invalidate()
        return False

    def _follow(self) -> None:
        """The newest state into the mirror, its events to the presenter."""
        self.session.poll()
        self._tell_connection()
        error = self.session.error
        if error is not None and self.play.hold:
            self.play.hold = False  # refused: decide again
            self.app.invalidate()
        state = self.session.state
        if state is None or state["version"] <= self.version:
            return
        self.version, self.received = state["version"], time.monotonic()
        self.play.hold = False
        self.app.invalidate()
        if state.get("record") is None:
            return
        record = state["record"]
        try:
            events = live.catch_up(self.game, record["cards"], record_actions(record))
        except ValueError:  # the server's game is not this one (a table opened again)
            self._rebuild(state)
            return
        if events:
            self.play.presenter.feed(events)

    def _tell_connection(self) -> None:
        """A change of this screen's connection, at the top of the window too (the round's
        summary may cover the table's note)."""
        s = self.session
        now = "ended" if s.ended else s.status
        if now == self._told:
            return
        said = ("online.host_closed", "online.reconnecting", "online.reconnected")
        self.app.withdraw_notices(t(key) for key in said)  # the connection's news, one at a time
        if now == "ended":
            self.app.notify(t("online.host_closed"), error=True)
        elif now == "lost":
            self.app.notify(t("online.reconnecting"), error=True)
        elif now == "open" and self._told in ("lost", "ended"):
            self.app.notify(t("online.reconnected"))
        self._told = now

    def _rebuild(self, state: dict[str, Any]) -> None:
        game = mirror(state)
        self.play.game = game
        self.play.presenter = self.table.present(Shown.from_game(game), 0)
        self.play.presenter.restore_log(table_log.lines_of(game, self.app.size))
        self._seat_people()

    # ------------------------------------------------------------ the driver
    def prompt(self) -> Prompt:
        p = self.play.prompt()
        note = self.note()
        # no keys to decide with while no decision can reach the server
        details = p.details if self.session.status == "open" and not self.session.ended else ()
        error = self.session.error
        if error is not None and error.get("code") not in QUIET_ERRORS:
            details = (str(error.get("message", "")), *details)
        return Prompt(
            self.away_line() or p.line,
            details,
            p.seats,
            live=p.live and self.session.status == "open",
            head=p.head,
            text_span=p.text_span,
            note=note or p.note,
        )

    def away_line(self) -> str | None:
        """The bar's line while the game waits for a person whose connection was lost (no
        one is thinking there)."""
        d = self.game.pending
        seats = (self.session.state or {}).get("seats") or []
        if d is None or d.seat >= len(seats) or not self.play.presenter.settled:
            return None
        seat = seats[d.seat]
        if seat.get("kind") != "human" or seat.get("connected") or seat.get("bot"):
            return None
        name = self.play.presenter.who(d.seat)
        long, short = t("online.waiting_away", name=name), t("online.waiting_away_short", name=name)
        return first_fitting(self.app.assets, self.table.layout, long, short)

    def note(self) -> str | None:
        """What the network says, over the table: the host gone, this screen's connection
        lost, a seat whose person is away."""
        s = self.session
        if s.ended:
            return t("online.host_closed")
        if s.status == "lost":
            return t("online.reconnecting")
        state = s.state or {}
        away = []
        for seat in state.get("seats") or []:
            if seat.get("kind") != "human" or seat.get("connected"):
                continue
            name = seat.get("name") or "?"
            if seat.get("takeover_in") is not None:
                left = max(0, round(seat["takeover_in"] - (time.monotonic() - self.received)))
                away.append(t("online.away", name=name, seconds=left))
            else:
                away.append(t("online.stand_in", name=name))
        return "   ·   ".join(away) or None

    def controls(self) -> tuple[Control, ...]:
        """This screen's buttons; none to decide with while no decision can reach the
        server (this screen's connection lost, the table closed)."""
        controls = self.play.controls()
        if self.session.ended or self.session.status != "open":
            return tuple(dataclasses.replace(c, shown=False) for c in controls)
        return controls

    def command(self, name: str, value: str | None = None) -> bool:
        return self.play.command(name, value)

    def key(self, key: int, repeat: bool) -> bool:
        return self.play.key(key, repeat)

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        return self.play.click(pos, seat)

    def update(self, dt: float) -> None:
        self._follow()
        self.play.update(dt)

    def wakeup(self) -> float | None:
        wake = self.play.wakeup()
        return POLL if wake is None else min(wake, POLL)

    def resumed(self, answer: object) -> None:
        if answer == "play_again":  # another table: the online screen again
            self.app.go("online", home=True)
            return
        self.play.resumed(answer)

    def draw_over(self, surface) -> None:
        self.play.draw_over(surface)

    def close(self) -> None:
        self.play.close()
        self.session.close()


def _elsewhere(*_args: Any) -> None:
    """What decides for a seat of another screen here: nothing (autoplay is off)."""
    return None


def net_table(app: TableContext, session: OnlineSession) -> TableScene:
    """The route "net_table": the table view driven by a :class:`NetDriver`."""
    return TableScene(app, NetDriver(app, session))
