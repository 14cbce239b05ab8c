// Registers the RapidCheck checkers of properties/ (entry point declared in claims/areas.h): each
// area's properties, then the reference-only replayers of their instances. The claims they judge
// (ref:*, repair:prop:wiping, ...) are rows of claims/paper_claims.cpp.
#include "claims/areas.h"
#include "claims/replay_sequences.h"
#include "properties/area_properties.h"

namespace palcheck {

namespace properties {

std::vector<std::pair<StackReading, InitialState>> stack_initial_readings() {
  std::vector<std::pair<StackReading, InitialState>> out;
  for (const StackReading& sr : all_stack_readings())
    for (InitialState s : {InitialState::Off, InitialState::On})
      if (sr.classical() || s == InitialState::Off) out.emplace_back(sr, s);
  return out;
}

}  // namespace properties

void register_property_checkers(Registry& r) {
  using namespace properties;
  for (auto register_area :
       {register_background_properties, register_encoding_properties, register_separation_properties,
        register_efo_properties, register_rfim_properties, sequences::register_sequence_replayers})
    register_area(r);
}

}  // namespace palcheck
