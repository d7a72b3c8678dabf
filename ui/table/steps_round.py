"""The steps of the round's big moments: stays, Flip 7, reshuffles, scoring, the end.

A mixin of :class:`ui.table.presenter.Presenter`, like :mod:`ui.table.steps_cards`;
a banner's beats are :func:`banner_beats`.
"""

from __future__ import annotations

from game import events as ev
from ui.assets import CREAM, GOLD, RED
from ui.i18n import Msg, t
from ui.table import layout as L
from ui.table.sprites import Confetti, TextSprite
from ui.table.step_host import StepHost
from ui.table.steps_cards import REST, TRAVEL, flight
from ui.table.timeline import Step
from ui.table.tween import Beat

#: a Flip 7's golden flash over its seat
GLOW = Beat("decelerate", 1.2)
#: the totals counting up to the round's, once the hands' scores are shown
COUNT = Beat("decelerate", 0.9, delay=0.7)


def banner_beats(seconds: float, trailing: bool = False) -> tuple[Beat, Beat]:
    """A banner's beats: it grows in, and fades out by ``seconds``; ``trailing``: it
    fades over what comes after its step.

    >>> [b.end for b in banner_beats(1.5)]
    [0.7, 1.5]
    """
    grow = Beat("out_elastic", 0.7, trailing=trailing)
    return grow, Beat("accelerate", 0.4, delay=seconds - 0.4, trailing=trailing)


def score_pop(seat: int) -> Beat:
    """A hand's score bubble popping up, one seat after the other."""
    return Beat("out_back", 0.35, delay=0.05 * seat)


