#!/usr/bin/env bash
# Reproduces docs/eclipse-marker.png and docs/eclipse-quickfix.png: starts a real Eclipse IDE workbench
# (application org.eclipse.ui.ide.workbench, Java editor of org.eclipse.jdt.ui) under Xvfb, assembled from
# Maven Central bundles, with the fjdoctor plugin and a throwaway driver bundle (bundle/, an
# org.eclipse.ui.startup extension) that imports a corpus program as a Java project, waits for the
# fjdoctor marker, opens the Ctrl+1 proposals, applies the [SAFE] fix and takes the screenshots.
#
# Not part of the Maven build or CI. Needs: a JDK 21 or later (the newest Eclipse bundles require it; set
# JAVA_HOME), and the Debian packages xvfb, xauth, libgtk-3-0 and imagemagick (for `import`).
# Usage: docs/eclipse-screenshot/run.sh [corpus program directory under corpus/src/main/java/]
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="$HERE/target"
PROGRAM="${1:-corpus/centralizedpooling/positive/fieldpoolinvoke}"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
JAVA="$JAVA_HOME/bin/java"

"$JAVA" -version 2>&1 | head -1
rm -rf "$WORK"
mkdir -p "$WORK/plugins" "$WORK/wrap" "$WORK/driver/classes"

# 1. The Eclipse bundles (pinned in pom.xml) and the fjdoctor plugin.
cd "$REPO"
./mvnw -B -q -f "$HERE/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$WORK/maven"
./mvnw -B -q package -DskipTests -pl eclipse-plugin -am
cp eclipse-plugin/target/org.fjdoctor.eclipse_*.jar "$WORK/plugins/"

# 2. Bundles as they are; the CSS engine's Batik and SAC jars have no OSGi manifest, so they go into one
#    wrapper bundle org.apache.batik.css that exports their packages (what Eclipse's Orbit build does).
#    org.eclipse.osgi is the framework itself, not an installed bundle.
WRAPPED=()
for jar in "$WORK"/maven/*.jar; do
    name="$(basename "$jar")"
    if [[ "$(unzip -p "$jar" META-INF/MANIFEST.MF)" == *Bundle-SymbolicName:* ]]; then
        case "$name" in
            org.eclipse.osgi-*) cp "$jar" "$WORK/org.eclipse.osgi.jar" ;;
            *) cp "$jar" "$WORK/plugins/" ;;
        esac
    elif [[ "$name" =~ ^(batik-|xmlgraphics-commons|xml-apis-ext) ]]; then
        cp "$jar" "$WORK/wrap/"
        WRAPPED+=("$name")
    fi
done
exports="$(for jar in "$WORK"/wrap/*.jar; do unzip -Z1 "$jar"; done | grep '\.class$' | grep -v '^META-INF' \
    | sed 's|/[^/]*$||' | sort -u | grep -E '^(org/apache/batik|org/apache/xmlgraphics|org/w3c/css|org/w3c/dom/(svg|smil))' \
    | while read -r dir; do
        pkg="${dir//\//.}"
        case "$pkg" in org.w3c.css.sac*) echo "$pkg;version=\"1.3.0\"" ;; *) echo "$pkg;version=\"1.19.0\"" ;; esac
    done | paste -sd, -)"
header() { echo "$1" | fold -w 70 | sed '2,$s/^/ /'; }  # manifest lines are at most 72 bytes
{
    header "Manifest-Version: 1.0"
    header "Bundle-ManifestVersion: 2"
    header "Bundle-SymbolicName: org.apache.batik.css"
    header "Bundle-Version: 1.19.0"
    header "Bundle-ClassPath: .,$(IFS=,; echo "${WRAPPED[*]}")"
    header "Export-Package: $exports"
    header "DynamicImport-Package: *"
} > "$WORK/wrap/MANIFEST.MF"
(cd "$WORK/wrap" && jar cfm "$WORK/plugins/org.apache.batik.css_1.19.0.jar" MANIFEST.MF "${WRAPPED[@]}")

# 3. The driver bundle, compiled against the bundles above.
"$JAVA_HOME/bin/javac" --release 17 -nowarn -d "$WORK/driver/classes" -cp "$WORK/plugins/*:$WORK/org.eclipse.osgi.jar" \
    $(find "$HERE/bundle/src" -name '*.java')
cp "$HERE/bundle/plugin.xml" "$WORK/driver/classes/"
"$JAVA_HOME/bin/jar" cfm "$WORK/plugins/org.fjdoctor.eclipse.screenshot_0.1.0.jar" \
    "$HERE/bundle/META-INF/MANIFEST.MF" -C "$WORK/driver/classes" .

# 4. config.ini: every bundle installed, the usual ones started, the IDE application launched.
mkdir -p "$WORK/configuration"
{
    echo "eclipse.application=org.eclipse.ui.ide.workbench"
    echo "osgi.bundles.defaultStartLevel=4"
    printf 'osgi.bundles='
    for jar in "$WORK"/plugins/*.jar; do
        case "$(basename "$jar")" in
            org.eclipse.equinox.common-*|org.apache.felix.scr-*|org.eclipse.equinox.event-*|org.apache.aries.spifly.*) start="@2:start" ;;
            org.eclipse.core.runtime-*) start="@4:start" ;;
            *) start="" ;;
        esac
        printf 'reference\\:file\\:%s%s,' "$jar" "$start"
    done | sed 's/,$//'
    echo
} > "$WORK/configuration/config.ini"

# 5. The workbench under Xvfb. The driver takes the screenshots and closes the workbench, but the JVM
#    does not always exit after that (osgi.noShutdown=false already asks EclipseStarter to exit), so
#    once the driver reports, the script waits a little and then stops the JVM through the pid it wrote.
SOURCE="$(find "$REPO/corpus/src/main/java/$PROGRAM" -maxdepth 1 -name '*.java' | head -1)"
mkdir -p "$WORK/shots"
timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" "$JAVA" \
    -Dfjdoctor.shot.fixture="$SOURCE" \
    -Dfjdoctor.shot.path="src/main/java/${SOURCE#"$REPO/corpus/src/main/java/"}" \
    -Dfjdoctor.shot.project="$(basename "$PROGRAM")" \
    -Dfjdoctor.shot.out="$WORK/shots" \
    -Dosgi.noShutdown=false \
    -jar "$WORK/org.eclipse.osgi.jar" \
    -configuration "$WORK/configuration" -data "$WORK/workspace" -consoleLog -nosplash \
    > "$WORK/eclipse.log" 2>&1 &
LAUNCH=$!
until grep -qs '^\[fjdoctor-screenshot\] \(finished\|FAILED\)' "$WORK/eclipse.log" || ! kill -0 "$LAUNCH" 2>/dev/null; do
    sleep 2
done
for _ in $(seq 15); do kill -0 "$LAUNCH" 2>/dev/null || break; sleep 2; done
if kill -0 "$LAUNCH" 2>/dev/null && [[ -f "$WORK/shots/eclipse.pid" ]]; then
    kill "$(cat "$WORK/shots/eclipse.pid")" || true
fi
wait "$LAUNCH" || true
grep '^\[fjdoctor-screenshot\]' "$WORK/eclipse.log"

grep -q '^\[fjdoctor-screenshot\] finished' "$WORK/eclipse.log"
cp "$WORK/shots/eclipse-marker.png" "$WORK/shots/eclipse-quickfix.png" "$REPO/docs/"
echo "wrote docs/eclipse-marker.png and docs/eclipse-quickfix.png (log: $WORK/eclipse.log)"
