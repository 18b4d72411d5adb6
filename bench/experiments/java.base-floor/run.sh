#!/usr/bin/env bash
# The java.base floor experiment (docs/benchmark.md): five scans of java.base with a partial model,
# each printing its rounds (files, building time, reach), wall time, peak RSS and findings.
# Usage: bench/experiments/java.base-floor/run.sh JAVA_BASE_SOURCES [JAVA]
#   JAVA_BASE_SOURCES  the unzipped java.base sources (bench/scan-bench.sh leaves them in bench/work/java.base)
#   JAVA               the JVM to scan with (default: the Temurin 25 whose src.zip they came from)
# It checks out commit 8ef0317 (the code measured) in a temporary worktree, applies partial-jdk.patch
# (system properties, off by default: fjdoctor.jdkPartial forces a partial model of JDK sources,
# fjdoctor.onlyFiles fixes its file list, fjdoctor.noHop drops the lexical hop, fjdoctor.debug prints
# each round) and builds it. Nothing in main depends on it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "${1:?usage: run.sh JAVA_BASE_SOURCES [JAVA]}" && pwd)"
java="${2:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
tree="$(mktemp -d)/fjdoctor-floor"
git -C "$here" worktree add -q --detach "$tree" 8ef0317
trap 'git -C "$here" worktree remove --force "$tree"' EXIT
(cd "$tree" && git apply "$here/partial-jdk.patch" && ./mvnw -B -q package -DskipTests -pl cli -am)

scan() { # label, JVM options and properties...
  local label=$1; shift
  echo "== $label"
  /usr/bin/time -f "wall %e s, peak %M KB" "$java" "$@" -Dfjdoctor.debug=true -Dfjdoctor.jdkPartial=true \
      -jar "$tree/cli/target/fjdoctor.jar" scan "$src" --format json --output "$tree/scan.json" \
      --fail-on none --java-level 25 --quiet 2>&1 | grep -v '^  [RM] ' | grep -v '^strip'
  python3 -c "import json,sys; print('findings', len(json.load(open(sys.argv[1]))['findings']))" "$tree/scan.json"
}
scan "seed, one lexical hop, rounds"
scan "seed without the hop, rounds" -Dfjdoctor.noHop=true
scan "the final 465 files in one round" -Dfjdoctor.onlyFiles="$here/java.base-closure-465.txt"
scan "the same with serial GC and C1" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -Dfjdoctor.onlyFiles="$here/java.base-closure-465.txt"
scan "only the 57 files holding reached code" -Dfjdoctor.onlyFiles="$here/java.base-reached-57.txt"
