// prop:hopfield_pal part 2 ("disjoint threshold support", "orthogonal contributions", citing lem:monotone) and
// rem:retrieval (a query q = M_s activates relay (M_s + eps, M_s - eps) uniquely). Parts 1 and 3 are
// property-checked in properties/.
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/preisach_memory.h"

namespace palcheck::physics {
namespace {

constexpr const char* kRetrieval = "phys-retrieval-query";

std::vector<Q> stack_maxima(const std::vector<Q>& u) {
  PreisachMemory memory;
  for (const Q& x : u) memory.step(x);
  std::vector<Q> maxima;
  for (std::size_t k = 0; k < memory.extrema().size(); ++k)
    if (memory.is_maximum(k)) maxima.push_back(memory.extrema()[k]);
  return maxima;
}

CheckResult part2_analysis(const RunConfig&) {
  return make_result(
      Verdict::IllPosed, "analysis",
      "part 2: distinct points of T are trivially disjoint supports, so 'disjoint support' says nothing; the PAL "
      "output "
      "is one scalar sum in which all relay contributions add; and lem:monotone is about the encoding code*, not the "
      "stack",
      {{"point 1",
        "the relays of PAL sit on the fixed grid G_L; a retained pair (M_s, m_s) of the stack is not a relay "
        "of PAL, so 'their relays' has no referent in eq:pal"},
       {"point 2",
        "'orthogonal in measure space' is vacuous for point masses: any two distinct atoms are orthogonal, "
        "whatever they encode; it does not imply that the scalar output separates them"},
       {"point 3",
        "lem:monotone states code*(a_i', d+1) < code*(a_i, d) for the Cantor encoding of sec:tc; the "
        "strict order of stack maxima is a property of the classical memory (prop:wiping), see "
        "prop:hopfield_pal:distinct_pairs"},
       {"point 4",
        "the statement itself notes that wiping is interference; 'the survivors do not interfere' is not "
        "given a measurable meaning"}});
}

CheckResult distinct_pairs(const RunConfig& config) {
  auto rng = seeded(config.seed, 51);
  std::uniform_int_distribution<int> length(1, 16);
  std::uint64_t cases = 0;
  for (; cases < config.tests; ++cases) {
    std::vector<Q> u = random_sequence(rng, length(rng), 0, 4, 2);
    PreisachMemory memory;
    for (const Q& x : u) memory.step(x);
    const std::vector<Q>& e = memory.extrema();
    for (std::size_t k = 2; k < e.size(); ++k) {
      bool nested = memory.is_maximum(k) ? e[k] < e[k - 2] : e[k] > e[k - 2];
      if (!nested) {
        return make_result(Verdict::Error, "numeric", "stack extrema not strictly nested",
                           {{"u", list_string(u)}, {"memory", list_string(e)}});
      }
    }
  }
  return held_search(
      "the retained maxima strictly decrease and the retained minima strictly increase, so "
      "the pairs (M_s, m_s) are pairwise distinct (from the classical memory, not lem:monotone)",
      cases, config, {}, {reading(StackReading{})});
}

struct QueryOutcome {
  int target = 0;            // state of relay (M_s + eps, M_s - eps) after the query
  std::vector<long> others;  // other stack positions whose relay is on
};

QueryOutcome run_query(const std::vector<Q>& u, const Q& eps, std::size_t s, bool after_stream) {
  std::vector<Q> maxima = stack_maxima(u);
  std::vector<Q> drive = after_stream ? u : std::vector<Q>{};
  drive.push_back(maxima.at(s));
  QueryOutcome out;
  for (std::size_t k = 0; k < maxima.size(); ++k) {
    int state = run_relay({maxima[k] + eps, maxima[k] - eps}, drive, InitialState::Off).back();
    if (k == s)
      out.target = state;
    else if (state == 1)
      out.others.push_back(static_cast<long>(k));
  }
  return out;
}

ReplayOutcome replay_retrieval(const Instance& instance) {
  const std::vector<Q>& u = list(instance, "u");
  const Q& eps = scalar(instance, "eps");
  std::size_t s = index(instance, "s", kMaxPosition);
  QueryOutcome q = run_query(u, eps, s, option(instance, "drive") == "stream-then-query");
  ReplayOutcome out;
  out.violates = q.target != 1 || !q.others.empty();
  out.predicted = "relay (M_s + eps, M_s - eps) on, every other stack position's relay off";
  std::string others;
  for (long k : q.others) others += (others.empty() ? "" : ", ") + std::to_string(k);
  out.computed = "stack maxima " + list_string(stack_maxima(u)) + "; relay of position " + std::to_string(s) + ": " +
                 std::to_string(q.target) + "; other positions on: [" + others + "]";
  return out;
}

CheckResult retrieval(const RunConfig& config, bool after_stream) {
  auto rng = seeded(config.seed, after_stream ? 52 : 53);
  std::uniform_int_distribution<int> length(2, 10);
  for (std::uint64_t cases = 1; cases <= config.tests; ++cases) {
    std::vector<Q> u = random_sequence(rng, length(rng), 0, 4, 2);
    Q eps = random_rational(rng, 0, 1, 4);
    if (eps == 0) continue;
    std::size_t depth = stack_maxima(u).size();
    std::size_t s = std::uniform_int_distribution<std::size_t>(0, depth - 1)(rng);
    QueryOutcome q = run_query(u, eps, s, after_stream);
    if (q.target == 1 && q.others.empty()) continue;
    CheckResult r =
        make_result(Verdict::Refuted, "numeric",
                    "q = M_s lies inside the dead band (M_s - eps, M_s + eps), so that relay only holds its "
                    "state; relays of smaller maxima with M_s' + eps <= M_s switch on too");
    r.counterexample = Instance{"rem:retrieval",
                                kRetrieval,
                                {{"drive", after_stream ? "stream-then-query" : "query-alone"}},
                                {{"u", u}, {"eps", {eps}}, {"s", {Q(static_cast<long>(s))}}}};
    r.cases = cases;
    r.seed = config.seed;
    r.reading = {reading(InitialState::Off), reading(StackReading{})};
    r.interpretation = {{"drive", after_stream ? "the relay sees the stream, then q" : "the relay sees q alone"}};
    return r;
  }
  return make_result(Verdict::Unknown, "numeric", "no failing query found");
}

}  // namespace

void register_hopfield_checks(Registry& registry) {
  registry.add(single_result_checker("prop:hopfield_pal", "analysis", part2_analysis));
  registry.add(single_result_checker("prop:hopfield_pal:distinct_pairs", "numeric", distinct_pairs));
  registry.add(Checker{"rem:retrieval", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{retrieval(c, true), retrieval(c, false)};
                       }});
  registry.add(Replayer{"rem:retrieval", kRetrieval, replay_retrieval});
}

}  // namespace palcheck::physics
