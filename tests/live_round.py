"""A round of 40 cards at four seats, as keys a person types at the live table
(ui.table.live): every player hits until they bust or are frozen, each Freeze and Flip
Three goes to the last seat it may (seed 18192 deals the 40 cards)."""

from game import events as ev
from game.engine import Game
from game.live import dealt_cards
from game.state import HIT_OR_STAY, REVEAL, Action

PLAYERS = ["Player 1", "Player 2", "Player 3", "Player 4"]
SEED = 18192


def shuffled_round() -> tuple[list[Action], list[ev.Event]]:
    """The round's decisions and events, at a shuffled table (the first seat deals, as
    on a new score sheet)."""
    game = Game(PLAYERS, seed=SEED, dealer=0, start=False)
    events = game.start()
    actions: list[Action] = []
    while not any(isinstance(e, ev.RoundScored) for e in events):
        d = game.pending
        a = Action.hit(d.seat) if d.kind == HIT_OR_STAY else Action.choose(d.seat, max(d.options))
        actions.append(a)
        events += game.apply(a)
    return actions, events


def card_keys(card: str) -> list[str]:
    """xdotool's key names for one card typed at the live table."""
    letters = {"x2": "x", "freeze": "f", "flip_three": "t", "second_chance": "s"}
    if card in letters:
        return [letters[card]]
    if card.startswith("+"):
        return ["plus", *card[1:]]
    return ["1", "Return"] if card == "1" else list(card)


def round_keys() -> tuple[list[str], list[str], list[ev.HandResult]]:
    """The keys of the whole round, the cards turned over, and the hands it scores."""
    actions, events = shuffled_round()
    cards = dealt_cards(events)
    scored = next(e for e in events if isinstance(e, ev.RoundScored))
    game = Game(PLAYERS, dealer=0, observed=True, deck=[])
    keys: list[str] = []
    turned, decided = iter(cards), iter(actions)
    done: list[ev.Event] = []
    while not any(isinstance(e, ev.RoundScored) for e in done):
        d = game.pending
        if d.kind == REVEAL:
            card = next(turned)
            keys += card_keys(card)
            done += game.apply(Action.reveal(d.seat, card))
        elif d.kind == HIT_OR_STAY:  # a hit: the card it turns over is typed next
            done += game.apply(next(decided))
        else:
            a = next(decided)
            keys.append(str(d.options.index(a.target) + 1))
            done += game.apply(a)
    return keys, cards, list(scored.results)
