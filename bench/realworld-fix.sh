#!/usr/bin/env bash
# Real-world fix check: applies `fjdoctor fix` (SAFE fixes, then with --include-review) to copies of the
# Maven projects of the validation set (corpus/realworld/labels/) and checks that each still builds and
# passes its tests. Prints one table row per project, then the details (fjdoctor's summaries, commands,
# compiler errors). A fix that breaks a build or a test leaves <work>/<project>-<safe|review>.diff.
#
# Usage: bench/realworld-fix.sh [--repos DIR] [--only a+b,c+d] [--fjdoctor CMD] [--work DIR]
#                               [--build-timeout S] [--test-timeout S] [--no-tests] [--no-classpath]
#   --repos DIR     checkouts named <owner>+<name> (default /work/realworld); only read, never written
#   --only LIST     these projects, in this order (default: every Maven project there, smallest first)
#   --fjdoctor CMD  what runs fjdoctor (default: this checkout's ./fjdoctor)
#   --work DIR      copies, logs, diffs and results.md/results.json (default /tmp/fjfix)
#   --build-timeout S / --test-timeout S   limits per Maven build / test run (default 600 / 300)
#   --fix-timeout S  limit per fjdoctor run (default 900)
#   --no-tests      build only;  --no-classpath  run fjdoctor without --maven/--classpath
# Needs: bash, python3, cp, diff, git, mvn (Maven 3.9 through ./mvnw when a project requires it),
# the JDKs /usr/lib/jvm/java-17-openjdk-amd64 (Java <= 17) and /usr/lib/jvm/temurin-25-jdk-amd64 (above).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
case "${1:-}" in
  -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
exec python3 "$here/realworld_fix.py" "$@"
