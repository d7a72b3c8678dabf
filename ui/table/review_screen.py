"""The coach in the window: the review of a game (``game.commands.review``) over the replay viewer.

- :func:`review_game` — the game-over screen's *Review*: the replay of the game just
  played, with the review on top (Esc: back to the replay, then to the game over).
- In the replay viewer, *Coach* (``C``) shows the review; once it is computed the
  costly decisions are marked on a strip along the bottom of the bar (a click there
  jumps to the nearest one; ``[`` and ``]`` step through them).
- :class:`ReviewScene` — the summary: for each reviewed player the decisions
  reviewed, how many matched the expert, the expected points left on the table;
  the costliest three decisions (a click or ``1``–``3`` jumps there in the replay);
  a chart of everyone's chance to win, round by round.

The humans are reviewed; in a game of bots only, every seat.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.commands.review import Review, Reviewed, costliest, review_data
from ui.assets import CREAM, GOLD, MUTED
from ui.i18n import Msg, card_msg, language, t
from ui.scene import Scene
from ui.table.layout import unit_for
from ui.table.summary import BAND, DIALOG, PALETTE

MARK = (236, 110, 110)


def review_replay(replay) -> Review:
    """The review of a replay's file: its humans, or every seat when there are none."""
    data = replay.data
    humans = [p for p in data["players"] if isinstance(p, str)]
    return review_data(data, humans or [p["name"] for p in data["players"]])


def line_msg(d: Reviewed) -> Msg:
    """One decision as a sentence in the language of the moment."""
    if d.decision == "hit_or_stay":
        what = Msg(f"review.{d.did}_line", round=d.round, who=d.player,
                   risk=f"{d.bust_risk * 100:.0f}", score=d.score)
        expert = Msg("review.expert", what=Msg(f"button.{d.expert}"))
    else:
        what = Msg("review.target_line", round=d.round, who=d.player,
                   card=card_msg(d.card or ""), target=d.did)
        expert = Msg("review.expert", what=d.expert)
    if d.matched:
        return Msg("review.matched", what=what)
    return Msg("review.cost", what=what, points=_signed(d.cost_points, 1),
               win=_signed(d.cost_win * 100, 0), expert=expert)


def _signed(x: float, digits: int) -> str:
    return f"{'−' if x > 0 else '+'}{abs(x):.{digits}f}"


def marks(review: Review) -> list[int]:
    """The decisions (action indices) marked on the replay's strip: the costly ones."""
    return sorted(d.action for d in review.decisions if d.costly)


# ------------------------------------------------------------------ the replay's strip
def strip_rect(scene) -> pygame.Rect:
    lay = scene.layout
    h = max(4, round(lay.bar.h * 0.08))
    return pygame.Rect(lay.prompt.x, lay.bar.bottom - h - 1, lay.prompt.w, h)


def mark_x(scene, k: int) -> int:
    r = strip_rect(scene)
    return r.x + round(r.w * k / max(1, len(scene.replay)))


def draw_marks(surface: pygame.Surface, scene) -> None:
    """The strip: the game from its first decision to its last, costly decisions in red."""
    r = strip_rect(scene)
    pygame.draw.rect(surface, BAND, r)
    for k in marks(scene.review):
        x = mark_x(scene, k)
        pygame.draw.rect(surface, MARK, (x - 1, r.y - 2, 3, r.h + 3))
    x = mark_x(scene, scene.k)
    pygame.draw.rect(surface, GOLD, (x - 1, r.y, 2, r.h))


def command(scene, name: str) -> None:
    """``coach`` (show the review), ``prev_mark`` / ``next_mark`` (jump along the marks)."""
    if scene.review is None:
        scene.review = review_replay(scene.replay)
    if name == "coach":
        scene.set_playing(False)
        scene.app.stack.push(ReviewScene(scene.app, scene))
        return
    ks = marks(scene.review)
    if name == "next_mark":
        later = [k for k in ks if k > scene.k]
        if later:
            scene.playing = False
            scene.goto(later[0])
    else:
        earlier = [k for k in ks if k < scene.k]
        if earlier:
            scene.playing = False
            scene.goto(earlier[-1])


def bar_note(scene, detail: str) -> str:
    """The bar's second line at a reviewed decision: the coach's verdict on the decision
    about to be made (who decides and what they did say what comes next)."""
    for d in scene.review.decisions:
        if d.action == scene.k:
            return f"{t('review.coach')}: {line_msg(d)}"
    return detail


def click_strip(scene, pos) -> bool:
    """A click on the strip jumps to the nearest marked decision."""
    if scene.review is None or not strip_rect(scene).inflate(0, 10).collidepoint(pos):
        return False
    ks = marks(scene.review)
    if ks:
        scene.playing = False
        scene.goto(min(ks, key=lambda k: abs(mark_x(scene, k) - pos[0])))
    return True


def review_game(app, game):
    """The game-over screen's *Review*: this game's replay, the review on top."""
    from ui.screens.replay_files import show
    from ui.table.replay_model import Replay

    scene = show(app, Replay.of_game(game), t("replay.this_game"), from_menu=False)
    command(scene, "coach")
    return scene


