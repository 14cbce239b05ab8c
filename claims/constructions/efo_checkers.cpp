// def:efo, def:efo_syntax, def:efo_semantics, thm:efo, app:efo_proof, lem:ext_indicator,
// lem:threshold, lem:boolean, lem:extAgg, lem:exists_ext, eq:relay_efo, cor:strict_inclusion,
// cor:depth_nesting, cor:decidability, rem:efo_vs_fo: EFO evaluated on generated sequences against the
// reference relay, memory and PAL-Transformer, per reading of "extremal position".
#include "claims/constructions/separation_parts.h"
#include "claims/tricky_sequences.h"
#include "reference/models/efo_formula.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <functional>

namespace palcheck {
namespace {

constexpr const char* kRelayEfo = "construction-relay-efo";
constexpr const char* kIndicator = "construction-ext-indicator";
constexpr const char* kThreshold = "construction-threshold";
constexpr const char* kRelayStack = "construction-relay-vs-stack";
constexpr const char* kMemoryPair = "construction-memory-pair";

std::map<std::string, std::string> reading_options(const ExtremumReading& r, InitialState initial) {
  return {{"endpoints", r.endpoints ? "yes" : "no"},
          {"plateau", r.strict ? "strict" : "non-strict"},
          {"initial_state", to_string(initial)}};
}

ExtremumReading reading_of(const Instance& instance) {
  return {option(instance, "endpoints") == "yes", option(instance, "plateau") == "strict"};
}

// The first witness `try_case` finds among config.tests cases drawn from one generator seeded with
// config.seed (every reading restarts the stream, so its search replays alone).
std::optional<Instance> seeded_search(const RunConfig& config,
                                      const std::function<std::optional<Instance>(std::mt19937_64&)>& try_case) {
  std::mt19937_64 rng(config.seed);
  for (std::uint64_t c = 0; c < config.tests; ++c)
    if (std::optional<Instance> witness = try_case(rng)) return witness;
  return std::nullopt;
}

// The typed reading of reading_options.
Reading typed_reading(const ExtremumReading& r, InitialState initial) {
  Reading out = reading(r);
  out.insert(reading(initial));
  return out;
}

CheckResult search_result(std::optional<Instance> witness, std::uint64_t cases, const RunConfig& config,
                          const std::string& refuted, const std::string& held, Reading reading) {
  CheckResult r = witness ? make_result(Verdict::Refuted, "construction", refuted)
                          : make_result(Verdict::Held, "construction", held);
  r.cases = cases;
  r.seed = config.seed;
  r.reading = std::move(reading);
  if (witness) r.counterexample = std::move(witness);
  return r;
}

// eq:relay_efo against run_relay, at the end of every generated sequence.
bool relay_efo_agrees(const Q& alpha, const Q& beta, const std::vector<Q>& u, const ExtremumReading& reading,
                      InitialState initial) {
  return (run_relay({alpha, beta}, u, initial).back() == 1) == holds(relay_formula(alpha, beta), u, reading);
}

std::vector<CheckResult> check_relay_efo(const RunConfig& config) {
  std::vector<CheckResult> results;
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const ExtremumReading& reading : all_extremum_readings()) {
      std::optional<Instance> witness = seeded_search(config, [&](std::mt19937_64& rng) -> std::optional<Instance> {
        std::vector<Q> u = random_tricky_sequence(rng, 10, 4);
        Q a = random_rational(rng, 4, 2), b = random_rational(rng, 4, 2);
        if (a < b) std::swap(a, b);
        if (relay_efo_agrees(a, b, u, reading, initial)) return std::nullopt;
        return Instance{
            "eq:relay_efo", kRelayEfo, reading_options(reading, initial), {{"alpha", {a}}, {"beta", {b}}, {"u", u}}};
      });
      CheckResult r = search_result(witness, config.tests, config, "the relay state and eq:relay_efo disagree",
                                    "eq:relay_efo equals the relay state on every generated (relay, sequence)",
                                    typed_reading(reading, initial));
      results.push_back(std::move(r));
    }
  return results;
}

ReplayOutcome replay_relay_efo(const Instance& instance) {
  ReplayOutcome out;
  const Q alpha = scalar(instance, "alpha"), beta = scalar(instance, "beta");
  const std::vector<Q>& u = list(instance, "u");
  out.predicted = "relay(alpha, beta)[u](n) = 1 iff " + to_string(relay_formula(alpha, beta));
  RelayState state = run_relay({alpha, beta}, u, initial_state(instance)).back();
  bool formula = holds(relay_formula(alpha, beta), u, reading_of(instance));
  out.violates = (state == 1) != formula;
  out.computed = "relay state " + std::to_string(state) + ", formula " + (formula ? "true" : "false");
  return out;
}

// A small eps = 2^-k, k uniform in 1..8.
Q random_eps(std::mt19937_64& rng) { return Q(1, 1 << std::uniform_int_distribution<int>(1, 8)(rng)); }

// eq:ext_indicator: relay(u_i + eps, u_i - eps)[u](i) - relay(...)[u](i - 1) against 1[i in E].
int indicator_rhs(const std::vector<Q>& u, std::size_t i, const Q& eps, InitialState initial) {
  std::vector<RelayState> s = run_relay({u[i] + eps, u[i] - eps}, u, initial);
  return s[i] - s[i - 1];
}

// A small-eps search per reading of 'extremal', from initial state 0: `find` looks at one generated sequence
// and eps under the reading; each result says `refuted` when it found a witness, `held` otherwise.
std::vector<CheckResult> search_each_extremum_reading(
    const RunConfig& config,
    const std::function<std::optional<Instance>(std::mt19937_64&, const std::vector<Q>&, const Q&,
                                                const ExtremumReading&)>& find,
    const std::string& refuted, const std::string& held) {
  std::vector<CheckResult> results;
  for (const ExtremumReading& reading : all_extremum_readings()) {
    std::optional<Instance> witness = seeded_search(config, [&](std::mt19937_64& rng) {
      std::vector<Q> u = random_tricky_sequence(rng, 10, 4);
      Q eps = random_eps(rng);
      return find(rng, u, eps, reading);
    });
    results.push_back(
        search_result(witness, config.tests, config, refuted, held, typed_reading(reading, InitialState::Off)));
  }
  return results;
}

std::vector<CheckResult> check_ext_indicator(const RunConfig& config) {
  std::vector<CheckResult> results = search_each_extremum_reading(
      config,
      [](std::mt19937_64&, const std::vector<Q>& u, const Q& eps,
         const ExtremumReading& reading) -> std::optional<Instance> {
        std::vector<bool> e = extremal_positions(u, reading);
        for (std::size_t i = 1; i < u.size(); ++i)
          if (indicator_rhs(u, i, eps, InitialState::Off) != (e[i] ? 1 : 0))
            return Instance{"lem:ext_indicator",
                            kIndicator,
                            reading_options(reading, InitialState::Off),
                            {{"u", u}, {"i", {Q(static_cast<long>(i))}}, {"eps", {eps}}}};
        return std::nullopt;
      },
      "eq:ext_indicator misses an extremal position: with alpha_i = u_i the input u_i lies "
      "inside the relay's own dead band, so the relay never switches at step i",
      "eq:ext_indicator matched 1[i in E] on every generated case");
  for (CheckResult& r : results)
    r.details = {{"for every reading",
                  "the right-hand side is identically 0; also its thresholds depend on the data, "
                  "which a fixed PAL measure cannot do"}};
  return results;
}

ReplayOutcome replay_ext_indicator(const Instance& instance) {
  ReplayOutcome out;
  out.predicted = "1[i in E(u)] = relay(u_i + eps, u_i - eps)[u](i) - relay(u_i + eps, u_i - eps)[u](i - 1)";
  const std::vector<Q>& u = list(instance, "u");
  std::size_t i = index(instance, "i", kMaxPosition);
  if (i == 0 || i >= u.size()) {
    out.computed = "position out of range";
    return out;
  }
  int rhs = indicator_rhs(u, i, scalar(instance, "eps"), initial_state(instance));
  bool extremal = extremal_positions(u, reading_of(instance))[i];
  out.violates = rhs != (extremal ? 1 : 0);
  out.computed =
      "position " + std::to_string(i) + (extremal ? " is" : " is not") + " extremal; right side " + std::to_string(rhs);
  return out;
}

std::vector<CheckResult> check_threshold(const RunConfig& config) {
  return search_each_extremum_reading(
      config,
      [](std::mt19937_64& rng, const std::vector<Q>& u, const Q& eps,
         const ExtremumReading& reading) -> std::optional<Instance> {
        Q threshold = u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)];
        std::vector<RelayState> s = run_relay({threshold + eps, threshold - eps}, u, InitialState::Off);
        std::vector<bool> e = extremal_positions(u, reading);
        for (std::size_t i = 0; i < u.size(); ++i)
          if (e[i] && (u[i] >= threshold) != (s[i] == 1))
            return Instance{"lem:threshold",
                            kThreshold,
                            reading_options(reading, InitialState::Off),
                            {{"u", u}, {"i", {Q(static_cast<long>(i))}}, {"c", {threshold}}, {"eps", {eps}}}};
        return std::nullopt;
      },
      "at an extremal i with u_i = c the relay (c + eps, c - eps) holds its old state, not 1[u_i >= c]",
      "eq:threshold held at every extremal position of every generated case");
}

