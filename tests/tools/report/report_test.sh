#!/usr/bin/env bash
# palcheck report, tested as a person would use it: a saved verify run, the report made twice (byte-identical),
# the Markdown variant, bad input, the figure data read back against the replay files, and the index plus
# three claim pages (a stack claim, thm:tc, a cost claim) rendered in headless Chromium with screenshots.
# usage: report_test.sh PALCHECK SOURCE_DIR WORK_DIR
set -u
palcheck=$1 source=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*"; exit 1; }

"$palcheck" verify --seed 1 --json "$work/run.json" --out "$work/replays" >/dev/null 2>"$work/verify.log" ||
  fail "verify (see $work/verify.log)"
tex="$source/../shared/paper/preisach-attention.tex"
for copy in a b; do
  "$palcheck" report --from "$work/run.json" --replays "$work/replays" --out "$work/$copy" --tex "$tex" \
    2>"$work/report_$copy.log" || fail "report $copy (see $work/report_$copy.log)"
done
grep -q "\[1/" "$work/report_a.log" || fail "no progress on stderr"
diff -r "$work/a" "$work/b" >/dev/null || fail "two reports of one saved run differ"
ls -a "$work" | grep -q '\.palcheck-' && fail "temporary folder left behind"
pages=$(ls "$work/a/claims/"*.html | wc -l)
claims=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['claims']))" "$work/run.json")
[ "$pages" -eq "$claims" ] || fail "$pages claim pages for $claims claims"
echo "report: index and $pages claim pages, byte-identical when made twice"

for copy in a b; do
  "$palcheck" report --from "$work/run.json" --replays "$work/replays" --out "$work/md_$copy" --format md \
    --tex /nonexistent/paper.tex 2>/dev/null || fail "md report $copy"
done
diff -r "$work/md_a" "$work/md_b" >/dev/null || fail "two Markdown reports differ"
[ -f "$work/md_a/index.md" ] && ls "$work/md_a/claims/"*.png >/dev/null || fail "Markdown report without index.md or PNG figures"
echo "report --format md: index.md, PNG figures, works without the paper's source"

"$palcheck" report --from "$work/missing.json" --out "$work/bad" 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$work/bad" ] || fail "a missing --from must exit 2 and write nothing"
"$palcheck" report --from "$work/run.json" --out "$work/bad" --format pdf 2>/dev/null
[ $? -eq 2 ] && [ ! -e "$work/bad" ] || fail "a bad --format must exit 2 and write nothing"

mkdir -p "$work/precious" && touch "$work/precious/keep"
"$palcheck" report --from "$work/run.json" --out "$work/precious" 2>/dev/null
[ $? -eq 2 ] && [ -f "$work/precious/keep" ] || fail "a folder that is not a report must not be replaced"

python3 "$here/figure_data_check.py" "$work/a" "$work/replays" "$work/run.json" || fail "figure data"
# The checker itself must fail on what it looks for: a page with each defect.
mkdir -p "$work/defects"
cat >"$work/defects/index.html" <<'HTML'
<!DOCTYPE html><html><head><title>defects</title><link rel="stylesheet" href="https://example.com/x.css"></head>
<body><p>x</p><a href="missing.html">m</a><img src="nope.svg" alt=""><script>console.error("boom")</script></body></html>
HTML
python3 "$here/chromium_check.py" "$work/defects" "$work/defect_screenshots" index.html >"$work/defects.log" 2>&1 &&
  fail "the Chromium check passed a page with defects"
for what in "blank page" "console error" "broken local link" "request outside the report folder"; do
  grep -q "$what" "$work/defects.log" || fail "the Chromium check missed: $what (see $work/defects.log)"
done

python3 "$here/chromium_check.py" "$work/a" "$work/screenshots" index.html claims/alg_stack.html claims/thm_tc.html \
  claims/thm_complexity_depth.html || fail "Chromium"
echo "report: ok (screenshots in $work/screenshots)"
