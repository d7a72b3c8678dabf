"""Synthesise the game's sounds: a card flip, a bust, a Freeze, a Flip 7, the win.

    python -m tools.make_sounds [--out DIR]

Pure standard library (``math``, ``wave``): 16-bit mono WAV files at 22,050 Hz,
the same bytes on every run (the noise comes from a seeded ``random.Random``).
The game calls :func:`ensure_sounds` at start-up, which writes the set into
``assets/sounds/`` (or the user cache directory when that is read-only, and always
for an installed copy: see :mod:`tools.generated`) only when a file is missing or
the generator changed since (``manifest.json``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import wave
from array import array
from pathlib import Path

from tools.generated import default_dir, user_cache
from tools.generated import writable as _writable

DEFAULT_DIR = default_dir("sounds")  # assets/sounds of the checkout, else the user cache
RATE = 22050
SOUNDS = ("flip", "bust", "freeze", "flip7", "win")
MANIFEST_NAME = "manifest.json"


def _env(t: float, attack: float, decay: float) -> float:
    """A quick attack then an exponential fade."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _tone(freq: float, t: float) -> float:
    """A soft, slightly hollow tone: a sine with two quiet odd harmonics."""
    w = 2 * math.pi * freq * t
    return math.sin(w) + 0.22 * math.sin(3 * w) + 0.08 * math.sin(5 * w)


def flip() -> list[float]:
    """A card snapped face up: a burst of filtered noise and a low knock."""
    rng = random.Random(7)
    out, low = [], 0.0
    for i in range(int(RATE * 0.09)):
        t = i / RATE
        low += 0.35 * (rng.uniform(-1, 1) - low)  # one-pole low-pass: papery, not hissy
        knock = math.sin(2 * math.pi * 180 * t) * _env(t, 0.002, 0.012)
        out.append(0.9 * low * _env(t, 0.001, 0.018) + 0.5 * knock)
    return out


def bust() -> list[float]:
    """Two notes sliding down, the second lower and longer: "wah-wahh"."""
    out: list[float] = []
    for start, f0, f1, length in ((0.0, 392.0, 370.0, 0.2), (0.22, 330.0, 262.0, 0.42)):
        pad = int(RATE * start) - len(out)
        out.extend([0.0] * max(0, pad))
        phase = 0.0
        for i in range(int(RATE * length)):
            t = i / RATE
            freq = f0 + (f1 - f0) * (t / length)
            freq *= 1 + 0.012 * math.sin(2 * math.pi * 6 * t)  # a little vibrato
            phase += 2 * math.pi * freq / RATE
            wave_ = math.sin(phase) + 0.3 * math.sin(2 * phase) + 0.15 * math.sin(3 * phase)
            out.append(0.55 * wave_ * _env(t, 0.01, length * 0.35))
    return out


def freeze() -> list[float]:
    """An icy shimmer: high bell partials with a fast tremolo."""
    out = []
    partials = ((1568.0, 1.0), (2349.0, 0.55), (3136.0, 0.35), (4699.0, 0.18))
    for i in range(int(RATE * 0.55)):
        t = i / RATE
        tremolo = 0.75 + 0.25 * math.sin(2 * math.pi * 14 * t)
        value = sum(a * math.sin(2 * math.pi * f * t) for f, a in partials)
        out.append(0.32 * value * tremolo * _env(t, 0.004, 0.16))
    return out


def _notes(notes, step: float, length: float, gain: float) -> list[float]:
    total = int(RATE * (step * (len(notes) - 1) + length))
    out = [0.0] * total
    for k, freq in enumerate(notes):
        start = int(RATE * step * k)
        for i in range(int(RATE * length)):
            t = i / RATE
            out[start + i] += gain * _tone(freq, t) * _env(t, 0.005, length * 0.35)
    return out


def flip7() -> list[float]:
    """Seven quick rising notes of a major scale."""
    scale = (523.25, 587.33, 659.25, 698.46, 783.99, 880.0, 987.77)
    return _notes(scale, 0.055, 0.32, 0.45)


def win() -> list[float]:
    """A short fanfare: an arpeggio up to a held major chord."""
    out = _notes((392.0, 523.25, 659.25, 783.99), 0.11, 0.3, 0.45)
    chord_start = len(out) - int(RATE * 0.12)
    chord = [0.0] * int(RATE * 0.9)
    for freq in (523.25, 659.25, 783.99, 1046.5):
        for i in range(len(chord)):
            t = i / RATE
            chord[i] += 0.22 * _tone(freq, t) * _env(t, 0.02, 0.45)
    out.extend([0.0] * (chord_start + len(chord) - len(out)))
    for i, v in enumerate(chord):
        out[chord_start + i] += v
    return out


GENERATORS = {"flip": flip, "bust": bust, "freeze": freeze, "flip7": flip7, "win": win}


def to_wav_bytes(samples: list[float]) -> bytes:
    """16-bit PCM frames, peak-normalised to 80 % with 5 ms fades at both ends."""
    peak = max(1e-9, max(abs(s) for s in samples))
    fade = int(RATE * 0.005)
    n = len(samples)
    frames = array("h")
    for i, s in enumerate(samples):
        edge = min(1.0, i / fade, (n - 1 - i) / fade) if fade else 1.0
        frames.append(round(32767 * 0.8 * s / peak * max(0.0, edge)))
    if sys.byteorder == "big":
        frames.byteswap()
    return frames.tobytes()


def write_wav(path: Path, samples: list[float]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with wave.open(str(tmp), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(to_wav_bytes(samples))
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def version_hash() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def generate_sounds(out_dir: str | os.PathLike[str]) -> dict:
    """Write every sound and the manifest (last) into ``out_dir``; return the manifest."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        write_wav(out / f"{name}.wav", GENERATORS[name]())
    manifest = {
        "generator": "tools.make_sounds",
        "version": version_hash(),
        "rate": RATE,
        "sounds": {name: f"{name}.wav" for name in SOUNDS},
    }
    tmp = out / f".{MANIFEST_NAME}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, out / MANIFEST_NAME)
    return dict(manifest, dir=str(out))


def _fresh(out: Path) -> dict | None:
    try:
        manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
        if manifest.get("version") != version_hash():
            return None
        if any((out / f"{name}.wav").stat().st_size <= 44 for name in SOUNDS):
            return None
    except (OSError, ValueError, AttributeError):
        return None
    return dict(manifest, dir=str(out))


def cache_dir() -> Path:
    """Fallback output directory when the project's assets folder is read-only."""
    return user_cache("sounds")


def ensure_sounds(out_dir: str | os.PathLike[str] | None = None) -> dict:
    """The manifest of an up-to-date sound set (with its ``"dir"``), generating it if needed."""
    if out_dir is not None:
        target = Path(out_dir).resolve()
        return _fresh(target) or generate_sounds(target)
    found = _fresh(DEFAULT_DIR)
    if found:
        return found
    if _writable(DEFAULT_DIR):
        return generate_sounds(DEFAULT_DIR)
    return _fresh(cache_dir()) or generate_sounds(cache_dir())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make_sounds", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", help=f"output directory (default: {DEFAULT_DIR})")
    args = parser.parse_args(argv)
    manifest = generate_sounds(Path(args.out) if args.out else DEFAULT_DIR)
    print(f"wrote {len(SOUNDS)} sounds -> {manifest['dir']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