ReplayOutcome replay_threshold(const Instance& instance) {
  ReplayOutcome out;
  const std::vector<Q>& u = list(instance, "u");
  std::size_t i = index(instance, "i", kMaxPosition);
  const Q c = scalar(instance, "c"), eps = scalar(instance, "eps");
  out.predicted = "at an extremal position i, 1[u_i >= c] = relay(c + eps, c - eps)[u](i)";
  if (i >= u.size()) return out;
  RelayState s = run_relay({c + eps, c - eps}, u, initial_state(instance))[i];
  bool extremal = extremal_positions(u, reading_of(instance))[i];
  out.violates = eps > 0 && extremal && (u[i] >= c) != (s == 1);
  out.computed = "u_i = " + to_string(u[i]) + ", c = " + to_string(c) + ", relay state " + std::to_string(s) +
                 (extremal ? "" : " (i not extremal)");
  return out;
}

// lem:extAgg's proof: relay (alpha, beta) on iff the memory holds a (max, following min) within eps.
bool stack_has_pair_near(const PreisachMemory& memory, const Q& alpha, const Q& beta, const Q& eps) {
  const std::vector<Q>& e = memory.extrema();
  for (std::size_t k = 0; k + 1 < e.size(); ++k)
    if (memory.is_maximum(k) && abs(e[k] - alpha) < eps && abs(e[k + 1] - beta) < eps) return true;
  return false;
}

