"""``python -m game.review``: the entry point docs/files-and-commands.md names; the body is
:mod:`game.commands.review`."""

from game.commands.cli import run
from game.commands.review import main

if __name__ == "__main__":
    run(main)