class RoundSteps(StepHost):
    def _RoundStarted(self, e: ev.RoundStarted) -> Step:
        def start() -> None:
            self._apply(e)
            for fx in self.fx:
                fx.face_down, fx.total = 1.0, None
            round_no = self.shown.round_shown
            self.say(Msg("caption.round", round=round_no, dealer=self.who_msg(e.dealer)))

        return Step(REST * 2, start)

    def _Stayed(self, e: ev.Stayed) -> Step:
        def start() -> None:
            self._apply(e)
            key = "caption.stay_forced" if e.forced else "caption.stay"
            self.say(Msg(key, who=self.who_msg(e.seat), score=e.score))

        return Step(REST * 1.5, start)

    def _Flip7(self, e: ev.Flip7) -> Step:
        def start() -> None:
            self._apply(e)
            box = self.seat(e.seat).box
            self.say(Msg("caption.flip7", who=self.who_msg(e.seat)))
            cx, cy = self.layout.center.center  # over the seat, leaning towards the middle
            pos = ((box.centerx * 2 + cx) / 3, (box.centery + cy) / 2)
            text, size = t("banner.flip7"), self.layout.font(60)
            guess = L.Rect(0, 0, round(len(text) * size * 0.75 + size), round(size * 1.7))
            guess.center = round(pos[0]), round(pos[1])  # a little wider than it is drawn
            pos = L.clear_of(guess, self.layout.caption, self.layout.table).center  # readable
            self._banner(text, pos, 60, GOLD, banner)
            if not self.reduced:
                self.confetti.append(Confetti(box.center, 90, self.layout.unit, self.rng))
                fx = self.fx[e.seat]
                fx.flash_color, fx.flash = GOLD, 1.0
                self.timeline.animator.play(fx, GLOW, flash=0.0)

        banner = banner_beats(1.5)
        return Step(0.1, start, savour=True, beats=self._banner_beats(banner, GLOW))

    def _banner_beats(self, banner: tuple[Beat, Beat], *more: Beat) -> tuple[Beat, ...]:
        """What a step showing ``banner`` plays: with reduced motion the banner is there at
        once (it still fades), and ``more`` is not played."""
        grow, fade = banner
        return (*self._moving(grow, *more), fade)

    def _banner(self, text: str, pos, size: int, color, beats: tuple[Beat, Beat]) -> None:
        sprite = TextSprite(
            text, pos, self.layout.font(size), color, scale=0.2, bg=(24, 16, 6, 235)
        )
        self.banners.append(sprite)
        anim = self.timeline.animator
        grow, fade = beats
        if self.reduced:
            sprite.scale = 1.0
        else:
            anim.play(sprite, grow, scale=1.0)
        anim.play(sprite, fade, alpha=0.0, on_finished=lambda: self.banners.remove(sprite))

    def _Reshuffled(self, e: ev.Reshuffled) -> Step:
        paths = [flight(TRAVEL + i * 0.05, keep=False) for i in range(4)]  # one after another
        beats = tuple(b for path in paths for b in path.beats(self.reduced))
        step = Step(REST, hide=frozenset({("discard",)}), beats=beats)

        def start() -> None:
            for path in paths:
                s = self._fly(
                    "back", self.layout.discard_pile, self.layout.draw_pile, (0.0, 0.0), path
                )
                s.card = "back"
            self.say(Msg("caption.reshuffle"))

        step.start, step.finish = start, lambda: self._apply(e)
        return step

    def _RoundScored(self, e: ev.RoundScored) -> Step:
        def start() -> None:
            old = list(self.shown.totals)
            self._apply(e)
            anim = self.timeline.animator
            for seat, result in enumerate(e.results):
                fx = self.fx[seat]
                fx.total = float(old[seat])
                anim.play(fx, COUNT, total=float(e.totals[seat]))
                self.labels.append(self._score_label(seat, result))

        pops = self._moving(*(score_pop(seat) for seat in range(len(e.results))))
        return Step(0.2, start, beats=(COUNT, *pops))

    def _score_label(self, seat: int, r: ev.HandResult) -> TextSprite:
        lay = self.seat(seat)
        size = max(12, round(lay.text * 1.05))
        if r.busted:
            text, color = f"{t('status.busted')} · 0", RED
        elif r.calculation == str(r.score):
            text, color = str(r.score), CREAM
        else:
            text, color = f"{r.calculation} = {r.score}", GOLD if r.flip7 else CREAM
        spot = self._label_spot(seat, text, size)
        if spot is None:  # too long for this seat: the result alone (the summary counts it)
            text = "0" if r.busted else str(r.score)
            spot = self._label_spot(seat, text, size) or self._under_line(seat, text, size)
        pos, size = spot
        sprite = TextSprite(text, pos, size, color, bg=(10, 20, 16, 245))
        if not self.reduced:
            sprite.scale = 0.3
            self.timeline.animator.play(sprite, score_pop(seat), scale=1.0)
        return sprite

    def _label_spot(
        self, seat: int, text: str, size: int
    ) -> tuple[tuple[float, float], int] | None:
        """Where a hand's score bubble goes, and at what size: in the strip above the line,
        left of the modifiers, when it fits there (a little smaller if it must); else in the
        header, between the name (and its badges) and the running total counting up —
        never over the name, never on a card's value (the corner index at the top, the
        numeral in the middle). None: it fits nowhere (at 10 px)."""
        lay = self.seat(seat)
        hand = self.shown.hands[seat]
        free = lay.mods.w - L.mods_width(lay, self.mods_count(seat), len(hand.numbers)) - 6

        def width(px: int) -> float:  # the bubble: its text and a margin each side
            return self.measure(text, px) + px

        above = lay.line.y - lay.header.bottom  # the strip and the gap over it
        for px in range(size, max(10, round(size * 0.7)) - 1, -1):
            if width(px) <= free and px * 1.6 <= above:
                return (lay.mods.x + free / 2, lay.line.y - above / 2), px
        name_end = lay.header.x + self._name_width(seat, lay)
        digits = "8" * max(3, len(str(self.shown.totals[seat])))
        total_x = lay.header.right - self.measure(digits, lay.big) - lay.text // 3
        pad = lay.header.y - lay.box.y
        for px in range(min(size, int((lay.header.h + pad) / 1.75)), 9, -1):
            if width(px) <= total_x - name_end:
                return ((name_end + total_x) / 2, lay.header.centery), px
        return None

    def _under_line(self, seat: int, text: str, size: int) -> tuple[tuple[float, float], int]:
        """The last resort of a crowded seat: the result low on the left of the line of
        cards, below their values (each card's index is at its top left, the top card's
        numeral in the middle of the fan's right end)."""
        lay = self.seat(seat)
        px = size
        while px > 9 and (
            self.measure(text, px) + px > lay.line.w / 2 or px * 1.4 > lay.line.h / 3
        ):
            px -= 1
        w = self.measure(text, px) + px
        return (lay.line.x + w / 2, lay.line.bottom - px * 0.7), px

    def _name_width(self, seat: int, lay: L.SeatLayout) -> float:
        """How far the name and its badges (the dealer's chip, the bot's) reach into the
        header, at their full size: what a score bubble leaves free."""
        gap = lay.text // 3
        used = min(self.measure(self.shown.players[seat], lay.text), lay.header.w * 0.75) + gap
        if self.shown.dealer == seat:
            chip = max(9, round(lay.text * 0.7))
            used += self.measure(t("seat.dealer"), chip) + chip + gap
        if self.shown.bots[seat]:
            badge = max(9, round(lay.text * 0.62))
            used += self.measure(t("seat.bot"), badge) + badge + gap
        return used

    def _CardsCleared(self, e: ev.CardsCleared) -> Step:
        path = flight(keep=False)
        beats = path.beats(self.reduced)
        step = Step(self._motion(0.1), hide=frozenset({("hands",)}), beats=beats)

        def start() -> None:
            self.labels.clear()
            for seat, hand in enumerate(self.shown.hands):
                if hand.cards():
                    pile = self.layout.discard_pile
                    self._fly("back", self.line_slot(seat, 0), pile, (0.0, 0.0), path)

        step.start, step.finish = start, lambda: self._apply(e)
        return step

    def _DealerPassed(self, e: ev.DealerPassed) -> Step:
        return Step(start=lambda: self._apply(e))

    def _GameWon(self, e: ev.GameWon) -> Step:
        def start() -> None:
            self._apply(e)
            self.say(Msg("caption.won", who=self.who_msg(e.winner)))
            center = self.layout.center.center
            self._banner(t("over.title", who=self.who(e.winner)), center, 48, GOLD, banner)
            if not self.reduced:
                self.confetti.append(Confetti(center, 140, self.layout.unit, self.rng))

        banner = banner_beats(1.6, trailing=True)  # it fades over the game's end
        return Step(1.4, start, savour=True, beats=self._banner_beats(banner))

    def _TieContinues(self, e: ev.TieContinues) -> Step:
        def start() -> None:
            self.say(Msg("caption.tie"))
            self._banner(t("caption.tie"), self.layout.center.center, 34, CREAM, banner)

        banner = banner_beats(1.6, trailing=True)  # it fades as the next round starts
        return Step(1.5, start, beats=self._banner_beats(banner))
