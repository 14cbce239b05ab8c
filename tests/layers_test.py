#!/usr/bin/env python3
"""The layers include only downwards (docs/architecture.md): each folder of sources may include the folders
of its row below and nothing else of palcheck's, and only the solver wall's implementation files (smt/*.cpp)
include a solver's header, the tests held to that too: everything else builds its terms with smt/term.h. A
folder of sources that no row names fails too, so a new folder is placed before it is used.
Prints every offending line; exit 1 when there is one."""
import os
import re
import sys

# folder: (the palcheck folders it may include besides itself, the outside headers it may not include)
REFERENCE = ["reference", "reference/models"]
CLAIMS = ["claims", "claims/constructions", "claims/physics"]
ORACLE_BELOW_STAGES = ["oracle/keyed", "util"] + REFERENCE
ORACLE = ["oracle/keyed", "oracle/formats", "oracle/eval", "oracle/diagnosis", "oracle/stream", "oracle/fuzz",
          "oracle/transformer"]
NO_CHECKERS = ["z3", "cvc5", "rapidcheck", "gtest", "CLI/"]
LAYERS = {
    "util": ([], NO_CHECKERS + ["nlohmann", "boost", "gmp"]),
    "reference": ([], NO_CHECKERS + ["nlohmann"]),
    "reference/models": (["reference"], NO_CHECKERS + ["nlohmann"]),
    "claims": (["util"] + REFERENCE, NO_CHECKERS),
    "claims/constructions": (["claims"] + REFERENCE, NO_CHECKERS),
    "claims/physics": (["claims"] + REFERENCE, NO_CHECKERS),
    "smt": (["util", "claims"] + REFERENCE, ["rapidcheck", "gtest", "CLI/"]),
    "proofs": (["smt", "util"] + CLAIMS + REFERENCE, ["rapidcheck", "gtest", "CLI/"]),
    "properties": (CLAIMS + REFERENCE, ["z3", "cvc5", "gtest", "CLI/"]),
    "oracle/keyed": (REFERENCE, NO_CHECKERS),
    "oracle/formats": (ORACLE_BELOW_STAGES, NO_CHECKERS),
    "oracle/eval": (["oracle/formats"] + ORACLE_BELOW_STAGES, NO_CHECKERS),
    "oracle/diagnosis": (["oracle/eval", "oracle/formats"] + ORACLE_BELOW_STAGES, NO_CHECKERS),
    "oracle/stream": (["oracle/eval", "oracle/formats"] + ORACLE_BELOW_STAGES, NO_CHECKERS),
    "oracle/transformer": (["oracle/eval", "oracle/formats"] + ORACLE_BELOW_STAGES, NO_CHECKERS),
    "oracle/fuzz": (["oracle/diagnosis", "oracle/eval", "oracle/formats"] + ORACLE_BELOW_STAGES, NO_CHECKERS),
    "tools/report": (ORACLE + ["util"] + CLAIMS + REFERENCE, NO_CHECKERS),
    "tools/cli": (["tools/report"] + ORACLE + ["smt", "proofs", "properties", "util"] + CLAIMS + REFERENCE,
                  ["z3", "cvc5", "gtest"]),
    "tools/bench": (["tools/cli", "tools/report"] + ORACLE + ["smt", "proofs", "properties", "util"] + CLAIMS +
                    REFERENCE, ["z3", "cvc5"]),
    "python": (ORACLE + ["util"] + REFERENCE, NO_CHECKERS),
    "fuzz": (["tools/cli", "tools/report"] + ORACLE + ["util"] + CLAIMS + REFERENCE, ["z3", "cvc5", "rapidcheck", "gtest"]),
}
SKIPPED = ("tests", "examples", "build", ".git", "node_modules")
# The solvers' headers, and the folder whose .cpp files alone may include them.
SOLVERS = ("z3", "cvc5")
SOLVER_FOLDER = "smt"
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')


