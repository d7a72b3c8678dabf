"""Observed games (docs/live-table.md): a real table's cards named one by one — the
reveal decision, refused cards with their index and why, reshuffles (R2.4) with
no order known, the flip7/1 file with "dealing": "observed", and game.replay."""

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game import events as ev
from game.cards import ALL_CARDS, composition
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import GameFileError, dumps, from_dict, to_dict
from game.rules import RuleOptions
from game.state import Action, DecisionKind, IllegalActionError
from tests.helpers import empty_pile, game_file, of, play_observed
from ui.storage.saves import LoadError, load_file

ROOT = Path(__file__).resolve().parent.parent
ABC = ["Ana", "Ben", "Cy"]
HIGH = RuleOptions(target=5000)  # rounds enough to run through the whole deck


def observed_file(players, deck, moves=(), dealer=None, **extra):
    data = game_file(players, deck, moves, len(players) - 1 if dealer is None else dealer)
    del data["seed"]
    data["dealing"] = "observed"
    data.update(extra)
    return data


def run_cli(module, path):
    return subprocess.run(
        [sys.executable, "-m", module, str(path)], cwd=ROOT, capture_output=True, text=True
    )


def reveal(game, card):
    return game.apply(Action.reveal(game.pending.seat, card))


# the reveal decision -----------------------------------------------------------
def test_an_observed_game_waits_for_the_card_of_the_player_who_receives_it():
    game = Game(ABC, observed=True, dealer=2)
    d = game.pending
    assert (d.kind, d.seat, d.card, d.options) == (DecisionKind.REVEAL, 0, None, ())
    # every card can come, in §1's order, one legal action each
    assert [a.card for a in game.legal_actions()] == list(ALL_CARDS)
    assert all(a == Action.reveal(0, a.card) for a in game.legal_actions())
    events = reveal(game, "7")
    assert events == [
        ev.Hit(0, True),
        ev.CardDrawn(0, "7", ev.DrawCause.HIT, 0),
        ev.NumberAdded(0, "7"),
    ]
    assert game.pending.kind == DecisionKind.REVEAL and game.pending.seat == 1


def test_a_card_turned_over_is_not_a_decision_and_the_game_knows_no_seed():
    game = Game(ABC, observed=True, dealer=2)
    for card in ("7", "12", "3"):
        reveal(game, card)
    assert game.seed is None and game.actions == []
    assert game.turned() == ["7", "12", "3"] and game.waiting() == []
    assert game.pending.kind == DecisionKind.HIT_OR_STAY  # Ana: hit or stay
    assert game.apply(Action.hit(0)) == []  # the Hit comes with its card
    assert game.pending.kind == DecisionKind.REVEAL and game.pending.seat == 0
    assert game.actions == [Action.hit(0)]
    # the draw pile counts the cards left to draw, as at the table
    assert len(game.draw_pile) == 94 - 3 and game.view(1).draw_count == 91


def test_cards_named_ahead_wait_until_the_game_needs_them():
    game = Game(ABC, observed=True, dealer=2, deck=["7", "12", "3", "5"])
    assert game.pending.kind == DecisionKind.HIT_OR_STAY and game.waiting() == ["5"]
    events = game.apply(Action.hit(0))
    assert of(events, ev.CardDrawn) == [ev.CardDrawn(0, "5", ev.DrawCause.HIT, 0)]
    assert game.waiting() == [] and game.turned() == ["7", "12", "3", "5"]


def test_a_flip_three_waits_card_by_card_for_its_target():
    game = Game(ABC, observed=True, dealer=2, deck=["flip_three"])
    assert game.pending.kind == DecisionKind.TARGET and game.pending.card == "flip_three"
    game.apply(Action.choose(0, 1))
    for slot in (1, 2, 3):
        assert game.pending.kind == DecisionKind.REVEAL and game.pending.seat == 1
        events = reveal(game, str(slot + 3))
        assert of(events, ev.CardDrawn)[0] == ev.CardDrawn(1, str(slot + 3), "flip_three", slot)
    # the Flip Three is over: play resumes after Ana (R5.6), with Ben, who has cards
    assert game.pending.kind == DecisionKind.HIT_OR_STAY and game.pending.seat == 1


