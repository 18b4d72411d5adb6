#!/usr/bin/env bash
# Real-world validation: scores fjdoctor's findings against the hand-written labels in
# corpus/realworld/labels/ (precision, recall, false alarms, crashes and time per project).
# Usage: bench/realworld.sh --repos DIR [--labels DIR] [--fjdoctor CMD] [--only a+b,c+d] [--details] [--slack N]
#   --labels DIR    the label files (default corpus/realworld/labels, the tuning split; corpus/realworld/test is
#                   the blind test split, scored with its own audit.tsv)
#   --repos DIR     one checkout per label file, named <owner>+<name> (the file's '# url' at its
#                   '# commit'); missing ones are cloned there when the network allows it.
#                   jdk+java.base is unzipped from the installed JDK's lib/src.zip.
#   --fjdoctor CMD  what runs fjdoctor (default: ./fjdoctor; e.g. "java -jar old.jar" to compare builds)
# Needs: bash, python3, git, unzip.
set -euo pipefail
cd "$(dirname "$0")/.."
repos=""
labels_dir=corpus/realworld/labels
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --repos) repos="$2"; args+=("$1" "$2"); shift ;;
    --labels) labels_dir="$2"; args+=("$1" "$2"); shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) args+=("$1") ;;
  esac
  shift
done
[ -n "$repos" ] || { echo "realworld: --repos DIR is required (see --help)" >&2; exit 2; }
mkdir -p "$repos"
if [ "$labels_dir" != corpus/realworld/labels ] && [ -f "$labels_dir/audit.tsv" ]; then
  args+=(--audit "$labels_dir/audit.tsv")
fi
for labels in "$labels_dir"/*.labels; do
  stem=$(basename "$labels" .labels)
  [ -d "$repos/$stem" ] && continue
  url=$(sed -n 's/^# url: *//p' "$labels" | head -1)
  commit=$(sed -n 's/^# commit: *//p' "$labels" | head -1)
  if [ "$stem" = "jdk+java.base" ]; then
    for home in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
      if [ -n "$home" ] && [ -f "$home/lib/src.zip" ]; then
        mkdir -p "$repos/$stem" && unzip -q "$home/lib/src.zip" 'java.base/*' -d "$repos/$stem" && break
      fi
    done
    continue
  fi
  echo "realworld: cloning $url at $commit into $repos/$stem" >&2
  if ! { git clone -q "$url" "$repos/$stem" && git -C "$repos/$stem" checkout -q "$commit"; }; then
    echo "realworld: could not check out $url; its labels count as missing" >&2
    rm -rf "${repos:?}/$stem"
  fi
done
./fjdoctor --version >/dev/null   # builds the jar when needed
exec python3 bench/realworld.py "${args[@]}"
