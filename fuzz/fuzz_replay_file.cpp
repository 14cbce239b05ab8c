// libFuzzer target: the replay files of `palcheck verify --out` / `palcheck replay` (claims/result_json.h),
// read back and written again. Running the replayers is not part of it.
#include "claims/result_json.h"
#include "oracle/formats/json_input.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck;
  try {
    nlohmann::json doc = oracle::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
    ReplayFile file = replay_file_from_json(doc);
    (void)replay_file_to_json(file).dump();
  } catch (const palcheck::InputError&) {
  }
  return 0;
}
