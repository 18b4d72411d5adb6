#!/usr/bin/env bash
# Measures fjdoctor's fixes on a real project of the validation set, with a workload of ours:
# copies the checkout, applies `fjdoctor fix` (SAFE) and `fix --include-review` to copies of the whole
# project, takes the workload's sources (workload.conf) from each copy next to the workload's Driver.java
# (written here, calling only the project's API) and runs `fjdoctor measure --before/--after` on them.
# A workload with MAVEN=yes is built by the project's own Maven build instead (for a build that generates
# sources): each copy's classes, with the driver compiled next to them, and Maven's classpath.
# Usage: bench/realworld-workloads/run.sh WORKLOAD [--repos DIR] [--out DIR] [-- measure options]
#   WORKLOAD     a directory here holding workload.conf and Driver.java (terrastore-merge, pacan4ik-finder,
#                jaac-ring, chess-alphabeta)
#   --repos DIR  holds the checkouts (bench/realworld.sh --repos DIR makes them); default /work/realworld
#   --out DIR    where the measurements go (default bench/work/<workload>); fix.diff there holds the
#                project's own lines: keep it out of this repository
#   --repeat JVMS instead of measuring, count hangs: run the original and each fixed copy in turn, JVMS
#                JVMs each, every JVM calling the driver --calls times (default 300) under a --limit of
#                seconds (default 60), and print per version the JVMs that did not finish, the calls
#                completed and the hang rate, with a one-sided test that the fixed copy hangs more often
#                (for a workload that can hang by itself, as JAAC's lost message does)
set -euo pipefail
shopt -s inherit_errexit   # a failed javac inside $(compiled ..) stops the script
here="$(cd "$(dirname "$0")" && pwd)"
main="$(cd "$here/../.." && pwd)"
[ $# -gt 0 ] && [ "$1" != -h ] && [ "$1" != --help ] || { sed -n '2,18p' "$0"; exit 0; }
workload="$here/$1"; shift
[ -f "$workload/workload.conf" ] || { echo "run.sh: no $workload/workload.conf" >&2; exit 2; }
# shellcheck source=/dev/null
. "$workload/workload.conf"   # PROJECT LEVEL ROOT SOURCES JARS PROGRAM_ARGS, optionally JAVA_HOME_FOR_LEVEL, MAVEN
repos=/work/realworld
jvms=""; calls=300; limit=60
out="$main/bench/work/$(basename "$workload")"
while [ $# -gt 0 ]; do
  case "$1" in
    --repos) repos="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --repeat) jvms="$2"; shift 2 ;;
    --calls) calls="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" && out="$(cd "$out" && pwd)"   # absolute: measure runs from the scratch directory
checkout="$repos/$PROJECT"
[ -d "$checkout" ] || { echo "run.sh: no checkout at $checkout (bench/realworld.sh --repos $repos makes one)" >&2; exit 2; }
# Projects above Java 17 need a newer JDK to compile and run (fjdoctor measure compiles with its own JVM).
if [ -n "${JAVA_HOME_FOR_LEVEL:-}" ]; then
  export FJDOCTOR_JAVA="$JAVA_HOME_FOR_LEVEL/bin/java"
  export JAVA_HOME="$JAVA_HOME_FOR_LEVEL"   # for the project's own Maven build (MAVEN=yes)
fi
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
classpath=""
for jar in ${JARS:-}; do
  "$main/mvnw" -B -q dependency:get -Dartifact="$jar" >/dev/null
  IFS=: read -r group artifact version <<< "$jar"
  classpath="$classpath${classpath:+:}$m2/${group//.//}/$artifact/$version/$artifact-$version.jar"
done
work="$(mktemp -d "${TMPDIR:-/tmp}/fjdoctor-workload.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if [ "${MAVEN:-}" = yes ]; then
  (cd "$checkout" && "$main/mvnw" -B -q dependency:build-classpath -Dmdep.includeScope=runtime \
     -Dmdep.outputFile="$work/maven-classpath" >/dev/null)
  classpath="$(cat "$work/maven-classpath")"
