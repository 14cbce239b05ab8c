// lem:threshold as printed: eq:threshold names an eps but fixes none, and the proof lets it tend to 0, so
// the statement is refuted only by a sequence on which NO eps > 0 works, under every reading of
// "extremal position" and every initial state. The relay (c + eps, c - eps) changes its history only
// where eps crosses some |u_j - c|, so finitely many eps decide "every eps > 0" exactly.
#include "claims/constructions/separation_parts.h"
#include "claims/sequence_space.h"
#include "reference/models/efo_formula.h"
#include "reference/relay.h"

#include <algorithm>

namespace palcheck {
namespace {

constexpr const char* kEveryEps = "construction-threshold-every-eps";

// One eps from each interval of constancy of the relay's history: the breakpoints |u_j - c| > 0, the
// midpoints between them, half the smallest and one above the largest.
std::vector<Q> representative_eps(const std::vector<Q>& u, const Q& c) {
  std::vector<Q> b;
  for (const Q& x : u)
    if (x != c) b.push_back(x > c ? Q(x - c) : Q(c - x));
  std::sort(b.begin(), b.end());
  b.erase(std::unique(b.begin(), b.end()), b.end());
  if (b.empty()) return {Q(1)};
  std::vector<Q> eps{b.front() / 2};
  for (std::size_t k = 0; k < b.size(); ++k) {
    eps.push_back(b[k]);
    eps.push_back(k + 1 < b.size() ? Q((b[k] + b[k + 1]) / 2) : Q(b[k] + 1));
  }
  return eps;
}

// The first extremal position where 1[u_i >= c] differs from the relay, or nullopt.
std::optional<std::size_t> failing_position(const std::vector<Q>& u, const Q& c, const Q& eps,
                                            const ExtremumReading& reading, InitialState initial) {
  std::vector<RelayState> s = run_relay({c + eps, c - eps}, u, initial);
  std::vector<bool> e = extremal_positions(u, reading);
  for (std::size_t i = 0; i < u.size(); ++i)
    if (e[i] && (u[i] >= c) != (s[i] == 1)) return i;
  return std::nullopt;
}

// An eps > 0 under which eq:threshold holds at every extremal position, under some reading, or nullopt.
std::optional<std::string> surviving_eps(const std::vector<Q>& u, const Q& c) {
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const ExtremumReading& reading : all_extremum_readings())
      for (const Q& eps : representative_eps(u, c))
        if (!failing_position(u, c, eps, reading, initial))
          return "eps = " + to_string(eps) + " (endpoints " + (reading.endpoints ? "yes" : "no") + ", plateau " +
                 (reading.strict ? "strict" : "non-strict") + ", initial state " +
                 (initial == InitialState::On ? "1" : "0") + ")";
  return std::nullopt;
}

ReplayOutcome replay_every_eps(const Instance& instance) {
  ReplayOutcome out;
  const std::vector<Q>& u = list(instance, "u");
  const Q& c = scalar(instance, "c");
  out.predicted = "some eps > 0 gives 1[u_i >= c] = relay(c + eps, c - eps)[u](i) at every extremal i";
  if (u.empty()) return out;
  if (auto eps = surviving_eps(u, c)) {
    out.computed = "it holds with " + *eps;
    return out;
  }
  out.violates = true;
  out.computed = "no eps > 0 works under any reading of 'extremal' or initial state";
  out.table = {{"eps", "reading", "initial", "first failing i", "u_i", "relay"}};
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const ExtremumReading& reading : all_extremum_readings())
      for (const Q& eps : representative_eps(u, c)) {
        std::size_t i = *failing_position(u, c, eps, reading, initial);
        out.table.push_back({to_string(eps),
                             std::string("endpoints ") + (reading.endpoints ? "yes" : "no") +
                                 (reading.strict ? ", strict" : ", non-strict"),
                             initial == InitialState::On ? "1" : "0", std::to_string(i), to_string(u[i]),
                             std::to_string(run_relay({c + eps, c - eps}, u, initial)[i])});
      }
  return out;
}

// Every sequence over {0, 1, 2, 3} of length 1..5 and every c in {0, 1, 2, 3}, shortest first: the first
// on which no eps survives is the smallest such witness in this space.
std::vector<CheckResult> check_every_eps(const RunConfig&) {
  constexpr std::size_t kLength = 5;
  const std::vector<Q> values{Q(0), Q(1), Q(2), Q(3)};
  std::uint64_t cases = 0;
  std::optional<Instance> witness;
  first_sequence(values, kLength, [&](const std::vector<Q>& u) {
    for (const Q& c : values) {
      ++cases;
      if (!surviving_eps(u, c)) {
        witness = Instance{"lem:threshold", kEveryEps, {{"eps", "every eps > 0"}}, {{"u", u}, {"c", {c}}}};
        return true;
      }
    }
    return false;
  });
  std::string text = "on every sequence over {0..3} of length <= 5 some eps > 0 works";
  if (witness) {
    text = "no eps > 0 makes eq:threshold hold on u = [";
    for (const Q& x : witness->values["u"]) text += (text.back() == '[' ? "" : ", ") + to_string(x);
    text += "], c = " + to_string(witness->values["c"].front()) +
            ", under every reading of 'extremal' and both initial states";
  }
  CheckResult r =
      enumeration_result(cases, "u over {0, 1, 2, 3} of length 1.." + std::to_string(kLength) + ", c in {0, 1, 2, 3}");
  r.verdict = witness ? Verdict::Refuted : Verdict::Held;
  r.summary = text;
  r.reading = {every(ReadingKey::Endpoints, "excluded and included"),
               every(ReadingKey::Plateau, "strict and non-strict"), every(ReadingKey::InitialState, "0 and 1")};
  r.interpretation = {{"eps", "every eps > 0 (eq:threshold fixes none)"}};
  r.details.emplace_back("why exact",
                         "the relay's whole history is constant while eps stays between two consecutive values "
                         "of |u_j - c|, so the breakpoints, the midpoints and one eps beyond decide every eps");
  if (witness) r.counterexample = std::move(witness);
  return {r};
}

}  // namespace

void register_threshold_every_eps(Registry& registry) {
  registry.add(Checker{"lem:threshold", "enumeration", check_every_eps}, kEveryEps, replay_every_eps);
}

}  // namespace palcheck
