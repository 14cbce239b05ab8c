// def:pal, def:relay, prop:wiping, prop:rpm, rem:backprop: why another implementation's PAL outputs
// differ from the reference under its declared conventions, for every maximal run of differing
// tokens of a sequence. Every cause consistent with the evidence is listed with that evidence, ranked:
//   - a reading one convention away (tie rule, initial state, first token) reproducing the whole
//     sequence, then one reproducing the run (oracle_readings.h, reading_runs.h);
//   - the first token's defect: the states u_0 leaves some relays in are not the reference's, and every
//     relay follows eq:relay from them on (diagnosis_first_token.cpp), after the readings it includes;
//   - a ratchet: under tanh or logistic smoothing, the outputs are rem:backprop's stateful relaxation
//     (relaxation.h), whose state carries over and creeps on, or a switch held where it has got to
//     (its state never moves back); or, model-free, with the input repeating a
//     cycle, the difference at the same phase grows from cycle to cycle while the reference repeats
//     itself (a sawtooth within the cycle is no obstacle), with the relays whose implied states rise;
//   - drift: the difference never shrinks while the input stays strictly inside some dead bands;
//   - fractional states: per relay (and tie side), one fraction in (0, 1) at the tokens where the
//     input equals its threshold (or also held after that tie), accounting for every differing token;
//   - one relay flipped;
//   - the output is undefined before every relay has met a threshold (before_crossing): named only
//     where the implementation returned no number;
//   - no number where the reference has decided every relay (undefined_output);
// else unexplained, with the relays whose state the inputs cannot decide. A run every token of which
// lies within the declared smoothing band's range is "smoothing", not a failure.
#pragma once

#include "oracle/eval/relaxation.h"
#include "oracle/eval/sequence_reference.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// A cause of a run of differing tokens, in the order of precedence among equally strong evidence.
enum class DivergenceCause {
  Rounding,
  Smoothing,
  FirstToken,
  TieRule,
  InitialState,
  Ratchet,
  Drift,
  FractionalStates,
  RelayFlip,
  BeforeCrossing,
  UndefinedOutput,
  Unexplained
};

/// The report's name of a cause: "rounding", "smoothing", "first_token", "tie_rule", "initial_state", "ratchet",
/// "drift", "fractional_states", "relay_flip", "before_crossing", "undefined_output", "unexplained".
std::string cause_name(DivergenceCause cause);

/// How a token of another implementation compares with the reference.
enum class TokenStatus {
  Agree,        ///< within tolerance
  Smoothing,    ///< outside tolerance but inside the smoothing band's range
  NotCompared,  ///< before every relay is decided, declared undefined there
  Undecided,    ///< on the tolerance's edge at every precision up to the cap: neither agree nor a failure
  Differ        ///< a failure (also an undefined output where one is expected)
};

/// A maximal run of consecutive tokens that neither agree nor go uncompared.
struct DivergentRun {
  std::size_t first = 0;  ///< first token of the run
  std::size_t last = 0;   ///< last token of the run
  bool failure = true;    ///< false when every token is explained by the smoothing band
};

/// One PAL sequence of a comparison: the reference's view of it and the other outputs.
class PalSequence {
 public:
  /// Compares `actual` (the other outputs in their own frame) with the reference over `inputs`;
  /// `undefined` marks the tokens where the implementation returned no number (empty: none). The
  /// measures, inputs, outputs and conventions must outlive this.
  PalSequence(ReadingMeasures& measures, const std::vector<Q>& inputs, const std::vector<Q>& actual,
              InitialState initial, const Conventions& conventions, std::vector<char> undefined = {});

  /// Whether no token of `actual` would have the status Differ (as status() has it): the reference under
  /// (initial, conventions) reproduces the outputs. Token `first` is compared first (where a candidate
  /// convention is most often refuted), then the others in order, stopping at the first that differs;
  /// the largest difference is not computed.
  static bool reproduces(ReadingMeasures& measures, const std::vector<Q>& inputs, const std::vector<Q>& actual,
                         InitialState initial, const Conventions& conventions, const std::vector<char>& undefined,
                         std::optional<std::size_t> first = std::nullopt);

  /// The status of every token.
  const std::vector<TokenStatus>& status() const { return status_; }
  /// Maximal runs of tokens that do not agree.
  std::vector<DivergentRun> runs() const;
  /// The diagnosis of a run: "cause" (the first of "causes", "unexplained" if none), "causes" (each
  /// with "cause", "explains": "whole_sequence", "run" or "consistent", and "evidence"),
  /// "undecidable_relays" (the relays whose state at the first differing token a convention decides).
  nlohmann::json diagnose(const DivergentRun& run);
  /// The causes of a run the readings and before_crossing give, ranked, without evidence: O(1) per run
  /// once the readings have run over the sequence (for runs past the ones diagnosed in full).
  std::vector<std::string> cause_names(const DivergentRun& run);

