// def:pal, prop:complexity: `palcheck eval` over .npy, CSV or JSON inputs in constant memory and on all
// cores. The inputs are read, evaluated (rank-keyed exact PAL, keyed_pal.h) and written in chunks,
// so peak memory does not grow with the number of tokens; the sequences of a batch are spread over
// threads and written in their order, so the bytes do not depend on the number of threads.
#pragma once

#include "oracle/formats/npy_format.h"
#include "oracle/stream/stream_request.h"

#include <cstddef>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::oracle {

/// A .npy file's values in order, a chunk at a time: as doubles where exact (every float, integers up
/// to 2^53), else as Q; the messages of parse_npy for a file whose data does not match its header.
class NpyReader {
 public:
  /// Opens the file and checks its header and size; InputError otherwise.
  explicit NpyReader(const std::string& path);

  /// The file's header.
  const NpyHeader& header() const { return header_; }
  /// Values read so far.
  std::size_t consumed() const { return consumed_; }
  /// Reads the next `count` values into `out` (doubles); values a double cannot hold go to `wide`.
  void read(std::size_t count, std::vector<double>& out, std::vector<std::pair<std::size_t, Q>>& wide);

 private:
  std::string position(std::size_t k) const;

  std::string path_;
  std::ifstream in_;
  NpyHeader header_;
  std::vector<char> bytes_;
  std::size_t consumed_ = 0;
};

/// Whether a .npy file can be read row by row: not a column-major 2-D array (the whole-batch path
/// transposes it), and a header the whole-batch path would not reject with a message of its own.
bool npy_read_by_rows(const std::string& inputs);

/// Whether a streamed evaluation can write this: inputs in .npy (C order, read from the header), a
/// CSV file (one row per sequence) or a JSON batch without error (json_batch_shape; a regular file,
/// read once more for .npy output or --values both), output .npy with doubles or CSV with one kind
/// of value, and for CSV or JSON inputs also JSON (a .json file, or "-" or "" for standard output).
/// Everything else goes through evaluate_problem, which names what is wrong.
bool streamable(const std::string& inputs, const std::string& output, ValueKind kind);

/// Evaluates and writes the output (a temporary file renamed into place at the end); the bytes are
/// those format_outputs gives for the same problem. InputError on bad input, nothing written.
void stream_evaluate(StreamRequest request);

/// The number of threads `-j 0` means: every core the system reports (at least 1).
unsigned all_cores();

}  // namespace palcheck::oracle
