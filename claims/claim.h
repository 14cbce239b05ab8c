// The claim registry's vocabulary: one entry per asserting statement of the paper, and the
// checkers and replayers that judge it. Plain data and std::function: no solver, no generator.
#pragma once

#include "claims/instance.h"
#include "claims/verdict.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// One statement of the paper (or a repair of ours, labelled "repair:<label>").
struct Claim {
  std::string label;      ///< paper label, or ours (then `ours` is true)
  std::string kind;       ///< definition, lemma, proposition, theorem, corollary, remark, algorithm, table, repair
  std::string section;    ///< e.g. "sec:tc", "app:tc_aux"
  std::string statement;  ///< the claim in one sentence of our own
  std::vector<std::string> hypotheses;       ///< named hypotheses as the paper states them
  std::vector<std::string> interpretations;  ///< option names the verdict may depend on
  bool ours = false;                         ///< the label is ours (unlabelled statement or repair)
  std::string number;  ///< as the paper prints it ("Theorem 4.6", "Equation (30)"); empty for a label of ours
};

/// The cases of a search one process judges (`palcheck verify --shard i/N`): case k (from 0) when
/// k mod count = index. Every part walks the whole schedule, so case k is the same case in every part.
struct SearchPart {
  std::uint64_t index = 0;  ///< which part, 0..count-1
  std::uint64_t count = 1;  ///< how many parts (1: the whole search)
};

/// Settings every checker receives.
struct RunConfig {
  std::uint64_t seed = 1;            ///< seed of every random search
  std::uint64_t tests = 200;         ///< cases per property
  std::uint64_t max_shrinks = 5000;  ///< judge calls allowed while shrinking one counterexample
  std::uint64_t rlimit = 5'000'000;  ///< Z3 resource limit per query
  std::uint64_t query_seconds = 300;  ///< wall-clock backstop per solver call (Z3 and cvc5), far above any query under its rlimit
  std::string smt2_dir;              ///< where to dump queries as .smt2 (empty: don't)
  bool second_solver = true;         ///< proofs: cvc5 answers every query too (off for semantic mutants)
  SearchPart part;                   ///< the cases of each sharded search this process judges
  std::ostream* progress = nullptr;  ///< long searches report how far they are here (nullptr: silent)
};

/// How `palcheck verify --shard` splits a checker's work over processes.
enum class Sharding {
  ByClaim,  ///< the whole checker runs in the shard that owns its claim
  ByCase,   ///< every shard runs RunConfig::part of each search; merge_search_parts combines them
};

/// A checker: judges one claim by one method; may return one result per reading.
struct Checker {
  std::string label;   ///< the claim it judges
  std::string method;  ///< z3, property, construction, numeric, analysis, enumeration
  std::function<std::vector<CheckResult>(const RunConfig&)> run;  ///< runs the check
  Sharding sharding = Sharding::ByClaim;                          ///< how shards split it
  Scope scope = Scope::Statement;                                 ///< what its results speak about
};

/// A replayer: judges a saved instance on the reference alone.
struct Replayer {
  std::string label;                                     ///< the claim
  std::string scenario;                                  ///< Instance::scenario it understands
  std::function<ReplayOutcome(const Instance&)> replay;  ///< re-runs the instance
};

}  // namespace palcheck
