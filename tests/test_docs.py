"""The docs hold: every rule id the code cites is in the rule book, every relative link
resolves, every command the README gives parses, every tool says what it is for, and the
project speaks of itself as it is (no history in the tracked files)."""

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from tools import __main__ as tools_index

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RULE_ID = re.compile(r"(?<![\w.])R[1-9](?:\.[0-9]+)*(?![\w])")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: the tree
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    return [ROOT / line for line in out.splitlines()]


def defined_rule_ids() -> set[str]:
    """The ids docs/rules.md defines: its section headings and its clause bullets."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^## (R[1-9]) ", text, re.M))
    ids |= set(re.findall(r"^\s*- (R[1-9](?:\.[0-9]+)+) ", text, re.M))
    return ids


def test_the_rule_book_defines_its_clauses():
    ids = defined_rule_ids()
    assert {"R1", "R1.5", "R5.4.3", "R9"} <= ids
    assert len(ids) >= 45


def test_every_rule_id_cited_in_the_code_is_defined_in_the_rule_book():
    defined = defined_rule_ids()
    cited: dict[str, Path] = {}
    for part in ("game", "ui", "tests", "tools", "examples"):
        for path in (ROOT / part).rglob("*.py"):
            for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, path)
    assert len(cited) >= 30  # the engine cites its rules
    missing = {rule: str(path.relative_to(ROOT)) for rule, path in cited.items()}
    missing = {rule: where for rule, where in missing.items() if rule not in defined}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of a markdown file's headings."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_relative_link_resolves(doc):
    for link in links(doc):
        if re.match(r"[a-z]+:", link):  # https:, mailto:
            continue
        target, _, anchor = link.partition("#")
        path = (doc.parent / unquote(target)).resolve() if target else doc
        assert path.exists(), f"{doc.name}: {link} does not exist"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{doc.name}: no heading for #{anchor} in {path.name}"


def readme_modules() -> list[str]:
    """The modules the README's command table and quick start run (``python -m X``)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    module = r"python -m ((?:game|ui)(?:\.[a-z_]+)+|tools(?:\.[a-z_]+)*)"
    return sorted(set(re.findall(module, text)))


def test_the_readme_names_the_headless_commands():
    modules = readme_modules()
    for command in ("game.replay", "game.simulate", "game.tournament", "game.review"):
        assert command in modules


@pytest.mark.parametrize("module", readme_modules())
@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_every_command_of_the_readme_parses(module):
    run = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, f"python -m {module} --help: {run.stderr.strip()[-300:]}"
    assert "usage" in run.stdout.lower() or module == "tools"


@pytest.mark.slow  # starts a process (docs/development.md, Tests)
def test_main_py_help_runs():
    run = subprocess.run(
        [sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and "--players" in run.stdout


def test_every_tool_is_in_one_group_and_says_what_it_is_for():
    grouped = [name for names in tools_index.GROUPS.values() for name in names]
    assert sorted(grouped) == tools_index.modules(), "python -m tools must list every tool once"
    for name in grouped:
        assert tools_index.summary(name).endswith((".", "?")), name


HISTORY = re.compile(
    r"\bsessions? [0-9]+|\bissue [0-9]+\b|\b(previous|old) engine\b|before this[ ]change"
    r"|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b",
    re.I,
)
#: what may look like history but is not: hexadecimal colours and digests, key ids
NOT_HISTORY = re.compile(r"#[0-9a-f]{6}\b|sha256|[0-9a-f]{32,}", re.I)


def test_tracked_files_speak_of_the_project_as_it_is():
    found = []
    for path in tracked_files():
        if (
            path.suffix not in (".py", ".md", ".json", ".toml", ".txt", ".sh", "")
            or not path.exists()
        ):
            continue
        if path.suffix == ".json" and path.stat().st_size > 50_000:
            continue  # generated tables
        for number, line in enumerate(
            path.read_text(encoding="utf-8", errors="replace").splitlines(), 1
        ):
            if HISTORY.search(NOT_HISTORY.sub("", line)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not found, "history words:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_placeholder_is_left_in_the_docs(doc):
    text = doc.read_text(encoding="utf-8")
    assert not re.findall(r"^[A-Z]+(?:-[A-Z]+)+$", text, re.M), doc.name
    assert "TODO" not in text and "TBD" not in text, doc.name


def test_the_readme_engine_example_runs_and_prints_what_it_says(capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(from game\.engine.*?)```", text, re.S).group(1)
    expected = re.search(r"# (\w+ \[[\d, ]+\])", code).group(1)
    exec(compile(code, "README.md", "exec"), {})
    assert capsys.readouterr().out.strip() == expected
