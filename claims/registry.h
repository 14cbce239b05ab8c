// The claim registry: every claim of the paper, its checkers and its replayers, by label.
// The claims come from one table (claims/paper_claims.cpp); each layer adds the checkers and replayers
// it owns: claims/ the replayers and reference-only checkers, proofs/ the Z3 checkers, properties/ the
// RapidCheck checkers.
#pragma once

#include "claims/claim.h"

#include <functional>
#include <string>
#include <vector>

namespace palcheck {

/// Claims, checkers and replayers, kept in the order they were added.
class Registry {
 public:
  /// Adds a claim; throws std::logic_error on a duplicate label.
  void add(Claim claim);
  /// Adds a checker; throws std::logic_error if its claim is not registered.
  void add(Checker checker);
  /// Adds a replayer; throws std::logic_error if its claim is not registered or on a duplicate (label, scenario).
  void add(Replayer replayer);
  /// Adds a checker and, under the same label, the replayer of the instances it finds (`scenario`): one
  /// label for both, so a checker's counterexamples always reach their replayer.
  void add(Checker checker, std::string scenario, std::function<ReplayOutcome(const Instance&)> replay);

  /// The claim with this label, or nullptr.
  const Claim* find(const std::string& label) const;
  /// All claims, in registration order.
  const std::vector<Claim>& claims() const { return claims_; }
  /// The checkers of one claim.
  std::vector<const Checker*> checkers_for(const std::string& label) const;
  /// The labels with at least one checker, in claim order.
  std::vector<std::string> judged_labels() const;
  /// The replayer for an instance, or nullptr.
  const Replayer* replayer_for(const Instance& instance) const;

 private:
  std::vector<Claim> claims_;
  std::vector<Checker> checkers_;
  std::vector<Replayer> replayers_;
};

/// Runs one checker; its refutations confirmed on the reference; a throw becomes an ERROR result naming it.
std::vector<CheckResult> run_checker(const Registry& registry, const Checker& checker, const RunConfig& config);

/// Runs one claim's checkers (run_checker on each, in registration order).
std::vector<CheckResult> run_checkers(const Registry& registry, const std::string& label, const RunConfig& config);

/// Replays a result's counterexample; a REFUTED result whose instance does not replay becomes ERROR.
CheckResult confirm_refutation(const Registry& registry, CheckResult result);

/// `checker` with the scope of its results declared (a proof step, a fixed parameter).
Checker with_scope(Checker checker, Scope scope);

/// A registration entry point: adds one area's (or one group's) checkers and replayers to a registry.
using Registrar = void(Registry&);

}  // namespace palcheck