def test_only_the_card_awaited_is_taken_and_only_when_awaited():
    game = Game(ABC, observed=True, dealer=2, deck=["7", "12", "3"])
    with pytest.raises(
        IllegalActionError,
        match="Ana cannot receive a card now: the game waits for Ana to hit or stay",
    ):
        game.apply(Action.reveal(0, "5"))
    game.apply(Action.hit(0))
    with pytest.raises(
        IllegalActionError, match="Ana cannot stay: the game waits for the card turned over for Ana"
    ):
        game.apply(Action.stay(0))
    with pytest.raises(IllegalActionError, match="the card turned over goes to Ana, not to Ben"):
        game.apply(Action.reveal(1, "5"))
    with pytest.raises(IllegalActionError, match="unknown card '13'"):
        game.apply(Action.reveal(0, "13"))
    assert game.turned() == ["7", "12", "3"] and game.pending.kind == DecisionKind.REVEAL


def test_a_shuffled_game_never_waits_for_a_card_nor_takes_one():
    game = Game(ABC, seed=4)
    assert game.pending.kind == DecisionKind.HIT_OR_STAY and game.turned() == []
    with pytest.raises(IllegalActionError, match="cannot receive a card now"):
        game.apply(Action.reveal(game.pending.seat, game.revealable()[0]))


# refused cards -------------------------------------------------------------------
TWELVE = [f"P{i}" for i in range(12)]


def test_a_card_none_of_which_is_left_is_refused_with_the_reason():
    game = Game(TWELVE, observed=True, dealer=11, deck=["12"] * 12)  # one 12 for each
    assert game.pending.kind == DecisionKind.HIT_OR_STAY
    game.apply(Action.hit(0))
    assert "12" not in game.revealable()
    with pytest.raises(IllegalActionError, match='^no "12" can be drawn: all 12 are on the table$'):
        reveal(game, "12")
    game = Game(ABC, observed=True, dealer=2, deck=["0", "7", "8"])
    game.apply(Action.hit(0))
    with pytest.raises(
        IllegalActionError, match='no "0" can be drawn: the only one is on the table'
    ):
        reveal(game, "0")


def test_a_file_names_the_index_of_a_refused_card():
    data = observed_file(TWELVE, ["12"] * 13, ["P0 hit"])
    with pytest.raises(
        GameFileError, match='^deck 12: no "12" can be drawn: all 12 are on the table$'
    ):
        from_dict(data)
    # in the opening too (a 13th 12 for the forced first hits of 13 players)
    data = observed_file([*TWELVE, "P12"], ["12"] * 13)
    with pytest.raises(GameFileError, match='^deck 12: no "12" can be drawn'):
        from_dict(data)


def test_a_card_on_the_discard_pile_comes_back_only_with_the_reshuffle():
    # round 1: Ana busts on a second 2, Ben and Cy stay: the 0 and both 2s are discarded
    moves = ["Ana hit", "Ben stay", "Cy stay"]
    data = observed_file(ABC, ["2", "0", "5", "2"], moves)
    game = from_dict(data)
    assert game.round_no == 2 and game.discard.count("2") == 2
    with pytest.raises(IllegalActionError) as caught:
        reveal(game, "0")
    assert str(caught.value) == (
        'no "0" can be drawn: the only one is in the discard pile, '
        "shuffled back only once the draw pile is empty"
    )
    data["deck"].append("0")
    with pytest.raises(
        GameFileError, match='deck 4: no "0" can be drawn: the only one is in the discard'
    ):
        from_dict(data)