# ------------------------------------------------------------------ the summary
class ReviewScene(Scene):
    """The review over the replay viewer (modal; Esc, Enter or *Close* goes back)."""

    overlay = True

    def __init__(self, app, replay_scene) -> None:
        super().__init__(app)
        self.replay = replay_scene
        self.review: Review = replay_scene.review
        self.worst = costliest(self.review.decisions)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._image = None
        self._key = None

    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def pause(self) -> None:
        self.exit()

    def resume(self) -> None:
        self.build_ui()

    def resize(self, size) -> None:
        if self.app.stack.top is self:
            self.build_ui()

    def relabel(self) -> None:
        self.build_ui()

    def dialog(self) -> pygame.Rect:
        w, h = self.app.size
        r = pygame.Rect(0, 0, round(w * 0.86), round(h * 0.86))
        r.center = (w // 2, h // 2)
        return r

    def rows(self, u: float) -> tuple[int, int, int]:
        """y of the first summary line, the line height, y of the first costly decision."""
        d = self.dialog()
        row = round(26 * u)
        top = d.y + round(64 * u)
        shown = min(len(self.review.seats), 4)
        return top, row, top + (shown + 1) * row + round(8 * u)

    def build_ui(self) -> None:
        self.exit()
        d = self.dialog()
        u = unit_for(self.app.size)
        m = self.app.manager
        bw, bh, gap = round(170 * u), round(40 * u), round(14 * u)
        self.buttons["close"] = pygame_gui.elements.UIButton(
            pygame.Rect(d.centerx - bw // 2, d.bottom - bh - gap, bw, bh), t("review.close"), m,
            object_id="#hit_button")
        _top, row, y = self.rows(u)
        for i, _d in enumerate(self.worst):
            w = round(56 * u)
            self.buttons[f"go{i}"] = pygame_gui.elements.UIButton(
                pygame.Rect(d.right - w - round(24 * u), y + i * row + 2, w, row - 4),
                f"{i + 1} ▶", m, object_id="#tool_button", tool_tip_text=t("review.go"))
        self._key = None

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                             pygame.K_SPACE, pygame.K_c):
                self.choose("close")
            elif pygame.K_1 <= event.key < pygame.K_1 + len(self.worst):
                self.choose(f"go{event.key - pygame.K_1}")
        return True  # modal

    def choose(self, name: str) -> None:
        self.app.stack.pop()
        if name.startswith("go"):
            self.replay.playing = False
            self.replay.goto(self.worst[int(name[2:])].action)
        self.app.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.app.size, language())
        if key != self._key:
            self._image = self.render()
            self._key = key
        surface.blit(self._image, (0, 0))

    def text(self, img, text, size, color, **anchor) -> pygame.Rect:
        s = self.app.assets.text(str(text), size, color, max_width=anchor.pop("width", None))
        r = s.get_rect(**anchor)
        img.blit(s, r)
        return r

    def render(self) -> pygame.Surface:
        size = self.app.size
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((0, 0, 0, 110))
        d = self.dialog()
        u = unit_for(size)
        radius = round(18 * u)
        pygame.draw.rect(img, DIALOG, d, border_radius=radius)
        pygame.draw.rect(img, GOLD, d, width=max(2, round(2 * u)), border_radius=radius)
        review = self.review
        self.text(img, t("review.title"), round(30 * u), GOLD,
                  midtop=(d.centerx, d.y + round(14 * u)))
        x0, width = d.x + round(28 * u), d.w - round(56 * u)
        top, row, y = self.rows(u)
        fs = max(10, round(16 * u))
        for i, p in enumerate(review.seats[:4]):
            s = review.summary(p)
            self.text(img, t("review.summary", who=p, n=s["reviewed"], matched=s["matched"],
                             points=f"{s['points_left']:.1f}"), fs, CREAM,
                      midleft=(x0, top + i * row + row // 2), width=width)
        if len(review.seats) > 4:
            self.text(img, "…", fs, MUTED, midleft=(x0, top + 4 * row + row // 2))
        self.text(img, t("review.costliest") if self.worst else t("review.none"), fs, GOLD,
                  midleft=(x0, y - row // 2))
        for i, dec in enumerate(self.worst):
            band = pygame.Rect(x0 - 8, y + i * row, width + 16, row)
            if i % 2 == 0:
                pygame.draw.rect(img, BAND, band, border_radius=6)
            self.text(img, f"{i + 1}. {line_msg(dec)}", max(10, round(14 * u)), CREAM,
                      midleft=(x0, band.centery), width=width - round(70 * u))
        chart_top = y + max(1, len(self.worst)) * row + round(40 * u)
        chart = pygame.Rect(x0 + round(150 * u), chart_top, width - round(170 * u),
                            d.bottom - round(80 * u) - chart_top)
        if chart.h > 30:
            self.chart(img, chart, u)
        return img

    def chart(self, img, r: pygame.Rect, u: float) -> None:
        """Everyone's chance to win before each round, and at the end."""
        rows = self.review.win_probability
        names = self.review.players
        small = max(10, round(12 * u))
        self.text(img, t("review.chart"), max(11, round(15 * u)), MUTED,
                  midbottom=(r.centerx, r.y - 4))
        pygame.draw.rect(img, BAND, r)
        n = max(1, len(rows) - 1)

        def point(i: int, p: float) -> tuple[int, int]:
            return round(r.x + r.w * i / n), round(r.bottom - r.h * p)

        for frac in (0.5, 1.0):
            yy = point(0, frac)[1]
            pygame.draw.line(img, (40, 68, 54), (r.x, yy), (r.right, yy))
            self.text(img, f"{frac:.0%}", small, MUTED, midright=(r.x - 4, yy))
        for seat, name in enumerate(names[:18]):
            color = PALETTE[seat % len(PALETTE)]
            pts = [point(i, row[seat]) for i, row in enumerate(rows)]
            width = max(2, round(3 * u)) if name in self.review.seats else max(1, round(u))
            if len(pts) > 1:
                pygame.draw.lines(img, color, False, pts, width)
            if seat < 8:
                self.text(img, name, small, color,
                          midleft=(r.x - round(146 * u), r.y + seat * round(18 * u) + 8),
                          width=round(130 * u))
        if self.review.winner is not None:
            self.text(img, t("over.title", who=self.review.winner), small, GOLD,
                      bottomright=(r.right, r.y - 4))
