#!/usr/bin/env python3
"""Scores fjdoctor on the real-world validation set: hand-written labels against its findings.

Each corpus/realworld/labels/<owner>+<name>.labels file names a public project (url, commit, Java
level, root) and lines `path:line rule POS|NEG reason`, written from reading the code before looking
at fjdoctor's output. This script scans each checkout with fjdoctor (JSON) and prints, per rule:
recall (POS labels found), precision over labelled lines (found POS / (found POS + found NEG)), the
false alarms on NEG labels, findings on lines nobody labelled, crashes, and time per project. The last
column, strict precision, counts every finding: right when on a POS line or audited TP, wrong otherwise
(on a NEG line, audited FP or UNSURE, or not audited). Rows for the core rules, FJ7-FJ13 and all rules sum
their rules. --labels corpus/realworld/test scores the blind test split (its audit: --audit
corpus/realworld/test/audit.tsv).
The rule table is printed three times: over every finding, then over the findings in main code and in test
code apart (fjdoctor's testCode flag, or the "In test code: " prefix of older builds' notes); the labels
count in each, so the scoped tables' recall only says what that scope finds. Before the tables, one line gives
strict precision over every finding (the headline) and over main-code (production) findings alone.
A finding matches a label when rule and file agree and its line is within --slack lines (default 2); a
finding near several labels matches the nearest one only. A blocking-in-common-pool finding is at the function
that blocks and names the submission site and the blocking calls it reaches; a label on any of these lines is
its label (labellers put it on either, and the catalog does not say which). Likewise an intra-task-sync finding
matches a label on the last call of its call path, the call that takes the lock it reports at a declaration.
Each finding is scored at one line, so it credits one label at most. A finding of these two rules may name several
labelled lines (one submission reaching three JDBC calls); the column "named" counts the POS labels that no finding
is scored at but some finding of the rule names, at its location or one of those related locations (decided before
the seventeenth split was labelled). The "recall" column stays the strict one-label-per-finding figure.
"""
import argparse
import functools
import json
import os
import subprocess
import sys
import time
from collections import defaultdict

RULES = ["centralized-pooling", "copy-on-fork", "copy-on-join", "scattered-data", "intra-task-sync", "sleepy-worker",
         "join-order", "fork-all", "fork-then-join", "pool-per-call", "no-sequential-cutoff", "blocking-in-common-pool",
         "unbounded-eureka"]


def parse_labels(path):
    header, labels = {}, []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#"):
                if ":" in line:
                    key, value = line[1:].split(":", 1)
                    header[key.strip()] = value.strip()
                continue
            parts = line.split(None, 3)
            if len(parts) < 3 or ":" not in parts[0] or parts[2] not in ("POS", "NEG"):
                sys.exit(f"{path}:{number}: expected 'path:line rule POS|NEG reason', got: {line}")
            file, at = parts[0].rsplit(":", 1)
            labels.append({"file": file, "line": int(at), "rule": parts[1], "kind": parts[2],
                           "reason": parts[3] if len(parts) > 3 else ""})
    return header, labels


