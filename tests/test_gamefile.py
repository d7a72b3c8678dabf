"""Game files (docs/files-and-commands.md), the replay command, and every bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.replay import main, summary
from game.gamefile import GameFileError, dumps, from_dict, load, save
from tests.helpers import game_file

ROOT = Path(__file__).resolve().parent.parent
SEED004 = ROOT / "examples" / "seed004_last_round.json"
GOOD = {
    "format": "flip7/1",
    "players": ["Hugo", {"name": "Léa", "bot": "expert"}, "Lucas", "Chloé"],
    "rules": {"target": 200, "opening": "must_hit", "flip_three_on_bust": "discard"},
    "seed": 7,
    "dealer": 3,
    "totals": [171, 160, 168, 185],
    "deck": ["12", "1", "11", "9", "flip_three", "5", "7", "2"],
    "actions": [
        {"player": "Hugo", "do": "hit"},
        {"player": "Hugo", "do": "target", "target": "Chloé"},
        {"player": "Léa", "do": "stay"},
    ],
}


def test_interfaces_example_waits_for_lucas():
    report = summary(from_dict(GOOD))
    assert report["waiting_for"] == {
        "player": "Lucas",
        "decision": "hit_or_stay",
        "card": None,
        "options": [],
    }
    hands = report["round"]["hands"]
    assert hands["Chloé"]["numbers"] == [9, 5, 7, 2]
    assert hands["Léa"]["status"] == "stayed"
    assert report["round"]["discard_pile"] == 1  # the Flip Three
    assert report["round"]["draw_pile"] == 94 - 8  # eight cards drawn
    assert report["round"]["dealer"] == "Chloé"
    assert report["rounds"] == [] and report["over"] is False


def test_seed_004_last_round():
    """Seed 004: Hugo 64 (29 × 2 + 6), Léa 62 with a Flip 7, Lucas frozen at 21,
    Chloé busts on a second 9; Hugo wins with 235."""
    game = load(SEED004)
    report = summary(game)
    assert report["rounds"] == [
        {
            "dealer": "Chloé",
            "scores": {"Hugo": 64, "Léa": 62, "Lucas": 21, "Chloé": 0},
            "busted": ["Chloé"],
            "flip7": "Léa",
        }
    ]
    assert report["totals"] == {"Hugo": 235, "Léa": 222, "Lucas": 189, "Chloé": 185}
    assert report["over"] is True and report["winner"] == "Hugo"
    assert report["round"] is None and report["waiting_for"] is None


def test_replay_cli_prints_the_report(capsys):
    assert main([str(SEED004)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == summary(load(SEED004))


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_replay_cli_as_a_process_exit_2_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    run = subprocess.run(
        [sys.executable, "-m", "game.replay", str(bad)], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "not JSON" in run.stderr
    ok = subprocess.run(
        [sys.executable, "-m", "game.replay", str(SEED004)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["winner"] == "Hugo"


def test_save_load_round_trip(tmp_path):
    game = from_dict(GOOD)
    path = tmp_path / "sub" / "game.json"
    save(game, path)
    again = load(path)
    assert summary(again) == summary(game)
    assert json.loads(path.read_text())["players"][1] == {"name": "Léa", "bot": "expert"}
    assert dumps(again) == dumps(game)
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]  # no temp file left


def _with(**changes):
    data = json.loads(json.dumps(GOOD))
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


ACTIONS = GOOD["actions"]
BAD = [
    ("not an object", [1, 2], "expected a JSON object"),
    ("unknown format", _with(format="flip7/9"), "unknown format 'flip7/9'"),
    ("missing format", _with(format=KeyError), "missing key 'format'"),
    ("missing players", _with(players=KeyError), "missing key 'players'"),
    ("players not a list", _with(players="Hugo"), "'players' must be a list"),
    ("one player", _with(players=["Hugo"]), "at least 2 players"),
    ("duplicate names", _with(players=["Hugo", "Hugo", "Lucas", "Chloé"]), "duplicate player"),
    ("empty name", _with(players=["Hugo", "", "Lucas", "Chloé"]), "empty name"),
    ("player of wrong type", _with(players=["Hugo", 3, "Lucas", "Chloé"]), "player 1"),
    (
        "unknown bot",
        _with(players=["Hugo", {"name": "Léa", "bot": "god"}, "Lucas", "Chloé"]),
        "unknown bot level 'god'",
    ),
    ("unknown rule", _with(rules={"speed": 2}), "unknown rule option 'speed'"),
    ("bad rule value", _with(rules={"opening": "nope"}), "rule 'opening'"),
    ("rules not object", _with(rules=[1]), "'rules' must be an object"),
    ("missing seed", _with(seed=KeyError), "missing key 'seed'"),
    ("seed wrong type", _with(seed="7"), "'seed' must be an integer"),
    ("dealer out of range", _with(dealer=4), "'dealer' must be a seat index"),
    ("dealer wrong type", _with(dealer=True), "'dealer' must be a seat index"),
    ("totals wrong length", _with(totals=[1, 2, 3]), "'totals' must be a list of 4"),
    ("totals wrong type", _with(totals=[1, 2, "3", 4]), "'totals' must hold integers"),
    ("unknown card", _with(deck=["12", "13"]), "unknown card '13'"),
    ("card wrong type", _with(deck=[12]), "unknown card 12"),
    ("deck over composition", _with(deck=["freeze"] * 4), "cannot supply"),
    ("deck not a list", _with(deck="12"), "'deck' must be a list"),
    ("missing actions", _with(actions=KeyError), "missing key 'actions'"),
    ("action not object", _with(actions=["hit"]), "action 0: expected an object"),
    (
        "unknown player",
        _with(actions=[{"player": "Bob", "do": "hit"}]),
        "action 0: unknown player 'Bob'",
    ),
    ("unknown do", _with(actions=[{"player": "Hugo", "do": "fold"}]), "action 0: 'do' must"),
    (
        "target without name",
        _with(actions=[ACTIONS[0], {"player": "Hugo", "do": "target"}]),
        "action 1: a 'target' action needs",
    ),
    (
        "unknown target",
        _with(actions=[ACTIONS[0], {"player": "Hugo", "do": "target", "target": "Bob"}]),
        "action 1: unknown target 'Bob'",
    ),
    (
        "wrong player",
        _with(actions=[{"player": "Léa", "do": "hit"}]),
        "action 0: Léa cannot hit: the game waits for Hugo to hit or stay",
    ),
    (
        "not the decision awaited",
        _with(actions=[ACTIONS[0], {"player": "Hugo", "do": "hit"}]),
        "action 1: Hugo cannot hit: the game waits for Hugo to choose who gets the Flip Three",
    ),
    (
        "forced move written",
        _with(deck=["freeze"], actions=[{"player": "Hugo", "do": "hit"}]),
        "action 0: Hugo cannot hit",
    ),
    (
        "illegal target",
        _with(
            actions=ACTIONS + [{"player": "Lucas", "do": "stay"}, {"player": "Chloé", "do": "hit"}]
        ),
        None,
    ),
    (
        "target out of round",
        _with(
            deck=["12", "1", "11", "9", "freeze"],
            actions=[
                {"player": "Hugo", "do": "stay"},
                {"player": "Léa", "do": "hit"},
                {"player": "Léa", "do": "target", "target": "Hugo"},
            ],
        ),
        "action 2: Léa cannot give the Freeze to Hugo: Hugo is out of the round (stayed)",
    ),
    ("action after game over", None, "cannot hit: the game is over"),
]


@pytest.mark.parametrize("name,data,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_clear_error(name, data, message, tmp_path, capsys):
    if data is None:
        data = json.loads(SEED004.read_text())
        data["actions"].append({"player": "Hugo", "do": "hit"})
    if message is None:  # a legal continuation: not every file is bad
        from_dict(data)
        return
    with pytest.raises(GameFileError, match=_escape(message)):
        from_dict(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def _escape(text):
    import re

    return re.escape(text)


def test_hostile_files_are_refused_cleanly(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    assert main([str(deep)]) == 2
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    assert main([str(binary)]) == 2
    assert main([str(tmp_path / "missing.json")]) == 2
    huge = tmp_path / "huge-number.json"
    huge.write_text('{"format": "flip7/1", "seed": ' + "9" * 6000 + "}")
    assert main([str(huge)]) == 2
    errs = capsys.readouterr().err.strip().splitlines()
    assert len(errs) == 4 and "Traceback" not in "".join(errs)


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + SEED004.read_bytes())
    assert summary(load(path))["winner"] == "Hugo"


def test_two_decks_allow_more_copies():
    data = game_file(["A", "B"], ["freeze"] * 4, rules={"decks": 2})
    assert from_dict(data).card_counts()["freeze"] == 6


FAQ = ROOT / "examples" / "faq"


@pytest.mark.parametrize(
    "name,numbers,statuses",
    [
        # Agathe's Flip Three to Clément, his to Donia; Bertrand is next (R5.6)
        ("resume_order", {"Clément": [7, 1, 2], "Donia": [8, 3, 4, 9]}, {}),
        # Freeze then Flip Three on Clément: he only freezes
        ("freeze_then_flip_three", {"Clément": [7]}, {"Clément": "frozen"}),
        # two Flip Threes on Clément resolve in order
        ("two_flip_threes", {"Clément": [7, 1, 3, 4, 9, 10]}, {"Clément": "active"}),
        # the third Flip Three goes to Donia, whose Freeze still waits: it is discarded
        ("cas_rarissime", {"Clément": [7, 1, 3], "Donia": [8]}, {"Donia": "frozen"}),
    ],
)
def test_replay_reproduces_the_faq_cases(name, numbers, statuses, capsys):
    assert main([str(FAQ / f"{name}.json")]) == 0
    report = json.loads(capsys.readouterr().out)
    hands = report["round"]["hands"]
    assert {p: hands[p]["numbers"] for p in numbers} == numbers
    assert {p: hands[p]["status"] for p in statuses} == statuses
    assert report["round"]["staged"] == [] and report["round"]["queue"] == []
    assert report["waiting_for"] == {
        "player": "Bertrand",
        "decision": "hit_or_stay",
        "card": None,
        "options": [],
    }
