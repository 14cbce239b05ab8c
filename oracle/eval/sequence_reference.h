// def:pal, def:relay, rem:backprop: the exact reference over one input sequence in another
// implementation's frame (conventions.h): PAL under any reading (reading_runs.h), any relay's state at
// any token (touch_index.h), the expected output a*S + b + c*u, an enclosure of it under tanh or
// logistic smoothing (smoothed_switch.h), the token from which every relay is decided, and whether an
// output matches within tolerance: decided in doubles when the rounding errors cannot change the
// answer, otherwise exactly.
#pragma once

#include "oracle/eval/double_interval.h"
#include "oracle/eval/reading_runs.h"
#include "oracle/keyed/touch_index.h"
#include "reference/models/interval_arith.h"

#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace palcheck::oracle {

/// The reference side of one sequence under declared conventions.
class SequenceReference {
 public:
  /// No token.
  static constexpr std::size_t npos = TouchIndex::npos;

  /// The inputs and conventions are kept by reference and must outlive this. Under first_token=direction
  /// u_1 is keyed as an input beyond every threshold where its direction from u_0 moves no relay.
  SequenceReference(ReadingMeasures& measures, const std::vector<Q>& inputs, InitialState initial,
                    const Conventions& conventions);

  /// Number of tokens.
  std::size_t size() const { return u_.size(); }
  /// The inputs.
  const std::vector<Q>& inputs() const { return u_; }
  /// Their rank keys.
  const std::vector<int>& keys() const { return keys_; }
  /// The measure.
  const Measure& measure() const { return measures_.keyed().measure(); }
  /// The measure under every tie rule.
  ReadingMeasures& measures() { return measures_; }
  /// The conventions.
  const Conventions& conventions() const { return conv_; }
  /// The reading the conventions declare.
  const RelayReading& declared() const { return declared_; }
  /// Total weight of the measure.
  const Q& total() const { return measures_.total(); }

  /// PAL (sharp states {0, 1}) after every token under a reading; computed on first use.
  const PalValues& pal(const RelayReading& reading);
  /// Relay r's sharp state reported at token n under a reading.
  int state(std::size_t r, std::size_t n, const RelayReading& reading);
  /// Relay r's sharp state before token n's input (the threshold a smoothed switch waits for).
  int state_before(std::size_t r, std::size_t n, const RelayReading& reading);
  /// The token whose input last decided relay r's reported state at n (npos: it is the initial state).
  std::size_t decided_by(std::size_t r, std::size_t n, const RelayReading& reading);
  /// The first token whose reported output has every relay decided by an input (size() if none).
  std::size_t decided_from(const RelayReading& reading);

  /// The most bits a smoothed comparison is refined to; past them it is undecided, never a match.
  static constexpr unsigned kMaxSmoothingBits = 4096;

  /// The expected output in the implementation's frame at token n: a point, or under tanh or logistic
  /// smoothing an enclosure at most about 2^-(bits - kFarBits) times the total weight wide (2^-kFarBits at
  /// the default).
  QInterval expected(const RelayReading& reading, std::size_t n, unsigned bits = 80);
  /// Under tanh or logistic smoothing, an enclosure of the state relay r shows at token n (its sharp
  /// state when its input is far from the threshold it waits for, within 2^-kFarBits).
  QInterval shown_state(std::size_t r, std::size_t n, const RelayReading& reading, unsigned bits = 80);
  /// Under tanh or logistic smoothing, an enclosure in doubles of the expected output at token n (about
  /// 1e-14 wide relative to the weights: fast, not narrow).
  DoubleInterval expected_band(const RelayReading& reading, std::size_t n);
  /// Whether `actual` is within tolerance of the expected output at token n; an enclosure is refined, to
  /// kMaxSmoothingBits, until the answer is certain: nullopt for an output still on the tolerance's edge.
  std::optional<bool> matches(const RelayReading& reading, std::size_t n, const Q& actual);
  /// matches() at token n, decided in doubles when the rounding errors cannot change the answer
  /// (actual_double nearest actual, or truncated: within 2^-52 relative).
  std::optional<bool> decide(const RelayReading& reading, std::size_t n, const Q& actual, double actual_double);
  /// decide(), an undecided token counted as consistent with the reading: a diagnosis weighs a reading by
  /// the tokens it contradicts, and an undecided token contradicts none.
  bool match(const RelayReading& reading, std::size_t n, const Q& actual, double actual_double);
  /// matches() at every token, with the actual outputs also as doubles (actual_double[n] nearest actual[n]).
  std::vector<char> matches_all(const RelayReading& reading, const std::vector<Q>& actual,
                                const std::vector<double>& actual_double);
  /// Band smoothing: whether `actual` lies within tolerance of the range the declared reading's output
  /// can take when every relay within T of a threshold may be in any state in [0, 1].
  bool band_explains(std::size_t n, const Q& actual);

  /// The last token in [from, to] whose rank key is >= hi or <= lo (npos: none).
  std::size_t last_touch(int hi, int lo, std::size_t from, std::size_t to) { return touches().last(hi, lo, from, to); }
  /// The relays with alpha or beta within `radius` of u.
  std::vector<std::size_t> relays_near(const Q& u, const Q& radius) const;
  /// Whether relay r shows its sharp state at token n because the input equals, exactly, the threshold
  /// it waits for under smoothing with sharp ties.
  bool sharp_tie(std::size_t r, std::size_t n, const RelayReading& reading);

 private:
  bool states01() const { return conv_.states == StateSet::ZeroOne; }
  const TouchIndex& touches();
  std::optional<bool> fast_match(const PalValues& pal, std::size_t n, double actual, double slack) const;
  std::optional<bool> fast_smoothed_match(const RelayReading& reading, std::size_t n, double actual);
  QInterval smoothed_sum(const RelayReading& reading, std::size_t n, unsigned bits);

  ReadingMeasures& measures_;
  const std::vector<Q>& u_;
  const Conventions& conv_;
  RelayReading declared_;
  std::vector<int> keys_;
  std::vector<double> u_double_;
  std::unique_ptr<TouchIndex> touches_;
  std::map<std::tuple<int, int, int>, PalValues> pal_;
  const std::vector<std::pair<Q, std::size_t>>* sorted_thresholds_ = nullptr;  // the measure's (smoothing only)
  Q radius_;      // tanh or logistic: |u - theta| beyond which a switch is within the far bound
  double slack_ = 0;  // the far relays' bound in the implementation's frame, rounded up  // (threshold, relay), increasing
  Q abs_total_;
  double a_, b_, c_, atol_, rtol_, total_double_;
  // Under tanh or logistic smoothing: the same numbers as double enclosures, for fast_smoothed_match.
  struct Bands {
    std::vector<DoubleInterval> alpha, beta, weight, inputs;
    DoubleInterval inverse_unit, a, b, c, total, atol, rtol, far;
  };
  std::unique_ptr<Bands> bands_;
};

/// Whether |actual - e| <= atol + rtol |e| for every e in `expected` (true), for none (false), or neither.
std::optional<bool> interval_within_tolerance(const Q& atol, const Q& rtol, const Q& actual, const QInterval& expected);

/// The same with the tolerances of `c`.
std::optional<bool> interval_within_tolerance(const Conventions& c, const Q& actual, const QInterval& expected);

}  // namespace palcheck::oracle
