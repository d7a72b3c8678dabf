"""The ``flip7/1`` game file (docs/files-and-commands.md, the game file): load, validate, save.

A game file is how the game started plus every decision made; loading it
replays the decisions through the engine, so every problem — a broken file
or an action the rules refuse — surfaces as one :class:`GameFileError` whose
message names it (``action 7: Hugo cannot stay: …``).

``"dealing": "observed"`` (docs/live-table.md) makes it a game of real cards:
``deck`` lists every card turned over, in order, across reshuffles, and a card
that could not be there is refused with its index (``deck 17: no "12" can be
drawn: all 12 are on the table``).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, cast

from game.cards import ALL_CARDS, UnknownCardError, composition
from game.chance import CardRefused
from game.engine import DeckError, Game
from game.limits import (
    MAX_ACTIONS,
    MAX_DEALT,
    MAX_FILE_BYTES,
    MAX_FILE_PLAYERS,
    MAX_SPEC,
    MAX_TARGET,
    MAX_TOTAL,
    MIN_PLAYERS,
    excerpt,
    in_range,
    name_problem,
)
from game.rules import RuleError, RuleOptions
from game.state import HIT, STAY, TARGET, Action, DecisionKind, IllegalActionError

FORMAT = "flip7/1"
DEALINGS = ("shuffled", "observed")
BOT_LEVELS = ("baseline", "easy", "normal", "expert")


class GameFileError(ValueError):
    """A game file that cannot be read; the message is one line for the user."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes; :class:`GameFileError` if not.

    Never blocks: a FIFO, a device (a link to ``/dev/zero``) or a folder is refused
    before anything is read, and no more than ``limit`` + 1 bytes are ever read.
    """
    shown = excerpt(os.fspath(path), 200)[1:-1] if isinstance(path, str) else str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise GameFileError(f"{shown}: not a regular file")
            data = f.read(limit + 1)
        if len(data) > limit:
            raise GameFileError(f"{shown}: file too large (over {limit} bytes)")
        return data.decode("utf-8-sig")  # a BOM (Windows editors) is fine
    except GameFileError:
        raise
    except UnicodeDecodeError:
        raise GameFileError(f"{shown}: not a text file (not UTF-8)") from None
    except OSError as e:
        raise GameFileError(f"{shown}: {e.strerror or e}") from None


def parse_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise GameFileError(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise GameFileError("not a game file: JSON nested too deeply") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise GameFileError(f"not a game file: {e}") from None


def load(path: str | os.PathLike[str], record_events: bool = True) -> Game:
    """Read a game file and replay it."""
    return from_dict(parse_json(read_text(path)), record_events=record_events)


def from_dict(data: Any, record_events: bool = True) -> Game:
    """Build the game a parsed file describes and replay its actions."""
    game = new_game(data, record_events=record_events)
    for index, action in enumerate(parse_actions(data, game)):
        d = game.pending
        if d is not None and d.kind == DecisionKind.REVEAL:
            raise GameFileError(
                f"action {index}: 'deck' has no more cards: the game waits for the card "
                f"turned over for {game.players[d.seat]}"
            )
        try:
            game.apply(action)
        except IllegalActionError as e:
            raise GameFileError(f"action {index}: {e}") from None
        except CardRefused as e:
            raise GameFileError(f"deck {e.index}: {e}") from None
    if game.over and game.waiting():
        raise GameFileError(
            f"deck {len(game.turned()) - len(game.waiting())}: turned over after the game is over"
        )
    return game


def new_game(data: Any, record_events: bool = True, start: bool = True) -> Game:
    """The game at its start, before any action of the file (``start=False``: before
    its opening too; ``game.start()`` then deals it and returns its events)."""
    _check_format(data)
    names, bots = _players(_require(data, "players", list))
    n = len(names)
    rules = _rules(data.get("rules", {}))
    observed = _dealing(data) == "observed"
    seed = _require(data, "seed", int) if "seed" in data or not observed else None
    dealer, totals, deck = _table(data, n, rules, observed)
    actions = _require(data, "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise GameFileError(f"{len(actions)} actions: a game file holds at most {MAX_ACTIONS}")
    try:
        return Game(
            names,
            rules,
            seed=seed,
            dealer=dealer,
            totals=totals,
            deck=deck,
            bots=bots,
            record_events=record_events,
            start=start,
            observed=observed,
        )
    except CardRefused as e:  # a card of the opening
        raise GameFileError(f"deck {e.index}: {e}") from None
    except UnknownCardError:
        bad = next(c for c in deck or () if not isinstance(c, str) or c not in ALL_CARDS)
        raise GameFileError(f"'deck': unknown card {excerpt(bad)}") from None
    except DeckError as e:
        raise GameFileError(f"'deck': {e}") from None


def _check_format(data: Any) -> None:
    if not isinstance(data, dict):
        raise GameFileError(f"not a game file: expected a JSON object, got {_kind(data)}")
    if "format" not in data:
        raise GameFileError("not a game file: missing key 'format'")
    if data["format"] != FORMAT:
        raise GameFileError(
            f"unknown format {excerpt(data['format'])} (this program reads {FORMAT!r})"
        )


def _dealing(data: dict[str, Any]) -> str:
    dealing = data.get("dealing", "shuffled")
    if not isinstance(dealing, str) or dealing not in DEALINGS:
        raise GameFileError(f"'dealing' must be 'shuffled' or 'observed', not {excerpt(dealing)}")
    return dealing


def _rules(raw_rules: Any) -> RuleOptions:
    if isinstance(raw_rules, dict) and "target" in raw_rules:
        target = raw_rules["target"]
        if _is_int(target) and target > MAX_TARGET:
            raise GameFileError(
                f"rule 'target' must be at most {MAX_TARGET}, not {excerpt(target)}"
            )
    try:
        return RuleOptions.from_dict(raw_rules)
    except (RuleError, TypeError) as e:
        raise GameFileError(str(e)) from None


def _table(
    data: dict[str, Any], n: int, rules: RuleOptions, observed: bool
) -> tuple[Any, Any, Any]:
    """The file's ``dealer``, ``totals`` and ``deck``, checked (None where absent).

    An observed game's ``deck`` is every card turned over in the game, reshuffles
    included, so the composition does not bound its length."""
    dealer = data.get("dealer")
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < n):
        raise GameFileError(
            f"'dealer' must be a seat index from 0 to {n - 1}, not {excerpt(dealer)}"
        )
    totals = data.get("totals")
    if totals is not None:
        if not isinstance(totals, list) or len(totals) != n:
            raise GameFileError(f"'totals' must be a list of {n} integers, one per player")
        if not all(in_range(t, 0, MAX_TOTAL) for t in totals):
            raise GameFileError(f"'totals' must hold integers from 0 to {MAX_TOTAL}")
    deck = data.get("deck")
    if deck is not None:
        if not isinstance(deck, list):
            raise GameFileError(f"'deck' must be a list of card names, not {_kind(deck)}")
        if observed and len(deck) > MAX_DEALT:
            raise GameFileError(
                f"'deck' lists {len(deck)} cards: a game file holds at most {MAX_DEALT}"
            )
        most = sum(composition(rules.deck_count(n)).values())
        if not observed and len(deck) > most:
            raise GameFileError(f"'deck' lists {len(deck)} cards: the deck holds {most}")
    return dealer, totals, deck


def parse_actions(data: dict[str, Any], game: Game) -> list[Action]:
    seats = {name: i for i, name in enumerate(game.players)}
    actions = []
    for index, item in enumerate(data["actions"]):
        where = f"action {index}"
        if not isinstance(item, dict):
            raise GameFileError(f"{where}: expected an object, got {_kind(item)}")
        player = item.get("player")
        if not isinstance(player, str):
            raise GameFileError(f"{where}: missing or non-text 'player'")
        if player not in seats:
            raise GameFileError(f"{where}: unknown player {excerpt(player)}")
        do = item.get("do")
        if not isinstance(do, str) or do not in (HIT, STAY, TARGET):
            raise GameFileError(
                f"{where}: 'do' must be 'hit', 'stay' or 'target', not {excerpt(do)}"
            )
        if do == TARGET:
            target = item.get("target")
            if not isinstance(target, str):
                raise GameFileError(f"{where}: a 'target' action needs a 'target' name")
            if target not in seats:
                raise GameFileError(f"{where}: unknown target {excerpt(target)}")
            actions.append(Action(TARGET, seats[player], seats[target]))
        else:
            actions.append(Action(do, seats[player]))
    return actions


def to_dict(game: Game) -> dict[str, Any]:
    """The game file of ``game``: its start and every decision made so far."""
    players: list[Any] = [
        name if bot is None else {"name": name, "bot": bot}
        for name, bot in zip(game.players, game.bots, strict=True)
    ]
    out: dict[str, Any] = {
        "format": FORMAT,
        "players": players,
        "rules": game.rules.to_dict(),
    }
    if game.observed:  # every card turned over goes to `deck`, none to `actions`
        out["dealing"] = "observed"
    if game.seed is not None:
        out["seed"] = game.seed
    out["dealer"] = game.initial["dealer"]
    if any(game.initial["totals"]):
        out["totals"] = list(game.initial["totals"])
    deck = game.turned() if game.observed else game.initial["deck"]
    if deck:
        out["deck"] = list(deck)
    out["actions"] = [_action_dict(game, a) for a in game.actions]
    return out


def _action_dict(game: Game, action: Action) -> dict[str, str]:
    out = {"player": game.players[action.seat], "do": action.kind}
    if action.kind == TARGET:
        out["target"] = game.players[cast(int, action.target)]
    return out


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False, indent=1) + "\n"


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write atomically (temp file, flush, fsync, rename): never a half-written save."""
    from game.atomic import write_atomic  # imported by what writes, not by every reader

    write_atomic(Path(path), dumps(game))


