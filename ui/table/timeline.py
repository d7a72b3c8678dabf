"""The presenter's clock: a queue of steps, each an animation with a start and an end.

A step's ``start`` moves the display model and plays its tweens; its ``finish``
lands whatever was in flight. A step declares the :class:`~ui.table.tween.Beat` of
each tween it plays and a rest after them: its duration is computed from them, one
clock for the step and its tweens (tests/test_ui_dispatch.py plays whole games and
checks that every tween a step plays is one of its beats). Steps play one after
another; a *gate* step stops the queue until :meth:`Timeline.release` (the round
summary waits for "Next round"). When more than :data:`CATCH_UP` seconds are
queued, time runs faster so the table never lags far behind the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.events import Event
from ui.table.tween import Animator, Beat

CATCH_UP = 2.5  # seconds of queued animation above which play speeds up
MAX_CATCH_UP = 6.0


@dataclass
class Step:
    """What a step shows, for as long as its beats take and then ``rest`` seconds.

    >>> fly = Beat("decelerate", 0.25)
    >>> Step(0.5, beats=(fly, Beat("out_back", 0.125, delay=0.125))).duration
    0.75
    >>> Step(1.4, beats=(Beat("accelerate", 0.4, delay=1.2, trailing=True),)).duration
    1.4
    """

    rest: float = 0.0  # seconds after the last beat that is not trailing
    start: Callable[[], None] | None = None
    finish: Callable[[], None] | None = None
    gate: str | None = None
    hide: frozenset = frozenset()  # things the drawing leaves out while this step plays
    savour: bool = False  # a moment to see (a Flip 7, the winner): never faster than ×1
    #: the timing of every tween the step plays (none with reduced motion)
    beats: tuple[Beat, ...] = ()
    elapsed: float = 0.0
    event: Event | None = None  # the engine's event it shows (heard as it starts: Presenter.cue)

    @property
    def duration(self) -> float:
        """The end of the beats the step waits for, then its rest."""
        return max((b.end for b in self.beats if not b.trailing), default=0.0) + self.rest


class Timeline:
    def __init__(self) -> None:
        self.animator = Animator()
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.gate: str | None = None
        self.speed = 1.0
        self.on_start: Callable[[Step], None] | None = None  # told as each step begins to play
        self.skipping = False  # inside skip(): steps are finished at once, unseen

    # ------------------------------------------------------------ queries
    @property
    def settled(self) -> bool:
        """Nothing left to play and no gate waiting: the display model equals the game."""
        return (
            self.current is None
            and not self.steps
            and self.gate is None
            and not self.animator.running
        )

    @property
    def hidden(self) -> frozenset:
        return self.current.hide if self.current is not None else frozenset()

    def queued(self) -> float:
        """Seconds of animation queued before the next gate."""
        total = 0.0 if self.current is None else self.current.duration - self.current.elapsed
        for step in self.steps:
            if step.gate:
                break
            total += step.duration
        return total

    def rate(self) -> float:
        return self.speed * min(MAX_CATCH_UP, max(1.0, self.queued() / CATCH_UP))

    # ------------------------------------------------------------ control
    def add(self, step: Step) -> None:
        self.steps.append(step)

    def release(self) -> None:
        self.gate = None

    def update(self, dt: float) -> None:
        """Play ``dt`` seconds (scaled by the speed and the catch-up; a step to savour
        plays at most at normal speed)."""
        step = self.current or (self.steps[0] if self.steps else None)
        rate = self.rate()
        t = dt * (min(1.0, rate) if step is not None and step.savour else rate)
        while self.gate is None:
            if self.current is None:
                if not self.steps:
                    break
                if self.steps[0].gate:
                    self.gate = self.steps.popleft().gate
                    break
                self._start(self.steps.popleft())
            cur = self.current
            assert cur is not None  # _start set it
            left = cur.duration - cur.elapsed
            if t < left:
                cur.elapsed += t
                self.animator.update(t)
                return
            self.animator.update(left)
            t -= left
            self._finish()
        if t > 0:
            self.animator.update(t)

    def skip(self) -> None:
        """Finish everything up to the next gate at once."""
        self.skipping = True
        try:
            self._skip()
        finally:
            self.skipping = False

    def _skip(self) -> None:
        while True:
            self.animator.finish_all()
            if self.current is not None:
                self._finish()
            if self.gate is not None or not self.steps:
                break
            if self.steps[0].gate:
                self.gate = self.steps.popleft().gate
                break
            self._start(self.steps.popleft())
        self.animator.finish_all()

    def _start(self, step: Step) -> None:
        self.current = step
        if step.start is not None:
            step.start()
        if self.on_start is not None:
            self.on_start(step)

    def _finish(self) -> None:
        step, self.current = self.current, None
        if step is not None and step.finish is not None:
            step.finish()
