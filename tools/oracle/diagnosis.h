// def:pal, def:relay, prop:wiping: why another implementation's PAL outputs differ from
// the reference, for every maximal run of differing tokens of a sequence. Causes, tried in order:
// a smoothed switch within its declared band (not a failure), another relay reading (tie rule or
// initial state, oracle_readings.h), the first token read before u_0 is applied, drift (the
// difference creeps while the input cycles strictly inside some relays' dead bands), fractional
// relay states (relays at a tie or in their dead band whose states p/q account for the difference
// exactly), one relay flipped, else unexplained with the relays whose state the inputs cannot decide.
#pragma once

#include "reference/keyed_pal.h"
#include "tools/oracle/conventions.h"
#include "tools/oracle/oracle_readings.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace palcheck::oracle {

/// The cause of a run of differing tokens.
enum class DivergenceCause {
  Smoothing,
  TieRule,
  InitialState,
  FirstToken,
  Drift,
  FractionalStates,
  RelayFlip,
  Unexplained
};

/// The report's name of a cause: "smoothing", "tie_rule", "initial_state", "first_token", "drift",
/// "fractional_states", "relay_flip", "unexplained".
std::string cause_name(DivergenceCause cause);

/// How a token of another implementation compares with the reference.
enum class TokenStatus {
  Agree,      ///< within tolerance
  Smoothing,  ///< outside tolerance but inside the smoothing band's range
  Differ      ///< a failure
};

/// A maximal run of consecutive tokens that do not agree.
struct DivergentRun {
  std::size_t first = 0;  ///< first token of the run
  std::size_t last = 0;   ///< last token of the run
  bool failure = true;    ///< false when every token is explained by the smoothing band
};

/// One PAL sequence of a comparison: the reference's view of it and the other outputs.
class PalSequence {
 public:
  /// Runs the reference over `inputs`; `actual` are the other outputs in their own frame.
  PalSequence(const KeyedMeasure& keyed, const std::vector<Q>& inputs, const std::vector<Q>& actual,
              InitialState initial, const Conventions& conventions);

  /// The status of every token.
  const std::vector<TokenStatus>& status() const { return status_; }
  /// The reference's outputs in the implementation's frame (conventions applied).
  const std::vector<Q>& expected() const { return expected_; }
  /// Maximal runs of tokens that do not agree.
  std::vector<DivergentRun> runs() const;
  /// The diagnosis of a run, with its cause first.
  nlohmann::json diagnose(const DivergentRun& run) const;

 private:
  const KeyedMeasure& keyed_;
  const std::vector<Q>& u_;
  const std::vector<Q>& actual_;
  InitialState initial_;
  const Conventions& conv_;
  std::vector<int> keys_;
  Q total_;
  std::vector<std::vector<char>> states_;  // the reference's relay states after every token
  std::vector<Q> pal_;                     // the reference's PAL values
  std::vector<Q> expected_;
  std::vector<TokenStatus> status_;

  bool matches(std::size_t n, const Q& pal) const;
  bool smoothing_explains(std::size_t n) const;
  Q apparent_pal(std::size_t n) const;
  Q pal_tolerance(std::size_t n) const;
  std::string why(std::size_t r, std::size_t n) const;
  nlohmann::json relay_json(std::size_t r) const;
  nlohmann::json readings(const DivergentRun& run, std::vector<DivergenceCause>& causes) const;
  nlohmann::json single_flips(std::size_t n) const;
  nlohmann::json fractional(const DivergentRun& run) const;
  nlohmann::json drift(const DivergentRun& run) const;
  nlohmann::json undecidable(std::size_t n) const;
};

/// The simplest rational (smallest denominator, then numerator) in [lo, hi], 0 < lo <= hi.
Q simplest_between(const Q& lo, const Q& hi);

}  // namespace palcheck::oracle
