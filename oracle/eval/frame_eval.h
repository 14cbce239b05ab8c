// def:pal, def:mpal, def:relay, rem:backprop: `palcheck eval` in another implementation's frame. The
// outputs are the exact reference under the declared conventions (conventions.h): the tie rule and
// first-token reading (reading_runs.h), states {-1, +1}, the affine output map, and under tanh or
// logistic smoothing the double nearest the true value, from an enclosure narrow enough to round
// (sequence_reference.h); before every relay is decided, under before_crossing=undefined, no value.
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/eval/reading_runs.h"

#include <vector>

namespace palcheck::oracle {

/// Whether the conventions leave eval's outputs as the paper's (column order, domain and tolerances aside).
bool paper_frame(const Conventions& c);

/// InputError when the problem and the conventions do not fit: an input outside the declared domain
/// (naming sequence and token), or smoothing or before_crossing declared for MPAL.
void check_conventions_fit(const OracleProblem& problem, const Conventions& c);

/// The outputs under the conventions: exact values (kind Exact or Both) unless the smoothing is tanh
/// or logistic (InputError then), nearest doubles (Double or Both), and `undefined` per token.
BatchOutputs evaluate_in_frame(const OracleProblem& problem, const Conventions& c, ValueKind kind);

/// One head's PAL (paper's frame) after every token of its signal W_I^(h) x, under the tie rule and
/// first-token rule of `c` and `initial` (first_token=direction keyed as SequenceReference keys it).
std::vector<Q> head_pal(ReadingMeasures& measures, const std::vector<Q>& signal, const Conventions& c,
                        InitialState initial);

/// MPAL of sequence s under the declared reading in the implementation's frame: a * (sum_h W_O^(h)
/// S_h) + b + c * x_n component-wise, S_h = PAL_h (states 01) or 2 PAL_h - (total weight of head h).
std::vector<Q> mpal_in_frame(const OracleProblem& problem, std::size_t s, const Conventions& c);

}  // namespace palcheck::oracle
