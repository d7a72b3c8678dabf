"""Time the fast solo decision and measure how well it plays.

    python -m tools.bench_analysis [--states 3000] [--rounds 20000] [--seed 1] [--depth 2]

1. Decision time of ``analysis.solo_hit_value`` on random mid-game states
   (a random part of the deck already seen, a hand built by drawing on):
   median, 90th percentile and maximum, plus ``hit_gain`` for comparison.
2. Mean score of a solo player who hits while ``should_hit`` says so, over
   fresh-deck rounds played by the small simulator below (its own rules walk,
   independent of the engine and of :mod:`game.bots.solo`). The exact optimum is
   20.2976 (``tools/solo_optimum.py``).
3. With ``--exact`` (about 5 more minutes and 6 GB): the exact solver is built
   first and every decision of the simulated rounds is scored against it. The
   optimum minus the mean loss per round estimates the fast rule's true mean
   with a far smaller error than the simulated mean itself.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from game.bots.analysis import bust_probability, hit_gain, should_hit, solo_hit_value
from game.bots.solo import SoloSolver
from game.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, composition, full_deck, hand_score

Decide = Callable[[tuple[str, ...], tuple[str, ...], bool, Counter[str]], bool]


class SoloRound:
    """One player alone against a shuffled deck (R3–R5 with self-targeting, R7)."""

    def __init__(self, deck: list[str]) -> None:
        self.deck, self.pos = deck, 0
        self.unseen: Counter[str] = Counter(composition())
        self.numbers: list[str] = []
        self.modifiers: list[str] = []
        self.second_chance = False
        self.busted = False

    def draw(self) -> str:
        card = self.deck[self.pos]
        self.pos += 1
        self.unseen[card] -= 1
        return card

    def take(self, card: str) -> str:
        """Numbers, modifiers and Second Chance: ``"ok"``, ``"bust"`` or ``"flip7"``."""
        if card == SECOND_CHANCE:  # kept; a second one is discarded (R5.3)
            self.second_chance = True
        elif not card.isdigit():
            self.modifiers.append(card)
        elif card in self.numbers:
            if not self.second_chance:
                self.busted = True
                return "bust"  # R4.2
            self.second_chance = False  # R5.3
        else:
            self.numbers.append(card)
            if len(self.numbers) >= 7:
                return "flip7"  # R4.4
        return "ok"

    def score(self) -> int:
        return hand_score(self.numbers, self.modifiers, len(self.numbers) >= 7)

    def flip_three(self) -> int | None:
        """Resolve a Flip Three on oneself; a final score, or None to play on (R5.4, R5.5)."""
        queue = [FLIP_THREE]
        while queue:
            if queue.pop(0) == FREEZE:
                return self.score()
            tray = []
            for _ in range(3):
                card = self.draw()
                if card in (FREEZE, FLIP_THREE):
                    tray.append(card)  # staged (R5.4.2)
                    continue
                status = self.take(card)
                if status != "ok":
                    return 0 if status == "bust" else self.score()
            queue += tray  # R5.4.4
        return None

    def play(self, decide: Decide) -> int:
        first = True  # R3.3: no card yet, must hit
        while True:
            hand = (tuple(self.numbers), tuple(self.modifiers), self.second_chance)
            if not first and not decide(*hand, self.unseen):
                return self.score()
            first = False
            card = self.draw()
            if card == FREEZE:
                return self.score()  # R5.2
            if card == FLIP_THREE:
                result = self.flip_three()
                if result is not None:
                    return result
                continue
            status = self.take(card)
            if status != "ok":
                return 0 if status == "bust" else self.score()


def random_state(rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...], bool, Counter[str]]:
    """A plausible mid-game decision: some cards seen elsewhere, a live hand."""
    deck = full_deck()
    rng.shuffle(deck)
    unseen: Counter[str] = Counter(composition())
    for card in deck[: rng.randint(0, 45)]:
        unseen[card] -= 1
    rest = [c for c in deck if unseen[c] > 0]
    numbers: list[str] = []
    modifiers: list[str] = []
    second_chance = False
    target = rng.randint(1, 6)
    for card in rest:
        if len(numbers) >= target:
            break
        if card.isdigit() and card in numbers:
            continue
        unseen[card] -= 1
        if card.isdigit():
            numbers.append(card)
        elif card in (FREEZE, FLIP_THREE):
            continue
        elif card == SECOND_CHANCE:
            second_chance = True
        else:
            modifiers.append(card)
    return tuple(numbers), tuple(modifiers), second_chance, +unseen


def time_decisions(states: int, rng: random.Random, depth: int) -> None:
    samples: list[Any] = [random_state(rng) for _ in range(states)]
    for label, func in (
        ("solo_hit_value", lambda s: solo_hit_value(s[0], s[1], s[2], s[3], depth_limit=depth)),
        ("bust_probability", lambda s: bust_probability(s[0], s[2], s[3])),
        (
            "hit_gain (approx Flip Three)",
            lambda s: hit_gain(s[0], s[1], s[2], s[3], exact_flip_three=False),
        ),
    ):
        times = []
        for state in samples:
            start = time.perf_counter()
            func(state)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        print(
            f"{label:>30}: median {statistics.median(times):.3f} ms, "
            f"p90 {times[int(0.9 * len(times))]:.3f} ms, max {times[-1]:.3f} ms "
            f"over {len(times)} states"
        )
    times = []
    for state in samples[:100]:  # exact Flip Three: a UI can afford it late in a round only
        start = time.perf_counter()
        hit_gain(state[0], state[1], state[2], state[3], exact_flip_three=True)
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"{'hit_gain (exact Flip Three)':>30}: median {statistics.median(times):.3f} ms, "
        f"max {max(times):.3f} ms over {len(times)} states"
    )


def solo_mean(rounds: int, seed: int, decide: Decide) -> tuple[float, float, float, float]:
    """Mean, its standard error, bust rate and Flip 7 rate over ``rounds`` rounds."""
    rng = random.Random(seed)
    scores = []
    busts = flip7s = 0
    for _ in range(rounds):
        deck = full_deck()
        rng.shuffle(deck)
        game = SoloRound(deck)
        score = game.play(decide)
        scores.append(score)
        busts += game.busted
        flip7s += len(game.numbers) >= 7
    mean = statistics.fmean(scores)
    return mean, statistics.stdev(scores) / rounds**0.5, busts / rounds, flip7s / rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument(
        "--exact", action="store_true", help="also score every decision against the exact solver"
    )
    args = parser.parse_args(argv)
    time_decisions(args.states, random.Random(args.seed), args.depth)

    solver, optimum, losses = None, 20.2976, [0.0]
    if args.exact:
        start = time.perf_counter()
        solver = SoloSolver(composition())
        optimum = solver.optimum()
        print(f"exact optimum {optimum:.5f} in {time.perf_counter() - start:.0f} s")

    def decide(
        numbers: tuple[str, ...],
        modifiers: tuple[str, ...],
        second_chance: bool,
        unseen: Counter[str],
    ) -> bool:
        hit = should_hit(numbers, modifiers, second_chance, unseen, args.depth)
        if solver is not None:
            stay_value, hit_value = solver.values_at(numbers, second_chance, unseen)
            losses[0] += max(stay_value, hit_value) - (hit_value if hit else stay_value)
        return hit

    start = time.perf_counter()
    mean, se, bust, flip7 = solo_mean(args.rounds, args.seed, decide)
    print(
        f"solo rounds: {args.rounds}, depth {args.depth}: mean {mean:.3f} (se {se:.3f}), "
        f"bust rate {bust:.3f}, flip7 rate {flip7:.4f}, "
        f"{time.perf_counter() - start:.1f} s (optimum {optimum:.4f})"
    )
    if solver is not None:
        loss = losses[0] / args.rounds
        print(
            f"mean loss against optimal play: {loss:.4f} per round -> "
            f"expected mean of the fast rule {optimum - loss:.4f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
