"""``python -m game.advise FILE [--json]``: odds and advice for the position a game file
reaches (docs/live-table.md).

The file may be of either dealing; it is read as the observed game of the same
table (:func:`game.live.observed_equivalent`), so nothing here can use the seed
or a card not yet turned over. For each player: status, round score, chance
that the next card busts them, expected gain of one card, chance to win the
game; then the advice for the decision awaited, with its reason in one plain
sentence (:mod:`game.bots.advice`). Exit status 2 and one line on stderr for a
file that cannot be replayed (the messages of ``python -m game.replay``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.bots.advice import CARD_NAMES, TableAdvice, table_advice
from game.commands.cli import run
from game.commands.replay import waiting_for
from game.engine import Game
from game.gamefile import GameFileError, parse_json, read_text
from game.limits import excerpt
from game.live import observed_equivalent


def advise_data(data: Any) -> dict[str, Any]:
    """The JSON object ``game.advise --json`` prints for a parsed game file."""
    game = observed_equivalent(data, record_events=False)
    return report(game, table_advice(game))


def report(game: Game, table: TableAdvice) -> dict[str, Any]:
    """§6's object for ``game`` and its :func:`~game.bots.advice.table_advice`."""
    names = game.players
    advice = table.advice
    do: Any = None
    if advice is not None:
        do = advice.do if isinstance(advice.do, str) else {"target": names[advice.do]}
    return {
        "waiting_for": waiting_for(game),
        "players": {
            names[s]: {
                "status": p.status,
                "score": p.score,
                "total": p.total,
                "bust_chance": None if p.bust is None else round(p.bust, 4),
                "hit_gain": None if p.gain is None else round(p.gain, 2),
                "win_chance": round(p.win, 4),
            }
            for s, p in enumerate(table.players)
        },
        "advice": None if advice is None else {"do": do, "why": advice.why},
    }


def text(out: dict[str, Any]) -> str:
    """The readable table of :func:`report`'s object."""
    w = out["waiting_for"]
    if w is None:
        head = "the game is over"
    elif w["decision"] == "reveal":
        head = f"waiting for the card turned over for {w['player']}"
    elif w["decision"] == "target":
        head = f"waiting for {w['player']} to give the {CARD_NAMES[w['card']]}"
    else:
        head = f"waiting for {w['player']} to hit or stay"
    width = max(6, *(len(name) for name in out["players"]))
    lines = [head, f"{'player':<{width}}  status  total  score   bust    gain    win"]
    for name, p in out["players"].items():
        bust = "-" if p["bust_chance"] is None else f"{p['bust_chance'] * 100:.1f}%"
        gain = "-" if p["hit_gain"] is None else f"{p['hit_gain']:+.2f}"
        lines.append(
            f"{name:<{width}}  {p['status']:<6} {p['total']:>6} {p['score']:>6} "
            f"{bust:>6} {gain:>7} {p['win_chance'] * 100:>5.1f}%"
        )
    advice = out["advice"]
    if advice is not None:
        lines.append(f"advice: {advice['why']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.advise",
        description="Odds and advice for the position a flip7/1 game file reaches.",
    )
    parser.add_argument("file", help="the game file (shuffled or observed)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    shown = excerpt(args.file, 200)[1:-1]  # one line whatever the file is called
    try:
        out = advise_data(parse_json(read_text(args.file)))
    except GameFileError as e:
        message = " ".join(str(e).splitlines())  # a message is one line, always
        print(message if message.startswith(shown) else f"{shown}: {message}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{shown}: not a game file: nested too deeply", file=sys.stderr)
        return 2
    result = json.dumps(out, ensure_ascii=False, indent=2) if args.json else text(out)
    try:
        result.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):  # a terminal that cannot show every name
        result = (
            json.dumps(out, ensure_ascii=True, indent=2)
            if args.json
            else result.encode("ascii", "backslashreplace").decode()
        )
    sys.stdout.write(result + "\n")
    return 0


if __name__ == "__main__":
    run(main)
