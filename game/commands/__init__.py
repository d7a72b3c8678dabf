"""The headless commands: replay, simulate, tournament, review.

Their ``python -m game.X`` entry points stay in game/ (docs/files-and-commands.md)."""
