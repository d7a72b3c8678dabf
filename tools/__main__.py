"""``python -m tools``: every tool of the project, by what it is for, with its one line.

    python -m tools

Each tool is a module of this package, run as ``python -m tools.NAME``; its
docstring's first line says what it does and the rest how to run it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: every module of tools/, in the group that says what it is for (tests/test_docs.py
#: checks that each module is in exactly one group)
GROUPS: dict[str, tuple[str, ...]] = {
    "the game needs them at run time (card art, sounds, where files are)": (
        "generated",
        "make_cards",
        "cardart_draw",
        "cardart_faces",
        "make_sounds",
    ),
    "build-time generators (the expert's tables, the screenshot gallery)": (
        "make_expert_tables",
        "screenshot",
        "screenshot_sheet",
        "screenshot_online",
    ),
    "benchmarks (they print the figures the docs state)": (
        "bench_bots",
        "bench_engine",
        "bench_ui",
        "bench_review",
        "bench_analysis",
        "bench_advise",
        "bench_net",
        "bench_net_window",
        "bench_plugins",
    ),
    "helpers of the tools and the tests": ("xvfb",),
    "research (how good is a decision, a change, the optimum)": (
        "expert_regret",
        "paired_expert",
        "solo_optimum",
        "numbers_only",
    ),
}


def modules() -> list[str]:
    """The names of the modules of tools/ (not this one nor the package's __init__)."""
    return sorted(p.stem for p in HERE.glob("*.py") if p.stem not in ("__init__", "__main__"))


def summary(name: str) -> str:
    """The first sentence of module ``name``'s docstring (read, never imported).

    >>> summary("make_sounds")
    "Synthesise the game's sounds: a card flip, a bust, a Freeze, a Flip 7, the win."
    """
    tree = ast.parse((HERE / f"{name}.py").read_text(encoding="utf-8"))
    paragraph = (ast.get_docstring(tree) or "").strip().split("\n\n")[0]
    text = " ".join(paragraph.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def main() -> int:
    for group, names in GROUPS.items():
        print(f"{group}:")
        for name in names:
            print(f"  {name:<20} {summary(name)}")
        print()
    print("run one: python -m tools.NAME --help")
    return 0


if __name__ == "__main__":
    sys.exit(main())
