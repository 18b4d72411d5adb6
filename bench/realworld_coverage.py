#!/usr/bin/env python3
"""How many of the real findings on the real-world validation set get a fix: issue 12's coverage goal.

For each label file corpus/realworld/labels/<owner>+<name>.labels this script scans the checkout's root the way
bench/realworld.py does (JSON), then runs `fjdoctor fix --dry-run -q` on the same root twice, without and with
--include-review, at the Java level the label file says the project declares (a scan root below the build file
would otherwise be fixed at the default level). Nothing is written. A finding is
fixed when the fix run does not list it among the skipped findings (rule, file and line agree).

A finding is *real* when it belongs to a POS label (nearest label within --slack lines, as in realworld.py) or
the audit file judged it TP; *false* for a NEG label or an audited FP; otherwise *unsure* (audited UNSURE or not
audited). The table gives, per rule and in total, real findings and how many of them get a SAFE fix and a SAFE
or REVIEW fix, then the same over all findings. --details lists every real finding left without a fix, with the
reason fix gives. A row says so when a fix run saw another number of findings than the scan (which runs at
level 8 or above), since then "not skipped" would not mean "fixed".
"""
import os
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from realworld import RULES, arguments, declared_level, findings_by_file, java_level, norm, owners, projects, read_audit, scan  # noqa: E402
from realworld_fix import parse_summary  # noqa: E402


def fix_skips(command, root, level, review):
    """(rule, path relative to root, line, column) -> (reason, why) of every finding the fix run skips, and how
    many findings the run saw (fixes, further findings they cover, skipped); (None, error) on failure."""
    args = command + ["fix", ".", "--dry-run", "-q", "--java-level", str(level)] + (["--include-review"] if review else [])
    proc = subprocess.run(args, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        return None, (proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode])[-1]
    summary = parse_summary(proc.stderr, "")
    skips = {}
    for reason, items in summary["skipped"].items():
        for item in items:
            path, line, column = item["where"].rsplit(":", 2)
            skips[(item["rule"], os.path.normpath(path), int(line), int(column))] = (reason, item["why"])
    seen = summary["applied"] + summary["also"] + sum(len(items) for items in summary["skipped"].values())
    return (skips, seen), None


def verdict(stem, rule, path, line, labels, owner, audit):
    owned = owner.get((rule, path, line))
    if owned is not None:
        return "real" if labels[owned[1]]["kind"] == "POS" else "false"
    audited = audit.get((stem, f"{path}:{line}", rule))
    return {"TP": "real", "FP": "false"}.get(audited, "unsure")


def main():
    args, command, stems = arguments(__doc__, "bench/work/coverage", "list every real finding left without a fix")
    audit = read_audit(args.audit)
    # counts[rule][class] with class in real/false/unsure, and the same with "/safe" and "/any" for fixed ones.
    counts = {rule: defaultdict(int) for rule in RULES}
    rows, details = [], []
    for stem, header, labels, checkout, root in projects(args, stems, rows):
        report, _, crash = scan(command, root, java_level(header), os.path.abspath(os.path.join(args.work, stem + ".json")))
        if report is None:
            rows.append((stem, "scan failed: " + crash, "", "", ""))
            continue
        prefix = os.path.relpath(root, checkout)
        level = declared_level(header)
        safe, crash = fix_skips(command, root, level, review=False)
        review, crash2 = fix_skips(command, root, level, review=True) if safe is not None else (None, crash)
        if review is None:
            rows.append((stem, "fix failed: " + (crash2 or crash), "", "", ""))
            continue
        (safe, safe_seen), (review, review_seen) = safe, review
        owner = owners(findings_by_file(report, prefix), labels, args.slack)
        real = fixed_safe = fixed_any = real_fixed = 0
        for finding in sorted(report["findings"], key=lambda f: (f["location"]["path"], f["location"]["line"])):
            rule, where = finding["ruleId"], finding["location"]
            if rule not in counts:
                continue
            local = os.path.normpath(norm(where["path"]))
            path = local if prefix == "." else os.path.normpath(os.path.join(prefix, local))
            line = where["line"]
            kind = verdict(stem, rule, path, line, labels, owner, audit)
            key = (rule, local, line, where["column"])
            counts[rule][kind] += 1
            real += kind == "real"
            # A finding the SAFE run fixes has a fix too when --include-review picks a REVIEW one that fails.
            if key not in safe:
                counts[rule][kind + "/safe"] += 1
                fixed_safe += 1
            if key not in review or key not in safe:
                counts[rule][kind + "/any"] += 1
                fixed_any += 1
                real_fixed += kind == "real"
            elif kind == "real":
                reason, why = review[key]
                details.append(f"  {stem}: {path}:{line} {rule} [{reason}] {why}")
        total = len(report["findings"])
        # fix analyses the sources itself (at the declared level, the scan at 8 or above): both must see the same findings
        status = "ok" if safe_seen == review_seen == total else f"fix saw {safe_seen} / {review_seen} findings"
        rows.append((stem, status, total, f"{fixed_safe} / {fixed_any}", f"{real_fixed} of {real}"))
    print("| project | run | findings | fixed SAFE / SAFE or REVIEW | real findings fixed |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
    print()
    print("| rule | real findings | SAFE fix | SAFE or REVIEW fix | all findings | SAFE or REVIEW fix |")
    print("|---|---|---|---|---|---|")
    sums = defaultdict(int)
    for rule in RULES:
        c = counts[rule]
        everything = c["real"] + c["false"] + c["unsure"]
        fixed = c["real/any"] + c["false/any"] + c["unsure/any"]
        for key, value in (("real", c["real"]), ("safe", c["real/safe"]), ("any", c["real/any"]), ("all", everything),
                           ("all fixed", fixed)):
            sums[key] += value
        if everything:
            print(f"| {rule} | {c['real']} | {c['real/safe']} | {c['real/any']} | {everything} | {fixed} |")
    percent = lambda part, whole: "%d (%.0f%%)" % (part, 100.0 * part / whole) if whole else "0"  # noqa: E731
    print(f"| **total** | {sums['real']} | {percent(sums['safe'], sums['real'])} | {percent(sums['any'], sums['real'])}"
          f" | {sums['all']} | {percent(sums['all fixed'], sums['all'])} |")
    if args.details:
        print()
        print("Real findings without a fix:")
        print("\n".join(details))


if __name__ == "__main__":
    main()