bool relay_matches_stack(const Q& alpha, const Q& beta, const std::vector<Q>& u, const Q& eps) {
  PreisachMemory memory(InitialState::Off);
  for (const Q& v : u) memory.step(v);
  return (run_relay({alpha, beta}, u, InitialState::Off).back() == 1) == stack_has_pair_near(memory, alpha, beta, eps);
}

std::vector<CheckResult> check_relay_stack(const RunConfig& config) {
  std::optional<Instance> witness = seeded_search(config, [](std::mt19937_64& rng) -> std::optional<Instance> {
    std::vector<Q> u = random_tricky_sequence(rng, 10, 4);
    Q a = random_rational(rng, 4, 2), b = random_rational(rng, 4, 2), eps(1, 4);
    if (a < b) std::swap(a, b);
    if (relay_matches_stack(a, b, u, eps)) return std::nullopt;
    return Instance{
        "lem:extAgg", kRelayStack, {{"initial_state", "0"}}, {{"alpha", {a}}, {"beta", {b}}, {"u", u}, {"eps", {eps}}}};
  });
  CheckResult r = search_result(
      witness, config.tests, config,
      "the proof's 'relay (alpha_i, beta_j) is on iff the stack holds a pair within eps of "
      "(alpha_i, beta_j)' fails: a relay is on whenever the last decisive extremum crossed alpha",
      "relay state and 'stack pair within eps' agreed on every generated case", {palcheck::reading(InitialState::Off)});
  r.details = {{"Dec", "Dec(alpha, beta) is defined for the stack codes of sec:tc only; here it has no meaning"}};
  return {r};
}

ReplayOutcome replay_relay_stack(const Instance& instance) {
  ReplayOutcome out;
  const Q alpha = scalar(instance, "alpha"), beta = scalar(instance, "beta");
  const Q eps = scalar(instance, "eps");
  const std::vector<Q>& u = list(instance, "u");
  out.predicted = "relay on iff the stack holds (M, m) with |M - alpha| < eps and |m - beta| < eps";
  PreisachMemory memory(InitialState::Off);
  for (const Q& v : u) memory.step(v);
  RelayState s = run_relay({alpha, beta}, u, InitialState::Off).back();
  bool near = stack_has_pair_near(memory, alpha, beta, eps);
  out.violates = eps > 0 && (s == 1) != near;
  std::string m;
  for (const Q& e : memory.extrema()) m += (m.empty() ? "" : ", ") + to_string(e);
  out.computed = "relay " + std::to_string(s) + ", memory [" + m + "], pair near: " + (near ? "yes" : "no");
  return out;
}

