"""The guided first game "Learn to play": its lessons, its steps, its friendly bots (pure).

Five short rounds against two friendly bots, Ada and Bob, each dealt from a
stacked deck read from a ``flip7/1`` file (``game/lessons/lessonN.json``:
the same cards every time). The deal passes left from lesson to lesson as from
round to round (R2.3): Bob, the player, Ada, Bob, the player — so in some lessons
the bots play before the player (R3.1). They bring, in this order: hit and stay, a bust
(R3.2, R4.2); a modifier and x2 (R7.2, R7.3); a Second Chance saving a
duplicate (R5.3); a Freeze (R5.2); a Flip Three with a card staged in the tray
(R5.4, R5.4.2) and the effect queue
(R5.4.4, R5.5); a Flip 7 (R4.4).

A :class:`Step` is a caption shown when its condition holds on the game (read
only once every card is shown): what it points at on the table, the text of the
Rules screen it quotes and the clauses of docs/rules.md. It waits for the player: a
decision of theirs (``want`` ``"hit"``: only a hit goes on, a stay is met with a
gentle "hit once more"; ``None``: any choice, which counts) or an "OK"
(``want`` ``"ok"``: the bots wait too). Totals carry from one lesson to the next.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.cards import FREEZE, SECOND_CHANCE
from game.engine import Game
from game.state import ACTIVE, BUSTED, HIT_OR_STAY, Action, DecisionKind, Hand
from game.view import SeatView

FOLDER = Path(__file__).resolve().parent
LESSONS = 5
YOU, ADA, BOB = 0, 1, 2
#: each lesson's bots stay from this score on (Bob plays on in lesson 1: he busts)
STAY_AT = (
    {ADA: 18, BOB: 99},
    {ADA: 10, BOB: 10},
    {ADA: 10, BOB: 10},
    {ADA: 10, BOB: 10},
    {ADA: 10, BOB: 10},
)


def lesson_data(index: int, you: str = "You", totals: list[int] | None = None) -> dict[str, Any]:
    """Lesson ``index``'s ``flip7/1`` file, the player named ``you``, with these totals."""
    data: dict[str, Any] = json.loads(
        (FOLDER / f"lesson{index + 1}.json").read_text(encoding="utf-8")
    )
    data["players"][YOU] = you
    if totals is not None:
        data["totals"] = list(totals)
    return data


