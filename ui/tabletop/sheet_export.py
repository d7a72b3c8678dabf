"""Score sheets as PDF and PNG: a blank sheet to print, or the sheet of a game.

A4 at print resolution (300 dpi: 2480 × 3508 px), made with pillow:

- **blank**: 3 to 8 players, 20 rounds, each cell for the round's points and
  the new total, the counting reminder at the bottom;
- **filled**: a :class:`~game.tabletop.sheet.ScoreSheet` (typed at the table, or made
  from a game played in the program with :func:`game.tabletop.sheet.sheet_from_game`):
  points, totals, the leader of every round shaded gold, the dealer marked,
  the winner. More than 8 players turn the page to landscape; more than
  30 rounds continue on further pages (PNG: ``name-2.png``, …).

Words in English, French and German (:data:`TEXTS`).

    python -m ui.tabletop.sheet_export --blank --players 4 --lang fr --out sheet.pdf
    python -m ui.tabletop.sheet_export --sheet SHEET.json --out sheet.png
    python -m ui.tabletop.sheet_export --game GAME.json --lang de --out game.pdf
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the charts' module imports pygame
from game.atomic import write_atomic  # noqa: E402
from game.commands.cli import ArgumentParser  # noqa: E402
from game.limits import MAX_TARGET, excerpt  # noqa: E402
from game.tabletop.sheet import ScoreSheet  # noqa: E402
from ui.tabletop.sheet_chart import MIN_HEIGHT, draw_chart  # noqa: E402
from ui.tabletop.sheet_draw import A4, MARGIN, Page, Rows  # noqa: E402

DPI = 300
BLANK_PLAYERS = (3, 8)
BLANK_ROUNDS = 20
ROUNDS_PER_PAGE = 30
PORTRAIT_MAX_PLAYERS = 8

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Score sheet",
        "date": "Date",
        "target": "Target",
        "round": "Round",
        "points": "points",
        "total": "total",
        "dealer_mark": "D",
        "start": "start",
        "counting": "Counting a round",
        "numbers": "Number cards 0–12: their value",
        "x2": "×2 doubles the numbers only",
        "plus": "+2 … +10: added after",
        "flip7": "Flip 7, seven different numbers: +15",
        "bust": "A number twice: 0 for the round",
        "example": "Example: 12 + 10 + 7 = 29;  29 × 2 + 6 = 64",
        "end": "The game ends after the round in which someone reaches {target}: the highest "
        "total wins. A tie at the top plays one more round.",
        "winner": "Winner: {name} with {total}",
        "tiebreak": "Tie at the top: one more round",
        "playing": "After round {round}",
        "legend": "gold: leading  ·  D: dealer  ·  F7: Flip 7",
        "page": "page {n} of {of}",
        "chart": "Totals by round",
    },
    "fr": {
        "title": "Feuille de score",
        "date": "Date",
        "target": "Objectif",
        "round": "Manche",
        "points": "points",
        "total": "total",
        "dealer_mark": "D",
        "start": "départ",
        "counting": "Compter une manche",
        "numbers": "Cartes chiffre 0 à 12\u00a0: leur valeur",
        "x2": "×2 double les chiffres, et seulement eux",
        "plus": "+2 à +10\u00a0: en plus",
        "flip7": "Flip 7, sept chiffres différents\u00a0: +15",
        "bust": "Deux fois le même chiffre\u00a0: 0 dans la manche",
        "example": "Exemple\u00a0: 12 + 10 + 7 = 29\u00a0;  29 × 2 + 6 = 64",
        "end": "La partie s'arrête à la fin de la manche où quelqu'un atteint {target}\u00a0: "
        "le plus haut total gagne. À égalité en tête, on joue une manche de plus.",
        "winner": "Gagnant\u00a0: {name} avec {total}",
        "tiebreak": "Égalité en tête\u00a0: une manche de plus",
        "playing": "Après la manche {round}",
        "legend": "or\u00a0: en tête  ·  D\u00a0: donne  ·  F7\u00a0: Flip 7",
        "page": "page {n} sur {of}",
        "chart": "Les totaux, manche par manche",
    },
    "de": {
        "title": "Punkteblock",
        "date": "Datum",
        "target": "Ziel",
        "round": "Runde",
        "points": "Punkte",
        "total": "Summe",
        "dealer_mark": "G",
        "start": "Start",
        "counting": "So wird gezählt",
        "numbers": "Zahlenkarten 0–12: ihr Wert",
        "x2": "×2 verdoppelt nur die Zahlen",
        "plus": "+2 … +10: danach dazu",
        "flip7": "Flip 7, sieben verschiedene Zahlen: +15",
        "bust": "Eine Zahl doppelt: 0 Punkte in der Runde",
        "example": "Beispiel: 12 + 10 + 7 = 29;  29 × 2 + 6 = 64",
        "end": "Das Spiel endet nach der Runde, in der jemand {target} Punkte erreicht: die "
        "höchste Summe gewinnt. Bei Gleichstand an der Spitze folgt eine weitere Runde.",
        "winner": "Sieger: {name} mit {total}",
        "tiebreak": "Gleichstand an der Spitze: eine weitere Runde",
        "playing": "Nach Runde {round}",
        "legend": "gold: vorne  ·  G: Geber  ·  F7: Flip 7",
        "page": "Seite {n} von {of}",
        "chart": "Die Summen, Runde für Runde",
    },
}


class ExportError(ValueError):
    """A sheet that cannot be exported as asked; one line for the user."""


def texts(lang: str) -> dict[str, str]:
    if lang not in TEXTS:
        raise ExportError(f"unknown language {lang!r} (known: {', '.join(TEXTS)})")
    return TEXTS[lang]


def blank_pages(players: int = 4, lang: str = "en", target: int = 200) -> list[Image.Image]:
    """One A4 page to print and fill in by hand."""
    low, high = BLANK_PLAYERS
    if not low <= players <= high:
        raise ExportError(f"a blank sheet has {low} to {high} players, not {players}")
    if not isinstance(target, int) or not 0 < target <= MAX_TARGET:
        raise ExportError(
            f"the target is a whole number from 1 to {MAX_TARGET}, not {excerpt(target)}"
        )
    page = Page(A4, texts(lang))
    top = page.header(target, "", "")
    bottom = page.reminder(page.h - MARGIN, target, 2) - 40
    labels = tuple(str(r) for r in range(1, BLANK_ROUNDS + 1))
    page.grid(top, bottom, [""] * players, Rows(labels))
    return [page.image]


def sheet_pages(sheet: ScoreSheet, lang: str = "en") -> list[Image.Image]:
    """The pages of a filled sheet: finished rounds, totals, leaders, dealers, winner."""
    t = texts(lang)
    landscape = len(sheet.players) > PORTRAIT_MAX_PLAYERS
    size = (A4[1], A4[0]) if landscape else A4
    start_row = any(sheet.start_totals)
    chunks = _chunks(sheet.round_count, first_page=ROUNDS_PER_PAGE - start_row)
    pages = []
    charted = False
    for index, (first, last) in enumerate(chunks):
        page = Page(size, t)
        with_start = start_row and index == 0
        if len(chunks) == 1 and not sheet.over:  # room to go on by hand: 20 rows at least
            last = max(last, BLANK_ROUNDS - start_row)
        labels = ((t["start"],) if with_start else ()) + tuple(
            str(r) for r in range(first, last + 1)
        )
        top = page.header(sheet.target, (sheet.created or "")[:10], _status(sheet, t))
        bottom = page.reminder(page.h - MARGIN, sheet.target, 3 if landscape else 2) - 40
        end = page.grid(top, bottom - 60, sheet.players, Rows(labels, sheet, first, with_start))
        page.footer(t["legend"], end + 18)
        room = (MARGIN, end + 110, page.w - MARGIN, bottom - 30)
        if index == len(chunks) - 1 and sheet.round_count and room[3] - room[1] >= MIN_HEIGHT:
            draw_chart(page.draw, room, sheet, t["chart"])
            charted = True
        pages.append(page)
    if sheet.round_count and not charted:  # no room under the grid: a page of its own
        page = Page(size, t)
        top = page.header(sheet.target, (sheet.created or "")[:10], _status(sheet, t))
        draw_chart(
            page.draw,
            (MARGIN, top + 60, page.w - MARGIN, min(page.h - MARGIN, top + 60 + page.w * 3 // 4)),
            sheet,
            t["chart"],
        )
        pages.append(page)
    if len(pages) > 1:
        for index, page in enumerate(pages):
            page.page_number(t["page"].format(n=index + 1, of=len(pages)))
    return [page.image for page in pages]


def save_pages(
    pages: Sequence[Image.Image], path: str | os.PathLike[str], replace: bool = True
) -> list[Path]:
    """Write pages as one PDF, or as PNGs (``name.png``, ``name-2.png``, …) by the suffix.

    Every file is written atomically (a temp file, then a rename), so a symbolic link at
    its name is replaced, never followed. ``replace`` True: the file named is replaced if
    it is there (the person chose it) — but no other: when a further page's name
    (``name-2.png``…) is taken, every page goes to free names instead (``name-2.png``
    becomes the first). ``replace`` False: no file that exists is ever replaced; the
    name gets a number instead (``sheet-2.pdf``).
    """
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise ExportError(f"{excerpt(out.name)}: export as .pdf or .png")
    count = 1 if suffix == ".pdf" else len(pages)
    if not replace or any(_taken(p) for p in page_names(out, count)[1:]):
        out = free_name(out, count)
    try:
        if suffix == ".pdf":
            buffer = io.BytesIO()
            pages[0].save(
                buffer,
                "PDF",
                resolution=DPI,
                save_all=True,
                append_images=list(pages[1:]),
                quality=92,
                subsampling=0,
                title="Flip 7",
                creator="Flip 7",
            )
            files = [(out, buffer.getvalue())]
        else:
            files = []
            for target, page in zip(page_names(out, count), pages, strict=True):
                buffer = io.BytesIO()
                page.save(buffer, "PNG", dpi=(DPI, DPI), optimize=False, compress_level=6)
                files.append((target, buffer.getvalue()))
    except (RuntimeError, ValueError, MemoryError) as e:  # pillow's own failures
        raise ExportError(f"the page could not be made ({excerpt(str(e), 80)})") from None
    for target, data in files:
        write_atomic(target, data)
    return [target for target, _data in files]


def page_names(out: Path, count: int) -> list[Path]:
    """``name.png``, ``name-2.png``, … for ``count`` pages."""
    return [
        out if i == 0 else out.with_name(f"{out.stem}-{i + 1}{out.suffix}") for i in range(count)
    ]


def free_name(out: Path, count: int = 1) -> Path:
    """``out``, or ``out`` with a number (``sheet-2.pdf``), so that no page replaces a file
    (nor a link) that is already there."""
    stem, k = out.stem, 1
    while True:
        candidate = out if k == 1 else out.with_name(f"{stem}-{k}{out.suffix}")
        if not any(_taken(p) for p in page_names(candidate, count)):
            return candidate
        k += 1


def _taken(path: Path) -> bool:
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return True


def export_blank(
    path: str | os.PathLike[str],
    players: int = 4,
    lang: str = "en",
    target: int = 200,
    replace: bool = True,
) -> list[Path]:
    return save_pages(blank_pages(players, lang, target), path, replace)


def export_sheet(
    sheet: ScoreSheet, path: str | os.PathLike[str], lang: str = "en", replace: bool = True
) -> list[Path]:
    return save_pages(sheet_pages(sheet, lang), path, replace)


def _chunks(rounds: int, first_page: int) -> list[tuple[int, int]]:
    """(first round, last round) of every page; always one page at least."""
    out, first, room = [], 1, first_page
    while True:
        last = min(rounds, first + room - 1)
        out.append((first, last))
        if last >= rounds:
            return out
        first, room = last + 1, ROUNDS_PER_PAGE


def _status(sheet: ScoreSheet, t: dict[str, str]) -> str:
    winner = sheet.winner
    if winner is not None:
        others = sheet.standings()[1:]
        ranking = "  ·  ".join(f"{s.name} {s.total}" for s in others[:5])
        ranking += "  ·  …" if len(others) > 5 else ""
        head = t["winner"].format(name=sheet.players[winner], total=sheet.totals[winner])
        return f"{head}  ·  {ranking}"
    if sheet.status == "tiebreak":
        return t["tiebreak"]
    return t["playing"].format(round=sheet.round_count) if sheet.round_count else ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(
        prog="python -m ui.tabletop.sheet_export",
        description="Export a Flip 7 score sheet as PDF or PNG.",
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--blank", action="store_true", help="a blank sheet to print")
    what.add_argument("--sheet", metavar="FILE", help="a flip7-sheet/1 file")
    what.add_argument("--game", metavar="FILE", help="a flip7/1 game file")
    parser.add_argument("--players", type=int, default=4, help="blank sheet: 3 to 8 players")
    parser.add_argument("--target", type=int, default=200, help="blank sheet: the target")
    parser.add_argument("--lang", default="en", choices=sorted(TEXTS))
    parser.add_argument("--out", required=True, help="FILE.pdf or FILE.png")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        if args.blank:
            pages = blank_pages(args.players, args.lang, args.target)
        else:
            pages = sheet_pages(_load(args.sheet, args.game), args.lang)
        written = save_pages(pages, args.out)
    except (ExportError, ValueError, OSError, RuntimeError) as e:
        print(f"error: {' '.join(str(e).splitlines())}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    w, h = pages[0].size
    for path in written:
        print(f"{path}  ({w}×{h} px, {DPI} dpi)")
    print(f"in {seconds:.2f} s")
    return 0


def _load(sheet_file: str | None, game_file: str | None) -> ScoreSheet:
    from game import gamefile
    from game.tabletop.sheet import sheet_from_game

    if game_file:
        return sheet_from_game(gamefile.load(game_file, record_events=False))
    assert sheet_file is not None
    return ScoreSheet.from_dict(gamefile.parse_json(gamefile.read_text(sheet_file)))


if __name__ == "__main__":
    raise SystemExit(main())
