"""A perfect card counter that looks one card ahead (a plug-in bot, docs/bots.md, plug-ins).

    python -m tools.bench_bots --match expert,examples/opponents/counter.py:choose --games 1000

Hit or stay: it counts every card it has seen (``view.unseen()``) and hits
when one more card is worth at least as much as staying, on average: a new
number adds its value (twice with x2, +15 on the seventh), a modifier adds
its bonus (x2 doubles the numbers), a duplicate loses the whole hand unless
a Second Chance is held, other cards change nothing. Freeze goes to the
active opponent with the most points on the table (total + hand), Flip Three
to the active opponent most likely to bust on it, a spare Second Chance to
the opponent furthest behind.

Uses only the members of the view that §5 documents.
"""

BONUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10}


def _one_card_gain(hand, unseen):
    """Expected change of the round score from exactly one more card."""
    total = sum(unseen.values())
    if not total:
        return 0.0
    held = set(hand.numbers)
    x2 = "x2" in hand.modifiers
    score = hand.score
    number_sum = sum(int(n) for n in held)
    gain = 0.0
    for card, copies in unseen.items():
        if not copies:
            continue
        if card.isdigit():
            if card in held:
                change = 0 if hand.second_chance else -score
            else:
                change = int(card) * (2 if x2 else 1) + (15 if len(held) == 6 else 0)
        elif card in BONUS:
            change = BONUS[card]
        elif card == "x2":
            change = 0 if x2 else number_sum
        else:  # Freeze, Flip Three, Second Chance: nothing now
            change = 0
        gain += copies * change
    return gain / total


def _bust_chance(hand, unseen):
    total = sum(unseen.values())
    if not total or hand.second_chance:
        return 0.0
    return sum(unseen.get(n, 0) for n in set(hand.numbers)) / total


def _pick(legal, kind, target=None):
    for action in legal:
        if action.kind == kind and (target is None or action.target == target):
            return action
    return legal[0]


def choose(view, legal, rng):
    me = view.seat
    d = view.pending
    if d.kind == "hit_or_stay":
        if len(legal) == 1:
            return legal[0]
        return _pick(legal, "hit" if _one_card_gain(view.me, view.unseen()) >= 0 else "stay")
    others = [s for s in d.options if s != me]
    if not others:
        return _pick(legal, "target", me)
    n = len(view.players)
    others.sort(key=lambda s: (s - me) % n)
    unseen = view.unseen()
    if d.card == "second_chance":
        target = min(others, key=lambda s: view.totals[s] + view.hand(s).score)
    elif d.card == "freeze":
        target = max(others, key=lambda s: view.totals[s] + view.hand(s).score)
    else:
        target = max(others, key=lambda s: _bust_chance(view.hand(s), unseen))
    return _pick(legal, "target", target)
