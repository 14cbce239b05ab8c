// eval in another implementation's frame (see frame_eval.h).
#include "oracle/eval/frame_eval.h"

#include "oracle/eval/sequence_reference.h"
#include "util/errors.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace palcheck::oracle {

bool paper_frame(const Conventions& c) {
  return c.tie == TieRule::AsPrinted && c.first_token == FirstToken::Applied && c.states == StateSet::ZeroOne &&
         c.output.a == 1 && c.output.b == 0 && c.output.c == 0 && c.smoothing.kind == SmoothingKind::None &&
         c.before_crossing == BeforeCrossing::InitialState;
}

void check_conventions_fit(const OracleProblem& p, const Conventions& c) {
  if (p.is_mpal() && (c.smoothing.kind != SmoothingKind::None || c.before_crossing != BeforeCrossing::InitialState))
    throw InputError("conventions: smoothing and before_crossing apply to PAL only, not to MPAL heads");
  if (!c.domain) return;
  for (std::size_t s = 0; s < p.size(); ++s)
    for (std::size_t n = 0; n < p.length(s); ++n) {
      std::string where = "inputs: sequence " + std::to_string(s) + ", token " + std::to_string(n);
      if (p.is_mpal())
        for (const Q& x : p.token_sequences[s][n]) check_in_domain(c, x, where);
      else
        check_in_domain(c, p.sequences[s][n], where);
    }
}

std::vector<Q> head_pal(ReadingMeasures& measures, const std::vector<Q>& signal, const Conventions& c,
                        InitialState initial) {
  SequenceReference ref(measures, signal, initial, c);
  const PalValues& values = ref.pal(ref.declared());
  std::vector<Q> out;
  out.reserve(signal.size());
  for (std::size_t n = 0; n < signal.size(); ++n) out.push_back(values.at(n));
  return out;
}

std::vector<Q> mpal_in_frame(const OracleProblem& p, std::size_t s, const Conventions& c) {
  std::size_t d = p.width();
  const std::vector<QVector>& x = p.token_sequences[s];
  std::vector<Q> out(x.size() * d, Q(0));
  for (const MpalHead& h : p.heads) {
    KeyedMeasure keyed(h.mu);
    ReadingMeasures measures(keyed);
    std::vector<Q> pal = head_pal(measures, project(h.w_in, x), c, p.initial);
    for (std::size_t n = 0; n < x.size(); ++n) {
      Q sum = c.states == StateSet::ZeroOne ? pal[n] : Q(2 * pal[n] - measures.total());
      for (std::size_t k = 0; k < d; ++k) out[n * d + k] += h.w_out[k] * sum;
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = c.output.a * out[i] + c.output.b + c.output.c * x[i / d][i % d];
  return out;
}

namespace {

// The double nearest a value known by enclosures that narrow with `bits`: refined until both ends round
// to one double (a value far below 2^-1074 needs more than a thousand bits to be known as 0), never
// guessed from a midpoint.
template <class F>
double nearest_of(F&& enclosure, std::size_t token) {
  for (unsigned bits = 80;; bits = std::min(2 * bits, SequenceReference::kMaxSmoothingBits)) {
    QInterval e = enclosure(bits);
    double lo = to_double(e.lo);
    if (lo == to_double(e.hi)) {
      if (lo != 0) return lo;
      return e.hi > 0 ? 0.0 : -0.0;  // a zero is negative only when no point of the enclosure is above 0
    }
    if (bits == SequenceReference::kMaxSmoothingBits)
      throw std::runtime_error("token " + std::to_string(token) + ": the double nearest the smoothed output is not "
                               "determined at " + std::to_string(bits) + " bits (it lies that near a rounding "
                               "boundary)");
  }
}

}  // namespace

BatchOutputs evaluate_in_frame(const OracleProblem& p, const Conventions& c, ValueKind kind) {
  check_conventions_fit(p, c);
  bool exact = kind != ValueKind::Double, approx = kind != ValueKind::Exact;
  if (exact && !rational_outputs(c))
    throw InputError("--convention smoothing=" + to_string(c.smoothing) +
                     ": the outputs are not rational; ask for doubles (--values double), each the double nearest "
                     "the true value");
  BatchOutputs out;
  out.width = p.width();
  if (p.is_mpal()) {
    for (std::size_t s = 0; s < p.size(); ++s) out.add(mpal_in_frame(p, s, c), exact, approx);
    return out;
  }
  KeyedMeasure keyed(p.measure);
  ReadingMeasures measures(keyed);
  for (std::size_t s = 0; s < p.size(); ++s) {
    SequenceReference ref(measures, p.sequences[s], p.initial, c);
    std::size_t defined_from =
        c.before_crossing == BeforeCrossing::Undefined ? ref.decided_from(ref.declared()) : 0;
    std::vector<Q> values;
    std::vector<double> doubles;
    for (std::size_t n = 0; n < ref.size(); ++n) {
      if (exact) values.push_back(n < defined_from ? Q(0) : ref.expected(ref.declared(), n).lo);
      if (approx)
        doubles.push_back(n < defined_from ? 0.0
                          : exact          ? to_double(values.back())
                                           : nearest_of([&](unsigned bits) { return ref.expected(ref.declared(), n, bits); }, n));
    }
    if (exact) out.exact.push_back(std::move(values));
    if (approx) out.approx.push_back(std::move(doubles));
    if (defined_from > 0) {
      std::vector<char> undefined(ref.size(), 0);
      std::fill(undefined.begin(), undefined.begin() + static_cast<std::ptrdiff_t>(defined_from), 1);
      out.undefined.resize(p.size());
      out.undefined[s] = std::move(undefined);
    }
  }
  return out;
}

}  // namespace palcheck::oracle
