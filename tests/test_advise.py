"""python -m game.advise (docs/live-table.md): exact bust chances from what the table
shows (across a reshuffle, the discard pile once the draw pile is empty), the gain of
one card, everyone's chance to win, the expert's advice — never from the seed."""

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.bots import expert
from game.bots.advice import advise, table_advice, win_chances
from game.bots.analysis import flip_three_value
from game.cards import composition
from game.commands.advise import advise_data, report
from game.commands.replay import summary
from game.engine import Game
from game.gamefile import from_dict, to_dict
from game.live import catch_up, dealt_cards, observed_equivalent
from game.state import ACTIVE, HIT_OR_STAY
from tests.helpers import empty_pile, game_file, play_observed
from tests.test_properties import RULES, random_game
from ui.table.hint import odds

ROOT = Path(__file__).resolve().parent.parent


def observed(players, deck, moves=(), dealer=None, **extra):
    data = game_file(players, deck, moves, len(players) - 1 if dealer is None else dealer)
    del data["seed"]
    data.update(dealing="observed", **extra)
    return data


def players(data):
    return advise_data(data)["players"]


# bust chances, by hand -------------------------------------------------------------
def test_bust_chance_counts_the_copies_left_of_each_number_held():
    # Ana 12 then 11, Ben 5: 91 cards can be turned over, 11 twelves and 10 elevens
    out = players(observed(["Ana", "Ben"], ["12", "5", "11"], ["Ana hit"]))
    assert out["Ana"]["bust_chance"] == round(21 / 91, 4) == 0.2308
    assert out["Ben"]["bust_chance"] == round(4 / 91, 4)
    assert out["Ana"]["status"] == "active" and out["Ana"]["score"] == 23


def test_a_second_chance_means_no_bust_and_a_player_out_has_none():
    out = players(observed(["Ana", "Ben"], ["second_chance", "5", "12"], ["Ana hit", "Ben stay"]))
    assert out["Ana"]["bust_chance"] == 0.0  # R5.3: the duplicate would be forgiven
    assert out["Ben"] == {**out["Ben"], "status": "stayed", "bust_chance": None, "hit_gain": None}


def test_hit_gain_is_one_card_then_stay_by_hand():
    # Ana holds a 12 (Ben a 5); 92 cards can come
    out = players(observed(["Ana", "Ben"], ["12", "5"]))
    numbers = sum(v * n for v, n in enumerate([1, 1, 2, 3, 4, 4, 6, 7, 8, 9, 10, 11]))
    assert numbers == 501
    duplicates = 11 * -12  # R4.2: an 11-in-92 chance to lose the 12
    modifiers = 2 + 4 + 6 + 8 + 10 + 12  # R7.3, and x2 doubles the 12 (R7.2)
    pile = composition() - Counter(["12", "5", "flip_three"])
    flip_three = flip_three_value(("12",), (), False, pile) - 12  # as the bots value it
    expected = (numbers + duplicates + modifiers + 3 * flip_three) / 92  # Freeze, SC: 0
    assert out["Ana"]["hit_gain"] == pytest.approx(expected, abs=0.005)
    assert out["Ana"]["hit_gain"] == round(
        odds(from_dict(observed(["Ana", "Ben"], ["12", "5"])), 0).gain, 2
    )


FOUR = ["Ana", "Ben", "Cy", "Dee"]  # four players run through the deck in a few rounds


def test_once_the_draw_pile_is_empty_the_discard_pile_counts():
    game = Game(FOUR, observed=True, dealer=3)
    play_observed(game, random.Random(13), empty_pile)  # holding 10, 9, 3 and 11
    seat = game.pending.seat
    hand = game.hands[seat]
    discard = Counter(game.discard)
    busts = 0 if hand.second_chance else sum(discard[n] for n in set(hand.numbers))
    out = players(to_dict(game))
    assert out[game.players[seat]]["bust_chance"] == round(busts / sum(discard.values()), 4)
    assert busts > 0


def test_across_a_reshuffle_the_pile_is_what_is_left_of_the_discard_pile():
    def after_reshuffle(g):
        return g.reshuffled_this_round and g.pending.kind == HIT_OR_STAY and g.draw_pile

    game = play_observed(Game(FOUR, observed=True, dealer=3), random.Random(5), after_reshuffle)
    pile = Counter(game.draw_pile)
    out = players(to_dict(game))
    for seat, hand in enumerate(game.hands):
        got = out[game.players[seat]]["bust_chance"]
        if hand.status != ACTIVE:
            assert got is None
        else:
            hits = 0 if hand.second_chance else sum(pile[n] for n in set(hand.numbers))
            assert got == round(hits / sum(pile.values()), 4)


