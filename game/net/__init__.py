"""Play across screens: the ``flip7-net/1`` protocol (docs/network.md).

* :mod:`game.net.protocol` — what a message may say: parsing and checking every client
  message before anything is done with it, and the server's replies.
* :mod:`game.net.table` — one table: seats, tokens, the game (run only here), states.
* :mod:`game.net.store` — tables on disk: a file each, and a journal of every decision.
* :mod:`game.net.server` — the asyncio WebSocket server (``python -m game.server``),
  and :func:`~game.net.server.start_in_thread` for the window's "Host a game".
* :mod:`game.net.client` — a client for a UI thread: a background thread, a queue.
* :mod:`game.net.cli` — ``python -m game.server`` (and ``flip7 --serve``).
* :mod:`game.net.mirror` — a state as the observed game file (§6) a client replays.
"""
