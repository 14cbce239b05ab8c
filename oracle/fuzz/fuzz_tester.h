// def:relay, def:pal, prop:wiping, prop:rate_independence, ref:congruency: one case of fuzz-impl run on the implementation
// and checked against the exact reference (fuzz_impl.h): the outcome, the property a failing case breaks,
// and the convention changes and defect kinds that explain it.
#pragma once

#include "oracle/diagnosis/root_causes.h"
#include "oracle/fuzz/fuzz_options.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::oracle::fuzz {

/// One run of the implementation on a case, checked against the reference.
struct Outcome {
  ImplReply reply;            ///< what the implementation answered
  bool fails = false;         ///< a token differs, or the call failed
  bool undecided = false;     ///< no token fails, but one is on the tolerance's edge at every precision
  std::size_t token = 0;      ///< first failing token
  nlohmann::json diagnosis;   ///< of the first failing run (null for errors)
  std::string cause;          ///< its cause ("error" for a failed call)
  bool ambiguous = false;     ///< two conventions reproduce the whole sequence equally
  nlohmann::json expected;    ///< at `token`: expected_json
  std::vector<Q> sharp;       ///< the reference's sharp PAL values under the declared reading
};

/// A measure keyed for the reference (fuzz_tester.cpp).
struct MeasureState;

/// Runs cases on the implementation and checks them against the reference, counting the calls.
class Tester {
 public:
  /// Both outlive the tester.
  Tester(const Implementation& impl, const FuzzOptions& o);
  ~Tester();

  /// The implementation's run on (mu, u), checked against the reference under the declared conventions.
  Outcome run(const Measure& mu, const std::vector<Q>& u);

  /// The property a failing case breaks, checked in this order: an error; an undefined output; the tie
  /// rule or the initial state (a reading one convention away reproduces the whole sequence); rate
  /// independence (repeating a token changes the implementation's other outputs); return-point memory
  /// (it returns to an input with the same memory but another output); wiping-out (the memory's extrema
  /// alone give another output); congruency (equal input segments with equal reference increments get
  /// unequal increments).
  std::string classify(const Measure& mu, const std::vector<Q>& u, const Outcome& out);

  /// The implementation's calls so far.
  std::size_t calls() const { return calls_; }

  /// What explains a failing case: the convention changes the reference re-run under reproduces, and
  /// the defect kinds its diagnosis names.
  CaseExplanations explain(const Measure& mu, const std::vector<Q>& u, const Outcome& out,
                           const std::vector<ConventionChange>& changes);

 private:
  ImplReply run_plain(const Measure& mu, const std::vector<Q>& u);
  MeasureState& measure_state(const Measure& mu);

  const Implementation& impl_;
  const FuzzOptions& o_;
  std::size_t calls_ = 0;
  std::vector<std::pair<std::vector<WeightedRelay>, std::unique_ptr<MeasureState>>> states_;
};

}  // namespace palcheck::oracle::fuzz
