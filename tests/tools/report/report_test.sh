#!/usr/bin/env bash
# palcheck report, tested as a referee would use it: a whole-paper verify run, its report without --tex (in
# palcheck's own words) and with --tex (statements quoted and typeset), each made twice (byte-identical);
# the Markdown variant; bad input (exit 2, nothing written); the figure data read back against the replay
# files; and every page and figure of both reports loaded in headless Chromium (chromium_check.py), which
# must itself fail on pages made with each defect it looks for (among them a missing table of contents, raw
# TeX scripts in palcheck's own sentences, a PROVED page without its mutants, figure numbers out of order).
# Without chromium the browser part is skipped (exit 77, said on standard output). Screenshots, the summary
# page's among them, are left in WORK_DIR/screenshots-*/.
#
# The TeX given to --tex is paper_excerpt.tex, a small paper written for this test (the user's copy of the
# paper is not part of the source tree); when PALCHECK_PAPER_TEX names a readable file (the paper itself),
# the report made with it is checked the same way.
# With RUN_DIR (a whole-paper `verify --seed 1 --json RUN_DIR/run.json --out RUN_DIR/replays` made before,
# ctest's shared whole_paper_seed1), its run is copied rather than made again.
# usage: report_test.sh PALCHECK SOURCE_DIR WORK_DIR [RUN_DIR]
set -u
palcheck=$1 source=$2 work=$3 made=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAILED: $*"; exit 1; }

if [ -n "$made" ]; then
  cp "$made/run.json" "$work/run.json" && cp -r "$made/replays" "$work/replays" || fail "no whole-paper run in $made"
else
  "$palcheck" verify --seed 1 --json "$work/run.json" --out "$work/replays" >/dev/null 2>"$work/verify.log" ||
    fail "verify (see $work/verify.log)"
fi
claims=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['claims']))" "$work/run.json")

# Makes the report twice into $work/NAME and $work/NAME-again, checks they are equal, complete and clean.
make_report() {
  local name=$1; shift
  for copy in "$name" "$name-again"; do
    "$palcheck" report --from "$work/run.json" --replays "$work/replays" --out "$work/$copy" "$@" \
      2>"$work/$copy.log" || fail "report $copy (see $work/$copy.log)"
  done
  grep -q "\[1/" "$work/$name.log" || fail "$name: no progress on stderr"
  diff -r "$work/$name" "$work/$name-again" >/dev/null || fail "$name: two reports of one saved run differ"
  ls -a "$work" | grep -q '\.palcheck-' && fail "$name: temporary folder left behind"
  local pages
  pages=$(ls "$work/$name/claims/"*.html | wc -l)
  [ "$pages" -eq "$claims" ] || fail "$name: $pages claim pages for $claims claims"
  echo "report $name: index and $pages claim pages, byte-identical when made twice"
}

make_report words
grep -q -- "--tex PAPER.tex" "$work/words/index.html" || fail "words: the first page does not say how to quote the paper"
[ -f "$work/words/katex/katex.min.js" ] && [ -f "$work/words/math.js" ] ||
  fail "words: palcheck's own formulas, yet KaTeX not bundled"
grep -qF 'class="math">R^{1\times d}' "$work/words/claims/def_mpal.html" ||
  fail "words: def:mpal's statement in our words has no formula for KaTeX"

make_report quoted --tex "$here/paper_excerpt.tex"
grep -q "As printed in the paper" "$work/quoted/claims/def_relay.html" || fail "quoted: def:relay's statement not quoted"
grep -q "This label does not occur" "$work/quoted/claims/thm_efo.html" || fail "quoted: a label the TeX lacks not said"
[ -f "$work/quoted/katex/katex.min.js" ] && [ -f "$work/quoted/math.js" ] || fail "quoted: KaTeX not bundled"
grep -q "Test Excerpt on Hysteretic Attention" "$work/quoted/index.html" || fail "quoted: the paper's title not used"

for copy in md md-again; do
  "$palcheck" report --from "$work/run.json" --replays "$work/replays" --out "$work/$copy" --format md \
    2>/dev/null || fail "md report $copy"
done
diff -r "$work/md" "$work/md-again" >/dev/null || fail "two Markdown reports differ"
[ -f "$work/md/index.md" ] && ls "$work/md/claims/"*.png >/dev/null || fail "Markdown report without index.md or PNG figures"
echo "report --format md: index.md and PNG figures, byte-identical when made twice"

# Bad input: exit 2, nothing written, and a message that says what to do.
expect_refusal() {
  local what=$1 message=$2; shift 2
  "$palcheck" report "$@" --out "$work/bad" >/dev/null 2>"$work/bad.log"
  local status=$?
  [ $status -eq 2 ] && [ ! -e "$work/bad" ] && [ ! -e "$work/bad.partial" ] ||
    fail "$what: exit $status (want 2) or something written"
  grep -q -- "$message" "$work/bad.log" || fail "$what: message lacks '$message' (see $work/bad.log)"
}
expect_refusal "a missing --from" "" --from "$work/missing.json"
expect_refusal "a bad --format" "" --from "$work/run.json" --format pdf
expect_refusal "a missing --tex" "cannot read" --from "$work/run.json" --tex "$work/missing.tex"
expect_refusal "a folder as --tex" "folder" --from "$work/run.json" --tex "$work"
printf 'no labels here\n' >"$work/other.tex"
expect_refusal "a --tex without any claim label" "none of the claims' labels" --from "$work/run.json" --tex "$work/other.tex"
"$palcheck" verify def:relay prop:wiping --shard 1/2 --json "$work/shard.json" >/dev/null 2>&1 || fail "verify --shard"
expect_refusal "a shard's file" "palcheck merge" --from "$work/shard.json"
echo "report: bad input refused (exit 2, nothing written)"