# win chances and advice -------------------------------------------------------------
SEED004 = json.loads((ROOT / "examples" / "seed004_last_round.json").read_text())


def cut(data, k):
    return {**data, "actions": data["actions"][:k]}


def test_win_chances_sum_to_one_and_the_winner_has_all_of_it():
    for k in range(0, len(SEED004["actions"]), 3):
        wins = [p["win_chance"] for p in players(cut(SEED004, k)).values()]
        assert abs(sum(wins) - 1) <= 0.01 and all(0 <= w <= 1 for w in wins)
    over = players(SEED004)
    assert [p["win_chance"] for p in over.values()] == [1.0, 0.0, 0.0, 0.0]
    assert all(p["status"] == "over" and p["bust_chance"] is None for p in over.values())


def test_the_leader_close_to_the_target_is_the_favourite():
    game = from_dict(
        game_file(["Ana", "Ben", "Cy"], ["5", "6", "7"], dealer=2, totals=[190, 40, 60])
    )
    wins = win_chances(game)
    assert wins[0] > 0.5 > wins[1] and wins[0] > wins[2]


def test_the_advice_is_the_experts_choice_with_one_plain_sentence():
    for k in range(len(SEED004["actions"])):
        data = cut(SEED004, k)
        game = observed_equivalent(data)
        out = advise_data(data)
        d = game.pending
        expert._memory.clear()
        best = expert.choose(game.view(d.seat), list(d.actions), random.Random(0))
        want = best.kind.value if d.kind == HIT_OR_STAY else {"target": game.players[best.target]}
        assert out["advice"]["do"] == want
        why = out["advice"]["why"]
        assert why.startswith(game.players[d.seat] + " should ") and why.endswith(".")
        assert "\n" not in why and why.count(". ") == 0


def test_no_advice_while_a_card_is_to_be_turned_over():
    out = advise_data(observed(["Ana", "Ben"], ["12", "5"], ["Ana hit"]))
    assert out["waiting_for"]["decision"] == "reveal" and out["advice"] is None
    assert out["players"]["Ana"]["bust_chance"] == round(11 / 92, 4)


def test_a_flip_three_target_names_the_player():
    data = cut(SEED004, 5)  # Hugo gives a Flip Three
    out = advise_data(data)
    assert out["waiting_for"]["decision"] == "target"
    assert out["advice"]["do"] in [{"target": n} for n in out["waiting_for"]["options"]]
    assert advise(observed_equivalent(data)).seat == 0


def test_advice_never_uses_the_seed_nor_the_cards_to_come():
    # the same cards dealt, the same decisions, other seeds: another future
    base = cut(SEED004, 10)
    game = observed_equivalent(base)
    dealt = game.turned()
    other = {**base, "seed": 99, "deck": dealt}
    third = {**base, "seed": 12345, "deck": dealt}
    assert from_dict(other).draw_pile != from_dict(third).draw_pile  # the futures differ
    assert advise_data(other) == advise_data(third) == advise_data(base)
    real = {**base, "dealing": "observed", "deck": dealt}
    del real["seed"]
    assert advise_data(real) == advise_data(base)


# the command ---------------------------------------------------------------------------
def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "game.advise", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_command_prints_the_json_of_section_6(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cut(SEED004, 1), ensure_ascii=False))
    done = run(path, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == advise_data(cut(SEED004, 1))
    assert list(out) == ["waiting_for", "players", "advice"]
    assert list(out["players"]) == SEED004["players"]
    assert set(out["players"]["Léa"]) >= {
        "status",
        "score",
        "bust_chance",
        "hit_gain",
        "win_chance",
    }
    assert out["waiting_for"] == {
        "player": "Léa",
        "decision": "hit_or_stay",
        "card": None,
        "options": [],
    }
    assert set(out["advice"]) == {"do", "why"}


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_the_command_prints_a_readable_table(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cut(SEED004, 1), ensure_ascii=False))
    lines = run(path).stdout.splitlines()
    assert lines[0] == "waiting for Léa to hit or stay"
    assert lines[1].split() == ["player", "status", "total", "score", "bust", "gain", "win"]
    assert [line.split()[0] for line in lines[2:6]] == SEED004["players"]
    assert lines[6].startswith("advice: Léa should ")


def test_the_commands_example_in_the_docs_is_what_it_prints():
    doc = (ROOT / "docs" / "live-table.md").read_text(encoding="utf-8")
    command = "$ python -m game.advise examples/live_round.json\n"
    shown = doc.split("```text\n" + command, 1)[1].split("```", 1)[0]
    assert run("examples/live_round.json").stdout == shown


