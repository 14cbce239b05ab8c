// def:pal, def:relay: the first-token defect of a diagnosis (see diagnosis.h). The states the relays
// are left in by u_0 are not the reference's, and from u_1 on every relay follows eq:relay from the state
// it was left in (u_0 compared the wrong way, a first step that skips some relays). A relay keeps its state
// from u_0 until an input decides it again, at token d_r, so the difference at token n is the sum of the
// flips of the relays with d_r > n: relays with equal d_r share every token and are solved together, the
// last to be decided first, each group on the tokens where it is the last one still kept.
#include "oracle/diagnosis/diagnosis.h"

#include <algorithm>
#include <map>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// Beyond these the subsets of a group are not enumerated: no first-token defect is named.
constexpr std::size_t kFirstTokenRelays = 64;
constexpr std::size_t kFirstTokenGroup = 12;

}  // namespace

bool PalSequence::kept_flips_fit(const Q& flips, std::size_t lo, std::size_t hi) {
  for (std::size_t n = lo; n < hi; ++n) {
    if (status_[n] == TokenStatus::NotCompared || status_[n] == TokenStatus::Undecided ||
        status_[n] == TokenStatus::Smoothing)
      continue;
    if (abs(Q(apparent_pal(n) - apparent_expected(n) - flips)) > pal_tolerance(n)) return false;
  }
  return true;
}

json PalSequence::first_token_states(const DivergentRun& run) {
  const Measure& mu = ref_.measure();
  const std::size_t size = actual_.size();
  if (!rational_outputs(ref_.conventions()) || run.first != 0 || status_[0] != TokenStatus::Differ ||
      mu.relays.size() > kFirstTokenRelays || std::find(undefined_.begin(), undefined_.end(), 1) != undefined_.end())
    return nullptr;
  const RelayReading& declared = ref_.declared();
  std::vector<std::size_t> until(mu.relays.size(), size);  // d_r (size: never decided again)
  std::map<std::size_t, std::vector<std::size_t>> kept_until;  // d_r -> its relays
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    if (mu.relays[r].weight == 0) continue;
    for (std::size_t d = 1; d < size && until[r] == size; ++d)
      if (std::size_t k = ref_.decided_by(r, d, declared); k != SequenceReference::npos && k != 0) until[r] = d;
    kept_until[until[r]].push_back(r);
  }
  Q flips = 0;  // of the relays chosen so far, all kept at the tokens being checked
  std::size_t hi = size;
  std::vector<std::size_t> flipped;
  for (auto g = kept_until.rbegin(); g != kept_until.rend(); ++g) {
    const auto& [d, relays] = *g;
    if (!kept_flips_fit(flips, d, hi) || relays.size() > kFirstTokenGroup) return nullptr;
    std::size_t lo = std::next(g) == kept_until.rend() ? 0 : std::next(g)->first;
    std::optional<unsigned> found;
    for (unsigned mask = 0; mask < (1u << relays.size()) && !found; ++mask) {
      Q sum = flips;
      for (std::size_t i = 0; i < relays.size(); ++i)
        if (mask >> i & 1) {
          const Q& w = mu.relays[relays[i]].weight;
          sum += ref_.state(relays[i], 0, declared) ? Q(-w) : w;
        }
      // Token d - 1 keeps every relay of the group: most subsets are refuted there.
      if (kept_flips_fit(sum, d - 1, d) && kept_flips_fit(sum, lo, d - 1)) found = mask, flips = sum;
    }
    if (!found) return nullptr;
    for (std::size_t i = 0; i < relays.size(); ++i)
      if (*found >> i & 1) flipped.push_back(relays[i]);
    hi = lo;
  }
  if (flipped.empty() || !kept_flips_fit(flips, 0, hi)) return nullptr;
  std::sort(flipped.begin(), flipped.end());
  json relays = json::array();
  for (std::size_t k = 0; k < flipped.size() && k < kListedRelays; ++k) {
    std::size_t r = flipped[k];
    json j = relay_json(r);
    j["reference_state"] = ref_.state(r, 0, declared);
    j["kept_until"] = until[r] < size ? json(until[r]) : json(nullptr);
    relays.push_back(j);
  }
  return {{"relay_count", flipped.size()}, {"kept_from_first_token", relays}};
}

bool first_token_defect(const json& cause) {
  return cause.value("cause", "") == "first_token" && cause.contains("evidence") && cause["evidence"].is_object() &&
         cause["evidence"].contains("kept_from_first_token");
}

}  // namespace palcheck::oracle
