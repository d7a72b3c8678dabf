"""A plug-in bot written against the plug-in API (docs/bots.md) only; it imports nothing of ours.

    python -m game.simulate --bots examples/bots/cautious.py:choose,baseline --games 2000 --json

Hit or stay: it counts the unseen cards to get the chance that the next card
busts it, and stays when that chance times what it would lose outweighs what
an average safe card adds — or at 30 points, or when banking now wins the game.
Targets: a Freeze stops the opponent with the best hand, a Flip Three goes to
the opponent holding the most numbers (the likeliest to bust), a spare Second
Chance to the opponent furthest behind.
"""

STAY_AT = 30


def bust_chance(view):
    """The chance that the next card is a number already in front of me."""
    me = view.me
    if me.second_chance:
        return 0.0
    unseen = view.unseen()
    left = sum(unseen.values())
    if not left:
        return 0.0
    return sum(unseen[n] for n in me.distinct) / left


def safe_gain(view):
    """What a number I do not hold adds on average (about 6.5 with no x2)."""
    unseen = view.unseen()
    fresh = [
        int(card)
        for card, k in unseen.items()
        if card.isdigit() and card not in view.me.distinct
        for _ in range(k)
    ]
    gain = sum(fresh) / len(fresh) if fresh else 0.0
    return gain * (2 if "x2" in view.me.modifiers else 1)


def choose(view, legal, rng):
    kinds = {action.kind: action for action in legal}
    decision = view.pending
    me = view.me
    if decision.kind == "hit_or_stay":
        banked = view.totals[view.seat] + me.score
        if banked >= view.rules.target and all(
            banked > view.totals[s] + view.hand(s).score
            for s in range(len(view.players))
            if s != view.seat
        ):
            return kinds["stay"]
        risk = bust_chance(view)
        if me.score >= STAY_AT or risk * me.score > (1 - risk) * safe_gain(view):
            return kinds["stay"]
        return kinds["hit"]
    others = [a for a in legal if a.target != view.seat]
    if not others:
        return legal[0]
    if decision.card == "freeze":
        return max(others, key=lambda a: view.hand(a.target).score)
    if decision.card == "flip_three":
        return max(others, key=lambda a: len(view.hand(a.target).numbers))
    return min(others, key=lambda a: view.totals[a.target])  # a spare Second Chance
