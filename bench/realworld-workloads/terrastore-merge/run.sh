#!/usr/bin/env bash
# Measures fjdoctor's fixes on terrastore's parallel merge (a real project of the validation set):
# copies the checkout, applies `fjdoctor fix` (SAFE) and `fix --include-review` to copies of the whole
# project, takes the merge's sources from each copy next to Driver.java (ours), and runs
# `fjdoctor measure --before/--after` on them with jsr166y and Guava from Maven Central.
# Usage: bench/realworld-workloads/terrastore-merge/run.sh [--repos DIR] [--out DIR] [-- measure options]
#   --repos DIR  holds junminstorage+terrastore (bench/realworld.sh --repos DIR checks it out); default /work/realworld
#   --out DIR    where the two measurements go (default bench/work/terrastore-merge)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
main="$(cd "$here/../../.." && pwd)"
repos=/work/realworld
out="$main/bench/work/terrastore-merge"
while [ $# -gt 0 ]; do
  case "$1" in
    --repos) repos="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
checkout="$repos/junminstorage+terrastore"
[ -d "$checkout" ] || { echo "run.sh: no checkout at $checkout (bench/realworld.sh --repos $repos makes one)" >&2; exit 2; }
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
"$main/mvnw" -B -q dependency:get -Dartifact=org.codehaus.jsr166-mirror:jsr166y:1.7.0 >/dev/null
"$main/mvnw" -B -q dependency:get -Dartifact=com.google.guava:guava:33.4.8-jre >/dev/null
cp_jars="$m2/org/codehaus/jsr166-mirror/jsr166y/1.7.0/jsr166y-1.7.0.jar:$m2/com/google/guava/guava/33.4.8-jre/guava-33.4.8-jre.jar"
work="$(mktemp -d "${TMPDIR:-/tmp}/terrastore-merge.XXXXXX")"
trap 'rm -rf "$work"' EXIT
files="terrastore/util/collect/MergeSet.java terrastore/util/collect/parallel"
take() {   # take DIR: the merge's sources of project copy DIR, with the driver, into $work/$2
  mkdir -p "$work/$2"
  for f in $files; do
    mkdir -p "$work/$2/$(dirname "$f")"
    cp -r "$1/src/main/java/$f" "$work/$2/$(dirname "$f")/"
  done
  cp "$here/Driver.java" "$work/$2/"
}
take "$checkout" original
for mode in safe review; do
  cp -r "$checkout" "$work/project-$mode"
  flag=""; [ "$mode" = review ] && flag="--include-review"
  "$main/fjdoctor" fix "$work/project-$mode" --java-level 6 $flag -q
  take "$work/project-$mode" "$mode"
  diff -ru "$work/original" "$work/$mode" > "$work/$mode.diff" || true
  echo "== $mode fixes: $(grep -c '^[-+][^-+]' "$work/$mode.diff") changed lines in the merge's sources"
  mkdir -p "$out/$mode"
  cp "$work/$mode.diff" "$out/$mode/fix.diff"   # terrastore's lines: keep it out of the repository
  "$main/fjdoctor" measure --before "$work/original" --after "$work/$mode" --main Driver \
    --classpath "$cp_jars" --program-args "${PROGRAM_ARGS:-128 4000 4}" --output "$out/$mode" "$@"
done
