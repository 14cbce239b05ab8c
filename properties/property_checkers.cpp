// Registers the RapidCheck checkers of properties/ (entry point declared in claims/areas.h):
// the claims of ours first (ref:* reference properties, repair:prop:wiping unless the proofs area
// registered it), then each area's properties, then the reference-only replayers of their instances.
#include "properties/area_properties.h"
#include "claims/areas.h"
#include "claims/replay_sequences.h"

namespace palcheck {

namespace {

void add_ours(Registry& r, std::string label, std::string section, std::string statement, std::string kind = "property") {
  if (r.find(label)) return;
  r.add(Claim{std::move(label), std::move(kind), std::move(section), std::move(statement), {}, {"initial_state"}, true});
}

}  // namespace

namespace properties {

std::vector<std::pair<sequences::StackReading, InitialState>> stack_initial_readings() {
  std::vector<std::pair<sequences::StackReading, InitialState>> out;
  for (const sequences::StackReading& sr : sequences::all_stack_readings())
    for (InitialState s : {InitialState::Off, InitialState::On})
      if (sr.classical || s == InitialState::Off) out.emplace_back(sr, s);
  return out;
}

}  // namespace properties

void register_property_checkers(Registry& r) {
  add_ours(r, "repair:prop:wiping", "sec:preisach_bg",
           "Classical wiping-out: after a prefix, an extremum M, a reversal m and an input M2 beyond M (m < M <= M2 "
           "rising, mirrored falling), every relay is as if M had not occurred; as if neither M nor m had, when m also "
           "does not pass the prefix's last input.",
           "repair");
  add_ours(r, "ref:memory_equals_definition", "sec:preisach_bg",
           "PAL computed from the classical Preisach memory equals PAL by definition, and every relay state read "
           "from the memory equals the relay run over the whole sequence.");
  add_ours(r, "ref:return_point_memory", "sec:preisach_bg",
           "Return-point memory: after a fall from h to a, an excursion inside [a, h] that comes back to a restores "
           "every relay (mirrored for a rise): a minor loop closes where it started.");
  add_ours(r, "ref:congruency", "sec:preisach_bg",
           "Congruency of minor loops: from a reversal point a reached by a fall from above the path, the same input "
           "path changes every relay (hence PAL_mu) by the same amount whatever the earlier history.");
  add_ours(r, "ref:algorithm1_steps", "sec:preisach_bg",
           "Algorithm 1's recorded steps: each step pops exactly the top pairs the printed test removes, in order, "
           "then pushes one pair (none on equal inputs).");
  add_ours(r, "prop:no_copy:bare_memory", "sec:separation",
           "The key step of prop:no_copy's proof for the bare memory: two sequences that differ only at a position p "
           "inside a strictly ascending segment have equal extremum stacks at n (so equal bare PAL-head outputs).",
           "sub-claim");
  properties::register_background_properties(r);
  properties::register_encoding_properties(r);
  properties::register_separation_properties(r);
  properties::register_efo_properties(r);
  properties::register_rfim_properties(r);
  sequences::register_sequence_replayers(r);
}

}  // namespace palcheck
