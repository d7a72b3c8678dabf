"""The tests' two tiers (docs/development.md, Tests): ``pytest`` alone runs the fast one, the
README's command (``-m "slow or not slow"``) both."""

import pytest


def tour(*values) -> list:
    """The values a test walks through (languages, window sizes): the first one, where room
    is least, in the fast tier; the others marked slow."""
    return [values[0], *(pytest.param(v, marks=pytest.mark.slow) for v in values[1:])]