// Memory-equal pairs: every bare PAL head (W_I = +-1) gives the same output on u and v at every
// prefix end; the last tokens are equal too, so any PAL followed by a per-token MLP agrees.
bool memory_equal(const std::vector<Q>& u, const std::vector<Q>& v) {
  std::vector<Q> nu, nv;
  for (const Q& x : u) nu.push_back(-x);
  for (const Q& x : v) nv.push_back(-x);
  for (InitialState s : {InitialState::Off, InitialState::On})
    if (memory_trace(u, s).back() != memory_trace(v, s).back() ||
        memory_trace(nu, s).back() != memory_trace(nv, s).back())
      return false;
  return u.back() == v.back() && u.size() == v.size();
}

Q pair_term(const std::string& term, const std::vector<Q>& u, const ExtremumReading& reading, const Q& c) {
  if (term == "count") return value({"i", Q(0), Q(1), efo_true()}, u, reading);
  return holds(efo_exists("i", efo_and(efo_ge("i", c), efo_le("i", c))), u, reading) ? Q(1) : Q(0);
}

std::optional<Instance> find_memory_pair(const std::string& label, const std::string& term,
                                         const ExtremumReading& reading, const RunConfig& config) {
  return seeded_search(config, [&](std::mt19937_64& rng) -> std::optional<Instance> {
    std::vector<Q> u = random_tricky_sequence(rng, 10, 4);
    // v: the dominant extrema of u, padded with the last value to the same length.
    std::vector<Q> v = memory_trace(u, InitialState::Off).back();
    v.resize(u.size(), u.back());
    if (!memory_equal(u, v)) return std::nullopt;
    for (const Q& threshold : u)
      if (pair_term(term, u, reading, threshold) != pair_term(term, v, reading, threshold)) {
        Instance instance{
            label, kMemoryPair, reading_options(reading, InitialState::Off), {{"u", u}, {"v", v}, {"c", {threshold}}}};
        instance.options["term"] = term;
        return instance;
      }
    return std::nullopt;
  });
}

ReplayOutcome replay_memory_pair(const Instance& instance) {
  ReplayOutcome out;
  const std::string& term = option(instance, "term");
  const std::vector<Q>& u = list(instance, "u");
  const std::vector<Q>& v = list(instance, "v");
  const Q c = scalar(instance, "c");
  out.predicted = term == "count" ? "ExtAgg_i[1, T] is computed by a PAL head (with a per-token MLP)"
                                  : "exists^ext i (u_i = c) is computed by a PAL followed by a threshold MLP";
  if (u.empty() || v.empty()) return out;
  ExtremumReading reading = reading_of(instance);
  Q a = pair_term(term, u, reading, c), b = pair_term(term, v, reading, c);
  bool same = memory_equal(u, v);
  out.violates = same && a != b;
  out.computed = std::string(same ? "equal" : "different") +
                 " Preisach memories (both initial states, W_I = +-1) and " +
                 "last tokens, so every such PAL agrees; EFO values " + to_string(a) + " and " + to_string(b);
  return out;
}

std::vector<CheckResult> memory_pair_results(const std::string& label, const std::string& term, const RunConfig& config,
                                             const std::string& reading_note) {
  std::vector<CheckResult> results;
  for (const ExtremumReading& reading : all_extremum_readings()) {
    std::optional<Instance> witness = find_memory_pair(label, term, reading, config);
    CheckResult r = search_result(
        witness, config.tests, config,
        term == "count" ? "two sequences with equal Preisach memory (so equal output of every PAL head) "
                          "have different numbers of extremal positions"
                        : "two sequences with equal Preisach memory differ on exists^ext i (u_i = c)",
        "no memory-equal pair separated by the formula was generated", typed_reading(reading, InitialState::Off));
    if (!witness) r.verdict = Verdict::Unknown;
    r.interpretation["pal"] = reading_note;
    results.push_back(std::move(r));
  }
  return results;
}

