"""The score sheet: the seed-004 example game, corrections, ties, the end, the JSON form."""

import json
from pathlib import Path

import pytest

from game import gamefile
from game.commands.simulate import play_game
from game.tabletop.calculator import count
from game.tabletop.sheet import FORMAT, ScoreSheet, SheetError, sheet_from_game
from tests.helpers import SEED004_PLAYERS, SEED004_ROUNDS

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = SEED004_PLAYERS
HUGO, LEA, LUCAS, CHLOE = range(4)
SEED004 = SEED004_ROUNDS


def seed004(rounds=7, **kw):
    sheet = ScoreSheet(PLAYERS, **kw)
    for row in SEED004[:rounds]:
        sheet.add_round(row)
    return sheet


def test_the_example_game_of_seed_004():
    sheet = seed004()
    assert sheet.totals == (235, 222, 189, 185)
    assert sheet.leaders_after(1) == (LUCAS,)
    for r in range(2, 7):
        assert sheet.leaders_after(r) == (CHLOE,), r
    assert sheet.totals_after(6) == (171, 160, 168, 185)
    assert sheet.leaders_after(7) == (HUGO,)
    assert sheet.over and sheet.status == "over" and sheet.ended_after == 7
    assert sheet.winner == HUGO
    assert [(s.rank, s.name, s.total, s.leader) for s in sheet.standings()] == [
        (1, "Hugo", 235, True),
        (2, "Léa", 222, False),
        (3, "Lucas", 189, False),
        (4, "Chloé", 185, False),
    ]


def test_typed_cell_by_cell_with_the_calculator_for_the_last_round():
    sheet = seed004(6)
    assert not sheet.over and sheet.status == "playing"
    sheet.set_cell(7, HUGO, count([12, 10, 7], ["x2", "+6"]))
    sheet.set_cell(7, LEA, count([1, 3, 5, 6, 8, 9, 11], ["+4"]))
    sheet.set_cell(7, LUCAS, 21)
    assert sheet.live_totals == (235, 222, 189, 185)
    assert sheet.totals == (171, 160, 168, 185) and not sheet.over  # not finished yet
    sheet.set_cell(7, CHLOE, count([9, 4, 5, 12, 9], busted=True))
    sheet.finish_round()
    assert sheet.totals == (235, 222, 189, 185) and sheet.winner == HUGO
    assert sheet.cell(7, HUGO).text == "29 × 2 + 6 = 64"


def test_an_empty_cell_counts_zero_but_an_empty_round_is_refused():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    with pytest.raises(SheetError, match="round 1: no points entered yet"):
        sheet.finish_round()
    sheet.set_cell(1, 0, 12)
    sheet.finish_round()
    assert sheet.rounds == ((12, None, None),) and sheet.totals == (12, 0, 0)


def test_the_dealer_passes_left_each_round():
    sheet = seed004(3, first_dealer=3)
    assert [sheet.dealer(r) for r in (1, 2, 3, 4)] == [3, 0, 1, 2]
    assert sheet.current_dealer == 2


def test_correcting_a_past_round_moves_totals_ranking_and_the_end():
    sheet = seed004()
    sheet.set_cell(3, HUGO, 0)  # Hugo busted in round 3 after all
    assert sheet.totals == (197, 222, 189, 185)
    assert sheet.winner == LEA and sheet.standings()[0].name == "Léa"
    assert sheet.leaders_after(3) == (CHLOE,)
    sheet.set_cell(3, HUGO, 38)  # no: it was 38
    assert sheet.winner == HUGO
    sheet.set_cell(5, LUCAS, 139)  # a typo that ends the game after round 5
    assert sheet.ended_after == 5 and sheet.winner == LUCAS
    assert sheet.extra_rounds == (6, 7)
    sheet.set_cell(5, LUCAS, 39)
    assert sheet.ended_after == 7 and sheet.extra_rounds == ()


def test_changing_the_target_moves_the_end():
    sheet = seed004(6)
    sheet.target = 150
    assert sheet.ended_after == 5 and sheet.winner == CHLOE  # 164 after round 5
    sheet.target = 300
    assert not sheet.over
    with pytest.raises(SheetError, match="whole number from 1 to"):
        sheet.target = 0


def test_a_tie_at_the_top_asks_for_another_round():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"], target=50)
    sheet.add_round([30, 30, 10])
    sheet.add_round([25, 25, 40])  # Ana and Ben 55, Cy 50: tied above the target
    assert sheet.status == "tiebreak" and not sheet.over and sheet.winner is None
    assert sheet.leaders_after(2) == (0, 1)
    assert [s.rank for s in sheet.standings()] == [1, 1, 3]
    sheet.add_round([0, 0, 5])  # still tied at the top (Cy 55 joins them)
    assert sheet.status == "tiebreak" and sheet.leaders_after(3) == (0, 1, 2)
    sheet.add_round([4, 0, 3])
    assert sheet.over and sheet.winner == 0 and sheet.ended_after == 4


def test_nothing_is_typed_after_the_end():
    sheet = seed004()
    with pytest.raises(SheetError, match="the game ended after round 7: Hugo won with 235"):
        sheet.set_cell(8, HUGO, 3)
    with pytest.raises(SheetError, match="the game ended after round 7"):
        sheet.add_round([1, 2, 3, 4])
    assert sheet.round_count == 7 and sheet.current is None


