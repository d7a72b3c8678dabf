"""Print the exact optimal expected score of one solo round from a fresh deck.

    python -m tools.solo_optimum            # all 94 cards: about 5 minutes, ~6 GB
    python -m tools.solo_optimum --cards numbers,modifiers,second_chance   # seconds

The player is alone in the round, so Freeze and Flip Three land on them
(R5.1); see :mod:`game.bots.solo` for the model and its state compression. The
published analysis (Eppie/flip-seven) reports 18.5652 (numbers only), 20.2291
(+ modifiers), 22.2504 (+ Second Chance) and 20.2980 (all 94 cards). The first
three are reproduced to every printed digit. For all 94 cards this project's
rules give 20.29758: in R5.5 a staged Freeze resolves before the Flip Threes
staged after it (the player is frozen, they are discarded), whereas the
published model lets every Flip Three add three forced cards and resolves the
Freeze last. ``--freeze-last`` solves that reading instead and gives 20.29800.
"""

from __future__ import annotations

import argparse
import resource
import time

from game.bots.solo import SoloSolver
from game.cards import ACTIONS, MODIFIERS, NUMBERS, composition

GROUPS = {
    "numbers": NUMBERS,
    "modifiers": MODIFIERS,
    "second_chance": ("second_chance",),
    "actions": tuple(a for a in ACTIONS if a != "second_chance"),
}


def fresh_pile(groups: list[str]) -> dict[str, int]:
    """The full composition (R1) restricted to the named card groups."""
    keep = {card for g in groups for card in GROUPS[g]}
    return {card: n for card, n in composition().items() if card in keep}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cards", default=",".join(GROUPS), help="comma-separated groups: " + ", ".join(GROUPS)
    )
    parser.add_argument(
        "--freeze-last",
        action="store_true",
        help="the published model's Flip Three/Freeze ordering, not R5.5",
    )
    args = parser.parse_args(argv)
    groups = [g.strip() for g in args.cards.split(",") if g.strip()]
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown card group(s): {', '.join(unknown)}")
    pile = fresh_pile(groups)
    start = time.perf_counter()
    solver = SoloSolver(pile, freeze_last=args.freeze_last)
    value = solver.optimum()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    print(
        f"cards: {sum(pile.values())} ({', '.join(groups)})"
        f"{'  [freeze-last reading]' if args.freeze_last else ''}"
    )
    print(f"optimal expected solo round score: {value:.6f}")
    print(
        f"memo entries: {len(solver.memo)} x {solver.size} modifier combinations;"
        f" {seconds:.1f} s; peak memory {peak:.1f} GB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
