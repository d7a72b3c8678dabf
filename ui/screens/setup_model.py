"""What the New game screen holds, without pygame: seats, first dealer, rule options, seed.

The screen only shows and edits a :class:`TableSetup`; :meth:`TableSetup.build`
turns it into exactly the game it shows.

>>> s = TableSetup.default("Léa")
>>> [(seat.name, seat.bot) for seat in s.seats]
[('Léa', None), ('Ada', 'normal'), ('Bo', 'easy'), ('Cyd', 'expert')]
>>> _ = s.move(0, 1); s.dealer = 0; _ = s.move(0, 2)
>>> s.dealer, s.seats[2].name
(2, 'Ada')
>>> s.problems()
[]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from game.bots import plugins
from game.limits import MAX_NAME, MAX_SPEC, MAX_TARGET, clean_text, name_problem, parse_int
from game.rules import DEFAULT_TARGET, FLIP_THREE_ON_BUST, OPENINGS, RuleOptions
from ui.config import BOT_LEVELS, BOT_NAMES, MAX_SEATS, MIN_SEATS, Seat

PLUGIN = "plugin"  # the kind of a seat whose bot is a plug-in spec (docs/bots.md)
KINDS = (None, "easy", "normal", "expert", PLUGIN)  # what a seat's kind button cycles through
NAME_LIMIT = MAX_NAME
SPEC_LIMIT = MAX_SPEC
__all__ = [
    "MAX_TARGET",
    "NAME_LIMIT",
    "PLUGIN",
    "SPEC_LIMIT",
    "GameSpec",
    "TableSetup",
    "seat_kind",
]


def seat_kind(bot: str | None) -> str | None:
    """None for a human, the level of a built-in bot, or :data:`PLUGIN`: a plug-in seat's
    ``bot`` is its spec (``""`` until one is typed).

    >>> seat_kind(None), seat_kind("expert"), seat_kind("bots/mine.py:choose"), seat_kind("")
    (None, 'expert', 'plugin', 'plugin')
    """
    return bot if bot is None or bot in BOT_LEVELS else PLUGIN


@lru_cache(maxsize=32)
def plugin_problem(spec: str) -> str | None:
    """Why ``spec`` names no bot (one line), or None: the file is read, never run here
    (:func:`game.bots.plugins.static_problem`; the plug-in runs in its own process at the
    table). Checked once per spec typed: the screen asks at every frame."""
    if not plugins.is_spec(spec):
        return "PATH.py:FUNCTION or package.module:FUNCTION"
    return plugins.static_problem(spec)


@dataclass
class GameSpec:
    """Everything a new game is made of (the arguments of ``App.start_game``)."""

    seats: list[Seat]
    rules: RuleOptions
    seed: int
    dealer: int | None


@dataclass
class TableSetup:
    seats: list[Seat] = field(default_factory=list)
    dealer: int | None = None  # None: drawn by the seed
    target: str = str(DEFAULT_TARGET)
    opening: str = OPENINGS[0]
    flip_three_on_bust: str = FLIP_THREE_ON_BUST[0]
    seed: str = ""  # empty: a random seed at the start

    @classmethod
    def default(cls, you: str) -> TableSetup:
        """You and three bots, the rule book's options: "Start" works in one click."""
        return cls(
            [Seat(you, None), Seat("Ada", "normal"), Seat("Bo", "easy"), Seat("Cyd", "expert")]
        )

    # ------------------------------------------------------------ seats
    def free_bot_name(self) -> str:
        used = {s.name for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), None)
        k = 2
        while name is None:
            name = f"Bot {k}" if f"Bot {k}" not in used else None
            k += 1
        return name

    def add(self, bot: str | None, human_name: str = "") -> bool:
        if len(self.seats) >= MAX_SEATS:
            return False
        if bot is None:
            used = {s.name for s in self.seats}
            k = len(self.seats) + 1
            while f"{human_name} {k}" in used:
                k += 1
            name = f"{human_name} {k}"
        else:
            name = self.free_bot_name()
        self.seats.append(Seat(name, bot))
        return True

    def remove(self, index: int) -> bool:
        if len(self.seats) <= MIN_SEATS:
            return False
        del self.seats[index]
        if self.dealer == index:
            self.dealer = None
        elif self.dealer is not None and self.dealer > index:
            self.dealer -= 1
        return True

    def move(self, index: int, delta: int) -> bool:
        """Swap a seat with the one ``delta`` seats away; the first dealer stays with the
        player."""
        other = index + delta
        if not 0 <= other < len(self.seats):
            return False
        s = self.seats
        s[index], s[other] = s[other], s[index]
        if self.dealer == index:
            self.dealer = other
        elif self.dealer == other:
            self.dealer = index
        return True

    def cycle_kind(self, index: int) -> None:
        """Human → bot easy → normal → expert → plug-in → human. A seat that becomes a bot
        gets a bot's name (unless it already has one); a plug-in seat starts with no spec.

        >>> s = TableSetup.default("Léa"); s.cycle_kind(3); s.seats[3]
        Seat(name='Cyd', bot='')
        >>> s.problems(); s.set_spec(3, "examples/bots/coin.py:choose"); s.problems()
        ['setup.error.plugin']
        []
        """
        seat = self.seats[index]
        current = seat_kind(seat.bot)
        kind = KINDS[(KINDS.index(current) + 1) % len(KINDS)] if current in KINDS else None
        name = seat.name
        if seat.bot is None and kind is not None:
            self.seats[index] = Seat("", kind)
            name = self.free_bot_name()
        self.seats[index] = Seat(name, "" if kind == PLUGIN else kind)

    def set_spec(self, index: int, spec: str) -> None:
        """The plug-in spec typed for a plug-in seat."""
        self.seats[index] = Seat(self.seats[index].name, clean_text(spec).strip()[:SPEC_LIMIT])

    def rename(self, index: int, name: str) -> None:
        self.seats[index] = Seat(clean_text(name)[:NAME_LIMIT], self.seats[index].bot)

    def toggle_dealer(self, index: int) -> None:
        self.dealer = None if self.dealer == index else index

    # ------------------------------------------------------------ checks
    def problems(self) -> list[str]:
        """i18n keys of what stops "Start" (empty: ready)."""
        out = []
        names = [s.name.strip() for s in self.seats]
        if any(not n or name_problem(n) for n in names):
            out.append("setup.error.name_empty")
        elif len(set(names)) != len(names):
            out.append("setup.error.name_twice")
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            out.append("setup.error.seats")
        if self._target() is None:
            out.append("setup.error.target")
        if self.seed.strip() and self._seed() is None:
            out.append("setup.error.seed")
        if any(seat_kind(s.bot) == PLUGIN and plugin_problem(s.bot or "") for s in self.seats):
            out.append("setup.error.plugin")
        return out

    def _target(self) -> int | None:
        value = parse_int(self.target)
        return value if value is not None and 0 < value <= MAX_TARGET else None

    def _seed(self) -> int | None:
        text = self.seed.strip()
        if not text:
            return None
        value = parse_int(text)
        return value if value is not None and 0 <= value < 1 << 63 else None

    def build(self, rng: random.Random | None = None) -> GameSpec:
        """The game this setup describes; ValueError if :meth:`problems` is not empty."""
        problems = self.problems()
        if problems:
            raise ValueError(", ".join(problems))
        seed = self._seed()
        if seed is None:
            seed = (rng or random.SystemRandom()).randrange(1 << 31)
        target = self._target()
        assert target is not None  # problems() said so
        rules = RuleOptions(
            target=target, opening=self.opening, flip_three_on_bust=self.flip_three_on_bust
        )
        seats = [Seat(s.name.strip(), s.bot) for s in self.seats]
        return GameSpec(seats, rules, seed, self.dealer)