def friendly_bot(lesson: int) -> Callable[[SeatView, Sequence[Action], random.Random], Action]:
    """Ada's and Bob's play in a lesson: stay from a set score on; keep action cards."""
    stay_at = STAY_AT[lesson]

    def choose(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        d = view.pending
        assert d is not None  # a bot is asked only when it must decide
        me = view.seat
        if d.kind == HIT_OR_STAY:
            return Action.stay(me) if view.me.score >= stay_at[me] else Action.hit(me)
        if d.card == SECOND_CHANCE:
            return Action.choose(me, d.options[0])
        return Action.choose(me, me if me in d.options else d.options[0])

    return choose


def _asked_to_give(game: Game, card: str) -> bool:
    """The person must say who gets ``card``."""
    d = game.pending
    return d is not None and d.seat == YOU and d.kind == DecisionKind.TARGET and d.card == card


def _my_turn(game: Game) -> bool:
    d = game.pending
    return d is not None and d.seat == YOU and d.kind == HIT_OR_STAY


@dataclass(frozen=True)
class Step:
    key: str  #: the caption: ``tutorial.<key>``
    lesson: int
    when: Callable[[Game], bool]
    point: str  #: ``seat0``…``seat2``, ``tray``, ``queue``, ``bar``, ``piles``
    want: str | None  #: ``"hit"``, ``"ok"`` or None (any decision of the player)
    rule: str | None  #: the Rules screen's text it quotes (``ui/lang``)
    clauses: str  #: docs/rules.md clause ids
    sticky: bool = False  #: shown as long as ``when`` holds (not done by one decision)


def _first_decision(game: Game) -> bool:
    """The person has not decided yet this round (the seats before them may have)."""
    return not any(a.seat == YOU for a in game.actions)


def _hand(game: Game) -> Hand:
    return game.hands[YOU]


STEPS: tuple[Step, ...] = (
    # lesson 1: hit and stay, a bust
    Step(
        "hit",
        0,
        lambda g: _my_turn(g) and len(_hand(g).numbers) == 1,
        "bar",
        "hit",
        "rules.basics.turn",
        "R3.2, R3.3",
    ),
    Step(
        "bust",
        0,
        lambda g: g.hands[BOB].status == BUSTED,
        "seat2",
        "ok",
        "rules.basics.bust",
        "R4.2",
    ),
    Step(
        "stay",
        0,
        lambda g: _my_turn(g) and g.hands[BOB].status == BUSTED,
        "bar",
        None,
        "rules.basics.score",
        "R3.2, R7.1",
    ),
    # lesson 2: a modifier and x2, a Second Chance saving a duplicate
    Step(
        "round",
        1,
        lambda g: _my_turn(g) and not _hand(g).modifiers,
        "seat0",
        "hit",
        "rules.basics.turn",
        "R3.2, R6.3",
    ),
    Step(
        "modifier",
        1,
        lambda g: _my_turn(g) and _hand(g).modifiers == ["+4"],
        "seat0",
        "hit",
        "rules.basics.score",
        "R7.3",
    ),
    Step(
        "x2",
        1,
        lambda g: (
            _my_turn(g)
            and _hand(g).x2
            and not _hand(g).second_chance
            and len(_hand(g).modifiers) == 2
            and _hand(g).bonus == 4
            and len(g.actions) < 8
        ),
        "seat0",
        "hit",
        "rules.basics.score",
        "R7.2",
    ),
    Step(
        "second_chance",
        1,
        lambda g: _my_turn(g) and _hand(g).second_chance,
        "seat0",
        "hit",
        "rules.actions.second_chance",
        "R5.3",
    ),
    Step(
        "saved",
        1,
        lambda g: (
            _my_turn(g) and _hand(g).x2 and not _hand(g).second_chance and len(g.actions) >= 8
        ),
        "seat0",
        None,
        "tutorial.saved_rule",
        "R5.3",
    ),
    # lesson 3: a Freeze
    Step(
        "round_freeze",
        2,
        lambda g: _my_turn(g) and _first_decision(g),
        "bar",
        "hit",
        "rules.basics.turn",
        "R3.2",
    ),
    Step(
        "freeze",
        2,
        lambda g: _asked_to_give(g, FREEZE),
        "seats",
        None,
        "rules.actions.freeze",
        "R5.1, R5.2",
    ),
    # lesson 4: a Flip Three with a card staged in the tray
    Step(
        "round_flip_three",
        3,
        lambda g: _my_turn(g) and _first_decision(g),
        "bar",
        "hit",
        "rules.basics.turn",
        "R3.2",
    ),
    Step(
        "flip_three",
        3,
        lambda g: _asked_to_give(g, "flip_three"),
        "seats",
        None,
        "rules.actions.flip_three",
        "R5.4",
    ),
    Step(
        "tray",
        3,
        lambda g: bool(g.staged),
        "tray",
        "ok",
        "rules.tricky.tray",
        "R5.4.2, R5.4.4, R5.5",
    ),
    Step(
        "queue",
        3,
        lambda g: bool(g.queue) and g.pending is not None,
        "queue",
        "ok",
        None,
        "R5.4.4, R5.5",
    ),
    # lesson 5: a Flip 7
    Step(
        "flip7",
        4,
        lambda g: _my_turn(g) and g.hands[YOU].status == ACTIVE,
        "seat0",
        "hit",
        "rules.basics.flip7",
        "R4.4",
        sticky=True,
    ),
)


def steps_of(lesson: int) -> list[Step]:
    return [s for s in STEPS if s.lesson == lesson]


def current_step(game: Game, lesson: int, done: set[str]) -> Step | None:
    """The step to show now: the first of the lesson not done whose condition holds."""
    for step in steps_of(lesson):
        if step.key not in done and step.when(game):
            return step
    return None
