// Verdicts over readings (see reading_verdict.h).
#include "claims/reading_verdict.h"

#include "claims/headline.h"

#include <algorithm>
#include <optional>
#include <set>

namespace palcheck {
namespace {

// The stack a result was obtained under, when it names one.
std::optional<StackReading> stack_of(const CheckResult& r) {
  auto it = r.reading.find(ReadingKey::Stack);
  if (it == r.reading.end() || it->second.every()) return std::nullopt;
  return parse_stack_reading(*it->second.value);
}

bool classical(const CheckResult& r) {
  std::optional<StackReading> stack = stack_of(r);
  return stack && stack->classical();
}

// Only results about the statement speak about its readings.
bool counts(const CheckResult& r) { return r.scope == Scope::Statement; }

bool holds(Verdict v) { return v == Verdict::Proved || v == Verdict::Bounded || v == Verdict::Held; }

std::string key_text(const std::map<std::string, std::string>& reading) {
  std::string out;
  for (const auto& [k, v] : reading) out += (out.empty() ? "" : ", ") + k + "=" + v;
  return out;
}

std::string readings_text(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 2; ++i) out += (i ? "; " : "") + names[i];
  return names.size() > 2 ? out + "; ..." : out;
}

}  // namespace

std::map<std::string, std::string> reading_of(const Claim& claim, const CheckResult& result) {
  std::set<ReadingKey> admitted;
  for (const std::string& option : claim.interpretations)
    for (ReadingKey key : reading_keys(option)) admitted.insert(key);
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : result.reading) {
    if (value.every() || !admitted.count(key)) continue;
    if (key != ReadingKey::Stack) {
      out[to_string(key)] = *value.value;
    } else if (std::optional<StackReading> stack = stack_of(result); stack && !stack->classical()) {
      // Algorithm 1's readings by their options; the classical memory is a repair, not a reading.
      out[to_string(key)] = to_string(stack->algorithm1);
    }
  }
  return out;
}
const CheckResult* headline_for(const Claim& claim, const std::vector<CheckResult>& results) {
  // The repair (classical memory) never heads a claim judged under Algorithm 1's readings.
  bool has_algorithm1 = std::any_of(results.begin(), results.end(), [&](const CheckResult& r) {
    return counts(r) && reading_of(claim, r).count("stack");
  });
  std::vector<CheckResult> candidates;
  std::vector<const CheckResult*> origin;
  for (const CheckResult& r : results) {
    if (has_algorithm1 && classical(r)) continue;
    candidates.push_back(r), origin.push_back(&r);
  }
  if (const CheckResult* h = headline(candidates, [&](const CheckResult& r) {
        // One completion of Algorithm 1 is one reading of the stack, whether or not the row lists it.
        bool one_completion = stack_of(r) && !classical(r);
        return HeadlineRank{reading_of(claim, r).empty() && !one_completion ? Readings::Every : Readings::Some,
                            generality(r)};
      }))
    return origin[static_cast<std::size_t>(h - candidates.data())];
  return headline(results, [](const CheckResult& r) { return HeadlineRank{Readings::Some, generality(r)}; });
}

std::string sub_claim_line(Verdict claim_verdict, const std::vector<CheckResult>& results) {
  if (claim_verdict == Verdict::Proved || claim_verdict == Verdict::Refuted) return "";
  for (const CheckResult& r : results) {
    if (r.verdict != Verdict::Proved || r.scope != Scope::SubClaim) continue;
    for (const auto& [key, value] : r.details)
      if (key == "left of the statement") return "; PROVED as a sub-claim only, left: " + value;
  }
  return "";
}

ReadingVerdict combine_readings(const Claim& claim, const std::vector<CheckResult>& results) {
  ReadingVerdict out;
  out.verdict = combine(results);
  if (out.verdict != Verdict::Refuted) return out;
  bool has_algorithm1 = std::any_of(results.begin(), results.end(), [&](const CheckResult& r) {
    return counts(r) && reading_of(claim, r).count("stack");
  });
  std::vector<std::pair<std::map<std::string, std::string>, const CheckResult*>> counted;
  std::map<std::string, std::set<std::string>> dimensions;
  for (const CheckResult& r : results) {
    if (!counts(r) || (has_algorithm1 && classical(r))) continue;
    counted.emplace_back(reading_of(claim, r), &r);
    for (const auto& [k, v] : counted.back().first) dimensions[k].insert(v);
  }
  // Every combination of the values seen, one per dimension.
  std::vector<std::map<std::string, std::string>> readings{{}};
  for (const auto& [k, values] : dimensions) {
    std::vector<std::map<std::string, std::string>> next;
    for (const auto& partial : readings)
      for (const std::string& v : values) {
        next.push_back(partial);
        next.back()[k] = v;
      }
    readings = std::move(next);
  }
  if (readings.size() < 2) return out;
  std::vector<std::string> refuted, holding;
  for (const auto& reading : readings) {
    std::vector<CheckResult> applicable;
    for (const auto& [r_reading, r] : counted)
      if (std::all_of(r_reading.begin(), r_reading.end(),
                      [&](const auto& kv) { return reading.at(kv.first) == kv.second; }))
        applicable.push_back(*r);
    Verdict v = combine(applicable);
    out.by_reading.emplace_back(key_text(reading), v);
    if (v == Verdict::Refuted) refuted.push_back(key_text(reading));
    if (holds(v)) holding.push_back(key_text(reading) + ": " + to_string(v));
  }
  if (refuted.size() == readings.size()) return out;
  if (refuted.empty()) {
    // Only the repair (the classical memory) was refuted: the claim's own readings decide.
    std::vector<CheckResult> own;
    for (const auto& [reading, r] : counted) own.push_back(*r);
    out.verdict = combine(own);
    return out;
  }
  out.verdict = holding.empty() ? Verdict::Refuted : Verdict::IllPosed;
  out.line = "REFUTED under " + std::to_string(refuted.size()) + " of " + std::to_string(readings.size()) +
             " readings (" + readings_text(refuted) + ")" +
             (holding.empty() ? "; the others undecided" : "; holds under " + readings_text(holding));
  return out;
}

}  // namespace palcheck
