"""A threshold player that hunts the leader (a plug-in bot, docs/bots.md, plug-ins).

    python -m tools.bench_bots --games 1000 \
        --match expert,examples/opponents/leader_hunter.py:choose

Hit or stay: stays at 27 points (the stop that maximises a solo round is
about 25-27). Every Freeze and Flip Three goes to the leader: the active
opponent whose total plus hand is highest; a spare Second Chance to the
opponent furthest behind.

Uses only the members of the view that §5 documents.
"""

STAY_AT = 27


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
        return _pick(legal, "stay" if view.me.score >= STAY_AT else "hit")
    others = [s for s in d.options if s != me]
    if not others:
        return _pick(legal, "target", me)
    n = len(view.players)
    others.sort(key=lambda s: (s - me) % n)
    standing = {s: view.totals[s] + view.hand(s).score for s in others}
    if d.card == "second_chance":
        return _pick(legal, "target", min(others, key=standing.get))
    return _pick(legal, "target", max(others, key=standing.get))