  /// The expected output at token n: "expected" (exact text; under tanh or logistic smoothing the
  /// double nearest a rigorous enclosure, which "expected_enclosure" gives) and "expected_double".
  nlohmann::json expected_json(std::size_t n);
  /// The expected output at token n, exact (under smoothing: the enclosure's midpoint).
  Q expected(std::size_t n);
  /// The largest |actual - expected| over the compared tokens, as a double.
  double max_abs_difference() const { return max_abs_difference_; }
  /// The reference side.
  SequenceReference& reference() { return ref_; }
  /// The other outputs.
  const std::vector<Q>& actual() const { return actual_; }
  /// Whether token n's output was undefined (no number).
  bool undefined(std::size_t n) const { return !undefined_.empty() && undefined_[n]; }

 private:
  struct Candidate {
    DivergenceCause cause;
    std::string explains;  // "whole_sequence", "run" or "consistent" (any output would be)
    int strength;  // 3: undefined outputs before the crossing; 2: the whole sequence; 1: the run; 0: anything goes
    nlohmann::json evidence;
    bool contradicted = false;  // a reading the tokens that agree with the reference contradict
    bool any_first_states = false;  // the first-token defect: the states left by u_0, whatever they are
  };
  struct Tie {
    std::size_t relay;
    int side;   // 0: at its alpha, 1: at its beta, 2: both (a diagonal relay)
    int state;  // the declared reading's sharp state
  };
  // A periodic stretch at the end of a run: `cycles` periods of length `period` from token `start`, the
  // reference repeating itself from cycle `steady` on; `last` is the window's last token.
  struct CycleWindow {
    std::size_t period, start, cycles, steady, last;
  };
  using TieFractions = std::map<std::pair<std::size_t, int>, Q>;  // (relay, side) -> its state there
  struct ReadingMatch {
    RelayReading reading;
    std::vector<std::size_t> misses;  // prefix counts of differing tokens the reading does not match
    std::size_t mismatches = 0;       // compared tokens it does not match
    std::size_t contradictions = 0;   // tokens it does not match where the implementation agrees
  };

  /// Relays listed in a cause's evidence, at most.
  static constexpr std::size_t kListedRelays = 20;

  std::vector<Candidate> candidates(const DivergentRun& run, bool detailed);
  nlohmann::json first_token_states(const DivergentRun& run);
  nlohmann::json rounding();
  bool kept_flips_fit(const Q& flips, std::size_t lo, std::size_t hi);
  std::optional<Candidate> before_crossing_candidate(const DivergentRun& run, const std::vector<std::size_t>& tokens,
                                                     bool detailed);
  nlohmann::json common_flips(const std::vector<std::size_t>& tokens);
  const std::vector<ReadingMatch>& reading_matches();
  const ReadingMatch& relaxation_match(RelaxationModel model);
  nlohmann::json relaxation_evidence(std::size_t n, bool whole, bool detailed, RelaxationModel model);
  Q apparent_pal(std::size_t n) const;
  Q apparent_expected(std::size_t n);
  Q to_paper(const Q& output, std::size_t n) const;
  Q pal_tolerance(std::size_t n) const;
  std::string why(std::size_t r, std::size_t n);
  nlohmann::json relay_json(std::size_t r) const;
  nlohmann::json reading_evidence(const RelayReading& reading, std::size_t n, bool whole);
  nlohmann::json single_flips(std::size_t n);
  nlohmann::json fractional(const DivergentRun& run, bool detailed);
  nlohmann::json fit_fractions(const std::vector<std::size_t>& tokens, const std::vector<std::vector<Tie>>& ties,
                               bool detailed);
  bool fit_new_ties(std::size_t n, const std::vector<Tie>& ties, TieFractions& f);
  nlohmann::json drift(const DivergentRun& run, bool detailed);
  nlohmann::json ratchet(const DivergentRun& run, bool detailed);
  std::optional<CycleWindow> cycle_window(const DivergentRun& run, std::size_t p);
  std::optional<std::size_t> growing_phase(const CycleWindow& w);
  nlohmann::json ratchet_relays(const CycleWindow& w, std::size_t phase, bool detailed, std::size_t& count);
  nlohmann::json undecidable(std::size_t n);
  std::vector<std::size_t> differing_tokens(const DivergentRun& run) const;

  SequenceReference ref_;
  const std::vector<Q>& actual_;
  std::vector<double> actual_double_;
  std::vector<char> undefined_;
  std::vector<TokenStatus> status_;
  std::vector<std::size_t> differ_prefix_;  // differing tokens before each token
  std::vector<ReadingMatch> readings_;
  bool readings_done_ = false;
  std::optional<ReadingMatch> relaxation_[2];  // per RelaxationModel
  std::optional<nlohmann::json> rounding_;      // rounding's evidence once computed (null: it does not reproduce)
  std::optional<std::size_t> decided_from_;
  std::map<std::size_t, Q> approximate_expected_;  // apparent_expected under tanh or logistic smoothing
  double max_abs_difference_ = 0;
};

/// Whether a cause of diagnose()'s "causes" is the first-token defect (states left by u_0), not a
/// first-token reading: it includes the readings, so it neither makes them ambiguous nor is a convention.
bool first_token_defect(const nlohmann::json& cause);

/// The simplest rational (smallest denominator, then numerator) in [lo, hi], 0 < lo <= hi.
Q simplest_between(const Q& lo, const Q& hi);

}  // namespace palcheck::oracle