def test_some_copies_on_the_table_and_the_rest_on_the_discard_pile():
    # round 1 discards two 3s (Ana's bust), round 2 deals the last one to Ben: no 3 for Cy
    data = observed_file(ABC, ["3", "0", "5", "3", "3", "3"], ["Ana hit", "Ben stay", "Cy stay"])
    with pytest.raises(GameFileError) as caught:
        from_dict(data)
    assert str(caught.value) == (
        'deck 5: no "3" can be drawn: 1 on the table and 2 in the discard pile, '
        "shuffled back only once the draw pile is empty"
    )


# reshuffles (R2.4, R2.5) -------------------------------------------------------------
def test_an_empty_draw_pile_deals_from_the_discard_pile_when_a_card_is_due():
    game = play_observed(
        Game(["Ana", "Ben"], HIGH, observed=True, dealer=1), random.Random(3), empty_pile
    )
    assert len(game.turned()) >= 94 - 2 and not game.reshuffled_this_round
    discard = Counter(game.discard)
    on_table = sum(len(h.cards()) for h in game.hands) + len(game.in_play) + len(game.staged)
    assert sum(discard.values()) + on_table == 94
    # what can be turned over is the discard pile, before and when a card is due (R2.4)
    assert game.revealable() == tuple(c for c in ALL_CARDS if discard[c])
    events = game.apply(Action.hit(game.pending.seat))
    assert events == [ev.Reshuffled(sum(discard.values()))]
    assert game.pending.kind == DecisionKind.REVEAL
    assert Counter(game.draw_pile) == discard and game.discard == [] and game.reshuffled_this_round
    assert game.revealable() == tuple(c for c in ALL_CARDS if discard[c])
    # the Hit comes with its card, after the reshuffle, as in a shuffled game
    events = reveal(game, game.revealable()[-1])
    assert type(events[0]) is ev.Hit and type(events[1]) is ev.CardDrawn
    assert game.card_counts() == composition()


def test_no_card_left_anywhere_ends_the_round_without_waiting_for_one():
    game = Game(ABC, observed=True, dealer=2, deck=["7", "12", "3"])
    game.discard.extend(game.draw_pile)  # R2.5, as tests/test_rules.py stages it
    game.draw_pile[:] = []
    game.reshuffled_this_round = True
    events = game.apply(Action.hit(0))
    assert [s.forced for s in of(events, ev.Stayed)] == [True, True, True]
    assert of(events, ev.RoundScored)[0].round == 1


# the file ----------------------------------------------------------------------------
def test_the_file_writes_every_card_into_deck_and_no_card_into_actions():
    game = Game(ABC, observed=True, dealer=2)
    reveal(game, "flip_three")  # Ana's first card: she gives it to Ben
    game.apply(Action.choose(0, 1))
    for card in ("4", "5", "second_chance"):
        reveal(game, card)
    game.apply(Action.stay(1))
    for card in ("9", "10"):  # Cy's and Ana's first cards
        reveal(game, card)
    game.apply(Action.stay(2))
    data = to_dict(game)
    assert data["dealing"] == "observed" and "seed" not in data
    assert data["deck"] == ["flip_three", "4", "5", "second_chance", "9", "10"]
    assert data["actions"] == [
        {"player": "Ana", "do": "target", "target": "Ben"},
        {"player": "Ben", "do": "stay"},
        {"player": "Cy", "do": "stay"},
    ]
    again = from_dict(json.loads(dumps(game)))
    assert summary(again) == summary(game) and to_dict(again) == data
    assert again.pending == game.pending and game.pending.seat == 0  # Ana: hit or stay


def test_cards_named_ahead_survive_the_round_trip():
    data = observed_file(ABC, ["7", "12", "3", "5", "6"])
    game = from_dict(data)
    assert game.waiting() == ["5", "6"] and to_dict(game)["deck"] == data["deck"]


