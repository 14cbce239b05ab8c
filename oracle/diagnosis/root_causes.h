// def:relay, def:pal, rem:backprop: the root causes of another implementation's failures. A failure
// report names each root cause once: a convention change (tie rule, first token, initial state,
// before_crossing, a smoothed switch's reading of exact ties, or two of them) or a defect kind (the states
// u_0 leaves the relays in: "first_token"; ratchet, drift, fractional states, one relay flipped, no number
// before the crossing or after it, a failed call: "error"), with the failing cases it explains. A
// convention change explains a case only when the reference re-run under it reproduces every output of
// the case; a defect kind only when the case's diagnosis (diagnosis.h) names it as explaining its first
// failing run; a convention change with a defect kind ("first_token+ratchet": two defects at once) only
// for a case neither explains alone, when the diagnosis of the reference re-run under the change names
// the defect kind. The causes are chosen greedily as a smallest set explaining every case: most cases
// first, a single change before a defect kind before a pair of changes before a change with a defect kind
// (so a first-token or initial-state change that explains as many cases wins over the first-token defect,
// which any states left by u_0 fit); a case nothing explains is "unexplained". A pair of changes, or a
// change with a defect kind, whose two parts are both chosen on cases of their own is no third cause: its
// cases that one part explains alone go to that part, and those only the two explain together are
// counted with each part as joint.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/eval/reading_runs.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// The declared conventions with one or two keys changed: a candidate explanation of failures.
struct ConventionChange {
  std::string cause;           ///< the keys changed, joined by "+": "tie_rule", "first_token+initial_state", ...
  nlohmann::json conventions;  ///< the changed keys with their values, as declared (e.g. {"tie_rule": "strict"})
  Conventions changed;         ///< the conventions under the change
  InitialState initial;        ///< the reference's initial state under the change
  bool pair = false;           ///< two keys changed
  std::optional<std::size_t> head = std::nullopt;  ///< MPAL: the one head it applies to (none: every head; PAL)
};

/// Every change of one key (each other tie rule, each other first-token rule, the other initial state,
/// before_crossing=undefined when it is not declared, under tanh or logistic smoothing the other reading
/// of an exact tie: sharp or smoothed), then every pair of changes of two keys.
std::vector<ConventionChange> convention_changes(const Conventions& declared, InitialState initial);

/// The indices of the changes under which the reference reproduces `actual` at every token (`undefined`
/// marks outputs that are no number; empty: none). `first_failing`, the first token that fails under the
/// declared conventions, is checked first: most changes are refuted there in one match.
std::vector<std::size_t> reproducing_changes(const std::vector<ConventionChange>& changes, ReadingMeasures& measures,
                                             const std::vector<Q>& inputs, const std::vector<Q>& actual,
                                             const std::vector<char>& undefined,
                                             std::optional<std::size_t> first_failing = std::nullopt);

/// A defect kind, in PAL or in one MPAL head.
struct DefectKind {
  std::string kind;                                ///< "ratchet", "drift", ..., "error"
  std::optional<std::size_t> head = std::nullopt;  ///< MPAL: the head whose implied PAL values show it
};

/// The defect kinds a run's diagnosis (PalSequence::diagnose) names as explaining it (evidence on the run
/// or the whole sequence; conventions are left to reproducing_changes), each in `head` (MPAL) if given.
std::vector<DefectKind> defect_kinds(const nlohmann::json& diagnosis, std::optional<std::size_t> head = std::nullopt);

/// The defect kinds (other than one relay flipped, which fits almost any short run) that the diagnosis
/// of the first failing run names once the reference is re-run under a single change: for the first
/// single change (in order) under which a defect kind accounts for the whole sequence, else for the
/// first under which the case's first failing token `first_failing` no longer differs and some defect
/// kind is named: (change index, defect kind). For a case that no change reproduces and
/// no defect kind explains alone.
std::vector<std::pair<std::size_t, std::string>> combined_changes(const std::vector<ConventionChange>& changes,
                                                                  ReadingMeasures& measures,
                                                                  const std::vector<Q>& inputs,
                                                                  const std::vector<Q>& actual,
                                                                  const std::vector<char>& undefined,
                                                                  std::size_t first_failing);

/// What may explain one failing case.
struct CaseExplanations {
  std::vector<std::size_t> changes;  ///< convention changes reproducing it (indices)
  std::vector<DefectKind> defects;   ///< defect kinds its diagnosis names
  std::vector<std::pair<std::size_t, std::string>> combined;  ///< combined_changes (when nothing else explains it)
};

/// Cases a root cause explains only together with another chosen root cause.
struct JointCases {
  std::string with;                ///< the other root cause ("ratchet")
  std::string cause;               ///< the two as one cause ("first_token+ratchet")
  std::vector<std::size_t> cases;  ///< indices into the cases, increasing
};

/// A stray cause folded into a larger one: under kStrayShare of the failing cases, and implied by it.
struct FoldedCause {
  std::string cause;               ///< the stray's own name ("initial_state+ratchet")
  std::vector<std::size_t> cases;  ///< indices into the cases, increasing
};

/// A cause explaining fewer than 1/kStrayShare of the failing cases may be folded (group_by_root_cause).
inline constexpr std::size_t kStrayShare = 50;

/// A root cause and the cases it explains.
struct RootCause {
  std::string cause;                  ///< a change's cause, a defect kind, or "unexplained"
  std::optional<std::size_t> change;  ///< the convention change (none: a defect kind or unexplained)
  std::string defect;                 ///< with a change: the defect kind diagnosed under it (else empty)
  std::vector<std::size_t> cases;     ///< indices into the cases, increasing
  std::optional<std::size_t> head = std::nullopt;  ///< MPAL: the one head it is in (none: every head; PAL)
  std::vector<JointCases> joint{};                 ///< cases it explains only with another root cause
  std::vector<FoldedCause> folded{};               ///< strays folded into it
  std::vector<std::string> also{};  ///< the other candidates that explain every case it explains: vaguer names
};

/// A smallest set of root causes (greedy) explaining every case, most cases first; each case belongs to
/// the first cause chosen that explains it (a folded pair's to the first part that explains it alone), a
/// case two chosen causes explain only together to both (as `joint`). Then a stray, a cause of fewer than
/// 1/kStrayShare of the cases, is folded into the largest cause that implies it: one whose parts (the
/// names joined by "+") it shares, or, for one relay flipped, any defect kind or change of relay states;
/// its cases stay its own, listed under the larger cause's `folded` (never "unexplained" or "error").
/// Each cause lists in `also` every other candidate that explains all of its cases (the precise name
/// wins among them by the order above; the rest are what its cases are also consistent with).
std::vector<RootCause> group_by_root_cause(const std::vector<CaseExplanations>& cases,
                                           const std::vector<ConventionChange>& changes);

/// Whether root cause `c` explains case `e`.
bool explains(const RootCause& c, const CaseExplanations& e);

/// The JSON head of a root cause: "cause", "failing_cases", for a convention change "conventions" (with a
/// defect kind, also "defect"), in one MPAL head "head", and with joint cases "joint", one entry per other
/// root cause ("with", "cause": the two as one, "failing_cases"), with strays folded into it "folded" ("cause",
/// "failing_cases"), and "also_consistent_with" (`also`) when not empty.
nlohmann::json root_cause_json(const RootCause& c, const std::vector<ConventionChange>& changes);

}  // namespace palcheck::oracle
