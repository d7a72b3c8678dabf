"""A game file as a replay: its start plus its decisions, to step through in both directions.

Pure (no pygame): the replay viewer (:mod:`ui.table.replay`) draws what this holds.
A replay is read once, every decision checked by the engine; after that the
game after any number ``k`` of decisions is rebuilt from the nearest checkpoint
(a clone kept every :data:`CHECKPOINT` decisions), so stepping back or jumping
to a round costs a few dozen ``Game.apply`` calls, never a whole game.

>>> r = Replay({"format": "flip7/1", "players": ["Ana", "Bo"], "seed": 1, "dealer": 1,
...             "deck": ["3", "5", "3"], "actions": [{"player": "Ana", "do": "hit"}]})
>>> first, after = r.game_at(0).snapshot().hands[0], r.game_at(1).snapshot().hands[0]
>>> len(r), first.numbers, after.status == "busted"
(1, ('3',), True)
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from game import events as ev
from game import gamefile
from game.engine import Game
from game.gamefile import GameFileError
from game.state import HIT, STAY, Action, IllegalActionError
from ui.storage.saves import LoadError, check_table, not_a_game

CHECKPOINT = 64  # decisions between two kept clones of the game


@dataclass(frozen=True)
class Decision:
    """Decision ``index`` of the file: who made it, what it was, about which card."""

    index: int
    action: Action
    card: str | None  # the card given, for a ``target`` decision
    round_no: int  # the round it was made in
    drawn: str | None = None  # the card a ``hit`` drew ("Léa hits: 7")


class Replay:
    """The decisions of one game file; :meth:`game_at` is the game after the first ``k``."""

    def __init__(self, data: object, real_cards: bool = False) -> None:
        """``real_cards``: an observed game (``dealing: observed``) is replayed too — the
        live table's own (a file to load is refused: ``check_table``)."""
        if not real_cards:
            check_table(data)
        game = gamefile.new_game(data, start=False)
        #: the first deal, as at the table (read before the actions, which need it)
        self.start_events = game.start()
        assert isinstance(data, dict)  # new_game refuses anything else
        self.data = data
        self.actions: list[Action] = gamefile.parse_actions(data, game)
        self.decisions: list[Decision] = []
        self.round_after: list[int] = [game.round_no]  # the round shown after k decisions
        self._checkpoints: list[Game] = [game.clone()]
        for index, action in enumerate(self.actions):
            d = game.pending
            card = d.card if d is not None and action.kind not in (HIT, STAY) else None
            round_no = game.round_no
            try:
                events = game.apply(action)
            except IllegalActionError as e:
                raise GameFileError(f"action {index}: {e}") from None
            drawn = (
                next(
                    (
                        e.card
                        for e in events
                        if isinstance(e, ev.CardDrawn) and e.seat == action.seat
                    ),
                    None,
                )
                if action.kind == HIT
                else None
            )
            self.decisions.append(Decision(index, action, card, round_no, drawn))
            self.round_after.append(game.round_no)
            if (index + 1) % CHECKPOINT == 0:
                self._checkpoints.append(game.clone())
        self.final = game

    @classmethod
    def of_game(cls, game: Game) -> Replay:
        """The replay of a game played at the table (its file as ``Save as`` writes it), or
        followed at a real table (ui.table.live)."""
        return cls(gamefile.to_dict(game), real_cards=game.dealing == "observed")

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def players(self) -> tuple[str, ...]:
        return self.final.players

    def game_at(self, k: int) -> Game:
        """A fresh game after the first ``k`` decisions (0 ≤ k ≤ len)."""
        k = max(0, min(k, len(self)))
        game = self._checkpoints[k // CHECKPOINT].clone()
        for action in self.actions[len(game.actions) : k]:
            game.apply(action)
        return game

    def rounds(self) -> list[int]:
        """The round numbers the replay passes through, in order."""
        return sorted(set(self.round_after))

    def first_of_round(self, round_no: int) -> int:
        """The first ``k`` whose game is in round ``round_no`` (or the nearest after it)."""
        for k, r in enumerate(self.round_after):
            if r >= round_no:
                return k
        return len(self)

    def round_start(self, k: int, step: int) -> int:
        """The ``k`` to go to for PageUp (step -1: this round's start, or the one before if
        already there) and PageDown (step +1: the next round's start, or the end)."""
        here = self.round_after[k]
        if step < 0:
            start = self.first_of_round(here)
            return start if start < k else self.first_of_round(max(1, here - 1))
        later = [r for r in self.rounds() if r > here]
        return self.first_of_round(later[0]) if later else len(self)


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read a game file as a replay; :class:`~ui.storage.saves.LoadError` if it cannot be played."""
    try:
        return Replay(gamefile.parse_json(gamefile.read_text(path)))
    except GameFileError as e:
        raise LoadError(str(e)) from None
    except LoadError:
        raise
    except (ValueError, TypeError, KeyError, RecursionError, MemoryError, OSError) as e:
        raise not_a_game(e) from None
