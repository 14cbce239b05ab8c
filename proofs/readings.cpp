// Algorithm 1 readings (see readings.h).
#include "proofs/readings.h"

namespace palcheck::proofs {

std::vector<Algorithm1Options> all_algorithm1_readings() {
  std::vector<Algorithm1Options> out;
  for (FirstInput f : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast l : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) out.push_back({f, l});
  return out;
}

std::optional<Algorithm1Options> parse_algorithm1_reading(const std::string& name) {
  for (const Algorithm1Options& o : all_algorithm1_readings())
    if (to_string(o) == name) return o;
  return std::nullopt;
}

}  // namespace palcheck::proofs
