#!/usr/bin/env python3
"""Applies `fjdoctor fix` to the Maven projects of the real-world validation set and checks that they still
build and pass their tests.

For each project (a label file corpus/realworld/labels/<owner>+<name>.labels whose checkout <repos>/<owner>+<name>
has a pom.xml at its top) this script
  1. copies the checkout three times into <work>/<project>/: original, safe, review (the checkout is never written);
  2. builds the original with `mvn -B -q -o compile`, falling back to online `mvn -B -q compile` when the offline
     build fails before compiling anything (dependency or plugin resolution); JAVA_HOME is the JDK 17 for projects
     at Java 17 or lower and the JDK 25 above. Only when that JDK's javac rejects the project's level (Java 6 and
     lower on JDK 17) is the build retried with -Dmaven.compiler.source/target/release overrides, and the row
     says so. When Maven itself is too old for the project's enforcer rules, /work/main/mvnw (Maven 3.9) is used;
  3. runs `fjdoctor fix <copy>/<root> --java-level <level>` on the safe copy and the same with --include-review on
     the review copy, with a classpath so that fjdoctor compiles every fix before writing it: --maven when the scan
     root holds the pom.xml, else --classpath resolved here with the dependency plugin, plus the original's
     target/classes (generated sources, sibling modules);
  4. rebuilds each changed copy the way the original built (when the original fails to compile, the fixed copies
     are built anyway and their compiler errors compared); where the original's `mvn -B -q test` finished within
     the test timeout (300 s), runs the tests of the original and of both fixed copies;
  5. prints one table row per project and, below the table, the details: fjdoctor's summary (fixes per rule,
     skipped findings and why), the commands, the compiler errors.

A fix that breaks the build or the tests (compiled/passed before, not after) saves `diff -ru` of the original
and the fixed copy to <work>/<project>-<safe|review>.diff. Problems of one project (missing checkout, failed
build, fjdoctor exit codes) are reported in its row; they never stop the run. Results also go to
<work>/results.md and <work>/results.json.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

MAIN = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LABELS = os.path.join(MAIN, "corpus", "realworld", "labels")
JDK17 = "/usr/lib/jvm/java-17-openjdk-amd64"
JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64"
# The lowest -source/-release each JDK's javac accepts (JDK 12-19: 7, JDK 20+: 8).
LOWEST_LEVEL = {JDK17: 7, JDK25: 8}
# Maven 3.9 (the wrapper reads its properties next to itself, so it runs anywhere), for projects whose enforcer
# rejects the system Maven.
MAVEN_39 = os.path.join(MAIN, "mvnw")

# Maven output that means the build got as far as compiling or testing the project's own code: an offline
# failure of that kind is the project's, so going online would not change it.
PROJECT_FAILURE = re.compile(r"COMPILATION ERROR|There are test failures|There were test failures|"
                             r"Tests run:.*Failures: [1-9]|Tests run:.*Errors: [1-9]|\.java:\[\d+,\d+\]")
# javac of the chosen JDK does not support the project's level.
LEVEL_REJECTED = re.compile(r"(Source|Target) option \S+ is no longer supported|release version \S+ not supported|"
                            r"invalid (source|target) release|error: invalid flag: --release")
MAVEN_TOO_OLD = re.compile(r"RequireMavenVersion|Detected Maven Version|requires Maven version")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Maven's boilerplate around the real error lines.
NOISE = re.compile(r"^\[ERROR\]\s*$|To see the full stack trace|Re-run Maven using|For more information|"
                   r"^\[ERROR\] \[Help \d\]|After correcting the problems|mvn <args> -rf|Failed to execute goal .*"
                   r"maven-compiler-plugin.*Compilation failure\s*$")
TIMESTAMP = re.compile(r"^\d\d:\d\d:\d\d(?:[.,]\d+)? ")
COMPILER_ERROR = re.compile(r"^(?:\[ERROR\]\s*)?(\S+\.java):\[\d+,\d+\]\s*(.*)")


def log(message):
    print("realworld-fix: " + message, file=sys.stderr, flush=True)


def parse_header(path):
    """The '# key: value' lines at the top of a labels file (url, commit, java, root, kind)."""
    header = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            if ":" in line:
                key, value = line[1:].split(":", 1)
                header.setdefault(key.strip(), value.strip())
    return header


def feature(level):
    """'1.6' and '6' are both 6."""
    level = str(level).strip()
    return int(level[2:]) if level.startswith("1.") else int(level)


def java_size(directory):
    total = 0
    for dirpath, dirnames, filenames in os.walk(directory):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        total += sum(os.path.getsize(os.path.join(dirpath, n)) for n in filenames if n.endswith(".java"))
    return total


class Run:
    """One command's outcome: exit code (None after a timeout), seconds and the log file it wrote."""

    def __init__(self, command, cwd, env, timeout, log_file):
        started = time.monotonic()
        with open(log_file, "w", encoding="utf-8", errors="replace") as out:
            out.write("$ cd %s && %s\n" % (shlex.quote(cwd), " ".join(shlex.quote(c) for c in command)))
            out.flush()
            # Its own session, so that a timeout stops Maven's forked JVMs (surefire) too.
            proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
            try:
                self.code = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                for sig in (signal.SIGTERM, signal.SIGKILL):
                    try:
                        os.killpg(proc.pid, sig)
                    except ProcessLookupError:
                        break
                    try:
                        proc.wait(timeout=15)
                        break
                    except subprocess.TimeoutExpired:
                        continue
                self.code = None
        self.command, self.cwd, self.log = command, cwd, log_file
        self.seconds = time.monotonic() - started
        with open(log_file, encoding="utf-8", errors="replace") as f:
            self.text = ANSI.sub("", f.read())  # Maven colours some lines even in batch mode

    @property
    def ok(self):
        return self.code == 0

    @property
    def timed_out(self):
        return self.code is None


