"""The coach: every decision of chosen players against the expert (pure Python).

``python -m game.review FILE [--seat NAME] [--json]`` rebuilds the game of a
``flip7/1`` file decision by decision and, at each decision of a reviewed
seat, asks from that seat's information only (``game.view(seat)``: the
table, the unseen cards' composition, never the draw order):

- what the expert (:mod:`game.bots.expert`) would have done;
- the expected round points of each choice: the exact solo solver
  (:mod:`game.bots.solo`) when it is instant — six numbers in hand or at most
  :data:`EXACT_PILE` unseen cards —, else the expectimax of
  :mod:`game.bots.analysis` :data:`DEPTH` cards deep (action cards valued as if
  kept for oneself, R5.1);
- the chance of winning the game after each choice, from the expert's own win
  model (:class:`game.bots.expert.Outlook`, :mod:`game.bots.winprob`).

A decision's cost is what the player's choice gives up against the expert's
choice: ``cost_points`` (expected round points) and ``cost_win`` (chance to win,
0 to 1). A decision identical to the expert's costs 0 in both. The expert plays
to win, so a decision may cost win chance while gaining points, or the reverse
(a negative cost). Forced moves (a single legal choice) are never reviewed.

Exit status 2 and one line on stderr for a file that cannot be replayed
(the messages of ``python -m game.replay``) or an unknown ``--seat``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from game.bots import expert, winprob
from game.bots.analysis import _State, bust_probability, flip_three_value, solo_values_exact
from game.cards import FREEZE, SECOND_CHANCE
from game.commands.cli import ArgumentParser, run
from game.engine import Game
from game.gamefile import GameFileError, new_game, parse_actions, parse_json, read_text
from game.limits import excerpt
from game.state import ACTIVE, BUSTED, HIT_OR_STAY, Action, IllegalActionError
from game.view import SeatView

DEPTH = 2  # cards of lookahead for the expected points when the exact solver is slow
EXACT_PILE = 12  # the exact solver is instant with this few unseen cards
EXACT_NUMBERS = 6  # ... or with six numbers in hand (the next new number is a Flip 7)
COSTLY = 0.01  # a decision costing 1% to win or more is "costly"
COSTLY_POINTS = 1.0  # ... or a point of expected round score


@dataclass
class Reviewed:
    """One reviewed decision (the JSON object of ``decisions``)."""

    action: int  #: index of the decision in the file's ``actions``
    round: int
    player: str
    decision: str  #: ``"hit_or_stay"`` or ``"target"``
    card: str | None  #: for a target: ``"freeze"``, ``"flip_three"``, ``"second_chance"``
    did: str  #: ``"hit"``, ``"stay"``, or the chosen player's name
    expert: str
    matched: bool
    score: int  #: what the hand would bank now (R7)
    bust_risk: float  #: chance that the next card busts the hand (R4.2, R5.3)
    points: dict[str, float]  #: expected round points by choice
    win: dict[str, float]  #: chance to win the game by choice (the expert's model)
    cost_points: float
    cost_win: float
    exact: bool  #: expected points from the exact solver
    text: str = ""

    @property
    def costly(self) -> bool:
        return not self.matched and (self.cost_win >= COSTLY or self.cost_points >= COSTLY_POINTS)


@dataclass
class Review:
    players: list[str]
    seats: list[str]
    decisions: list[Reviewed] = field(default_factory=list)
    #: ``rounds[k]``: chance to win of every player before round k+1 (last: the end)
    win_probability: list[list[float]] = field(default_factory=list)
    winner: str | None = None

    def of(self, player: str) -> list[Reviewed]:
        return [d for d in self.decisions if d.player == player]

    def summary(self, player: str) -> dict[str, Any]:
        mine = self.of(player)
        worst = costliest(mine)
        return {
            "reviewed": len(mine),
            "matched": sum(d.matched for d in mine),
            "costliest": [d.action for d in worst],
            "points_left": round(sum(max(0.0, d.cost_points) for d in mine), 2),
            "win_given_up": round(sum(max(0.0, d.cost_win) for d in mine), 4),
        }

    def to_dict(self) -> dict[str, Any]:
        out_decisions = []
        for d in self.decisions:
            item = asdict(d)
            item["costly"] = d.costly
            out_decisions.append(item)
        return {
            "players": self.players,
            "seats": self.seats,
            "winner": self.winner,
            "summary": {p: self.summary(p) for p in self.seats},
            "decisions": out_decisions,
            "win_probability": {
                p: [row[s] for row in self.win_probability] for s, p in enumerate(self.players)
            },
        }


def costliest(decisions: Iterable[Reviewed], n: int = 3) -> list[Reviewed]:
    """The ``n`` costly decisions that gave up the most (win chance, then points)."""
    bad = [d for d in decisions if d.costly]
    bad.sort(key=lambda d: (-d.cost_win, -d.cost_points, d.action))
    return bad[:n]


# -- figures ---------------------------------------------------------------------------
def hit_stay_points(view: SeatView) -> tuple[float, float, bool]:
    """``(stay, hit)`` expected round points for the seat's hand, and whether exact."""
    me = view.me
    unseen = view.next_draws()
    if len(me.distinct) >= EXACT_NUMBERS or sum(unseen.values()) <= EXACT_PILE:
        stay, hit = solo_values_exact(me.numbers, me.modifiers, me.second_chance, unseen)
        return float(stay), hit, True
    st = _State.of(me.numbers, me.modifiers, me.second_chance, unseen)
    return float(st.stay()), st.hit(DEPTH), False


