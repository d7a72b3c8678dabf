"""What the steps' mixins (:mod:`ui.table.steps_cards`, :mod:`ui.table.steps_round`) use
of the :class:`~ui.table.presenter.Presenter` they are part of: declared here once, so
that mypy checks every step's closures against it. Nothing of it exists at run time."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.i18n import Msg
    from ui.table import layout as L
    from ui.table.display import Shown
    from ui.table.sprites import CardSprite, Confetti, SeatFx, TextSprite
    from ui.table.steps_cards import Flight
    from ui.table.timeline import Timeline
    from ui.table.tween import Beat


class StepHost:
    if TYPE_CHECKING:
        shown: Shown
        timeline: Timeline
        reduced: bool
        rng: random.Random
        fx: list[SeatFx]
        sprites: list[CardSprite]
        labels: list[TextSprite]
        banners: list[TextSprite]
        confetti: list[Confetti]
        flyer: CardSprite | None
        pile_lift: float
        layout: L.TableLayout
        panel: L.PanelLayout

        def say(self, text: Msg | str) -> None: ...
        def who(self, seat: int) -> str: ...
        def who_msg(self, seat: int) -> str: ...
        def measure(self, text: str, px: int) -> float: ...
        def _apply(self, event: Any) -> None: ...
        def _motion(self, seconds: float) -> float: ...
        def _moving(self, *beats: Beat) -> tuple[Beat, ...]: ...
        def _fly(
            self,
            card: str,
            src: Any,
            dst: Any,
            face: tuple[float, float] = (1.0, 1.0),
            path: Flight | None = None,
        ) -> CardSprite: ...
        def _drop(self, sprite: CardSprite | None) -> None: ...
        def _take_flyer(self, card: str, fallback: Any) -> Any: ...
        def seat(self, seat: int) -> L.SeatLayout: ...
        def mods_count(self, seat: int) -> int: ...
        def line_slot(self, seat: int, extra: int = 1) -> Any: ...
        def mod_slot(self, seat: int, index: int | None = None) -> Any: ...
        def in_play_spot(self) -> Any: ...
        def tray_spot(self) -> Any: ...
