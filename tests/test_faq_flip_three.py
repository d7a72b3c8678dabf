"""R5.4–R5.6: Flip Three, the tray, the effect queue — the FAQ's cases (seed 003)."""

from game import events as ev
from game.state import ACTIVE, BUSTED, FROZEN, STAYED
from tests.helpers import numbers, of, play, waiting

ABCD = ["Agathe", "Bertrand", "Clément", "Donia"]
FIRST_PASS = ["5", "6", "7", "8"]  # forced hits, Agathe first (dealer Donia)


def test_resume_after_the_player_who_drew_the_first_flip_three():
    """FAQ: Agathe gives Flip Three to Clément, who reveals another and gives it to
    Donia; afterwards the dealer offers a card to Bertrand, next after Agathe (R5.6)."""
    deck = FIRST_PASS + ["flip_three", "1", "flip_three", "2", "3", "4", "9"]
    game, events = play(ABCD, deck, ["Agathe hit", "Agathe > Clément", "Clément > Donia"])
    assert numbers(game, 2) == [7, 1, 2]
    assert numbers(game, 3) == [8, 3, 4, 9]
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])
    starts = of(events, ev.FlipThreeStarted)
    assert [(s.seat, s.by) for s in starts] == [(2, 0), (3, 2)]
    # the second Flip Three only starts once the first has dealt its three cards
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("EffectQueued") > kinds.index("FlipThreeEnded")


def test_staged_cards_wait_in_the_tray_until_the_three_cards_are_dealt():
    deck = FIRST_PASS + ["flip_three", "freeze", "1", "2"]
    game, events = play(ABCD, deck, ["Agathe hit", "Agathe > Bertrand"])
    # Bertrand revealed a Freeze as his first card: staged, then two more cards
    assert numbers(game, 1) == [6, 1, 2]
    assert game.staged == ["freeze"]
    assert waiting(game) == ("Bertrand", "target", "freeze", ABCD)
    staged = of(events, ev.Staged)
    assert staged == [ev.Staged(1, "freeze", 0)]
    # the Flip Three itself is already discarded (R5.4.5), the Freeze is not
    assert game.discard == ["flip_three"]


def test_freeze_then_flip_three_on_one_player_only_freezes():
    """FAQ: someone given a Freeze then a Flip Three: the Flip Three is discarded."""
    deck = FIRST_PASS + ["flip_three", "freeze", "flip_three", "2", "11"]
    game, events = play(
        ABCD, deck, ["Agathe hit", "Agathe > Bertrand", "Bertrand > Clément", "Bertrand > Clément"]
    )
    assert game.hands[2].status == FROZEN
    assert numbers(game, 2) == [7]
    assert of(events, ev.Frozen) == [ev.Frozen(2, 1, 7, from_queue=True)]
    assert ev.CardDiscarded("flip_three", "queue", 2, "target_out") in events
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])
    assert game.draw_pile[-1] == "11"  # no card was dealt for the discarded Flip Three


def test_two_flip_threes_on_one_player_resolve_in_order():
    deck = FIRST_PASS + [
        "flip_three",
        "flip_three",
        "flip_three",
        "2",
        "1",
        "3",
        "4",
        "9",
        "+4",
        "10",
    ]
    game, events = play(
        ABCD, deck, ["Agathe hit", "Agathe > Bertrand", "Bertrand > Clément", "Bertrand > Clément"]
    )
    assert numbers(game, 2) == [7, 1, 3, 4, 9, 10]
    assert game.hands[2].modifiers == ["+4"]
    assert game.hands[2].status == ACTIVE
    assert [s.seat for s in of(events, ev.FlipThreeStarted)] == [1, 2, 2]
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])


def test_second_flip_three_discarded_when_the_first_busts():
    deck = FIRST_PASS + ["flip_three", "flip_three", "flip_three", "2", "1", "7", "12"]
    game, events = play(
        ABCD, deck, ["Agathe hit", "Agathe > Bertrand", "Bertrand > Clément", "Bertrand > Clément"]
    )
    assert game.hands[2].status == BUSTED
    assert numbers(game, 2) == [7, 1, 7]  # the duplicate stays in the busted line
    assert of(events, ev.FlipThreeEnded)[-1] == ev.FlipThreeEnded(2, 2)
    assert ev.CardDiscarded("flip_three", "queue", 2, "target_out") in events
    assert game.draw_pile[-1] == "12"


def test_cas_rarissime_third_flip_three_given_to_the_player_awaiting_a_freeze():
    """FAQ: Bertrand reveals a Flip Three and a Freeze, gives them to Clément and
    Donia; Clément reveals a third Flip Three and gives it to Donia, still in the
    round since her Freeze waits in the queue. The Freeze applies, then the third
    Flip Three is discarded without effect."""
    deck = FIRST_PASS + ["flip_three", "flip_three", "freeze", "2", "1", "flip_three", "3"]
    game, events = play(
        ABCD, deck, ["Agathe hit", "Agathe > Bertrand", "Bertrand > Clément", "Bertrand > Donia"]
    )
    assert game.queue == [("freeze", 3, 1)]
    assert waiting(game)[:3] == ("Clément", "target", "flip_three")
    assert "Donia" in waiting(game)[3]  # R5.5: a player awaiting an effect is still active
    assert game.staged == ["flip_three"]
    events = game.apply(game.legal_actions()[3])  # Clément > Donia
    assert [type(e).__name__ for e in events] == ["EffectQueued", "Frozen", "CardDiscarded"]
    assert events[2] == ev.CardDiscarded("flip_three", "queue", 3, "target_out")
    assert game.hands[3].status == FROZEN
    assert numbers(game, 2) == [7, 1, 3]
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])


