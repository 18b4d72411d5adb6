#!/usr/bin/env bash
# Warm-engine benchmark (issue 27 item 4): opens the warm engine on each DIR, then times the update after
# editing N files of the model (task code and the code it reaches) and M files outside it, one at a time,
# as unsaved buffers (nothing is written), and prints each update and the medians. After every update the
# findings must equal the opening ones (the edit only appends a comment), or it stops with exit code 1.
# Usage: bench/warm-bench.sh [--edits N] [--outside M] DIR...
# Runs bench/WarmBench.java as a single-file program against cli/target/fjdoctor.jar (built when missing),
# with the JIT's defaults: a language server runs long enough for the optimizing compiler to pay.
set -euo pipefail
cd "$(dirname "$0")/.."
edits=20
outside=10
dirs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --edits) edits="$2"; shift ;;
    --outside) outside="$2"; shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) dirs+=("$1") ;;
  esac
  shift
done
[ ${#dirs[@]} -gt 0 ] || { echo "warm-bench: at least one DIR is required (see --help)" >&2; exit 2; }
./fjdoctor --version >/dev/null   # builds the jar when needed
jar="${WARM_BENCH_JAR:-cli/target/fjdoctor.jar}"
for dir in "${dirs[@]}"; do
  echo "== $dir"
  java -XX:+UseSerialGC -Xss16m ${WARM_BENCH_JAVA_OPTS:-} -cp "$jar" bench/WarmBench.java "$dir" "$edits" "$outside"
done
