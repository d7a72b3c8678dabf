"""The text of a table's ``state`` messages, built once for all its connections.

A state is sent after every decision, to everyone at the table, and most of it is
what the last one said: the finished rounds, the cards turned over, the decisions.
:class:`StateText` keeps the JSON of those and only adds what is new, so a state
late in a long game costs no more to build than one early on (``tools/bench_net.py``).
The object is the same as if it were built whole (``tests/test_net_table.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from game import events as ev
from game.commands.replay import finished_round, waiting_for
from game.engine import Game
from game.net.protocol import dumps
from game.state import Action, DecisionKind, Hand

if TYPE_CHECKING:
    from game.net.table import Table


class StateText:
    """One table's state messages, without their ``{"type":"state","seat":I,``."""

    def __init__(self) -> None:
        #: (rounds finished, over): the report's totals, over and winner, as JSON
        self._report: tuple[tuple[int, bool], str] = ((-1, False), "")
        self._cards = (0, "")  # (cards turned over, their JSON items joined)
        self._actions = (0, "")  # (decisions, their JSON items joined)
        self._start = ""  # the record's unchanging head: bots, dealer, totals
        self._rules = ""
        self._seat_text: tuple[int, str] = (-1, "")  # (the table's seats_version, JSON)
        self._names: list[str] = []  # each player's name as JSON text
        self._hands: list[tuple[object, str]] = []  # per seat: (what its hand holds, JSON)
        self._players = ""  # the report's players, as JSON
        self._rounds = (0, "")  # (finished rounds, their entries in the report joined)

    def body(self, table: Table, events: list[dict[str, Any]], engine: Sequence[ev.Event]) -> str:
        """``events``: the table's own (a seat taken, who decided); ``engine``: the game's,
        which follow them in the state's ``events``."""
        if not self._rules:
            self._rules = dumps(table.rules.to_dict())
        said = ",".join([*(dumps(e) for e in events), *(event_text(e) for e in engine)])
        return "".join(
            (
                f'"version":{table.version},"table":"{table.code}",',
                f'"creator":{table.creator},"rules":{self._rules},',
                f'"seats":{self._seats(table)},"game":{self._game(table.game)},',
                f'"record":{self._record(table)},"events":[{said}]}}',
            )
        )

    def _seats(self, table: Table) -> str:
        """Who sits where; kept as text until a seat changes (or a seat counts down)."""
        if self._seat_text[0] != table.seats_version:
            now = table.settings.clock()
            text = dumps([s.describe(table.takeover_at(s), now) for s in table.seats])
            counting = any(table.counting_down(s) for s in table.seats)
            self._seat_text = (-1 if counting else table.seats_version, text)
        return self._seat_text[1]

    def _game(self, game: Game | None) -> str:
        """``python -m game.replay``'s object (docs/files-and-commands.md). All of it but the round
        under way and the decision awaited changes only when a round ends: that part
        is built then, and kept as text."""
        if game is None:
            return "null"
        if not self._names:
            self._names = [dumps(name) for name in game.players]
            self._hands = [(None, "")] * len(game.players)
        if self._report[0] != (len(game.rounds), game.over):
            self._report = ((len(game.rounds), game.over), self._finished(game))
        under_way = "null" if game.over else self._round(game)
        return (
            f'{{"players":{self._players},"rounds":[{self._rounds[1]}],{self._report[1]},'
            f'"round":{under_way},"waiting_for":{self._waiting(game)}}}'
        )

    def _finished(self, game: Game) -> str:
        """What :func:`~game.commands.replay.summary` says of the rounds finished, after
        its ``rounds``: each round is encoded once, when it ends, into ``_rounds``."""
        if not self._players:
            self._players = dumps(list(game.players))
        new = [dumps(finished_round(game, i)) for i in range(self._rounds[0], len(game.rounds))]
        self._rounds = joined_more(self._rounds, new)
        names = game.players
        totals = dumps({name: game.totals[s] for s, name in enumerate(names)})
        winner = dumps(None if game.winner is None else names[game.winner])
        return f'"totals":{totals},"over":{dumps(game.over)},"winner":{winner}'

    def _round(self, game: Game) -> str:
        """:func:`~game.commands.replay.current_round` as text: a hand is encoded again
        only when it changed (a decision changes one or two)."""
        names, hands = self._names, []
        for seat, hand in enumerate(game.hands):
            held = (hand.status, tuple(hand.numbers), tuple(hand.modifiers), hand.second_chance)
            kept = self._hands[seat]
            if kept[0] != held:
                kept = self._hands[seat] = (held, f"{names[seat]}:{_hand_text(hand)}")
            hands.append(kept[1])
        staged = dumps(list(game.staged)) if game.staged else "[]"
        queue = "[]"
        if game.queue:
            queue = dumps([{"card": c, "target": game.players[t]} for c, t, _by in game.queue])
        return (
            f'{{"dealer":{names[game.dealer]},"hands":{{{",".join(hands)}}},"staged":{staged},'
            f'"queue":{queue},"draw_pile":{len(game.draw_pile)},'
            f'"discard_pile":{len(game.discard)}}}'
        )

    def _waiting(self, game: Game) -> str:
        """:func:`~game.commands.replay.waiting_for` as text, the names already encoded."""
        pending = game.pending
        if pending is None or pending.kind == DecisionKind.REVEAL:  # reveal: observed games
            return dumps(waiting_for(game))
        names = self._names
        kind = "target" if pending.kind == DecisionKind.TARGET else "hit_or_stay"
        card = "null" if pending.card is None else dumps(pending.card)
        options = ",".join([names[s] for s in pending.options]) if pending.options else ""
        return (
            f'{{"player":{names[pending.seat]},"decision":"{kind}","card":{card},'
            f'"options":[{options}]}}'
        )

    def _record(self, table: Table) -> str:
        game = table.game
        if game is None:
            return "null"
        if not self._start:
            record = table.record()
            self._start = dumps({k: record[k] for k in ("bots", "dealer", "totals")})[:-1]
        self._cards = joined_more(self._cards, [f'"{c}"' for c in table.cards[self._cards[0] :]])
        new = [action_text(a) for a in game.actions[self._actions[0] :]]
        self._actions = joined_more(self._actions, new)
        return f'{self._start},"cards":[{self._cards[1]}],"actions":[{self._actions[1]}]}}'