def hit_stay_win(view: SeatView) -> tuple[float, float]:
    """``(stay, hit)``: the expert's chance to win after each (its own numbers)."""
    me = view.me
    u = expert.outlook(view)
    st = _State.of(me.numbers, me.modifiers, me.second_chance, view.next_draws())
    return u(st.stay()), expert.hit_value(st, u)


def target_win(view: SeatView, options: tuple[int, ...], freeze: bool) -> dict[int, float]:
    """Chance to win for each target of a Freeze or Flip Three (``expert.best_target``'s)."""
    return expert.target_values(view, options, freeze)


def target_points(view: SeatView, options: tuple[int, ...], card: str) -> dict[int, float]:
    """Own expected round points for each target (the rest of the round played well)."""
    me = view.me
    if me.status != ACTIVE:
        own = float(0 if me.status == BUSTED else me.score)
        return {s: own for s in options}
    unseen = view.next_draws()
    st = _State.of(me.numbers, me.modifiers, me.second_chance, unseen)
    going_on = max(float(st.stay()), st.hit(2))
    out = {s: going_on for s in options}
    if view.seat in out:
        if card == FREEZE:
            out[view.seat] = float(me.score)
        elif card != SECOND_CHANCE:
            out[view.seat] = flip_three_value(me.numbers, me.modifiers, me.second_chance, unseen)
    return out


def judge(
    view: SeatView, chosen: Action, index: int = 0, rng: random.Random | None = None
) -> Reviewed:
    """Review one decision: ``chosen`` (an :class:`~game.state.Action`) at ``view``."""
    d = view.pending
    assert d is not None  # a decision is reviewed where it was made
    names = view.players
    me = view.me
    rng = rng or random.Random(0)
    best = expert.choose(view, list(d.actions), rng)
    risk = (
        bust_probability(me.numbers, me.second_chance, view.next_draws())
        if me.status == ACTIVE
        else 0.0
    )
    if d.kind == HIT_OR_STAY:
        p_stay, p_hit, exact = hit_stay_points(view)
        w_stay, w_hit = hit_stay_win(view)
        points, win = {"hit": p_hit, "stay": p_stay}, {"hit": w_hit, "stay": w_stay}
        did, exp = str(chosen.kind), str(best.kind)
        kind, card = "hit_or_stay", None
    else:
        card = d.card
        if card == SECOND_CHANCE:  # the win model does not tell the receivers apart
            pts = {s: float(me.score) for s in d.options}
            now = expert.Outlook(view)(0 if me.status == BUSTED else me.score)
            wins = {s: now for s in d.options}
        else:
            pts = target_points(view, d.options, cast(str, card))
            wins = target_win(view, d.options, card == FREEZE)
        points = {names[s]: v for s, v in pts.items()}
        win = {names[s]: v for s, v in wins.items()}
        did, exp = names[cast(int, chosen.target)], names[cast(int, best.target)]
        kind, exact = "target", False
    matched = did == exp
    cost_points = 0.0 if matched else points[exp] - points[did]
    cost_win = 0.0 if matched else win[exp] - win[did]
    r = Reviewed(
        index,
        view.round_no,
        names[view.seat],
        kind,
        card,
        did,
        exp,
        matched,
        int(me.score) if me.status != BUSTED else 0,
        round(risk, 4),
        {k: round(v, 3) for k, v in points.items()},
        {k: round(v, 4) for k, v in win.items()},
        round(cost_points, 3),
        round(cost_win, 4),
        exact,
    )
    r.text = sentence(r)
    return r


PAST = {"hit": "hit", "stay": "stayed"}
CARD_NAMES = {
    "freeze": "the Freeze",
    "flip_three": "the Flip Three",
    "second_chance": "the Second Chance",
}


def signed(x: float, unit: str) -> str:
    return f"{'−' if x > 0 else '+'}{abs(x):.{1 if unit == 'p' else 0}f}"


def sentence(d: Reviewed, who: str | None = None) -> str:
    """``Round 4: Hugo hit at 41% bust risk holding 34 points: −9.2 expected points, −6% to
    win`` (English; the window builds the same from its own strings)."""
    who = who or d.player
    if d.decision == "hit_or_stay":
        what = f"{who} {PAST[d.did]} at {d.bust_risk * 100:.0f}% bust risk holding {d.score} points"
    else:
        what = f"{who} gave {CARD_NAMES.get(d.card or '', d.card)} to {d.did}"
    if d.matched:
        return f"Round {d.round}: {what}, as the expert would"
    return (
        f"Round {d.round}: {what}: {signed(d.cost_points, 'p')} expected points, "
        f"{signed(d.cost_win * 100, '%')}% to win (the expert would {expert_verb(d)})"
    )


