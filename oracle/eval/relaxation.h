// rem:backprop: the paper's stateful sigmoid relaxation s_{n+1} = s_n [1 - sig(beta - u_n)] +
// (1 - s_n) sig(u_n - alpha), with sig the declared smoothing's switch (tanh or logistic at T). Unlike
// the smoothed switch the conventions declare (a function of the sharp state and the input), its state
// carries over: excursions towards a threshold that never reach it add up, so it ratchets on and breaks
// return-point memory (prop:rpm). Also a held switch, whose state never moves back: while the sharp relay
// waits for alpha, s_{n+1} = max(s_n, sig(u_n - alpha)); while it waits for beta, min(s_n, sig(u_n - beta))
// (under `:sharp-ties`, sig at an exact tie is the sharp state).
// The diagnosis tests whether an implementation's outputs are either's. Every state is carried as a
// double interval rounded outwards, each switch value from an exact enclosure (smoothed_switch.h) or, far
// from the thresholds, within 2^-69 of 0 or 1: rigorous bounds at double speed.
#pragma once

#include "oracle/eval/sequence_reference.h"
#include "reference/models/interval_arith.h"

#include <vector>

namespace palcheck::oracle {

/// The relaxation over one sequence under a reading's initial state and first-token treatment.
struct Relaxation {
  std::vector<QInterval> outputs;             ///< enclosures of the output, in the implementation's frame
  std::vector<std::pair<double, double>> at;  ///< per relay, the state's enclosure after token `token`
  std::size_t token = 0;                      ///< the token `at` describes
};

/// Which carried-over state: rem:backprop's relaxation, or a switch held where it has got to.
enum class RelaxationModel { Stateful, Held };

/// Runs the relaxation over the reference's sequence (tanh or logistic smoothing only), keeping the
/// relay states after token `keep`.
Relaxation run_relaxation(SequenceReference& ref, const RelayReading& reading, std::size_t keep,
                          RelaxationModel model = RelaxationModel::Stateful);

}  // namespace palcheck::oracle
