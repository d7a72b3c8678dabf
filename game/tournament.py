"""``python -m game.tournament``: the entry point docs/files-and-commands.md names; the body is
:mod:`game.commands.tournament`."""

from game.commands.cli import run
from game.commands.tournament import main

if __name__ == "__main__":
    run(main)
