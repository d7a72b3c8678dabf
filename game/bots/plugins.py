"""Plug-in bots (docs/bots.md): bots written outside the project.

A spec names a function ``FUNCTION(view, legal, rng) -> action``:

* ``PATH.py:FUNCTION`` — a Python file, relative to the current directory or
  absolute;
* ``package.module:FUNCTION`` — an importable module that is not part of the
  standard library.

>>> is_spec("expert"), is_spec("mybots/cautious.py:choose"), is_spec("pkg.bots:play")
(False, True, True)

``FUNCTION`` must be a function defined in that file or module itself: not a
built-in (``os:system``), not a class, not a function imported from elsewhere.

A plug-in is code. This module only reads specs (:func:`check`, :func:`static_problem`,
which never run anything) and imports one (:func:`load`); the program imports
plug-ins only in their own process (:mod:`game.bots.sandbox`), never in its own.
A spec that cannot be loaded raises :class:`PluginError` with one line naming
the spec and the reason.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from game.gamefile import read_text

Bot = Callable[[Any, Sequence[Any], random.Random], Any]
#: never plug-ins: importing them is already running code nobody wrote as a bot
#: (``this`` prints, ``antigravity`` opens a browser)
NOT_PLUGINS = frozenset(sys.stdlib_module_names) | frozenset(sys.builtin_module_names)


class PluginError(ValueError):
    """A bot spec that cannot be loaded; the message is one line naming it."""


class BotError(RuntimeError):
    """A plug-in bot misbehaved: it raised, returned an action not in ``legal``, took
    longer than its time, or its process ended."""


class Spec(NamedTuple):
    """A spec, read: ``file`` (the path, for ``PATH.py:FUNCTION``) or ``module`` (dotted)."""

    text: str
    where: str
    function: str
    file: Path | None

    def shown(self) -> str:
        """Where the code lives, for a person: the file's full path, or the module."""
        return str(self.file) if self.file is not None else f"module {self.where}"


def is_spec(text: str) -> bool:
    """True if ``text`` names a plug-in rather than a built-in level."""
    return ":" in text


def split_spec(text: str) -> tuple[str, str]:
    """``"a/b.py:choose"`` → ``("a/b.py", "choose")``; the function is after the last colon."""
    where, _, function = text.rpartition(":")
    return where.strip(), function.strip()


def check(spec: str) -> Spec:
    """The spec read, without importing anything; :class:`PluginError` if it cannot name
    a plug-in (bad form, a standard-library module)."""
    where, function = split_spec(spec)
    if not where or not function:
        raise PluginError(f"bot {spec!r}: expected PATH.py:FUNCTION or package.module:FUNCTION")
    if not function.isidentifier():
        raise PluginError(f"bot {spec!r}: {function!r} is not a function name")
    if where.endswith(".py"):
        return Spec(spec, where, function, Path(where).expanduser().absolute())
    parts = where.split(".")
    if not all(part.isidentifier() for part in parts):
        raise PluginError(f"bot {spec!r}: {where!r} is neither a .py file nor a module name")
    if parts[0] in NOT_PLUGINS:
        raise PluginError(f"bot {spec!r}: {parts[0]!r} is part of Python, not a plug-in")
    return Spec(spec, where, function, None)


def static_problem(spec: str) -> str | None:
    """Why ``spec`` cannot name a plug-in, found without running any of its code (one
    line), or None. A file is read and parsed, never run: it must define ``FUNCTION``
    at its top level; a module's top-level package must exist."""
    try:
        found = check(spec)
        if found.file is not None:
            _defines(found, _source(found))
        elif importlib.util.find_spec(found.where.split(".")[0]) is None:
            raise PluginError(f"bot {spec!r}: no module named {found.where.split('.')[0]!r}")
    except PluginError as error:
        return str(error)
    except (ImportError, ValueError) as error:
        return f"bot {spec!r}: {one_line(error)}"
    return None


def _source(found: Spec) -> str:
    assert found.file is not None
    if not found.file.is_file():
        raise PluginError(f"bot {found.text!r}: no such file {str(found.file)!r}")
    try:
        return read_text(found.file)
    except ValueError as error:  # GameFileError: not UTF-8, too large, unreadable
        raise PluginError(f"bot {found.text!r}: {one_line(error)}") from None


def _defines(found: Spec, source: str) -> None:
    """The file's source binds ``found.function`` at its top level (parsed, not run;
    whether it is a function of the file's own is known only once it is imported)."""
    try:
        tree = ast.parse(source, str(found.file))
    except SyntaxError as error:
        raise PluginError(_syntax(found, error)) from None
    except (ValueError, RecursionError, MemoryError) as error:  # NUL bytes, deep nesting
        raise PluginError(f"bot {found.text!r}: cannot parse it ({one_line(error)})") from None
    if found.function not in _top_level_names(tree):
        raise PluginError(f"bot {found.text!r}: {found.where} has no function {found.function!r}")


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _syntax(found: Spec, error: SyntaxError) -> str:
    name = found.file.name if found.file is not None else found.where
    return f"bot {found.text!r}: syntax error in {name} line {error.lineno}: {error.msg}"


def load(spec: str) -> Bot:
    """Import the plug-in ``spec`` names, in this process, and return its function;
    :class:`PluginError` if it cannot be loaded. This runs the plug-in's code: the
    program calls it only in the plug-in's own process (:mod:`game.bots.plugin_host`)."""
    try:
        return _load(spec)
    except PluginError:
        raise
    except Exception as error:  # an import that raises anything at all: one line
        raise PluginError(f"bot {spec!r}: {one_line(error)}") from None


@lru_cache(maxsize=64)
def _load(spec: str) -> Bot:
    found = check(spec)
    if found.file is not None:
        module = _load_file(found)
    else:
        try:
            module = importlib.import_module(found.where)
        except ModuleNotFoundError as error:
            raise PluginError(f"bot {spec!r}: no module named {error.name!r}") from None
    bot = getattr(module, found.function, None)
    if bot is None:
        raise PluginError(f"bot {spec!r}: {found.where} has no function {found.function!r}")
    if not inspect.isfunction(bot):
        raise PluginError(f"bot {spec!r}: {found.function!r} is not a function")
    if bot.__module__ != module.__name__:
        raise PluginError(
            f"bot {spec!r}: {found.function!r} is defined in {bot.__module__}, not in {found.where}"
        )
    return cast(Bot, bot)


def _load_file(found: Spec) -> Any:
    path = found.file
    assert path is not None
    _defines(found, _source(found))  # a clear message before anything runs
    name = f"flip7_plugin_{abs(hash(str(path))):x}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise PluginError(f"bot {found.text!r}: cannot import {str(path)!r}")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        loader_spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[name]
        raise PluginError(_syntax(found, error)) from None
    except BaseException:
        del sys.modules[name]
        raise
    return module


def one_line(error: BaseException) -> str:
    """``KeyError: 'x'`` on one line (an exception's type and message)."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return " ".join(text.split())