std::vector<CheckResult> pal_transformer_pair_result(const std::string& label, const RunConfig& config,
                                                     const std::string& summary) {
  std::uint64_t separated = 0, cases = 0;
  std::optional<Instance> witness = find_non_extremal_pair(label, config, separated, cases);
  CheckResult r = witness ? make_result(Verdict::Refuted, "construction", summary)
                          : make_result(Verdict::Unknown, "construction", "no generated pair was separated");
  r.cases = cases;
  r.seed = config.seed;
  r.reading = {every(ReadingKey::Endpoints, "position 1 of (0, v, 2) is never extremal"),
               every(ReadingKey::Plateau, "position 1 of (0, v, 2) is never extremal")};
  r.interpretation = {{"pal_transformer", "def:pal_transformer as printed (PE feeds the heads)"}};
  if (witness) r.counterexample = witness;
  return {r};
}

std::vector<CheckResult> check_efo_theorem(const std::string& label, const RunConfig& config) {
  std::vector<CheckResult> results = pal_transformer_pair_result(
      label, config,
      "(=>) fails: a 1-layer PAL-Transformer separates (0, v, 2) from (0, v', 2), on which every EFO formula and term "
      "takes the same value (equal extremal structure)");
  for (CheckResult& r : memory_pair_results(label, "count", config, "PAL heads on x without PE (rem:pe's reading)")) {
    r.summary = "(<=) fails: " + r.summary;
    results.push_back(std::move(r));
  }
  results.front().details = {{"(=>) as proved",
                              "sums over relays, not over extremal positions; eq:relay_efo holds only "
                              "with endpoints counted and initial state 0 (see eq:relay_efo)"},
                             {"(<=) as proved", "ExtAgg counts wiped extremal positions too, which no PAL head sees"}};
  return results;
}

// The sec:characterisation statements that are ILL-POSED as printed: why, and the exact point of the paper.
struct IllPosed {
  const char* label;
  const char* summary;
  const char* point;
};
const IllPosed kIllPosed[] = {
    {"def:efo_syntax",
     "the grammar lists the numeric term ExtAgg_i[f(i), phi(i)] as a formula and has no atom "
     "comparing terms, so lem:exists_ext's ReLU(ExtAgg) > 0 is not a formula",
     "phi ::= ... | ExtAgg_i[f(i), phi(i)] (a sum in R, not a truth value); also f(i) vs f(x_i) "
     "and u_i vs x_i in R^d"},
    {"def:efo",
     "ExtAgg 'sums f(i) over all extremal positions weighted by mu': mu is "
     "not part of the logic",
     "item 2 of def:efo; eq:extAgg (def:efo_syntax) has no weight at all"},
    {"cor:strict_inclusion",
     "the corollary asserts EFO inside FO+Aggregate and, as its second witness, f_range in EFO "
     "but not in FO+Aggregate: the two contradict each other",
     "'The reverse inclusion fails because f_range is definable in EFO but not in bounded-depth "
     "FO+Aggregate' refutes the inclusion just claimed; and f_range is computed by a 1-layer "
     "hard-attention transformer (prop:range_hard is refuted)"},
    {"rem:efo_vs_fo",
     "EFO strictly inside FO+Aggregate and f_range in EFO with no bounded-depth FO definition "
     "cannot both hold",
     "the remark's two sentences; '1[i = global max]' is not an EFO atom either"},
};

std::vector<CheckResult> check_semantics(const RunConfig& config) {
  // The same formula gets different truth values under the readings the definition leaves open.
  std::mt19937_64 rng(config.seed);
  for (std::uint64_t c = 0; c < config.tests; ++c) {
    std::vector<Q> u = random_tricky_sequence(rng, 8, 3);
    for (const Q& threshold : u) {
      FormulaPtr phi = efo_exists("i", efo_and(efo_ge("i", threshold), efo_le("i", threshold)));
      std::string truth;
      const std::vector<ExtremumReading> readings = all_extremum_readings();
      for (const ExtremumReading& reading : readings)
        truth += to_string(reading) + ": " + (holds(phi, u, reading) ? "true" : "false") + "; ";
      bool first = holds(phi, u, readings.front());
      bool differs = std::any_of(readings.begin(), readings.end(),
                                 [&](const ExtremumReading& r) { return holds(phi, u, r) != first; });
      if (!differs) continue;
      std::string seq;
      for (const Q& x : u) seq += (seq.empty() ? "" : ", ") + to_string(x);
      CheckResult r = make_result(Verdict::IllPosed, "construction",
                                  "E(x) ('local extremum') is undefined at the two ends and on plateaus, and the truth "
                                  "of formulas depends on it");
      r.details = {{"exact point",
                    "def:efo_semantics quantifies over E(x) = local extrema of ||x_i||, with no rule for "
                    "positions 0 and n or for ties"},
                   {"sequence", seq},
                   {"formula", to_string(phi)},
                   {"truth per reading", truth}};
      r.cases = c + 1;
      r.seed = config.seed;
      return {r};
    }
  }
  return {make_result(Verdict::Unknown, "construction", "no reading-dependent formula was generated")};
}

