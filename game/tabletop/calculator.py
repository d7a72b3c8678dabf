"""The card calculator: count a hand from the cards lying in front of a player.

At a real table, a player's cards are tapped in — numbers 0–12, ``x2``,
``+2`` … ``+10`` — and whether they busted. The count is written the way the
rules do it (R7): numbers, ``× 2``, the ``+N`` modifiers, then 15 for a Flip 7,
which is added by itself at 7 different numbers (R4.4).

>>> count([12, 10, 7], ["x2", "+6"]).text
'29 × 2 + 6 = 64'
>>> count([1, 3, 5, 6, 8, 9, 11], ["+4"]).text
'43 + 4 + 15 = 62'
>>> count([9, 4, 5, 12, 9], busted=True).points
0

What cannot exist is refused with one line, a :class:`ImpossibleHandError`:

>>> count([7, 11, 7])
Traceback (most recent call last):
...
game.tabletop.calculator.ImpossibleHandError: 7 twice: a hand with the same number twice has busted

:func:`check_round` does the same for every hand on the table in one round:
no more copies of a card than the deck holds, one Flip 7 at most.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.cards import (
    FLIP7_BONUS,
    FLIP7_SIZE,
    MODIFIERS,
    PLUS_MODIFIERS,
    calculation,
    composition,
    hand_score,
    modifier_bonus,
)
from game.limits import excerpt

_MODIFIER_ORDER = {m: i for i, m in enumerate(MODIFIERS)}
_MODIFIER_SPELLINGS = {"×2": "x2", "X2": "x2", "*2": "x2"}


class CalculatorError(ValueError):
    """Cards that cannot lie on a table; the message is one line for the user."""


class ImpossibleHandError(CalculatorError):
    """One player's cards that no round of Flip 7 can produce."""


class ImpossibleRoundError(CalculatorError):
    """Hands that cannot all lie on the table in the same round."""


def max_points(decks: int = 1) -> int:
    """The most one hand can score: a Flip 7 of 12…6 doubled, every ``+N`` card.

    >>> max_points()
    171
    """
    bonuses = sum(modifier_bonus(m) for m in PLUS_MODIFIERS) * decks
    return sum(range(6, 13)) * 2 + bonuses + FLIP7_BONUS


@dataclass(frozen=True)
class CardHand:
    """A counted hand. Build it with :func:`count`, which checks it can exist.

    ``numbers`` are sorted (a busted hand keeps its duplicate), ``modifiers``
    are in the deck's order (``+2`` … ``+10``, ``x2``).
    """

    numbers: tuple[int, ...] = ()
    modifiers: tuple[str, ...] = ()
    busted: bool = False

    @property
    def flip7(self) -> bool:
        return not self.busted and len(set(self.numbers)) == FLIP7_SIZE

    @property
    def number_sum(self) -> int:
        return sum(self.numbers)

    @property
    def points(self) -> int:
        """R7: 0 when busted, modifiers included (R4.2)."""
        if self.busted:
            return 0
        return hand_score([str(n) for n in self.numbers], self.modifiers, self.flip7)

    @property
    def calculation(self) -> str:
        """``29 × 2 + 6``; ``0`` for a bust."""
        if self.busted:
            return "0"
        bonuses = [modifier_bonus(m) for m in self.modifiers if m != "x2"]
        return calculation(self.number_sum, "x2" in self.modifiers, bonuses, self.flip7)

    @property
    def text(self) -> str:
        """The calculation and its result: ``29 × 2 + 6 = 64``; just ``21`` when nothing to add."""
        calc = self.calculation
        return calc if calc == str(self.points) else f"{calc} = {self.points}"

    def cards(self) -> Counter[str]:
        """The hand as card names, for checking it against the deck."""
        out = Counter(str(n) for n in self.numbers)
        out.update(self.modifiers)
        return out

    def to_dict(self) -> dict[str, object]:
        return {
            "numbers": list(self.numbers),
            "modifiers": list(self.modifiers),
            "busted": self.busted,
            "points": self.points,
        }

    @classmethod
    def from_dict(cls, data: object, decks: int = 1) -> CardHand:
        """Read :meth:`to_dict`'s form back; every check of :func:`count` applies."""
        if not isinstance(data, dict):
            raise ImpossibleHandError("a hand must be an object with 'numbers' and 'modifiers'")
        unknown = set(data) - {"numbers", "modifiers", "busted", "points"}
        if unknown:
            raise ImpossibleHandError(f"unknown key {excerpt(sorted(unknown)[0])} in a hand")
        numbers, modifiers = data.get("numbers", []), data.get("modifiers", [])
        busted = data.get("busted", False)
        if not isinstance(numbers, list) or not isinstance(modifiers, list):
            raise ImpossibleHandError("a hand's 'numbers' and 'modifiers' must be lists")
        if not isinstance(busted, bool):
            raise ImpossibleHandError("a hand's 'busted' must be true or false")
        hand = count(numbers, modifiers, busted, decks=decks)
        if "points" in data and data["points"] != hand.points:
            raise ImpossibleHandError(
                f"a hand written as {excerpt(data['points'])} points counts {hand.text}"
            )
        return hand


