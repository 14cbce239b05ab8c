#!/usr/bin/env python3
"""Writes README's generated claim tables from `palcheck verify --seed 1 --json`.

The blocks between `<!-- generated:NAME:begin -->` and `<!-- generated:NAME:end -->` are replaced:
`counts` (the verdict counts) and `claims` (one row per claim: label, verdict, the evidence line of the
verify table). `--check` writes nothing and exits 1 when README differs from what the JSON gives
(ctest's readme_tables_in_sync); exit 2 on bad input.
"""
import argparse
import json
import re
import sys

ORDER = ["REFUTED", "ILL-POSED", "PROVED", "BOUNDED", "HELD", "NOT-CHECKABLE", "UNKNOWN", "TIMEOUT", "ERROR"]
EVIDENCE_CHARS = 220


def cell(text):
    text = " ".join(text.split()).replace("|", "\\|")
    return text if len(text) <= EVIDENCE_CHARS else text[: EVIDENCE_CHARS - 3].rstrip() + "..."


def blocks(report):
    claims = report["claims"]
    counts = {}
    for c in claims:
        counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    # A verdict missing from ORDER is still counted, never dropped.
    parts = [f"{counts[v]} {v}" for v in ORDER + sorted(set(counts) - set(ORDER)) if v in counts]
    counts_text = f"{len(claims)} claims (the paper's labels plus sub-claims and repairs of ours), seed {report['seed']}: " + ", ".join(parts) + "."
    rows = ["| label | verdict | evidence |", "|---|---|---|"]
    for c in claims:
        rows.append(f"| {c['label']} | {c['verdict']} | {cell(c['evidence']['summary'])} |")
    return {"counts": counts_text, "claims": "\n".join(rows)}


def render(readme, generated):
    for name, body in generated.items():
        pattern = re.compile(r"(<!-- generated:%s:begin -->\n).*?(<!-- generated:%s:end -->)" % (name, name), re.S)
        if not pattern.search(readme):
            raise ValueError(f"README has no generated:{name} block")
        readme = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), readme)
    return readme


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True, help="output of palcheck verify --seed 1 --json")
    parser.add_argument("--readme", required=True, help="README.md to update or check")
    parser.add_argument("--check", action="store_true", help="exit 1 when README differs; write nothing")
    args = parser.parse_args()
    try:
        with open(args.json, encoding="utf-8") as f:
            report = json.load(f)
        with open(args.readme, encoding="utf-8") as f:
            readme = f.read()
        updated = render(readme, blocks(report))
    except (OSError, ValueError, KeyError) as e:
        print(f"readme_tables: {e}", file=sys.stderr)
        return 2
    if args.check:
        if updated != readme:
            print("README's generated tables differ from verify --json: run scripts/readme_tables.py", file=sys.stderr)
            return 1
        return 0
    if updated != readme:
        with open(args.readme + ".tmp", "w", encoding="utf-8") as f:
            f.write(updated)
        import os
        os.replace(args.readme + ".tmp", args.readme)
    return 0


if __name__ == "__main__":
    sys.exit(main())