def error_lines(text, strip_prefix, limit=12):
    """The meaningful [ERROR] lines of a Maven log (compiler errors first, with their symbol/location lines)."""
    lines = [TIMESTAMP.sub("", l).replace(" -> [Help 1]", "") for l in text.splitlines()]
    compiler, other = [], []
    for i, line in enumerate(lines):
        if re.search(r"\.java:\[\d+,\d+\]", line) and "[ERROR]" in line:
            block = [line]
            for follow in lines[i + 1:i + 4]:
                if re.match(r"^\s*(\[ERROR\])?\s*(symbol|location|required|found|reason)\s*:", follow):
                    block.append(follow)
                else:
                    break
            compiler.append("\n".join(block))
        elif line.startswith("[ERROR]") and not NOISE.search(line):
            other.append(line)
        elif re.match(r"^(Error|Exception|Caused by)", line):
            other.append(line)
    # A failed compile prints each error twice (the list, then the goal's message): keep the first.
    seen, result = set(), []
    for entry in compiler + other:
        key = re.sub(r"^\[ERROR\]\s*", "", entry.split("\n")[0]).strip()
        if key and key not in seen:
            seen.add(key)
            result.append(entry.replace(strip_prefix, ""))
    return result[:limit]


def error_keys(errors):
    """The compiler errors as (file, message, symbol lines) without line and column, which the fixes shift."""
    keys = set()
    for entry in errors:
        m = COMPILER_ERROR.match(entry.split("\n")[0])
        if m:
            rest = [re.sub(r"^\s*(\[ERROR\])?\s*", "", l) for l in entry.split("\n")[1:]]
            keys.add((m.group(1), m.group(2).strip(), tuple(rest)))
    return keys


def compile_failed(run):
    return run is not None and not run.ok and not run.timed_out and bool(
        re.search(r"COMPILATION ERROR|\.java:\[\d+,\d+\]", run.text))


