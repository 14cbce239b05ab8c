// def:pal, prop:wiping: `palcheck eval --dump` and `--trace` streamed. The inputs are read once, a
// token at a time, and every list of the outputs and of the debug-state dump is written as it grows:
// a list that comes later in the file waits in an anonymous temporary file. So memory is O(memory
// depth + relays) whatever the number of tokens for regular CSV, .npy and JSON input files; a
// document, a pipe or a file of unknown name is held as read (its bytes or its JSON), never the
// outputs. The bytes are those of format_outputs and dump_json(...).dump(1).
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"

#include <cstddef>
#include <functional>
#include <string>

namespace palcheck::oracle {

/// What a streamed dump or trace run reads and writes.
struct DumpRequest {
  ProblemSources sources;             ///< a PAL document already read, or one --measure and --inputs
  std::string output;                 ///< .json, .csv, .npy; "" or "-": JSON on standard output
  ValueKind kind = ValueKind::Exact;  ///< the values of the output
  bool trace = false;                 ///< memory_changes and relay_changes in the output (JSON only)
  std::string dump;                   ///< the debug-state file; empty: none
  /// Called as the inputs are read (done rising to total: tokens of .npy, bytes of CSV), if set.
  std::function<void(std::size_t done, std::size_t total)> progress;
};

/// Whether stream_dump writes this: PAL (a document without "heads", read into parsed_document, or
/// one --measure and --inputs of any kind), into an output format_outputs accepts for the kind and
/// trace. Everything else (MPAL, options that do not go together) goes through the whole-batch path,
/// which names what is wrong.
bool dump_streamable(const DumpRequest& request);

/// Writes the dump, then the output, as load_problem + evaluate_problem + format_outputs and
/// dump_json(...).dump(1) write them. InputError with that path's message (the output named in front
/// of format_outputs' objections) and nothing written on bad input.
void stream_dump(const DumpRequest& request);

}  // namespace palcheck::oracle
