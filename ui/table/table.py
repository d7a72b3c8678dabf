"""The table scene: a game played in the window, hot-seat humans and bots.

Input becomes an :class:`~game.state.Action` only when the table is settled
(every card shown) and only among ``game.legal_actions()``; the events that
``Game.apply`` returns go to the presenter. Bots act the same way, after a
visible thinking beat.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any

import pygame
import pygame_gui

from game.engine import Game
from game.rules import RuleOptions
from game.state import HIT, HIT_OR_STAY, Action
from game.take_back import TakeBack, offer
from ui.assets import CREAM, GOLD
from ui.config import Seat
from ui.i18n import Msg, card_name, signed, t
from ui.scene import Scene
from ui.settings import SPEEDS
from ui.table import layout as L
from ui.table import table_log
from ui.table.bot_seats import TableBots
from ui.table.display import Shown
from ui.table.draw_panel import detail_fits, draw_bar
from ui.table.draw_table import SeatState, TableView
from ui.table.hint import odds
from ui.table.presenter import Presenter
from ui.table.timeline import Step

TARGET_KEYS = "1234567890abcdefgh"  # the n-th eligible seat


def decision_keys() -> tuple[set[int], set[int]]:
    """The keys that hit and stay: the language's letters (French P and R, German Z and A),
    and the English H and S everywhere. Space and Enter skip and never decide: a Space
    meant to hurry the bots must not hit as the prompt goes live."""
    hit = {pygame.K_h, pygame.key.key_code(t("keys.hit"))}
    stay = {pygame.K_s, pygame.key.key_code(t("keys.stay"))}
    return hit, stay


# Hot seat: when the turn passes from one person to another, the new prompt must be on
# screen this long before input counts, so a double tap (or a key meant for the
# previous player) never decides for the next one.
HANDOVER_GUARD = 0.6
BOT_POLL = 0.02  # seconds between two looks for a plug-in's answer while it thinks
# while a person's decision may be taken back, the next bot thinks at least this long
# (real seconds, at any speed; unless bots are set to answer at once): time to see the
# misclick and press Undo
UNDO_GRACE = 1.5
UNDO_KEYS = (pygame.K_u, pygame.K_BACKSPACE)
KEYS_APART = "   ·   "  # between the hint and the keys in the bar's detail line
log = logging.getLogger(__name__)


def next_speed(speed: float, up: bool) -> float:
    """The next of the Settings screen's speeds above (or below) ``speed``.

    >>> next_speed(1.0, True), next_speed(1.0, False), next_speed(2.25, False), next_speed(3, True)
    (1.5, 0.5, 2.0, 3.0)
    """
    if up:
        return min((s for s in SPEEDS if s > speed), default=max(SPEEDS))
    return max((s for s in SPEEDS if s < speed), default=min(SPEEDS))


class TableScene(Scene):
    """A game at the table: ``seats`` for a new game, or ``game`` read from a file."""

    pointer: int | None = None  # the seat under the pointer (its whole name shows)
    undoable = True  # a person may take back a misclick (game.take_back); not in the lesson
    _undo_at: pygame.Rect | None = None  # where the Undo button shows, if it does
    log_scroll = 0  # the table log's newest lines scrolled past (the mouse wheel on the panel)

    def scroll_log(self, lines: int) -> bool:
        """Scroll the table log by ``lines`` (positive: to older lines), if the pointer is over
        the side panel; True if it was."""
        if not self.layout.panel.collidepoint(pygame.mouse.get_pos()):
            return False
        most = max(0, len(self.presenter.log) - 1)
        self.log_scroll = max(0, min(most, self.log_scroll + lines))
        self.app.invalidate()
        return True

    def __init__(
        self,
        app,
        seats: list[Seat] | None,
        seed: int,
        demo: bool = False,
        game_args: dict | None = None,
        rules: RuleOptions | None = None,
        game: Game | None = None,
        resumed: bool = False,
        autoplay: bool = True,
    ) -> None:
        """The table of ``seats`` (or of ``game``'s players), then :meth:`begin`: a new game
        seeded ``seed``, or ``game`` taken over (``resumed``: the autosave, already in place).
        ``autoplay``: bots act by themselves (tools and the replay drive them instead)."""
        super().__init__(app)
        self.seed = seed
        self.demo = demo
        self.rules = rules
        self.game_args = dict(game_args or {})  # deck, dealer, totals: a stacked table
        self.autoplay = autoplay
        # the hit and stay buttons (a replay's transport, its round picker too)
        self.buttons: dict[str, pygame_gui.core.UIElement] = {}
        self._shown_buttons: bool | None = None  # None: show or hide them at the next sync
        self.hover: int | None = None  # the eligible seat under the pointer, while targeting
        self.pointer: int | None = None  # the seat under the pointer (its whole name shows)
        self.games_played = 0
        self._answer: object = None  # what the round summary or game over chose
        self.bots: TableBots | None = None  # who decides for each bot seat (ui.table.bot_seats)
        if game is None:
            self.seats = list(seats or [])
        else:
            self.seats = [Seat(n, b) for n, b in zip(game.players, game.bots, strict=True)]
        self.begin(game, resumed)

    def begin(self, game: Game | None, resumed: bool) -> None:
        """The play controller: deal a new game, or sit down at ``game``."""
        if game is None:
            self.new_game(self.seed)
        else:
            self.sit_down(game, resumed)

    @property
    def unattended(self) -> bool:
        """Nobody to click "Next round": the demo, or a table of bots only."""
        return self.demo or all(s.bot is not None for s in self.seats)

    # ------------------------------------------------------------- game
    @property
    def bot_fns(self) -> dict[int, Any]:
        """What decides for each bot seat: a function, or a plug-in's process."""
        return self.bots.fns if self.bots is not None else {}

    @bot_fns.setter
    def bot_fns(self, fns: dict[int, Any]) -> None:
        assert self.bots is not None
        self.bots.fns = fns

    def _bots(self) -> list[str | None]:
        """Each seat's bot (baseline if its level is missing, its plug-in not trusted or
        failing: ui.table.bot_seats); the levels played."""
        if self.bots is not None:
            self.bots.close()
        self.bots = TableBots(
            [s.bot for s in self.seats],
            [s.name for s in self.seats],
            self.app.trusted,
            self.app.config.bot_timeout,
        )
        return list(self.bots.levels)

    def new_game(self, seed: int) -> None:
        self.seed = seed
        levels = self._bots()
        self.game = Game(
            [s.name for s in self.seats],
            self.rules,
            seed=seed,
            bots=levels,
            start=False,
            **self.game_args,
        )
        self.game_args = {}  # "Play again" deals a fresh deck
        self._present(Shown.before_opening(self.game))
        self.presenter.feed(self.game.start())
        self.app.autosave(self, new=True)

    def sit_down(self, game: Game, resumed: bool) -> None:
        """Take over a game read from a file, at the decision it waits for."""
        self.seed = 0 if game.seed is None else game.seed  # an observed game has none
        self.rules = game.rules
        self._bots()
        self.game = game
        self._present(Shown.from_game(game))
        if game.over:  # a finished game: straight to its result
            self.presenter.timeline.add(Step(0.0, gate="game_over"))
        else:
            self.presenter.restore_log(table_log.lines_of(game, self.app.size))
            self.presenter.say(Msg("caption.resumed", round=game.round_no))
            if not resumed:
                self.app.autosave(self, new=True)

    def _present(self, shown: Shown) -> None:
        cfg = self.app.config
        self.bot_rng = random.Random(self.seed)
        self.shown = shown
        self.layout = L.table_layout(self.app.size, len(self.seats))
        self.presenter = Presenter(self.shown, self.layout, self.seed, cfg.reduced_motion)
        self.presenter.timeline.speed = cfg.speed
        self.presenter.cue = self._cue
        self.presenter.fonts = self.app.assets.font
        self._say_bot_notices()
        self.think: float | None = None
        self.gate_open = False
        self.last_human: int | None = None  # the seat of the last decision taken by a person
        self.prompt_for: int | None = None  # the decision (its action number) now prompted
        self.guard: float | None = None  # seconds before input may decide it (a hand-over)
        self.keys_down: set[int] = set()  # held keys: an auto-repeat never decides
        self.take_back: TakeBack | None = None  # a person's last decision, while it may be undone
        self.app.invalidate()

    def _cue(self, event) -> None:
        name = self.app.sound.for_event(event)
        if name is not None:
            self.app.sound.play(name)

    def act(self, action: Action) -> None:
        """The one way the table changes the game: a legal action, applied."""
        if action not in self.game.legal_actions():
            return  # never reached from the UI: nothing illegal is clickable
        human = action.seat not in self.bot_fns
        if human:
            self.last_human = action.seat
        before = self.game.clone() if human and action.kind != HIT and self.undoable else None
        events = self.game.apply(action)
        self.take_back = None if before is None else offer(before, action, events)
        self.presenter.feed(events)
        self.app.autosave(self)
        self.think = None
        self.hover = None
        self._sync_buttons()
        self.app.invalidate()

    def can_undo(self) -> bool:
        """A person's last decision may be taken back now (and no plug-in is thinking
        about the game it led to)."""
        if self.take_back is None or self.app.stack.top is not self:
            return False
        d = self.game.pending
        return not (d is not None and self.bots is not None and self.bots.thinking(d.seat))

    def undo(self) -> bool:
        """Take back the person's last decision (game.take_back): the table, the log and the
        autosave return to the game before it, and that person decides again."""
        if not self.can_undo():
            return False
        back = self.take_back
        assert back is not None
        self.game = back.game
        self._present(Shown.from_game(self.game))
        self.last_human = back.seat  # their own prompt again: no hand-over guard
        self.presenter.restore_log(table_log.lines_of(self.game, self.app.size))
        self.presenter.say(Msg("caption.undone", who=self.presenter.who_msg(back.seat)))
        self.app.autosave(self)
        self.build_ui()
        return True

    def human_turn(self):
        """The pending decision if a human must make it now (table settled), else None."""
        d = self.game.pending
        if d is None or not self.presenter.settled or d.seat in self.bot_fns:
            return None
        return d

    def ready_turn(self):
        """The human decision that input may take now: prompted, and past a hand-over's
        guard (input given before the new person's prompt was visible decides nothing)."""
        d = self.human_turn()
        if d is None or self.prompt_for != len(self.game.actions) or self.guard is not None:
            return None
        return d

    def _watch_prompt(self, dt: float) -> None:
        """Note when a human prompt appears; count down a hand-over's guard."""
        d = self.human_turn()
        if d is None:
            self.prompt_for = None
            return
        if self.prompt_for != len(self.game.actions):
            self.prompt_for = len(self.game.actions)
            handover = self.last_human is not None and self.last_human != d.seat
            self.guard = HANDOVER_GUARD if handover else None
            self._sync_buttons()
            self.app.invalidate()
        elif self.guard is not None:
            self.guard -= dt
            if self.guard <= 0:
                self.guard = None
                self._sync_buttons()
                self.app.invalidate()

    # ----------------------------------------------------------- scene
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.kill_ui()
        if self.bots is not None:
            self.bots.close()  # the plug-ins' processes end with the table

    def pause(self) -> None:
        for b in self.buttons.values():
            b.hide()
        self._shown_buttons = False
        self._undo_at = None

    def resume(self) -> None:
        self._sync_buttons()
        self.app.invalidate()
        answer, self._answer = self._answer, None
        if answer == "play_on":
            self.gate_closed()
        elif answer == "play_again":
            self.play_again()

    def returned(self, result: object) -> bool:
        """The round summary or the game over closes with the person's choice; it is
        carried out once they are gone (:meth:`resume`)."""
        self._answer = result
        return True

    def play_again(self) -> None:
        """A new game at the same table, the next seed."""
        self.games_played += 1
        self.new_game(self.seed + 1)
        self.build_ui()

    def build_ui(self) -> None:
        self.kill_ui()
        m = self.app.manager
        lay = self.layout
        self.buttons = {
            "hit": pygame_gui.elements.UIButton(
                lay.hit_button, t("button.hit"), m, object_id="#hit_button"
            ),
            "stay": pygame_gui.elements.UIButton(
                lay.stay_button, t("button.stay"), m, object_id="#stay_button"
            ),
            "undo": pygame_gui.elements.UIButton(
                lay.stay_button,
                t("button.undo"),
                m,
                object_id="#tool_button",
                tool_tip_text=t("undo.tip"),
            ),
        }
        self.buttons["undo"].hide()
        self._undo_at = None
        self._shown_buttons = None
        self._sync_buttons()

    def kill_ui(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def resize(self, size) -> None:
        self.layout = L.table_layout(size, len(self.seats))
        self.presenter.set_layout(self.layout)
        self.build_ui()
        if self.app.stack.top is not self:
            self.pause()

    def _sync_buttons(self) -> None:
        d = self.human_turn()
        want = d is not None and d.kind == HIT_OR_STAY and self.app.stack.top is self
        decide = [b for name, b in self.buttons.items() if name in ("hit", "stay")]
        if want != self._shown_buttons:
            for b in decide:
                b.show() if want else b.hide()
            self._shown_buttons = want
        ready = self.ready_turn() is not None  # greyed while a hand-over's guard runs
        for b in decide:
            if ready != b.is_enabled:
                b.enable() if ready else b.disable()
        self._sync_undo()

    def _sync_undo(self) -> None:
        """The Undo button: where Stay is while nobody's buttons show, else left of Hit."""
        button = self.buttons.get("undo")
        if button is None:
            return
        at = self.undo_rect() if self.can_undo() else None
        if at != self._undo_at:
            if at is None:
                button.hide()
            else:
                button.set_relative_position(at.topleft)
                button.show()
            self._undo_at = at
            self.app.invalidate()

    def undo_rect(self) -> pygame.Rect:
        lay = self.layout
        if not self._shown_buttons:
            return lay.stay_button.copy()
        gap = lay.stay_button.x - lay.hit_button.right
        return lay.hit_button.move(-(lay.hit_button.w + gap), 0)

    def bar_text(self) -> L.TableLayout:
        """The layout the bar's text is drawn in: narrower while Undo stands beside Hit."""
        lay, at = self.layout, self._undo_at
        if at is None or at.x >= lay.hit_button.x:
            return lay
        gap = lay.stay_button.x - lay.hit_button.right
        w = at.x - 2 * gap - lay.prompt.x
        return dataclasses.replace(
            lay,
            prompt=pygame.Rect(lay.prompt.x, lay.prompt.y, w, lay.prompt.h),
            hint=pygame.Rect(lay.hint.x, lay.hint.y, w, lay.hint.h),
        )

    def busy(self) -> bool:
        return self.presenter.animating

    def wakeup(self) -> float | None:
        think = None if self.think is None else max(self.think, BOT_POLL)  # a plug-in thinks
        times = [w for w in (think, self.guard) if w is not None]
        return min(times, default=None)

    # ----------------------------------------------------------- input
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.MOUSEWHEEL and self.scroll_log(-3 * event.y):
            return True
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            return False
        if event.type == pygame.KEYDOWN:
            repeat = event.key in self.keys_down or getattr(event, "repeat", False)
            self.keys_down.add(event.key)
            return self._key(event, repeat)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            seat = self.table_view.seat_at(self.layout, event.pos)
            if seat != self.pointer:
                self.pointer = seat
                self.app.invalidate()
            seat = seat if self._targeting() else None
            if seat != self.hover:
                self.hover = seat
                self.app.invalidate()
        return False

    def _button(self, element) -> bool:
        if element is self.buttons.get("undo"):
            return self.undo()
        d = self.ready_turn()
        if d is not None and d.kind == HIT_OR_STAY:
            if element is self.buttons.get("hit"):
                self.act(Action.hit(d.seat))
                return True
            if element is self.buttons.get("stay"):
                self.act(Action.stay(d.seat))
                return True
        return False

    def _targeting(self):
        d = self.human_turn()
        return d if d is not None and d.kind != HIT_OR_STAY else None

    def _key(self, event, repeat: bool = False) -> bool:
        key = event.key
        hit_keys, stay_keys = decision_keys()
        if key == pygame.K_ESCAPE or (key == pygame.K_p and key not in hit_keys | stay_keys):
            self.app.pause_game(self)
            return True
        if self._setting_key(key):
            return True
        if not self.presenter.settled and self.presenter.gate is None:
            if key in (pygame.K_SPACE, pygame.K_RETURN):
                self.presenter.skip()
                self.app.invalidate()
                return True
            return False
        d = self.ready_turn()
        if d is None or repeat:
            return d is not None or self.human_turn() is not None  # used up, decides nothing
        if d.kind == HIT_OR_STAY:
            if key in hit_keys:
                self.act(Action.hit(d.seat))
                return True
            if key in stay_keys:
                self.act(Action.stay(d.seat))
                return True
            return False
        name = pygame.key.name(key)
        if name.startswith("[") and name.endswith("]"):
            name = name[1:-1]  # the keypad's digits
        index = TARGET_KEYS.find(name) if len(name) == 1 else -1
        if 0 <= index < len(d.options):
            self.act(Action.choose(d.seat, d.options[index]))
            return True
        return False

    def _setting_key(self, key: int) -> bool:
        """The keys that work at any moment: speed, reduced motion, sound, Undo."""
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.app.change_settings(speed=next_speed(self.presenter.timeline.speed, True))
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.app.change_settings(speed=next_speed(self.presenter.timeline.speed, False))
            return True
        if key == pygame.K_m:  # reduced motion: captions, no travel
            self.app.change_settings(reduced_motion=not self.presenter.reduced)
            self.presenter.skip()
            return True
        if key == pygame.K_v:  # sound off and on again
            muted = not self.app.settings.muted
            self.app.change_settings(muted=muted)
            self.app.notify(t("notice.sound_off" if muted else "notice.sound_on"))
            return True
        return key in UNDO_KEYS and self.undo()

    def _click(self, pos) -> bool:
        if not self.presenter.settled and self.presenter.gate is None:
            self.presenter.skip()
            self.app.invalidate()
            return True
        d = self._targeting()
        if d is not None and self.ready_turn() is not None:
            seat = self.table_view.seat_at(self.layout, pos)
            if seat is not None and seat in d.options:
                self.act(Action.choose(d.seat, seat))
                return True
        return False

    # ----------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.presenter.update(dt)
        self._watch_prompt(dt)
        if self.bots is not None and self.autoplay:
            self.bots.poll()  # a plug-in that cannot load gives way at once
            self._say_bot_notices()
        gate = self.presenter.gate
        if gate is not None and not self.gate_open and self.app.stack.top is self:
            self.gate_open = True
            self.app.open_gate(self, gate)
            return
        if not self.presenter.settled or self.game.over:
            return
        d = self.game.pending
        assert d is not None  # a game not over waits for someone
        if d.seat in self.bot_fns:
            if not self.autoplay:
                return
            if self.think is None:
                self.think = self.app.config.think_time / max(0.1, self.presenter.timeline.speed)
                if self.take_back is not None and self.app.config.think_time > 0:
                    self.think = max(self.think, UNDO_GRACE)  # bots that think, think on
                self.app.invalidate()
            self.think -= dt
            if self.think <= 0:
                action = self._bot_choice(d.seat)
                if action is not None:  # None: a plug-in still thinks, the window draws on
                    self.act(action)
        elif self._shown_buttons is not (d.kind == HIT_OR_STAY):
            self._sync_buttons()
            self.app.invalidate()

    def _bot_choice(self, seat: int) -> Action | None:
        """The bot's action, or None while its plug-in thinks; a bot that fails (a level
        still being written, a plug-in that misbehaves) plays baseline, with a notice."""
        assert self.bots is not None
        action = self.bots.choice(seat, self.game, self.bot_rng)
        self._say_bot_notices()
        return action

    def _say_bot_notices(self) -> None:
        if self.bots is None:
            return
        captions, alerts = self.bots.take_notices()
        for msg in captions:
            self.presenter.say(msg)
        for msg in alerts:
            self.app.notify(str(msg), error=True)

    def gate_closed(self) -> None:
        """The round summary was dismissed: play on."""
        self.gate_open = False
        self.presenter.release()
        self.app.invalidate()

    # ----------------------------------------------------------- drawing
    @property
    def table_view(self) -> TableView:
        return self.app.views.table

    def seat_states(self) -> list[SeatState]:
        n = len(self.seats)
        d = self.game.pending if self.presenter.settled else None
        if d is None:  # nobody decides; once the game is won, the winner's seat glows
            return [SeatState(turn=(s == self.shown.winner)) for s in range(n)]
        if d.kind == HIT_OR_STAY or d.seat in self.bot_fns:
            return [SeatState(turn=(s == d.seat)) for s in range(n)]
        keys = {seat: TARGET_KEYS[i].upper() for i, seat in enumerate(d.options)}
        return [
            SeatState(
                turn=(s == d.seat),
                eligible=s in keys,
                dim=s not in keys,
                hover=(s == self.hover and s in keys),
                key=keys.get(s),
            )
            for s in range(n)
        ]

    def prompt(self) -> tuple[str, str]:
        d = self.game.pending if self.presenter.settled else None
        if d is None:
            return "", t("prompt.keys_watch")
        who = self.presenter.who(d.seat)
        if d.seat in self.bot_fns:
            return t("prompt.thinking", name=who), t("prompt.keys_watch")
        if d.kind == HIT_OR_STAY:
            detail = t("prompt.keys_hit")
            if self.app.config.hints:
                o = odds(self.game, d.seat)
                if o is not None:
                    detail = (
                        t("hint.text", bust=round(o.bust * 100), gain=signed(o.gain))
                        + KEYS_APART
                        + detail
                    )
            return t("prompt.hit_or_stay", name=who), detail
        assert d.card is not None  # a target decision is about a card
        if self.hover is not None and self.hover in d.options:  # the whole name, in words
            return (
                t(
                    "prompt.target_to",
                    name=who,
                    card=card_name(d.card),
                    target=self.presenter.who(self.hover),
                ),
                t("prompt.keys_target"),
            )
        return t("prompt.target", name=who, card=card_name(d.card)), t("prompt.keys_target")

    def draw(self, surface: pygame.Surface) -> None:
        lay, views, p = self.layout, self.app.views, self.presenter
        views.table.draw(surface, lay, self.shown, p, self.seat_states())
        views.panel.draw(surface, lay, self.shown, p, p.timeline.speed, self.log_scroll)
        prompt, detail = self.prompt()
        text = self.bar_text()
        if text is not lay and not detail_fits(self.app.assets, text, text.hint.w, detail):
            detail = detail.split(KEYS_APART)[0]  # Undo beside Hit: the buttons name the moves
        draw_bar(
            surface,
            self.app.assets,
            text,
            prompt,
            detail,
            GOLD if self.ready_turn() else CREAM,
        )
        assets = self.app.assets
        for sprite in p.sprites:
            sprite.draw(surface, assets)
        for label in p.labels:
            label.draw(surface, assets)
        for c in p.confetti:
            c.draw(surface, assets)
        for banner in p.banners:
            banner.draw(surface, assets)
        if self.pointer is not None:
            views.table.name_tip(surface, lay, self.shown, self.pointer)
