"""Installs like an application: what ``pip install .`` ships, checked from the metadata.

Building a wheel here would be slow; ``tools/check_install.sh`` does the real
clean-clone install and run, by hand. These checks catch what it would: a package
or a data file the game loads that ``pyproject.toml`` forgets, dependencies
drifting from requirements.txt, a ``flip7`` script that does not resolve.
"""

import fnmatch
import importlib
import json
import tomllib
from pathlib import Path

import tools.generated as generated

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
GENERATED = ("cards", "sounds")  # made on start, never shipped


def shipped_data() -> list[str]:
    """The files of assets/ that the package data globs take, relative to assets/."""
    assert SETUPTOOLS["package-dir"] == {"flip7_assets": "assets"}
    globs = SETUPTOOLS["package-data"]["flip7_assets"]
    files = [
        p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file()
    ]
    return [f for f in files if any(fnmatch.fnmatch(f, g) for g in globs)]


def test_build_system_and_console_script_resolve_to_main():
    assert PYPROJECT["build-system"]["build-backend"] == "setuptools.build_meta"
    module, _, attr = PYPROJECT["project"]["scripts"]["flip7"].partition(":")
    entry = getattr(importlib.import_module(module), attr)
    import ui.cli

    assert entry is ui.cli.main and callable(entry)
    assert "from ui.cli import main" in (ROOT / "main.py").read_text(encoding="utf-8")


def test_dependencies_are_the_pins_of_requirements_txt():
    pins = [
        line.split("#")[0].strip()
        for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    ]
    assert sorted(PYPROJECT["project"]["dependencies"]) == sorted(p for p in pins if p)


def test_every_package_is_listed_and_exists():
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("game", "ui", "tools")
        for p in (ROOT / top).rglob("__init__.py")
    }
    listed = set(SETUPTOOLS["packages"])
    assert found | {"flip7_assets"} == listed
    assert {"ui.lang", "game.bots"} <= listed  # the language tables, the bots


def test_every_data_file_inside_a_package_is_package_data():
    """A file beside the code that the code opens (the expert's tables, the lessons)
    goes with ``pip install .``: anything in a package folder but Python source,
    caches and the checkout's shell scripts must match its package-data globs."""
    data = SETUPTOOLS["package-data"]
    for package in SETUPTOOLS["packages"]:
        if package == "flip7_assets":
            continue
        folder = ROOT.joinpath(*package.split("."))
        for path in folder.iterdir():
            if not path.is_file() or path.suffix in (".py", ".pyc", ".sh"):  # .sh: by hand
                continue
            globs = data.get(package, [])
            assert any(fnmatch.fnmatch(path.name, g) for g in globs), (
                f"{path.relative_to(ROOT)} is not package data of {package}"
            )


def test_every_runtime_data_file_is_package_data():
    shipped = set(shipped_data())
    # every file of assets/ but the generated art and sounds
    for path in (ROOT / "assets").rglob("*"):
        rel = path.relative_to(ROOT / "assets")
        if path.is_file() and rel.parts[0] not in GENERATED:
            assert rel.as_posix() in shipped, f"assets/{rel.as_posix()} is not package data"
    assert not any(f.split("/")[0] in GENERATED for f in shipped)
    # what the game opens: the font, the theme and every font the theme names
    assert generated.FONT_PATH.relative_to(generated.ASSETS).as_posix() in shipped
    assert generated.THEME_PATH.relative_to(generated.ASSETS).as_posix() in shipped
    from ui.theme import font_file

    theme = json.loads(generated.THEME_PATH.read_text(encoding="utf-8"))
    fonts = {
        v
        for block in theme.values()
        if isinstance(block, dict)
        for k, v in (block.get("font") or {}).items()
        if k.endswith("_path")
    }
    assert fonts
    for name in fonts:
        assert font_file(name).relative_to(generated.ASSETS).as_posix() in shipped, name


def test_every_language_is_a_shipped_module():
    from ui.i18n import LANGS

    for lang in LANGS:
        assert (ROOT / "ui" / "lang" / f"{lang}.py").is_file(), lang


def test_an_installed_copy_generates_into_the_user_cache(monkeypatch, tmp_path):
    assert not generated.INSTALLED  # the tests run from the checkout
    assert generated.default_dir("cards") == ROOT / "assets" / "cards"
    monkeypatch.setattr(generated, "INSTALLED", True)
    monkeypatch.setattr(generated, "user_cache", lambda kind: tmp_path / kind)
    assert generated.default_dir("sounds") == tmp_path / "sounds"