class Project:
    def __init__(self, name, args):
        self.name = name
        self.args = args
        self.checkout = os.path.join(args.repos, name)
        self.dir = os.path.join(args.work, name)
        self.row = {"project": name, "level": "?", "build_before": "", "fixes_safe": "", "fixes_review": "",
                    "manual": "", "build_safe": "", "build_review": "", "tests_before": "", "tests_safe": "",
                    "tests_review": "", "seconds": 0}
        self.details = []   # lines printed below the table
        self.problems = []  # crashes, broken builds: the report's most important part
        self.steps = {}     # step -> seconds
        self.maven = "mvn"
        self.overrides = []

    # ---- helpers ---------------------------------------------------------------------------------------

    def note(self, text):
        self.details.append(text)

    def problem(self, text):
        self.problems.append(text)
        self.details.append("PROBLEM: " + text)

    def env(self):
        env = dict(os.environ)
        env["JAVA_HOME"] = self.jdk
        env["PATH"] = os.path.join(self.jdk, "bin") + os.pathsep + env.get("PATH", "")
        env.pop("MAVEN_ARGS", None)
        return env

    def copy(self, which):
        return os.path.join(self.dir, which)

    def maven_run(self, which, goal, timeout, tag):
        """`mvn -B -q -o <goal>`, then online when the offline run failed before reaching the project's code."""
        cwd = self.copy(which)
        base = [self.maven, "-B", "-q"] + self.overrides
        run = Run(base[:3] + ["-o"] + base[3:] + goal, cwd, self.env(), timeout,
                  os.path.join(self.dir, "logs", "%s-%s-offline.log" % (which, tag)))
        run.mode = "offline"
        if run.ok or run.timed_out or PROJECT_FAILURE.search(run.text):
            return run
        online = Run(base + goal, cwd, self.env(), timeout,
                     os.path.join(self.dir, "logs", "%s-%s-online.log" % (which, tag)))
        online.mode = "online (offline: %s)" % self.first_error(run)
        return online

    def first_error(self, run):
        errors = error_lines(run.text, run.cwd + "/", limit=1)
        return shorten(errors[0] if errors else "exit %s" % run.code, 140)

    def build(self, which):
        run = self.maven_run(which, ["compile"], self.args.build_timeout, "compile")
        self.steps["build " + which] = round(run.seconds)
        return run

    # ---- the steps -----------------------------------------------------------------------------------

    def prepare(self):
        labels = os.path.join(LABELS, self.name + ".labels")
        if not os.path.isfile(labels):
            raise Skip("no label file " + labels)
        self.header = parse_header(labels)
        self.level = feature(self.header.get("java", "17"))
        self.root = self.header.get("root", ".")
        self.row["level"] = str(self.level)
        self.jdk = JDK17 if self.level <= 17 else JDK25
        if not os.path.isdir(self.checkout):
            raise Skip("no checkout at " + self.checkout)
        if not os.path.isfile(os.path.join(self.checkout, "pom.xml")):
            raise Skip("not a Maven project (no pom.xml at the top of the checkout)")
        head = subprocess.run(["git", "-C", self.checkout, "rev-parse", "HEAD"], capture_output=True, text=True)
        if head.returncode == 0 and self.header.get("commit") and head.stdout.strip() != self.header["commit"]:
            self.note("checkout is at %s, the labels at %s" % (head.stdout.strip()[:12], self.header["commit"][:12]))
        # Fresh copies; the checkout is only read.
        if os.path.exists(self.dir):
            subprocess.run(["rm", "-rf", self.dir], check=True)
        os.makedirs(os.path.join(self.dir, "logs"))
        for which in ("original", "safe", "review"):
            subprocess.run(["cp", "-a", self.checkout, self.copy(which)], check=True)
        self.note("JDK %s (Java %d), scan root %s" % (os.path.basename(self.jdk), self.level, self.root))

    def build_original(self):
        run = self.build("original")
        # At most one retry per remedy, whichever the failure calls for (the enforcer runs before javac).
        while not run.ok and not run.timed_out:
            if MAVEN_TOO_OLD.search(run.text) and self.maven != MAVEN_39:
                self.note("the system Maven is too old for the project's enforcer rules; using " + MAVEN_39)
                self.maven = MAVEN_39
            elif LEVEL_REJECTED.search(run.text) and not self.overrides:
                # The JDK's javac cannot compile at the declared level: the only case where the level is overridden.
                level = max(self.level, LOWEST_LEVEL[self.jdk])
                self.overrides = ["-Dmaven.compiler.source=%d" % level, "-Dmaven.compiler.target=%d" % level,
                                  "-Dmaven.compiler.release=%d" % level]
                self.note("javac of %s rejects Java %d (%s); building with %s" % (
                    os.path.basename(self.jdk), self.level, self.first_error(run), " ".join(self.overrides)))
            else:
                break
            run = self.build("original")
        self.before = run
        self.row["build_before"] = self.build_cell(run)
        self.note("build original: %s" % self.command_line(run))
        if not run.ok:
            self.note("build original failed:\n" + indent(error_lines(run.text, self.copy("original") + "/")))

    def build_cell(self, run):
        if run is None:
            return "n/a"
        overrides = " +overrides" if self.overrides else ""
        mvn = " mvn3.9" if self.maven != "mvn" else ""
        if run.timed_out:
            return "TIMEOUT >%ds" % self.args.build_timeout
        mode = "offline" if run.mode == "offline" else "online"
        if run.ok:
            return "ok (%s%s%s, %ds)" % (mode, overrides, mvn, run.seconds)
        return "FAIL (%s%s%s): %s" % (mode, overrides, mvn, shorten(self.first_error(run), 90))

    def command_line(self, run):
        return "cd %s && %s  [%s, exit %s, %ds, log %s]" % (
            run.cwd, " ".join(shlex.quote(c) for c in run.command), run.mode, run.code, run.seconds, run.log)

    def classpath_args(self):
        """The classpath fjdoctor compiles each fix against.

        --maven when the scan root holds the pom.xml (fjdoctor asks Maven), else the dependencies resolved here
        the way --maven does (dependency:build-classpath of the nearest pom.xml above the scan root). Either way
        the original's build output (every target/classes) is added with --classpath: it holds the classes
        generated at build time (an ANTLR parser, say) and the other modules, which the dependency classpath lacks.
        """
        if self.args.no_classpath:
            return [], "no classpath (--no-classpath)"
        outputs = sorted(glob.glob(os.path.join(self.copy("original"), "**", "target", "classes"), recursive=True))
        output_args = ["--classpath", os.pathsep.join(outputs)] if outputs else []
        scan_root = os.path.normpath(os.path.join(self.copy("safe"), self.root))
        if os.path.isfile(os.path.join(scan_root, "pom.xml")):
            return ["--maven"] + output_args, "--maven (the scan root holds the pom.xml) and --classpath of the" \
                " original's %d target/classes" % len(outputs)
        directory = scan_root
        while not os.path.isfile(os.path.join(directory, "pom.xml")):
            directory = os.path.dirname(directory)
        out_dir = os.path.join(self.dir, "classpath")
        os.makedirs(out_dir, exist_ok=True)
        goal = ["org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath",
                "-Dmdep.outputFile=" + os.path.join(out_dir, "${project.groupId}.${project.artifactId}.classpath")]
        relative = os.path.relpath(directory, self.copy("safe"))
        cwd = os.path.join(self.copy("original"), relative)
        run = Run([self.maven, "-B", "-q", "-o"] + self.overrides + goal, cwd, self.env(), self.args.build_timeout,
                  os.path.join(self.dir, "logs", "classpath-offline.log"))
        if not run.ok and not run.timed_out:
            run = Run([self.maven, "-B", "-q"] + self.overrides + goal, cwd, self.env(), self.args.build_timeout,
                      os.path.join(self.dir, "logs", "classpath-online.log"))
        entries = []
        for name in sorted(glob.glob(os.path.join(out_dir, "*.classpath"))):
            with open(name, encoding="utf-8") as f:
                entries += [e for e in f.read().strip().split(os.pathsep) if e]
        how = "--classpath of %d dependencies (dependency:build-classpath in %s%s; --maven needs the pom.xml in the" \
              " scan root) and the original's %d target/classes" % (
                  len(entries), relative, "" if run.ok else ", which failed: " + self.first_error(run), len(outputs))
        entries += outputs
        if not entries:
            return [], "no classpath (no dependencies resolved, no build output)"
        return ["--classpath", os.pathsep.join(entries)], how

    def fix(self, which, classpath):
        command = shlex.split(self.args.fjdoctor) + ["fix", os.path.join(which, self.root), "--java-level",
                                                     str(self.level)] + classpath
        if which == "review":
            command.append("--include-review")
        run = Run(command, self.dir, self.env(), self.args.fix_timeout,
                  os.path.join(self.dir, "logs", "fjdoctor-%s.log" % which))
        self.steps["fjdoctor " + which] = round(run.seconds)
        summary = parse_summary(run.text, which + "/")
        summary["run"] = run
        # The diff of what fjdoctor wrote (build outputs and git metadata left out).
        diff = subprocess.run(["diff", "-ru", "-x", ".git", "-x", "target", "original", which], cwd=self.dir,
                              capture_output=True, text=True, errors="replace")
        summary["diff"] = diff.stdout
        summary["diff_file"] = os.path.join(self.dir, which + ".diff")
        with open(summary["diff_file"], "w", encoding="utf-8") as f:
            f.write(diff.stdout)
        summary["changed_files"] = len(re.findall(r"^diff -ru", diff.stdout, re.M))
        self.note("fjdoctor %s: %s  [exit %s, %ds, log %s]" % (
            which, " ".join(shlex.quote(c) if len(c) < 200 else "'<%d chars>'" % len(c) for c in command),
            run.code, run.seconds, run.log))
        self.note(indent(summary["lines"]) if summary["lines"] else "  (no summary printed)")
        if run.code != 0:  # a crash (1), a usage error or dirty files (2): the log's end says which
            tail = [l for l in run.text.splitlines()[1:] if l.strip()][-6:]
            kind = "timed out" if run.timed_out else "exit %s" % run.code
            self.problem("fjdoctor fix (%s) %s:\n%s" % (which, kind, indent(tail)))
        return summary

    def fixes_cell(self, summary):
        run = summary["run"]
        if run.timed_out:
            return "fjdoctor TIMEOUT"
        if run.code != 0:
            last = [l for l in run.text.splitlines()[1:] if l.strip() and not l.startswith("fjdoctor: building")]
            return "fjdoctor exit %s: %s" % (run.code, shorten(last[-1] if last else "", 80))
        if not summary["applied"]:
            text = "0"
        else:
            text = "%d (%s)" % (summary["applied"], ", ".join("%s %d" % kv for kv in summary["per_rule"].items()))
        extra = []
        if summary["also"]:
            extra.append("+%d by same edits" % summary["also"])
        for reason in ("failed verification", "overlaps another fix", "no automatic fix"):
            if summary["skipped"].get(reason):
                extra.append("%d %s" % (len(summary["skipped"][reason]), reason))
        if summary.get("compile_check"):
            extra.append(summary["compile_check"])
        return text + ("; " + "; ".join(extra) if extra else "")

    def tests(self, which):
        # Surefire reports from an earlier run would be counted again.
        for old in glob.glob(os.path.join(self.copy(which), "**", "surefire-reports"), recursive=True):
            shutil.rmtree(old, ignore_errors=True)
        run = self.maven_run(which, ["test"], self.args.test_timeout, "test")
        self.steps["test " + which] = round(run.seconds)
        run.report = surefire(self.copy(which))
        self.note("tests %s: %s" % (which, self.command_line(run)))
        if run.report["failed"]:
            self.note("  failing: " + ", ".join(sorted(run.report["failed"])))
        return run

    def test_cell(self, run):
        if run.timed_out:
            return "TIMEOUT >%ds" % self.args.test_timeout
        r = run.report
        counts = "%d run, %d failed, %d errors, %d skipped" % (r["tests"], r["failures"], r["errors"], r["skipped"])
        if run.ok:
            return ("pass (%s, %ds)" % (counts, run.seconds)) if r["tests"] else "pass (no tests ran, %ds)" % run.seconds
        if r["tests"] and (r["failures"] or r["errors"]):
            return "FAIL (%s)" % counts
        return "FAIL: %s" % shorten(self.first_error(run), 90)

    # ---- the whole project --------------------------------------------------------------------------

    def run(self):
        started = time.monotonic()
        try:
            self.prepare()
            log("%s: Java %d, %s; building the original" % (self.name, self.level, os.path.basename(self.jdk)))
            self.build_original()
            classpath, how = self.classpath_args()
            self.note("fjdoctor classpath: " + how)
            results = {}
            for which in ("safe", "review"):
                log("%s: fjdoctor fix (%s)" % (self.name, which))
                results[which] = self.fix(which, classpath)
            self.row["fixes_safe"] = self.fixes_cell(results["safe"])
            self.row["fixes_review"] = self.fixes_cell(results["review"])
            self.row["manual"] = manual_cell(results["review"] if results["review"]["run"].ok else results["safe"])
            self.rebuild_and_test(results)
        except Skip as e:
            self.row["build_before"] = "SKIPPED: " + str(e)
            self.note("skipped: " + str(e))
        except Exception as e:  # a bug here must not stop the other projects
            self.problem("realworld-fix itself failed on this project: %r" % e)
            self.row["build_before"] = self.row["build_before"] or "SCRIPT ERROR: %r" % e
        self.row["seconds"] = round(time.monotonic() - started)
        self.note("time per step (s): " + ", ".join("%s %s" % kv for kv in self.steps.items()))
        return self

    def rebuild_and_test(self, results):
        builds = {}
        for which in ("safe", "review"):
            summary = results[which]
            if not summary["diff"]:
                builds[which] = None
                self.row["build_" + which] = "= original (nothing changed)"
            elif not self.before.ok and not compile_failed(self.before):
                builds[which] = None
                self.row["build_" + which] = "not built: the original does not build"
            elif which == "review" and builds.get("safe") is not None and subprocess.run(
                    ["diff", "-rq", "-x", ".git", "-x", "target", "safe", "review"], cwd=self.dir,
                    stdout=subprocess.DEVNULL).returncode == 0:
                builds[which] = builds["safe"]
                self.row["build_review"] = "= SAFE (same edits)"
            else:
                log("%s: building the %s copy" % (self.name, which))
                builds[which] = self.build(which)
                self.row["build_" + which] = self.build_cell(builds[which])
                self.note("build %s: %s" % (which, self.command_line(builds[which])))
                if not builds[which].ok:
                    errors = error_lines(builds[which].text, self.copy(which) + "/", limit=100)
                    self.note("build %s failed:\n%s" % (which, indent(errors[:12])))
                    if self.before.ok:
                        self.broken(which, summary, "the build", errors[:12])
                    elif compile_failed(builds[which]):
                        # The original fails to compile too: did the fixes add errors?
                        before = error_keys(error_lines(self.before.text, self.copy("original") + "/", limit=100))
                        new = [e for e in errors if COMPILER_ERROR.match(e) and error_keys([e]) - before]
                        if new:
                            self.row["build_" + which] = "FAIL with %d NEW compiler errors (the original fails too):" \
                                " %s" % (len(new), shorten(new[0], 90))
                            self.broken(which, summary, "the build (new compiler errors)", new[:12])
                        else:
                            # Not a proof: javac stops early on some errors (unresolved imports, an annotation
                            # processor's failure) and never reaches the fixed files at all.
                            self.row["build_" + which] = "FAIL like the original (same errors; inconclusive: javac" \
                                " may stop before the fixed files)"
        # Tests: only where the original built and its tests ran within the timeout.
        if self.args.no_tests:
            for which in ("before", "safe", "review"):
                self.row["tests_" + which] = "not run (--no-tests)"
            return
        if not self.before.ok:
            for which in ("before", "safe", "review"):
                self.row["tests_" + which] = "skipped: original does not build"
            return
        log("%s: testing the original" % self.name)
        before = self.tests("original")
        self.row["tests_before"] = self.test_cell(before)
        if before.timed_out:
            for which in ("safe", "review"):
                self.row["tests_" + which] = "skipped: original tests >%ds" % self.args.test_timeout
            return
        failing_before = set(before.report["failed"])
        for which in ("safe", "review"):
            build = builds[which]
            if build is None:
                self.row["tests_" + which] = "= original (nothing changed)"
                continue
            if which == "review" and build is builds["safe"]:
                self.row["tests_review"] = "= SAFE (same edits)"
                continue
            if not build.ok:
                self.row["tests_" + which] = "skipped: does not build"
                continue
            log("%s: testing the %s copy" % (self.name, which))
            run = self.tests(which)
            cell = self.test_cell(run)
            new = sorted(set(run.report["failed"]) - failing_before)
            if new:
                cell += "; newly failing: " + ", ".join(new[:5]) + (" .." if len(new) > 5 else "")
            self.row["tests_" + which] = cell
            broke = new or (run.timed_out and not before.timed_out) or (before.ok and not run.ok)
            if broke:
                errors = error_lines(run.text, self.copy(which) + "/")
                self.broken(which, results[which], "the tests", (["newly failing: " + ", ".join(new)] if new else [])
                            + errors)

    def broken(self, which, summary, what, errors):
        """A fix broke the build or the tests: keep the diff where the report says it is."""
        target = os.path.join(self.args.work, "%s-%s.diff" % (self.name, which))
        shutil.copyfile(summary["diff_file"], target)
        self.problem("the %s fixes broke %s (%d changed files; diff in %s):\n%s" % (
            which.upper(), what, summary["changed_files"], target, indent(errors)))


