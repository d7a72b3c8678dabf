"""Talks on stdout as it is imported and as it first decides, then plays fair (the
first legal action)."""

print("hello from a plug-in")
SAID = []


def choose(view, legal, rng):
    if not SAID:
        print("thinking…")
        SAID.append(True)
    return legal[0]