@functools.lru_cache(maxsize=None)
def _takes_no_cache(command):
    """Whether this fjdoctor build has a scan cache: a validation run must never be served a stored scan
    (another build's findings), and builds older than the cache do not know the option."""
    help_text = subprocess.run(list(command) + ["scan", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True).stdout
    return "--no-cache" in help_text


def takes_no_cache(command):
    return _takes_no_cache(tuple(command))


def scan(command, root, level, out):
    started = time.monotonic()
    args = command + ["scan", ".", "--format", "json", "--output", out, "--fail-on", "none", "--quiet",
                      "--java-level", str(level)] + (["--no-cache"] if takes_no_cache(command) else [])
    proc = subprocess.run(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - started
    # 3: complete but for a rule or model of fjdoctor's that failed, which the report lists as problems
    if proc.returncode not in (0, 3, 4) or not os.path.exists(out):
        return None, wall, (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]
    with open(out, encoding="utf-8") as f:
        report = json.load(f)
    return report, wall, None


def in_test_code(finding):
    """Whether fjdoctor reported the finding in test sources: its testCode flag, or (older builds) its message."""
    return finding.get("testCode", finding["message"].startswith("In test code: "))


# The findings each table counts: every one (nothing hidden), then main code and test code apart.
SCOPES = {"every finding": lambda finding: True, "main code": lambda finding: not in_test_code(finding),
          "test code": in_test_code}


# Rules whose finding names more than one line that a labeller may call "the line", with the related locations
# a label may name instead: blocking-in-common-pool reports the function that blocks and names the submission
# site and each blocking call it reaches (the catalog does not say which line it is); intra-task-sync reports a
# synchronized method at its declaration (or a lock inside a callee there), and its call path's last step is
# the call that takes it.
ALTERNATES = {
    "blocking-in-common-pool": lambda related: [r for r in related if r["message"].startswith(
        ("submitted to the common pool here", "blocks: "))],
    "intra-task-sync": lambda related: [r for r in related if r["message"].startswith("calls ")][-1:],
}


def relative(location, prefix):
    path = norm(location["path"])
    return path if prefix == "." else os.path.normpath(os.path.join(prefix, path))


def anchor(finding, prefix, labels, slack):
    """(path, line) the finding is scored at: its location, or when no label of its rule covers that, the first
    of its ALTERNATES that one covers."""
    path, line = relative(finding["location"], prefix), finding["location"]["line"]
    if labels is None or finding["ruleId"] not in ALTERNATES:
        return path, line

    def labelled(at_path, at_line):
        return any(label["rule"] == finding["ruleId"] and label["file"] == at_path
                   and abs(label["line"] - at_line) <= slack for label in labels)

    if labelled(path, line):
        return path, line
    for related in ALTERNATES[finding["ruleId"]](finding.get("related", [])):
        at = relative(related["location"], prefix), related["location"]["line"]
        if labelled(*at):
            return at
    return path, line


def findings_by_file(report, prefix, keep=SCOPES["every finding"], labels=None, slack=2):
    """The report's finding lines per (rule, path relative to the checkout), of the findings keep accepts."""
    findings = defaultdict(list)
    for finding in (f for f in report["findings"] if keep(f)):
        path, line = anchor(finding, prefix, labels, slack)
        findings[(finding["ruleId"], path)].append(line)
    return findings


def named_lines(report, prefix, keep):
    """(rule, path) -> every line a kept finding names: its location and its rule's ALTERNATES related locations."""
    named = defaultdict(set)
    for finding in (f for f in report["findings"] if keep(f)):
        rule = finding["ruleId"]
        named[(rule, relative(finding["location"], prefix))].add(finding["location"]["line"])
        for related in ALTERNATES.get(rule, lambda related: [])(finding.get("related", [])):
            named[(rule, relative(related["location"], prefix))].add(related["location"]["line"])
    return named


def owners(findings, labels, slack):
    """(rule, path, line) -> (distance, label index) of the label each finding belongs to.

    Each finding belongs to the nearest label of its rule and file within the slack (the first one listed on
    a tie): a finding on a POS line must not also count against a NEG label two lines away."""
    owner = {}
    for index, label in enumerate(labels):
        for line in findings.get((label["rule"], label["file"]), []):
            distance = abs(line - label["line"])
            key = (label["rule"], label["file"], line)
            if distance <= slack and (key not in owner or distance < owner[key][0]):
                owner[key] = (distance, index)
    return owner


def read_audit(path):
    """(project, path:line, rule) -> TP/FP/UNSURE from the audit file, if it exists."""
    audit = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                project, at, rule, verdict = line.rstrip("\n").split("\t")[:4]
                audit[(project, at, rule)] = verdict
    return audit


def declared_level(header):
    """The Java level the label file says the project declares (17 when it says none)."""
    return int(float(header.get("java", "17").split()[0].replace("1.", "", 1) or 17))


def java_level(header):
    """The level this set is scanned at: the declared one, at least 8 (what the scans of this set have always used)."""
    return max(8, declared_level(header))


def norm(path):
    return path[2:] if path.startswith("./") else path


def arguments(description, work, details):
    """The options every script over the validation set takes; returns (args, fjdoctor command, label stems)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", default="corpus/realworld/labels")
    parser.add_argument("--repos", required=True, help="directory holding one checkout per label file, named <owner>+<name>")
    parser.add_argument("--fjdoctor", default="./fjdoctor", help="command that runs fjdoctor (default ./fjdoctor)")
    parser.add_argument("--work", default=work)
    parser.add_argument("--slack", type=int, default=2)
    parser.add_argument("--only", help="comma-separated label file stems to run")
    parser.add_argument("--details", action="store_true", help=details)
    parser.add_argument("--reuse", action="store_true",
                        help="score the JSON reports already in --work instead of scanning again (after an audit)")
    parser.add_argument("--audit", default="corpus/realworld/audit.tsv",
                        help="verdicts on findings no label covers, judged after the scan (TP/FP/UNSURE)")
    args = parser.parse_args()
    command = args.fjdoctor.split()
    command[0] = os.path.abspath(command[0]) if os.path.exists(command[0]) else command[0]
    os.makedirs(args.work, exist_ok=True)
    stems = sorted(f[:-len(".labels")] for f in os.listdir(args.labels) if f.endswith(".labels"))
    if args.only:
        stems = [s for s in stems if s in args.only.split(",")]
    return args, command, stems


def projects(args, stems, rows):
    """(stem, header, labels, checkout, scan root) of each project whose checkout exists; a row for each missing one."""
    for stem in stems:
        header, labels = parse_labels(os.path.join(args.labels, stem + ".labels"))
        checkout = os.path.join(args.repos, stem)
        root = os.path.normpath(os.path.join(checkout, header.get("root", ".")))
        if not os.path.isdir(root):
            rows.append((stem, "missing checkout", "", "", ""))
            continue
        yield stem, header, labels, checkout, root


def main():
    args, command, stems = arguments(__doc__, "bench/work/realworld", "list every missed POS and every false alarm")
    totals = {scope: {rule: defaultdict(int) for rule in RULES} for scope in SCOPES}
    audit = read_audit(args.audit)
    details, rows = [], []
    for stem, header, labels, checkout, root in projects(args, stems, rows):
        level = java_level(header)
        out = os.path.abspath(os.path.join(args.work, stem + ".json"))
        if args.reuse and os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                report, wall, crash = json.load(f), 0.0, None
        else:
            report, wall, crash = scan(command, root, level, out)
        if report is None:
            rows.append((stem, "CRASH: " + crash, "%.1f" % wall, len(labels), ""))
            for scope in SCOPES:
                for label in labels:
                    if label["kind"] == "POS" and label["rule"] in RULES:
                        totals[scope][label["rule"]]["fn"] += 1
            continue
        prefix = os.path.relpath(root, checkout)
        unlabelled = 0
        for scope, keep in SCOPES.items():
            found = score(stem, labels, findings_by_file(report, prefix, keep, labels, args.slack), args.slack, audit, totals[scope],
                          details if scope == "every finding" else [], named_lines(report, prefix, keep))
            unlabelled = found if scope == "every finding" else unlabelled
        tests = sum(1 for finding in report["findings"] if in_test_code(finding))
        stats = report.get("stats", {})
        rows.append((stem, "ok", "%.1f" % wall, len(labels), f"{len(report['findings'])} findings ({tests} in test code),"
                     f" {unlabelled} unlabelled, {stats.get('files', '?')} files, {stats.get('lines', '?')} lines"))
    print("| project | scan | wall s | labels | findings |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
    print()
    print(precision_line(totals))
    for scope in SCOPES:
        print()
        print(f"Findings counted: {scope}. Labels count in every table: a POS label in test code is missed in the"
              " main-code table." if scope != "every finding" else "Findings counted: every finding.")
        print()
        print_table(totals[scope])
    if args.details:
        print()
        print("\n".join(details))


def score(stem, labels, findings, slack, audit, totals, details, named=None):
    """Adds one project's findings against its labels to {@code totals}; returns how many no label covers."""
    owner = owners(findings, labels, slack)
    matched = set()
    for index, label in enumerate(labels):
        rule = label["rule"]
        if rule not in totals:
            continue
        lines = findings.get((rule, label["file"]), [])
        hits = [line for line in lines if owner.get((rule, label["file"], line), (0, -1))[1] == index]
        matched.update((rule, label["file"], line) for line in hits)
        totals[rule]["findings " + label["kind"]] += len(hits)
        if label["kind"] == "POS":
            totals[rule]["tp" if hits else "fn"] += 1
            named_here = not hits and any(abs(line - label["line"]) <= slack
                                          for line in (named or {}).get((rule, label["file"]), ()))
            totals[rule]["named"] += 1 if hits or named_here else 0
            if named_here:
                details.append(f"  named    {stem}: {label['file']}:{label['line']} {rule} ({label['reason']})")
            elif not hits:
                details.append(f"  missed   {stem}: {label['file']}:{label['line']} {rule} ({label['reason']})")
        else:
            totals[rule]["fp" if hits else "tn"] += 1
            if hits:
                details.append(f"  false    {stem}: {label['file']}:{label['line']} {rule} ({label['reason']})")
    unlabelled = 0
    for (rule, path), lines in findings.items():
        for line in lines:
            if (rule, path, line) not in matched and rule in totals:
                totals[rule]["unlabelled"] += 1
                unlabelled += 1
                verdict = audit.get((stem, f"{path}:{line}", rule), "unaudited")
                totals[rule]["audit " + verdict] += 1
                details.append(f"  unlabelled {stem}: {path}:{line} {rule} (audit: {verdict})")
    return unlabelled


def strict_precision(t):
    """(right, reported) over every finding of one totals row: right when on a POS line or audited TP."""
    return t["findings POS"] + t["audit TP"], t["findings POS"] + t["findings NEG"] + t["unlabelled"]


def precision_line(totals):
    """The headline, strict precision over every finding, and next to it the same over main-code (production)
    findings alone, since test-code findings are notes by default and a build fails on main code only."""
    parts = []
    for scope, name in (("every finding", "all findings"), ("main code", "production findings")):
        row = defaultdict(int)
        for rule in RULES:
            for key, value in totals[scope][rule].items():
                row[key] += value
        right, reported = strict_precision(row)
        figure = "%.0f%%" % (100.0 * right / reported) if reported else "-"
        parts.append(f"{name} {figure} ({right} of {reported})")
    return "Strict precision: " + "; ".join(parts) + "."


def print_table(totals):
    print("| rule | POS | found | recall | named | recall (named) | NEG | false alarms | precision (labelled) | unlabelled findings"
          " (audited TP/FP/unsure, unaudited) | precision (labelled + audited) | findings | strict precision |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    groups = {"core (FJ1-FJ6)": RULES[:6], "FJ7-FJ13": RULES[6:], "all rules": RULES}
    for name, members in groups.items():
        totals[name] = defaultdict(int)
        for rule in members:
            for key, value in list(totals[rule].items()):
                totals[name][key] += value
    for rule in RULES + list(groups):
        t = totals[rule]
        pos, neg = t["tp"] + t["fn"], t["fp"] + t["tn"]
        recall = "%.0f%%" % (100.0 * t["tp"] / pos) if pos else "-"
        named = "%.0f%%" % (100.0 * t["named"] / pos) if pos else "-"
        precision = "%.0f%%" % (100.0 * t["tp"] / (t["tp"] + t["fp"])) if t["tp"] + t["fp"] else "-"
        good, bad = t["tp"] + t["audit TP"], t["fp"] + t["audit FP"]
        overall = "%.0f%%" % (100.0 * good / (good + bad)) if good + bad else "-"
        audited = f"{t['audit TP']}/{t['audit FP']}/{t['audit UNSURE']}, {t['audit unaudited']}"
        # Every finding counts: one on a POS line is right, one on a NEG line wrong, an unlabelled one as audited,
        # and an unaudited or UNSURE one as wrong.
        right, reported = strict_precision(t)
        strict = "%.0f%%" % (100.0 * right / reported) if reported else "-"
        print(f"| {rule} | {pos} | {t['tp']} | {recall} | {t['named']} | {named} | {neg} | {t['fp']} | {precision} | {t['unlabelled']} ({audited})"
              f" | {overall} | {reported} | {strict} |")

if __name__ == "__main__":
    main()
