// libFuzzer target: `palcheck merge`'s input, the shard files of `verify --shard` (tools/cli/
// claim_shard.h): the bytes split at "\n--\n" into up to four files, each parsed as merge parses it,
// then merged against the claim table and written as verify's JSON. Bad input may only raise
// InputError (a file) or give merge_shards' one-line reason.
#include "claims/areas.h"
#include "oracle/formats/json_input.h"
#include "tools/cli/claim_shard.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck;
  static const Registry registry = build_full_registry();
  std::string bytes(reinterpret_cast<const char*>(data), size);
  std::vector<nlohmann::ordered_json> shards;
  try {
    for (std::size_t start = 0, n = 0; start <= bytes.size() && n < 4; ++n) {
      std::size_t end = bytes.find("\n--\n", start);
      std::string file = bytes.substr(start, end == std::string::npos ? std::string::npos : end - start);
      shards.push_back(oracle::parse_ordered_json_text(file, "shard" + std::to_string(n + 1) + ".json"));
      if (end == std::string::npos) break;
      start = end + 4;
    }
  } catch (const palcheck::InputError&) {
    return 0;
  }
  std::string error;
  if (std::optional<cli::VerifyReport> merged = cli::merge_shards(registry, shards, error))
    (void)cli::verify_json(*merged).dump(2);
  return 0;
}
