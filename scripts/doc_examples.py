#!/usr/bin/env python3
"""Runs the examples of README.md and docs/*.md and compares them with the output they show.

The convention (docs/architecture.md, "Examples in the docs"), by the fenced block's info string:

  ```console       run: each "$ command" runs in bash; the lines after it, up to the next "$ ", are its
                   output (standard output and error together). "..." in a line matches any text; a line
                   that is only "..." matches any number of lines; a last line "[exit N]" is the exit
                   status expected (otherwise 0). A command may continue on lines ending with "\\".
  ```pycon         run with Python's doctest (">>> " and "... " prompts, output after), ELLIPSIS on.
  ```LANG write=F  writes the block into the file F for the examples after it (a fixture: JSON, CSV, ...).
  ```LANG file=P   a listing of the source file P: the block must appear in P word for word.
  ```sh            a synopsis or a command that cannot run here (it shows no output): bash must parse it,
                   every scripts/... it names must exist, and every option it gives a palcheck subcommand
                   must be in that subcommand's --help.
  ```python        not allowed: show output (pycon) or name the file listed (file=P).
Other blocks (text, json, cmake, blocks without a language) are not examples. Blocks between
<!-- generated:NAME:begin --> and <!-- generated:NAME:end --> are checked by scripts/readme_tables.py.

The examples of one file run in order in one scratch folder, which holds links to the source's python/,
examples/ and scripts/ folders and to the build folder (build/); build/tools is on PATH (so `palcheck`
is the binary under test), build/python on PYTHONPATH, and `python3` is the interpreter running this
script (the one the module was built for).

usage: doc_examples.py --source SOURCE_DIR --build BUILD_DIR FILE.md ...
exit: 0 every example agrees, 1 one does not, 2 bad usage, 77 a pycon example needs the Python module,
which this build does not have.
"""
import argparse
import doctest
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIMEOUT = 600


class Block:
    def __init__(self, path, line, lang, attrs, text):
        self.path, self.line, self.lang, self.attrs, self.text = path, line, lang, attrs, text

    def where(self):
        return f"{self.path}:{self.line}"


def blocks_of(path):
    """The fenced blocks of a Markdown file, outside generated sections, dedented to their fence."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, generated, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"\s*<!-- generated:\w+:begin -->", line):
            generated = True
        elif re.match(r"\s*<!-- generated:\w+:end -->", line):
            generated = False
        fence = re.match(r"^(\s*)```(.*)$", line)
        if not fence:
            i += 1
            continue
        indent, info = fence.group(1), fence.group(2).strip()
        body, j = [], i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        words = info.split()
        lang = words[0] if words else ""
        attrs = dict(w.split("=", 1) for w in words[1:] if "=" in w)
        if not generated:
            out.append(Block(path, i + 1, lang, attrs, "\n".join(body) + "\n"))
        i = j + 1
    return out


def line_matches(expected, actual):
    if "..." not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual) is not None


def output_matches(expected, actual):
    """Line-wise comparison with "..." inside a line (any text) and alone on a line (any lines)."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(output_matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and output_matches(expected[1:], actual[1:])


def clean(text):
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def console_steps(text):
    """(command, expected output lines) pairs of a console block."""
    steps, command, expected, continued = [], None, [], False
    for line in text.rstrip("\n").split("\n"):
        if continued:
            command += "\n" + line
            continued = line.endswith("\\")
            continue
        if line.startswith("$ "):
            if command is not None:
                steps.append((command, expected))
            command, expected = line[2:], []
            continued = line.endswith("\\")
        elif command is None:
            raise ValueError(f"a console block starts with output, not '$ ': {line!r}")
        else:
            expected.append(line)
    if command is not None:
        steps.append((command, expected))
    return steps


def run_console(block, scratch, env):
    problems = []
    for command, expected in console_steps(block.text):
        expected = [line.rstrip() for line in expected]
        while expected and not expected[-1]:
            expected.pop()
        status = 0
        if expected and re.fullmatch(r"\[exit \d+\]", expected[-1]):
            status = int(expected.pop()[6:-1])
        try:
            done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=scratch, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            problems.append(f"$ {command}\n  ran past {TIMEOUT} s")
            continue
        actual = clean(done.stdout.decode("utf-8", "replace"))
        if done.returncode != status:
            problems.append(f"$ {command}\n  exit {done.returncode}, the doc shows {status}\n  output:\n" +
                            "\n".join("    " + a for a in actual))
        elif not output_matches(expected, actual):
            problems.append(f"$ {command}\n  the doc shows:\n" + "\n".join("    " + e for e in expected) +
                            "\n  it printed:\n" + "\n".join("    " + a for a in actual))
    return problems