def test_the_advice_s_reason_as_data_gives_the_sentence_the_command_prints():
    """The window says the reason in its own language from :class:`Reason`; the command's
    English sentence comes from the same data, at every decision of a game."""
    from game.bots.advice import REASONS, why

    kinds = set()
    for k in range(len(SEED004["actions"])):
        game = observed_equivalent(cut(SEED004, k))
        advice = advise(game)
        r = advice.reason
        assert r.kind in REASONS and advice.why == why(r, game.players, advice.seat)
        assert advice.do == r.target if isinstance(advice.do, int) else r.target is None
        kinds.add(r.kind)
        if "score" in REASONS[r.kind]:
            assert f"{r.score} points" in advice.why
        if "gain" in REASONS[r.kind]:
            assert f"{abs(r.gain):.1f} points on average" in advice.why
        if "risk" in REASONS[r.kind]:
            assert f"{r.risk * 100:.0f}%" in advice.why
    assert len(kinds) >= 3


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not JSON"),
        (
            json.dumps(observed([f"P{i}" for i in range(12)], ["12"] * 13, ["P0 hit"])),
            'deck 12: no "12" can be drawn: all 12 are on the table',
        ),
        (json.dumps({**SEED004, "format": "flip7/9"}), "unknown format"),
    ],
)
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_bad_input_exits_2_with_one_line(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = run(path, "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert "Traceback" not in done.stderr


# a shuffled game and its observed twin --------------------------------------------------
def every_decision_alike(seed, players_, rules):
    """Play a random shuffled game again decision by decision beside its observed twin,
    fed the same cards as they are turned over; at every decision (and at the end) both
    show the same §2 output and give the same odds and advice, and the twin's file read
    back does too. Returns how many decisions came after a reshuffle in their round."""
    played, _ = random_game(seed, players_, rules)
    shuffled = Game(played.players, rules, seed=seed)
    twin = Game(played.players, rules, dealer=shuffled.initial["dealer"], observed=True)
    turned = dealt_cards(shuffled.opening_events)
    after_reshuffle = 0
    for k in range(len(played.actions) + 1):
        catch_up(twin, turned, shuffled.actions)
        shown = summary(shuffled)
        assert summary(twin) == shown  # §2's output
        out = report(shuffled, table_advice(shuffled))
        assert report(twin, table_advice(twin)) == out  # the same figures and advice
        real = to_dict(twin)
        assert real["dealing"] == "observed" and "seed" not in real
        assert summary(from_dict(real)) == shown
        assert advise_data(real) == out  # the command, from the twin's file
        assert_bust_chances_counted(shuffled, out)
        after_reshuffle += bool(shuffled.reshuffled_this_round and not shuffled.over)
        if k < len(played.actions):
            turned += dealt_cards(shuffled.apply(played.actions[k]))
    return after_reshuffle


def assert_bust_chances_counted(shuffled, out):
    """The bust chances are those the shuffled game's own seats can count."""
    for seat, hand in enumerate(shuffled.hands):
        figure = out["players"][shuffled.players[seat]]["bust_chance"]
        if hand.status == ACTIVE and not shuffled.over:
            left = shuffled.view(seat).next_draws()
            busts = 0 if hand.second_chance else sum(left[n] for n in set(hand.numbers))
            assert figure == round(busts / sum(left.values()), 4) if left else figure == 0
        else:
            assert figure is None


TWIN = {
    "seed": st.integers(0, 2**31),
    "players_": st.integers(2, 6),
    "rules": st.sampled_from(RULES),
}


def twins_alike(examples):
    """``examples`` random games and one of four players that crosses a reshuffle with
    decisions left in that round: every decision alike; a reshuffle was crossed."""
    crossed = []

    @settings(max_examples=examples, deadline=None)
    @given(**TWIN)
    @example(seed=0, players_=4, rules=RULES[0])  # a reshuffle, 5 decisions after it
    def each(seed, players_, rules):
        crossed.append(every_decision_alike(seed, players_, rules))

    each()
    assert any(crossed), "no game crossed a reshuffle"


def test_a_shuffled_game_and_its_observed_twin_show_and_advise_the_same_at_every_decision():
    twins_alike(examples=1)  # and the example that crosses a reshuffle; more in the slow tier


@pytest.mark.slow  # volume: many whole games, every decision advised twice
def test_many_shuffled_games_and_their_observed_twins_alike_at_every_decision():
    twins_alike(examples=6)


def test_the_figures_come_from_the_table_not_the_order_of_the_pile():
    game = from_dict(game_file(["Ana", "Ben", "Cy"], ["5", "6", "7"], dealer=2))
    first = table_advice(game)
    random.Random(1).shuffle(game.draw_pile)
    assert table_advice(game) == first