fi
take() {   # take PROJECT_COPY NAME: the workload's sources of that copy, with the driver, into $work/NAME
  mkdir -p "$work/$2"
  if [ "${MAVEN:-}" = yes ]; then   # the copy's own build; its classes with the compiled driver
    (cd "$1" && "$main/mvnw" -B -q compile >/dev/null)
    cp -r "$1/target/classes/." "$work/$2/"
    "${JAVA_HOME:+$JAVA_HOME/bin/}javac" --release "$LEVEL" -nowarn -proc:none -d "$work/$2" \
      -cp "$work/$2:$classpath" "$workload/Driver.java"
    return
  fi
  for f in $SOURCES; do
    mkdir -p "$work/$2/$(dirname "$f")"
    cp -r "$1/$ROOT/$f" "$work/$2/$(dirname "$f")/"
  done
  cp "$workload/Driver.java" "$work/$2/"
}
# --repeat: each version's classes (the workload's sources compiled as measure compiles them, with the
# driver and Repeat)
compiled() {   # compiled NAME: the classes directory of $work/NAME
  local classes="$work/$1-classes"
  mkdir -p "$classes"
  if [ "${MAVEN:-}" = yes ]; then
    cp -r "$work/$1/." "$classes/"
  else
    find "$work/$1" -name '*.java' > "$work/$1.sources"
    "${JAVA_HOME:+$JAVA_HOME/bin/}javac" -encoding UTF-8 -nowarn -proc:none -d "$classes" \
      ${classpath:+-cp "$classpath"} "@$work/$1.sources" > /dev/null
  fi
  "${JAVA_HOME:+$JAVA_HOME/bin/}javac" -encoding UTF-8 -nowarn -proc:none -d "$classes" -cp "$classes" \
    "$here/Repeat.java"
  echo "$classes"
}
repeat() {   # repeat MODE: original and MODE in turn, $jvms JVMs each; prints the hang counts
  local mode="$1" java="${FJDOCTOR_JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/}java}" tally="$out/$1/repeat.tsv"
  local original fixed r v classes rc
  original="$(compiled original)"
  fixed="$(compiled "$mode")"
  : > "$tally"
  for r in $(seq 1 "$jvms"); do
    for v in original "$mode"; do
      classes="$original"; [ "$v" = original ] || classes="$fixed"
      rc=0
      # shellcheck disable=SC2086
      (cd "$work" && timeout "$limit" "$java" -cp "$classes${classpath:+:$classpath}" Repeat "$calls" \
        $PROGRAM_ARGS > /dev/null 2> "$work/repeat.err") || rc=$?
      # only the time limit counts as a hang; a JVM that fails otherwise stops the count
      if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; then
        echo "run.sh: the $v version exited with $rc:" >&2; tail -5 "$work/repeat.err" >&2; return 1
      fi
      printf '%s\t%s\t%s\t%s\n' "$r" "$v" "$([ "$rc" -eq 124 ] && echo hung || echo finished)" \
        "$(grep -c '^call ' "$work/repeat.err" || true)" >> "$tally"
    done
  done
  awk -F'\t' -v mode="$mode" '
    # exposure: the calls each JVM attempted (those it finished, and the one it hung in)
    { jvms[$2]++; hung[$2] += ($3 == "hung"); tried[$2] += $4 + ($3 == "hung") }
    END {
      for (v in jvms) printf "%-9s %d JVMs, %d hung, %d calls attempted, %.2f hangs per 1000 calls\n",
        v, jvms[v], hung[v], tried[v], 1000 * hung[v] / tried[v]
      n = hung["original"] + hung[mode]
      if (n == 0) { print "no version hung"; exit }
      # given n hangs in all, the fixed copy has a share of them binomial in its share of the calls
      p = tried[mode] / (tried[mode] + tried["original"]); tail = 0
      for (k = hung[mode]; k <= n; k++) {
        c = 1; for (i = 1; i <= k; i++) c = c * (n - k + i) / i
        tail += c * p ^ k * (1 - p) ^ (n - k)
      }
      printf "P(the fixed copy hangs at least this often | same rate) = %.4f\n", tail
    }' "$tally"
}
for mode in original safe review; do
  cp -r "$checkout" "$work/project-$mode"
  rm -rf "$work/project-$mode/target"
  [ "$mode" = original ] && { take "$work/project-original" original; continue; }
  flag=""; [ "$mode" = review ] && flag="--include-review"
  "$main/fjdoctor" fix "$work/project-$mode/$ROOT" --java-level "$LEVEL" $flag -q || true
  take "$work/project-$mode" "$mode"
  mkdir -p "$out/$mode"
  if [ "${MAVEN:-}" = yes ]; then
    diff -ru "$work/project-original/$ROOT" "$work/project-$mode/$ROOT" > "$out/$mode/fix.diff" || true
  else
    diff -ru "$work/original" "$work/$mode" > "$out/$mode/fix.diff" || true
  fi
  echo "== $mode: $(grep -c '^[-+][^-+]' "$out/$mode/fix.diff" || true) changed lines in the workload's sources"
  if [ -n "$jvms" ]; then
    if [ -s "$out/$mode/fix.diff" ]; then
      repeat "$mode"
    else
      echo "   the same code as the original: nothing to count"
    fi
    continue
  fi
  # from the scratch directory: a program may write files where it runs (chess' log4j writes logs/)
  (cd "$work" && "$main/fjdoctor" measure --before "$work/original" --after "$work/$mode" --main Driver \
    ${classpath:+--classpath "$classpath"} --program-args "$PROGRAM_ARGS" --output "$out/$mode" "$@")
done
