#!/usr/bin/env python3
"""Reads the report's figure data back and compares it with the replay files of the run: the input
sequences drawn in figures 1 and 2 are the replay file's exact values, every relay state drawn in figure 2
is recomputed here from eq:relay (an independent implementation, fractions from the standard library),
the staircase ends on the diagonal at the last input, and thm:tc's side-by-side table ends at the
configuration the replay file records. Every REFUTED claim with an input sequence of two or more tokens has
figures 1 and 2; one of a single token has none (a figure of one point shows nothing).

usage: figure_data_check.py REPORT_DIR REPLAY_DIR VERIFY_JSON
"""
import glob, json, os, sys
from fractions import Fraction


def read_tsv(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if not line.startswith("#")]
    header, body = rows[0], rows[1:]
    return [dict(zip(header, r)) for r in body]


def relay_states(alpha, beta, u, initial):
    state, out = initial, []
    for x in u:
        state = 1 if x >= alpha else 0 if x <= beta else state
        out.append(state)
    return out


def stem(label):
    return label.replace(":", "_").replace("/", "_")


def main():
    report, replays, verify = sys.argv[1:4]
    problems, checked = [], 0
    for path in sorted(glob.glob(os.path.join(replays, "*.json"))):
        replay = json.load(open(path))
        s = stem(replay["label"])
        initial = 1 if replay.get("options", {}).get("initial_state") == "1" else 0
        for name in ("u", "v"):
            values = replay["values"].get(name)
            if not values:
                continue
            fig1 = os.path.join(report, "claims", f"{s}.fig1-{name}.tsv")
            fig2 = os.path.join(report, "claims", f"{s}.fig2-{name}.tsv")
            if len(values) < 2:
                drawn = glob.glob(os.path.join(report, "claims", f"{s}.fig[123]-{name}.*"))
                if drawn:
                    problems.append(f"{replay['label']}: {name} is one token, yet figures of it: {drawn}")
                checked += 1
                continue
            if not (os.path.exists(fig1) and os.path.exists(fig2)):
                problems.append(f"{replay['label']}: figures 1 and 2 of {name} missing")
                continue
            rows = read_tsv(fig1)
            drawn = [r[name] for r in rows]
            if drawn != values:
                problems.append(f"{replay['label']}: figure 1 draws {drawn}, the replay file has {values}")
            for r in rows:
                if float(Fraction(r[name])) != float(r[name + " (double)"]):
                    problems.append(f"{replay['label']}: {r[name]} drawn at {r[name + ' (double)']}")
            u = [Fraction(x) for x in values]
            stair = []
            for r in read_tsv(fig2):
                alpha, beta = Fraction(r["alpha"]), Fraction(r["beta"])
                if r["kind"] == "relay":
                    expected = relay_states(alpha, beta, u, initial)[-1]
                    if int(r["state"]) != expected:
                        problems.append(f"{replay['label']}: relay ({alpha}, {beta}) drawn {r['state']}, eq:relay gives {expected}")
                else:
                    stair.append((alpha, beta))
            if not stair or stair[-1] != (u[-1], u[-1]):
                problems.append(f"{replay['label']}: the staircase does not end at (u_n, u_n)")
            checked += 1
        if replay.get("scenario") == "printed-side-by-side":
            top = replay["options"]["top"]
            rows = read_tsv(os.path.join(report, "claims", f"{s}.fig4-printed-{top}.tsv"))
            last = rows[-1]
            if last["agree"] != "no" or ("interpreter " + last["interpreter"]) not in replay["computed"]:
                problems.append(f"{replay['label']}: figure 4 ends at {last}, the replay file says {replay['computed']}")
            checked += 1
    refuted = [c["label"] for c in json.load(open(verify))["claims"] if c["verdict"] == "REFUTED"]
    pictured = [l for l in refuted if glob.glob(os.path.join(report, "claims", stem(l) + ".fig*.svg"))
                or glob.glob(os.path.join(report, "claims", stem(l) + ".fig4-*.tsv"))]
    print(f"figure data: {checked} figures compared with replay files; {len(pictured)} of {len(refuted)} REFUTED "
          f"claims have a figure; without: {', '.join(sorted(set(refuted) - set(pictured))) or 'none'}")
    for p in problems:
        print("  " + p)
    return 1 if problems or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
