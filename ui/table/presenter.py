"""Events → animation steps and display-model updates.

``Presenter.feed(events)`` turns each engine event into one :class:`Step`: a
card leaves the draw pile, travels, flips face up and rests before the event
that says where it settles. Cards going *to* a pile land before the pile's
count changes; cards leaving a place are hidden there while they fly.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import events as ev
from ui.i18n import EN, Msg
from ui.table import layout as L
from ui.table.display import Shown
from ui.table.sprites import CardSprite, Confetti, SeatFx, TextSprite
from ui.table.steps_cards import CardSteps, Flight, flight
from ui.table.steps_round import RoundSteps
from ui.table.timeline import Step, Timeline
from ui.table.tween import Beat

HOLD = 1.5  # seconds a person's own result stays on screen, at least, whatever the speed
LOG_LINES = 400  # the table log: the whole round and more (a round rarely takes 150 lines)


class Presenter(CardSteps, RoundSteps):
    """Plays the events of the game on the table, one step at a time."""

    def __init__(
        self, shown: Shown, layout: L.TableLayout, seed: int = 0, reduced_motion: bool = False
    ) -> None:
        self.shown = shown
        self.timeline = Timeline()
        self.reduced = reduced_motion
        self.rng = random.Random(seed)
        self.fx = [SeatFx() for _ in shown.players]
        self.sprites: list[CardSprite] = []
        self.labels: list[TextSprite] = []  # round scoring, over the seats
        self.banners: list[TextSprite] = []
        self.confetti: list[Confetti] = []
        self.flyer: CardSprite | None = None  # the card just drawn, until its consequence
        self.pile_lift = 0.0  # the draw pile's top card rises as a hit is pressed
        self.caption: Msg | str = ""  # written in the current language when drawn
        self.log: deque[Msg | str] = deque(maxlen=LOG_LINES)
        #: the window's fonts by pixel size (``Assets.font``), to measure what is drawn
        self.fonts: Callable[[int], pygame.font.Font] | None = None
        #: the player spoken to in the second person ("You hit: 5"): the lesson's "You"
        self.you: str | None = None
        self.version = 0  # bumped whenever the caption or log changes
        # called with each event as its step starts playing (sounds)
        self.cue: Callable[[ev.Event], None] | None = None
        self.timeline.on_start = self._step_started
        self.set_layout(layout)

    # ------------------------------------------------------------ control
    def set_layout(self, layout: L.TableLayout) -> None:
        if getattr(self, "layout", None) is not None:
            self.skip()
            self.labels.clear()
        self.layout = layout
        self.panel = L.panel_layout(layout.panel, layout.unit)

    @property
    def settled(self) -> bool:
        return self.timeline.settled

    @property
    def animating(self) -> bool:
        """Anything moving: the window must be redrawn every frame (a gate waiting is still)."""
        tl = self.timeline
        return (
            tl.current is not None
            or (bool(tl.steps) and tl.gate is None)
            or tl.animator.running
            or bool(self.confetti)
        )

    @property
    def hidden(self) -> frozenset:
        return self.timeline.hidden

    @property
    def gate(self) -> str | None:
        return self.timeline.gate

    def release(self) -> None:
        self.timeline.release()

    def skip(self) -> None:
        self.timeline.skip()
        for c in self.confetti:
            c.bits.clear()
        self.confetti.clear()

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        if self.confetti:
            for c in self.confetti:
                c.update(dt * self.timeline.speed)
            self.confetti = [c for c in self.confetti if c.alive]

    def _step_started(self, step: Step) -> None:
        if self.cue is not None and step.event is not None and not self.timeline.skipping:
            self.cue(step.event)

    def say(self, text: Msg | str) -> None:
        """Show a caption under the piles and add it to the table log."""
        text = self.addressed(text)
        self.caption = text
        self.log.append(text)
        self.version += 1

    def addressed(self, text: Msg | str) -> Msg | str:
        """``text`` in the second person where it speaks of (or to) :attr:`you`: the
        ``.you`` variant of its key when they act, ``.to_you`` when it befalls them."""
        if self.you is None or not isinstance(text, Msg):
            return text
        args = text.args
        if args.get("who") == self.you:
            key = text.key + ".you"
        elif self.you in (args.get("target"), args.get("by"), args.get("dealer")):
            key = text.key + ".to_you"
        else:
            return text
        return Msg(key, **args) if key in EN else text

    def measure(self, text: str, px: int) -> float:
        """How wide ``text`` is at ``px`` pixels, in the window's font once the table sets
        :attr:`fonts`; a generous guess without it (bold capitals are the widest)."""
        if self.fonts is not None:
            return self.fonts(px).size(text)[0]
        return len(text) * px * 0.72

    def restore_log(self, lines: list[Msg | str]) -> None:
        """Put ``lines`` (the game so far, :mod:`ui.table.table_log`) before what the log holds."""
        self.log = deque([*lines, *self.log], maxlen=LOG_LINES)
        self.version += 1

    def feed(self, events: list) -> None:
        """Queue the animation of a batch of events from ``Game.apply``."""
        won = any(isinstance(e, ev.GameWon) for e in events)
        for event in events:
            handler = STEP_BY_EVENT.get(type(event))
            if won and isinstance(event, ev.CardsCleared):
                handler = None  # the last round's cards stay on the table, face up
            step = handler(self, event) if handler else Step(start=partial(self._apply, event))
            step.event = event
            self.timeline.add(step)
            if self._human_result(event):  # a person's own result: time to read it (and why)
                self.timeline.add(Step(HOLD, savour=True))
            if isinstance(event, ev.RoundScored):  # the last round too, before the game over
                self.timeline.add(Step(gate="round_over"))
            if isinstance(event, ev.GameWon):
                self.timeline.add(Step(gate="game_over"))

    # ------------------------------------------------------------ helpers
    def _human_result(self, event) -> bool:
        """A bust, a Freeze, the end of a Flip Three that befell a person at the table."""
        bots = self.shown.bots
        if isinstance(event, (ev.Busted, ev.FlipThreeEnded)):
            return bots[event.seat] is None
        if isinstance(event, ev.Frozen):
            return bots[event.seat] is None or bots[event.by] is None
        return False  # a Flip 7 is savoured by its own step

    def who(self, seat: int) -> str:
        return str(self.who_msg(seat))

    def who_msg(self, seat: int) -> str:
        """A player in a sentence: the name alone ("Cyd wins!"); "bot" is the seat's badge."""
        return self.shown.players[seat]

    def _apply(self, event) -> None:
        self.shown.apply(event)

    def _motion(self, seconds: float) -> float:
        return 0.0 if self.reduced else seconds

    def _moving(self, *beats: Beat) -> tuple[Beat, ...]:
        """``beats`` of motion, none with reduced motion (what they move is set at once)."""
        return () if self.reduced else beats

    def _fly(self, card: str, src, dst, face=(1.0, 1.0), path: Flight | None = None) -> CardSprite:
        """A card sprite from rect/point ``src`` to rect ``dst`` (sized like ``dst``), on
        the beats of ``path`` (a plain flight if None); the step that flies it declares them."""
        path = path or flight()
        start = src.center if hasattr(src, "center") else src
        sprite = CardSprite(card, start, dst.size, face=face[0])
        self.sprites.append(sprite)
        anim = self.timeline.animator
        if self.reduced:
            sprite.pos, sprite.face, sprite.lift = dst.center, face[1], 0.3
        else:
            anim.play(sprite, path.travel, pos=dst.center)
            anim.play(sprite, path.land, lift=0.3)
            if face[0] != face[1]:
                assert path.turn is not None, "a card that turns over flies a path that turns"
                anim.play(sprite, path.turn, face=face[1])
        if path.drop is not None:
            anim.play(sprite, path.drop, on_finished=lambda: self._drop(sprite))
        return sprite

    def _drop(self, sprite: CardSprite | None) -> None:
        if sprite is not None and sprite in self.sprites:
            self.sprites.remove(sprite)
        if sprite is self.flyer:
            self.flyer = None

    def _take_flyer(self, card: str, fallback) -> tuple:
        """The card in flight for this event, or a point to start it from."""
        sprite = self.flyer
        if sprite is not None and sprite.card == card:
            self._drop(sprite)
            return sprite.pos
        return fallback.center if hasattr(fallback, "center") else fallback

    def seat(self, seat: int) -> L.SeatLayout:
        return self.layout.seats[seat]

    def mods_count(self, seat: int) -> int:
        hand = self.shown.hands[seat]
        return len(hand.modifiers) + hand.second_chance + hand.freezes

    def line_slot(self, seat: int, extra: int = 1):
        n = len(self.shown.hands[seat].numbers)
        return L.line_card_rect(self.seat(seat), n, n + extra, self.mods_count(seat))

    def mod_slot(self, seat: int, index: int | None = None):
        count = self.mods_count(seat) + 1
        return L.mod_card_rect(
            self.seat(seat),
            count - 1 if index is None else index,
            count,
            len(self.shown.hands[seat].numbers),
        )

    def in_play_spot(self):
        return self.layout.in_play

    def tray_spot(self):
        slots = self.panel.slots
        return slots[1].copy()


