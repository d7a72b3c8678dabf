"""Every message a table sends fits in 64 KiB, as flip7-net/1's transport says, at the
largest table the server takes: 18 seats whose names take all the bytes a table's names
may (in characters of four bytes), the largest target, and a long game.

How long a game lasts is the players' doing: these play two long ones, each the longest
of the first 200 deals for its players — people who stay as soon as they may (the most
rounds: every round is in every state) and people who hit up to 45 points (the most
decisions: every decision is in the ``over`` file).
"""

from __future__ import annotations

import json

import pytest

from game.engine import Game
from game.limits import MAX_NAME, MAX_PLAYERS, NET_MAX_MESSAGE, NET_MAX_NAME_BYTES, NET_MAX_TARGET
from game.net import table as table_module
from game.net.protocol import Act, Create, parse
from game.net.table import Settings, Table, name_bytes, names_bytes
from game.state import STAY, TARGET, Action

pytestmark = pytest.mark.slow  # two games of 18 seats, 700 to 1,200 decisions each


class Member:
    """A connection that keeps the length of the longest message it got, by kind."""

    def __init__(self) -> None:
        self.sizes: dict[str, int] = {}

    def send(self, text: str, state: bool = False) -> None:
        kind = text[9 : text.index('"', 9)]  # {"type":"KIND",…
        self.sizes[kind] = max(self.sizes.get(kind, 0), len(text.encode("utf-8")))

    def close(self, reason: str) -> None:
        raise AssertionError(f"closed: {reason}")


def longest_names() -> list[str]:
    """Eighteen names in characters of four bytes, together as long as a table takes."""
    each = min(MAX_NAME, NET_MAX_NAME_BYTES // MAX_PLAYERS // 4)
    return [chr(0x20000 + 100 * i) * each for i in range(MAX_PLAYERS)]


def hit_to_45(game: Game) -> Action:
    """Hit up to 45 points, then stay; give a card to the first player offered."""
    pending = game.pending
    assert pending is not None
    if pending.kind == TARGET:
        return game.legal_actions()[0]
    points = sum(int(card) for card in game.hands[pending.seat].numbers)
    return Action.hit(pending.seat) if points < 45 else Action.stay(pending.seat)


def stay_at_once(game: Game) -> Action:
    """Stay as soon as the rules let one; give a card to the first player offered."""
    legal = game.legal_actions()
    return next((a for a in legal if a.kind == STAY), legal[0])


@pytest.mark.parametrize(
    ("players", "seed", "decisions"), [(stay_at_once, 121, 679), (hit_to_45, 46, 1184)]
)
def test_every_message_of_the_largest_table_fits_in_64_kib(monkeypatch, players, seed, decisions):
    monkeypatch.setattr(table_module.secrets, "randbits", lambda bits: seed)  # the deal
    names = longest_names()
    members = [Member() for _ in names]
    watcher = Member()
    request = parse(
        json.dumps(
            {
                "type": "create",
                "name": names[0],
                "seats": ["me", *["open"] * (MAX_PLAYERS - 1)],
                "rules": {"target": NET_MAX_TARGET},
            }
        )
    )
    assert isinstance(request, Create)
    table, _token = Table.create(request, members[0], "ABCD23", Settings())
    table.watch(watcher)
    for member, name in zip(members[1:], names[1:], strict=True):
        table.join(member, name)
    assert names_bytes(table.seats) == sum(map(name_bytes, names)) <= NET_MAX_NAME_BYTES
    table.start(members[0])
    game = table.game
    assert game is not None
    while not game.over:
        action = players(game)
        target = None if action.target is None else names[action.target]
        table.act(members[action.seat], Act(table.version, str(action.kind), target))
    assert len(game.actions) == decisions  # as long a game as it was chosen for
    for member in (*members, watcher):
        assert set(member.sizes) >= {"state", "over"}
        assert max(member.sizes.values()) <= NET_MAX_MESSAGE, member.sizes
