// Sharded verify runs and their merge (see claim_shard.h).
#include "tools/cli/claim_shard.h"

#include "claims/reading_verdict.h"
#include "claims/result_json.h"
#include "claims/search_parts.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace palcheck::cli {

using json = nlohmann::ordered_json;

namespace {

// A positive decimal integer with nothing around it.
std::optional<std::size_t> parse_positive(const std::string& text) {
  std::size_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || value == 0) return std::nullopt;
  return value;
}

// The spellings of Sharding in a shard's JSON.
constexpr std::pair<Sharding, const char*> kShardingNames[] = {{Sharding::ByClaim, "claim"},
                                                               {Sharding::ByCase, "case"}};

std::string sharding_name(Sharding sharding) {
  return sharding == Sharding::ByCase ? kShardingNames[1].second : kShardingNames[0].second;
}

Sharding parse_sharding(const std::string& text) {
  for (const auto& [s, name] : kShardingNames)
    if (text == name) return s;
  throw std::invalid_argument("unknown sharding \"" + text + "\"");
}

// The results one shard holds, by label.
using ShardHoldings = std::map<std::string, std::vector<ShardResult>>;

ShardHoldings holdings_from_json(const json& shard, const std::set<std::string>& selection) {
  ShardHoldings held;
  for (const json& c : shard.at("claims")) {
    std::string label = c.at("label").get<std::string>();
    if (!selection.count(label)) throw std::invalid_argument("claim " + label + " is not in the selection");
    std::vector<ShardResult> results;
    for (const json& r : c.at("results"))
      results.push_back(ShardResult{parse_sharding(r.at("sharding").get<std::string>()),
                                    result_from_json(nlohmann::json(r), ResultFields::Written)});
    if (!held.emplace(label, std::move(results)).second) throw std::invalid_argument("claim " + label + " twice");
  }
  return held;
}

// What names a search apart from its part: the checker's method, the reading and RapidCheck's seed
// (the property's seed, from the run's seed and the property's name). Parts are paired by position;
// this makes sure the pairs are parts of one search.
std::string search_identity(const CheckResult& r) {
  std::string id = r.method;
  for (const auto& [key, value] : interpretation_text(r)) id += "; " + key + "=" + value;
  for (const auto& [key, value] : r.details)
    if (key == "rapidcheck seed") id += "; seed " + value;
  return id;
}

// The n-th ByCase result of a list, or nullptr.
const CheckResult* search_part(const std::vector<ShardResult>& results, std::size_t n) {
  for (const ShardResult& r : results)
    if (r.sharding == Sharding::ByCase && n-- == 0) return &r.result;
  return nullptr;
}

// Every file has the keys of a shard and all agree on the run's settings and selection.
bool shards_agree(const std::vector<json>& shards, std::string& error) {
  const char* keys[] = {"seed", "tests", "max_shrinks", "rlimit", "shard", "selection", "claims"};
  for (std::size_t n = 0; n < shards.size(); ++n)
    for (const char* key : keys)
      if (!shards[n].is_object() || !shards[n].contains(key)) {
        error = "file " + std::to_string(n + 1) + " is not a shard of palcheck verify --shard (no \"" + key + "\")";
        return false;
      }
  const json& first = shards.front();
  for (const char* key : {"seed", "tests", "max_shrinks", "rlimit", "selection"})
    for (const json& s : shards)
      if (s[key] != first[key]) {
        error = std::string("shards differ in \"") + key + "\": " + first[key].dump() + " vs " + s[key].dump();
        return false;
      }
  return true;
}

// What a set of shards holds once read: the run's selection and every shard's results, by shard index.
struct ShardSet {
  std::vector<std::string> selection;
  std::size_t count = 0;
  std::map<std::size_t, ShardHoldings> held;

  std::string name(std::size_t index) const { return "shard " + std::to_string(index) + "/" + std::to_string(count); }
};

// A header field of shard file `file` (1-based) as a T, at the path of keys `keys`; std::invalid_argument
// naming the file, the field and what it must be otherwise (never nlohmann's words).
template <class T>
T header_field(const json& shard, std::size_t file, std::initializer_list<const char*> keys, const char* expected) {
  const json* at = &shard;
  std::string path;
  for (const char* key : keys) {
    path += (path.empty() ? "" : ".") + std::string(key);
    if (!at->is_object() || !at->contains(key))
      throw std::invalid_argument("file " + std::to_string(file) + ": no \"" + path + "\"");
    at = &(*at)[key];
  }
  bool fits = std::is_same_v<T, std::vector<std::string>> ? at->is_array() : at->is_number_unsigned();
  if (fits) {
    try {
      return at->get<T>();
    } catch (const json::exception&) {  // a list holding something other than strings
    }
  }
  std::string text = at->dump();
  throw std::invalid_argument("file " + std::to_string(file) + ": \"" + path + "\" must be " + expected + ", got " +
                              (text.size() > 60 ? text.substr(0, 60) + "..." : text));
}

