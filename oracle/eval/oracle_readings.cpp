// Relay readings (see oracle_readings.h).
#include "oracle/eval/oracle_readings.h"

namespace palcheck::oracle {

std::string reading_name(const RelayReading& r) {
  return "tie_rule=" + to_string(r.tie) + ", initial_state=" + to_string(r.initial) +
         ", first_token=" + to_string(r.first);
}

std::vector<RelayReading> neighbouring_readings(const RelayReading& declared) {
  std::vector<RelayReading> out;
  for (TieRule tie : all_tie_rules())
    if (tie != declared.tie) out.push_back({tie, declared.initial, declared.first});
  out.push_back({declared.tie, declared.initial == InitialState::Off ? InitialState::On : InitialState::Off,
                 declared.first});
  for (FirstToken f : {FirstToken::Applied, FirstToken::NotApplied, FirstToken::StateBefore})
    if (f != declared.first) out.push_back({declared.tie, declared.initial, f});
  return out;
}

std::string differing_convention(const RelayReading& declared, const RelayReading& other) {
  if (declared.tie != other.tie) return "tie_rule";
  if (declared.initial != other.initial) return "initial_state";
  return "first_token";
}

std::string differing_value(const RelayReading& declared, const RelayReading& other) {
  if (declared.tie != other.tie) return to_string(other.tie);
  if (declared.initial != other.initial) return to_string(other.initial);
  return to_string(other.first);
}

std::pair<int, int> keyed_thresholds(TieRule rule, int alpha, int beta) {
  bool diagonal = alpha == beta;
  switch (rule) {
    case TieRule::AsPrinted: return {alpha, beta};
    case TieRule::OffFirst: return diagonal ? std::pair{alpha + 1, beta} : std::pair{alpha, beta};
    case TieRule::Strict: return {alpha + 1, beta - 1};
    case TieRule::StrictAlpha: return {alpha + 1, beta};
    case TieRule::StrictBeta: return {alpha, beta - 1};
  }
  return {alpha, beta};
}

}  // namespace palcheck::oracle
