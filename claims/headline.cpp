// Headline counterexamples (see headline.h); lem:extAgg, lem:threshold, lem:pop_one: which scenarios judge a
// proof step or a fixed parameter rather than the statement.
#include "claims/headline.h"

#include <array>
#include <string_view>

namespace palcheck {
namespace {

struct ScenarioScope {
  std::string_view label;
  std::string_view scenario;
  Refutes refutes;
};

// Scenarios that do not judge the statement as printed.
constexpr std::array<ScenarioScope, 7> kScopes{{
    // The proof's "relay on iff the stack holds a pair within eps" under a pairing of ours.
    {"lem:extAgg", "pair-within-eps", Refutes::ProofStep},
    {"lem:extAgg", "construction-relay-vs-stack", Refutes::ProofStep},
    // eq:threshold at one eps; the statement names eps without fixing it (see threshold_every_eps.cpp).
    {"lem:threshold", "threshold", Refutes::FixedParameter},
    {"lem:threshold", "z3-threshold-at-extremum", Refutes::FixedParameter},
    {"lem:threshold", "construction-threshold", Refutes::FixedParameter},
    // The proof's argument on any stack with M_top < M_{top-1}, without "under the Cantor-depth encoding".
    {"lem:pop_one", "any-stack", Refutes::ProofStep},
    {"lem:pop_one", "z3-pop-signal", Refutes::ProofStep},
}};

std::size_t digits(const boost::multiprecision::mpz_int& z) {
  boost::multiprecision::mpz_int magnitude = z < 0 ? boost::multiprecision::mpz_int(-z) : z;
  return magnitude.str().size();
}

}  // namespace

std::size_t instance_size(const Instance& instance) {
  std::size_t size = 0;
  for (const auto& [key, values] : instance.values) {
    bool relay_part = key == "beta" || key == "beta_r" || key == "weight";
    for (const Q& q : values) {
      size += relay_part ? 0 : 1;
      size += digits(numerator(q)) + (denominator(q) == 1 ? 0 : digits(denominator(q)));
    }
  }
  return size;
}

Refutes scope_of(const Instance& instance) {
  for (const ScenarioScope& s : kScopes)
    if (s.label == instance.label && s.scenario == instance.scenario) return s.refutes;
  return Refutes::Statement;
}

const CheckResult* headline(const std::vector<CheckResult>& results) {
  const CheckResult* best = nullptr;
  std::size_t best_size = 0;
  for (const CheckResult& r : results) {
    if (r.verdict != Verdict::Refuted || !r.counterexample || r.refutes != Refutes::Statement) continue;
    std::size_t size = instance_size(*r.counterexample);
    if (!best || size < best_size) best = &r, best_size = size;
  }
  return best;
}

}  // namespace palcheck
