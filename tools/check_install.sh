#!/usr/bin/env bash
# Installs like an application: the full check, by hand (too slow for the test suite).
#
#   tools/check_install.sh            # PYTHON=python3.12 tools/check_install.sh
#
# A clean clone of the committed HEAD, `pip install .` into a new virtual
# environment (what `pipx install .` does), the clone deleted, then from an empty
# folder: `flip7 --frames 30 ... --screenshot`, `python -m game.replay FILE` and
# `python -m game.simulate`. It fails if the current folder or site-packages gains
# a file, or if the card art and sounds are not in the user cache folder. Settings,
# saves and the cache go to a temporary folder (FLIP7_HOME, XDG_CACHE_HOME), removed
# at the end with everything else.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/flip7-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { printf '== %s\n' "$*"; }

if [ -n "$(git -C "$repo" status --porcelain)" ]; then
  echo "note: uncommitted changes are not part of the check (it clones HEAD)"
fi
step "clean clone of $(git -C "$repo" rev-parse --short HEAD) into $work/clone"
git clone -q "$repo" "$work/clone"
cp "$work/clone/examples/seed004_last_round.json" "$work/game.json"
step "pip install . into a new virtual environment"
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$work/clone"
rm -rf "$work/clone"
step "the clone is deleted; running from an empty folder"

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export FLIP7_HOME="$work/home" XDG_CACHE_HOME="$work/cache"
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
listing() { (cd "$site" && find . -not -path '*/__pycache__*' | LC_ALL=C sort); }
listing >"$work/site-before"
mkdir "$work/cwd" && cd "$work/cwd"

"$work/venv/bin/flip7" --frames 30 --players "Ana,bot:expert" --seed 4 --screenshot "$work/s.png"
"$work/venv/bin/python" - "$work/s.png" <<'PY'
import sys
with open(sys.argv[1], "rb") as fh:
    assert fh.read(8) == b"\x89PNG\r\n\x1a\n", "the screenshot is not a PNG"
PY
echo "flip7: ran 30 frames, screenshot $(wc -c <"$work/s.png") bytes"
"$work/venv/bin/python" -m game.replay "$work/game.json" >"$work/replay.out"
echo "python -m game.replay: $(wc -l <"$work/replay.out") lines of state"
"$work/venv/bin/python" -m game.simulate --bots expert,baseline --games 20 --seed 1

status=0
if [ -n "$(ls -A .)" ]; then
  echo "FAIL: files written to the current folder:" && ls -A . && status=1
fi
listing >"$work/site-after"
if ! diff -u "$work/site-before" "$work/site-after"; then
  echo "FAIL: files written into site-packages ($site)" && status=1
fi
for kind in cards sounds; do
  dir=$("$work/venv/bin/python" -c "from tools.generated import default_dir; print(default_dir('$kind'))")
  case "$dir" in "$site"*) echo "FAIL: $kind would go into site-packages: $dir"; status=1 ;; esac
  if [ -f "$dir/manifest.json" ]; then
    echo "generated $kind: $dir ($(ls "$dir" | wc -l) files)"
  else
    echo "FAIL: no generated $kind in $dir" && status=1
  fi
done
[ "$status" = 0 ] && echo "OK: flip7 installs and runs like an application"
exit "$status"
