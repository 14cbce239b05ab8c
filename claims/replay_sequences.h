// Reference-only judges of the sequence-level claims (§2-§8 and the appendices) that properties/
// searches with RapidCheck: prop:rate_independence, repair:prop:wiping, def:stack, prop:sufficiency,
// alg:stack, prop:complexity, lem:monotone, lem:stack_ops, lem:pop_one, lem:push_no_wipe, prop:range,
// prop:no_copy, lem:ext_indicator, lem:threshold, lem:extAgg, lem:exists_ext, eq:relay_efo, prop:sparse,
// prop:hopfield_pal, rem:retrieval, prop:ising_streaming, prop:pal_preisach and the ref:* properties.
// Each scenario is one function Instance -> ReplayOutcome; the property checkers call the very same
// function on every generated case, so a shrunk counterexample replays by construction.
#pragma once

#include "claims/instance.h"
#include "claims/registry.h"
#include "reference/algorithm1.h"
#include "reference/measure.h"
#include "reference/preisach_memory.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::sequences {

/// Extremal positions: strict local extrema after collapsing plateaus (a plateau counts once, at its
/// first index); with Endpoints::Included the first position and the first index of the last plateau
/// count too (a one-value sequence has the single extremal position 0).
std::vector<std::size_t> extremal_positions(const std::vector<Q>& u, Endpoints e);

/// The extremum stack after the whole of u as (M, m) pairs, bottom first. Classical memory: each
/// maximum entry paired with the entry after it; a last maximum with nothing after it is paired with
/// itself (it is the current input), a leading minimum (initial state 1) is paired with itself too.
std::vector<StackPair> stack_pairs(const std::vector<Q>& u, const StackReading& r, InitialState initial);

/// Every number the stack stores after u (all M and m components, or all memory entries), sorted, distinct.
std::vector<Q> stack_values(const std::vector<Q>& u, const StackReading& r, InitialState initial);

/// Thresholds that represent every relay on the values given: for each ordering position of the values
/// (each value, each gap between neighbours, below all, above all) one threshold; all pairs alpha >= beta.
std::vector<Thresholds> representative_relays(std::vector<Q> values);

/// A relay (among representative_relays of both sequences) whose final state differs, if any: equal
/// final states of all of them is equality of PAL_mu for every finite measure mu.
std::optional<Thresholds> distinguishing_relay(const std::vector<Q>& u, const std::vector<Q>& v, InitialState initial);

/// Text of a list of exact numbers, "[0, 1/2, 3]".
std::string show(const std::vector<Q>& values);

/// Text of one relay, "(alpha, beta)".
std::string show(const Thresholds& t);

/// values["alpha"], ["beta"], ["weight"] as a measure.
Measure measure(const Instance& instance);
/// Stores mu as values["alpha"], ["beta"], ["weight"].
void put_measure(Instance& instance, const Measure& mu);

/// A stack scenario's input sequence with the stack reading and initial state it is read under.
struct StackInput {
  const std::vector<Q>& u;  ///< values["u"]
  StackReading reading;     ///< options["stack"]
  InitialState initial;     ///< options["initial_state"]
};
/// values["u"], then the stack reading, then the initial state: the first one missing or malformed throws.
StackInput stack_input(const Instance& instance);

/// A replay verdict "holds here" (the instance does not violate the claim, or misses a hypothesis).
ReplayOutcome holds(std::string predicted, std::string computed);
/// A replay verdict "violated here".
ReplayOutcome violated(std::string predicted, std::string computed);

/// One judged scenario: which claim, which Instance::scenario, the judge.
struct Scenario {
  std::string label;                                    ///< the claim
  std::string scenario;                                 ///< Instance::scenario
  std::function<ReplayOutcome(const Instance&)> judge;  ///< reference-only judge
};

/// Every judged scenario, in table order: §2 (rate-independence, wiping, def:stack, sufficiency,
/// alg:stack, complexity, ref:*), §4 and app:tc_aux, §5, app:efo_proof and app:sparse, §8.
std::vector<Scenario> all_scenarios();

/// The judge of (label, scenario); throws std::invalid_argument when there is none.
const std::function<ReplayOutcome(const Instance&)>& judge_for(const std::string& label, const std::string& scenario);

/// Adds one Replayer per scenario (the claims must be registered already).
void register_sequence_replayers(Registry& registry);

}  // namespace palcheck::sequences
