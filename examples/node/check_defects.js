// Runs `palcheck fuzz-impl` on preisach.js as written (it must pass) and with each planted defect (it
// must be found unaided under the declared conventions: the headline failure names the planted cause
// first, with a witness of at most 8 tokens and 3 relays, and that cause the one root cause of every
// failure; for the ratchet also a witness whose inputs never reach the ratcheting relay's thresholds),
// and with two defects planted at once (at most two root causes, each, and each failure's, one of the two
// planted causes or their pair; cases both shape counted with each as joint, as the summary on standard
// error says). Exit 1 when any check fails.
// Usage: node check_defects.js PATH/TO/palcheck [--max-cases N]
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const palcheck = process.argv[2];
const k = process.argv.indexOf('--max-cases');
const maxCases = k > 0 ? process.argv[k + 1] : '240';
const here = __dirname;
const sharp = ['states=pm1', 'output_map=1/2,1,0', 'domain=-1,2'];
const smooth = [...sharp, 'smoothing=tanh:1/1000'];
const cases = [
  { name: 'as written', flags: [], conventions: sharp, cause: null },
  { name: 'as written, smoothed', flags: ['--smoothing', '0.001'], conventions: smooth, cause: null },
  { name: 'skipped first token', flags: ['--defect', 'skip-first'], conventions: sharp, cause: 'first_token' },
  { name: 'strict ties', flags: ['--defect', 'strict'], conventions: sharp, cause: 'tie_rule' },
  { name: 'half switch at a tie', flags: ['--defect', 'half-tie'], conventions: sharp, cause: 'fractional_states' },
  { name: 'undefined before the first crossing', flags: ['--defect', 'undefined-start'], conventions: sharp,
    cause: 'before_crossing' },
  { name: 'sub-threshold ratchet', flags: ['--smoothing', '0.001', '--defect', 'ratchet'], conventions: smooth,
    cause: 'ratchet', shortOfThresholds: true },
  { name: 'strict ties and skipped first token', flags: ['--defect', 'strict+skip-first'], conventions: sharp,
    planted: ['tie_rule', 'first_token'] },
  { name: 'ratchet and skipped first token', flags: ['--smoothing', '0.001', '--defect', 'ratchet+skip-first'],
    conventions: smooth, planted: ['ratchet', 'first_token'] },
];

// Whether a root cause is one of the planted causes or a pair of them ("first_token+tie_rule").
const amongPlanted = (cause, planted) => String(cause).split('+').every((part) => planted.includes(part));

let failed = false;
for (const c of cases) {
  const command = [process.execPath, path.join(here, 'preisach.js'), ...c.flags].map((a) => `'${a}'`).join(' ');
  const args = ['fuzz-impl', '--command', command, '--measure', path.join(here, 'relays.csv'),
                '--max-cases', maxCases, ...c.conventions.flatMap((v) => ['--convention', v])];
  const run = spawnSync(palcheck, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  let report = null;
  try {
    report = JSON.parse(run.stdout);
  } catch (e) {
    console.log(`FAIL ${c.name}: no report (exit ${run.status}): ${run.stderr.slice(-500)}`);
    failed = true;
    continue;
  }
  const first = report.failures[0];
  const small = (f) => f.tokens <= 8 && f.relays_kept <= 3;
  const short = report.failures.find((f) => f.cause === c.cause && f.short_of_thresholds && small(f));
  let ok, what;
  const roots = (report.root_causes || []).map((r) => r.cause);
  if (c.planted) {
    // Cases both defects shape are counted with each of the two causes as joint, and the summary says so.
    const joint = (report.root_causes || []).flatMap((r) => r.joint || []);
    ok = run.status === 1 && first !== undefined && roots.length <= c.planted.length &&
        roots.every((r) => amongPlanted(r, c.planted)) &&
        report.failures.every((f) => amongPlanted(f.root_cause, c.planted)) &&
        joint.every((j) => new RegExp(`, ${j.failing_cases} more with ${j.with}[,)]`).test(run.stderr));
    what = `${report.failures.length} failure(s), root cause(s) ${JSON.stringify(roots)}, failures' root causes ` +
           JSON.stringify(report.failures.map((f) => f.root_cause));
  } else if (c.cause === null) {
    ok = run.status === 0 && report.passed;
    what = `passes ${report.cases} cases` + (first ? `; found ${first.cause} on ${JSON.stringify(first.inputs_double)}` : '');
  } else {
    // One planted defect, one root cause: every failure names it.
    ok = run.status === 1 && first !== undefined && first.cause === c.cause && first.causes[0] === c.cause &&
         small(first) && (!c.shortOfThresholds || short !== undefined) &&
         roots.length === 1 && roots[0] === c.cause && report.failures.every((f) => f.root_cause === c.cause);
    what = first === undefined ? 'nothing found'
      : `${first.property} (${first.causes.join(', ')}) at case ${first.case} of ${report.cases}, ` +
        `${first.tokens_before_shrinking} -> ${first.tokens} tokens ${JSON.stringify(first.inputs_double)}, ` +
        `${first.relays_before_shrinking} -> ${first.relays_kept} relays; ${report.failures.length} failure(s), ` +
        `root cause(s) ${JSON.stringify(roots)}` +
        (c.shortOfThresholds ? `; short of the thresholds: ${short ? JSON.stringify(short.inputs_double) : 'none'}` : '');
  }
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.name}: ${what}`);
  failed = failed || !ok;
}
process.exit(failed ? 1 : 0);
