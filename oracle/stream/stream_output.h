// def:pal, prop:complexity: the writing half of the streamed `palcheck eval` (stream_eval.h), shared
// by its .npy and CSV readers: a run of keyed inputs to the values or CSV text format_outputs writes, into
// an output file written whole (util/atomic_file.h: renamed into place only when complete).
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/keyed/keyed_pal.h"
#include "util/atomic_file.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// Values per part of rows read from text (CSV, JSON): small enough that a few parts per thread are
/// in flight on a file of a few MB.
inline constexpr std::size_t kStreamPartValues = std::size_t{1} << 16;

/// Whether a run of keys into an output wrote doubles that are all finite (format_outputs refuses the others).
enum class Finite { All, NotAll };

/// How run_keys writes values as text: as format_csv does, or as the items of a list in
/// format_outputs' JSON (exact values quoted, doubles as nlohmann writes them, one per line).
enum class TextStyle { Csv, Json };

/// Feeds `count` keys to `run` and writes the output after each: as doubles into `values` (.npy),
/// or, when `text` is given, as text in `kind` and `style` appended to it, each but the first of a
/// row after a comma. Keys go to the run a block at a time, so an integral measure's table reads
/// overlap (step_scaled).
Finite run_keys(const KeyedMeasure& keyed, ValueKind kind, KeyedRun& run, const int* keys, std::size_t count,
                bool first_of_row, double* values, std::string* text, TextStyle style = TextStyle::Csv);

/// The outputs of consecutive rows of a batch (one sequence each), as format_outputs writes a batch
/// in `format` (.npy doubles, CSV, or the items of a JSON list of lists) in `kind`.
class RowOutputs {
 public:
  /// Outputs in `format` (JSON: one list of the document, `kind` Exact or Double).
  RowOutputs(FileFormat format, ValueKind kind) : format_(format), kind_(kind) {}

  /// Forgets the outputs held, keeping the capacity and a row begun but not ended.
  void clear();
  /// Runs one sequence's keys from `initial` and appends its outputs; `first_of_batch` for the batch's
  /// first row (JSON: no comma before it).
  void add(const KeyedMeasure& keyed, InitialState initial, const int* keys, std::size_t count, bool first_of_batch);
  /// Begins a row that comes in pieces (add_keys), as add begins one.
  void begin_row(bool first_of_batch);
  /// Runs a piece of the row begun through `run` (the row's) and appends its outputs.
  void add_keys(const KeyedMeasure& keyed, KeyedRun& run, const int* keys, std::size_t count);
  /// Ends the row begun.
  void end_row();
  /// Writes the outputs held to `out` unless an objection of format_outputs was met, then nothing
  /// more: a row .npy cannot hold (length other than `cols`), or a value with no finite double.
  /// `row` numbers the first row ended here and advances past the last.
  void give(AtomicFile& out, std::size_t& row, std::size_t cols, std::optional<std::string>& objection) const;

 private:
  FileFormat format_;
  ValueKind kind_;
  std::vector<double> values_;
  std::vector<std::size_t> lengths_;
  std::vector<Finite> finite_;
  std::string text_;
  std::size_t row_values_ = 0;        // values of the row begun so far
  Finite row_finite_ = Finite::All;  // and whether they are finite
  bool open_ = false;                // a row begun and not ended
};

/// One pass over a batch's rows writing them to `out` as RowOutputs(format, kind) with the given
/// .npy width (0 otherwise); returns the objection met (RowOutputs::give) and the rows through `rows`.
using BatchPass = std::function<std::optional<std::string>(AtomicFile& out, FileFormat format, ValueKind kind,
                                                           std::size_t cols, std::size_t& rows)>;

/// A .npy output's shape before the pass: its width, and its rows when known; else the pass counts them
/// and the header is rewritten in place after it (a 2-D header is 128 bytes for every shape of 64-bit
/// counts, so the rewrite never moves the data).
struct NpyShape {
  std::optional<std::size_t> rows;  ///< the rows, or nullopt: counted by the pass
  std::size_t cols = 0;             ///< the width
};

/// Writes a batch of PAL outputs as format_outputs does to `output` (a file, or "-": JSON on standard
/// output), one `pass` per list (.npy and CSV: one; JSON: one per list, two for --values both);
/// `npy_shape` is called for .npy only. Commits, or throws the objection naming the output.
void write_batch(const std::string& output, ValueKind kind, InitialState initial,
                 const std::function<NpyShape()>& npy_shape, const BatchPass& pass);

}  // namespace palcheck::oracle
