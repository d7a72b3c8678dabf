"""Generate every card image with pillow, and keep a generated set up to date.

    python -m tools.make_cards [--out DIR] [--scale S] [--sheet FILE] [--bench]

writes one PNG per face (13 numbers, 6 modifiers, the 3 actions in each
language, the back and an empty-slot outline) and ``manifest.json``. The game
calls :func:`ensure_cards` at start-up: it regenerates the set only when a file
is missing or the manifest's ``version`` (a hash of this generator's source,
the font, the scale and the parameters) does not match.

Pure pillow: nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import PIL
from PIL import Image, ImageDraw

from game.cards import ACTIONS, ALL_CARDS, MODIFIERS, NUMBERS, check_card
from tools import cardart_draw, cardart_faces
from tools.cardart_draw import FONT_PATH, font, hex_rgb
from tools.generated import default_dir, user_cache
from tools.generated import writable as _writable

PROJECT_DIR = Path(__file__).resolve().parent.parent
DEFAULT_DIR = default_dir("cards")  # assets/cards of the checkout, else the user cache
MANIFEST_NAME = "manifest.json"
BASE_SIZE = (180, 252)
DEFAULT_SCALE = 2.0
LANGS: tuple[str, ...] = ("en", "fr", "de")
#: Printed names of the action cards per edition (docs/rules.md: the German edition
#: uses the English names).
ACTION_TITLES: dict[str, dict[str, str]] = {
    "en": {"freeze": "Freeze", "flip_three": "Flip Three", "second_chance": "Second Chance"},
    "fr": {"freeze": "Stop", "flip_three": "Trois à la suite", "second_chance": "Seconde Chance"},
    "de": {"freeze": "Freeze", "flip_three": "Flip Three", "second_chance": "Second Chance"},
}
BACK, SLOT = "back", "slot"
_SOURCES = (
    Path(__file__).resolve(),
    Path(cardart_draw.__file__).resolve(),
    Path(cardart_faces.__file__).resolve(),
)


@dataclass(frozen=True)
class Face:
    """One image to generate: ``name`` is the file stem (``num_7``, ``freeze_fr``)."""

    name: str
    card: str | None  # None for the back and the slot
    lang: str | None  # only actions depend on the language

    @property
    def file(self) -> str:
        return self.name + ".png"


def _stem(card: str, lang: str) -> str:
    if card in NUMBERS:
        return f"num_{card}"
    if card in MODIFIERS:
        return "mod_x2" if card == "x2" else f"mod_plus{card[1:]}"
    return f"{card}_{lang}"


def file_name(card: str, lang: str = "en") -> str:
    """File name of ``card``'s face in edition ``lang`` (``"en"``, ``"fr"``, ``"de"``).

    >>> file_name("7"), file_name("+4"), file_name("x2"), file_name("flip_three", "fr")
    ('num_7.png', 'mod_plus4.png', 'mod_x2.png', 'flip_three_fr.png')
    >>> file_name("back"), file_name("slot")
    ('back.png', 'slot.png')
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGS)})")
    if card in (BACK, SLOT):
        return card + ".png"
    return _stem(check_card(card), lang) + ".png"


def all_faces() -> tuple[Face, ...]:
    """Every face, each exactly once, in contact-sheet order."""
    faces = [Face(_stem(c, "en"), c, None) for c in NUMBERS + MODIFIERS]
    faces += [Face(_stem(a, lang), a, lang) for lang in LANGS for a in ACTIONS]
    return tuple(faces + [Face(BACK, None, None), Face(SLOT, None, None)])


def card_size(scale: float = DEFAULT_SCALE) -> tuple[int, int]:
    return round(BASE_SIZE[0] * scale), round(BASE_SIZE[1] * scale)