class Skip(Exception):
    pass


def parse_summary(text, prefix):
    """fjdoctor fix's summary: fixes per rule, findings skipped per reason, the compile check's outcome."""
    lines, applied, per_rule, also, skipped = [], 0, {}, 0, {}
    reason = None
    compile_check = None
    in_summary = False
    in_warning = False
    for line in text.splitlines():
        if line.startswith("fjdoctor fix:"):
            in_summary = True
        if not in_summary:
            # Warnings (the --maven classpath's among them) with the first lines of what Maven said.
            if line.startswith("fjdoctor: warning") or line.startswith("fjdoctor: Java"):
                lines.append(line)
                in_warning, shown = True, 0
            elif in_warning and line.startswith("    "):
                if shown < 4 and not NOISE.search(line.strip()):
                    lines.append(line)
                    shown += 1
            else:
                in_warning = False
            continue
        lines.append(line.replace(prefix + "./", "").replace(prefix, ""))
        m = re.match(r"fjdoctor fix: (?:applied|would apply) (\d+) fix", line)
        if m:
            applied = int(m.group(1))
        m = re.match(r"  ([a-z-]+): (\d+) fix", line)
        if m and reason is None:
            per_rule[m.group(1)] = int(m.group(2))
        m = re.match(r"  and (\d+) further finding", line)
        if m:
            also = int(m.group(1))
        m = re.match(r"  ([a-z ]+) \((\d+)\):$", line)
        if m:
            reason = m.group(1)
            skipped[reason] = []
            continue
        m = re.match(r"    (\S+) \[([a-z-]+)\] (.*)", line)
        if m and reason:
            where = m.group(1).replace(prefix + "./", "").replace(prefix, "")
            skipped[reason].append({"where": where, "rule": m.group(2), "why": m.group(3)})
        m = re.match(r"verified at Java \d+: .*?; (.*)", line)
        if m:
            compile_check = m.group(1)
    # Verifier.Compilation's descriptions, shortened for the table.
    short = None
    if compile_check:
        for phrase, text in (("compiled with javac", "compiled"), ("no classpath", "not compiled: no classpath"),
                             ("no Java compiler", "not compiled: no javac"),
                             ("do not compile", "not compiled: originals do not compile"),
                             ("nothing to compile", None)):
            if phrase in compile_check:
                short = text
                break
        else:
            short = shorten(compile_check, 50)
        short = short and "check: " + short
    return {"lines": lines, "applied": applied, "per_rule": per_rule, "also": also, "skipped": skipped,
            "compile_check": short}