def solver_includes_outside_the_wall():
    """Every include of a solver's header outside smt/*.cpp, the tests' folders included."""
    bad = []
    for folder, names, files in os.walk("."):
        names[:] = sorted(n for n in names if n == "tests" or not n.startswith(SKIPPED))
        folder = os.path.normpath(folder)
        for name in sorted(f for f in files if f.endswith((".h", ".cpp"))):
            if folder == SOLVER_FOLDER and name.endswith(".cpp"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if m and m.group(1).startswith(SOLVERS):
                        bad.append(f"only smt/*.cpp may include a solver: {path}:{number}: {line.strip()}")
    return bad


PY_IMPORT = re.compile(r"^\s*from\s+\.(\w*)\s+import\s+(.+)$")


def module_graph():
    """Modules and what each imports: C++ by its includes (x.h and x.cpp one module), Python by relative
    imports within the package (inside functions too)."""
    graph = {}
    for folder, names, files in os.walk("."):
        names[:] = sorted(n for n in names if not n.startswith(SKIPPED))
        folder = os.path.normpath(folder)
        for name in sorted(files):
            path = os.path.join(folder, name)
            stem, ext = os.path.splitext(os.path.normpath(path))
            if ext in (".h", ".cpp"):
                edges = graph.setdefault(stem, set())
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        for target in (os.path.normpath(os.path.join(folder, m.group(1))), m.group(1)):
                            if os.path.isfile(target):
                                edges.add(os.path.splitext(os.path.normpath(target))[0])
                                break
            elif ext == ".py" and os.path.isfile(os.path.join(folder, "__init__.py")):
                edges = graph.setdefault(stem, set())
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = PY_IMPORT.match(line)
                        if not m:
                            continue
                        targets = [m.group(1)] if m.group(1) else [t.strip().split(" as ")[0]
                                                                   for t in m.group(2).strip("()").split(",")]
                        for t in targets:
                            if os.path.isfile(os.path.join(folder, t + ".py")):
                                edges.add(os.path.join(folder, t))
    for stem in graph:
        graph[stem].discard(stem)
    return graph


def import_cycles():
    """One line per cycle of modules that import each other (each cycle once, from its least module)."""
    graph, bad, seen = module_graph(), [], set()
    for start in sorted(graph):
        stack, path = [(start, iter(sorted(graph[start])))], [start]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                continue
            if child == start:
                cycle = tuple(path)
                if min(cycle) == start and frozenset(cycle) not in seen:
                    seen.add(frozenset(cycle))
                    bad.append("modules import each other: " + " -> ".join(cycle + (start,)))
            elif child not in path and child > start and child in graph:
                stack.append((child, iter(sorted(graph[child]))))
                path.append(child)
    return bad


def main(root):
    os.chdir(root)
    bad = []
    for folder, names, files in os.walk("."):
        names[:] = sorted(n for n in names if not n.startswith(SKIPPED))
        folder = os.path.normpath(folder)
        sources = sorted(f for f in files if f.endswith((".h", ".cpp")))
        if not sources:
            continue
        if folder not in LAYERS:
            bad.append(f"{folder}: a folder of sources that no layer names (tests/layers_test.py)")
            continue
        inside, outside = LAYERS[folder]
        for name in sources:
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target = m.group(1)
                    where = f"{path}:{number}: {line.strip()}"
                    if any(target.startswith(o) for o in outside):
                        bad.append(f"{folder} may not include {target}: {where}")
                        continue
                    relative = os.path.normpath(os.path.join(folder, target))
                    resolved = relative if os.path.isfile(relative) else target
                    if not os.path.isfile(resolved):
                        continue  # a library's header
                    home = os.path.dirname(os.path.normpath(resolved))
                    if home != folder and home not in inside:
                        bad.append(f"{folder} may not include {home}/: {where}")
    bad += solver_includes_outside_the_wall()
    bad += import_cycles()
    for line in bad:
        print(line)
    if not bad:
        print("layers: every include points down")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
