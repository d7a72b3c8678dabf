"""What the screen shows: a copy of the table that follows the events one by one.

The engine's state jumps ahead as soon as ``Game.apply`` returns; the screen
must show each card arriving before its consequence. So drawing reads this
display model, which the presenter moves forward event by event as their
animations play. Once every animation has played it equals the game state
(:meth:`Shown.differences` is empty), which the tests check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import events as ev
from game.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, composition
from game.state import ACTIVE, BUSTED, FROZEN, STAYED, RoundRecord
from game.view import TableSnapshot


@dataclass
class ShownHand:
    numbers: list[str] = field(default_factory=list)
    modifiers: list[str] = field(default_factory=list)
    second_chance: bool = False
    status: str = ACTIVE
    freezes: int = 0
    flip7: bool = False
    bust_card: str | None = None  # why it scored what it did (the round summary says so)
    frozen_by: int | None = None

    def score(self) -> int:
        """R7, as :meth:`game.state.Hand.score`."""
        if self.status == BUSTED:
            return 0
        total = sum(int(n) for n in self.numbers)
        if "x2" in self.modifiers:
            total *= 2
        total += sum(int(m[1:]) for m in self.modifiers if m != "x2")
        return total + (15 if self.flip7 else 0)

    def has_cards(self) -> bool:
        return bool(self.numbers or self.modifiers or self.second_chance)

    def cards(self) -> list[str]:
        out = self.numbers + self.modifiers
        if self.second_chance:
            out.append(SECOND_CHANCE)
        return out + [FREEZE] * self.freezes

    def key(self) -> tuple:
        return (
            tuple(self.numbers),
            tuple(self.modifiers),
            self.second_chance,
            self.status,
            self.freezes,
            self.flip7,
        )


@dataclass
class FlipThreeShown:
    """The Flip Three being dealt: its target, who gave it, the cards dealt so far."""

    target: int
    by: int
    cards: list[str] = field(default_factory=list)


@dataclass
class Shown:
    players: tuple[str, ...]
    bots: tuple[str | None, ...]
    target: int
    hands: list[ShownHand]
    totals: list[int]
    dealer: int
    round_no: int = 0
    draw_count: int = 0
    discard_count: int = 0
    discard_top: str | None = None
    staged: list[str] = field(default_factory=list)
    queue: list[tuple[str, int]] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    flip_three: FlipThreeShown | None = None
    winner: int | None = None
    final_hands: list[ShownHand] | None = None  # the last round's hands, shown once won
    round_totals: list[tuple[int, ...]] = field(default_factory=list)  # totals after each round
    start_totals: tuple[int, ...] = ()  # the totals the game started from (a lesson's)
    #: every finished round: its scores, who busted, whose Flip 7 (the game over's table)
    rounds: list[RoundRecord] = field(default_factory=list)
    last_results: tuple[ev.HandResult, ...] = ()
    #: per seat, why the last round's hand scored what it did: ("busted", card),
    #: ("frozen", by), ("flip7",), ("stayed",) or None (a table loaded mid-game)
    last_reasons: tuple[tuple | None, ...] = ()
    version: int = 0  # bumped on every change: caches key on it
    #: rounds counted before this game's first (a lesson goes on from the one before)
    rounds_before: int = 0
    #: what the panel says under the round instead of the target ("Lesson 2 of 5")
    heading: object = None

    @property
    def round_shown(self) -> int:
        """The round's number as the table shows it."""
        return self.round_no + self.rounds_before

    # ------------------------------------------------------------- creation
    @classmethod
    def before_opening(cls, game) -> Shown:
        """The table before the game's opening (what ``start()`` returned, or
        ``opening_events``): a full draw pile, nothing dealt."""
        snap = game.snapshot()
        n = len(snap.players)
        return cls(
            snap.players,
            snap.bots,
            snap.target,
            [ShownHand() for _ in range(n)],
            list(snap.start_totals),
            snap.start_dealer,
            draw_count=sum(composition(game.rules.deck_count(n)).values()),
            start_totals=tuple(snap.start_totals),
        )

    @classmethod
    def from_game(cls, game) -> Shown:
        """The table as the game holds it now (a quiet moment: nothing left to animate),
        read from ``game.snapshot()``, never from the engine's insides."""
        snap = game.snapshot()
        shown = cls(
            snap.players,
            snap.bots,
            snap.target,
            [
                ShownHand(
                    list(h.numbers),
                    list(h.modifiers),
                    h.second_chance,
                    h.status,
                    h.freezes,
                    h.flip7,
                )
                for h in snap.hands
            ],
            list(snap.totals),
            snap.dealer,
            snap.round_no,
            snap.draw_count,
            snap.discard_count,
            snap.discard_top,
            list(snap.staged),
            [(q.card, q.target) for q in snap.queue],
            list(snap.in_play),
        )
        shown.round_totals = _replay_totals(snap)
        shown.start_totals = tuple(snap.start_totals)
        shown.rounds = list(snap.rounds)
        shown.winner = snap.winner
        return shown

    def hand_shown(self, seat: int) -> ShownHand:
        """The hand drawn at ``seat``: once the game is won, the final round's, not the
        cleared table (the game over screen and the replay's end show how it ended)."""
        if self.winner is not None and self.final_hands is not None:
            return self.final_hands[seat]
        return self.hands[seat]

    # ---------------------------------------------------------- comparison
    def differences(self, game) -> list[str]:
        """Where the screen and the game disagree (empty once the animations are over)."""
        other = Shown.from_game(game)
        out = []
        for name in (
            "totals",
            "dealer",
            "round_no",
            "draw_count",
            "discard_count",
            "discard_top",
            "staged",
            "queue",
            "winner",
            "start_totals",
            "rounds",
        ):
            if getattr(self, name) != getattr(other, name):
                out.append(f"{name}: shown {getattr(self, name)!r}, game {getattr(other, name)!r}")
        if sorted(self.in_play) != sorted(other.in_play):
            out.append(f"in_play: shown {self.in_play!r}, game {other.in_play!r}")
        for seat, (a, b) in enumerate(zip(self.hands, other.hands, strict=True)):
            if a.key() != b.key():
                out.append(f"seat {seat}: shown {a.key()!r}, game {b.key()!r}")
        return out

    # ------------------------------------------------------------- events
    def apply(self, event) -> None:
        """Move the shown table past one event (the presenter decides when)."""
        handler = SHOWN_BY_EVENT.get(type(event))
        if handler is not None:
            handler(self, event)
        self.version += 1

    def _on_RoundStarted(self, e: ev.RoundStarted) -> None:
        self.round_no, self.dealer = e.round, e.dealer
        self.final_hands = None

    def _on_CardDrawn(self, e: ev.CardDrawn) -> None:
        self.draw_count -= 1
        if e.cause == "flip_three" and self.flip_three is not None:
            self.flip_three.cards.append(e.card)

    def _on_CardInPlay(self, e: ev.CardInPlay) -> None:
        self.in_play.append(e.card)  # it waits for its receiver's choice (R5.1, R5.3)

    def _on_NumberAdded(self, e: ev.NumberAdded) -> None:
        self.hands[e.seat].numbers.append(e.card)

    def _on_ModifierAdded(self, e: ev.ModifierAdded) -> None:
        self.hands[e.seat].modifiers.append(e.card)

    def _on_Busted(self, e: ev.Busted) -> None:
        hand = self.hands[e.seat]
        hand.numbers.append(e.card)
        hand.status = BUSTED
        hand.bust_card = e.card

    def _on_SecondChanceKept(self, e: ev.SecondChanceKept) -> None:
        self.hands[e.seat].second_chance = True

    def _on_SecondChanceUsed(self, e: ev.SecondChanceUsed) -> None:
        self.hands[e.seat].second_chance = False
        self._to_discard(2, SECOND_CHANCE)

    def _on_SecondChanceGiven(self, e: ev.SecondChanceGiven) -> None:
        self.in_play.remove(SECOND_CHANCE)
        self.hands[e.receiver].second_chance = True

    def _on_TargetChosen(self, e: ev.TargetChosen) -> None:
        self.in_play.remove(e.card)

    def _on_Frozen(self, e: ev.Frozen) -> None:
        if e.from_queue:  # else its card was just chosen (TargetChosen took it)
            self.queue.pop(0)
        hand = self.hands[e.seat]
        hand.status = FROZEN
        hand.freezes += 1
        hand.frozen_by = e.by

    def _on_FlipThreeStarted(self, e: ev.FlipThreeStarted) -> None:
        if e.from_queue:
            self.queue.pop(0)
        self.in_play.append(FLIP_THREE)
        self.flip_three = FlipThreeShown(e.seat, e.by)

    def _on_Staged(self, e: ev.Staged) -> None:
        self.staged.append(e.card)

    def _on_FlipThreeEnded(self, e: ev.FlipThreeEnded) -> None:
        self.in_play.remove(FLIP_THREE)
        self._to_discard(1, FLIP_THREE)
        self.flip_three = None  # done: the tray is empty again, whatever comes next

    def _on_EffectQueued(self, e: ev.EffectQueued) -> None:
        self.staged.pop(0)
        self.queue.append((e.card, e.target))

    def _on_CardDiscarded(self, e: ev.CardDiscarded) -> None:
        if e.origin == "in_play":
            self.in_play.remove(e.card)
        elif e.origin == "tray":
            self.staged.pop(0)
        elif e.origin == "queue":
            self.queue.pop(0)
        self._to_discard(1, e.card)

    def _on_Stayed(self, e: ev.Stayed) -> None:
        self.hands[e.seat].status = STAYED

    def _on_Flip7(self, e: ev.Flip7) -> None:
        self.hands[e.seat].flip7 = True

    def _on_Reshuffled(self, e: ev.Reshuffled) -> None:
        self.draw_count = e.cards
        self.discard_count = 0
        self.discard_top = None

    def _on_RoundScored(self, e: ev.RoundScored) -> None:
        self.totals = list(e.totals)
        self.last_results = e.results
        self.last_reasons = tuple(_reason(hand) for hand in self.hands)
        self.round_totals.append(tuple(e.totals))
        self.rounds.append(_record(e))
        self.flip_three = None

    def _on_CardsCleared(self, e: ev.CardsCleared) -> None:
        cleared = [card for hand in self.hands for card in hand.cards()]
        if cleared:
            self._to_discard(len(cleared), cleared[-1])
        self.final_hands = self.hands
        self.hands = [ShownHand() for _ in self.players]

    def _on_DealerPassed(self, e: ev.DealerPassed) -> None:
        self.dealer = e.new

    def _on_GameWon(self, e: ev.GameWon) -> None:
        self.winner = e.winner

    def _to_discard(self, count: int, top: str) -> None:
        self.discard_count += count
        self.discard_top = top


