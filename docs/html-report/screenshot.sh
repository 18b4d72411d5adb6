#!/usr/bin/env bash
# Takes docs/html-report.png (the HTML report of the bundled corpus, `fjdoctor scan --format html`) and
# docs/html-report-finding.png (one finding of it), rendered by headless Chromium. Not part of the build or CI.
#
# Needs a Chromium: chromium-headless-shell or chromium on the PATH, or $CHROMIUM
# (Debian: apt-get install chromium-headless-shell fonts-dejavu-core).
set -euo pipefail

repo="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
  for candidate in chromium-headless-shell chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
  done
fi
if [ -z "$browser" ]; then
  echo "screenshot.sh: no Chromium found; install chromium-headless-shell (Debian) or set CHROMIUM" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$repo"
# Exit code 4: the corpus is full of findings on purpose.
./fjdoctor scan --quiet --format html --output "$work/report.html" corpus || [ $? -eq 4 ]

shoot() { # URL OUTPUT HEIGHT
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1280,"$3" --screenshot="$2" "$1" >/dev/null 2>&1
  [ -s "$2" ] || { echo "screenshot.sh: $browser wrote no $2" >&2; exit 1; }
  echo "wrote $2"
}
shoot "file://$work/report.html" "$repo/docs/html-report.png" 1000

# The whole page for one program: a sleep reached through a call path across three files, with its
# related sites and its two fixes. (Headless Chromium paints a page scrolled to an anchor only in part.)
./fjdoctor scan --quiet --format html --output "$work/finding.html" corpus/src/main/java/corpus/sleepyworker/positive/retrybackoff \
  || [ $? -eq 4 ]
shoot "file://$work/finding.html" "$repo/docs/html-report-finding.png" 1950
