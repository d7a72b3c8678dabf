"""Starting where a window cannot be seen or heard: no display is one line and exit
status 2 (an offscreen run asked for still runs); no sound device is silence on the
terminal and a note in Settings. On X11, the frames go through X's shared memory."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ui.app import NO_DISPLAY, display_problem, software_framebuffer
from ui.config import Config

PROJECT = Path(__file__).resolve().parent.parent
UNSEEN = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")


def bare_env(tmp_path, **extra):
    """This environment without a display (and without the tests' drivers)."""
    env = {k: v for k, v in os.environ.items() if k not in UNSEEN}
    env.update(FLIP7_HOME=str(tmp_path / "home"), **extra)
    return env


def start(tmp_path, *args, timeout=60, **extra):
    return subprocess.run(
        [sys.executable, str(PROJECT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=PROJECT,
        env=bare_env(tmp_path, **extra),
    )


@pytest.mark.parametrize(
    ("driver", "chosen", "used"),
    [("x11", None, "0"), ("x11", "opengl", "opengl"), ("wayland", None, None)],
)
def test_on_x11_frames_are_shown_through_shared_memory_unless_the_person_chose(
    monkeypatch, driver, chosen, used
):
    """Without a graphics card, SDL's OpenGL upload of each frame costs more CPU than
    drawing it (python -m tools.bench_ui --x11); Wayland has no framebuffer of its own."""
    import pygame

    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    environ = {} if chosen is None else {"SDL_FRAMEBUFFER_ACCELERATION": chosen}
    software_framebuffer(environ)
    assert environ.get("SDL_FRAMEBUFFER_ACCELERATION") == used


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_without_a_display_the_game_says_so_in_one_line_and_exits_2(tmp_path):
    done = start(tmp_path, timeout=30)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"flip7: {NO_DISPLAY}"]
    assert done.stdout == ""
    assert not (tmp_path / "home").exists()  # nothing started: no settings written


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_an_offscreen_run_asked_for_still_runs_without_a_display(tmp_path):
    shot = tmp_path / "shot.png"
    done = start(tmp_path, "--frames", "3", "--screenshot", str(shot), SDL_AUDIODRIVER="dummy")
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow  # the game left running 3 s of real time
def test_a_video_driver_named_by_the_person_is_used_without_a_display(tmp_path):
    """SDL_VIDEODRIVER=dummy (as the tests run): no refusal, the game runs until closed."""
    process = subprocess.Popen(
        [sys.executable, str(PROJECT / "main.py")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=PROJECT,
        env=bare_env(tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    try:
        time.sleep(3)
        assert process.poll() is None, process.communicate()[1]  # still running
    finally:
        process.kill()
        process.communicate()


@pytest.mark.parametrize(
    ("config", "env", "platform", "refused"),
    [
        (Config(), {}, "linux", True),
        (Config(), {"DISPLAY": ""}, "linux", True),
        (Config(frames=10), {}, "linux", False),
        (Config(screenshot="x.png"), {}, "linux", False),
        (Config(), {"SDL_VIDEODRIVER": "dummy"}, "linux", False),
        (Config(), {}, "freebsd13", True),
    ],
)
def test_which_starts_are_refused_for_want_of_a_display(config, env, platform, refused):
    assert (display_problem(config, env, platform) == NO_DISPLAY) is refused


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_a_start_without_a_sound_device_prints_nothing(tmp_path):
    """SDL's ALSA driver on a machine without a sound card: the C library's "ALSA lib …"
    lines go nowhere (on a machine with one, the mixer starts and nothing is printed
    either)."""
    done = start(
        tmp_path, "--frames", "3", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr
    assert done.stderr == ""


def test_keeping_the_c_librarys_stderr_quiet_gives_it_back_after(capfd):
    from ui.sound import quietly

    def noisy():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")

    quietly(noisy)
    with pytest.raises(RuntimeError):
        quietly(lambda: (noisy(), (_ for _ in ()).throw(RuntimeError("no device"))))
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


@pytest.mark.parametrize("mixer_starts", [False, True])
@pytest.mark.parametrize(
    ("lang", "note"),
    [("en", "No sound device found"), ("fr", "Aucune sortie audio trouvée"), ("de", None)],
)
def test_settings_say_when_no_sound_device_was_found(
    tmp_path, monkeypatch, lang, note, mixer_starts
):
    import pygame

    from ui import i18n
    from ui.driver import make_app, press
    from ui.screens.settings_screen import SettingsScene

    def no_device(*args, **kw):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    pygame.mixer.quit()
    if not mixer_starts:
        monkeypatch.setattr(pygame.mixer, "init", no_device)
    try:
        app = make_app(home=str(tmp_path), lang=lang, size=(1280, 720))
        assert app.sound.no_device is not mixer_starts
        press(app, pygame.K_s)
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        drawn: list[str] = []
        real = scene.text

        def spy(img, text, *args, **kw):
            drawn.append(text)
            return real(img, text, *args, **kw)

        monkeypatch.setattr(scene, "text", spy)
        scene.resize(app.size)
        app.draw()
        said = note or i18n.t("settings.no_sound")
        assert (said in drawn) is not mixer_starts
        assert drawn.count(said) <= 1  # said once
    finally:
        pygame.display.quit()
        i18n.set_language("en")