def render_face(face: Face, scale: float = DEFAULT_SCALE) -> Image.Image:
    """Draw one face in memory (RGBA, transparent outside the rounded corners)."""
    w, h = card_size(scale)
    if face.card is None:
        render = cardart_faces.render_back if face.name == BACK else cardart_faces.render_slot
        return render(w, h)
    if face.card in NUMBERS:
        return cardart_faces.render_number(int(face.card), w, h)
    if face.card in MODIFIERS:
        return cardart_faces.render_modifier(face.card, w, h)
    assert face.lang is not None
    return cardart_faces.render_action(face.card, ACTION_TITLES[face.lang][face.card], w, h)


def version_hash(scale: float = DEFAULT_SCALE) -> str:
    """Hash of everything the pixels depend on: a change here makes old output stale."""
    digest = hashlib.sha256()
    for path in _SOURCES + (FONT_PATH,):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    params = {
        "scale": scale,
        "size": card_size(scale),
        "titles": ACTION_TITLES,
        "faces": [f.name for f in all_faces()],
        "pillow": PIL.__version__,
    }
    digest.update(json.dumps(params, sort_keys=True, ensure_ascii=False).encode())
    return digest.hexdigest()


def build_manifest(scale: float, version: str) -> dict:
    w, h = card_size(scale)
    faces = {
        f.name: {"file": f.file, "card": f.card, "lang": f.lang, "size": [w, h]}
        for f in all_faces()
    }
    cards = {lang: {c: file_name(c, lang) for c in ALL_CARDS} for lang in LANGS}
    return {
        "generator": "tools.make_cards",
        "version": version,
        "scale": scale,
        "size": [w, h],
        "langs": list(LANGS),
        "faces": faces,
        "cards": cards,
        "back": file_name(BACK),
        "slot": file_name(SLOT),
    }


def _atomic_write(path: Path, write) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def generate_cards(out_dir: str | os.PathLike[str], scale: float = DEFAULT_SCALE) -> dict:
    """Render and write every face and the manifest into ``out_dir``; return the manifest.

    The manifest is written last, so an interrupted run leaves a stale set that
    :func:`ensure_cards` will redo.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for face in all_faces():
        img = render_face(face, scale)
        _atomic_write(out / face.file, lambda p, im=img: im.save(p, format="PNG", compress_level=1))
    manifest = build_manifest(scale, version_hash(scale))
    text = json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"
    _atomic_write(out / MANIFEST_NAME, lambda p: p.write_text(text, encoding="utf-8"))
    return dict(manifest, dir=str(out))


def read_manifest(out_dir: str | os.PathLike[str]) -> dict | None:
    try:
        with open(Path(out_dir) / MANIFEST_NAME, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _fresh(out_dir: Path, scale: float, version: str | None = None) -> dict | None:
    """The manifest of ``out_dir`` if it matches this generator and all its files exist."""
    manifest = read_manifest(out_dir)
    if manifest is None or manifest.get("version") != (version or version_hash(scale)):
        return None
    faces = manifest.get("faces")
    if not isinstance(faces, dict) or set(faces) != {f.name for f in all_faces()}:
        return None
    for entry in faces.values():
        try:
            if (out_dir / entry["file"]).stat().st_size == 0:
                return None
        except (OSError, KeyError, TypeError):
            return None
    return dict(manifest, dir=str(out_dir))


def cache_dir() -> Path:
    """Fallback output directory when the project's assets folder is read-only."""
    return user_cache("cards")


def ensure_cards(
    out_dir: str | os.PathLike[str] | None = None, scale: float = DEFAULT_SCALE
) -> dict:
    """Return the manifest of an up-to-date card set, generating it only if needed.

    With ``out_dir`` None the set lives in ``assets/cards/`` of the project, or in
    the user cache directory when that is not writable (always, for an installed copy:
    see :mod:`tools.generated`). The returned manifest has
    an extra ``"dir"`` key: the absolute directory that holds the files.
    """
    version = version_hash(scale)
    if out_dir is not None:
        target = Path(out_dir).resolve()
        return _fresh(target, scale, version) or generate_cards(target, scale)
    found = _fresh(DEFAULT_DIR, scale, version)
    if found:
        return found
    if _writable(DEFAULT_DIR):
        return generate_cards(DEFAULT_DIR, scale)
    fallback = cache_dir()
    return _fresh(fallback, scale, version) or generate_cards(fallback, scale)