def expert_verb(d: Reviewed) -> str:
    if d.decision == "hit_or_stay":
        return d.expert
    return f"give it to {d.expert}"


# -- the whole game --------------------------------------------------------------------
def table_chances(game: Game) -> list[float]:
    """Everyone's chance to win from the totals alone, at a round's start (sums to 1)."""
    n = len(game.players)
    if game.over:
        return [1.0 if s == game.winner else 0.0 for s in range(n)]
    table = winprob.win_table(game.rules.target, expert.DEFAULT_T)
    totals = game.totals
    raw = []
    for s in range(n):
        p = 1.0
        for r in range(n):
            if r != s:
                p *= table.after_round(totals[s], totals[r])
        raw.append(p)
    total = sum(raw)
    return [p / total if total else 1.0 / n for p in raw]


class ReviewCancelled(Exception):
    """The review was stopped before its end (its ``progress`` said so)."""


Progress = Callable[[int, int], bool]  # (decisions done, decisions in all) -> go on?


def review_data(
    data: Mapping[str, Any], seats: Iterable[str] | None = None, progress: Progress | None = None
) -> Review:
    """Review a parsed game file. ``seats``: names (default: every human seat).

    :class:`~game.gamefile.GameFileError` when it cannot be replayed or a name is unknown.
    ``progress`` is told after each decision how far the review is; when it answers
    False the review stops (:class:`ReviewCancelled`). Time and memory grow linearly
    with the decisions (``python -m tools.bench_review --sizes``).
    """
    game = new_game(data, record_events=False)
    actions = parse_actions(dict(data), game)
    names = list(game.players)
    if seats is None:
        chosen = [s for s, bot in enumerate(game.bots) if bot is None]
    else:
        chosen = []
        for name in seats:
            if name not in names:
                raise GameFileError(f"--seat {excerpt(name)}: no such player")
            chosen.append(names.index(name))
    chosen_set = set(chosen)
    review = Review(names, [names[s] for s in sorted(chosen_set)])
    review.win_probability.append([round(p, 4) for p in table_chances(game)])
    rounds = len(game.rounds)
    rng = random.Random(0)
    expert._memory.clear()
    for index, action in enumerate(actions):
        d = game.pending
        if (
            d is not None
            and d.seat in chosen_set
            and action.seat == d.seat
            and len(d.actions) > 1
            and action in d.actions
        ):
            review.decisions.append(judge(game.view(d.seat), action, index, rng))
        try:
            game.apply(action)
        except IllegalActionError as e:
            raise GameFileError(f"action {index}: {e}") from None
        if len(game.rounds) != rounds:
            rounds = len(game.rounds)
            review.win_probability.append([round(p, 4) for p in table_chances(game)])
        if progress is not None and not progress(index + 1, len(actions)):
            raise ReviewCancelled
    review.winner = None if game.winner is None else names[game.winner]
    return review


def review_file(path: str, seats: Iterable[str] | None = None) -> Review:
    return review_data(parse_json(read_text(path)), seats)


def report(review: Review) -> str:
    """The readable report."""
    lines = []
    for p in review.seats:
        s = review.summary(p)
        lines.append(
            f"{p}: {s['reviewed']} decision{'' if s['reviewed'] == 1 else 's'} reviewed, "
            f"{s['matched']} as the expert; "
            f"{s['points_left']:.1f} expected points left on the table, "
            f"{s['win_given_up'] * 100:.0f}% of winning given up"
        )
        for d in costliest(review.of(p)):
            lines.append(f"  {d.text}")
    lines.append("chance to win by round: " + ", ".join(review.players))
    for k, row in enumerate(review.win_probability):
        label = "end" if k == len(review.win_probability) - 1 and review.winner else f"R{k + 1}"
        lines.append(f"  {label:>4} " + " ".join(f"{p * 100:5.1f}%" for p in row))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m game.review",
        description="Review the decisions of a flip7/1 game against the expert.",
    )
    parser.add_argument("file", help="the game file")
    parser.add_argument(
        "--seat",
        action="append",
        metavar="NAME",
        help="a player to review (repeatable; default: every human)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    shown = excerpt(args.file, 200)[1:-1]
    try:
        review = review_file(args.file, args.seat)
    except GameFileError as e:
        message = " ".join(str(e).splitlines())
        print(
            message if message.startswith((shown, "--seat")) else f"{shown}: {message}",
            file=sys.stderr,
        )
        return 2
    except RecursionError:
        print(f"{shown}: not a game file: nested too deeply", file=sys.stderr)
        return 2
    if args.json:
        text = json.dumps(review.to_dict(), ensure_ascii=False, indent=1)
    else:
        text = report(review)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = (
            json.dumps(review.to_dict(), ensure_ascii=True, indent=1)
            if args.json
            else text.encode("ascii", "backslashreplace").decode()
        )
    sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    run(main)
