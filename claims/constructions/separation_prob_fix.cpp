// rem:prob_fix: for i.i.d. continuous inputs an interior position is a strict local extremum with
// probability 2/3 (4 of the 6 orderings of (u_{p-1}, u_p, u_{p+1})). Exact count by enumeration, a
// sampled check with a stated tolerance, and the fraction of positions that survive in the Preisach
// memory, which is what a PAL can read (a local extremum is not a surviving one).
#include "claims/constructions/separation_parts.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <random>

namespace palcheck {
namespace {

bool strict_extremum(const Q& a, const Q& b, const Q& c) { return (b > a && b > c) || (b < a && b < c); }

bool strict_maximum(const Q& a, const Q& b, const Q& c) { return b > a && b > c; }

// The enumeration's count of triples over {1, 2, 3} whose middle satisfies `event`: the distinct
// orderings, or, with ties, every triple (the law the continuity hypothesis rules out).
enum class Triples { Orderings, WithTies };
Q fraction_of_triples(Triples triples, bool (*event)(const Q&, const Q&, const Q&)) {
  int all = 0, hits = 0;
  for (int a = 1; a <= 3; ++a)
    for (int b = 1; b <= 3; ++b)
      for (int c = 1; c <= 3; ++c) {
        if (triples == Triples::Orderings && (a == b || b == c || a == c)) continue;
        ++all;
        if (event(Q(a), Q(b), Q(c))) ++hits;
      }
  return Q(hits, all);
}

// A mutant of the enumeration is refuted when its count is no longer 2/3: the verdict depends on what it
// changes. Both change the hypothesis or the event counted, no definition of the model.
MutantResult enumeration_mutant(std::string name, std::string change, const Q& fraction) {
  const bool refuted = fraction != Q(2, 3);
  return {std::move(name), std::move(change), refuted,
          "the enumeration counts " + to_string(fraction) + (refuted ? ", not 2/3" : ", still 2/3")};
}

// Proved by enumeration: the share of the 6 orderings of three distinct values that make the middle a strict
// extremum, with the mutants of the hypothesis and of the event.
CheckResult counted_result() {
  std::array<int, 3> order{1, 2, 3};
  int orderings = 0, extremal = 0;
  do {
    ++orderings;
    if (strict_extremum(Q(order[0]), Q(order[1]), Q(order[2]))) ++extremal;
  } while (std::next_permutation(order.begin(), order.end()));
  const Q exact(extremal, orderings);
  CheckResult counted =
      exact == Q(2, 3)
          ? make_result(Verdict::Proved, "enumeration",
                        std::to_string(extremal) + " of the " + std::to_string(orderings) +
                            " orderings of three distinct values make the middle a strict extremum: "
                            "probability " +
                            to_string(exact))
          : make_result(Verdict::Error, "enumeration", "the exact count gives " + to_string(exact) + ", not 2/3");
  counted.cases = static_cast<std::uint64_t>(orderings);
  counted.hypotheses_used = {"i.i.d. continuous: ties have probability 0 and all 6 orderings are equally likely"};
  counted.interpretation = {{"extremum", "strict local maximum or minimum of (u_{p-1}, u_p, u_{p+1})"}};
  counted.mutants = {
      enumeration_mutant("ties allowed", "the hypothesis 'continuous' dropped: every triple over {1, 2, 3}, ties included",
                         fraction_of_triples(Triples::WithTies, strict_extremum)),
      enumeration_mutant("maxima only", "the event counted is a strict local maximum only",
                         fraction_of_triples(Triples::Orderings, strict_maximum)),
  };
  return counted;
}

// Sampled on uniform integers: the frequency against 2/3, and how few interior positions survive in the final
// memory, which is what PAL reads.
CheckResult sampled_result(const RunConfig& config, const std::map<std::string, std::string>& interpretation) {
  // Sampled: uniform integers in a wide range stand in for a continuous law; ties are counted apart.
  std::mt19937_64 rng(config.seed);
  std::uniform_int_distribution<long> draw(0, 1L << 40);
  const std::uint64_t samples = config.tests * 100;
  std::uint64_t hits = 0, ties = 0, surviving = 0, positions = 0;
  for (std::uint64_t s = 0; s < samples; ++s) {
    Q a(draw(rng)), b(draw(rng)), c(draw(rng));
    if (a == b || b == c || a == c)
      ++ties;
    else if (strict_extremum(a, b, c))
      ++hits;
  }
  const double frequency = static_cast<double>(hits) / static_cast<double>(samples - ties);
  const double tolerance = 5.0 * std::sqrt((2.0 / 9.0) / static_cast<double>(samples - ties));
  CheckResult sampled = std::abs(frequency - 2.0 / 3.0) <= tolerance
                            ? make_result(Verdict::Held, "numeric",
                                          "sampled frequency " + std::to_string(frequency) + " is within " +
                                              std::to_string(tolerance) + " (5 standard deviations) of 2/3")
                            : make_result(Verdict::Unknown, "numeric",
                                          "sampled frequency " + std::to_string(frequency) + " is outside 5 sigma");
  sampled.cases = samples;
  sampled.seed = config.seed;
  sampled.interpretation = interpretation;
  // What a PAL reads is the memory at the end: few positions survive there.
  for (std::uint64_t s = 0; s < config.tests; ++s) {
    std::vector<Q> u;
    for (int n = 0; n < 32; ++n) u.push_back(Q(draw(rng)));
    std::vector<Q> memory = memory_trace(u, InitialState::Off).back();
    for (std::size_t p = 1; p + 1 < u.size(); ++p, ++positions)
      if (std::find(memory.begin(), memory.end(), u[p]) != memory.end()) ++surviving;
  }
  sampled.details = {{"ties skipped", std::to_string(ties)},
                     {"interior positions of length-32 sequences still in the final Preisach memory",
                      std::to_string(surviving) + " of " + std::to_string(positions)},
                     {"note", "being a local extremum (2/3) is not surviving in the memory, which is what PAL reads"}};
  return sampled;
}

std::vector<CheckResult> check_prob_fix(const RunConfig& config) {
  CheckResult counted = counted_result();
  return {counted, sampled_result(config, counted.interpretation)};
}

}  // namespace

void register_prob_fix_checkers(Registry& registry) {
  registry.add(Checker{"rem:prob_fix", "enumeration", check_prob_fix});
}

}  // namespace palcheck