// Reads the shards (whose headers agree) into `set` and the run's settings into `config`; every index
// from 1 to the count must stand once.
bool read_shards(const std::vector<json>& shards, RunConfig& config, ShardSet& set, std::string& error) {
  const json& first = shards.front();
  try {
    const char* integer = "a non-negative integer";
    config.seed = header_field<std::uint64_t>(first, 1, {"seed"}, integer);
    config.tests = header_field<std::uint64_t>(first, 1, {"tests"}, integer);
    config.max_shrinks = header_field<std::uint64_t>(first, 1, {"max_shrinks"}, integer);
    config.rlimit = header_field<std::uint64_t>(first, 1, {"rlimit"}, integer);
    set.selection = header_field<std::vector<std::string>>(first, 1, {"selection"}, "a list of claim labels");
    std::set<std::string> selected(set.selection.begin(), set.selection.end());
    set.count = header_field<std::size_t>(first, 1, {"shard", "count"}, integer);
    for (std::size_t file = 1; file <= shards.size(); ++file) {
      const json& s = shards[file - 1];
      std::size_t index = header_field<std::size_t>(s, file, {"shard", "index"}, integer);
      if (header_field<std::size_t>(s, file, {"shard", "count"}, integer) != set.count) {
        error =
            "shards differ in their count: " + std::to_string(set.count) + " vs " + s.at("shard").at("count").dump();
        return false;
      }
      if (index < 1 || index > set.count) {
        error = "shard index " + std::to_string(index) + " outside 1.." + std::to_string(set.count);
        return false;
      }
      if (set.held.count(index)) {
        error = set.name(index) + " given twice";
        return false;
      }
      set.held[index] = holdings_from_json(s, selected);
    }
  } catch (const json::type_error&) {  // nlohmann's words name no field: ours say what kind of fault it is
    error = "malformed shard: a claim's results hold a value of the wrong type (not as verify --shard writes them)";
    return false;
  } catch (const json::out_of_range&) {
    error = "malformed shard: a claim's results lack a key verify --shard writes";
    return false;
  } catch (const std::exception& e) {
    error = std::string("malformed shard: ") + e.what();
    return false;
  }
  for (std::size_t i = 1; i <= set.count; ++i)
    if (!set.held.count(i)) {
      error = set.name(i) + " is missing";
      return false;
    }
  return true;
}

// The n-th search of a claim, merged from every shard's part of it.
std::optional<CheckResult> merge_search(ShardSet& set, const std::string& label, std::size_t n, std::string& error) {
  std::vector<CheckResult> parts;
  for (std::size_t i = 1; i <= set.count; ++i) {
    const CheckResult* part = search_part(set.held[i][label], n);
    if (!part) {
      error = set.name(i) + " lacks its part of search " + std::to_string(n + 1) + " of " + label;
      return std::nullopt;
    }
    if (!parts.empty() && search_identity(*part) != search_identity(parts.front())) {
      error = set.name(i) + "'s part of search " + std::to_string(n + 1) + " of " + label + " is of another search (" +
              search_identity(*part) + " vs " + search_identity(parts.front()) + ")";
      return std::nullopt;
    }
    parts.push_back(*part);
  }
  std::optional<CheckResult> merged = merge_search_parts(parts, error);
  if (!merged) error = label + ": " + error;
  return merged;
}

// A shard other than the claim's owner may hold only its parts of the claim's searches.
bool holds_only_parts(ShardSet& set, const std::string& label, std::size_t owner, std::size_t searches,
                      std::string& error) {
  for (std::size_t i = 1; i <= set.count; ++i) {
    if (i == owner) continue;
    const std::vector<ShardResult>& theirs = set.held[i][label];
    bool only_parts = theirs.size() == searches && std::all_of(theirs.begin(), theirs.end(), [](const ShardResult& r) {
                        return r.sharding == Sharding::ByCase;
                      });
    if (!only_parts) {
      error = set.name(i) + " holds other results for " + label + " than its part of the claim's searches";
      return false;
    }
  }
  return true;
}

// One claim's report: its owner's whole results, and its searches merged across the shards.
std::optional<ClaimReport> merge_claim(const Registry& registry, ShardSet& set, const std::string& label,
                                       std::size_t owner, std::string& error) {
  const Claim* claim = registry.find(label);
  if (!claim) {
    error = "claim " + label + " is not in this palcheck's registry";
    return std::nullopt;
  }
  auto owned = set.held[owner].find(label);
  if (owned == set.held[owner].end()) {
    error = set.name(owner) + " does not hold " + label + ", which it owns";
    return std::nullopt;
  }
  ClaimReport c{*claim, Verdict::NotCheckable, {}, {}, {}};
  for (const Checker* checker : registry.checkers_for(label)) c.methods.push_back(checker->method);
  std::size_t searches = 0;
  for (const ShardResult& r : owned->second) {
    if (r.sharding == Sharding::ByClaim) {
      c.results.push_back(r.result);
      continue;
    }
    std::optional<CheckResult> merged = merge_search(set, label, searches, error);
    if (!merged) return std::nullopt;
    c.results.push_back(std::move(*merged));
    ++searches;
  }
  if (!holds_only_parts(set, label, owner, searches, error)) return std::nullopt;
  c.readings = combine_readings(c.claim, c.results);
  c.verdict = c.readings.verdict;
  return c;
}

}  // namespace

