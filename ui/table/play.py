"""The play driver: a game at this screen, hot-seat people and bots.

Input becomes an :class:`~game.state.Action` only when the table is settled (every card
shown) and only among ``game.legal_actions()``; the events ``Game.apply`` returns go to
the presenter and to the subscribers of applied decisions (the autosave). Bots act the
same way, after a visible thinking beat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import Game
from game.rules import RuleOptions
from game.state import HIT, HIT_OR_STAY, Action
from game.take_back import TakeBack, offer
from ui.config import Seat
from ui.context import TableContext
from ui.i18n import Msg, card_name, signed, t
from ui.settings import SPEEDS
from ui.table import table_log
from ui.table.bot_seats import TableBots
from ui.table.display import Shown
from ui.table.draw_table import SeatState
from ui.table.drive import Control, Prompt
from ui.table.hint import odds
from ui.table.table import TableScene
from ui.table.timeline import Step

if TYPE_CHECKING:
    from ui.table.presenter import Presenter

TARGET_KEYS = "1234567890abcdefgh"  # the n-th eligible seat
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

#: told each decision applied: (the game after it, its events, whether it opens a game)
Subscriber = Callable[[Game, list, bool], None]


def decision_keys() -> tuple[set[int], set[int]]:
    """The keys that hit and stay: the language's letters (French P and R, German Z and A),
    and the English H and S everywhere. Space and Enter skip and never decide: a Space
    meant to hurry the bots must not hit as the prompt goes live."""
    hit = {pygame.K_h, pygame.key.key_code(t("keys.hit"))}
    stay = {pygame.K_s, pygame.key.key_code(t("keys.stay"))}
    return hit, stay


def key_char(key: int) -> str:
    """The character a key types, the keypad's digits as the row's ("" for none)."""
    name = pygame.key.name(key)
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name if len(name) == 1 else ""


def target_index(key: int) -> int:
    """Which eligible seat a key picks (its place in :data:`TARGET_KEYS`), or -1."""
    char = key_char(key)
    return TARGET_KEYS.find(char) if char else -1


def next_speed(speed: float, up: bool) -> float:
    """The next of the Settings screen's speeds above (or below) ``speed``.

    >>> next_speed(1.0, True), next_speed(1.0, False), next_speed(2.25, False), next_speed(3, True)
    (1.5, 0.5, 2.0, 3.0)
    """
    if up:
        return min((s for s in SPEEDS if s > speed), default=max(SPEEDS))
    return max((s for s in SPEEDS if s < speed), default=min(SPEEDS))


class PlayDriver:
    """A game at the table: ``seats`` for a new game, or ``game`` read from a file
    (``resumed``: the autosave, already in place). ``autoplay``: bots act by themselves
    (tools drive them instead)."""

    own_keys: frozenset[int] = frozenset()
    pause_note: str | None = None

    undoable = True  # a person may take back a misclick (game.take_back); not in the lesson

    def __init__(
        self,
        app: TableContext,
        seats: list[Seat] | None,
        seed: int,
        demo: bool = False,
        game_args: dict | None = None,
        rules: RuleOptions | None = None,
        game: Game | None = None,
        resumed: bool = False,
        autoplay: bool = True,
    ) -> None:
        self.app = app
        self.seed = seed
        self.demo = demo
        self.rules = rules
        self.game_args = dict(game_args or {})  # deck, dealer, totals: a stacked table
        self.autoplay = autoplay
        self.games_played = 0
        self.bots: TableBots | None = None  # who decides for each bot seat (ui.table.bot_seats)
        self.bot_override: Callable[..., Any] | None = None  # one function for every bot seat
        self.dress: Callable[[Shown, Presenter], None] | None = None  # a new table's look
        self.after_round: Callable[[], None] | None = None  # instead of playing on
        self.hold = False  # nobody may decide and no bot acts (the lesson's captions)
        self.accept: Callable[[Action], bool] | None = None  # False: a decision not taken
        self.greeting: Msg | None = None  # the log's first line for a game taken over
        self.subscribers: list[Subscriber] = [] if demo else [self._autosave]
        self._start = (game, resumed)
        if game is None:
            self.seats = list(seats or [])
        else:
            self.seats = [Seat(n, b) for n, b in zip(game.players, game.bots, strict=True)]

    @property
    def unattended(self) -> bool:
        """Nobody to click "Next round": the demo, or a table of bots only."""
        return self.demo or all(s.bot is not None for s in self.seats)

    def start(self, table: TableScene) -> None:
        self.table = table
        game, resumed = self._start
        if game is None:
            self.new_game(self.seed)
        else:
            self.sit_down(game, resumed)

    # ------------------------------------------------------------- game
    @property
    def bot_fns(self) -> dict[int, Any]:
        """What decides for each bot seat: a function, or a plug-in's process."""
        return self.bots.fns if self.bots is not None else {}

    def _seat_bots(self) -> list[str | None]:
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
        if self.bot_override is not None:
            self.bots.fns = {s: self.bot_override for s in self.bots.fns}
        return list(self.bots.levels)

    def new_game(self, seed: int, game_args: dict | None = None) -> None:
        self.seed = seed
        if game_args is not None:
            self.game_args = dict(game_args)
        levels = self._seat_bots()
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
        events = self.game.start()
        self.presenter.feed(events)
        self._tell(events, new=True)

    def sit_down(self, game: Game, resumed: bool) -> None:
        """Take over a game read from a file, at the decision it waits for."""
        self.seed = 0 if game.seed is None else game.seed  # an observed game has none
        self.rules = game.rules
        self._seat_bots()
        self.game = game
        self._present(Shown.from_game(game))
        if game.over:  # a finished game: straight to its result
            self.presenter.timeline.add(Step(0.0, gate="game_over"))
        else:
            self.presenter.restore_log(table_log.lines_of(game, self.app.size))
            self.presenter.say(self.greeting or Msg("caption.resumed", round=game.round_no))
            if not resumed:
                self._tell([], new=True)

    def _present(self, shown: Shown) -> None:
        self.bot_rng = random.Random(self.seed)
        self.presenter = self.table.present(shown, self.seed)
        if self.dress is not None:
            self.dress(shown, self.presenter)
        self._say_bot_notices()
        self.think: float | None = None
        self.gate_open = False
        self.last_human: int | None = None  # the seat of the last decision taken by a person
        self.prompt_for: int | None = None  # the decision (its action number) now prompted
        self.guard: float | None = None  # seconds before input may decide it (a hand-over)
        self.take_back: TakeBack | None = None  # a person's last decision, while it may be undone

    def _tell(self, events: list, new: bool = False) -> None:
        for subscriber in self.subscribers:
            subscriber(self.game, events, new)

    def _autosave(self, game: Game, events: list, new: bool) -> None:
        self.app.autosave(game, new=new)

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
        self._tell(events)
        self.think = None
        self.app.invalidate()

    def decide(self, action: Action) -> None:
        """A person's decision from the keys, a click or a button."""
        if self.accept is None or self.accept(action):
            self.act(action)

    def can_undo(self) -> bool:
        """A person's last decision may be taken back now (and no plug-in is thinking
        about the game it led to)."""
        if self.take_back is None or not self.table.on_top:
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
        self._tell([])
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
        if d is None or self.hold:
            return None
        if self.prompt_for != len(self.game.actions) or self.guard is not None:
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
            self.app.invalidate()
        elif self.guard is not None:
            self.guard -= dt
            if self.guard <= 0:
                self.guard = None
                self.app.invalidate()

    def resumed(self, answer: object) -> None:
        if answer == "play_on":
            self.gate_closed()
        elif answer == "play_again":
            self.play_again()

    def play_again(self) -> None:
        """A new game at the same table, the next seed."""
        self.games_played += 1
        self.new_game(self.seed + 1)
        self.table.build_ui()

    def gate_closed(self) -> None:
        """The round summary was dismissed: play on (or what the driver's owner says)."""
        self.gate_open = False
        if self.after_round is not None:
            self.after_round()
            return
        self.presenter.release()
        self.app.invalidate()

    def close(self) -> None:
        if self.bots is not None:
            self.bots.close()  # the plug-ins' processes end with the table
        if self._autosave in self.subscribers:
            self.app.flush_autosave()  # the table is left: its last decision on the disk

    # ----------------------------------------------------------- controls
    def controls(self) -> tuple[Control, ...]:
        lay = self.table.layout
        d = self.human_turn()
        deciding = d is not None and d.kind == HIT_OR_STAY
        ready = self.ready_turn() is not None  # greyed while a hand-over's guard runs
        undo = self.undo_rect(deciding) if self.can_undo() else None
        return (
            Control("hit", lay.hit_button, t("button.hit"), "#hit_button", None, ready, deciding),
            Control(
                "stay", lay.stay_button, t("button.stay"), "#stay_button", None, ready, deciding
            ),
            Control(
                "undo",
                undo or lay.stay_button,
                t("button.undo"),
                tip=t("undo.tip"),
                shown=undo is not None,
            ),
        )

    def undo_rect(self, deciding: bool) -> pygame.Rect:
        """Undo: where Stay is while nobody's buttons show, else left of Hit."""
        lay = self.table.layout
        if not deciding:
            return lay.stay_button.copy()
        gap = lay.stay_button.x - lay.hit_button.right
        return lay.hit_button.move(-(lay.hit_button.w + gap), 0)

    def command(self, name: str, value: str | None = None) -> bool:
        if name == "undo":
            return self.undo()
        if name in ("faster", "slower"):
            speed = next_speed(self.presenter.timeline.speed, name == "faster")
            self.app.change_settings(speed=speed)
            return True
        d = self.ready_turn()
        if d is not None and d.kind == HIT_OR_STAY and name in ("hit", "stay"):
            self.decide(Action.hit(d.seat) if name == "hit" else Action.stay(d.seat))
            return True
        return False

    # ----------------------------------------------------------- input
    def key(self, key: int, repeat: bool) -> bool:
        hit_keys, stay_keys = decision_keys()
        if key == pygame.K_ESCAPE or (key == pygame.K_p and key not in hit_keys | stay_keys):
            self.app.go("pause", self.table)
            return True
        if key in UNDO_KEYS and self.undo():
            return True
        if not self.presenter.settled and self.presenter.gate is None:
            if key in (pygame.K_SPACE, pygame.K_RETURN):
                self.table.skip()
                return True
            return False
        d = self.ready_turn()
        if d is None or repeat:
            return d is not None or self.human_turn() is not None  # used up, decides nothing
        if d.kind == HIT_OR_STAY:
            if key in hit_keys | stay_keys:
                self.decide(Action.hit(d.seat) if key in hit_keys else Action.stay(d.seat))
                return True
            return False
        index = target_index(key)
        if 0 <= index < len(d.options):
            self.decide(Action.choose(d.seat, d.options[index]))
            return True
        return False

    def _targeting(self):
        d = self.human_turn()
        return d if d is not None and d.kind != HIT_OR_STAY else None

    def click(self, pos: tuple[int, int], seat: int | None) -> bool:
        if not self.presenter.settled:
            return False  # the view skips the animation
        d = self._targeting()
        if (
            d is not None
            and self.ready_turn() is not None
            and seat is not None
            and seat in d.options
        ):
            self.decide(Action.choose(d.seat, seat))
            return True
        return False

    # ----------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self._watch_prompt(dt)
        if self.bots is not None and self.autoplay:
            self.bots.poll()  # a plug-in that cannot load gives way at once
            self._say_bot_notices()
        gate = self.presenter.gate
        if gate is not None and not self.gate_open and self.table.on_top:
            self.gate_open = True
            self.app.go(gate, self.table)  # the round's summary or the game's end
            return
        if not self.presenter.settled or self.game.over:
            return
        d = self.game.pending
        assert d is not None  # a game not over waits for someone
        if d.seat not in self.bot_fns or not self.autoplay or self.hold:
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

    def wakeup(self) -> float | None:
        think = None if self.think is None else max(self.think, BOT_POLL)  # a plug-in thinks
        times = [w for w in (think, self.guard) if w is not None]
        return min(times, default=None)

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

    # ----------------------------------------------------------- what shows
    def seat_states(self) -> list[SeatState]:
        n = len(self.seats)
        d = self.game.pending if self.presenter.settled else None
        if d is None:  # nobody decides; once the game is won, the winner's seat glows
            return [SeatState(turn=(s == self.table.shown.winner)) for s in range(n)]
        if d.kind == HIT_OR_STAY or d.seat in self.bot_fns:
            return [SeatState(turn=(s == d.seat)) for s in range(n)]
        keys = {seat: TARGET_KEYS[i].upper() for i, seat in enumerate(d.options)}
        hover = self.hover
        return [
            SeatState(
                turn=(s == d.seat),
                eligible=s in keys,
                dim=s not in keys,
                hover=(s == hover and s in keys),
                key=keys.get(s),
            )
            for s in range(n)
        ]

    @property
    def hover(self) -> int | None:
        """The seat under the pointer, while a person chooses a target."""
        return self.table.pointer if self._targeting() is not None else None

    def bar(self) -> tuple[str, str]:
        """The bar's two lines: who decides what, and the keys (with the hint, if on)."""
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
                    hint = t("hint.text", bust=round(o.bust * 100), gain=signed(o.gain))
                    detail = hint + KEYS_APART + detail
            return t("prompt.hit_or_stay", name=who), detail
        assert d.card is not None  # a target decision is about a card
        hover = self.hover
        if hover is not None and hover in d.options:  # the whole name, in words
            target = self.presenter.who(hover)
            line = t("prompt.target_to", name=who, card=card_name(d.card), target=target)
            return line, t("prompt.keys_target")
        return t("prompt.target", name=who, card=card_name(d.card)), t("prompt.keys_target")

    def prompt(self) -> Prompt:
        line, detail = self.bar()
        details: tuple[str, ...] = (detail,)
        span = None
        lay = self.table.layout
        d = self.human_turn()
        if d is not None and d.kind == HIT_OR_STAY and self.can_undo():  # Undo beside Hit
            gap = lay.stay_button.x - lay.hit_button.right
            span = (lay.prompt.x, self.undo_rect(True).x - 2 * gap)
            details = (detail, detail.split(KEYS_APART)[0])  # the buttons name the moves
        return Prompt(
            line,
            details,
            tuple(self.seat_states()),
            live=self.ready_turn() is not None,
            text_span=span,
        )

    def draw_over(self, surface: pygame.Surface) -> None:
        pass


def table(app: TableContext, *args: Any, **kwargs: Any) -> TableScene:
    """The route "table": the table view driven by a :class:`PlayDriver`."""
    return TableScene(app, PlayDriver(app, *args, **kwargs))