def test_flip_three_counts_every_card_and_stops_at_a_bust():
    deck = FIRST_PASS + ["flip_three", "+4", "6", "9"]
    game, events = play(ABCD, deck, ["Agathe hit", "Agathe > Bertrand"])
    assert game.hands[1].status == BUSTED
    assert game.hands[1].modifiers == ["+4"]
    assert [e.slot for e in of(events, ev.CardDrawn) if e.cause == "flip_three"] == [1, 2]
    assert game.draw_pile[-1] == "9"


def test_staged_cards_discarded_when_the_target_busts():
    """R5.4.3 default (current FAQ): discarded without effect."""
    deck = FIRST_PASS + ["flip_three", "freeze", "6", "9"]
    game, events = play(ABCD, deck, ["Agathe hit", "Agathe > Bertrand"])
    assert ev.CardDiscarded("freeze", "tray", 1, "target_busted") in events
    assert game.staged == [] and game.queue == []
    assert all(h.status != FROZEN for h in game.hands)
    # Agathe drew the Flip Three: play resumes after her, with Clément (Bertrand is out)
    assert waiting(game) == ("Clément", "hit_or_stay", None, [])


def test_variant_resolve_busted_target_assigns_staged_cards_to_active_players():
    deck = FIRST_PASS + ["flip_three", "freeze", "6", "9"]
    game, _ = play(
        ABCD, deck, ["Agathe hit", "Agathe > Bertrand"], rules={"flip_three_on_bust": "resolve"}
    )
    assert waiting(game) == ("Bertrand", "target", "freeze", ["Agathe", "Clément", "Donia"])
    game.apply(game.legal_actions()[2])  # Donia
    assert game.hands[3].status == FROZEN


def test_flip_7_mid_flip_three_ends_the_round_at_once():
    # Agathe alone with 5, 1, 2, 3, 9, 10; her Flip Three (forced on herself, R5.1)
    # stages a Freeze, then her 0 is a seventh number: the third card is never dealt
    moves = [
        "Agathe hit",
        "Bertrand stay",
        "Clément stay",
        "Donia stay",
        "Agathe hit",
        "Agathe hit",
        "Agathe hit",
        "Agathe hit",
        "Agathe hit",
    ]
    deck = FIRST_PASS + ["1", "2", "3", "9", "10", "flip_three", "freeze", "0", "4"]
    game, events = play(ABCD, deck, moves)
    flip7 = of(events, ev.Flip7)
    assert flip7 == [ev.Flip7(0)]
    scored = of(events, ev.RoundScored)[0]
    assert scored.results[0].score == 5 + 1 + 2 + 3 + 9 + 10 + 0 + 15
    assert scored.results[0].calculation == "30 + 15"
    assert [r.score for r in scored.results[1:]] == [6, 7, 8]
    assert of(events, ev.TargetChosen)[0].forced
    assert ev.CardDiscarded("freeze", "tray", None, "round_over") in events
    assert ev.CardDiscarded("flip_three", "in_play", None, "round_over") in events
    assert game.round_no == 2


def test_second_chance_revealed_in_a_flip_three_saves_later_in_it():
    """R5.4.1 / FAQ: kept at once, and may save the target in the same Flip Three."""
    deck = FIRST_PASS + ["flip_three", "second_chance", "6", "3"]
    game, events = play(ABCD, deck, ["Agathe hit", "Agathe > Bertrand"])
    assert game.hands[1].status == ACTIVE
    assert numbers(game, 1) == [6, 3]
    assert not game.hands[1].second_chance
    assert ev.SecondChanceUsed(1, "6") in events
    assert game.discard[-3:] == ["6", "second_chance", "flip_three"]


def test_spare_second_chance_in_a_flip_three_is_given_at_once():
    # Agathe keeps a Second Chance (pass 2), then a Flip Three on her next turn
    moves = [
        "Agathe hit",
        "Bertrand hit",
        "Clément hit",
        "Donia hit",
        "Agathe hit",
        "Agathe > Agathe",
    ]
    deck = FIRST_PASS + ["second_chance", "9", "10", "11", "flip_three", "second_chance", "1", "2"]
    game, _ = play(ABCD, deck, moves)
    # mid Flip Three: she must give the spare at once, before her next card
    assert waiting(game) == ("Agathe", "target", "second_chance", ["Bertrand", "Clément", "Donia"])
    assert numbers(game, 0) == [5]
    game.apply(game.legal_actions()[1])  # Clément
    assert game.hands[2].second_chance
    assert numbers(game, 0) == [5, 1, 2]
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])


def test_players_keep_their_statuses_after_the_queue():
    deck = FIRST_PASS + ["flip_three", "freeze", "1", "2"]
    game, _ = play(ABCD, deck, ["Agathe hit", "Agathe > Bertrand", "Bertrand > Agathe"])
    assert game.hands[0].status == FROZEN
    assert waiting(game) == ("Bertrand", "hit_or_stay", None, [])
    assert game.hands[1].status != STAYED
