"""One table of a ``flip7-net/1`` server: its seats, their tokens, and the game.

The game (:class:`game.engine.Game`) runs only here. A table changes on a request of
one of its connections (:meth:`Table.join`, :meth:`Table.act`…) or when its time comes
(:meth:`Table.tick`: a bot's decision, a dropped player's seat taken over); after every
change it sends each of its connections the whole state (docs/network.md). A refused
request raises :class:`~game.net.protocol.NetError` before anything changes.

What a state carries never reveals a card not yet turned over: the game as
``python -m game.replay`` prints it, the seats, and ``record`` — every card turned
over so far and every decision, all a client needs to follow the game as an observed
one (§6, :mod:`game.net.mirror`). The seed and the draw pile's order stay here until
the game is over; then ``over`` carries the whole ``flip7/1`` file.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import bots
from game import events as ev
from game.engine import Game
from game.gamefile import to_dict
from game.limits import NET_MAX_NAME_BYTES
from game.net.protocol import ME, OPEN, Act, BotSeat, Create, NetError, dumps, joined, watching
from game.net.state import StateText, record_action
from game.rules import RuleOptions
from game.state import TARGET, Action, IllegalActionError

HUMAN, BOT = "human", "bot"
STAND_IN = "normal"  # the level that plays a dropped player's seat, and an open seat
TOKEN_BYTES = 32  # 256 bits (docs/network.md asks at least 128)
#: what an open seat, or a bot without a name, keeps of the names' bytes for the name the
#: table gives it ("Bot 18")
BOT_NAME_BYTES = 6


class Member(Protocol):
    """A connection as a table sees it: messages are queued, never awaited."""

    def send(self, text: str, state: bool = False) -> None: ...

    def close(self, reason: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Settings:
    """How a server's tables run: ``wait`` seconds before a bot plays a dropped
    player's seat, ``bot_delay`` seconds a bot takes for a decision."""

    wait: float = 60.0
    bot_delay: float = 1.0
    clock: Callable[[], float] = field(default=lambda: 0.0)


@dataclass(slots=True)
class Seat:
    name: str | None  # None: an open seat nobody has taken
    kind: str  # HUMAN, BOT or OPEN
    bot: str | None = None  # a bot's level
    token_hash: str | None = None  # sha256 of its person's token (never the token)
    member: Member | None = None  # its person's connection, when connected
    dropped_at: float | None = None  # when that connection dropped (Settings.clock)
    stand_in: bool = False  # a STAND_IN bot plays it until its person rejoins

    def played_by_bot(self) -> bool:
        return self.kind == BOT or self.stand_in

    def describe(self, takeover_at: float | None, now: float) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "connected": self.kind == BOT or self.member is not None,
            "bot": self.bot if self.kind == BOT else STAND_IN if self.stand_in else None,
            "takeover_in": None if takeover_at is None else round(max(0.0, takeover_at - now), 1),
        }


def name_bytes(name: str) -> int:
    """The bytes ``name`` takes in a message, quotes left out.

    >>> name_bytes("Léa"), name_bytes('"Bo"'), name_bytes("\U0001f600" * 40)
    (4, 6, 160)
    """
    return len(dumps(name).encode("utf-8", "surrogatepass")) - 2


