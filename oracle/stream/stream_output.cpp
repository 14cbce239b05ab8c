// The writing half of the streamed eval (see stream_output.h).
#include "oracle/stream/stream_output.h"

#include "oracle/formats/npy_format.h"
#include "util/errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace palcheck::oracle {

namespace {

// One value as format_outputs writes it (canonical fraction, in JSON quoted; a double in CSV as
// %.17g, in JSON as nlohmann writes it): from `scaled` (the output times 2^scale) when the measure
// is integral, else from the run.
void append_value(std::string& out, const KeyedRun& run, const KeyedMeasure& keyed, ValueKind kind, TextStyle style,
                  const __int128* scaled, Finite& finite) {
  if (kind == ValueKind::Exact) {
    if (style == TextStyle::Json) out += '"';
    if (scaled)
      append_dyadic_text(out, *scaled, keyed.scale());
    else
      out += to_string(run.exact());
    if (style == TextStyle::Json) out += '"';
    return;
  }
  double value = scaled ? dyadic_to_double(*scaled, keyed.scale()) : run.nearest_double();
  if (!std::isfinite(value)) finite = Finite::NotAll;
  if (style == TextStyle::Json) {
    out += nlohmann::json(value).dump();
    return;
  }
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 17);
  out.append(buf, r.ptr);
}

}  // namespace

Finite run_keys(const KeyedMeasure& keyed, ValueKind kind, KeyedRun& run, const int* keys, std::size_t count,
                bool first_of_row, double* values, std::string* text, TextStyle style) {
  bool integral = keyed.integral();
  Finite finite = Finite::All;
  if (integral && !text) {
    run.step_doubles(keys, count, values);
    for (std::size_t k = 0; k < count; ++k)
      if (!std::isfinite(values[k])) finite = Finite::NotAll;
    return finite;
  }
  constexpr std::size_t kBlock = 1024;
  __int128 scaled[kBlock];
  for (std::size_t first = 0; first < count; first += kBlock) {
    std::size_t block = std::min(kBlock, count - first);
    if (integral) run.step_scaled(keys + first, block, scaled);
    for (std::size_t k = 0; k < block; ++k) {
      if (!integral) run.step(keys[first + k]);
      if (!text) {
        double value = integral ? dyadic_to_double(scaled[k], keyed.scale()) : run.nearest_double();
        if (!std::isfinite(value)) finite = Finite::NotAll;
        values[first + k] = value;
        continue;
      }
      if (!(first_of_row && first + k == 0)) *text += ',';
      if (style == TextStyle::Json) *text += "\n      ";
      append_value(*text, run, keyed, kind, style, integral ? &scaled[k] : nullptr, finite);
    }
  }
  return finite;
}

void RowOutputs::clear() {
  values_.clear();
  lengths_.clear();
  finite_.clear();
  text_.clear();
}

void RowOutputs::add(const KeyedMeasure& keyed, InitialState initial, const int* keys, std::size_t count,
                     bool first_of_batch) {
  KeyedRun run(keyed, initial);
  begin_row(first_of_batch);
  add_keys(keyed, run, keys, count);
  end_row();
}

void RowOutputs::begin_row(bool first_of_batch) {
  row_values_ = 0;
  row_finite_ = Finite::All;
  open_ = true;
  if (format_ == FileFormat::Json) text_ += first_of_batch ? "\n    [" : ",\n    [";
}

void RowOutputs::add_keys(const KeyedMeasure& keyed, KeyedRun& run, const int* keys, std::size_t count) {
  bool npy = format_ == FileFormat::Npy, json = format_ == FileFormat::Json;
  std::size_t at = values_.size();
  if (npy) values_.resize(at + count);
  if (run_keys(keyed, kind_, run, keys, count, row_values_ == 0, values_.data() + at, npy ? nullptr : &text_,
               json ? TextStyle::Json : TextStyle::Csv) == Finite::NotAll)
    row_finite_ = Finite::NotAll;
  row_values_ += count;
}

