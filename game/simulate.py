"""``python -m game.simulate``: the entry point docs/files-and-commands.md names; the body is
:mod:`game.commands.simulate`."""

from game.commands.cli import run
from game.commands.simulate import main

if __name__ == "__main__":
    run(main)
