"""The project's own promises: CI runs the README's test command; the engine is pure."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    return re.findall(r"```sh\n(python3 -m venv .*?)\n```", (ROOT / "README.md").read_text())


def test_ci_runs_exactly_the_readme_test_command():
    play, test = readme_commands()[:2]
    assert "requirements.txt" in play and "main.py" in play
    command = test.split(" && ")[-1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert command in ci
    assert "python3 -m venv .venv" in ci and "requirements-dev.txt" in ci


def test_engine_never_imports_pygame():
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(import|from)\s+pygame", text, re.M), path


def test_requirements_are_pinned_and_never_plain_pygame():
    for name in ("requirements.txt", "requirements-dev.txt"):
        for line in (ROOT / name).read_text().splitlines():
            line = line.split("#")[0].strip()
            if line and not line.startswith("-r"):
                assert "==" in line, line
                assert line.split("==")[0].lower() != "pygame", line


def test_help_describes_every_flag_and_the_size_error_gives_the_range(capsys):
    import pytest

    from ui.cli import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--help"])
    text = capsys.readouterr().out
    flags = re.findall(r"^  (--[a-z-]+)(.*)$", text, re.M)
    assert len(flags) >= 15
    for flag, rest in flags:
        assert rest.strip(), f"{flag} has no description"
    assert "320x240 to 3840x2160" in text
    with pytest.raises(SystemExit):
        parse_args(["--size", "huge"])
    assert "from 320x240 to 3840x2160" in capsys.readouterr().err


SCENE_PACKAGES = ("ui/screens", "ui/table", "ui/tabletop", "ui/online")


def test_scenes_see_the_window_only_through_their_context():
    """A scene is given a context of ui/context.py, never the App: no scene module imports
    ui.app (not even for its types), and every scene's and driver's ``app`` parameter is
    typed with one of the contexts (mypy then checks each use against it)."""
    import ast

    import ui.context

    contexts = {
        name
        for name, value in vars(ui.context).items()
        if isinstance(value, type) and name.endswith("Context")
    }
    typed = 0
    for folder in SCENE_PACKAGES:
        for path in sorted((ROOT / folder).glob("*.py")):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    assert node.module != "ui.app", f"{path.name} imports ui.app"
                    assert node.module != "ui" or "app" not in {a.name for a in node.names}
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    for arg in node.args.args:
                        if arg.arg == "app":
                            assert isinstance(arg.annotation, ast.Name), (path.name, node.name)
                            assert arg.annotation.id in contexts, (path.name, node.name)
                            typed += 1
    assert typed > 20  # the scenes, the drivers and the routes that make tables
