"""Cards and the deck composition (docs/rules.md R1).

A card is represented by its file name, a short string: ``"0"`` … ``"12"``,
``"+2"`` … ``"+10"``, ``"x2"``, ``"freeze"``, ``"flip_three"``,
``"second_chance"`` (docs/files-and-commands.md). Strings keep the engine fast,
make events and game files trivially serialisable, and are what players read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(13))
PLUS_MODIFIERS: tuple[str, ...] = ("+2", "+4", "+6", "+8", "+10")
MODIFIERS: tuple[str, ...] = PLUS_MODIFIERS + ("x2",)
FREEZE = "freeze"
FLIP_THREE = "flip_three"
SECOND_CHANCE = "second_chance"
ACTIONS: tuple[str, ...] = (FREEZE, FLIP_THREE, SECOND_CHANCE)
#: Actions whose receiver chooses a target (R5.1); Second Chance is kept.
TARGETED_ACTIONS: frozenset[str] = frozenset((FREEZE, FLIP_THREE))
ALL_CARDS: tuple[str, ...] = NUMBERS + MODIFIERS + ACTIONS

_NUMBER_SET = frozenset(NUMBERS)
_MODIFIER_SET = frozenset(MODIFIERS)
_ALL_SET = frozenset(ALL_CARDS)


class UnknownCardError(ValueError):
    """A card name that is not part of the game."""


def check_card(name: object) -> str:
    """Return ``name`` if it names a card, else raise :class:`UnknownCardError`."""
    if not isinstance(name, str) or name not in _ALL_SET:
        raise UnknownCardError(f"unknown card {name!r}")
    return name


def is_number(card: str) -> bool:
    return card in _NUMBER_SET


def is_modifier(card: str) -> bool:
    return card in _MODIFIER_SET


FLIP7_SIZE = 7  # R4.4: seven different numbers end the round
FLIP7_BONUS = 15  # R7.4: and score this much more


def modifier_bonus(card: str) -> int:
    """Points a ``+N`` modifier adds (0 for ``x2``, which multiplies instead)."""
    return 0 if card == "x2" else int(card[1:])


def composition(decks: int = 1) -> Counter[str]:
    """How many copies of each card the draw pile starts with (R1.1–R1.4).

    >>> c = composition()
    >>> sum(c.values()), c["12"], c["0"], c["1"], c["x2"], c["freeze"]
    (94, 12, 1, 1, 1, 3)
    """
    one: Counter[str] = Counter()
    one["0"] = 1
    one["1"] = 1
    for n in range(2, 13):
        one[str(n)] = n
    for m in MODIFIERS:
        one[m] = 1
    for a in ACTIONS:
        one[a] = 3
    return Counter({card: count * decks for card, count in one.items()})


def full_deck(decks: int = 1) -> list[str]:
    """Every card of the composition, in a fixed canonical order."""
    return list(_full_deck(decks))


@lru_cache(maxsize=4)
def _full_deck(decks: int) -> tuple[str, ...]:
    comp = composition(decks)
    return tuple(card for card in ALL_CARDS for _ in range(comp[card]))


def hand_score(
    numbers: list[str] | tuple[str, ...],
    modifiers: list[str] | tuple[str, ...],
    flip7: bool = False,
) -> int:
    """Score of an unbusted hand (R7.1–R7.4).

    >>> hand_score(["7", "11"], ["+8", "x2"])
    44
    >>> hand_score([], ["+2", "+6", "x2"])
    8
    """
    total = sum(int(n) for n in numbers)
    if "x2" in modifiers:
        total *= 2
    total += sum(modifier_bonus(m) for m in modifiers)
    return total + (FLIP7_BONUS if flip7 else 0)


def calculation(number_sum: int, x2: bool, bonuses: Iterable[int], flip7: bool) -> str:
    """The count of an unbusted hand in the rules' order (R7.1–R7.4), without its result.

    >>> calculation(29, True, [6], False), calculation(43, False, [4], True)
    ('29 × 2 + 6', '43 + 4 + 15')
    """
    parts = [f"{number_sum} × 2" if x2 else str(number_sum)]
    parts += [str(b) for b in bonuses]
    if flip7:
        parts.append(str(FLIP7_BONUS))
    return " + ".join(parts)
