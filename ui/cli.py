"""The command line: ``flip7 [flags]`` (or ``python main.py [flags]``) → ``ui.app.run(config)``.

The ``flip7`` console script of an installed copy calls :func:`main`; ``main.py``
at the top of the checkout is a thin wrapper around it.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_args(argv: list[str] | None = None):
    from game.commands.cli import ArgumentParser
    from game.limits import MAX_FRAMES, MAX_TARGET, MAX_WINDOW, MIN_WINDOW
    from ui.config import Config, ConfigError, parse_players, parse_size

    p = ArgumentParser(prog="flip7", description="Flip 7, the push-your-luck card game.")
    p.add_argument(
        "--players", metavar="LIST", help='start this game at once: "Ana,Ben,bot:expert,bot:normal"'
    )
    p.add_argument("--demo", action="store_true", help="bots play each other, endlessly")
    p.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="take up the unfinished game where it was left",
    )
    p.add_argument("--seed", type=int, help="seed of the shuffles (and the bots)")
    p.add_argument("--speed", type=float, help="animation speed (default: the settings', 1)")
    p.add_argument(
        "--size",
        metavar="WxH",
        help=f"window size, {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to "
        f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]} (default: the settings', 1280x720)",
    )
    p.add_argument(
        "--fullscreen",
        action="store_true",
        default=None,
        help="full screen (default: the settings'; F11 toggles it)",
    )
    p.add_argument("--frames", type=int, help=f"run N frames (at most {MAX_FRAMES}), then exit 0")
    p.add_argument("--screenshot", metavar="FILE", help="save the last frame as PNG")
    p.add_argument("--lang", choices=("en", "fr", "de"), help="language (default: system)")
    p.add_argument(
        "--reduced-motion",
        action="store_true",
        default=None,
        help="no cards travelling: captions only",
    )
    p.add_argument("--no-hints", action="store_true", help="hide the bust-chance hint")
    p.add_argument("--target", type=int, help="points to win (default 200)")
    p.add_argument(
        "--home",
        metavar="DIR",
        help="keep settings and saved games in DIR/config and DIR/data "
        "(default: $FLIP7_HOME, else the user's folders)",
    )
    p.add_argument("--replay", metavar="FILE", help="watch the game file FILE in the replay viewer")
    p.add_argument(
        "--trust-bot",
        metavar="SPEC",
        action="append",
        default=[],
        help="run the plug-in bot SPEC (PATH.py:FUNCTION) when a game file names it, "
        "without asking (repeatable)",
    )
    p.add_argument(
        "--serve",
        action="store_true",
        help="no window: serve tables over the network, as python -m game.server "
        "(with its flags: --host, --port, --home, --wait; docs/network.md)",
    )
    args = p.parse_args(argv)
    try:
        if args.speed is not None and not 0.1 <= args.speed <= 20:
            raise ConfigError("--speed must be between 0.1 and 20")
        if args.frames is not None and not 1 <= args.frames <= MAX_FRAMES:
            raise ConfigError(f"--frames must be from 1 to {MAX_FRAMES}")
        if args.target is not None and not 1 <= args.target <= MAX_TARGET:
            raise ConfigError(f"--target must be a whole number from 1 to {MAX_TARGET}")
        if args.replay is not None:
            check_replay(args.replay)
        if args.screenshot is not None:
            check_screenshot(args.screenshot)
        if args.home is not None:
            check_home(args.home)
        return Config(
            players=parse_players(args.players) if args.players else None,
            demo=args.demo,
            resume=args.resume,
            seed=args.seed,
            speed=args.speed,
            size=parse_size(args.size) if args.size else None,
            fullscreen=args.fullscreen,
            frames=args.frames,
            screenshot=args.screenshot,
            lang=args.lang,
            reduced_motion=args.reduced_motion,
            hints=False if args.no_hints else None,
            target=args.target,
            home=args.home,
            replay=args.replay,
            trusted_bots=tuple(check_trusted(spec) for spec in args.trust_bot),
        )
    except ConfigError as e:
        p.error(str(e))


def check_replay(path: str) -> None:
    """A --replay file that cannot be played: one line and exit status 2, before any window."""
    from game.limits import excerpt
    from ui.config import ConfigError
    from ui.storage.saves import LoadError
    from ui.table.replay_model import load_replay

    try:
        load_replay(path)
    except LoadError as e:  # the command line's English words (!s), not the window's
        raise ConfigError(f"--replay: cannot play {excerpt(path, 200)[1:-1]}: {e!s}") from None


def check_trusted(spec: str) -> str:
    """--trust-bot SPEC: a spec that can name a plug-in (it is not run here)."""
    from game.bots.plugins import PluginError, check
    from ui.config import ConfigError

    try:
        check(spec)
    except PluginError as e:
        raise ConfigError(f"--trust-bot: {e}") from None
    return spec


def check_screenshot(path: str) -> None:
    """--screenshot FILE: a PNG in a folder that exists and can be written."""
    from pathlib import Path

    from ui.config import ConfigError

    target = Path(path).expanduser()
    if target.suffix.lower() != ".png":
        raise ConfigError(f"--screenshot: {path} must end in .png")
    folder = target.parent
    if not folder.is_dir():
        raise ConfigError(f"--screenshot: no folder {folder}")
    if not os.access(folder, os.W_OK) or target.is_dir():
        raise ConfigError(f"--screenshot: cannot write {path}")


def check_home(path: str) -> None:
    """--home DIR: a folder (made if missing), never a file."""
    from pathlib import Path

    from ui.config import ConfigError

    home = Path(path).expanduser()
    if home.exists() and not home.is_dir():
        raise ConfigError(f"--home: {path} is a file, not a folder")
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigError(f"--home: cannot use {path}: {e.strerror or e}") from None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--serve" in argv:  # headless: neither pygame nor the window's flags
        from game.net.cli import main as serve

        return serve([a for a in argv if a != "--serve"], prog="flip7 --serve")
    config = parse_args(argv)
    from ui.app import run

    return run(config)


if __name__ == "__main__":
    sys.exit(main())