def manual_cell(summary):
    if summary["run"].code != 0:
        return "n/a"
    items = summary["skipped"].get("needs manual work", [])
    if not items:
        return "0"
    by_rule = {}
    for item in items:
        by_rule.setdefault(item["rule"], []).append(reason_key(item["why"]))
    parts = []
    for rule, reasons in sorted(by_rule.items()):
        distinct = sorted(set(reasons), key=reasons.index)
        parts.append("%s %d: %s" % (rule, len(reasons), " / ".join(distinct)))
    return "%d (%s)" % (len(items), "; ".join(parts))


def reason_key(why, words=7):
    """The first clause of a skip reason, a few words long: enough to tell the reasons apart."""
    first = re.split(r"[;:(]| by hand", why)[0].strip().rstrip(",.")
    tokens = first.split()
    return " ".join(tokens[:words]) + (" .." if len(tokens) > words else "")


def surefire(directory):
    """Totals and failing test ids from every TEST-*.xml under the copy."""
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0, "failed": []}
    for path in glob.glob(os.path.join(directory, "**", "surefire-reports", "TEST-*.xml"), recursive=True):
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        for key in ("tests", "failures", "errors", "skipped"):
            totals[key] += int(float(root.get(key, "0") or 0))
        for case in root.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                totals["failed"].append("%s#%s" % (case.get("classname", "?").rsplit(".", 1)[-1], case.get("name")))
    return totals