def names_bytes(seats: Iterable[Seat]) -> int:
    """The bytes the names of ``seats`` take, an open seat's the name it will get."""
    return sum(BOT_NAME_BYTES if s.name is None else name_bytes(s.name) for s in seats)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Table:
    """Seats, tokens, the game and the connections of one table code."""

    def __init__(
        self,
        code: str,
        rules: RuleOptions,
        seats: list[Seat],
        creator: int,
        settings: Settings,
        bot_seed: int,
    ) -> None:
        self.code = code
        self.rules = rules
        self.seats = seats
        self.creator = creator
        self.settings = settings
        self.bot_seed = bot_seed
        self.version = 1  # the state's number: one more after every change
        self.game_version = 1  # the version of the last change of the game itself
        self.game: Game | None = None
        self.cards: list[str] = []  # every card turned over, in order (the game's observed deck)
        self.watchers: set[Member] = set()
        self.changed_at = settings.clock()  # when the game last changed: a bot waits from here
        self.empty_since: float | None = None  # when its last connection left
        self.unsaved = True  # changed since its file was last written
        self.logged = 0  # its game's decisions put to the journal or its file
        self.filed = (-1, -1)  # (seats_version, decisions) its last file written holds
        self.bot_rng = random.Random(bot_seed)
        self.seats_version = 0  # one more whenever a seat changes
        self._text = StateText()

    # ------------------------------------------------------------------ making one
    @classmethod
    def create(
        cls, request: Create, member: Member, code: str, settings: Settings
    ) -> tuple[Table, str]:
        """A new table from a ``create`` request; the creator sits at its "me" seat."""
        token = new_token()
        seats: list[Seat] = []
        for spec in request.seats:
            if spec == ME:
                seats.append(Seat(request.name, HUMAN, None, token_hash(token), member))
            elif spec == OPEN:
                seats.append(Seat(None, OPEN))
            else:
                assert isinstance(spec, BotSeat)
                seats.append(Seat(spec.name, BOT, spec.level))
        named = [s.name for s in seats if s.name is not None]
        if len(set(named)) != len(named):
            raise NetError("name_taken", "two seats have the same name")
        taken = names_bytes(seats)
        if taken > NET_MAX_NAME_BYTES:
            raise NetError(
                "bad_message",
                f"the names take {taken} bytes: those of a table take at most "
                f"{NET_MAX_NAME_BYTES} together (UTF-8), {BOT_NAME_BYTES} for an open seat",
            )
        for seat in seats:
            if seat.kind == BOT and seat.name is None:
                seat.name = _free_name(s.name for s in seats)
        table = cls(code, request.rules, seats, request.seats.index(ME), settings, _seed())
        member.send(joined(code, table.creator, token))
        table._broadcast([{"event": "TableOpened", "seat": table.creator}])
        return table, token

    # -------------------------------------------------------------------- requests
    def join(self, member: Member, name: str) -> int:
        """Take the first open seat; sends ``joined`` then the state to everyone."""
        if self.game is not None:
            raise NetError("started", "the game has already started: watch it instead")
        seat = next((i for i, s in enumerate(self.seats) if s.kind == OPEN), None)
        if seat is None:
            raise NetError("table_full", f"table {self.code} has no open seat left")
        if name in (s.name for s in self.seats):
            raise NetError("name_taken", f"{name} already sits at table {self.code}")
        left = NET_MAX_NAME_BYTES - names_bytes(self.seats) + BOT_NAME_BYTES
        if name_bytes(name) > left:
            raise NetError(
                "bad_message",
                f"a shorter name: the names of table {self.code} take at most "
                f"{NET_MAX_NAME_BYTES} bytes together (UTF-8), {left} are left for this one",
            )
        token = new_token()
        self.seats[seat] = Seat(name, HUMAN, None, token_hash(token), member)
        self.empty_since = None
        member.send(joined(self.code, seat, token))
        self._broadcast([{"event": "SeatTaken", "seat": seat}])
        return seat

    def rejoin(self, member: Member, token: str) -> int:
        """Back to the seat of ``token``; a connection still holding it is closed."""
        digest = token_hash(token)
        seat = next(
            (
                i
                for i, s in enumerate(self.seats)
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest)
            ),
            None,
        )
        if seat is None:
            raise NetError("bad_token", f"that token holds no seat at table {self.code}")
        held = self.seats[seat]
        old, held.member, held.dropped_at, held.stand_in = held.member, member, None, False
        self.empty_since = None
        if old is not None:
            old.close("the seat was taken up by another connection")
        member.send(joined(self.code, seat, token))
        self._broadcast([{"event": "Connected", "seat": seat}])
        return seat

    def watch(self, member: Member) -> None:
        """A spectator: ``watching``, then the state as it is now."""
        self.watchers.add(member)
        self.empty_since = None
        member.send(watching(self.code))
        self.send_state(member, None)

    def start(self, member: Member) -> None:
        """The creator starts the game; open seats become ``normal`` bots."""
        if self.seat_of(member) != self.creator:
            raise NetError("not_creator", "only the table's creator starts the game")
        if self.game is not None:
            raise NetError("started", "the game has already started")
        self.seats_version += 1
        for seat in self.seats:
            if seat.kind == OPEN:
                seat.name, seat.kind, seat.bot = (
                    _free_name(s.name for s in self.seats),
                    BOT,
                    STAND_IN,
                )
        self.game = Game(
            [s.name or "" for s in self.seats],
            self.rules,
            seed=secrets.randbits(63),
            bots=[s.bot if s.kind == BOT else None for s in self.seats],
        )
        events = list(self.game.opening_events)
        self._turned(events)
        self._broadcast([{"event": "GameStarted"}], events, game=True)

    def act(self, member: Member, request: Act) -> None:
        """A person's decision, for the state ``request.version`` they were shown."""
        seat = self.seat_of(member)
        if seat is None:
            raise NetError("not_at_table", "a spectator makes no decision")
        game = self._running()
        if not self.game_version <= request.version <= self.version:
            raise NetError(
                "stale", f"decision for state {request.version}; the game is at {self.version}"
            )
        assert game.pending is not None
        if game.pending.seat != seat:
            raise NetError("not_your_turn", f"the game waits for {game.players[game.pending.seat]}")
        target = None
        if request.do == TARGET:
            target = next((i for i, n in enumerate(game.players) if n == request.target), None)
            if target is None:
                raise NetError("illegal", f"nobody called {request.target} sits at the table")
        self._apply(Action(request.do, seat, target), "person")

    def drop(self, member: Member) -> None:
        """``member``'s connection is gone: a seat keeps its person's place."""
        self.watchers.discard(member)
        seat = self.seat_of(member)
        if seat is not None:
            held = self.seats[seat]
            held.member, held.dropped_at = None, self.settings.clock()
            self._broadcast([{"event": "Disconnected", "seat": seat}])
        if not any(True for _ in self.members()):
            self.empty_since = self.settings.clock()

    # ------------------------------------------------------------------------ time
    def next_due(self) -> float | None:
        """When :meth:`tick` has something to do (Settings.clock), or None."""
        away = [s for s in self.seats if s.dropped_at is not None]  # most often none
        times = [self.takeover_at(s) or 0.0 for s in away if self.counting_down(s)]
        seat = self._pending_seat()
        if seat is not None and self.seats[seat].played_by_bot():
            times.append(self.changed_at + self.settings.bot_delay)
        return min(times, default=None)

    def tick(self) -> None:
        """Do what is due: seats whose wait is over taken over by a bot, a bot's decision."""
        now = self.settings.clock()
        for i, held in enumerate(self.seats):
            if held.dropped_at is None:  # connected, or a bot's: most seats, most often
                continue
            if self.counting_down(held) and (self.takeover_at(held) or 0.0) <= now:
                held.stand_in = True
                self._broadcast([{"event": "StandIn", "seat": i, "bot": STAND_IN}])
        seat = self._pending_seat()
        due = self.changed_at + self.settings.bot_delay
        if seat is not None and self.seats[seat].played_by_bot() and due <= now:
            self._bot_decides(seat)
            if now - due < self.settings.bot_delay:
                # counted from when it was due: a server that reached the table a little
                # late keeps the pace of one decision every bot_delay
                self.changed_at = due

    def counting_down(self, seat: Seat) -> bool:
        """Whether ``seat``'s person is away and no bot plays it yet."""
        return seat.dropped_at is not None and not seat.stand_in and not self.finished

    def takeover_at(self, seat: Seat) -> float | None:
        """When a bot takes over ``seat`` (its person away), or None."""
        if not self.counting_down(seat):
            return None
        assert seat.dropped_at is not None
        return seat.dropped_at + self.settings.wait

    def _bot_decides(self, seat: int) -> None:
        game = self._running()
        held = self.seats[seat]
        choose = _bot(held.bot if held.kind == BOT and held.bot else STAND_IN)
        action = choose(game.view(seat), game.legal_actions(), self.bot_rng)
        self._apply(action, "bot" if held.kind == BOT else "stand_in")

    # --------------------------------------------------------------------- queries
    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.over

    def seat_of(self, member: Member) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.member is member), None)

    def members(self) -> Iterator[Member]:
        """Every connection of the table: its seated people, then its spectators."""
        for seat in self.seats:
            if seat.member is not None:
                yield seat.member
        yield from self.watchers

    def _pending_seat(self) -> int | None:
        if self.game is None or self.game.pending is None:
            return None
        return self.game.pending.seat

    def _running(self) -> Game:
        if self.game is None:
            raise NetError("not_started", "the game has not started")
        if self.game.over:
            raise NetError("game_over", "the game is over")
        return self.game

    # ------------------------------------------------------------------- changing
    def _apply(self, action: Action, by: str) -> None:
        game = self._running()
        try:
            events = game.apply(action)
        except IllegalActionError as e:
            raise NetError("illegal", str(e)) from None
        self._turned(events)
        decided = {
            "event": "Decided",
            "seat": action.seat,
            "do": action.kind,
            "target": action.target,
            "by": by,
        }
        self._broadcast([decided], events, game=True)

    def _turned(self, events: list[ev.Event]) -> None:
        self.cards += [e.card for e in events if type(e) is ev.CardDrawn]

    def _broadcast(
        self, events: list[dict[str, Any]], engine: list[ev.Event] | None = None, game: bool = False
    ) -> None:
        """The change is done: a new version, and its state to every connection. ``events``
        say what changed at the table; ``engine``, the game's own events, follow them."""
        self.version += 1
        self.unsaved = True
        if not game:  # a change at the table, not in the game: the seats
            self.seats_version += 1
        if game:
            self.game_version = self.version
            self.changed_at = self.settings.clock()
        if not any(True for _ in self.members()):
            return  # nobody to tell (a table of bots, its people away): no state to build
        body = self._body(events, engine or ())
        for i, seat in enumerate(self.seats):
            if seat.member is not None:
                seat.member.send(f'{{"type":"state","seat":{i},{body}', state=True)
        if self.watchers:
            text = f'{{"type":"state","seat":null,{body}'
            for member in self.watchers:
                member.send(text, state=True)
        if game and self.finished:
            over = self.over_message()
            for member in self.members():
                member.send(over)

    def send_state(self, member: Member, seat: int | None) -> None:
        """The state as it is now, to one connection (no change, no new version)."""
        member.send(f'{{"type":"state","seat":{json.dumps(seat)},{self._body([], ())}', state=True)
        if self.finished:
            member.send(self.over_message())

    def over_message(self) -> str:
        assert self.game is not None
        return dumps({"type": "over", "table": self.code, "file": to_dict(self.game)})

    def _body(self, events: list[dict[str, Any]], engine: Sequence[ev.Event]) -> str:
        """A state without its opening ``{"type":"state","seat":I,`` (the same for all)."""
        return self._text.body(self, events, engine)

    def record(self) -> dict[str, Any]:
        """What a client needs to follow the game as an observed one (docs/live-table.md),
        with the players' names of the state's ``game``: how it started (each seat's bot
        level, or null for a person), every card turned over, every decision (``[seat,
        do]`` or ``[seat, "target", seat]``). Nothing in it was not yet turned over."""
        game = self.game
        assert game is not None
        return {
            "bots": list(game.bots),
            "dealer": game.initial["dealer"],
            "totals": list(game.initial["totals"]),
            "cards": self.cards,
            "actions": [record_action(a) for a in game.actions],
        }


def _free_name(taken: Iterable[str | None]) -> str:
    used = set(taken)
    return next(f"Bot {k}" for k in range(1, len(used) + 2) if f"Bot {k}" not in used)


def _seed() -> int:
    return secrets.randbits(63)


_BOTS: dict[str, bots.Bot] = {}


def _bot(level: str) -> bots.Bot:
    """A built-in level's ``choose`` (a table never names a plug-in, docs/network.md)."""
    if level not in _BOTS:
        if level not in bots.LEVELS:
            raise ValueError(f"not a built-in bot level: {level!r}")
        _BOTS[level] = bots.get(level)
    return _BOTS[level]
