// The analyses of claims/analysis_*.cpp (def:relay, def:preisach, def:pal, def:mpal,
// def:attention, thm:complexity, tab:complexity, abstract:cost, intro:properties,
// sec:complexity:advantages): one registration function per file, called by
// register_analysis_checkers, and the small helpers they share.
#pragma once

#include "claims/registry.h"
#include "reference/rational.h"
#include "reference/readings.h"

#include <functional>
#include <map>

#include <string>
#include <utility>
#include <vector>

namespace palcheck::analysis {

/// def:relay, def:relay:well-defined, def:preisach (analysis_relay.cpp).
void register_relay_analyses(Registry& registry);
/// def:pal, def:pal:grid (analysis_pal.cpp).
void register_pal_analyses(Registry& registry);
/// def:mpal, def:mpal:vpal, def:attention (analysis_mpal.cpp).
void register_mpal_analyses(Registry& registry);
/// thm:complexity and its sub-claims, tab:complexity, abstract:cost, intro:properties,
/// sec:complexity:advantages (analysis_complexity.cpp).
void register_complexity_analyses(Registry& registry);

/// cor:depth, rem:heads_dims, rem:heads_dims:parameters (analysis_tc_remarks.cpp).
void register_tc_remark_analyses(Registry& registry);

/// def:pal_transformer (analysis_transformer.cpp).
void register_transformer_analyses(Registry& registry);

/// A search's result at its first departure from the definition: refuted by `witness`, "<what> at n = <n>".
CheckResult departs_at(CheckResult r, const std::string& what, long n, Instance witness);

/// A result of method "analysis" with its evidence.
CheckResult analysis_result(Verdict verdict, std::string summary,
                            std::vector<std::pair<std::string, std::string>> details,
                            std::map<std::string, std::string> interpretation = {}, Reading reading = {});

/// A checker of method "analysis" whose one result is analysis_result(verdict, summary, details): a
/// judgement of the text, the same at every seed.
Checker analysis_checker(std::string label, Verdict verdict, std::string summary,
                         std::vector<std::pair<std::string, std::string>> details);

/// A checker's run: `search` from initial state 0, then from 1 (def:relay leaves the state before u_0 open).
std::function<std::vector<CheckResult>(const RunConfig&)> from_both_initial_states(
    CheckResult (*search)(const RunConfig&, InitialState));

/// "[a, b, c]" of exact numbers.
std::string list_text(const std::vector<Q>& values);

}  // namespace palcheck::analysis