def _players(raw: list[Any]) -> tuple[list[str], list[str | None]]:
    if len(raw) < MIN_PLAYERS:
        raise GameFileError(f"'players' must list at least {MIN_PLAYERS} players")
    if len(raw) > MAX_FILE_PLAYERS:
        raise GameFileError(f"{len(raw)} players: a game file holds at most {MAX_FILE_PLAYERS}")
    names: list[str] = []
    bots: list[str | None] = []
    for i, p in enumerate(raw):
        if isinstance(p, str):
            name, bot = p, None
        elif isinstance(p, dict):
            name, bot = cast(Any, p.get("name")), p.get("bot")
            if not isinstance(name, str):
                raise GameFileError(f"player {i}: missing or non-text 'name'")
            if bot is not None and not is_bot(bot):
                raise GameFileError(
                    f"player {i}: unknown bot level {excerpt(bot)} "
                    f"(known: {', '.join(BOT_LEVELS)}, or a plug-in "
                    "PATH.py:FUNCTION / package.module:FUNCTION)"
                )
        else:
            raise GameFileError(f"player {i}: expected a name or an object, got {_kind(p)}")
        problem = name_problem(name)
        if problem:
            raise GameFileError(f"player {i}: {problem}")
        if name in names:
            raise GameFileError(f"duplicate player name {excerpt(name)}")
        names.append(name)
        bots.append(bot)
    return names, bots


def _require(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise GameFileError(f"missing key {key!r}")
    value = data[key]
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise GameFileError(f"{key!r} must be {_KIND_NAMES[kind]}, not {_kind(value)}")
    return value


_KIND_NAMES = {int: "an integer", list: "a list", dict: "an object", str: "text"}


def is_bot(bot: object) -> bool:
    """A built-in level, or a plug-in spec as the table recorded it (INTERFACES §5): what
    a file, and the statistics, may say a seat was. The file never runs it: a replay needs
    no bot, and the table runs a plug-in only if the person trusts it."""
    if not isinstance(bot, str):
        return False
    return bot in BOT_LEVELS or (":" in bot and len(bot) <= MAX_SPEC and bot.isprintable())


def _kind(value: object) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "an integer",
        float: "a number",
        type(None): "null",
    }.get(type(value), "?")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
