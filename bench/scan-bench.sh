#!/usr/bin/env bash
# Scan benchmark: wall time, peak RSS, files, lines and findings per rule for
#   (a) the bundled corpus and
#   (b) the JDK's own java.base sources, unzipped from the lib/src.zip of an installed JDK.
# and (c) any checkout of a real project given with --project (see corpus/manifest.md).
# Usage: bench/scan-bench.sh [--full] [--pmd] [--runs N] [--project DIR LEVEL]...
#   --full               also scan each target in full-model mode and compare the findings (fingerprints)
#   --pmd                also run PMD 7 (category/java/multithreading.xml, fetched from Maven Central with
#                        bench/pmd/pom.xml) on every target in the same run, each PMD run right after a focused
#                        fjdoctor run (A B A B: a machine whose speed drifts moves both alike), and print
#                        fjdoctor/PMD wall time
#   --runs N             repeat each measurement N times (default 3) and report the median wall time
#   --project DIR LEVEL  also scan the Java sources under DIR at Java language level LEVEL
# The scans run through ./fjdoctor with its default JVM options; set FJDOCTOR_JAVA_OPTS to compare others.
# Needs: bash, GNU time (/usr/bin/time), python3, unzip. Writes under bench/work/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
full=0
pmd=0
runs=3
projects=()
while [ $# -gt 0 ]; do
  case "$1" in
    --full) full=1 ;;
    --pmd) pmd=1 ;;
    --runs) runs="$2"; shift ;;
    --project) projects+=("$2:$3"); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
for tool in /usr/bin/time python3 unzip; do
  command -v "$tool" >/dev/null || { echo "scan-bench: $tool is required" >&2; exit 2; }
done

./fjdoctor --version >/dev/null   # builds the jar when needed
work="$root/bench/work"
mkdir -p "$work"

# The JDK whose sources we scan; prefer $JAVA_HOME, then every JDK under /usr/lib/jvm.
srczip=""
srcjava=""
for home in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
  [ -n "$home" ] && [ -f "$home/lib/src.zip" ] && [ -x "$home/bin/java" ] || continue
  srczip="$home/lib/src.zip"; srcjava="$home/bin/java"; break
done

# run LABEL JAVA LEVEL MODE TARGET: prints one table row, keeps the JSON report; with --pmd, a focused
# scan's runs alternate with PMD's on the same tree
run() {
  local label=$1 java=$2 level=$3 mode=$4 target=$5
  local out="$work/$label-$mode.json" walls=() rss=0
  # No cache: the cold scan is what is measured (and a checkout may be read-only).
  local flags=(scan "$target" --format json --output "$out" --fail-on none --quiet --java-level "$level" --no-cache)
  [ "$mode" = full ] && flags+=(--full)
  pmd_walls=() pmd_rss=0
  for _ in $(seq "$runs"); do
    # Through the launcher, so that the JVM options are the ones users get (FJDOCTOR_JAVA_OPTS).
    FJDOCTOR_JAVA="$java" /usr/bin/time -f "%e %M" -o "$work/time.txt" "$root/fjdoctor" "${flags[@]}"
    read -r wall kb < "$work/time.txt"
    walls+=("$wall"); [ "$kb" -gt "$rss" ] && rss=$kb
    [ $pmd = 1 ] && [ "$mode" = focused ] && pmd_once "$label" "$level" "$target"
  done
  [ $pmd = 1 ] && [ "$mode" = focused ] && pmd_rows+=("$label $pmd_rss ${pmd_walls[*]}")
  python3 - "$out" "$label" "$mode" "$rss" "${walls[@]}" <<'PY'
import json, statistics, sys
report, label, mode, rss, walls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), [float(w) for w in sys.argv[5:]]
r = json.load(open(report))
if mode == "focused":
    json.dump(statistics.median(walls), open(report.replace("-focused.json", "-walls.json"), "w"))
per = {}
for f in r["findings"]:
    per[f["ruleId"]] = per.get(f["ruleId"], 0) + 1
