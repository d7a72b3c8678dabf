"""``python -m game.server``: the entry point docs/network.md names; the body is
:mod:`game.net.cli`, the server :mod:`game.net.server`."""

from game.commands.cli import run
from game.net.cli import main

if __name__ == "__main__":
    run(main)
