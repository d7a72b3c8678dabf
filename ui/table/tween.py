"""A small tween registry and animator, after pgzero's ``animation.py``.

>>> class Box:
...     x = 0.0
>>> box, animator = Box(), Animator()
>>> anim = animator.animate(box, "linear", 1.0, x=10.0)
>>> animator.update(0.5); box.x
5.0
>>> animator.update(1.0); box.x, animator.running
(10.0, False)

Targets may be numbers or tuples of numbers (positions, colours). Every
animation runs on the clock the caller feeds to :meth:`Animator.update`, so a
speed factor or "finish now" applies to all of them at once.

A :class:`Beat` is a tween's timing, apart from what it moves: a step of the table
(:mod:`ui.table.timeline`) declares its beats, lasts as long as they take, and plays
each with :meth:`Animator.play`.

>>> pop = Beat("out_back", 0.25, delay=0.5)
>>> anim = animator.play(box, pop, x=20.0)
>>> pop.end, (anim.tween, anim.duration, anim.delay) == (out_back, 0.25, 0.5)
(0.75, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

TWEENS: dict[str, Callable[[float], float]] = {}


def tween(fn: Callable[[float], float]) -> Callable[[float], float]:
    """Register an easing function ``[0, 1] -> [0, 1]`` under its name."""
    TWEENS[fn.__name__] = fn
    return fn


@tween
def linear(n: float) -> float:
    return n


@tween
def accelerate(n: float) -> float:
    return n * n


@tween
def decelerate(n: float) -> float:
    return -1.0 * n * (n - 2.0)


@tween
def accel_decel(n: float) -> float:
    p = n * 2
    if p < 1:
        return 0.5 * p * p
    p -= 1.0
    return -0.5 * (p * (p - 2.0) - 1.0)


@tween
def out_back(n: float) -> float:
    """Overshoot a little, then settle: a card landing."""
    s = 1.70158
    n -= 1.0
    return n * n * ((s + 1) * n + s) + 1.0


@tween
def out_elastic(n: float) -> float:
    if n in (0.0, 1.0):
        return n
    return math.pow(2, -10 * n) * math.sin((n - 0.075) * (2 * math.pi) / 0.3) + 1.0


@tween
def bounce_end(n: float) -> float:
    if n < 1 / 2.75:
        return 7.5625 * n * n
    if n < 2 / 2.75:
        n -= 1.5 / 2.75
        return 7.5625 * n * n + 0.75
    if n < 2.5 / 2.75:
        n -= 2.25 / 2.75
        return 7.5625 * n * n + 0.9375
    n -= 2.625 / 2.75
    return 7.5625 * n * n + 0.984375


@tween
def shake(n: float) -> float:
    """0 → ±1 → 0, four swings that fade: add it to a position as an offset."""
    return math.sin(n * math.pi * 8) * (1.0 - n)


@tween
def pulse(n: float) -> float:
    """0 → 1 → 0."""
    return math.sin(n * math.pi)


@dataclass(frozen=True)
class Beat:
    """A tween's timing on the clock of the step that plays it: ``tween`` for ``duration``
    seconds, ``delay`` seconds after it is played. A *trailing* beat runs on past its
    step's end (a banner fading over what comes next): the step does not wait for it."""

    tween: str
    duration: float
    delay: float = 0.0
    trailing: bool = False

    @property
    def end(self) -> float:
        return self.delay + self.duration


def _lerp(a, b, t: float):
    if isinstance(a, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    return a + (b - a) * t


class Animation:
    """Moves attributes of ``obj`` from their current values to ``targets``."""

    __slots__ = (
        "obj",
        "tween",
        "duration",
        "delay",
        "elapsed",
        "on_finished",
        "start",
        "targets",
        "done",
    )

    def __init__(
        self,
        obj: object,
        tween_name: str,
        duration: float,
        delay: float,
        on_finished: Callable[[], None] | None,
        targets: dict,
    ) -> None:
        self.obj = obj
        self.tween = TWEENS[tween_name]
        self.duration = max(duration, 1e-6)
        self.delay = delay
        self.elapsed = 0.0
        self.on_finished = on_finished
        self.targets = targets
        self.start: dict | None = None
        self.done = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        if self.start is None:  # read start values when the delay is over
            self.start = {k: getattr(self.obj, k) for k in self.targets}
        n = min(t / self.duration, 1.0)
        eased = self.tween(n)
        for key, target in self.targets.items():
            setattr(self.obj, key, _lerp(self.start[key], target, eased))
        if n >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end (the eased end value of a tween like ``shake`` is its start)."""
        if self.done:
            return
        self.done = True
        end = self.tween(1.0)
        if self.start is None:
            self.start = {k: getattr(self.obj, k) for k in self.targets}
        for key, target in self.targets.items():
            setattr(self.obj, key, _lerp(self.start[key], target, end))
        if self.on_finished is not None:
            self.on_finished()


class Animator:
    """Every running animation; :meth:`update` advances them all."""

    def __init__(self) -> None:
        self.animations: list[Animation] = []

    def animate(
        self,
        obj: object,
        tween: str = "linear",
        duration: float = 1.0,
        on_finished: Callable[[], None] | None = None,
        delay: float = 0.0,
        **targets,
    ) -> Animation:
        """Start an animation (one per object and attribute: a new one replaces the old)."""
        for old in self.animations:
            if old.obj is obj and not old.done and old.targets.keys() & targets.keys():
                old.finish()
        anim = Animation(obj, tween, duration, delay, on_finished, targets)
        self.animations.append(anim)
        return anim

    def play(
        self, obj: object, beat: Beat, on_finished: Callable[[], None] | None = None, **targets
    ) -> Animation:
        """Start the tween of ``beat``, at its timing, on ``obj``'s ``targets``."""
        return self.animate(obj, beat.tween, beat.duration, on_finished, beat.delay, **targets)

    @property
    def running(self) -> bool:
        return any(not a.done for a in self.animations)

    def update(self, dt: float) -> None:
        for anim in list(self.animations):
            anim.update(dt)
        self.animations = [a for a in self.animations if not a.done]

    def finish_all(self) -> None:
        while self.animations:
            anims, self.animations = self.animations, []
            for anim in anims:
                anim.finish()
