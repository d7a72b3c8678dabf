"""The Flip 7 rules engine: state, pending decision, legal actions, apply → events.

The whole interface is "who must decide now, and what may they do":
:attr:`Game.pending`, :meth:`Game.legal_actions` and :meth:`Game.apply`, which
returns the events that happened. Decisions with a single legal choice (a
forced hit, a target when only one player can be chosen) are made by the
engine itself and still produce their events.

Inside, the flow of a round is an explicit stack of small tasks rather than
nested calls, so that a decision can interrupt it anywhere (a spare Second
Chance in the middle of a Flip Three, a staged card to assign) and the whole
state stays a plain value that :meth:`Game.clone` can copy.

Chance is injected: the draw pile is where cards come from (:mod:`game.chance`).
A shuffled game's pile is a list in the order of its seed; an observed game's
is what a real table can still turn over, and when it needs a card nobody has
named yet, the deal that needed it waits on the stack and the game waits for a
``reveal`` decision, like any other. The rules do not know which pile they draw from.

>>> g = Game(["Ana", "Ben", "Cy"], seed=1, dealer=2)
>>> g.pending.kind == "hit_or_stay", g.players[g.pending.seat]
(True, 'Ana')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from typing import Any, cast

from game import events as ev
from game.cards import (
    ALL_CARDS,
    FLIP7_BONUS,
    FLIP7_SIZE,
    FLIP_THREE,
    FREEZE,
    NUMBERS,
    SECOND_CHANCE,
    check_card,
    composition,
    full_deck,
    modifier_bonus,
)
from game.chance import CardNeeded, CardRefused, NotInPile, ObservedPile, refusal
from game.events import DiscardReason, DrawCause, Event, Place
from game.rules import RuleOptions
from game.state import (
    ACTIVE,
    BUSTED,
    FROZEN,
    HIT,
    HIT_OR_STAY,
    REVEAL,
    STAY,
    STAYED,
    TARGET,
    Action,
    Decision,
    DecisionKind,
    Hand,
    IllegalActionError,
    RoundRecord,
)
from game.view import HandView, SeatView, TableSnapshot, snapshot

#: a number card's value, None for any other card (one lookup says both)
_VALUE: dict[str, int | None] = {card: int(card) if card in NUMBERS else None for card in ALL_CARDS}
_KINDS: dict[str, str] = {
    HIT: "hit",
    STAY: "stay",
    TARGET: "choose a target",
    REVEAL: "receive a card",
}
CARD_TITLES = {FREEZE: "Freeze", FLIP_THREE: "Flip Three", SECOND_CHANCE: "Second Chance"}


_DEFAULT_RULES = RuleOptions()
_HIT = DrawCause.HIT
#: ``_new(Decision, fields)``: a named tuple made without the Python-level
#: ``__new__`` of its class (half the cost, on the hot path; same value)
_new = tuple.__new__


@lru_cache(maxsize=32)
def _hit_or_stay_decisions(n: int) -> tuple[Decision, ...]:
    """The hit-or-stay decision of each seat (values: every game of ``n`` shares them)."""
    return tuple(
        Decision(s, HIT_OR_STAY, None, (), (Action(HIT, s), Action(STAY, s))) for s in range(n)
    )


@lru_cache(maxsize=32)
def _target_actions(n: int) -> tuple[tuple[Action, ...], ...]:
    """``[chooser][target]``: every target action of a game of ``n`` seats."""
    return tuple(tuple(Action(TARGET, s, t) for t in range(n)) for s in range(n))


@lru_cache(maxsize=32)
def _seats_after(n: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat in turn order after it, itself last."""
    return tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n))


#: (i, bits of i + 1) for i = 0, 1, 2 …: random.shuffle's steps, read backwards
_STEPS: tuple[tuple[int, int], ...] = ()


def _shuffle_steps(length: int) -> tuple[tuple[int, int], ...]:
    """``random.shuffle``'s walk over ``length`` cards: (i, bits of i + 1), i from the top."""
    global _STEPS
    steps = _STEPS
    if len(steps) < length:  # replaced whole, never changed in place
        _STEPS = steps = tuple((i, (i + 1).bit_length()) for i in range(max(length, 256)))
    return steps[length - 1 : 0 : -1] if length > 1 else ()


