// def:pal, prop:complexity: what a streamed `palcheck eval` reads and writes, shared by the dispatch
// (stream_eval.h) and the per-format halves (csv_stream_eval.h, json_stream_eval.h), which include this and
// not each other.
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/keyed/keyed_pal.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace palcheck::oracle {

/// What a streamed evaluation reads and writes.
struct StreamRequest {
  std::shared_ptr<const KeyedMeasure> keyed;  ///< PAL's measure, keyed (load_keyed_measure)
  std::string inputs;  ///< a .npy file, 1-D (one sequence) or 2-D (one per row), CSV or a JSON batch
  std::string output;  ///< a .npy (doubles) or .csv file; for CSV and JSON inputs also .json or "-" (JSON on stdout)
  ValueKind kind = ValueKind::Double;               ///< exact or double (one kind per file)
  InitialState initial = InitialState::Off;         ///< every relay's state before u_0
  unsigned threads = 1;                             ///< sequences evaluated at once
  std::size_t chunk_values = std::size_t{1} << 16;  ///< values read per chunk (bounds the memory, per thread)
  /// Called after each chunk is written (done rising to total: tokens of .npy, bytes of CSV and JSON), one
  /// call at a time, from any thread; if set.
  std::function<void(std::size_t done, std::size_t total)> progress;
  CsvHeader csv_header = CsvHeader::Auto;  ///< CSV inputs: whether the first row is a header
};

}  // namespace palcheck::oracle