def run_pycon(block, scratch, env):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, {}, block.where(), block.path, block.line)
    out = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    cwd, path = os.getcwd(), list(sys.path)
    saved_env = dict(os.environ)
    try:
        os.chdir(scratch)
        os.environ.update(env)
        sys.path[:0] = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        runner.run(test, out=out.append)
    finally:
        os.chdir(cwd)
        sys.path[:] = path
        os.environ.clear()
        os.environ.update(saved_env)
    return ["".join(out)] if runner.failures else []


def check_synopsis(block, palcheck, source):
    problems = []
    syntax = subprocess.run(["bash", "-n"], input=block.text.encode(), stderr=subprocess.PIPE)
    if syntax.returncode != 0:
        problems.append("bash cannot parse it: " + syntax.stderr.decode().strip())
    helps = {}
    for line in block.text.split("\n"):
        line = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
        for script in re.findall(r"\bscripts/[\w./-]+", line):
            if not os.path.exists(os.path.join(source, script)):
                problems.append(f"no such script: {script}")
        try:
            words = shlex.split(line.replace("\\", " "), posix=True)
        except ValueError:
            words = line.split()
        for k, word in enumerate(words):
            if os.path.basename(word) != "palcheck" or k + 1 >= len(words):
                continue
            sub = words[k + 1]
            if sub not in helps:
                done = subprocess.run([palcheck, sub, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                helps[sub] = done.stdout.decode() if done.returncode == 0 else None
                if helps[sub] is None:
                    problems.append(f"palcheck has no subcommand {sub}")
            if not helps[sub]:
                continue
            for option in words[k + 2:]:
                if option in ("|", "&&", ";", "&"):
                    break
                name = option.split("=", 1)[0].strip("[]")
                if name.startswith("--") and not re.search(re.escape(name) + r"\b", helps[sub]):
                    problems.append(f"palcheck {sub} has no option {name}")
    return problems


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    source, build = os.path.realpath(args.source), os.path.realpath(args.build)
    palcheck = os.path.join(build, "tools", "palcheck")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(build, "python") + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    failed, counts = 0, {"run": 0, "checked": 0, "fixtures": 0}
    for path in args.files:
        blocks = blocks_of(path)
        if any(b.lang == "pycon" and "palcheck_" in b.text for b in blocks):
            probe = subprocess.run([sys.executable, "-c", "import palcheck_oracle"], env=env, capture_output=True)
            if probe.returncode != 0:
                print(f"{path}: its pycon examples need the Python module palcheck_oracle, not in {build}/python")
                return 77
        with tempfile.TemporaryDirectory(prefix="palcheck-doc-") as scratch:
            for name, target in (("python", os.path.join(source, "python")), ("examples", os.path.join(source, "examples")),
                                 ("scripts", os.path.join(source, "scripts")), ("build", build)):
                os.symlink(target, os.path.join(scratch, name))
            tools = os.path.join(scratch, ".bin")
            os.mkdir(tools)
            os.symlink(sys.executable, os.path.join(tools, "python3"))
            env["PATH"] = tools + os.pathsep + os.path.join(build, "tools") + os.pathsep + os.environ.get("PATH", "")
            for b in blocks:
                problems = []
                if "write" in b.attrs:
                    with open(os.path.join(scratch, b.attrs["write"]), "w", encoding="utf-8") as f:
                        f.write(b.text)
                    counts["fixtures"] += 1
                    continue
                if "file" in b.attrs:
                    listed = os.path.join(source, b.attrs["file"])
                    if not os.path.exists(listed) or b.text.strip() not in open(listed, encoding="utf-8").read():
                        problems.append(f"not word for word in {b.attrs['file']}")
                    counts["checked"] += 1
                elif b.lang == "console":
                    problems = run_console(b, scratch, env)
                    counts["run"] += 1
                elif b.lang == "pycon":
                    problems = run_pycon(b, scratch, env)
                    counts["run"] += 1
                elif b.lang in ("sh", "bash", "shell"):
                    problems = check_synopsis(b, palcheck, source)
                    counts["checked"] += 1
                elif b.lang == "python":
                    problems = ["a python block must show its output (pycon) or name the file it lists (file=P)"]
                for p in problems:
                    print(f"{b.where()}: {p}")
                failed += bool(problems)
    print(f"{' '.join(args.files)}: {counts['run']} examples run, {counts['checked']} listings and synopses checked, "
          f"{counts['fixtures']} fixtures written: {'all agree' if not failed else str(failed) + ' disagree'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
