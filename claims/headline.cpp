// Headline counterexamples (see headline.h).
#include "claims/headline.h"

#include <string_view>

namespace palcheck {
namespace {

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

Generality generality(const CheckResult& result) {
  return result.method == "property" ? Generality::Generated : Generality::General;
}

const CheckResult* headline(const std::vector<CheckResult>& results,
                            const std::function<HeadlineRank(const CheckResult&)>& rank) {
  const CheckResult* best = nullptr;
  std::pair<HeadlineRank, std::size_t> best_key;
  for (const CheckResult& r : results) {
    if (r.verdict != Verdict::Refuted || !r.counterexample || r.scope != Scope::Statement) continue;
    std::pair<HeadlineRank, std::size_t> key{rank(r), instance_size(*r.counterexample)};
    if (!best || key < best_key) best = &r, best_key = key;
  }
  return best;
}

}  // namespace palcheck
