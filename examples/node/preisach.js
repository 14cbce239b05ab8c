// A Preisach model in JavaScript, the kind palcheck's differential tester meets in the wild: relays in
// states -1/+1, output 0.5 * sum_r w_r s_r + 1, optionally smoothed with tanh at a temperature. It
// speaks fuzz-impl's process protocol: one JSON request per line on standard input ({"relays":
// [[alpha, beta, weight], ...], "inputs": [u_0, ...], ...}), one reply per line on standard output
// ({"outputs": [y_0, ...]}; NaN is written as null). It keeps its own conventions and ignores the
// request's. Usage: node preisach.js [--smoothing T] [--defect NAME[+NAME...]]; the defects are planted on
// purpose, two or more at once joined by "+" (e.g. strict+skip-first):
//   skip-first       the first input never reaches the relays
//   strict           strict comparisons: u > alpha switches on, u < beta off
//   half-tie         a relay whose threshold equals the input shows state 0, half way between -1 and +1
//   undefined-start  a relay's state is NaN until the input first reaches one of its thresholds
//   ratchet          (with --smoothing) the stateful relaxation: a smoothed relay creeps on under
//                    repeated excursions towards its threshold that never reach it
'use strict';
const readline = require('readline');

const args = process.argv.slice(2);
const option = (name) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : undefined;
};
const defects = (option('--defect') || '').split('+');
const planted = (name) => defects.includes(name);
const temperature = option('--smoothing') ? Number(option('--smoothing')) : 0;

// The smoothed switch: (1 + tanh(x / T)) / 2 of the distance x past the threshold it waits for.
const sigma = (x) => (1 + Math.tanh(x / temperature)) / 2;

function run(relays, inputs) {
  const hard = relays.map(() => (planted('undefined-start') ? NaN : 0));  // 0/1, before the input
  const soft = relays.map(() => 0);                                        // ratchet: a state in [0, 1]
  const outputs = [];
  inputs.forEach((u, n) => {
    let sum = 0;
    relays.forEach(([alpha, beta, w], r) => {
      const before = hard[r];
      if (!(planted('skip-first') && n === 0)) {
        const on = planted('strict') ? u > alpha : u >= alpha;
        const off = planted('strict') ? u < beta : u <= beta;
        hard[r] = on ? 1 : off ? 0 : hard[r];
      }
      let p = hard[r];  // the state shown, in [0, 1]
      if (temperature > 0 && !(planted('skip-first') && n === 0)) {
        if (planted('ratchet')) {
          soft[r] = soft[r] * (1 - sigma(beta - u)) + (1 - soft[r]) * sigma(u - alpha);
          p = soft[r];
        } else {
          p = sigma(u - (before ? beta : alpha));
        }
      }
      if (planted('half-tie') && (u === alpha || u === beta)) p = 0.5;
      sum += w * (2 * p - 1);
    });
    outputs.push(0.5 * sum + 1);
  });
  return outputs;
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  process.stdout.write(JSON.stringify({ outputs: run(request.relays, request.inputs) }) + '\n');
});
