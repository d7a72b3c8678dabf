"""How far is the expert from the best play, heads-up or at a full table? Rollout regret.

    python -m tools.expert_regret                           # 200 positions, 400 playouts
    python -m tools.expert_regret --positions 40 --playouts 100    # a rough look
    python -m tools.expert_regret --kind target --positions 60     # Freeze / Flip Three only
    python -m tools.expert_regret --late 150 --playouts 1000       # the end of the game only
    python -m tools.expert_regret --against examples/opponents/counter.py:choose --seats 3 \
        --ending --kind hit --positions 400 --playouts 200       # a full table's last round

Games of ``expert`` against ``baseline`` are played (game ``k`` seeded as in
``python -m game.simulate``). In each game one decision of the expert is
picked at random, uniformly among those it makes (hit or stay, or the target
of a Freeze / Flip Three; with ``--late N`` only those made once a total has
reached N; with ``--ending`` only those in a round that ends the game: some
player's total and the hand in front of them reach the target), and every legal
choice there is played out to the end of the game ``--playouts`` times with the
real bots. ``--against SPEC --seats N`` seats the expert against ``N - 1``
copies of another bot instead, its seat rotating as in
``python -m tools.paired_expert``. Each playout
reshuffles the draw pile (all the expert may know of it is its content,
R2.4), and every choice meets the same shuffles, so the choices are compared
on equal luck.

If the expert plays well, no single decision of it can be bettered by
choosing differently once and then playing on as it does (the policy
improvement test: a policy with nothing to gain anywhere is optimal). The
tool prints, per kind of decision:

- how often the playouts' best choice differs from the expert's;
- the gain of switching, estimated without the "best of noisy numbers" bias:
  half the playouts pick the better choice, the other half measure it
  (with its 95% interval), per decision and per game (the position is one
  decision picked uniformly among the game's, so its gain times the game's
  number of decisions estimates what switching everywhere would give);
- the apparent disagreements (more than two standard errors), each played
  again with ten times the playouts, and how many of them still stand.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from game import bots
from game.commands.simulate import game_seed
from game.engine import Game
from game.state import BUSTED, HIT_OR_STAY, Action
from tools.paired_expert import lineup, opponent

SEATS = ("expert", "baseline")


class Table(NamedTuple):
    """Where the expert is studied: against ``seats - 1`` copies of ``against`` (a level
    or a plug-in); ``ending``: only its decisions in a round that ends the game."""

    against: str = "baseline"
    seats: int = 2
    ending: bool = False


HEADS_UP = Table()


def _choosers(mine: int, seats: int, against: str) -> list[bots.Bot]:
    """The expert in seat ``mine``, ``against`` in every other seat."""
    other = opponent(against)
    return [bots.get("expert") if s == mine else other for s in range(seats)]


def _finish(game: Game, rng: random.Random, choosers: list[bots.Bot], mine: int) -> bool:
    """Play the game out; whether the expert, in seat ``mine``, wins."""
    while (d := game.pending) is not None:
        game.apply(choosers[d.seat](game.view(d.seat), list(d.actions), rng), False)
    return game.winner == mine


def _ending(game: Game) -> bool:
    """Whether this round ends the game (R8.1): some player's total and the hand in
    front of them reach the target."""
    target = game.rules.target
    view = game.view(0)
    return any(
        total + (0 if view.hand(s).status == BUSTED else view.hand(s).score) >= target
        for s, total in enumerate(game.totals)
    )


def _playouts(
    game: Game, actions: list[Action], n: int, salt: str, against: str = "baseline"
) -> list[list[bool]]:
    """``n`` playouts of every action, the same reshuffles for each: [action][playout].
    The expert is the seat deciding now."""
    assert game.pending is not None  # a position is a decision
    mine = game.pending.seat
    choosers = _choosers(mine, len(game.totals), against)
    out: list[list[bool]] = [[] for _ in actions]
    for r in range(n):
        for i, action in enumerate(actions):
            copy = game.clone()
            rng = random.Random(f"{salt}:{r}")
            rng.shuffle(copy.draw_pile)
            copy.rng = random.Random(f"{salt}:{r}:later")
            copy.apply(action)
            out[i].append(_finish(copy, rng, choosers, mine))
    return out


KINDS = ("all", "hit", "target")


def _position(
    seed: int, k: int, kind: str = "all", late: int = 0, table: Table = HEADS_UP
) -> tuple[Game, bool, list[Action], int, int]:
    """Game ``k`` played up to one of the expert's decisions of ``kind``, picked
    uniformly among those it makes in that game; also how many it makes.
    A game without such a decision is replaced by another game of the same seed."""

    def play(k: int, stop: int) -> tuple[Game, int, Any]:
        mine, names = lineup(k, table.against, table.seats)
        game = Game(list(names), seed=game_seed(seed, k), record_events=False)
        rng = random.Random(game_seed(seed, k) ^ 0x5EED)
        choosers = _choosers(mine, table.seats, table.against)
        made = 0
        while (d := game.pending) is not None:
            action = choosers[d.seat](game.view(d.seat), list(d.actions), rng)
            hit = d.kind == HIT_OR_STAY
            if (
                d.seat == mine
                and len(d.actions) > 1
                and kind in ("all", "hit" if hit else "target")
                and max(game.totals) >= late
                and (not table.ending or _ending(game))
            ):
                if made == stop:
                    return game, made, action
                made += 1
            game.apply(action, False)
        return game, made, None

    while not (total := play(k, -1)[1]):
        k += 1_000_003  # no such decision in this game: another one
    game, _made, action = play(k, random.Random(f"pick:{seed}:{k}").randrange(total))
    d = game.pending
    assert d is not None
    actions = list(d.actions)
    return game, d.kind == HIT_OR_STAY, actions, actions.index(action), total


Job = tuple[int, int, int, str, int, Table]  # seed, game, playouts, kind, late, table


def study(args: Job) -> dict[str, Any]:
    seed, k, n, kind, late, table = args
    game, hit_or_stay, actions, chosen, decisions = _position(seed, k, kind, late, table)
    runs = _playouts(game, actions, n, f"{seed}:{k}", table.against)
    half = n // 2
    mean = [sum(r) / n for r in runs]
    first = [sum(r[:half]) / half for r in runs]
    second = [sum(r[half:]) / (n - half) for r in runs]
    pick = max(range(len(actions)), key=lambda i: (first[i], i == chosen))
    best = max(range(len(actions)), key=lambda i: (mean[i], i == chosen))
    # the difference best - chosen per playout (same shuffles): its standard error
    diffs = [int(a) - int(b) for a, b in zip(runs[best], runs[chosen], strict=True)]
    se = statistics.pstdev(diffs) / math.sqrt(n) if best != chosen else 0.0
    return {
        "seed": seed,
        "k": k,
        "kind": "hit or stay" if hit_or_stay else "target",
        "gain": second[pick] - second[chosen],  # unbiased: picked on the other half
        "decisions": decisions,
        "differs": best != chosen,
        "margin": mean[best] - mean[chosen],
        "se": se,
    }


def recheck(args: Job) -> float:
    """The margin of the playouts' best over the expert's choice, played again."""
    seed, k, n, kind, late, table = args
    game, _kind, actions, chosen, _decisions = _position(seed, k, kind, late, table)
    runs = _playouts(game, actions, n, f"again:{seed}:{k}", table.against)
    mean = [sum(r) / n for r in runs]
    return max(mean) - mean[chosen]


def _mean_interval(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width."""
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return statistics.fmean(xs), half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kind", choices=KINDS, default="all", help="which decisions to pick from")
    parser.add_argument(
        "--late", type=int, default=0, help="only decisions once some total has reached this"
    )
    parser.add_argument("--against", default="baseline", help="the other seats' bot")
    parser.add_argument("--seats", type=int, default=2, help="seats at the table (2 to 18)")
    parser.add_argument(
        "--ending", action="store_true", help="only decisions in a round that ends the game"
    )
    args = parser.parse_args(argv)
    if not 2 <= args.seats <= 18:
        parser.error("--seats must be 2 to 18")
    table = Table(args.against, args.seats, args.ending)
    try:
        _choosers(0, args.seats, args.against)
    except Exception as error:  # noqa: BLE001 -- a bad spec is one line
        raise SystemExit(f"expert_regret: {args.against!r}: {error}") from None
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [
            (args.seed, k, args.playouts, args.kind, args.late, table)
            for k in range(args.positions)
        ]
        rows = list(pool.map(study, jobs))
        doubt = [r for r in rows if r["differs"] and r["margin"] > 2 * r["se"]]
        again = list(
            pool.map(
                recheck,
                [
                    (r["seed"], r["k"], 10 * args.playouts, args.kind, args.late, table)
                    for r in doubt
                ],
            )
        )
    where = (
        "expert vs baseline, heads-up"
        if table[:2] == HEADS_UP[:2]
        else f"expert vs {args.seats - 1} x {args.against}, {args.seats} seats"
    )
    print(
        f"{where}: {len(rows)} positions ({args.kind} decisions"
        + (f", once a total has reached {args.late}" if args.late else "")
        + (", in rounds that end the game" if args.ending else "")
        + "), "
        f"{args.playouts} playouts per choice (seed {args.seed})"
    )
    for kind in ("hit or stay", "target"):
        sub = [r for r in rows if r["kind"] == kind]
        if not sub:
            continue
        gain, half = _mean_interval([r["gain"] for r in sub])
        # one decision picked uniformly per game: times that game's count of
        # decisions, it estimates the whole game's gain (this kind's share of it)
        per_game, per_game_half = _mean_interval(
            [r["gain"] * r["decisions"] if r["kind"] == kind else 0.0 for r in rows]
        )
        differs = sum(r["differs"] for r in sub)
        print(
            f"  {kind}: {len(sub)} positions; the playouts' best differs in {differs}; "
            f"gain of switching {100 * gain:+.2f} ± {100 * half:.2f} points of win chance "
            f"per decision, {100 * per_game:+.2f} ± {100 * per_game_half:.2f} per game"
        )
    stand = sum(m > 0.0 for m in again)
    print(
        f"  disagreements beyond two standard errors: {len(doubt)}; played again with "
        f"{10 * args.playouts} playouts, the other choice still looks better in {stand}"
        + "".join(
            f"\n    game {r['k']}: margin {100 * r['margin']:.1f} → {100 * m:+.1f} points"
            for r, m in zip(doubt, again, strict=True)
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
