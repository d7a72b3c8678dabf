"""Taking back one's own last Stay or target (game.take_back): only while no card has
been turned over since, never a hit, never a bot's decision; the game restored is the
game of the file without that decision."""

from game import gamefile
from game.cards import FLIP_THREE, FREEZE
from game.engine import Game
from game.state import Action
from game.take_back import offer

from .helpers import play


def decide(game: Game, action: Action):
    before = game.clone()
    return before, offer(before, action, game.apply(action))


def test_a_stay_that_passes_the_turn_can_be_taken_back_to_the_game_without_it():
    game, _ = play(["Ana", "Bo", "Cy"], ["3", "5", "7", "9"])
    file_before = gamefile.to_dict(game)
    _, back = decide(game, Action.stay(0))
    assert back is not None and back.seat == 0
    assert gamefile.to_dict(back.game) == file_before
    assert back.game.pending.seat == 0 and back.game.hands[0].status == "active"
    assert game.hands[0].status == "stayed"  # the game played on is untouched


def test_a_hit_is_never_taken_back():
    game, _ = play(["Ana", "Bo"], ["3", "5", "7"])
    assert decide(game, Action.hit(0))[1] is None


def test_a_bots_decision_is_never_taken_back():
    game = gamefile.from_dict(
        {
            "format": "flip7/1",
            "players": ["Ana", {"name": "Bo", "bot": "normal"}],
            "seed": 0,
            "dealer": 1,
            "deck": ["3", "5", "7"],
            "actions": [{"player": "Ana", "do": "stay"}],
        }
    )
    assert game.pending.seat == 1
    assert decide(game, Action.stay(1))[1] is None


def test_a_stay_that_ends_the_round_is_final_the_next_deal_turned_cards():
    game, _ = play(["Ana", "Bo"], ["3", "5", "7", "8"], ["Ana stay"])
    assert decide(game, Action.stay(1))[1] is None  # the last one in: round 2 is dealt


def test_a_stay_that_ends_the_game_is_final():
    game, _ = play(["Ana", "Bo"], ["12", "5", "11"], ["Ana hit", "Bo stay"], totals=[190, 0])
    assert decide(game, Action.stay(0))[1] is None


def test_a_freeze_given_can_be_taken_back_a_flip_three_given_cannot():
    # Ana 3, Bo 5, then Ana hits a Freeze: she gives it
    game, _ = play(["Ana", "Bo", "Cy"], ["3", "5", "7", FREEZE], ["Ana hit"])
    assert game.pending.kind == "target"
    file_before = gamefile.to_dict(game)
    _, back = decide(game, Action.choose(0, 1))
    assert back is not None and gamefile.to_dict(back.game) == file_before
    game, _ = play(["Ana", "Bo", "Cy"], ["3", "5", "7", FLIP_THREE, "1", "2", "4"], ["Ana hit"])
    assert game.pending.kind == "target"
    assert decide(game, Action.choose(0, 1))[1] is None  # three cards were turned over