s = r["stats"]
print(f"| {label} | {mode} | {statistics.median(walls):.1f} s (min {min(walls):.1f}) | {rss/1024:.0f} MB | "
      f"{s['files']:,} | {s['lines']:,} | {s['modelFiles']:,} | {len(r['findings'])} | "
      + ", ".join(f"{k} {v}" for k, v in sorted(per.items())) + f" | {len(r['problems'])} |")
PY
}

# pmd_once LABEL LEVEL TARGET: one PMD run on the same tree, added to pmd_walls and pmd_rss
pmd_rows=()
pmd_once() {
  local label=$1 level=$2 target=$3
  /usr/bin/time -f "%e %M" -o "$work/time.txt" java -cp "$work/pmd/lib/*" net.sourceforge.pmd.cli.PmdCli check \
    -d "$target" -R category/java/multithreading.xml --use-version "java-$level" -f text --no-cache \
    --no-progress -r "$work/$label-pmd.txt" 2>/dev/null || true
  # PMD exits 4 when it reports violations; GNU time then writes that first, the figures last.
  read -r wall kb < <(tail -n 1 "$work/time.txt")
  pmd_walls+=("$wall"); [ "$kb" -gt "$pmd_rss" ] && pmd_rss=$kb
}
if [ $pmd = 1 ]; then
  ./mvnw -q -B -f bench/pmd/pom.xml dependency:copy-dependencies -DoutputDirectory="$work/pmd/lib" >&2
fi

echo "| target | mode | wall (median of $runs) | peak RSS | files | lines | files modelled | findings | per rule | file problems |"
echo "|---|---|---|---|---|---|---|---|---|---|"
run corpus java 17 focused corpus
[ $full = 1 ] && run corpus java 17 full corpus
if [ -z "$srczip" ]; then
  echo "java.base: skipped: no installed JDK ships lib/src.zip (looked at \$JAVA_HOME and /usr/lib/jvm/*)" >&2
else
  version=$("$srcjava" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  rm -rf "$work/java.base" && unzip -q -o "$srczip" 'java.base/*' -d "$work"
  echo "java.base: sources and runtime of $(dirname "$(dirname "$srczip")") (Java $version)" >&2
  run java.base "$srcjava" "$version" focused "$work/java.base"
  [ $full = 1 ] && run java.base "$srcjava" "$version" full "$work/java.base"
fi
for project in "${projects[@]}"; do
  dir=${project%:*}; level=${project##*:}; label=$(basename "$dir")
  run "$label" java "$level" focused "$dir"
  [ $full = 1 ] && run "$label" java "$level" full "$dir"
done
if [ $pmd = 1 ]; then
  python3 - "$work" "${pmd_rows[@]}" <<'PY'
import json, statistics, sys
work = sys.argv[1]
print()
print("| target | lines | fjdoctor wall | PMD multithreading wall | PMD peak RSS | fjdoctor / PMD |")
print("|---|---|---|---|---|---|")
for row in sys.argv[2:]:
    label, rss, *walls = row.split()
    pmd = statistics.median(float(w) for w in walls)
    ours = json.load(open(f"{work}/{label}-walls.json"))
    lines = json.load(open(f"{work}/{label}-focused.json"))["stats"]["lines"]
    print(f"| {label} | {lines:,} | {ours:.1f} s | {pmd:.1f} s | {int(rss)/1024:.0f} MB | {ours / pmd:.2f} |")
PY
fi
if [ $full = 1 ]; then
  python3 - "$work" "${projects[@]}" <<'PY'
import json, os, sys
work = sys.argv[1]
for label in ["corpus", "java.base"] + [os.path.basename(p.rsplit(":", 1)[0]) for p in sys.argv[2:]]:
    a, b = (os.path.join(work, f"{label}-{m}.json") for m in ("focused", "full"))
    if os.path.exists(a) and os.path.exists(b):
        fa = sorted(f["fingerprint"] for f in json.load(open(a))["findings"])
        fb = sorted(f["fingerprint"] for f in json.load(open(b))["findings"])
        print(f"{label}: focused and full findings {'identical' if fa == fb else 'DIFFER'} ({len(fa)} vs {len(fb)})")
PY
fi