def test_a_shuffled_file_is_written_as_before():
    game = Game(ABC, seed=3, dealer=1)
    data = to_dict(game)
    assert (
        "dealing" not in data
        and data["seed"] == 3
        and list(data)[:4]
        == [
            "format",
            "players",
            "rules",
            "seed",
        ]
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"dealing": "stacked"}, "'dealing' must be 'shuffled' or 'observed', not 'stacked'"),
        ({"dealing": 1}, "'dealing' must be 'shuffled' or 'observed', not 1"),
        ({"seed": "x"}, "'seed' must be an integer, not text"),
        ({"deck": ["7", "q"]}, "'deck': unknown card 'q'"),
    ],
)
def test_bad_observed_files_are_refused_in_one_line(change, message):
    data = observed_file(ABC, ["7", "12", "3"])
    data.update(change)
    with pytest.raises(GameFileError, match=f"^{message}$"):
        from_dict(data)


def test_a_shuffled_file_still_needs_its_seed():
    data = game_file(ABC, [])
    del data["seed"]
    with pytest.raises(GameFileError, match="missing key 'seed'"):
        from_dict(data)


def test_a_decision_while_the_deck_has_run_out_says_so():
    data = observed_file(ABC, ["7", "12", "3"], ["Ana hit", "Ana stay"])
    with pytest.raises(
        GameFileError,
        match="^action 1: 'deck' has no more cards: the game waits for the card turned over",
    ):
        from_dict(data)


def test_a_card_after_the_game_is_over_is_refused():
    # Ana 12, Ben 11, both stay: Ana reaches the target of 10 and wins (R8.1)
    data = observed_file(["Ana", "Ben"], ["12", "11"], ["Ana stay", "Ben stay"])
    data["rules"] = {"target": 10}
    assert from_dict(data).winner == 0
    data["deck"].append("10")
    with pytest.raises(GameFileError, match="^deck 2: turned over after the game is over$"):
        from_dict(data)


def test_an_observed_deck_may_list_more_cards_than_the_deck_holds():
    # reshuffles bring cards back: the whole game's cards are listed
    game = from_dict(observed_file(["Ana", "Ben"], ["7", "8"] + ["+2"] * 93))
    assert len(game.waiting()) == 93  # not needed yet, so not refused yet


def test_the_window_refuses_an_observed_file_in_one_line(tmp_path):
    path = tmp_path / "real.json"
    path.write_text(json.dumps(observed_file(ABC, ["7", "12", "3"])))
    with pytest.raises(LoadError, match="a game of real cards"):
        load_file(path)


# game.replay ---------------------------------------------------------------------------
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_replay_prints_the_reveal_awaited_with_the_cards_that_can_come(tmp_path):
    # docs/files-and-commands.md, the game file's example, played with real cards
    data = observed_file(
        ["Hugo", "Léa", "Lucas", "Chloé"],
        ["12", "1", "11", "9", "flip_three", "5", "7", "2"],
        ["Hugo hit", "Hugo > Chloé", "Léa stay"],
        dealer=3,
        totals=[171, 160, 168, 185],
    )
    path = tmp_path / "real.json"
    path.write_text(json.dumps(data, ensure_ascii=False))
    run = run_cli("game.replay", path)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["waiting_for"] == {
        "player": "Lucas",
        "decision": "hit_or_stay",
        "card": None,
        "options": [],
    }
    assert out["round"]["draw_pile"] == 94 - 8
    assert out["round"]["hands"]["Chloé"]["numbers"] == [9, 5, 7, 2]
    # Lucas hits: the replay stops at the card he is to receive
    data["actions"].append({"player": "Lucas", "do": "hit"})
    path.write_text(json.dumps(data, ensure_ascii=False))
    out = json.loads(run_cli("game.replay", path).stdout)
    left = composition() - Counter(data["deck"])
    assert out["waiting_for"] == {
        "player": "Lucas",
        "decision": "reveal",
        "card": None,
        "options": [c for c in ALL_CARDS if left[c]],
    }


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_replay_refuses_a_card_with_its_index_in_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(observed_file(TWELVE, ["12"] * 13, ["P0 hit"])))
    run = run_cli("game.replay", path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr == f'{path}: deck 12: no "12" can be drawn: all 12 are on the table\n'
