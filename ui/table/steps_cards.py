"""The steps of cards on the move: dealt, kept, given, staged, queued, discarded.

A mixin of :class:`ui.table.presenter.Presenter`: one method per engine event, each
returning the :class:`~ui.table.timeline.Step` that animates it. A step names the
beats of the tweens it plays (a card's :func:`flight`, a shake, a flash), and its
duration is theirs and a rest after them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game import events as ev
from game.cards import FLIP_THREE, FREEZE, MODIFIERS, SECOND_CHANCE
from ui.assets import ICE, RED
from ui.i18n import Listed, Msg, card_msg, t
from ui.table import layout as L
from ui.table.sprites import CardSprite
from ui.table.step_host import StepHost
from ui.table.timeline import Step
from ui.table.tween import Beat

PRESS, TRAVEL, FLIP, REST = 0.07, 0.24, 0.19, 0.22  # seconds, at speed 1
SHAKE = 0.42
#: the draw pile's top card settling after a hit: over the card's flight that follows
PILE = Beat("decelerate", PRESS + TRAVEL * 0.5, trailing=True)
#: a Freeze's cold flash over its seat, fading as play goes on
CHILL = Beat("decelerate", 0.6, trailing=True)


@dataclass(frozen=True)
class Flight:
    """The beats of a card in flight: it travels, lifts and settles as it lands, turns
    face up on the way (``turn``), and leaves the table once there if it is not kept
    (``drop``, which the step does not wait for)."""

    travel: Beat
    land: Beat
    turn: Beat | None = None
    drop: Beat | None = None

    def beats(self, reduced: bool) -> tuple[Beat, ...]:
        """What the step flying it plays: with reduced motion the card is there at once,
        and only its removal is timed."""
        moving = () if reduced else (self.travel, self.land, self.turn)
        return tuple(b for b in (*moving, self.drop) if b is not None)


def flight(
    duration: float = TRAVEL, turn: bool = False, keep: bool = True, held: bool = True
) -> Flight:
    """A card's flight of ``duration`` seconds; one not ``held`` is over within its step's
    rest, which does not wait for it.

    >>> [b.end for b in flight(0.5, turn=True, keep=False).beats(reduced=False)]
    [0.5, 0.5, 0.39, 0.51]
    >>> flight().beats(reduced=True)
    ()
    """
    trail = not held
    return Flight(
        Beat("decelerate", duration, trailing=trail),
        Beat("out_back", duration * 0.6, delay=duration * 0.4, trailing=trail),
        Beat("accel_decel", FLIP, delay=duration * 0.4, trailing=trail) if turn else None,
        None if keep else Beat("linear", 0.01, delay=duration, trailing=True),
    )


class CardSteps(StepHost):
    def _Hit(self, e: ev.Hit) -> Step:
        def start() -> None:
            self._apply(e)  # the caption waits for the card: "Léa hits: 7"
            if not self.reduced:
                self.pile_lift = 1.0
                self.timeline.animator.play(self, PILE, pile_lift=0.0)

        return Step(self._motion(PRESS), start, beats=self._moving(PILE))

    def _CardDrawn(self, e: ev.CardDrawn) -> Step:
        path = flight(turn=True)
        step = Step(REST, beats=path.beats(self.reduced))
        waits = False  # the card stays in play for its receiver's choice

        def start() -> None:
            nonlocal waits
            hand = self.shown.hands[e.seat]
            spare = e.card == SECOND_CHANCE and hand.second_chance
            waits = (e.card in (FREEZE, FLIP_THREE) and e.cause != "flip_three") or spare
            if waits:  # it waits in play for its receiver's choice (R5.1, R5.3)
                dst = self.in_play_spot()
                step.hide = frozenset({("in_play", e.card)})
            elif e.card in MODIFIERS or e.card == SECOND_CHANCE:
                dst = self.mod_slot(e.seat, len(hand.modifiers))
            else:
                dst = self.line_slot(e.seat)
            self._apply(e)
            self.flyer = self._fly(e.card, self.layout.draw_pile, dst, (0.0, 1.0), path)
            key = {"hit": "caption.hit_card", "deal": "caption.dealt"}.get(
                e.cause, "caption.f3_card"
            )
            self.say(Msg(key, who=self.who_msg(e.seat), card=card_msg(e.card), slot=e.slot))

        def finish() -> None:
            if waits:
                self._drop(self.flyer)

        step.start, step.finish = start, finish
        return step

    def _land(self, e: ev.NumberAdded | ev.ModifierAdded) -> Step:
        def start() -> None:
            self._drop(self.flyer)
            self._apply(e)

        return Step(0.0, start)

    _NumberAdded = _ModifierAdded = _land

    def _SecondChanceKept(self, e: ev.SecondChanceKept) -> Step:
        def start() -> None:
            self._drop(self.flyer)
            self._apply(e)
            self.say(Msg("caption.sc_kept", who=self.who_msg(e.seat)))

        return Step(REST, start)

    def _Busted(self, e: ev.Busted) -> Step:
        def start() -> None:
            self._drop(self.flyer)
            self._apply(e)
            fx = self.fx[e.seat]
            self.say(Msg("caption.bust", who=self.who_msg(e.seat), card=e.card))
            if self.reduced:
                return
            fx.face_down = 0.0
            fx.flash_color, fx.flash = RED, 0.8
            amp = max(4.0, self.seat(e.seat).card[0] * 0.18)
            anim = self.timeline.animator
            anim.play(fx, shake, shake=amp)
            anim.play(fx, fade, flash=0.0)
            anim.play(fx, turn, face_down=1.0)

        shake, fade = Beat("shake", SHAKE), Beat("decelerate", SHAKE)
        turn = Beat("accel_decel", FLIP, delay=SHAKE)  # the hand turns face down
        return Step(REST, start, beats=self._moving(shake, fade, turn))

    def _SecondChanceUsed(self, e: ev.SecondChanceUsed) -> Step:
        path = flight(keep=False)
        step = Step(REST, hide=frozenset({("sc", e.seat)}), beats=path.beats(self.reduced))

        def start() -> None:
            hand = self.shown.hands[e.seat]
            src = self._take_flyer(e.card, self.line_slot(e.seat))
            sc_src = L.mod_card_rect(
                self.seat(e.seat), len(hand.modifiers), self.mods_count(e.seat), len(hand.numbers)
            )
            discard = self.layout.discard_pile
            self._fly(e.card, src, discard, path=path)
            self._fly(SECOND_CHANCE, sc_src, discard, path=path)
            self.say(Msg("caption.sc_used", who=self.who_msg(e.seat), card=e.card))

        step.start, step.finish = start, lambda: self._apply(e)
        return step

    def _SecondChanceGiven(self, e: ev.SecondChanceGiven) -> Step:
        path = flight()
        step = Step(
            REST, hide=frozenset({("in_play", SECOND_CHANCE)}), beats=path.beats(self.reduced)
        )

        sprite: CardSprite | None = None

        def start() -> None:
            nonlocal sprite
            src = self._take_flyer(SECOND_CHANCE, self.in_play_spot())
            hand = self.shown.hands[e.receiver]
            sprite = self._fly(
                SECOND_CHANCE, src, self.mod_slot(e.receiver, len(hand.modifiers)), path=path
            )
            self.say(
                Msg("caption.sc_given", who=self.who_msg(e.giver), target=self.who_msg(e.receiver))
            )

        def finish() -> None:
            self._drop(sprite)
            self._apply(e)

        step.start, step.finish = start, finish
        return step

    def _TargetChosen(self, e: ev.TargetChosen) -> Step:
        path = flight()
        step = Step(
            REST * 0.5, hide=frozenset({("in_play", e.card)}), beats=path.beats(self.reduced)
        )

        def start() -> None:
            src = self._take_flyer(e.card, self.in_play_spot())
            dst = self.mod_slot(e.target) if e.card == FREEZE else self.line_slot(e.target)
            self.flyer = self._fly(e.card, src, dst, path=path)
            if e.chooser == e.target:
                self.say(
                    Msg("caption.target_self", who=self.who_msg(e.chooser), card=card_msg(e.card))
                )
            else:
                self.say(
                    Msg(
                        "caption.target",
                        who=self.who_msg(e.chooser),
                        card=card_msg(e.card),
                        target=self.who_msg(e.target),
                    )
                )

        step.start, step.finish = start, lambda: self._apply(e)
        return step

    def _effect(self, e, card: str, dst_fn, on_start, effect: tuple[Beat, ...] = ()) -> Step:
        """Frozen / FlipThreeStarted: right after its TargetChosen, or from the queue (R5.5).

        The event says which (``from_queue``); ``effect``: the beats ``on_start`` plays."""
        if e.from_queue:  # it flies from the head of the queue, and takes effect as it lands
            path = flight()
            landing = Beat("linear", 0.001, delay=self._motion(TRAVEL))
            step = Step(REST, beats=(*path.beats(self.reduced), landing, *effect))
        else:  # the Flip Three goes to the tray while its caption is read
            path = flight(keep=False, held=False)
            beats = path.beats(self.reduced) if card == FLIP_THREE else ()
            step = Step(REST * 1.5, beats=(*beats, *effect))

        landing_due: Callable[[], None] | None = None  # the landing, until it has happened

        def start() -> None:
            nonlocal landing_due
            if not e.from_queue:
                src = self._take_flyer(card, dst_fn())
                self._apply(e)
                if card == FLIP_THREE:
                    self._fly(card, src, dst_fn(), path=path)
                on_start()
            else:
                step.hide = frozenset({("queue", 0)})
                sprite = self._fly(card, L.queue_card_rect(self.panel, 0), dst_fn(), path=path)

                def land() -> None:
                    nonlocal landing_due
                    if landing_due is None:
                        return  # it landed already (the step was finished early)
                    landing_due = None
                    self._drop(sprite)
                    step.hide = frozenset()
                    self._apply(e)
                    on_start()

                landing_due = land
                self.timeline.animator.play(sprite, landing, on_finished=land)

        def finish() -> None:
            if landing_due is not None:
                landing_due()

        step.start, step.finish = start, finish
        return step

    def _Frozen(self, e: ev.Frozen) -> Step:
        def on_start() -> None:
            fx = self.fx[e.seat]
            fx.flash_color = ICE
            if not self.reduced:
                fx.flash = 1.0
                self.timeline.animator.play(fx, CHILL, flash=0.0)
            if e.by == e.seat:
                self.say(Msg("caption.frozen", who=self.who_msg(e.seat), score=e.score))
            else:  # who did it, too: the reason is on screen
                self.say(
                    Msg(
                        "caption.frozen_by",
                        who=self.who_msg(e.seat),
                        score=e.score,
                        by=self.who_msg(e.by),
                    )
                )

        return self._effect(e, FREEZE, lambda: self.mod_slot(e.seat), on_start, self._moving(CHILL))

    def _FlipThreeStarted(self, e: ev.FlipThreeStarted) -> Step:
        def on_start() -> None:
            self.say(Msg("caption.flip3", who=self.who_msg(e.seat)))

        return self._effect(e, FLIP_THREE, self.tray_spot, on_start)

    def _Staged(self, e: ev.Staged) -> Step:
        path = flight()
        step = Step(REST * 0.5, beats=path.beats(self.reduced))

        sprite: CardSprite | None = None

        def start() -> None:
            nonlocal sprite
            src = self._take_flyer(e.card, self.line_slot(e.seat))
            n = len(self.shown.staged)
            rect = L.staged_card_rect(self.panel, n, n + 1)
            sprite = self._fly(e.card, src, rect, path=path)
            self.say(Msg("caption.staged", card=card_msg(e.card)))

        def finish() -> None:
            self._drop(sprite)
            self._apply(e)

        step.start, step.finish = start, finish
        return step

    def _FlipThreeEnded(self, e: ev.FlipThreeEnded) -> Step:
        """The three cards rest a moment in the tray, then it empties (every time)."""

        path = flight(keep=False)

        def start() -> None:
            self._fly(FLIP_THREE, self.tray_spot(), self.layout.discard_pile, path=path)
            ft = self.shown.flip_three
            if ft is not None and ft.cards:
                self.say(
                    Msg(
                        "caption.f3_done",
                        who=self.who_msg(e.seat),
                        cards=Listed(card_msg(c) for c in ft.cards),
                    )
                )

        return Step(REST, start, lambda: self._apply(e), beats=path.beats(self.reduced))

    def _EffectQueued(self, e: ev.EffectQueued) -> Step:
        path = flight()
        step = Step(REST, hide=frozenset({("staged", 0)}), beats=path.beats(self.reduced))

        sprite: CardSprite | None = None

        def start() -> None:
            nonlocal sprite
            src = L.staged_card_rect(self.panel, 0, len(self.shown.staged))
            dst = L.queue_card_rect(self.panel, len(self.shown.queue))
            sprite = self._fly(e.card, src, dst, path=path)
            self.say(Msg("caption.queued", card=card_msg(e.card), target=self.who_msg(e.target)))

        def finish() -> None:
            self._drop(sprite)
            self._apply(e)

        step.start, step.finish = start, finish
        return step

    def _CardDiscarded(self, e: ev.CardDiscarded) -> Step:
        quiet = e.reason == ev.DiscardReason.ROUND_OVER
        hide = {"in_play": ("in_play", e.card), "tray": ("staged", 0), "queue": ("queue", 0)}.get(
            e.origin
        )
        path = flight(keep=False)
        step = Step(
            0.0 if quiet else REST,
            hide=frozenset({hide}) if hide else frozenset(),
            beats=path.beats(self.reduced),
        )

        def start() -> None:
            if e.origin == "tray":
                src = L.staged_card_rect(self.panel, 0, len(self.shown.staged))
            elif e.origin == "queue":
                src = L.queue_card_rect(self.panel, 0)
            else:
                src = self._take_flyer(e.card, self.in_play_spot())
            self._fly(e.card, src, self.layout.discard_pile, path=path)
            if not quiet:
                self.say(
                    Msg("caption.discarded", card=card_msg(e.card), reason=t("reason." + e.reason))
                )

        step.start, step.finish = start, lambda: self._apply(e)
        return step
