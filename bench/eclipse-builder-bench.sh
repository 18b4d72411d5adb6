#!/usr/bin/env bash
# Eclipse builder latency on the warm engine (issue 28 item 4): copies DIR's sources and build settings into
# a work folder, opens the builder's WarmScan on the copy as the first build does, then saves M edits of
# files outside the focused model and N of the model's files, one at a time, timing each incremental build.
# Usage: bench/eclipse-builder-bench.sh [--edits N] [--outside M] DIR
# Runs bench/EclipseBuilderBench.java as a single-file program against the plugin's classes and the jars it
# embeds (eclipse-plugin/target/classes, from './mvnw -o -B -q package -DskipTests -pl eclipse-plugin -am').
set -euo pipefail
cd "$(dirname "$0")/.."
edits=10
outside=10
dir=
while [ $# -gt 0 ]; do
  case "$1" in
    --edits) edits="$2"; shift ;;
    --outside) outside="$2"; shift ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) dir="$1" ;;
  esac
  shift
done
[ -n "$dir" ] || { echo "eclipse-builder-bench: DIR is required (see --help)" >&2; exit 2; }
classes=eclipse-plugin/target/classes
[ -d "$classes/lib" ] || { echo "eclipse-builder-bench: build the plugin first (see --help)" >&2; exit 2; }
work="${BENCH_WORK:-bench/work}/eclipse-builder/$(basename "$dir")"
rm -rf "$work" && mkdir -p "$work"
# The edits are written: never into DIR. Sources and what settles the Java level and the source folders.
(cd "$dir" && find . -path ./.git -prune -o -type f \( -name '*.java' -o -name pom.xml -o -name '*.gradle' \
  -o -name '*.gradle.kts' -o -name .classpath -o -name '*.prefs' -o -name .fjdoctor.yml \) -print0 \
  | tar --null -cf - -T -) | tar -xf - -C "$work"
# A copy of the plugin's classes, so that building the plugin meanwhile cannot change what runs.
rm -rf "$work.classes" && cp -r "$classes" "$work.classes" && classes="$work.classes"
cp="$classes:$(ls "$classes"/lib/*.jar | tr '\n' ':')"
java -XX:+UseSerialGC -Xss16m ${BENCH_JAVA_OPTS:-} -cp "$cp" bench/EclipseBuilderBench.java "$work" "$edits" "$outside"
