#!/usr/bin/env python3
"""Writes the generated claim tables of README.md and docs/ from `palcheck verify --seed 1 --json`.

In every file given (`--doc FILE`, repeatable; `--readme FILE` is the same), the blocks between
`<!-- generated:NAME:begin -->` and `<!-- generated:NAME:end -->` are replaced: `counts` (the verdict
counts) and `claims` (one row per claim: label, the number the paper prints, verdict, the evidence line of
the verify table); with `--table` (the same run's standard output, wrapped at 100 columns) also `run`, an abridged copy of
that output (the rows of RUN_LABELS and two search lines, each with all its lines, and the closing count),
and `sample`, ten lines of it (the header, the first line of each row of SAMPLE_LABELS, " ..." where the
row goes on, and the closing count), so no sample run in the docs is typed in.
Each block must occur in at least one of the files. `--check` writes nothing and exits 1 when a file
differs from what the run gives (ctest's readme_tables_in_sync); exit 2 on bad input.
"""
import argparse
import json
import os
import re
import sys

ORDER = ["REFUTED", "ILL-POSED", "PROVED", "BOUNDED", "HELD", "NOT-CHECKABLE", "UNKNOWN", "TIMEOUT", "ERROR"]
EVIDENCE_CHARS = 220
# The claims the sample run in docs/verify.md shows: one or two of each kind of verdict and method.
RUN_LABELS = ["def:relay", "prop:rate_independence", "prop:wiping", "def:stack", "prop:sufficiency", "alg:stack",
              "lem:monotone", "lem:stack_ops", "thm:tc", "thm:separation", "prop:range", "prop:no_copy",
              "thm:efo", "thm:complexity", "prop:preisach_rfim", "lem:pop_one", "repair:lem:pop_one",
              "repair:thm:tc", "repair:thm:tc:library"]
RUN_SEARCHES = ["prop:sufficiency", "def:relay:well-defined"]
# README's ten-line sample: one or two claims of each verdict the paper's labels get.
SAMPLE_LABELS = ["def:relay", "prop:rate_independence", "prop:sufficiency", "lem:monotone", "thm:tc",
                 "thm:separation", "prop:no_copy", "lem:pop_one"]


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
    rows = ["| label | number | verdict | evidence |", "|---|---|---|---|"]
    for c in claims:
        rows.append(f"| {c['label']} | {c.get('number') or ''} | {c['verdict']} | {cell(c['evidence']['summary'])} |")
    return {"counts": counts_text, "claims": "\n".join(rows)}


def table_parts(table, labels, searches_wanted):
    """The table's header, its rows by label and its search lines by label, each a list of the lines it
    was wrapped into (a continuation line starts with four spaces or more), and its closing lines."""
    lines = table.splitlines()
    items = []
    for line in lines:
        if line.startswith("    ") and items:
            items[-1].append(line)
        else:
            items.append([line])
    rows = {item[0].split(" ", 1)[0]: item for item in items[2:] if item[0] and not item[0].startswith(" ")}
    searches = {item[0].strip().split(": seed ", 1)[0]: item for item in items if item[0].startswith("  ")}
    missing = [label for label in labels if label not in rows] + [s for s in searches_wanted if s not in searches]
    if len(lines) < 3 or missing:
        raise ValueError("the verify table lacks " + (", ".join(missing) or "its header"))
    return lines, rows, searches, items[-1]


def run_block(table):
    lines, rows, searches, closing = table_parts(table, RUN_LABELS, RUN_SEARCHES)
    out = [lines[0]] + [line for label in RUN_LABELS for line in rows[label]] + ["..."]
    out += ["searches (seed, cases, command to re-run):"] + [line for s in RUN_SEARCHES for line in searches[s]]
    out += ["..."] + closing
    return "```\n" + "\n".join(out) + "\n```"


def sample_block(table):
    lines, rows, _, closing = table_parts(table, SAMPLE_LABELS, [])
    out = [lines[0]] + [rows[label][0] + (" ..." if len(rows[label]) > 1 else "") for label in SAMPLE_LABELS]
    return "```\n" + "\n".join(out + closing) + "\n```"


def render(texts, generated):
    """texts: {path: text}; returns {path: updated text}."""
    updated = dict(texts)
    for name, body in generated.items():
        pattern = re.compile(r"(<!-- generated:%s:begin -->\n).*?(<!-- generated:%s:end -->)" % (name, name), re.S)
        found = False
        for path, text in updated.items():
            if pattern.search(text):
                found = True
                updated[path] = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
        if not found:
            raise ValueError(f"no file given has a generated:{name} block")
    return updated


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True, help="output of palcheck verify --seed 1 --json")
    parser.add_argument("--doc", "--readme", dest="docs", action="append", required=True,
                        help="a Markdown file to update or check (repeatable)")
    parser.add_argument("--table", help="standard output of the same verify run (renders the run block)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a file differs; write nothing")
    args = parser.parse_args()
    try:
        with open(args.json, encoding="utf-8") as f:
            report = json.load(f)
        texts = {}
        for path in args.docs:
            with open(path, encoding="utf-8") as f:
                texts[path] = f.read()
        generated = blocks(report)
        if args.table:
            with open(args.table, encoding="utf-8") as f:
                table = f.read()
            generated["run"] = run_block(table)
            generated["sample"] = sample_block(table)
        updated = render(texts, generated)
    except (OSError, ValueError, KeyError) as e:
        print(f"readme_tables: {e}", file=sys.stderr)
        return 2
    stale = [path for path in args.docs if updated[path] != texts[path]]
    if args.check:
        for path in stale:
            print(f"{path}: generated tables differ from verify --json: run scripts/readme_tables.py", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(updated[path])
        os.replace(path + ".tmp", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
