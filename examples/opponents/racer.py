"""A racer that plays the score sheet (a plug-in bot, docs/bots.md, plug-ins).

    python -m tools.bench_bots --match expert,examples/opponents/racer.py:choose --games 1000

Its own design, a light win-probability player:

- its stop moves with the race: 25 points when level, up to 40 when far
  behind the leader, down to 18 when far ahead;
- it counts cards: above 15 points it also stays when the next card busts it
  with 35% or more;
- endgame (docs/rules.md R8): if banking takes it past the target above everyone's
  total plus hand, it stays; if someone is out of the round above the target,
  it hits until it is above them;
- Freeze: the active opponent who would lose most by being stopped now
  (small hand, high total); Flip Three: the active opponent most likely to
  bust, itself if it has nothing to lose (no card yet);
- a spare Second Chance: the opponent furthest behind.

Uses only the members of the view that §5 documents.
"""


def _pick(legal, kind, target=None):
    for action in legal:
        if action.kind == kind and (target is None or action.target == target):
            return action
    return legal[0]


def _bust_chance(hand, unseen):
    total = sum(unseen.values())
    if not total or hand.second_chance:
        return 0.0
    return sum(unseen.get(n, 0) for n in set(hand.numbers)) / total


def _wants_hit(view):
    me, target = view.seat, view.rules.target
    hand = view.me
    mine = view.totals[me] + hand.score
    others = [s for s in range(len(view.players)) if s != me]
    if not others:
        return hand.score < 25
    best = max(view.totals[s] + view.hand(s).score for s in others)
    if mine >= target and mine > best:
        return False
    done = [
        view.totals[s] + view.hand(s).score
        for s in others
        if view.hand(s).status in ("stayed", "frozen")
    ]
    done = [t for t in done if t >= target]
    if done and mine <= max(done):
        return True
    leader = max(view.totals[s] for s in others)
    gap = leader - view.totals[me]
    stop = max(18, min(40, 25 + gap / 6))
    if hand.score >= stop:
        return False
    return not (hand.score >= 15 and _bust_chance(hand, view.unseen()) >= 0.35)


def choose(view, legal, rng):
    me = view.seat
    d = view.pending
    if d.kind == "hit_or_stay":
        if len(legal) == 1:
            return legal[0]
        return _pick(legal, "hit" if _wants_hit(view) else "stay")
    others = [s for s in d.options if s != me]
    if not others:
        return _pick(legal, "target", me)
    n = len(view.players)
    others.sort(key=lambda s: (s - me) % n)
    unseen = view.unseen()
    if d.card == "second_chance":
        return _pick(legal, "target", min(others, key=lambda s: view.totals[s]))
    if d.card == "freeze":
        lost = {s: max(0.0, 25 - view.hand(s).score) * (1 + view.totals[s] / 200) for s in others}
        return _pick(legal, "target", max(others, key=lost.get))
    if me in d.options and not view.me.numbers and not view.me.modifiers:
        return _pick(legal, "target", me)
    return _pick(legal, "target", max(others, key=lambda s: _bust_chance(view.hand(s), unseen)))
