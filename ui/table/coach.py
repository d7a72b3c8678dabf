"""The coach in the replay viewer: the review of a game (``game.commands.review``), its marks.

- *Coach* (``C``) in the replay viewer computes the review — off the window's thread
  (:class:`ReviewJob`), a progress bar on screen that Esc cancels (``review_progress``)
  — and opens the summary
  (:class:`ui.table.review_screen.ReviewScene`, by name); the costly decisions are then
  marked on a strip along the top of the bar, above its words (a click there jumps to
  the nearest one; ``[`` and ``]`` step through them).
- ``App.review_game`` — the game-over screen's *Review*: the replay of the game just
  played, with the review on top (Esc: back to the replay, then to the game over).

The humans are reviewed; in a game of bots only, every seat.
"""

from __future__ import annotations

import logging
import threading

import pygame

from game.commands.review import Review, ReviewCancelled, Reviewed, review_data
from ui.assets import BAND, GOLD
from ui.i18n import Msg, card_msg, signed, t

MARK = (236, 110, 110)
log = logging.getLogger(__name__)


def review_replay(replay, progress=None) -> Review:
    """The review of a replay's file: its humans, or every seat when there are none."""
    data = replay.data
    humans = [p for p in data["players"] if isinstance(p, str)]
    return review_data(data, humans or [p["name"] for p in data["players"]], progress)


class ReviewJob:
    """The review of ``replay`` computed in a thread of its own, so the window keeps
    drawing: :attr:`fraction` says how far it is, :meth:`cancel` stops it at the next
    decision; once :attr:`finished`, :attr:`review` (or :attr:`error`) holds the outcome."""

    def __init__(self, replay) -> None:
        self.replay = replay
        self.fraction = 0.0
        self.review: Review | None = None
        self.error: Exception | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="coach", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.review = review_replay(self.replay, self._progress)
        except ReviewCancelled:
            pass
        except Exception as error:  # never expected: the replay was read already
            log.warning("the review failed: %r", error)
            self.error = error

    def _progress(self, done: int, total: int) -> bool:
        self.fraction = done / max(1, total)
        return not self._stop.is_set()

    @property
    def finished(self) -> bool:
        return not self._thread.is_alive()

    def cancel(self) -> None:
        self._stop.set()


def line_msg(d: Reviewed, short: bool = False) -> Msg:
    """One decision as a sentence in the language of the moment; ``short``: without its
    round and the hand it was made on (the replay's bar, where the table shows them)."""
    hit_or_stay = d.decision == "hit_or_stay"
    expert = Msg("review.expert", what=Msg(f"button.{d.expert}") if hit_or_stay else d.expert)
    card = card_msg(d.card or "")
    if short and hit_or_stay:
        what = Msg(f"review.bar_{d.did}", who=d.player)
    elif short:
        what = Msg("review.bar_target", who=d.player, card=card, target=d.did)
    elif hit_or_stay:
        risk = f"{d.bust_risk * 100:.0f}"
        what = Msg(f"review.{d.did}_line", round=d.round, who=d.player, risk=risk, score=d.score)
    else:
        what = Msg("review.target_line", round=d.round, who=d.player, card=card, target=d.did)
    if d.matched:
        return Msg("review.matched", what=what)
    return Msg.counted(
        "review.cost",
        round(d.cost_points, 1),
        what=what,
        points=signed(-d.cost_points, 1),  # a cost: what the decision lost
        win=signed(-d.cost_win * 100, 0),
        expert=expert,
    )


def marks(review: Review) -> list[int]:
    """The decisions (action indices) marked on the replay's strip: the costly ones."""
    return sorted(d.action for d in review.decisions if d.costly)


# ------------------------------------------------------------------ the replay's strip
def strip_rect(viewer) -> pygame.Rect:
    """The strip: along the top of the bar, in the free band over its first line (the
    bar's two lines of detail fill it down to its bottom edge)."""
    lay = viewer.bar_layout()
    h = max(3, round(lay.bar.h * 0.06))
    return pygame.Rect(lay.prompt.x, lay.bar.y + max(2, round(3 * lay.unit)), lay.prompt.w, h)


def mark_x(viewer, k: int) -> int:
    r = strip_rect(viewer)
    return r.x + round(r.w * k / max(1, len(viewer.replay)))


def mark_rects(viewer) -> list[tuple[pygame.Rect, tuple[int, ...]]]:
    """What the strip draws, in order: the band, each costly decision (red, a pixel over
    the band above and below), the decision shown (gold)."""
    r = strip_rect(viewer)
    out: list[tuple[pygame.Rect, tuple[int, ...]]] = [(r, BAND)]
    for k in marks(viewer.review):
        out.append((pygame.Rect(mark_x(viewer, k) - 1, r.y - 1, 3, r.h + 2), MARK))
    out.append((pygame.Rect(mark_x(viewer, viewer.k) - 1, r.y, 2, r.h), GOLD))
    return out


def draw_marks(surface: pygame.Surface, viewer) -> None:
    """The strip: the game from its first decision to its last, costly decisions in red."""
    for rect, color in mark_rects(viewer):
        pygame.draw.rect(surface, color, rect)


def command(viewer, name: str) -> None:
    """``coach`` (show the review), ``prev_mark`` / ``next_mark`` (jump along the marks).
    The first asks for the review: it is computed with a progress bar on screen
    (``review_progress``), which carries out ``name`` once it is done."""
    if viewer.review is None:
        viewer.set_playing(False)
        viewer.app.go("review_progress", viewer, name)
        return
    if name == "coach":
        viewer.set_playing(False)
        viewer.app.go("review", viewer)
        return
    ks = marks(viewer.review)
    if name == "next_mark":
        later = [k for k in ks if k > viewer.k]
        if later:
            viewer.playing = False
            viewer.goto(later[0])
    else:
        earlier = [k for k in ks if k < viewer.k]
        if earlier:
            viewer.playing = False
            viewer.goto(earlier[-1])


def bar_note(viewer, detail: str) -> str:
    """The bar's second line at a reviewed decision: the coach's verdict on the decision
    about to be made (who decides and what they did say what comes next)."""
    for d in viewer.review.decisions:
        if d.action == viewer.k:
            return f"{t('review.coach')}  ·  {line_msg(d, short=True)}"
    return detail


def click_strip(viewer, pos) -> bool:
    """A click on the strip jumps to the nearest marked decision."""
    near = strip_rect(viewer).inflate(0, 10).clip(viewer.bar_layout().bar)
    if viewer.review is None or not near.collidepoint(pos):
        return False
    ks = marks(viewer.review)
    if ks:
        viewer.playing = False
        viewer.goto(min(ks, key=lambda k: abs(mark_x(viewer, k) - pos[0])))
    return True