def _hand_text(hand: Hand) -> str:
    """A hand as :func:`~game.commands.replay.current_round` writes it. Card names are
    plain: a number card's is its number, a modifier's needs no escape.

    >>> from game.state import Hand
    >>> hand = Hand()
    >>> hand.numbers += ["7", "0"]; hand.modifiers.append("x2")
    >>> _hand_text(hand)
    '{"status":"active","numbers":[7,0],"modifiers":["x2"],"second_chance":false}'
    """
    modifiers = ",".join(f'"{m}"' for m in hand.modifiers)
    return (
        f'{{"status":"{hand.status}","numbers":[{",".join(hand.numbers)}],'
        f'"modifiers":[{modifiers}],"second_chance":{_CONSTANTS[hand.second_chance]}}}'
    )


def joined_more(joined: tuple[int, str], items: list[str]) -> tuple[int, str]:
    """``joined`` (a count of items, their text joined by commas) with ``items`` after.

    >>> joined_more(joined_more((0, ""), ["1", "2"]), ["3"])
    (3, '1,2,3')
    """
    if not items:
        return joined
    count, text = joined
    more = ",".join(items)
    return count + len(items), f"{text},{more}" if text else more


def record_action(action: Action) -> list[Any]:
    """A decision in a record: ``[seat, do]`` or ``[seat, "target", seat]``."""
    kind, seat, target = action.kind, action.seat, action.target
    return [seat, kind] if target is None else [seat, kind, target]


def action_text(action: Action) -> str:
    """:func:`record_action` as JSON text, without the encoder.

    >>> from game.state import Action
    >>> action_text(Action.hit(3)), action_text(Action.choose(1, 4))
    ('[3,"hit"]', '[1,"target",4]')
    """
    kind, seat, target = action.kind, action.seat, action.target
    return f'[{seat},"{kind}"]' if target is None else f'[{seat},"{kind}",{target}]'


#: per event class: the start of its JSON text and each field's key, as text
_EVENT_KEYS: dict[type, tuple[str, tuple[str, ...]]] = {}
#: the text of each event of simple fields met so far: seats, cards and causes make a
#: few thousand of them at most; past this bound, new ones are written each time
MAX_EVENT_TEXTS = 20_000
_EVENT_TEXTS: dict[tuple[type, ev.Event], str] = {}


def event_text(event: ev.Event) -> str:
    """``dumps(events.to_dict(event))``, without building the dict, and once for all for
    most: a decision's state carries about four events, and few kinds of them (a seat,
    a card, a cause) keep coming back.

    >>> from game.events import CardDrawn, DrawCause
    >>> event_text(CardDrawn(2, "x2", DrawCause.HIT, 0))
    '{"event":"CardDrawn","seat":2,"card":"x2","cause":"hit","slot":0}'
    """
    key = (type(event), event)  # the class too: NamedTuples of equal fields are equal
    text = _EVENT_TEXTS.get(key)
    if text is None:
        text, simple = _event_text(event)
        if simple and len(_EVENT_TEXTS) < MAX_EVENT_TEXTS:
            _EVENT_TEXTS[key] = text
    return text


def _event_text(event: ev.Event) -> tuple[str, bool]:
    """The event's text, and whether it is of simple fields (no tuple, no results)."""
    keys = _EVENT_KEYS.get(type(event))
    if keys is None:
        fields = type(event)._fields
        keys = _EVENT_KEYS[type(event)] = (
            f'{{"event":"{type(event).__name__}"',
            tuple(f',"{name}":' for name in fields),
        )
    parts = [keys[0]]
    for key, value in zip(keys[1], event, strict=True):
        if type(value) is int:
            text = str(value)
        elif isinstance(value, str):  # a card's name, an enum's value
            text = encode_basestring(value)
        elif value is None or type(value) is bool:
            text = _CONSTANTS[value]
        else:  # a tuple, the hands' results: rare, encoded whole
            return dumps(ev.to_dict(event)), False
        parts += (key, text)
    parts.append("}")
    return "".join(parts), True


_CONSTANTS = {None: "null", True: "true", False: "false"}