void RowOutputs::end_row() {
  open_ = false;
  finite_.push_back(row_finite_);
  lengths_.push_back(row_values_);
  switch (format_) {
    case FileFormat::Json: text_ += row_values_ == 0 ? "]" : "\n    ]"; break;
    case FileFormat::Csv: text_ += '\n'; break;
    case FileFormat::Npy: break;
  }
}

void RowOutputs::give(AtomicFile& out, std::size_t& row, std::size_t cols,
                      std::optional<std::string>& objection) const {
  for (std::size_t i = 0; i < lengths_.size() && !objection; ++i) {
    if (format_ == FileFormat::Npy && lengths_[i] != cols)
      objection = not_rectangular_message(row + i, lengths_[i], cols);
    else if (finite_[i] == Finite::NotAll)
      objection = no_finite_double_message();
  }
  // A row still open after the rows ended here: its values so far.
  if (!objection && open_ && row_finite_ == Finite::NotAll)
    objection = no_finite_double_message();
  row += lengths_.size();
  if (objection) return;  // nothing more is written: the temporary file is removed
  switch (format_) {
    case FileFormat::Npy: out.write(reinterpret_cast<const char*>(values_.data()), 8 * values_.size()); break;
    case FileFormat::Json:
    case FileFormat::Csv: out.write(text_); break;
  }
}

namespace {

// A .npy batch: the header (with the row count the shape gives, else counted by the pass and written
// over it), then the pass's doubles.
std::optional<std::string> npy_batch(AtomicFile& out, ValueKind kind, const std::function<NpyShape()>& npy_shape,
                                     const BatchPass& pass, std::size_t& rows) {
  NpyShape shape = npy_shape();
  std::string header = npy_f8_header({shape.rows.value_or(0), shape.cols});
  out.write(header);
  std::optional<std::string> objection = pass(out, FileFormat::Npy, kind, shape.cols, rows);
  if (!objection && shape.rows && rows != *shape.rows) {
    // Rows counted before the pass come from a pass of their own: a file that changed between the
    // passes must not leave a header that disagrees with the data.
    objection = "the inputs changed while they were read (" + std::to_string(*shape.rows) + " rows, then " +
                std::to_string(rows) + ")";
  } else if (!objection && !shape.rows) {
    std::string counted = npy_f8_header({rows, shape.cols});
    if (counted.size() != header.size()) throw std::logic_error("write_batch: the .npy header changed length");
    out.overwrite(0, counted.data(), counted.size());
  }
  return objection;
}

// format_outputs' JSON (dump(2)): a pass per list, exact outputs first.
std::optional<std::string> json_batch(AtomicFile& out, ValueKind kind, InitialState initial, const BatchPass& pass,
                                      std::size_t& rows) {
  std::vector<std::pair<ValueKind, std::string>> lists;
  if (kind != ValueKind::Double) lists.emplace_back(ValueKind::Exact, "outputs");
  if (kind != ValueKind::Exact) lists.emplace_back(ValueKind::Double, kind == ValueKind::Both ? "outputs_double" : "outputs");
  std::optional<std::string> objection;
  out.write("{\n  \"initial_state\": " + std::to_string(static_cast<int>(initial)));
  for (const auto& [list_kind, key] : lists) {
    out.write(",\n  \"" + key + "\": [");
    objection = pass(out, FileFormat::Json, list_kind, 0, rows);
    if (objection) break;
    out.write(rows ? "\n  ]" : "]");
  }
  out.write("\n}\n");
  return objection;
}

}  // namespace

void write_batch(const std::string& output, ValueKind kind, InitialState initial,
                 const std::function<NpyShape()>& npy_shape, const BatchPass& pass) {
  FileFormat format = output == "-" ? FileFormat::Json : format_of(output);
  AtomicFile out(output);
  std::optional<std::string> objection;
  std::size_t rows = 0;
  switch (format) {
    case FileFormat::Npy: objection = npy_batch(out, kind, npy_shape, pass, rows); break;
    case FileFormat::Csv: objection = pass(out, format, kind, 0, rows); break;
    case FileFormat::Json: objection = json_batch(out, kind, initial, pass, rows); break;
  }
  if (objection) throw InputError((output == "-" ? std::string("standard output") : output) + ": " + *objection);
  out.commit();
}

}  // namespace palcheck::oracle
