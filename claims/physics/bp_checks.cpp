// prop:bp_pal: PAL with mu* = (1/2) log((1+tanh a)/(1-tanh a)) 1[a = -b] = a 1[a = -b] on the stream
// u_t = artanh(m_t) of leaf-to-root beliefs of a chain MRF, against the root marginal m_n (statement) and
// artanh(m_n) (the proof's tanh(PAL) = m_n). Beliefs are exact; artanh is rigorously enclosed (chain_bp.h).
#include "claims/physics/physics_results.h"
#include "claims/physics/sampling.h"
#include "reference/models/chain_bp.h"

namespace palcheck::physics {
namespace {

constexpr const char* kScenario = "phys-chain-bp";

ChainMrf chain_of(const Instance& instance) { return {list(instance, "edge_tanh"), list(instance, "evidence_tanh")}; }

// PAL_{mu*} under a reading: one atom per token at the data (u_t, -u_t), or the grid G_L / L^1 density (both 0).
Enclosure pal_reading(const std::vector<Q>& beliefs, const std::string& reading) {
  return reading == "data-atoms" ? pal_with_data_atoms(beliefs) : Enclosure{0, 0};
}

struct BpComparison {
  Enclosure pal, statement_gap, proof_gap;  // PAL, PAL - m_n, PAL - artanh(m_n)
  bool statement_fails = false, proof_fails = false;
};

BpComparison compare(const std::vector<Q>& beliefs, const std::string& reading) {
  BpComparison c;
  c.pal = pal_reading(beliefs, reading);
  const Q& root = beliefs.back();
  c.statement_gap = c.pal - Enclosure{root, root};
  c.proof_gap = c.pal - artanh_enclosure(root);
  c.statement_fails = !contains(c.statement_gap, 0);
  c.proof_fails = !contains(c.proof_gap, 0);
  return c;
}

ReplayOutcome replay(const Instance& instance) {
  std::vector<Q> beliefs = chain_beliefs_by_enumeration(chain_of(instance));
  BpComparison c = compare(beliefs, option(instance, "reading"));
  ReplayOutcome out;
  out.violates = c.statement_fails && c.proof_fails;
  out.predicted = "PAL_{mu*}(u_{0:n}) = m_n (statement) and tanh(PAL) = m_n, i.e. PAL = artanh(m_n) (proof)";
  out.computed = "beliefs m_t = " + list_string(beliefs) + "; PAL in " + to_decimal_string(c.pal, 9) +
                 "; PAL - m_n in " + to_decimal_string(c.statement_gap, 9) + "; PAL - artanh(m_n) in " +
                 to_decimal_string(c.proof_gap, 9);
  return out;
}

CheckResult search(const RunConfig& config, const std::string& reading) {
  auto rng = seeded(config.seed, reading == "data-atoms" ? 61 : 62);
  std::uniform_int_distribution<int> nodes(2, 4);
  for (std::uint64_t cases = 1; cases <= config.tests; ++cases) {
    std::size_t n = static_cast<std::size_t>(nodes(rng));
    ChainMrf chain;
    for (std::size_t v = 0; v < n; ++v) chain.evidence_tanh.push_back(random_rational(rng, 0, 1, 8) * Q(7, 8));
    for (std::size_t k = 0; k + 1 < n; ++k) chain.edge_tanh.push_back(random_rational(rng, 0, 1, 8) * Q(7, 8));
    std::vector<Q> beliefs = chain_beliefs_by_enumeration(chain);
    if (beliefs != chain_beliefs_by_bp(chain)) {
      return make_result(
          Verdict::Error, "numeric", "BP recursion and enumeration disagree on a chain",
          {{"edge_tanh", list_string(chain.edge_tanh)}, {"evidence_tanh", list_string(chain.evidence_tanh)}});
    }
    BpComparison c = compare(beliefs, reading);
    if (!c.statement_fails || !c.proof_fails) continue;
    CheckResult r = make_result(
        Verdict::Refuted, "numeric",
        reading == "data-atoms"
            ? "with one atom (u_t, -u_t) of mass u_t per token, PAL sums artanh of every belief still 'on', which is "
              "neither m_n nor artanh(m_n) (rigorous enclosures)"
            : "mu* lives on alpha = -beta: PAL on G_L (and the L^1 integral) is 0, while m_n != 0");
    r.counterexample = Instance{"prop:bp_pal",
                                kScenario,
                                {{"reading", reading}},
                                {{"edge_tanh", chain.edge_tanh}, {"evidence_tanh", chain.evidence_tanh}}};
    r.cases = cases;
    r.seed = config.seed;
    r.reading = {palcheck::reading(InitialState::Off)};
    r.interpretation = {{"atoms", reading},
                        {"m_t", "E[sigma_t | evidence on nodes 0..t], chain numbered leaf to root"}};
    r.details = {{"mu*",
                  "(1/2) log((1+tanh a)/(1-tanh a)) = artanh(tanh a) = a, so mu* = a 1[a = -b], the measure "
                  "of prop:ising_streaming"},
                 {"beliefs", list_string(beliefs)},
                 {"statement vs proof", "the statement says PAL = m_n, the proof tanh(PAL) = m_n; both fail here"},
                 {"loopy graphs", "'approximates the loopy BP fixed point' gives no bound: not checkable"},
                 {"tolerance", "artanh enclosed by an Arb ball, width < 2^-80"}};
    return r;
  }
  return make_result(Verdict::Unknown, "numeric", "no chain found where both forms fail");
}

}  // namespace

void register_bp_checks(Registry& registry) {
  registry.add(Checker{"prop:bp_pal", "numeric", [](const RunConfig& c) {
                         return std::vector<CheckResult>{search(c, "data-atoms"), search(c, "grid")};
                       }});
  registry.add(Replayer{"prop:bp_pal", kScenario, replay});
}

}  // namespace palcheck::physics
