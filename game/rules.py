"""Rule options (docs/rules.md R9)."""

from __future__ import annotations

from dataclasses import dataclass

from game.limits import MAX_DECKS, excerpt

OPENINGS = ("must_hit", "deal")
FLIP_THREE_ON_BUST = ("discard", "resolve")
DEFAULT_TARGET = 200


class RuleError(ValueError):
    """A rule option that does not exist or has an impossible value."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The options of R9; every default is the rule book's reading.

    ``decks`` ``None`` means "by player count": 1 up to 18 players, 2 above (R1.4).
    """

    target: int = DEFAULT_TARGET
    opening: str = "must_hit"
    flip_three_on_bust: str = "discard"
    decks: int | None = None

    def __post_init__(self) -> None:
        if not _is_int(self.target) or self.target <= 0:
            raise RuleError(f"rule 'target' must be a positive integer, not {excerpt(self.target)}")
        if not isinstance(self.opening, str) or self.opening not in OPENINGS:
            raise RuleError(
                f"rule 'opening' must be one of {_choices(OPENINGS)}, not {excerpt(self.opening)}"
            )
        if (
            not isinstance(self.flip_three_on_bust, str)
            or self.flip_three_on_bust not in FLIP_THREE_ON_BUST
        ):
            raise RuleError(
                f"rule 'flip_three_on_bust' must be one of "
                f"{_choices(FLIP_THREE_ON_BUST)}, "
                f"not {excerpt(self.flip_three_on_bust)}"
            )
        if self.decks is not None and (not _is_int(self.decks) or not 0 < self.decks <= MAX_DECKS):
            raise RuleError(
                f"rule 'decks' must be an integer from 1 to {MAX_DECKS}, not {excerpt(self.decks)}"
            )

    def deck_count(self, players: int) -> int:
        """How many full decks a game of ``players`` uses (R1.4)."""
        if self.decks is not None:
            return self.decks
        return 1 if players <= 18 else 2

    @classmethod
    def from_dict(cls, data: object) -> RuleOptions:
        """Build options from the ``rules`` object of a game file."""
        if not isinstance(data, dict):
            raise RuleError(f"'rules' must be an object, not {type(data).__name__}")
        known = {"target", "opening", "flip_three_on_bust", "decks"}
        for key in data:
            if key not in known:
                raise RuleError(f"unknown rule option {excerpt(key)}")
        return cls(**data)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "target": self.target,
            "opening": self.opening,
            "flip_three_on_bust": self.flip_three_on_bust,
        }
        if self.decks is not None:
            out["decks"] = self.decks
        return out


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _choices(values: tuple[str, ...]) -> str:
    return ", ".join(repr(v) for v in values)
