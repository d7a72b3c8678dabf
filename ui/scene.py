"""Scenes and the scene stack, after Tuxemon's ``state.py``.

The top scene gets the input; an *overlay* scene (the round summary) is drawn
over the scenes beneath it, which keep updating (their confetti keeps falling)
but get no input. ``pause``/``resume`` tell a scene it was covered/uncovered,
so it can hide its buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ui.context import Context


class Scene:
    overlay = False  # drawn over the scene beneath
    freeze_below = False  # the scenes beneath stop (the pause menu stops the game)

    def __init__(self, app: Context) -> None:
        self.app = app  # what the scene may use of the window (ui/context.py), never all of it
        self.asker: Scene | None = None  # the scene that opened this one (Context.go)

    def returned(self, result: object) -> bool:
        """A scene this one opened closed with ``result`` (``Context.back``). False keeps that
        scene open (the result was refused: the score sheet would not take the hand)."""
        return True

    def enter(self) -> None:
        """Pushed on the stack: build the buttons."""

    def exit(self) -> None:
        """Popped: kill the buttons."""

    def pause(self) -> None:
        """Another scene covers this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def ready(self) -> None:
        """On top at the start of a pass, before its input: make what input needs."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True if it was used up."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (or the UI manager was rebuilt): lay out again."""

    def build_ui(self) -> None:
        """(Re)create the scene's widgets; a scene without any has nothing to do."""

    def relabel(self) -> None:
        """The language changed: build every text again (by default, as after a resize)."""
        self.resize(self.app.size)

    def busy(self) -> bool:
        """True while something moves: the app then draws every frame."""
        return False

    def wakeup(self) -> float | None:
        """Seconds until this scene must update even if nothing happens (a bot's beat)."""
        return None

    def quit_question(self) -> tuple[str, str] | None:
        """Closing the window would end something for others (a table this window hosts):
        the question to ask first and its "yes" (None: close at once)."""
        return None

    def shutdown(self) -> None:
        """The window closes with this scene on the stack: end what it runs beyond the window
        (a hosted table's server, its connections)."""


class ButtonDialog(Scene):
    """A dialog drawn over the scene beneath, with pygame_gui buttons that exist only
    while it is on top (a screen pushed over it must not be clicked through). A press
    of button ``name`` is :meth:`choose` ``(name)``, a key is :meth:`on_key`; nothing
    reaches the scene beneath. (The forms' pause menu and confirmations are
    :class:`ui.screens.forms.DialogScene`, with fields and their own layout.)"""

    overlay = True

    def __init__(self, app: Context) -> None:
        super().__init__(app)
        self.buttons: dict = {}
        self._image: pygame.Surface | None = None
        self._key: object = None

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

    def resize(self, size: tuple[int, int]) -> None:
        if self.app.on_top(self):
            self.build_ui()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(name)
                    break
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        return True  # modal: nothing reaches the scene beneath

    def choose(self, name: str) -> None:
        """The button ``name`` was pressed (or a key stands for it)."""
        raise NotImplementedError

    def on_key(self, key: int) -> None:
        """A key pressed while the dialog is on top."""

    def dialog(self) -> pygame.Rect:
        """The dialog's rect: most of the window, centred (subclasses may size their own)."""
        w, h = self.app.size
        r = pygame.Rect(0, 0, round(w * 0.86), round(h * 0.86))
        r.center = (w // 2, h // 2)
        return r


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene without waking the one beneath."""
        self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def quit_question(self) -> tuple[str, str] | None:
        return next((q for s in self.scenes if (q := s.quit_question()) is not None), None)

    def shutdown(self) -> None:
        for scene in reversed(self.scenes):
            scene.shutdown()

    def pop_to(self, kind: type) -> None:
        """Pop until the top scene is a ``kind`` (the menu)."""
        while self.scenes and not isinstance(self.scenes[-1], kind):
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and what its overlays show."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0) :]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.top.handle_event(event) if self.top else False

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.ready()
        for scene in self.running():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def running(self) -> list[Scene]:
        """The visible scenes that update: none beneath one that freezes what is below it."""
        scenes = self.visible()
        for i in range(len(scenes) - 1, 0, -1):
            if scenes[i].freeze_below:
                return scenes[i:]
        return scenes

    def busy(self) -> bool:
        return any(scene.busy() for scene in self.running())

    def wakeup(self) -> float | None:
        times = [w for w in (s.wakeup() for s in self.running()) if w is not None]
        return min(times, default=None)