def test_delete_a_round_typed_by_mistake():
    sheet = seed004(3)
    sheet.add_round([24, 0, 35, 29])  # round 1 again
    sheet.delete_round(4)
    assert sheet.totals == seed004(3).totals
    sheet.set_cell(4, 0, 5)
    sheet.delete_round(4)
    assert sheet.current is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-1, r"round 1, Ana: -1 points cannot be scored in one round \(0 to 171\)"),
        (172, "172 points cannot be scored"),
        (True, "points must be a whole number"),
        ("12", "points must be a whole number"),
        (12.0, "points must be a whole number"),
    ],
)
def test_typed_points_are_checked(value, message):
    sheet = ScoreSheet(["Ana", "Ben"])
    with pytest.raises(SheetError, match=message):
        sheet.set_cell(1, 0, value)
    assert sheet.current is None  # a refused value opens no round


def test_hands_of_one_round_are_checked_together():
    sheet = ScoreSheet(["Ana", "Ben", "Cy"])
    sheet.set_cell(1, 0, count([5], ["x2"]))
    with pytest.raises(SheetError, match="round 1: x2 twice on the table in one round"):
        sheet.set_cell(1, 1, count([3], ["x2"]))
    sheet.set_cell(1, 1, count([0, 1, 2, 3, 4, 5, 6]))
    with pytest.raises(SheetError, match="two Flip 7s"):
        sheet.set_cell(1, 2, count([6, 7, 8, 9, 10, 11, 12]))
    assert sheet.current[2] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((["Ana"],), "2 to 18 players"),
        (([f"P{i}" for i in range(19)],), "2 to 18 players"),
        ((["Ana", "Ana"],), "two players are called 'Ana'"),
        ((["Ana", " "],), "player 2: a name is needed"),
        ((["Ana", "x" * 41],), "longer than 40 characters"),
        ((["Ana", "Ben"], 0), "the target must be"),
        ((["Ana", "Ben"], 200, 2), "there is no seat 2"),
        ((["Ana", "Ben"], 200, 0, [1]), "starting totals"),
    ],
)
def test_bad_sheets(args, message):
    with pytest.raises(SheetError, match=message):
        ScoreSheet(*args)


def test_json_round_trip_keeps_everything():
    sheet = seed004(6, first_dealer=2, start_totals=[1, 2, 3, 4])
    sheet.set_cell(3, LEA, count([12, 11], ["+10"]))
    sheet.set_cell(7, HUGO, count([12, 10, 7], ["x2", "+6"]))
    sheet.id, sheet.created = "20261130-201500", "2026-11-30T20:15:00"
    data = json.loads(json.dumps(sheet.to_dict()))
    assert data["format"] == FORMAT == "flip7-sheet/1"
    again = ScoreSheet.from_dict(data)
    assert again.to_dict() == sheet.to_dict()
    assert again.live_totals == sheet.live_totals and again.current == sheet.current
    assert again.cell(3, LEA).text == "23 + 10 = 33"


def test_json_keeps_rounds_after_a_corrected_end():
    sheet = seed004()
    sheet.set_cell(2, LEA, 141)
    assert sheet.extra_rounds
    assert ScoreSheet.from_dict(sheet.to_dict()).extra_rounds == sheet.extra_rounds


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "flip7/1"}, "unknown format 'flip7/1'"),
        ({"players": "Ana"}, "'players' must be a list"),
        ({"target": -5}, "the target must be"),
        ({"rounds": [[1, 2]]}, "round 1: expected a list of 4 cells"),
        ({"rounds": [[1, 2, 3, "4"]]}, "round 1, Chloé: points must be a whole number"),
        ({"rounds": [[1, 2, 3, {"numbers": [4, 4]}]]}, "round 1, Chloé: 4 twice"),
        ({"rounds": [[{"modifiers": ["x2"]}, {"modifiers": ["x2"]}, 0, 0]]}, "round 1: x2 twice"),
        ({"current": [1, 2]}, "round 1: expected a list of 4 cells"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"id": 7}, "'id' must be text"),
    ],
)
def test_bad_json(change, message):
    data = {**ScoreSheet(PLAYERS).to_dict(), **change}
    with pytest.raises(SheetError, match=message):
        ScoreSheet.from_dict(data)
    for junk in (None, [], "sheet", {"players": PLAYERS}):
        with pytest.raises(SheetError):
            ScoreSheet.from_dict(junk)


def test_the_sheet_of_a_game_played_in_the_program():
    game = gamefile.load(ROOT / "examples" / "seed004_last_round.json")
    sheet = sheet_from_game(game)
    assert sheet.start_totals == (171, 160, 168, 185)
    assert sheet.rounds == ((64, 62, 21, 0),)
    assert sheet.totals == (235, 222, 189, 185) and sheet.winner == HUGO
    assert sheet.dealer(1) == CHLOE


def test_sheet_and_engine_agree_on_totals_end_and_winner():
    for seed in range(15):
        game = play_game(("baseline", "normal", "baseline"), seed)
        sheet = sheet_from_game(game)
        assert sheet.totals == tuple(game.totals)
        assert sheet.winner == game.winner and sheet.ended_after == len(game.rounds)
        assert [sheet.dealer(r + 1) for r in range(len(game.rounds))] == [
            r.dealer for r in game.rounds
        ]