std::optional<Shard> parse_shard(const std::string& text, std::string& error) {
  std::size_t slash = text.find('/');
  auto index = slash == std::string::npos ? std::nullopt : parse_positive(text.substr(0, slash));
  auto count = slash == std::string::npos ? std::nullopt : parse_positive(text.substr(slash + 1));
  if (!index || !count) {
    error = "shard must be i/N with whole numbers 1 <= i <= N, got '" + text + "'";
    return std::nullopt;
  }
  if (*index > *count) {
    error = "shard index " + std::to_string(*index) + " exceeds the shard count " + std::to_string(*count);
    return std::nullopt;
  }
  return Shard{*index, *count};
}

std::vector<std::string> shard_labels(const std::vector<std::string>& selection, const Shard& shard) {
  std::vector<std::string> labels;
  for (std::size_t k = 0; k < selection.size(); ++k)
    if (k % shard.count == shard.index - 1) labels.push_back(selection[k]);
  return labels;
}

ShardRun run_shard(const Registry& registry, const std::vector<std::string>& selection, const Shard& shard,
                   const RunConfig& config, std::ostream* progress) {
  ShardRun run{config, shard, selection, {}};
  // Only searches split by case see the part: any other checker runs whole in the claim's owner.
  RunConfig search_config = config;
  search_config.part = SearchPart{shard.index - 1, shard.count};
  std::vector<std::string> mine = shard_labels(selection, shard);
  const std::set<std::string> owned_labels(mine.begin(), mine.end());
  for (std::size_t k = 0; k < selection.size(); ++k) {
    bool owned = owned_labels.count(selection[k]) > 0;
    std::vector<const Checker*> checkers;
    for (const Checker* checker : registry.checkers_for(selection[k]))
      if (owned || checker->sharding == Sharding::ByCase) checkers.push_back(checker);
    if (!owned && checkers.empty()) continue;
    std::ostringstream tag;
    tag << "[" << std::setw(3) << k + 1 << "/" << selection.size() << "] " << selection[k]
        << (owned ? "" : " (its searches' part)");
    if (progress) *progress << tag.str() << " ...\n" << std::flush;
    auto start = std::chrono::steady_clock::now();
    ShardClaim claim{selection[k], {}};
    for (const Checker* checker : checkers)
      for (CheckResult& r :
           run_checker(registry, *checker, checker->sharding == Sharding::ByCase ? search_config : run.config))
        claim.results.push_back(ShardResult{checker->sharding, std::move(r)});
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress)
      *progress << tag.str() << " done (" << std::fixed << std::setprecision(2) << seconds << " s)\n" << std::flush;
    run.claims.push_back(std::move(claim));
  }
  return run;
}

nlohmann::ordered_json shard_json(const ShardRun& run) {
  json claims = json::array();
  for (const ShardClaim& c : run.claims) {
    json results = json::array();
    for (const ShardResult& r : c.results) {
      results.push_back(result_to_json(r.result));
      results.back()["sharding"] = sharding_name(r.sharding);
    }
    claims.push_back({{"label", c.label}, {"results", results}});
  }
  return {{"seed", run.config.seed},
          {"tests", run.config.tests},
          {"max_shrinks", run.config.max_shrinks},
          {"rlimit", run.config.rlimit},
          {"shard", {{"index", run.shard.index}, {"count", run.shard.count}}},
          {"selection", run.selection},
          {"claims", claims}};
}

std::optional<VerifyReport> merge_shards(const Registry& registry, const std::vector<nlohmann::ordered_json>& shards,
                                         std::string& error) {
  if (shards.empty()) {
    error = "no shard files given";
    return std::nullopt;
  }
  VerifyReport report;
  ShardSet set;
  if (!shards_agree(shards, error) || !read_shards(shards, report.config, set, error)) return std::nullopt;
  std::map<std::string, std::size_t> owners;
  for (std::size_t i = 1; i <= set.count; ++i)
    for (const std::string& label : shard_labels(set.selection, Shard{i, set.count})) owners[label] = i;
  for (const std::string& label : set.selection) {
    std::optional<ClaimReport> c = merge_claim(registry, set, label, owners.at(label), error);
    if (!c) return std::nullopt;
    report.claims.push_back(std::move(*c));
  }
  return report;
}

}  // namespace palcheck::cli
