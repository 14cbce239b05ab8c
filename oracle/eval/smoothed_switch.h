// rem:backprop: a smoothed relay leaves the rationals. Its state is s(y) with y = (u - theta)/T, theta
// the threshold the relay's state waits for (alpha when off, beta when on), s the logistic function
// 1/(1 + e^-y) or (1 + tanh(y))/2 = logistic(2y). The state is carried as a closed interval of exact
// rationals that contains it (QInterval, reference/models/interval_arith.h), the ends of an Arb ball
// (reference/ball.h), so every comparison made on it is as rigorous as the exact reference's, at any
// argument (a temperature of 1e-1000 gives an argument of 1e1000: still a ball, never an overflow).
#pragma once

#include "oracle/eval/conventions.h"
#include "reference/models/interval_arith.h"

namespace palcheck::oracle {

/// |y| beyond which a smoothed state is within 2^-kFarBits of the sharp one (e^-48 < 2^-69).
inline constexpr int kFarArgument = 48;
/// The bound on |s(y) - sharp state| when |y| > kFarArgument, as a power of two.
inline constexpr int kFarBits = 69;

/// The argument y of the logistic function for input u and threshold theta: (u - theta)/T for
/// logistic smoothing, 2 (u - theta)/T for tanh.
Q smoothing_argument(const Smoothing& s, const Q& u, const Q& theta);

/// An enclosure of 1/(1 + e^-y), width at most about 2^-bits.
QInterval logistic_enclosure(const Q& y, unsigned bits);

}  // namespace palcheck::oracle
