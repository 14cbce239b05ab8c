// libFuzzer target: the JSON document of `palcheck eval` (def:pal, def:mpal): parse_json_text, the
// problem reader and the exact evaluation. Bad input may only raise InputError.
#include "tools/oracle/eval_document.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/oracle_problem.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck::oracle;
  try {
    nlohmann::json doc = parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (needs_oracle_mode(doc)) {
      OracleProblem p = problem_from_document(doc, "fuzz.json");
      BatchOutputs o = evaluate_problem(p, ValueKind::Both);
      (void)format_outputs(p, o, FileFormat::Json, ValueKind::Both, false);
    } else {
      (void)evaluate_document(doc, true).dump();
    }
  } catch (const InputError&) {
  }
  return 0;
}
