"""Scenario helpers: a stacked deck, decisions written like the FAQ tells them."""

from __future__ import annotations

from game import events as ev
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import from_dict, new_game, to_dict
from game.live import dealt_cards, observed_game
from game.state import Action, DecisionKind

#: seed 004, "La feuille de l'exemple" (the French score-keeping page): the four
#: players and their points round by round; the seventh round is the last round
#: of ``examples/seed004_last_round.json``
SEED004_PLAYERS = ["Hugo", "Léa", "Lucas", "Chloé"]
SEED004_ROUNDS = [
    [24, 0, 35, 29],
    [0, 41, 22, 36],
    [38, 27, 0, 47],
    [31, 19, 44, 0],
    [45, 0, 39, 52],
    [33, 73, 28, 21],
    [64, 62, 21, 0],
]


def game_file(players, deck, moves=(), dealer=None, rules=None, totals=None, seed=0):
    """A flip7/1 dict. ``moves``: "Ana hit", "Ana stay", "Ana > Ben" (a target)."""
    actions = []
    for move in moves:
        if " > " in move:
            who, target = move.split(" > ")
            actions.append({"player": who, "do": "target", "target": target})
        else:
            who, do = move.rsplit(" ", 1)
            actions.append({"player": who, "do": do})
    data = {
        "format": "flip7/1",
        "players": list(players),
        "seed": seed,
        "deck": list(deck),
        "actions": actions,
    }
    if dealer is not None:
        data["dealer"] = dealer
    if rules:
        data["rules"] = rules
    if totals is not None:
        data["totals"] = totals
    return data


def play(players, deck, moves=(), dealer=None, rules=None, totals=None, seed=0):
    """Run a scenario; returns the game and every event since the start.

    The dealer defaults to the last seat, so seat 0 plays first (R3.1).
    """
    if dealer is None:
        dealer = len(players) - 1
    data = game_file(players, deck, moves, dealer, rules, totals, seed)
    game = new_game(data)
    events = list(game.opening_events)
    seats = {name: i for i, name in enumerate(game.players)}
    for a in data["actions"]:
        if a["do"] == "target":
            action = Action.choose(seats[a["player"]], seats[a["target"]])
        else:
            action = Action(a["do"], seats[a["player"]])
        events += game.apply(action)
    # the same file through the loader must reach the same state
    again = from_dict(data)
    assert again.pending == game.pending and again.totals == game.totals
    assert_observed_twin(game, events)
    return game, events


def assert_observed_twin(game: Game, events: list) -> Game:
    """Chance is a player: the same game with its cards named one by one from outside
    (an observed game, docs/live-table.md) makes the same events, table and file."""
    twin = observed_game(game.players, game.rules, game.initial["dealer"], game.initial["totals"])
    replayed = list(twin.opening_events)
    cards = iter(dealt_cards(events))
    for action in game.actions:
        while twin.pending.kind == DecisionKind.REVEAL:
            replayed += twin.apply(Action.reveal(twin.pending.seat, next(cards)))
        replayed += twin.apply(action)
    for card in cards:
        replayed += twin.apply(Action.reveal(twin.pending.seat, card))
    assert replayed == events
    assert summary(twin) == summary(game)
    assert summary(from_dict(to_dict(twin))) == summary(game)
    return twin


def play_observed(game: Game, rng, until) -> Game:
    """Play an observed game at random — random legal decisions, random cards that can
    be turned over — until ``until(game)`` holds at a decision."""
    while not until(game):
        d = game.pending
        assert d is not None, "the game ended first"
        if d.kind == DecisionKind.REVEAL:
            game.apply(Action.reveal(d.seat, rng.choice(game.revealable())))
        elif d.kind == DecisionKind.HIT_OR_STAY:
            game.apply(d.actions[0] if rng.random() < 0.7 else d.actions[1])
        else:
            game.apply(rng.choice(d.actions))
    return game


def empty_pile(game: Game) -> bool:
    """A player decides and nothing is left in the draw pile (R2.4: the next card comes
    from the discard pile, shuffled)."""
    d = game.pending
    return d is not None and d.kind == DecisionKind.HIT_OR_STAY and not game.draw_pile


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def numbers(game: Game, seat: int) -> list[int]:
    return [int(c) for c in game.hands[seat].numbers]


def waiting(game: Game):
    """(name, kind, card, option names) of the pending decision."""
    d = game.pending
    if d is None:
        return None
    return (game.players[d.seat], d.kind, d.card, [game.players[s] for s in d.options])


__all__ = [
    "assert_observed_twin",
    "empty_pile",
    "play_observed",
    "ev",
    "game_file",
    "play",
    "of",
    "numbers",
    "waiting",
]
