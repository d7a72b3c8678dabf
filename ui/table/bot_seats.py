"""The bots of a table: who plays each bot seat, and asking them without stopping the window.

- A built-in level plays in the window's process, as fast as ever; a level that is
  missing (a module still being written) plays ``baseline``.
- A plug-in (docs/bots.md) plays in a process of its own
  (:class:`game.bots.sandbox.PluginBot`): it is asked, and the window keeps drawing
  while it thinks (:meth:`TableBots.choice` gives None until it answers). It has
  :data:`~game.limits.TABLE_BOT_TIMEOUT` seconds per decision.
- A plug-in is code: it runs only if the person trusts its spec (they named it, or
  agreed to it, ``App.trusted``); otherwise, and whenever it fails (it raises, exits,
  answers something illegal, takes too long, cannot be loaded), ``baseline`` plays
  the seat for the rest of the game and a notice says why. The game and its file keep
  the seat's spec: only who decides changes.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from game import bots as bot_registry
from game.bots import plugins
from game.bots.plugins import BotError, PluginError
from game.bots.sandbox import PluginBot
from game.engine import Game
from game.limits import BOT_LOAD_TIMEOUT, TABLE_BOT_TIMEOUT
from game.state import Action
from ui.i18n import Msg

log = logging.getLogger(__name__)
Bot = Callable[..., Any]


def resolve_bot(level: str) -> tuple[Bot, bool]:
    """The ``choose`` function of a built-in level; baseline (and True) if it is missing."""
    try:
        return bot_registry.get(level), False
    except (ImportError, ValueError, AttributeError):
        return bot_registry.get("baseline"), True


class TableBots:
    """Every bot seat of one table (``seats``: each seat's level, spec or None).

    ``fns`` maps each bot seat to what decides for it: a function, or a
    :class:`PluginBot` (also callable, waiting for its answer: tools use that);
    ``levels`` is what each seat plays (``baseline`` where it fell back);
    ``notices`` the captions for the table log and ``alerts`` the notices for the top of
    the window (with the reason), taken by the table (:meth:`take_notices`).
    """

    def __init__(
        self,
        seats: Sequence[str | None],
        names: Sequence[str],
        trusted: Collection[str],
        timeout: float = TABLE_BOT_TIMEOUT,
    ) -> None:
        self.names = list(names)
        self.specs = list(seats)
        self.fns: dict[int, Bot] = {}
        self.levels: list[str | None] = []
        self.notices: list[Msg] = []
        self.alerts: list[Msg] = []
        self._plugins: dict[str, PluginBot] = {}
        for seat, level in enumerate(seats):
            self.levels.append(self._seat(seat, level, trusted, timeout))

    def _seat(
        self, seat: int, level: str | None, trusted: Collection[str], timeout: float
    ) -> str | None:
        if level is None:
            return None
        if level in bot_registry.LEVELS or not plugins.is_spec(level):
            fn, missing = resolve_bot(level)
            self.fns[seat] = fn
            if missing:
                log.warning("bot level %r is missing: playing baseline", level)
                self._say(Msg("caption.bot_fallback", level=level))
            return "baseline" if missing else level
        problem = plugins.static_problem(level)  # it could never run: say why
        if problem is None and level not in trusted:
            problem = "not trusted"
        if problem is None:
            bot = self._plugins.get(level)
            if bot is None:
                bot = self._plugins[level] = PluginBot(level, timeout, BOT_LOAD_TIMEOUT)
            self.fns[seat] = bot
            return level
        self.fns[seat] = bot_registry.get("baseline")
        if problem == "not trusted":
            self._say(Msg("caption.plugin_untrusted", name=self.names[seat]))
        else:
            self._failed(seat, problem)
        return "baseline"

    def _say(self, msg: Msg) -> None:
        if all(repr(msg) != repr(known) for known in self.notices):
            self.notices.append(msg)

    def _failed(self, seat: int, problem: str) -> None:
        log.warning("bot of %s failed (%s): playing baseline", self.names[seat], problem)
        self._say(Msg("caption.plugin_failed", name=self.names[seat]))
        self.alerts.append(Msg("notice.plugin_failed", name=self.names[seat], reason=problem))

    # ------------------------------------------------------------ deciding
    def choice(self, seat: int, game: Game, rng: random.Random) -> Action | None:
        """The seat's decision now; None while its plug-in is still thinking (ask again
        at the next frame). A bot that fails is replaced by baseline, which decides."""
        fn = self.fns[seat]
        view, legal = game.view(seat), game.legal_actions()
        if isinstance(fn, PluginBot):
            try:
                return self._ask(fn, view, legal, rng)
            except (BotError, PluginError) as error:
                self.fall_back(fn.spec, str(error))
        else:
            try:
                action = fn(view, legal, rng)
                if action in legal:
                    return action
                problem = f"illegal action {action!r}"
            except Exception as error:  # a built-in level still being written
                problem = repr(error)
            level = self.specs[seat]
            log.warning("bot level %r failed (%s): playing baseline", level, problem)
            self._say(Msg("caption.bot_fallback", level=level))
            self.fns[seat] = bot_registry.get("baseline")
        action = self.fns[seat](view, legal, rng)
        assert isinstance(action, Action)
        return action

    @staticmethod
    def _ask(bot: PluginBot, view: Any, legal: Sequence[Action], rng: random.Random):
        if not bot.waiting:
            if not bot.ready():
                return None  # still starting: at most its load time
            bot.ask(view, legal, rng)
        return bot.reply(wait=False)

    def poll(self) -> None:
        """Look (without waiting) whether the plug-ins still loading are ready: one that
        cannot be loaded gives way to baseline at once, not at its first turn."""
        for spec, bot in list(self._plugins.items()):
            if not bot.waiting:
                try:
                    bot.ready()
                except (BotError, PluginError) as error:
                    self.fall_back(spec, str(error))

    def thinking(self, seat: int) -> bool:
        """True while the seat's plug-in has a decision it has not answered yet."""
        fn = self.fns.get(seat)
        return isinstance(fn, PluginBot) and fn.waiting

    def fall_back(self, spec: str, problem: str) -> None:
        """The plug-in ``spec`` failed: baseline plays each of its seats from now on."""
        bot = self._plugins.pop(spec, None)
        if bot is not None:
            bot.close()
        for seat, fn in list(self.fns.items()):
            if fn is bot or (isinstance(fn, PluginBot) and fn.spec == spec):
                self.fns[seat] = bot_registry.get("baseline")
                self.levels[seat] = "baseline"
                self._failed(seat, problem)

    def take_notices(self) -> tuple[list[Msg], list[Msg]]:
        """The captions and the notices not shown yet."""
        notices, alerts = self.notices, self.alerts
        self.notices, self.alerts = [], []
        return notices, alerts

    def close(self) -> None:
        """Stop every plug-in process of this table."""
        for bot in self._plugins.values():
            bot.close()
        self._plugins.clear()