def shorten(text, limit):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 2] + ".."


def indent(lines):
    return "\n".join("    " + l.replace("\n", "\n    ") for l in lines) if lines else "    (no error lines found)"


COLUMNS = [("project", "project"), ("level", "level"), ("build_before", "build before"),
           ("fixes_safe", "fixes SAFE"), ("fixes_review", "fixes with review"), ("manual", "manual (why)"),
           ("build_safe", "build after SAFE"), ("build_review", "build after review"),
           ("tests_before", "tests before"), ("tests_safe", "tests after SAFE"),
           ("tests_review", "tests after review"), ("seconds", "time s")]


def table(rows):
    out = ["| " + " | ".join(title for _, title in COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for row in rows:
        out.append("| " + " | ".join(str(row[key]).replace("|", "\\|") for key, _ in COLUMNS) + " |")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(prog="bench/realworld-fix.sh", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repos", default="/work/realworld",
                        help="one checkout per label file, named <owner>+<name> (default: %(default)s); only read")
    parser.add_argument("--only", help="comma-separated projects (<owner>+<name>), run in that order; default: every"
                                       " Maven project of the validation set, smallest first")
    parser.add_argument("--fjdoctor", default=os.path.join(MAIN, "fjdoctor"),
                        help="the command that runs fjdoctor (default: %(default)s)")
    parser.add_argument("--work", default="/tmp/fjfix",
                        help="where the copies, logs, diffs and results go (default: %(default)s); each project's"
                             " directory in it is replaced")
    parser.add_argument("--build-timeout", type=int, default=600, help="seconds per Maven build (default: 600)")
    parser.add_argument("--test-timeout", type=int, default=300, help="seconds per test run (default: 300)")
    parser.add_argument("--fix-timeout", type=int, default=900, help="seconds per fjdoctor run (default: 900)")
    parser.add_argument("--no-tests", action="store_true", help="build only")
    parser.add_argument("--no-classpath", action="store_true",
                        help="run fjdoctor without --maven/--classpath (fixes are then parsed, not compiled)")
    args = parser.parse_args()
    args.repos = os.path.abspath(args.repos)
    args.work = os.path.abspath(args.work)
    if os.path.realpath(args.work).startswith(os.path.realpath(args.repos) + os.sep) or \
            os.path.realpath(args.work) == os.path.realpath(args.repos):
        parser.error("--work must not be inside --repos (the checkouts are never written)")
    os.makedirs(args.work, exist_ok=True)
    for jdk in (JDK17, JDK25):
        if not os.path.isdir(jdk):
            log("warning: no JDK at " + jdk)

    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
    else:
        names = [os.path.basename(p)[:-len(".labels")] for p in glob.glob(os.path.join(LABELS, "*.labels"))]
        names = [n for n in names if os.path.isfile(os.path.join(args.repos, n, "pom.xml"))]
        names.sort(key=lambda n: java_size(os.path.join(args.repos, n)))
    log("projects: " + ", ".join(names))

    projects = []
    started = time.monotonic()
    for i, name in enumerate(names, 1):
        log("[%d/%d] %s" % (i, len(names), name))
        project = Project(name, args).run()
        projects.append(project)
        log("%s: done in %ds" % (name, project.row["seconds"]))
        write_results(args, projects, time.monotonic() - started)  # after each project, in case the run is stopped

    print(report(projects, time.monotonic() - started))


def report(projects, seconds):
    out = [table([p.row for p in projects]), ""]
    out.append("Total %d s." % seconds)
    problems = [(p.name, text) for p in projects for text in p.problems]
    out.append("")
    out.append("Problems (%d):" % len(problems))
    for name, text in problems:
        out.append("- %s: %s" % (name, text))
    for p in projects:
        out.append("")
        out.append("## %s (%d s)" % (p.name, p.row["seconds"]))
        out.extend(p.details)
    return "\n".join(out)


def write_results(args, projects, seconds):
    with open(os.path.join(args.work, "results.md"), "w", encoding="utf-8") as f:
        f.write(report(projects, seconds) + "\n")
    with open(os.path.join(args.work, "results.json"), "w", encoding="utf-8") as f:
        json.dump([{"row": p.row, "problems": p.problems, "steps": p.steps} for p in projects], f, indent=1)


if __name__ == "__main__":
    main()
