#!/usr/bin/env bash
# scripts/doc_examples.py must fail on what makes an example stale: output that differs, an exit status the doc
# does not show, an option a palcheck subcommand lacks, a missing script, a listing that is not in its file, a
# python block with no output, a pycon example whose output changed; and pass right examples ("..." included).
# usage: doc_examples_test.sh PYTHON SOURCE_DIR BUILD_DIR WORK_DIR
set -u
python=$1 source=$2 build=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*"; exit 1; }
fence='```'
cat >"$work/right.md" <<MARKDOWN
${fence}text write=greeting.txt
hello
${fence}

${fence}console
\$ cat greeting.txt
hello
\$ printf 'a\nb\nc\nd\n'
a
...
d
\$ echo "seed 12345 done"; exit 3
seed ... done
[exit 3]
${fence}

${fence}sh
palcheck verify def:relay --seed 2 --json run.json   # a synopsis: parsed, options checked
bash scripts/verify.sh
${fence}

${fence}pycon
>>> sorted({3, 1, 2})
[1, 2, 3]
${fence}

${fence}python file=python/fuzz_impl_client.py
import json, sys
${fence}
MARKDOWN
"$python" "$source/scripts/doc_examples.py" --source "$source" --build "$build" "$work/right.md" >"$work/right.log" 2>&1 ||
  { cat "$work/right.log"; fail "right examples rejected"; }
cat >"$work/stale.md" <<MARKDOWN
${fence}console
\$ echo changed
unchanged
\$ false
${fence}

${fence}sh
palcheck verify def:relay --no-such-option
bash scripts/no_such_script.sh
${fence}

${fence}python file=python/fuzz_impl_client.py
import this_is_not_in_the_file
${fence}

${fence}python
print("no output shown")
${fence}

${fence}pycon
>>> 1 + 1
3
${fence}
MARKDOWN
"$python" "$source/scripts/doc_examples.py" --source "$source" --build "$build" "$work/stale.md" >"$work/stale.log" 2>&1 &&
  fail "stale examples passed"
for what in "\$ echo changed" "\$ false" "exit 1, the doc shows 0" "has no option --no-such-option" \
  "no such script: scripts/no_such_script.sh" "not word for word" "must show its output" "Expected:"; do
  grep -qF -- "$what" "$work/stale.log" || { cat "$work/stale.log"; fail "not caught: $what"; }
done
echo "doc_examples.py: passes right examples, catches each kind of stale one"
