"""``python -m game.replay``: the entry point docs/files-and-commands.md names; the body is
:mod:`game.commands.replay`."""

from game.commands.cli import run
from game.commands.replay import main

if __name__ == "__main__":
    run(main)
