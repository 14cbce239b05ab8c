// `palcheck verify --shard i/N` and `palcheck merge`: one verify run split over processes or machines.
// Shard i runs every checker of the claims it owns (claim k of the selection when k mod N = i - 1) and,
// for every claim, part i - 1 of each search of its Sharding::ByCase checkers (RunConfig::part: case k
// of a search when k mod N = i - 1). merge combines each search's parts (merge_search_parts) and rebuilds
// the report one process makes, so its JSON and replay files are one process's, byte for byte.
#pragma once

#include "claims/registry.h"
#include "tools/cli/claim_verify.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace palcheck::cli {

/// One process's part of a run (`--shard i/N`): shard `index` of `count`, both from 1.
struct Shard {
  std::size_t index = 1;  ///< which part, 1..count
  std::size_t count = 1;  ///< how many parts
};

/// Parses "i/N" with 1 <= i <= N; nullopt and a one-line reason in `error` otherwise.
std::optional<Shard> parse_shard(const std::string& text, std::string& error);

/// The labels shard `shard` owns: the k-th of `selection` (k from 0) when k mod N = i - 1. A claim's
/// checkers other than searches run wholly in its owner: their results depend on the seed and the
/// claim alone, never on which claims ran before.
std::vector<std::string> shard_labels(const std::vector<std::string>& selection, const Shard& shard);

/// One result of a shard and how the run was split for it.
struct ShardResult {
  Sharding sharding;   ///< ByCase: one part of a search, merged with the same search's parts in the other shards
  CheckResult result;  ///< as the checker returned it, refutation confirmed
};

/// What a shard ran for one claim.
struct ShardClaim {
  std::string label;                 ///< the claim
  std::vector<ShardResult> results;  ///< every checker's if the shard owns the claim, else its ByCase checkers'
};

/// A shard's whole run.
struct ShardRun {
  RunConfig config;  ///< the run's settings (its searches split by case run with this shard's RunConfig::part)
  Shard shard;       ///< which shard
  std::vector<std::string> selection;  ///< every label of the whole run, in order
  std::vector<ShardClaim> claims;      ///< the owned claims and those with a ByCase checker, in selection order
};

/// Runs shard `shard` of `selection`; one progress line per claim start and finish on `progress`.
ShardRun run_shard(const Registry& registry, const std::vector<std::string>& selection, const Shard& shard,
                   const RunConfig& config, std::ostream* progress);

/// {"seed","tests","max_shrinks","rlimit","shard":{"index","count"},"selection",
///  "claims":[{"label","results":[result_to_json + "sharding": "claim"|"case"]}]}.
nlohmann::ordered_json shard_json(const ShardRun& run);

/// Shard JSONs combined into the report of one process (verify_json of it is byte-identical to one
/// process's); nullopt and a one-line reason in `error` when they differ in seed, tests, max_shrinks,
/// rlimit or selection, a shard is missing or repeated, a shard holds other claims or results than its
/// index runs, or a label is not in `registry`.
std::optional<VerifyReport> merge_shards(const Registry& registry, const std::vector<nlohmann::ordered_json>& shards,
                                         std::string& error);

}  // namespace palcheck::cli
