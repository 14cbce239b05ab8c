// def:pal, prop:complexity: the JSON half of the streamed `palcheck eval` (stream_eval.h dispatches to it): a batch of
// sequences (a list of lists, alone or under "inputs") read with nlohmann's SAX interface, so no
// document is built: memory bounded by a part of rows and the longest row.
#pragma once

#include "oracle/stream/stream_request.h"

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <utility>

namespace palcheck::oracle {

/// Which JSON inputs read_json_inputs takes.
enum class JsonInputs {
  Batch,             ///< a list of lists (sequences), alone or under "inputs"
  BatchOrSequence,   ///< also one sequence: a flat list of numbers, alone or under "inputs"
};

/// Reads `path` a value at a time when it holds inputs of the kind `accepted` that the whole-batch
/// path (load_rows) reads without error, handing them to `visit` (shape() when the first value or
/// row shows it) and, every 2^16 values and rows, the bytes read so far to `progress` (if set);
/// whether it held such inputs (when false, `visit` may have had a part of them).
bool read_json_inputs(const std::string& path, JsonInputs accepted, const RowVisitor& visit,
                      const std::function<void(std::size_t bytes)>& progress = {});

/// read_json_inputs on the bytes of such a file, read from `in`.
bool read_json_inputs(std::istream& in, JsonInputs accepted, const RowVisitor& visit,
                      const std::function<void(std::size_t bytes)>& progress = {});

/// (rows, length of the first row) when `path` holds a batch the whole-batch path reads without
/// error (parse_json_text's nesting and number checks, one "inputs" key, a non-empty list of lists of
/// numbers or numeric strings); nullopt otherwise, and the whole-batch path then names the problem.
std::optional<std::pair<std::size_t, std::size_t>> json_batch_shape(const std::string& path);

/// stream_evaluate for such a batch: the bytes of load_problem + evaluate_problem + format_outputs;
/// an objection of format_outputs (a row .npy cannot hold, a double that is not finite) leaves
/// nothing written.
void stream_evaluate_json(const StreamRequest& request);

}  // namespace palcheck::oracle