def shuffle(rng: random.Random, cards: list[str]) -> None:
    """``rng.shuffle(cards)``, bit for bit, without a Python call per card.

    The shuffles are part of the file format (tests/test_shuffle_golden.py): this
    is CPython's ``Random.shuffle`` walk with its ``_randbelow`` (draw the bits
    of ``i + 1``, again while too big) written inline, which halves its cost.
    ``tests/test_engine_shuffle.py`` checks it against ``random.shuffle``.
    """
    getrandbits = rng.getrandbits
    for i, bits in _shuffle_steps(len(cards)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


class DeckError(ValueError):
    """A stacked deck that the composition cannot supply."""


class _Interrupt(Exception):
    """The round ended in the middle of a task (Flip 7, or the piles ran out)."""


def _rest_of_deck(decks: int, stacked: list[str]) -> list[str]:
    """The full composition minus the stacked top cards, in canonical order."""
    if not stacked:
        return full_deck(decks)
    rest = composition(decks)
    rest.subtract(stacked)
    for card in stacked:
        if rest[card] < 0:
            raise DeckError(
                f"the deck cannot supply that many {card!r} cards "
                f"(it holds {composition(decks)[card]})"
            )
    remaining = []
    for card in full_deck(decks):
        if rest[card] > 0:
            rest[card] -= 1
            remaining.append(card)
    return remaining


class Game:
    """One game of Flip 7 from its first deal to its winner.

    ``stay_at``, one entry per seat, lets the engine make a seat's hit-or-stay
    itself: it hits while the hand scores less than the entry and stays from
    there, recording the action and its events as if the seat had decided (one
    :meth:`apply` may then return the events of several decisions); ``None``
    leaves the decision to the seat. ``game.simulate`` gives it for the
    ``baseline`` bot, whose rule that is.

    ``observed=True`` follows a game played with real cards (docs/live-table.md):
    nothing is shuffled, ``deck`` lists the cards turned over so far, in order,
    and when one more is needed the game waits for a ``reveal`` decision
    (:meth:`revealable` says which cards can come; ``Action.reveal`` gives one).
    ``seed`` may then be None.
    """

    #: ``"shuffled"``: the cards come from ``seed``; ``"observed"``: from outside
    dealing = "shuffled"

    # slots: the fastest attribute access there is, and more than CPython's 30
    # instance attributes that can share their keys
    __slots__ = (
        "players",
        "bots",
        "rules",
        "seed",
        "rng",
        "draw_pile",
        "dealer",
        "initial",
        "totals",
        "discard",
        "staged",
        "queue",
        "in_play",
        "hands",
        "round_no",
        "rounds",
        "actions",
        "pending",
        "winner",
        "reshuffled_this_round",
        "cursor",
        "_stack",
        "_hit_or_stay_decisions",
        "_hit_or_stay_actions",
        "_target_actions",
        "_hand_views",
        "_after",
        "_context",
        "_record",
        "_events",
        "_stay_at",
        "started",
        "opening_events",
    )

    def __init__(
        self,
        players: Sequence[str],
        rules: RuleOptions | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        totals: Sequence[int] | None = None,
        deck: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        record_events: bool = True,
        start: bool = True,
        stay_at: Sequence[int | None] | None = None,
        observed: bool = False,
    ) -> None:
        # (``observed=True`` made this an ObservedGame already: see __new__)
        self.players: tuple[str, ...] = tuple(players)
        n = len(self.players)
        if n < 1:
            raise ValueError("a game needs at least one player")
        self.bots: tuple[str | None, ...] = tuple(bots) if bots is not None else (None,) * n
        self.rules = rules or _DEFAULT_RULES
        self.seed: int | None = seed if seed is not None or observed else 0
        self.rng = random.Random(0 if self.seed is None else self.seed)
        stacked = [check_card(c) for c in (deck or ())]
        if observed:  # what can be turned over, and the cards said to be
            self.draw_pile: list[str] = ObservedPile(full_deck(self.rules.deck_count(n)), stacked)
        else:
            remaining = _rest_of_deck(self.rules.deck_count(n), stacked)
            shuffle(self.rng, remaining)
            self.draw_pile = remaining + stacked[::-1]  # top card last
        drawn = self.rng.randrange(n)  # drawn even when given: later shuffles stay the same
        self.dealer = drawn if dealer is None else dealer
        self.initial: dict[str, Any] = {
            "dealer": self.dealer,
            "totals": tuple(totals or (0,) * n),
            "deck": tuple(stacked),
        }
        self.totals: list[int] = list(totals or (0,) * n)
        self.discard: list[str] = []
        self.staged: list[str] = []  # the Flip Three tray, in the order revealed (R5.4.2)
        self.queue: list[tuple[str, int, int]] = []  # effect queue: (card, target, chooser)
        self.in_play: list[str] = []  # being targeted, or a Flip Three being dealt
        self.hands: list[Hand] = [Hand() for _ in self.players]
        self.round_no = 0
        self.rounds: list[RoundRecord] = []
        self.actions: list[Action] = []
        self.pending: Decision | None = None
        self.winner: int | None = None
        self.reshuffled_this_round = False
        self.cursor = self.dealer  # whose turn it was last (R5.6)
        # tasks still to run this round; a turn lies under them
        self._stack: list[tuple[Any, ...]] = []
        self._hit_or_stay_decisions = _hit_or_stay_decisions(n)
        self._hit_or_stay_actions = tuple(d.actions for d in self._hit_or_stay_decisions)
        self._target_actions = _target_actions(n)
        self._hand_views: tuple[HandView, ...] | None = None  # made on the first view()
        self._after = _seats_after(n)  # R3.1: the seats in turn order after each seat
        self._context = ""  # what a pending target decision is for
        self._record = record_events
        self._events: list[Any] = []
        # per seat, the score from which the engine makes it stay (it hits below);
        # None: the seat decides (a built-in bot the simulator trusts, see game.simulate)
        self._stay_at: tuple[int | None, ...] = tuple(stay_at or (None,) * n)
        if len(self._stay_at) != n:
            raise ValueError(f"stay_at: one limit (or None) per seat, not {len(self._stay_at)}")
        self.started = False
        #: what :meth:`start` returned, kept (clones too) for callers that did not
        #: start the game themselves, e.g. a game read from a file
        self.opening_events: list[Event] = []
        if start:
            self.start()

    def __new__(cls, *args: Any, observed: bool = False, **kwargs: Any) -> Game:
        """``Game(..., observed=True)`` is an :class:`ObservedGame`: the same rules,
        and a deal that can wait for its card."""
        return object.__new__(ObservedGame if observed else cls)

    def start(self) -> list[Event]:
        """Deal the first round's opening — forced first hits (R3.3) or the deal
        (R3.4) — up to the first real decision; returns its events, like :meth:`apply`.

        >>> g = Game(["Ana", "Ben"], seed=3, dealer=1, start=False)
        >>> g.pending is None and g.round_no
        0
        >>> [type(e).__name__ for e in g.start()][:3]
        ['RoundStarted', 'Hit', 'CardDrawn']
        """
        if self.started:
            raise RuntimeError("the game has already started")
        self.started = True
        self._events = []
        self._start_round()
        self.opening_events = self._run()
        return list(self.opening_events)

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (``pending.actions``): ``[hit, stay]``, or one
        ``target`` action per option in seat order; empty once the game is over."""
        d = self.pending
        return [] if d is None else list(d.actions)

    @property
    def observed(self) -> bool:
        """True for a game of real cards, whose cards come from outside (§6)."""
        return isinstance(self, ObservedGame)

    def revealable(self) -> tuple[str, ...]:
        """The cards that can be turned over next, in ``ALL_CARDS`` order: the draw
        pile, or once it is empty the discard pile a draw shuffles in (R2.4, R2.5)."""
        pile = self.draw_pile
        if not pile and not self.reshuffled_this_round:
            pile = self.discard
        left = Counter(pile)
        return tuple(card for card in ALL_CARDS if left[card])

    def turned(self) -> list[str]:
        """An observed game's cards turned over so far, in order — those dealt and
        those said but not needed yet (:meth:`waiting`): the file's ``deck``. Empty
        when shuffled."""
        pile = self.draw_pile
        return list(pile.turned) if isinstance(pile, ObservedPile) else []

    def waiting(self) -> list[str]:
        """Cards said to be turned over that the game has not needed yet (observed)."""
        pile = self.draw_pile
        return pile.waiting() if isinstance(pile, ObservedPile) else []

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: everything but the draw pile's order."""
        if self._hand_views is None:  # the hands live as long as the game: one view each
            self._hand_views = tuple(HandView(h) for h in self.hands)
        return SeatView(self, seat, self._hand_views)

    def snapshot(self) -> TableSnapshot:
        """The whole table now as read-only plain values, for screens and tools.

        >>> snap = Game(["Ana", "Ben"], seed=3, dealer=1).snapshot()
        >>> snap.round_no, len(snap.hands), snap.draw_count + snap.discard_count + sum(
        ...     len(h.numbers) + len(h.modifiers) + h.second_chance for h in snap.hands)
        (1, 2, 94)
        """
        return snapshot(self)

    def active_seats(self) -> list[int]:
        return [i for i, h in enumerate(self.hands) if h.status == ACTIVE]

    def card_counts(self) -> Counter[str]:
        """Every card wherever it lies; always the full composition (R1.5)."""
        return Counter(
            chain(
                self.draw_pile,
                self.discard,
                self.staged,
                (card for card, _t, _c in self.queue),
                self.in_play,
                *(h.cards() for h in self.hands),
            )
        )

    def clone(self) -> Game:
        """An independent copy (same RNG state), for bots and search."""
        new = object.__new__(type(self))
        for name in Game.__slots__:
            setattr(new, name, getattr(self, name))
        for name in (
            "draw_pile",
            "discard",
            "staged",
            "queue",
            "in_play",
            "totals",
            "rounds",
            "actions",
            "_stack",
        ):
            setattr(new, name, getattr(self, name).copy())
        new.hands = [h.copy() for h in self.hands]
        new.rng = random.Random(0)  # any seed: setstate replaces it (no urandom)
        new.rng.setstate(self.rng.getstate())
        new._events = []
        new._hand_views = None
        new.opening_events = list(self.opening_events)
        return new

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, check: bool = True) -> list[Event]:
        """Make a decision; returns the events it caused, forced follow-ups included.

        ``check=False`` skips the legality check, for callers that only ever pass
        one of ``pending.actions`` (the simulator, which checks plug-ins itself).
        A ``reveal`` (a card turned over, observed games) is always checked and is
        not a decision: it goes to :meth:`turned`, not to ``actions``.
        """
        if action.card is not None:
            return self._reveal(action)
        if check:
            self._check(action)
        self.actions.append(action)
        self._events = []
        return self._run(action)

    def _reveal(self, action: Action) -> list[Event]:
        """The card the game waits for, turned over: the deal it interrupted goes on."""
        self._check(action)
        pile = cast(ObservedPile, self.draw_pile)  # a reveal is legal in observed games only
        pile.turned.append(cast(str, action.card))
        self._events = []
        return self._run()

    def _check(self, action: Action) -> None:
        d = self.pending
        if d is not None and action in d.actions:
            return  # legal: the common case, checked without building a message
        name = self._name(action.seat) if 0 <= action.seat < len(self.players) else None
        if name is None:
            raise IllegalActionError(f"there is no seat {action.seat}")
        verb = _KINDS.get(action.kind)
        if verb is None:
            raise IllegalActionError(f"{name}: unknown action {action.kind!r}")
        if d is None:
            if not self.started:
                raise IllegalActionError(f"{name} cannot {verb}: the game has not started")
            raise IllegalActionError(f"{name} cannot {verb}: the game is over")
        if REVEAL in (action.kind, d.kind):
            self._check_reveal(action, d, name, verb)
            return
        hand = self.hands[action.seat]
        if action.kind == STAY and hand.status == ACTIVE and not hand.has_cards():
            raise IllegalActionError(f"{name} cannot stay: no card in front of them (R3.3)")
        if action.seat != d.seat or (action.kind == TARGET) != (d.kind == DecisionKind.TARGET):
            raise IllegalActionError(
                f"{name} cannot {verb}: the game waits for {self._describe(d)}"
            )
        if action.kind == TARGET and action.target not in d.options:
            if not isinstance(action.target, int) or not 0 <= action.target < len(self.players):
                raise IllegalActionError(
                    f"{name} cannot choose seat {action.target}: there is no such seat"
                )
            target = self._name(action.target)
            raise IllegalActionError(
                f"{name} cannot give the {CARD_TITLES[cast(str, d.card)]} to "
                f"{target}: {self._why_not(d, action.target)}"
            )

    def _check_reveal(self, action: Action, d: Decision, name: str, verb: str) -> None:
        """A card turned over when the game does not wait for one, or the reverse."""
        if d.kind != DecisionKind.REVEAL:
            raise IllegalActionError(
                f"{name} cannot receive a card now: the game waits for {self._describe(d)}"
            )
        if action.kind != REVEAL:
            raise IllegalActionError(
                f"{name} cannot {verb}: the game waits for {self._describe(d)}"
            )
        if action.seat != d.seat:
            raise IllegalActionError(
                f"the card turned over goes to {self._name(d.seat)}, not to {name}"
            )
        card = action.card
        if not isinstance(card, str) or card not in _VALUE:
            raise IllegalActionError(f"unknown card {card!r}")
        if card not in self.revealable():
            raise IllegalActionError(f'no "{card}" can be drawn: {self._refusal(card)}')

    def _refusal(self, card: str) -> str:
        """Why ``card`` cannot be turned over now (none is left to draw)."""
        in_discard = self.discard.count(card)
        every = composition(self.rules.deck_count(len(self.players)))[card]
        return refusal(card, in_discard, every - in_discard - self.draw_pile.count(card))

    def _describe(self, d: Decision) -> str:
        if d.kind == HIT_OR_STAY:
            return f"{self._name(d.seat)} to hit or stay"
        if d.kind == DecisionKind.REVEAL:
            return f"the card turned over for {self._name(d.seat)}"
        return f"{self._name(d.seat)} to choose who gets the {CARD_TITLES[cast(str, d.card)]}"

    def _why_not(self, d: Decision, seat: int) -> str:
        hand = self.hands[seat]
        who = self._name(seat)
        if hand.status != ACTIVE:
            return f"{who} is out of the round ({hand.status})"
        if d.card == SECOND_CHANCE:
            if seat == d.seat:
                return "a spare Second Chance must go to another player"
            return f"{who} already holds a Second Chance"
        return f"{who} may not be chosen"

    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _emit(self, kind: type, *fields: object) -> None:
        """Record the event ``kind(*fields)``, built only when someone records events."""
        if self._record:
            self._events.append(kind(*fields))

    # --------------------------------------------------------------- the loop
    def _run(self, action: Action | None = None) -> list[Event]:
        """Carry out ``action`` (none at the start), then run tasks and turns until
        a real decision is needed or the game is over; returns the events."""
        self.pending = None
        while True:
            try:
                if action is not None:
                    act, action = action, None  # done even if the round ends in the middle
                    self._carry_out(act)
                self._play_on()
                return self._events
            except _Interrupt:  # the round ended mid-task; its stack is already reset
                if self.winner is not None:
                    return self._events
            except CardNeeded:  # an observed game waits for its next card (pending: reveal)
                return self._events

    def _play_on(self) -> None:
        """Run tasks and turns until someone must decide or the game is over.

        Under every task lies the next turn (R3.1): with no task left, it is
        someone's turn — the hot path of hit after hit never touches the stack.
        The hit-or-stay of a seat with a ``stay_at`` limit is made here too.
        """
        actions, stack, hands = self.actions, self._stack, self.hands
        after, stay_at, moves = self._after, self._stay_at, self._hit_or_stay_actions
        while self.pending is None:
            if stack:
                task = stack.pop()
                task[0](self, *task[1:])
                continue
            # R3.1: offer a card to the next active player after the last turn
            for seat in after[self.cursor]:
                hand = hands[seat]
                if hand.status is ACTIVE:
                    break
            else:  # nobody left: the round is over
                self._end_round()
                if self.winner is not None:
                    return
                continue
            self.cursor = seat
            if not (hand.numbers or hand.modifiers or hand.second_chance):  # R3.3
                self._deal(seat, _HIT, 0, forced=True)
                continue
            limit = stay_at[seat]
            if limit is None:  # the player decides
                self.pending = self._hit_or_stay_decisions[seat]
                return
            # a built-in bot's choice, made here: hit below the limit, else stay
            hit, stay = moves[seat]
            if hand.points < limit:
                actions.append(hit)
                self._deal(seat, _HIT, 0)
            else:
                actions.append(stay)
                self._carry_out(stay)

    def _carry_out(self, action: Action) -> None:
        """One decision: a hit, a stay, or a target given (checked, or from pending)."""
        kind, seat, target, _card = action  # (unpacking is faster than names)
        if kind == HIT:
            self._deal(seat, _HIT, 0)
        elif kind == STAY:
            hand = self.hands[seat]
            hand.status = STAYED
            if self._record:
                self._events.append(ev.Stayed(seat, hand.points, False))
        else:
            assert target is not None  # checked, or one of pending.actions
            self._settle(seat, target, self._context, forced=False)

    def _start_round(self) -> None:
        self.round_no += 1
        self.reshuffled_this_round = False
        self.cursor = self.dealer
        if self._record:
            self._events.append(ev.RoundStarted(self.round_no, self.dealer))
        if self.rules.opening == "deal":  # R3.4 variant: one card to each, in seat order
            self._stack.append((Game._t_deal, 1))

    def _t_deal(self, k: int) -> None:
        n = len(self.players)
        if k > n:
            return
        self._stack.append((Game._t_deal, k + 1))
        seat = (self.dealer + k) % n
        if self.hands[seat].status == ACTIVE:  # frozen or busted before the deal: none
            self._deal(seat, DrawCause.DEAL, 0)

    def _draw(self) -> str:
        if not self.draw_pile:
            if not self.discard or self.reshuffled_this_round:  # R2.5
                for seat in self.active_seats():
                    hand = self.hands[seat]
                    hand.status = STAYED
                    self._emit(ev.Stayed, seat, hand.points, True)
                self._end_round()
                raise _Interrupt
            pile = self.draw_pile
            if isinstance(pile, ObservedPile):  # a real table's order is nobody's to know
                pile.refill(self.discard)
                self.discard = []
            else:
                self.draw_pile, self.discard = self.discard, []  # R2.4
                shuffle(self.rng, self.draw_pile)
            self.reshuffled_this_round = True
            self._emit(ev.Reshuffled, len(self.draw_pile))
        return self.draw_pile.pop()

    # ------------------------------------------------------- receiving a card
    def _deal(self, seat: int, cause: DrawCause, slot: int, forced: bool = False) -> None:
        """Draw the top card for ``seat`` and put it where it goes (R4, R5).

        ``slot`` is 1–3 for the cards of a Flip Three, else 0; ``forced`` a hit
        of R3.3. Every card a player receives comes through here: the hot path.
        """
        pile = self.draw_pile
        card = pile.pop() if pile else self._draw()  # a reshuffle comes before the Hit
        if self._record:  # the hot path: skip building events nobody reads
            if cause is _HIT:
                self._events.append(ev.Hit(seat, forced))
            self._events.append(ev.CardDrawn(seat, card, cause, slot))
        hand = self.hands[seat]
        value = _VALUE[card]
        if value is not None:  # a number
            numbers = hand.numbers
            if card not in numbers:  # R4.1 (no duplicate in a line that has not busted)
                numbers.append(card)
                hand.number_sum += value
                hand.points += value + value if hand.x2 else value
                if self._record:
                    self._events.append(ev.NumberAdded(seat, card))
                if len(numbers) == FLIP7_SIZE:  # R4.4
                    hand.flip7 = True
                    hand.points += FLIP7_BONUS
                    self._emit(ev.Flip7, seat)
                    self._end_round()
                    raise _Interrupt
            elif hand.second_chance:  # R5.3
                hand.second_chance = False
                self.discard += (card, SECOND_CHANCE)
                self._emit(ev.SecondChanceUsed, seat, card)
            else:  # R4.2
                hand.numbers.append(card)
                hand.status = BUSTED
                hand.points = 0
                self._emit(ev.Busted, seat, card)
        else:
            self._place(seat, hand, card, slot)

    def _reveal_decision(self, seat: int) -> Decision:
        """The chance node: ``seat`` is to receive the next card, one of :meth:`revealable`."""
        cards = self.revealable()
        actions = tuple(Action(REVEAL, seat, None, card) for card in cards)
        return Decision(seat, DecisionKind.REVEAL, None, (), actions)

    def _place(self, seat: int, hand: Hand, card: str, slot: int) -> None:
        """A Second Chance, an action card or a modifier just drawn by ``seat`` (R5, R6)."""
        if card == SECOND_CHANCE:
            if not hand.second_chance:
                hand.second_chance = True
                self._emit(ev.SecondChanceKept, seat)
            else:
                self.in_play.append(card)
                self._emit(ev.CardInPlay, seat, card)
                options = tuple(
                    s for s in self.active_seats() if s != seat and not self.hands[s].second_chance
                )
                self._ask(seat, card, options, "give")
        elif card in (FREEZE, FLIP_THREE):
            if slot:  # inside a Flip Three: staged (R5.4.2)
                self.staged.append(card)
                self._emit(ev.Staged, seat, card, len(self.staged) - 1)
            else:
                self.in_play.append(card)
                self._emit(ev.CardInPlay, seat, card)
                self._ask(seat, card, tuple(self.active_seats()), "play")
        else:
            bonus = modifier_bonus(card)
            if bonus:
                hand.bonus += bonus
                hand.points += bonus
            elif not hand.x2:  # two decks hold two x2: a hand doubles once
                hand.x2 = True
                hand.points += hand.number_sum
            hand.modifiers.append(card)
            if self._record:
                self._events.append(ev.ModifierAdded(seat, card))

    def _ask(self, chooser: int, card: str, options: tuple[int, ...], context: str) -> None:
        """A target decision; made by the engine when there is one option or none."""
        if len(options) > 1:
            gives = self._target_actions[chooser]
            self.pending = _new(
                Decision,
                (chooser, DecisionKind.TARGET, card, options, tuple([gives[t] for t in options])),
            )
            self._context = context
        elif options:
            self._settle(chooser, options[0], context, forced=True)
        elif context == "staged":
            self.discard.append(self.staged.pop(0))
            self._emit(ev.CardDiscarded, card, Place.TRAY, chooser, DiscardReason.NOBODY_TO_TARGET)
        else:
            self.in_play.remove(card)
            self.discard.append(card)
            self._emit(
                ev.CardDiscarded, card, Place.IN_PLAY, chooser, DiscardReason.NOBODY_CAN_TAKE
            )

    def _settle(self, chooser: int, target: int, context: str, forced: bool) -> None:
        if context == "give":  # R5.3: a spare Second Chance
            self.in_play.remove(SECOND_CHANCE)
            self.hands[target].second_chance = True
            self._emit(ev.SecondChanceGiven, chooser, target, forced)
        elif context == "staged":  # R5.4.4: tray → end of the effect queue
            card = self.staged.pop(0)
            self.queue.append((card, target, chooser))
            self._emit(ev.EffectQueued, chooser, card, target, forced)
        else:
            card = self.in_play.pop()
            self._emit(ev.TargetChosen, chooser, card, target, forced)
            if card == FREEZE:
                self._freeze(target, chooser, False)
            else:
                self._stack.append((Game._t_resolve_queue,))
                self._start_flip_three(target, chooser, False)

    # ---------------------------------------------------- Freeze, Flip Three
    def _freeze(self, seat: int, by: int, from_queue: bool) -> None:
        hand = self.hands[seat]
        hand.status = FROZEN
        hand.freezes += 1  # it lies in front of them until the round ends (R5.2)
        self._emit(ev.Frozen, seat, by, hand.points, from_queue)

    def _start_flip_three(self, seat: int, by: int, from_queue: bool) -> None:
        self.in_play.append(FLIP_THREE)
        self._emit(ev.FlipThreeStarted, seat, by, from_queue)
        self._stack.append((Game._t_flip_three, seat, 1))

    def _t_flip_three(self, seat: int, slot: int) -> None:
        """Deal card ``slot`` of a Flip Three, or end it (R5.4)."""
        hand = self.hands[seat]
        if slot <= 3 and hand.status == ACTIVE:
            self._stack.append((Game._t_flip_three, seat, slot + 1))
            self._deal(seat, DrawCause.FLIP_THREE, slot)
            return
        self.in_play.remove(FLIP_THREE)  # R5.4.5
        self.discard.append(FLIP_THREE)
        self._emit(ev.FlipThreeEnded, seat, min(slot - 1, 3))
        if hand.status == BUSTED and self.rules.flip_three_on_bust == "discard":  # R5.4.3
            while self.staged:
                card = self.staged.pop(0)
                self.discard.append(card)
                self._emit(ev.CardDiscarded, card, Place.TRAY, seat, DiscardReason.TARGET_BUSTED)
        else:
            self._stack.append((Game._t_assign_staged, seat))

    def _t_assign_staged(self, chooser: int) -> None:
        """R5.4.4: the target assigns staged cards one by one, in the order revealed."""
        if self.staged:
            self._stack.append((Game._t_assign_staged, chooser))
            self._ask(chooser, self.staged[0], tuple(self.active_seats()), "staged")

    def _t_resolve_queue(self) -> None:
        """R5.5: resolve the effect queue, first in, first out."""
        if not self.queue:
            return
        self._stack.append((Game._t_resolve_queue,))
        card, target, chooser = self.queue.pop(0)
        if self.hands[target].status != ACTIVE:
            self.discard.append(card)
            self._emit(ev.CardDiscarded, card, Place.QUEUE, target, DiscardReason.TARGET_OUT)
        elif card == FREEZE:
            self._freeze(target, chooser, True)
        else:
            self._start_flip_three(target, chooser, True)

    # -------------------------------------------------------------- round end
    def _end_round(self) -> None:
        """R6: score, clear the table, then the next round or the end (R8)."""
        self._stack.clear()
        self.pending = None
        record = self._record
        if self.in_play or self.staged or self.queue:
            self._clear_waiting_cards()
        hands, totals, discard = self.hands, self.totals, self.discard
        if record:  # the hands as they were scored, before they are cleared
            results = tuple(
                ev.HandResult(
                    tuple(h.numbers),
                    tuple(h.modifiers),
                    h.status == BUSTED,
                    h.flip7,
                    h.points,
                    h.calculation(),
                )
                for h in hands
            )
        before = len(discard)
        scores: list[int] = []
        busted: list[int] = []
        flip7 = None
        for seat, hand in enumerate(hands):
            score = hand.points
            scores.append(score)
            totals[seat] += score
            if hand.status is BUSTED:
                busted.append(seat)
            elif hand.flip7:
                flip7 = seat
            # R6.3: every card in front of the player, in the order of Hand.cards()
            discard += hand.numbers
            discard += hand.modifiers
            if hand.second_chance:
                discard.append(SECOND_CHANCE)
            if hand.freezes:
                discard += [FREEZE] * hand.freezes
            hand.reset()
        self.rounds.append(_new(RoundRecord, (self.dealer, tuple(scores), tuple(busted), flip7)))
        if record:
            self._events += (
                ev.RoundScored(self.round_no, self.dealer, results, tuple(totals)),
                ev.CardsCleared(len(discard) - before),
            )
        self._next_round_or_end()

    def _clear_waiting_cards(self) -> None:
        """R6.3: the cards in play, in the tray and in the queue go to the discard."""
        for origin, cards in (
            (Place.IN_PLAY, self.in_play),
            (Place.TRAY, self.staged),
            (Place.QUEUE, [c for c, _t, _c in self.queue]),
        ):
            for card in cards:
                self._emit(ev.CardDiscarded, card, origin, None, DiscardReason.ROUND_OVER)
            self.discard.extend(cards)
        self.in_play, self.staged, self.queue = [], [], []

    def _next_round_or_end(self) -> None:
        """R8: a single leader at the target wins; else the dealer passes (R2.3)."""
        totals = self.totals
        best = max(totals)
        if best >= self.rules.target:  # R8.1
            leaders = tuple(s for s, t in enumerate(totals) if t == best)
            if len(leaders) == 1:
                self.winner = leaders[0]
                self._emit(ev.GameWon, leaders[0], tuple(totals))
                return
            self._emit(ev.TieContinues, leaders)  # R8.2
        old = self.dealer
        self.dealer = (old + 1) % len(self.players)  # R2.3
        if self._record:
            self._events.append(ev.DealerPassed(old, self.dealer))
        self._start_round()


class ObservedGame(Game):
    """A game of real cards (docs/live-table.md): ``Game(..., observed=True)``.

    Its draw pile is an :class:`~game.chance.ObservedPile`, whose draw raises
    :class:`~game.chance.CardNeeded` when nobody has named the next card yet. A
    deal begins with its draw and changes nothing before it, and no deal deals
    another card itself (every further card comes off the task stack), so the
    deal that could not start waits on the stack, whole, until ``Action.reveal``
    names its card. Only this deal differs: the shuffled engine's stays as fast.
    """

    __slots__ = ()
    dealing = "observed"

    def _deal(self, seat: int, cause: DrawCause, slot: int, forced: bool = False) -> None:
        pile = cast(ObservedPile, self.draw_pile)
        dealt = pile.dealt
        try:
            Game._deal(self, seat, cause, slot, forced)
        except CardNeeded:  # wait for the card, then deal it here
            assert pile.dealt == dealt, "a deal dealt a card before it waited for one"
            self._stack.append((ObservedGame._deal, seat, cause, slot, forced))
            self.pending = self._reveal_decision(seat)
            raise
        except NotInPile as e:  # a card named that cannot be there: say why
            raise CardRefused(e.index, e.card, self._refusal(e.card)) from None
