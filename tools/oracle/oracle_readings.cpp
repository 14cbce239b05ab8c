// Relay readings (see oracle_readings.h).
#include "tools/oracle/oracle_readings.h"

namespace palcheck::oracle {

std::string reading_name(const RelayReading& r) {
  static const char* names[] = {"as-printed (u >= alpha -> 1 first)", "off-first (u <= beta -> 0 first)",
                                "strict (u > alpha -> 1, u < beta -> 0)", "strict-alpha (u > alpha -> 1)",
                                "strict-beta (u < beta -> 0)"};
  return std::string("tie=") + names[static_cast<int>(r.tie)] +
         ", initial_state=" + std::to_string(static_cast<int>(r.initial));
}

std::vector<RelayReading> alternative_readings(InitialState paper) {
  std::vector<RelayReading> out;
  InitialState flipped = paper == InitialState::Off ? InitialState::On : InitialState::Off;
  for (InitialState initial : {paper, flipped})
    for (TieRule tie : all_tie_rules())
      if (tie != TieRule::AsPrinted || initial != paper) out.push_back({tie, initial});
  return out;
}

}  // namespace palcheck::oracle