def count(
    numbers: Iterable[int | str] = (),
    modifiers: Iterable[str] = (),
    busted: bool = False,
    *,
    decks: int = 1,
) -> CardHand:
    """Count the cards in front of one player; refuse what cannot exist.

    ``numbers`` as ints or card names (``7`` or ``"7"``), ``modifiers`` as
    card names (``"x2"``, also ``"×2"``; ``"+4"``). A busted hand is given
    with its duplicate (``[9, 4, 9]``), or with no numbers at all when only
    "busted" was tapped. Raises :class:`ImpossibleHandError`.
    """
    nums = sorted(_number(n) for n in numbers)
    mods = sorted((_modifier(m) for m in modifiers), key=_MODIFIER_ORDER.__getitem__)
    seen = Counter(nums)
    twice = sorted(n for n, k in seen.items() if k > 1)
    if not busted:
        if twice:
            raise ImpossibleHandError(
                f"{_and(twice)} twice: a hand with the same number twice has busted"
            )
        if len(nums) > FLIP7_SIZE:
            raise ImpossibleHandError(
                f"{len(nums)} different numbers: the round ends at the 7th (Flip 7)"
            )
    elif nums:  # R4.2: the first duplicate busts, and it stays in the line (R1.5)
        if not twice:
            raise ImpossibleHandError(
                "a busted hand shows its duplicate: enter that number twice (or no numbers at all)"
            )
        thrice = [n for n in twice if seen[n] > 2]
        if thrice:
            raise ImpossibleHandError(
                f"{seen[thrice[0]]} cards {thrice[0]}: a hand busts at its first duplicate"
            )
        if len(twice) > 1:
            raise ImpossibleHandError(f"{_and(twice)} twice: a hand busts at its first duplicate")
        if len(seen) >= FLIP7_SIZE:
            raise ImpossibleHandError(
                f"{len(seen)} different numbers: the 7th made a Flip 7 "
                "and ended the round before any bust"
            )
    hand = CardHand(tuple(nums), tuple(mods), busted)
    _check_deck(hand.cards(), decks, ImpossibleHandError, "in one hand")
    return hand


def check_round(hands: Iterable[CardHand | None], decks: int = 1) -> None:
    """Refuse hands that cannot all lie on the table in the same round.

    No card more often than the deck holds (a busted hand counts its
    duplicate), and at most one Flip 7, since it ends the round (R4.4).
    ``None`` stands for a player whose cards were not entered.
    """
    present = [h for h in hands if h is not None]
    if sum(h.flip7 for h in present) > 1:
        raise ImpossibleRoundError("two Flip 7s in one round: the first one ends the round")
    table: Counter[str] = Counter()
    for hand in present:
        table.update(hand.cards())
    _check_deck(table, decks, ImpossibleRoundError, "on the table in one round")


def _check_deck(cards: Counter[str], decks: int, error: type[CalculatorError], where: str) -> None:
    deck = composition(decks)
    for card in sorted(cards, key=_card_order):
        k, held = cards[card], deck[card]
        if k > held:
            what = f"{card} twice" if k == 2 else f"{k} cards {card}"
            raise error(f"{what} {where}: the deck holds {'only one' if held == 1 else held}")


def _card_order(card: str) -> tuple[int, int]:
    return (1, _MODIFIER_ORDER[card]) if card in _MODIFIER_ORDER else (0, int(card))


def _number(value: object) -> int:
    if (
        isinstance(value, str)
        and value.strip().isascii()
        and value.strip().isdigit()
        and len(value.strip()) <= 2
    ):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 12:
        raise ImpossibleHandError(f"{excerpt(value)} is not a number card (0 to 12)")
    return value


def _modifier(value: object) -> str:
    if isinstance(value, str):
        value = _MODIFIER_SPELLINGS.get(value.strip(), value.strip())
    if not isinstance(value, str) or value not in _MODIFIER_ORDER:
        raise ImpossibleHandError(
            f"{excerpt(value)} is not a modifier card ({', '.join(MODIFIERS)})"
        )
    return value


def _and(values: Sequence[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
