// The claim registry (see registry.h).
#include "claims/registry.h"

#include "claims/proof_scopes.h"

#include <stdexcept>

namespace palcheck {

void Registry::add(Claim claim) {
  if (find(claim.label)) throw std::logic_error("duplicate claim " + claim.label);
  claims_.push_back(std::move(claim));
}

void Registry::add(Checker checker) {
  if (!find(checker.label)) throw std::logic_error("checker for unregistered claim " + checker.label);
  checkers_.push_back(std::move(checker));
}

void Registry::add(Replayer replayer) {
  if (!find(replayer.label)) throw std::logic_error("replayer for unregistered claim " + replayer.label);
  for (const Replayer& r : replayers_)
    if (r.label == replayer.label && r.scenario == replayer.scenario)
      throw std::logic_error("duplicate replayer " + r.label + "/" + r.scenario);
  replayers_.push_back(std::move(replayer));
}

void Registry::add(Checker checker, std::string scenario, std::function<ReplayOutcome(const Instance&)> replay) {
  std::string label = checker.label;
  add(std::move(checker));
  add(Replayer{std::move(label), std::move(scenario), std::move(replay)});
}

const Claim* Registry::find(const std::string& label) const {
  for (const Claim& c : claims_)
    if (c.label == label) return &c;
  return nullptr;
}

std::vector<const Checker*> Registry::checkers_for(const std::string& label) const {
  std::vector<const Checker*> out;
  for (const Checker& c : checkers_)
    if (c.label == label) out.push_back(&c);
  return out;
}

std::vector<std::string> Registry::judged_labels() const {
  std::vector<std::string> out;
  for (const Claim& c : claims_)
    if (!checkers_for(c.label).empty()) out.push_back(c.label);
  return out;
}

const Replayer* Registry::replayer_for(const Instance& instance) const {
  for (const Replayer& r : replayers_)
    if (r.label == instance.label && r.scenario == instance.scenario) return &r;
  return nullptr;
}

Checker with_scope(Checker checker, Scope scope) {
  checker.scope = scope;
  return checker;
}

CheckResult confirm_refutation(const Registry& registry, CheckResult result) {
  if (result.verdict != Verdict::Refuted) return result;
  auto demote = [&](const std::string& why) {
    result.details.emplace_back("unconfirmed refutation", result.summary);
    result.verdict = Verdict::Error;
    result.summary = why;
    result.searched.reset();
    return result;
  };
  if (!result.counterexample) return demote("REFUTED without a counterexample: not reported as a refutation");
  const Replayer* replayer = registry.replayer_for(*result.counterexample);
  if (!replayer)
    return demote("no replayer for " + result.counterexample->label + "/" + result.counterexample->scenario);
  ReplayOutcome outcome = replayer->replay(*result.counterexample);
  if (!outcome.violates)
    return demote("the reference does not confirm the counterexample (predicted " + outcome.predicted + ", computed " +
                  outcome.computed + ")");
  result.details.emplace_back("predicted", outcome.predicted);
  result.details.emplace_back("computed", outcome.computed);
  return result;
}

namespace {

// A PROVED result with what its proof takes as given, its sentence generated from it; when those
// assumptions do not cover the statement, a sub-claim that names what is left.
void scope_proof(CheckResult& r, const std::string& label) {
  r.assumptions = proof_assumptions(label, r.method);
  if (r.assumptions.empty()) return;
  if (std::optional<Assumption> model = stack_model(r.reading)) r.assumptions.insert(r.assumptions.begin(), *model);
  const std::vector<Assumption>& statement = statement_scope(label);
  std::vector<std::string> left = statement.empty() ? std::vector<std::string>{} : uncovered(statement, r.assumptions);
  r.summary += " [given: " + assumptions_text(r.assumptions) + "]";
  if (left.empty() || r.scope != Scope::Statement) return;
  r.scope = Scope::SubClaim;
  std::string text;
  for (const std::string& l : left) text += (text.empty() ? "" : "; ") + l;
  r.summary = "sub-claim only (" + text + "): " + r.summary;
  r.details.emplace_back("left of the statement", text);
}

}  // namespace

std::vector<CheckResult> run_checker(const Registry& registry, const Checker& checker, const RunConfig& config) {
  std::vector<CheckResult> results;
  try {
    for (CheckResult& r : checker.run(config)) {
      if (r.method.empty()) r.method = checker.method;
      r.scope = checker.scope;
      if (r.verdict == Verdict::Proved) scope_proof(r, checker.label);
      results.push_back(confirm_refutation(registry, std::move(r)));
    }
  } catch (const std::exception& e) {
    CheckResult r;
    r.verdict = Verdict::Error;
    r.method = checker.method;
    r.summary = std::string("checker crashed: ") + e.what();
    results.push_back(std::move(r));
  }
  return results;
}

std::vector<CheckResult> run_checkers(const Registry& registry, const std::string& label, const RunConfig& config) {
  std::vector<CheckResult> results;
  for (const Checker* checker : registry.checkers_for(label))
    for (CheckResult& r : run_checker(registry, *checker, config)) results.push_back(std::move(r));
  return results;
}

}  // namespace palcheck
