"""``python -m game.replay FILE``: replay a game file, print the outcome as JSON.

docs/files-and-commands.md. Exit status 0 with one JSON object on stdout, or 2 with one
line on stderr naming the problem (no traceback).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from game.commands.cli import ArgumentParser, run
from game.engine import Game
from game.gamefile import GameFileError, load
from game.limits import excerpt
from game.state import DecisionKind


def summary(game: Game) -> dict[str, Any]:
    """The replay report of ``game`` (docs/files-and-commands.md, game.replay)."""
    names = game.players
    return {
        "players": list(names),
        "rounds": [finished_round(game, r) for r in range(len(game.rounds))],
        "totals": {name: game.totals[s] for s, name in enumerate(names)},
        "over": game.over,
        "winner": None if game.winner is None else names[game.winner],
        "round": None if game.over else current_round(game),
        "waiting_for": waiting_for(game),
    }


def finished_round(game: Game, index: int) -> dict[str, Any]:
    """The report's entry for the ``index``-th finished round (0-based)."""
    names, r = game.players, game.rounds[index]
    return {
        "dealer": names[r.dealer],
        "scores": {names[s]: score for s, score in enumerate(r.scores)},
        "busted": [names[s] for s in r.busted],
        "flip7": None if r.flip7 is None else names[r.flip7],
    }


def current_round(game: Game) -> dict[str, Any]:
    names = game.players
    return {
        "dealer": names[game.dealer],
        "hands": {
            names[s]: {
                "status": h.status,
                "numbers": [int(c) for c in h.numbers],
                "modifiers": list(h.modifiers),
                "second_chance": h.second_chance,
            }
            for s, h in enumerate(game.hands)
        },
        "staged": list(game.staged),
        "queue": [{"card": card, "target": names[target]} for card, target, _c in game.queue],
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discard),
    }


def waiting_for(game: Game) -> dict[str, Any] | None:
    """The decision awaited (§2); in an observed game also the next card (§6):
    ``reveal``, for the player who receives it, with the cards that can come."""
    d = game.pending
    if d is None:
        return None
    if d.kind == DecisionKind.REVEAL:
        return {
            "player": game.players[d.seat],
            "decision": "reveal",
            "card": None,
            "options": [a.card for a in d.actions],
        }
    return {
        "player": game.players[d.seat],
        "decision": "target" if d.kind == DecisionKind.TARGET else "hit_or_stay",
        "card": d.card,
        "options": [game.players[s] for s in d.options],
    }


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m game.replay", description="Replay a flip7/1 game file; print JSON."
    )
    parser.add_argument("file", help="the game file")
    args = parser.parse_args(argv)
    shown = excerpt(args.file, 200)[1:-1]  # one line whatever the file is called
    try:
        game = load(args.file, record_events=False)
    except GameFileError as e:
        message = " ".join(str(e).splitlines())  # a message is one line, always
        print(message if message.startswith(shown) else f"{shown}: {message}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{shown}: not a game file: nested too deeply", file=sys.stderr)
        return 2
    try:
        text = json.dumps(summary(game), ensure_ascii=False, indent=2)
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):  # a terminal that cannot show every name
        text = json.dumps(summary(game), ensure_ascii=True, indent=2)
    sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    run(main)
