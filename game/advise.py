"""``python -m game.advise``: the entry point docs/files-and-commands.md names; the body is
:mod:`game.commands.advise`."""

from game.commands.advise import main
from game.commands.cli import run

if __name__ == "__main__":
    run(main)