#: how each kind of event moves the shown table, by the event's type: explicit, so that
#: "find usages" finds it and tests/test_ui_dispatch.py checks that every member of
#: :data:`game.events.Event` is here or in :data:`SHOWN_IGNORES`
SHOWN_BY_EVENT: dict[type, Callable[[Shown, Any], None]] = {
    ev.RoundStarted: Shown._on_RoundStarted,
    ev.CardDrawn: Shown._on_CardDrawn,
    ev.CardInPlay: Shown._on_CardInPlay,
    ev.NumberAdded: Shown._on_NumberAdded,
    ev.ModifierAdded: Shown._on_ModifierAdded,
    ev.Busted: Shown._on_Busted,
    ev.SecondChanceKept: Shown._on_SecondChanceKept,
    ev.SecondChanceUsed: Shown._on_SecondChanceUsed,
    ev.SecondChanceGiven: Shown._on_SecondChanceGiven,
    ev.TargetChosen: Shown._on_TargetChosen,
    ev.Frozen: Shown._on_Frozen,
    ev.FlipThreeStarted: Shown._on_FlipThreeStarted,
    ev.Staged: Shown._on_Staged,
    ev.FlipThreeEnded: Shown._on_FlipThreeEnded,
    ev.EffectQueued: Shown._on_EffectQueued,
    ev.CardDiscarded: Shown._on_CardDiscarded,
    ev.Stayed: Shown._on_Stayed,
    ev.Flip7: Shown._on_Flip7,
    ev.Reshuffled: Shown._on_Reshuffled,
    ev.RoundScored: Shown._on_RoundScored,
    ev.CardsCleared: Shown._on_CardsCleared,
    ev.DealerPassed: Shown._on_DealerPassed,
    ev.GameWon: Shown._on_GameWon,
}
#: the events that change nothing the table shows (a hit is announced by its card)
SHOWN_IGNORES: frozenset[type] = frozenset({ev.Hit, ev.TieContinues})


def _reason(hand: ShownHand) -> tuple | None:
    if hand.flip7:
        return ("flip7",)
    if hand.status == BUSTED:
        return ("busted", hand.bust_card)
    if hand.status == FROZEN and hand.frozen_by is not None:
        return ("frozen", hand.frozen_by)
    if hand.status == STAYED:
        return ("stayed",)
    return None


def _record(e: ev.RoundScored) -> RoundRecord:
    """The round as the engine records it (``Game.rounds``), from the event that scores it."""
    flip7 = None
    for seat, r in enumerate(e.results):
        if r.flip7 and not r.busted:
            flip7 = seat
    busted = tuple(seat for seat, r in enumerate(e.results) if r.busted)
    return RoundRecord(e.dealer, tuple(r.score for r in e.results), busted, flip7)


def _replay_totals(snap: TableSnapshot) -> list[tuple[int, ...]]:
    """The totals after each finished round."""
    totals = list(snap.start_totals)
    out = []
    for record in snap.rounds:
        totals = [t + s for t, s in zip(totals, record.scores, strict=True)]
        out.append(tuple(totals))
    return out
