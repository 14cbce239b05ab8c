// libFuzzer target: the JSON document of `palcheck eval` (def:pal, def:mpal): parse_json_text, the
// problem reader and the exact evaluation. Bad input may only raise InputError. The same bytes as an
// inputs file: where the streamed reader (read_json_inputs) takes them, the whole-batch reader
// (rows_from_bytes) must read the same rows without error, else a trap.
#include "oracle/eval/eval_document.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/stream/json_stream_eval.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace palcheck::oracle;
using palcheck::InputError;

// Where the streamed reader takes `text`, the whole-batch reader gives the same rows, and a batch
// where only batches are taken.
void inputs_agree(const std::string& text) {
  for (JsonInputs accepted : {JsonInputs::Batch, JsonInputs::BatchOrSequence}) {
    NumberRows streamed;
    RowVisitor visit{[&](bool one_dimensional) { streamed.one_dimensional = one_dimensional; },
                     [&] { streamed.rows.emplace_back(); },
                     [&](palcheck::Q&& q) { streamed.rows.back().push_back(std::move(q)); },
                     {}};
    std::istringstream in(text);
    if (!read_json_inputs(in, accepted, visit)) continue;
    NumberRows whole;
    try {
      whole = rows_from_bytes(text, "fuzz.json", "inputs");
    } catch (const InputError&) {
      __builtin_trap();
    }
    if (whole.rows != streamed.rows || whole.one_dimensional != streamed.one_dimensional) __builtin_trap();
    if (accepted == JsonInputs::Batch && (whole.one_dimensional || whole.rows.empty())) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  inputs_agree(text);
  try {
    nlohmann::json doc = parse_json_text(text, "fuzz.json");
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
