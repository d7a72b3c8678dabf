"""Build ``game/bots/expert_tables.json``: round outcomes of simple stop-at-T policies.

    python -m tools.make_expert_tables            # 30,000 rounds per policy (~1-2 min)
    python -m tools.make_expert_tables --rounds 2000 --out /tmp/t.json

For every threshold T ("stay as soon as the hand scores T or more"), one
player plays solo rounds (docs/rules.md; Freeze and Flip Three land on them, R5.1)
from a freshly shuffled deck, and the file records

- ``round[T]``: how often each final round score happened (bust = 0);
- ``cond[T][s]``: the same, counted from every hit-or-stay decision taken at
  hand score ``s`` (``s`` in steps of ``COND_STEP``) — how a hand now at ``s``
  ends under that policy. Every round's start counts at ``s = 0`` too: the
  opening hit is forced (R3.3), and without it the few hands that decide at 0
  (a lone ``0`` card or Second Chance, both safe) made an empty hand look far
  safer than it is.

The expert (``game.bots.winprob``) builds its win-probability model from
them: its own choice of policy for a round, and an opponent's round from what
that opponent shows on the table.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from game.commands.simulate import SOLO_TARGET, game_seed
from game.engine import Game
from game.rules import RuleOptions
from game.state import HIT_OR_STAY, Action

THRESHOLDS = (10, 15, 18, 20, 22, 25, 28, 30, 33, 36, 40, 45, 50, 60)
COND_STEP = 2
OUT = Path(__file__).resolve().parent.parent / "game" / "bots" / "expert_tables.json"


def play(threshold: int, rounds: int, seed: int) -> tuple[Counter, dict[int, Counter]]:
    final: Counter[int] = Counter()
    cond: dict[int, Counter[int]] = {}
    for k in range(rounds):
        game = Game(
            ["solo"], RuleOptions(target=SOLO_TARGET), seed=game_seed(seed, k), record_events=False
        )
        seen: list[int] = [0]  # the opening hit is forced (R3.3): a hand at 0 plays on
        while not game.rounds:
            d = game.pending
            assert d is not None  # the round is not over
            if d.kind == HIT_OR_STAY:
                s = game.hands[0].score()
                if s >= threshold:
                    game.apply(Action.stay(0))
                    continue
                seen.append(s // COND_STEP * COND_STEP)
                game.apply(Action.hit(0))
            else:
                game.apply(Action.choose(0, 0))
        score = game.rounds[0].scores[0]
        final[score] += 1
        for s in seen:
            cond.setdefault(s, Counter())[score] += 1
    return final, cond


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    about = (
        "python -m tools.make_expert_tables: final round scores of stop-at-T "
        f"solo policies, {args.rounds} rounds each, seed {args.seed}"
    )
    data: dict[str, Any] = {
        "about": about,
        "cond_step": COND_STEP,
        "thresholds": list(THRESHOLDS),
        "round": {},
        "cond": {},
    }
    for i, t in enumerate(THRESHOLDS):
        final, cond = play(t, args.rounds, args.seed * 100 + i)
        data["round"][str(t)] = {str(s): n for s, n in sorted(final.items())}
        data["cond"][str(t)] = {
            str(s): {str(f): n for f, n in sorted(c.items())} for s, c in sorted(cond.items())
        }
        mean = sum(s * n for s, n in final.items()) / args.rounds
        print(f"T={t}: mean {mean:.2f}, bust {final[0] / args.rounds:.1%}", flush=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
