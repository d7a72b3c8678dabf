"""Plug-in bots (docs/bots.md, plug-ins): bots written outside the project.

A spec names a function ``FUNCTION(view, legal, rng) -> action``:

* ``PATH.py:FUNCTION`` — a Python file, relative to the current directory or
  absolute;
* ``package.module:FUNCTION`` — an importable module.

>>> is_spec("expert"), is_spec("mybots/cautious.py:choose"), is_spec("pkg.bots:play")
(False, True, True)

A spec that cannot be loaded raises :class:`PluginError` with one line naming
the spec and the reason. :func:`guarded` wraps a loaded bot so that a raise or
an action outside ``legal`` becomes a :class:`BotError` instead of reaching
the game.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

Bot = Callable[[Any, Sequence[Any], random.Random], Any]


class PluginError(ValueError):
    """A bot spec that cannot be loaded; the message is one line naming it."""


class BotError(RuntimeError):
    """A plug-in bot misbehaved: it raised, or returned an action not in ``legal``."""


def is_spec(text: str) -> bool:
    """True if ``text`` names a plug-in rather than a built-in level."""
    return ":" in text


def split_spec(text: str) -> tuple[str, str]:
    """``"a/b.py:choose"`` → ``("a/b.py", "choose")``; the function is after the last colon."""
    where, _, function = text.rpartition(":")
    return where.strip(), function.strip()


def load(spec: str) -> Bot:
    """The bot function a spec names; :class:`PluginError` if it cannot be loaded."""
    try:
        return _load(spec)
    except PluginError:
        raise
    except Exception as error:  # an import that raises anything at all: one line
        raise PluginError(f"bot {spec!r}: {_one_line(error)}") from None


@lru_cache(maxsize=64)
def _load(spec: str) -> Bot:
    where, function = split_spec(spec)
    if not where or not function:
        raise PluginError(f"bot {spec!r}: expected PATH.py:FUNCTION or package.module:FUNCTION")
    if where.endswith(".py"):
        module = _load_file(spec, Path(where))
    else:
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as error:
            raise PluginError(f"bot {spec!r}: no module named {error.name!r}") from None
    bot = getattr(module, function, None)
    if bot is None:
        raise PluginError(f"bot {spec!r}: {where} has no function {function!r}")
    if not callable(bot):
        raise PluginError(f"bot {spec!r}: {function!r} is not a function")
    return cast(Bot, bot)


def _load_file(spec: str, path: Path) -> Any:
    path = path.expanduser().resolve()
    if not path.is_file():
        raise PluginError(f"bot {spec!r}: no such file {str(path)!r}")
    name = f"flip7_plugin_{abs(hash(str(path))):x}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise PluginError(f"bot {spec!r}: cannot import {str(path)!r}")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        loader_spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[name]
        raise PluginError(
            f"bot {spec!r}: syntax error in {path.name} line {error.lineno}: {error.msg}"
        ) from None
    except BaseException:
        del sys.modules[name]
        raise
    return module


def guarded(spec: str, bot: Bot) -> Bot:
    """``bot`` checked at every call: a raise or an illegal action becomes a BotError."""

    def choose(view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        legal = list(legal)  # the bot's own copy: §5 promises a list
        try:
            action = bot(view, legal, rng)
        except Exception as error:
            raise BotError(f"bot {spec!r} raised {_one_line(error)}") from error
        try:
            return legal[legal.index(action)]  # the engine's own Action, whatever was returned
        except (ValueError, TypeError):
            raise BotError(
                f"bot {spec!r} returned {action!r}, which is not a legal action"
            ) from None

    return choose


def _one_line(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return " ".join(text.split())