mkdir -p "$work/precious" && touch "$work/precious/keep"
"$palcheck" report --from "$work/run.json" --out "$work/precious" 2>/dev/null
[ $? -eq 2 ] && [ -f "$work/precious/keep" ] || fail "a folder that is not a report must not be replaced"

python3 "$here/figure_data_check.py" "$work/words" "$work/replays" "$work/run.json" || fail "figure data"

if [ ! -x "${PALCHECK_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "SKIPPED: ${PALCHECK_CHROMIUM:-/usr/bin/chromium} not found: the reports were made and checked, but not" \
    "opened in a browser (install chromium, or set PALCHECK_CHROMIUM)"
  exit 77
fi

# The checker must fail on each defect it looks for: pages and figures made with them.
defects="$work/defects"
mkdir -p "$defects"
cat >"$defects/index.html" <<'HTML'
<!DOCTYPE html><html><head><title>defects</title><link rel="stylesheet" href="https://example.com/x.css"></head>
<body><p>x</p><a href="missing.html">m</a><img src="nope.svg" alt=""><script>console.error("boom")</script></body></html>
HTML
cat >"$defects/tex.html" <<'HTML'
<!DOCTYPE html><html><head><title>raw</title></head><body>
<p>See Section~\ref{sec:tc} and the result {"answer":"sat"} for a formula $x^2$ that was never typeset.</p>
<p><span class="math">\alpha</span> stays untypeset, and <code>\ref{ok}</code> in code is fine.</p>
<p>Figure 2: numbered before Figure 1 on this page.</p><figure><figcaption>Figure 1: x</figcaption></figure>
<p class="ours">In our words: if M_i &gt; m_i and M_{i+1} then</p>
<p>Padding so that the page is not blank. Padding so that the page is not blank. Padding so that the page is
not blank. Padding so that the page is not blank. Padding so that the page is not blank.</p></body></html>
HTML
cat >"$defects/figures.gp" <<'GNUPLOT'
set terminal svg size 760,430
set key outside right top
set output "one_point.svg"
$one << EOD
1 1
EOD
plot $one with points title "one"
set output "wide_legend.svg"
plot x title "a legend entry far wider than a quarter of the whole figure width"
set output "empty.svg"
set xrange [0:1]
set yrange [0:1]
plot 5 title "off the axes"
GNUPLOT
mkdir -p "$defects/claims"
cat >"$defects/claims/prop_x.html" <<'HTML'
<!DOCTYPE html><html><head><title>proved</title></head><body><h1>prop:x PROVED</h1>
<p>A proof without its mutants. Padding so that the page is not blank. Padding so that the page is not blank.
Padding so that the page is not blank. Padding so that the page is not blank. Padding so that it is not.</p>
</body></html>
HTML
cat >"$defects/run.json" <<'JSON'
{"claims": [{"label": "prop:x", "verdict": "PROVED", "evidence": {"results": [{"verdict": "PROVED",
  "mutants": {"summary": "1 of 1 refuted", "list": [{"name": "tie order flipped", "refuted": true}]}}]}}]}
JSON
(cd "$defects" && gnuplot figures.gp) >"$work/defects-gnuplot.log" 2>&1 ||
  fail "gnuplot could not draw the defect figures"
python3 "$here/chromium_check.py" --run "$defects/run.json" "$defects" "$work/screenshots-defects" index.html \
  tex.html claims/prop_x.html one_point.svg wide_legend.svg empty.svg >"$work/defects.log" 2>&1 &&
  fail "the Chromium check passed pages with defects"
for what in "blank page" "console error" "broken local link" "request outside the report folder" \
  "raw TeX \\\\ref" "raw TeX ~\\\\" "raw JSON" "untypeset formula (raw" "untypeset formula (KaTeX" \
  "single point" "legend" "empty figure" "no table of contents" "raw TeX script" "untypeset formula in our words" \
  "figures not numbered" "PROVED page shows 0 mutants"; do
  grep -q "$what" "$work/defects.log" || fail "the Chromium check missed: $what (see $work/defects.log)"
done
echo "chromium check: catches every defect it looks for"

check_in_chromium() {
  local name=$1
  python3 "$here/chromium_check.py" --shots claims/alg_stack.html,claims/thm_tc.html,claims/lem_pop_one.html \
    --run "$work/run.json" "$work/$name" "$work/screenshots-$name" >"$work/chromium-$name.log" 2>&1 ||
    { cat "$work/chromium-$name.log"; fail "Chromium on the $name report"; }
  tail -1 "$work/chromium-$name.log"
  echo "summary page of the $name report: $work/screenshots-$name/summary.png"
}
check_in_chromium words
check_in_chromium quoted

if [ -n "${PALCHECK_PAPER_TEX:-}" ]; then
  if [ -r "$PALCHECK_PAPER_TEX" ]; then
    make_report paper --tex "$PALCHECK_PAPER_TEX"
    check_in_chromium paper
  else
    echo "PALCHECK_PAPER_TEX=$PALCHECK_PAPER_TEX is not readable: the report with the paper itself is not checked"
  fi
fi
echo "report: ok"