def card_path(manifest: dict, card: str, lang: str = "en") -> Path:
    """Absolute path of a card's image (``card`` may also be ``"back"`` or ``"slot"``)."""
    return Path(manifest["dir"]) / file_name(card, lang)


# --- contact sheet -----------------------------------------------------------

_SHEET_ROWS: tuple[tuple[str, ...], ...] = (
    tuple(f"num_{n}" for n in range(7)),
    tuple(f"num_{n}" for n in range(7, 13)),
    tuple(_stem(m, "en") for m in MODIFIERS),
    tuple(_stem(a, "en") for a in ACTIONS) + (BACK, SLOT),
    tuple(_stem(a, "fr") for a in ACTIONS),
    tuple(_stem(a, "de") for a in ACTIONS),
)


def contact_sheet(path: str | os.PathLike[str], scale: float = 1.0) -> Path:
    """Write a labelled grid of every face (on a felt-green table) to ``path``."""
    faces = {f.name: f for f in all_faces()}
    w, h = card_size(scale)
    pad, label_h = round(16 * scale), round(22 * scale)
    cols = max(len(row) for row in _SHEET_ROWS)
    sheet = Image.new(
        "RGB",
        (pad + cols * (w + pad), pad + len(_SHEET_ROWS) * (h + label_h + pad)),
        hex_rgb("#1d5a3c")[:3],
    )
    draw = ImageDraw.Draw(sheet)
    small = font(round(13 * scale))
    for r, row in enumerate(_SHEET_ROWS):
        for c, name in enumerate(row):
            x, y = pad + c * (w + pad), pad + r * (h + label_h + pad)
            img = render_face(faces[name], scale)
            sheet.paste(img, (x, y), img)
            draw.text(
                (x + w / 2, y + h + label_h / 2 + 2),
                faces[name].file,
                fill=(235, 240, 230),
                font=small,
                anchor="mm",
            )
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out, format="PNG", optimize=True)
    return out


# --- command line ------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make_cards", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--out",
        help=f"output directory (default: {DEFAULT_DIR}, or the user "
        "cache directory if that is read-only)",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=DEFAULT_SCALE,
        help="size multiplier of the 180x252 base card (default: %(default)s)",
    )
    parser.add_argument("--sheet", metavar="FILE", help="also write a contact sheet PNG")
    parser.add_argument(
        "--sheet-scale",
        type=float,
        default=1.0,
        help="card scale in the contact sheet (default: %(default)s)",
    )
    parser.add_argument(
        "--bench",
        action="store_true",
        help="time 5 generations into a temporary directory and exit",
    )
    args = parser.parse_args(argv)
    if not 0.25 <= args.scale <= 16 or not 0.25 <= args.sheet_scale <= 4:
        parser.error("--scale must be in [0.25, 16] and --sheet-scale in [0.25, 4]")
    count = len(all_faces())
    w, h = card_size(args.scale)
    if args.bench:
        times = []
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(5):
                cardart_draw.clear_caches()  # every run is a cold start, as at game launch
                t0 = time.perf_counter()
                generate_cards(tmp, args.scale)
                times.append(time.perf_counter() - t0)
        print(
            f"generated {count} faces ({w}x{h}): best {min(times):.3f} s, "
            f"mean {sum(times) / len(times):.3f} s over {len(times)} runs"
        )
        return 0
    if args.out is not None:
        out = Path(args.out)
    else:
        out = DEFAULT_DIR if _writable(DEFAULT_DIR) else cache_dir()
    t0 = time.perf_counter()
    generate_cards(out, args.scale)
    print(f"generated {count} faces ({w}x{h}) in {time.perf_counter() - t0:.2f} s -> {out}")
    if args.sheet:
        t0 = time.perf_counter()
        sheet = contact_sheet(args.sheet, args.sheet_scale)
        print(
            f"contact sheet {sheet} ({sheet.stat().st_size / 1e6:.2f} MB) "
            f"in {time.perf_counter() - t0:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
