// def:relay, def:pal, prop:wiping, prop:rpm, rem:backprop: `palcheck fuzz-impl`, a differential
// tester of another PAL implementation against the exact reference under its declared conventions
// (conventions.h). Generators aim where implementations break: inputs on thresholds and in
// neighbourhoods of every threshold at several scales (relative 1e-3 down to the next double, both
// sides), long cycles approaching a threshold from one side without reaching it (hundreds of periods),
// ramps through the thresholds, plateaus on a threshold, the first token at a threshold or 0, long
// zig-zags inside a dead band, nested zig-zags, minor loops after different histories, sweeps, huge and
// tiny magnitudes. A failing case is named by the property it breaks (tie rule, initial state, rate
// independence, return-point memory, wiping-out, congruency, else outputs) and by its diagnosed cause
// (diagnosis.h); every distinct (property, cause) met gets its own failure with its smallest witness,
// shrunk against the reference (fewer relays, fewer tokens and cycles, numbers with fewer digits)
// while it keeps both and its cause stays the only one the witness cannot tell from another.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/fuzz/fuzz_options.h"
#include "reference/measure.h"

#include <nlohmann/json.hpp>

#include <string>

namespace palcheck::oracle {

/// `seconds` when it is in [0, kMaxFuzzSeconds]; InputError naming `where` and the range otherwise (NaN,
/// infinities and negative numbers included).
double fuzz_seconds(double seconds, const std::string& where);

/// Runs the search; the report has "passed" (false when no case was checked), "seed", "cases", "calls", "conventions",
/// "failing_cases_by_property", "failing_cases_by_cause" and "failures": one per distinct
/// (property, cause), most failing cases first, each with the shrunk "inputs", the "relays" kept, the
/// "property", the "cause" and every consistent "causes" ranked, the "diagnosis" of the witness,
/// expected and actual outputs, sizes before and after shrinking and a one-line "replay".
nlohmann::json fuzz_implementation(const Implementation& impl, const FuzzOptions& options);

/// InputError naming `where` (the option or argument) when the declared domain has an end beyond the
/// doubles or holds no double: the implementation is sent doubles, so inputs are drawn from the doubles
/// within the domain. Callers check before the run; fuzz_implementation words it "domain" otherwise.
void check_domain_in_doubles(const Conventions& c, const std::string& where);

}  // namespace palcheck::oracle