#: the animation step of each kind of event, by the event's type: explicit, so that
#: "find usages" finds it and tests/test_ui_dispatch.py checks that every member of
#: :data:`game.events.Event` is here or in :data:`STEP_AT_ONCE`
STEP_BY_EVENT: dict[type, Callable[[Presenter, Any], Step]] = {
    ev.RoundStarted: RoundSteps._RoundStarted,
    ev.Hit: CardSteps._Hit,
    ev.CardDrawn: CardSteps._CardDrawn,
    ev.NumberAdded: CardSteps._land,
    ev.ModifierAdded: CardSteps._land,
    ev.Busted: CardSteps._Busted,
    ev.SecondChanceKept: CardSteps._SecondChanceKept,
    ev.SecondChanceGiven: CardSteps._SecondChanceGiven,
    ev.SecondChanceUsed: CardSteps._SecondChanceUsed,
    ev.TargetChosen: CardSteps._TargetChosen,
    ev.Frozen: CardSteps._Frozen,
    ev.FlipThreeStarted: CardSteps._FlipThreeStarted,
    ev.Staged: CardSteps._Staged,
    ev.FlipThreeEnded: CardSteps._FlipThreeEnded,
    ev.EffectQueued: CardSteps._EffectQueued,
    ev.CardDiscarded: CardSteps._CardDiscarded,
    ev.Stayed: RoundSteps._Stayed,
    ev.Flip7: RoundSteps._Flip7,
    ev.Reshuffled: RoundSteps._Reshuffled,
    ev.RoundScored: RoundSteps._RoundScored,
    ev.CardsCleared: RoundSteps._CardsCleared,
    ev.DealerPassed: RoundSteps._DealerPassed,
    ev.GameWon: RoundSteps._GameWon,
    ev.TieContinues: RoundSteps._TieContinues,
}
#: the events the display model takes at once, with nothing to animate (a card put in
#: play is shown by the step of the card drawn before it)
STEP_AT_ONCE: frozenset[type] = frozenset({ev.CardInPlay})
