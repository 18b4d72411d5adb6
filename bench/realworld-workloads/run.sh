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
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
main="$(cd "$here/../.." && pwd)"
[ $# -gt 0 ] && [ "$1" != -h ] && [ "$1" != --help ] || { sed -n '2,13p' "$0"; exit 0; }
workload="$here/$1"; shift
[ -f "$workload/workload.conf" ] || { echo "run.sh: no $workload/workload.conf" >&2; exit 2; }
# shellcheck source=/dev/null
. "$workload/workload.conf"   # PROJECT LEVEL ROOT SOURCES JARS PROGRAM_ARGS, optionally JAVA_HOME_FOR_LEVEL, MAVEN
repos=/work/realworld
out="$main/bench/work/$(basename "$workload")"
while [ $# -gt 0 ]; do
  case "$1" in
    --repos) repos="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
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
  # from the scratch directory: a program may write files where it runs (chess' log4j writes logs/)
  (cd "$work" && "$main/fjdoctor" measure --before "$work/original" --after "$work/$mode" --main Driver \
    ${classpath:+--classpath "$classpath"} --program-args "$PROGRAM_ARGS" --output "$out/$mode" "$@")
done