std::vector<CheckResult> check_boolean(const RunConfig&) {
  auto relu = [](int x) { return std::max(x, 0); };
  int mismatches = 0;
  for (int r1 = 0; r1 <= 1; ++r1)
    for (int r2 = 0; r2 <= 1; ++r2) {
      mismatches += relu(r1 + r2 - 1) != (r1 && r2);
      mismatches += relu(r1 + r2) - relu(r1 + r2 - 1) != (r1 || r2);
      mismatches += 1 - r1 != !r1;
    }
  CheckResult r = mismatches == 0 ? make_result(Verdict::Proved, "enumeration",
                                                "AND, OR and NOT formulas are exact on all 4 points of {0,1}^2")
                                  : make_result(Verdict::Error, "enumeration", "a Boolean formula is wrong on {0,1}^2");
  r.cases = 4;
  r.hypotheses_used = {"r1, r2 in {0, 1}"};
  r.details = {{"note",
                "NOT = 1 - r1 is affine, not a ReLU layer, and exactness needs outputs exactly in {0,1}, which "
                "LayerNorm (d > 1) does not preserve"}};
  return {r};
}

}  // namespace

void register_efo_checkers(Registry& registry) {
  registry.add(Checker{"eq:relay_efo", "construction", check_relay_efo}, kRelayEfo, replay_relay_efo);
  registry.add(Checker{"lem:ext_indicator", "construction", check_ext_indicator}, kIndicator, replay_ext_indicator);
  // eq:threshold at one eps: the statement names eps without fixing it (threshold_every_eps.cpp).
  registry.add(Checker{"lem:threshold", "construction", check_threshold, Sharding::ByClaim, Scope::FixedParameter},
               kThreshold, replay_threshold);
  register_threshold_every_eps(registry);
  registry.add(Checker{"lem:boolean", "enumeration", check_boolean});
  // The proof's "relay on iff the stack holds a pair within eps" under a pairing of ours.
  registry.add(Checker{"lem:extAgg", "construction", check_relay_stack, Sharding::ByClaim, Scope::ProofStep},
               kRelayStack, replay_relay_stack);
  registry.add(Checker{"lem:extAgg", "construction", [](const RunConfig& c) {
                         return memory_pair_results("lem:extAgg", "count", c, "one PAL head on u (W_I = +-1)");
                       }});
  registry.add(Checker{"lem:exists_ext", "construction", [](const RunConfig& c) {
                         return memory_pair_results("lem:exists_ext", "exists", c, "PAL heads on u, then an MLP");
                       }});
  for (const char* label : {"lem:extAgg", "lem:exists_ext", "thm:efo", "app:efo_proof"})
    registry.add(Replayer{label, kMemoryPair, replay_memory_pair});
  for (const char* label : {"thm:efo", "app:efo_proof"}) {
    registry.add(Checker{label, "construction", [label](const RunConfig& c) { return check_efo_theorem(label, c); }},
                 kNonExtremalPair, replay_non_extremal_pair);
  }
  registry.add(Checker{"cor:depth_nesting", "construction", [](const RunConfig& c) {
                         return pal_transformer_pair_result(
                             "cor:depth_nesting", c,
                             "a 1-layer PAL-Transformer computes a function that no EFO formula of any depth defines "
                             "(it separates sequences with equal extremal structure)");
                       }});
  registry.add(Replayer{"cor:depth_nesting", kNonExtremalPair, replay_non_extremal_pair});
  registry.add(Checker{"def:efo_semantics", "construction", check_semantics});
  for (const IllPosed& c : kIllPosed)
    registry.add(Checker{c.label, "construction", [c](const RunConfig&) {
                           return std::vector<CheckResult>{
                               make_result(Verdict::IllPosed, "construction", c.summary, {{"exact point", c.point}})};
                         }});
  registry.add(Checker{"cor:decidability", "construction", [](const RunConfig&) {
                         return std::vector<CheckResult>{
                             make_result(Verdict::NotCheckable, "construction",
                                         "no representation of the input f is given and the 'standard "
                                         "model-theoretic methods' are not named; it rests on thm:efo, "
                                         "which is refuted in both directions")};
                       }});
}

}  // namespace palcheck
