"""Games of real cards (docs/live-table.md): build one, mirror one, take back an entry.

An observed game (``Game(..., observed=True)``) is fed from outside: each card
turned over is an ``Action.reveal`` given when the game waits for it, each
decision an ``Action`` as in any game. This module holds what the live table
and a network client build on that:

- :func:`observed_game` — the game from the cards turned over so far and the
  decisions made (what a server sends a client, or a file holds), and
  :func:`catch_up`, which brings such a mirror up to a later state and returns
  the events in between, to animate;
- :func:`entries` and :func:`undo` — the entries in the order they were made,
  and the game without its last one, as many times as wanted (a mis-tap at a
  real table is common);
- :func:`as_observed` and :func:`observed_equivalent` — any game, shuffled or
  not, as the observed game that shows the same table: it cannot know a card
  before it is turned over, so what it computes uses only what the table shows.

The cards turned over are dealt in order whenever the game needs one, so the
same cards and decisions always make the same game, whether the cards came one
by one (at the table) or all at once (from a file).

>>> game = observed_game(["Ana", "Ben"], dealer=1, turned=["7", "12"])
>>> game.pending.kind, game.players[game.pending.seat]
(<DecisionKind.HIT_OR_STAY: 'hit_or_stay'>, 'Ana')
>>> game = undo(game)
>>> game.pending.kind, game.players[game.pending.seat], game.turned()
(<DecisionKind.REVEAL: 'reveal'>, 'Ben', ['7'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game import events as ev
from game import gamefile
from game.engine import Game
from game.rules import RuleOptions
from game.state import Action, DecisionKind


def observed_game(
    players: Sequence[str],
    rules: RuleOptions | None = None,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    turned: Iterable[str] = (),
    actions: Iterable[Action] = (),
    *,
    bots: Sequence[str | None] | None = None,
    seed: int | None = None,
    record_events: bool = True,
) -> Game:
    """The observed game whose cards turned over so far are ``turned`` (in order,
    reshuffles included) and whose decisions are ``actions`` — e.g. a network
    client's mirror of the game a server plays, from what the server has shown.

    Raises ``ValueError``s that say what is wrong: ``CardRefused`` (with its
    ``index``) for a card that could not have been turned over then,
    ``IllegalActionError`` for a decision the rules refuse, ``UnknownCardError``.
    """
    game = Game(
        players,
        rules,
        seed=seed,
        dealer=dealer,
        totals=totals,
        deck=list(turned),
        bots=bots,
        record_events=record_events,
        observed=True,
    )
    for action in actions:
        game.apply(action)
    return game


def catch_up(game: Game, turned: Sequence[str], actions: Sequence[Action]) -> list[ev.Event]:
    """Bring the observed ``game`` up to the state whose cards turned over are
    ``turned`` and whose decisions are ``actions`` (both from the start, as a server
    sends them); returns the events of what was new, as :meth:`Game.apply` does.

    Each new card is given when the game waits for one, each new decision when it
    waits for a player, so the events are those of the game that was mirrored.
    ``ValueError`` when the state does not continue this game (its history differs,
    or it holds a card or a decision the game cannot take).
    """
    known_cards, known_actions = game.turned(), game.actions
    if (
        list(turned[: len(known_cards)]) != known_cards
        or list(actions[: len(known_actions)]) != known_actions
    ):
        raise ValueError("that state does not continue this game: its history differs")
    cards = list(turned[len(known_cards) :])
    decisions = list(actions[len(known_actions) :])
    events: list[ev.Event] = []
    while cards or decisions:
        d = game.pending
        if d is not None and d.kind == DecisionKind.REVEAL and cards:
            events += game.apply(Action.reveal(d.seat, cards.pop(0)))
        elif d is not None and d.kind != DecisionKind.REVEAL and decisions:
            events += game.apply(decisions.pop(0))
        else:
            raise ValueError(
                f"that state does not continue this game: {len(cards)} cards and "
                f"{len(decisions)} decisions left that it does not wait for"
            )
    return events


def dealt_cards(events: Iterable[ev.Event]) -> list[str]:
    """The cards the events show turned over, in order (a shuffled game's ``turned``)."""
    return [e.card for e in events if isinstance(e, ev.CardDrawn)]


def as_observed(game: Game, turned: Iterable[str], record_events: bool = True) -> Game:
    """The observed game of ``game``'s table: its players, rules, first dealer and
    totals, the cards ``turned`` over so far (:func:`dealt_cards` of its events) and
    its decisions; no seed, so nothing it computes can know a card to come."""
    return observed_game(
        game.players,
        game.rules,
        game.initial["dealer"],
        game.initial["totals"],
        turned,
        game.actions,
        bots=game.bots,
        record_events=record_events,
    )


def observed_equivalent(data: Any, record_events: bool = True) -> Game:
    """The game of a parsed ``flip7/1`` file of either dealing, as an observed game
    (:func:`as_observed`); ``GameFileError`` for a file that cannot be replayed."""
    game = gamefile.from_dict(data, record_events=False)  # every problem, as §2 names it
    if game.observed:
        return as_observed(game, game.turned(), record_events)
    again = gamefile.new_game(data)
    turned = dealt_cards(again.opening_events)
    for action in game.actions:
        turned += dealt_cards(again.apply(action))
    return as_observed(again, turned, record_events)


def entries(game: Game) -> list[Action]:
    """Every entry of an observed game in the order it was made: its decisions and,
    as ``Action.reveal``, each card dealt, at the moment the game needed it. Cards
    named before the game needed them (:meth:`Game.waiting`) are not among them."""
    out: list[Action] = []
    _replay(game, len(game.turned()) - len(game.waiting()) + len(game.actions), out)
    return out


def undo(game: Game, record_events: bool = True) -> Game:
    """The observed game as it was before its last entry — the last card named or
    the last decision —, rebuilt exactly from the entries before it.

    ``game`` itself is left as it is. ``ValueError`` when there is nothing to undo.
    """
    if not game.observed:
        raise ValueError("only an observed game takes entries back")
    if game.waiting():  # a card named ahead of need was the last entry
        turned = game.turned()[:-1]
        return observed_game(*_header(game), turned, game.actions, **_extra(game, record_events))
    count = len(game.turned()) + len(game.actions)
    if not count:
        raise ValueError("nothing to undo: no card turned over and no decision yet")
    return _replay(game, count - 1, [], record_events)


def _replay(game: Game, count: int, out: list[Action], record_events: bool = False) -> Game:
    """A fresh observed game of ``game``'s table fed its first ``count`` entries, each
    one when the game asks for it (a card when it waits for one, else a decision)."""
    fresh = observed_game(*_header(game), **_extra(game, record_events))
    cards, actions = game.turned(), game.actions
    card = action = 0
    while len(out) < count:
        d = fresh.pending
        assert d is not None  # the entries of a game: it cannot end before they do
        if d.kind == DecisionKind.REVEAL:
            entry = Action.reveal(d.seat, cards[card])
            card += 1
        else:
            entry = actions[action]
            action += 1
        fresh.apply(entry)
        out.append(entry)
    return fresh


def _header(game: Game) -> tuple[tuple[str, ...], RuleOptions, int, tuple[int, ...]]:
    """What the table was at the start: players, rules, first dealer, totals."""
    return game.players, game.rules, game.initial["dealer"], game.initial["totals"]


def _extra(game: Game, record_events: bool) -> dict[str, Any]:
    return {"bots": game.bots, "seed": game.seed, "record_events": record_events}
