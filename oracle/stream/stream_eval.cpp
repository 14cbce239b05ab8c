// Streamed, threaded evaluation of .npy inputs (see stream_eval.h).
#include "oracle/stream/stream_eval.h"

#include "oracle/formats/npy_format.h"
#include "oracle/keyed/keyed_pal.h"
#include "oracle/stream/csv_stream_eval.h"
#include "oracle/stream/json_stream_eval.h"
#include "oracle/stream/stream_output.h"
#include "util/errors.h"
#include "util/parallel.h"

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

namespace palcheck::oracle {

namespace {

// The k-th value of type T in a little-endian buffer (memcpy: the buffer need not be aligned).
template <class T>
T element(const char* bytes, std::size_t k) {
  T v;
  std::memcpy(&v, bytes + sizeof(T) * k, sizeof(T));
  return v;
}

// Runs [first, last) of `rows` sequences of `cols` values: doubles into `values` or text into `text`.
struct Slice {
  const KeyedMeasure* keyed;
  ValueKind kind;
  bool csv;
  const std::vector<double>* inputs;
  const std::vector<std::pair<std::size_t, Q>>* wide;  // sorted by position
};

// Evaluates values [begin, end) of one sequence continuing `run`; appends to `values` or `text`;
// whether every double written is finite.
Finite run_values(const Slice& s, KeyedRun& run, std::size_t begin, std::size_t end, bool first_of_row,
                  double* values, std::string& text) {
  auto wide = std::lower_bound(s.wide->begin(), s.wide->end(), begin,
                               [](const auto& w, std::size_t k) { return w.first < k; });
  constexpr std::size_t kBlock = 1024;
  int keys[kBlock];
  Finite finite = Finite::All;
  for (std::size_t first = begin; first < end; first += kBlock) {
    std::size_t count = std::min(kBlock, end - first);
    s.keyed->keys(s.inputs->data() + first, count, keys);
    for (; wide != s.wide->end() && wide->first < first + count; ++wide) keys[wide->first - first] = s.keyed->key(wide->second);
    if (run_keys(*s.keyed, s.kind, run, keys, count, first_of_row && first == begin, values + first,
                 s.csv ? &text : nullptr) == Finite::NotAll)
      finite = Finite::NotAll;
  }
  return finite;
}

// format_outputs' objection to a double with no finite value, naming the output.
InputError not_finite(const std::string& output) {
  return InputError((output == "-" ? std::string("standard output") : output) + ": " + no_finite_double_message());
}

}  // namespace

NpyReader::NpyReader(const std::string& path) : path_(path), in_(path, std::ios::binary) {
  if (!in_) throw InputError(path + ": cannot open");
  std::string prefix(1 << 16, '\0');
  in_.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
  prefix.resize(static_cast<std::size_t>(in_.gcount()));
  header_ = parse_npy_header(prefix, path);
  in_.clear();
  in_.seekg(0, std::ios::end);
  auto size = static_cast<std::size_t>(in_.tellg());
  if (size - header_.data_offset != header_.count() * header_.width)
    throw InputError(path + ": .npy data has " + std::to_string(size - header_.data_offset) + " bytes, shape needs " +
                     std::to_string(header_.count() * header_.width));
  in_.seekg(static_cast<std::streamoff>(header_.data_offset));
}

void NpyReader::read(std::size_t count, std::vector<double>& out, std::vector<std::pair<std::size_t, Q>>& wide) {
  bytes_.resize(count * header_.width);
  in_.read(bytes_.data(), static_cast<std::streamsize>(bytes_.size()));
  if (static_cast<std::size_t>(in_.gcount()) != bytes_.size()) throw InputError(path_ + ": read failed");
  out.resize(count);
  wide.clear();
  const char* p = bytes_.data();
  switch (header_.dtype) {
    case NpyDtype::Float64: std::memcpy(out.data(), p, 8 * count); break;
    case NpyDtype::Float32:
      for (std::size_t k = 0; k < count; ++k) out[k] = element<float>(p, k);
      break;
    case NpyDtype::Int32:
      for (std::size_t k = 0; k < count; ++k) out[k] = element<std::int32_t>(p, k);
      break;
    case NpyDtype::Int64:
      for (std::size_t k = 0; k < count; ++k) {
        std::int64_t v = element<std::int64_t>(p, k);
        out[k] = static_cast<double>(v);
        if (v > (std::int64_t{1} << 53) || v < -(std::int64_t{1} << 53))
          wide.emplace_back(k, Q(static_cast<long long>(v)));
      }
      break;
  }
  for (std::size_t k = 0; k < count; ++k)
    if (!std::isfinite(out[k])) throw InputError(path_ + ": " + position(consumed_ + k) + " is not finite");
  consumed_ += count;
}

std::string NpyReader::position(std::size_t k) const {
  if (header_.shape.size() == 1) return "element [" + std::to_string(k) + "]";
  return "element [" + std::to_string(k / header_.shape[1]) + ", " + std::to_string(k % header_.shape[1]) + "]";
}

bool npy_read_by_rows(const std::string& inputs) {
  try {
    std::ifstream in(inputs, std::ios::binary);
    std::string prefix(1 << 16, '\0');
    in.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
    prefix.resize(static_cast<std::size_t>(in.gcount()));
    NpyHeader h = parse_npy_header(prefix, inputs);
    return !(h.fortran && h.shape.size() == 2 && h.shape[0] > 1 && h.shape[1] > 1);
  } catch (const InputError&) {
    return false;
  }
}

unsigned all_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

bool streamable(const std::string& inputs, const std::string& output, ValueKind kind) {
  auto ends_with = [](const std::string& s, const char* suffix) {
    std::size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
  };
  std::error_code ec;
  // A pipe, FIFO or device is read once, whole (input_file.h): streaming reads a file more than once.
  bool file = std::filesystem::is_regular_file(inputs, ec);
  bool text = file && (ends_with(inputs, ".csv") || (ends_with(inputs, ".json") && json_batch_shape(inputs)));
  bool rows = text || (file && ends_with(inputs, ".npy") && npy_read_by_rows(inputs));
  if (ends_with(output, ".npy")) return rows && kind == ValueKind::Double;
  if (ends_with(output, ".csv")) return rows && kind != ValueKind::Both;
  return text && (output.empty() || output == "-" || ends_with(output, ".json"));
}

namespace {

// One part's outputs: CSV text, or .npy's doubles.
void write_values(AtomicFile& out, bool csv, const std::string& text, const std::vector<double>& values) {
  if (csv)
    out.write(text);
  else
    out.write(reinterpret_cast<const char*>(values.data()), 8 * values.size());
}

// Whole sequences per part, read and written in order while other parts are evaluated
// (ordered_pipeline); with several threads, at least 4 parts per thread when the rows allow.
void stream_whole_rows(const StreamRequest& r, NpyReader& reader, AtomicFile& out, bool csv, std::size_t rows,
                       std::size_t cols, std::size_t chunk) {
  const KeyedMeasure& keyed = *r.keyed;
  unsigned threads = std::max(1u, r.threads);
  std::size_t per_part = cols == 0 ? std::max<std::size_t>(1, rows) : std::max<std::size_t>(1, chunk / cols);
  if (threads > 1) per_part = std::min(per_part, std::max<std::size_t>(1, (rows + 4 * threads - 1) / (4 * threads)));
  std::size_t parts = (rows + per_part - 1) / per_part, written = 0;
  struct Part {
    std::vector<double> inputs, values;
    std::vector<std::pair<std::size_t, Q>> wide;
    std::string text;
    std::size_t count = 0;
    Finite finite = Finite::All;
  };
  ordered_pipeline<Part>(
      parts, threads,
      [&](Part& p, std::size_t part) {
        p.count = std::min(per_part, rows - part * per_part);
        reader.read(p.count * cols, p.inputs, p.wide);
      },
      [&](Part& p, std::size_t) {
        p.values.resize(p.count * cols);
        p.text.clear();
        Slice s{&keyed, r.kind, csv, &p.inputs, &p.wide};
        p.finite = Finite::All;
        for (std::size_t row = 0; row < p.count; ++row) {
          KeyedRun run(keyed, r.initial);
          if (run_values(s, run, row * cols, (row + 1) * cols, true, p.values.data(), p.text) == Finite::NotAll)
            p.finite = Finite::NotAll;
          if (csv) p.text += '\n';
        }
      },
      [&](Part& p, std::size_t) {
        if (p.finite == Finite::NotAll) throw not_finite(r.output);
        write_values(out, csv, p.text, p.values);
        written += p.count * cols;
        if (r.progress) r.progress(written, reader.header().count());
      });
}

// Sequences longer than a chunk: one at a time, the run carried from chunk to chunk.
void stream_long_rows(const StreamRequest& r, NpyReader& reader, AtomicFile& out, bool csv, std::size_t rows,
                      std::size_t cols, std::size_t chunk) {
  const KeyedMeasure& keyed = *r.keyed;
  std::vector<double> inputs, values;
  std::vector<std::pair<std::size_t, Q>> wide;
  std::string text;
  for (std::size_t row = 0; row < rows; ++row) {
    KeyedRun run(keyed, r.initial);
    for (std::size_t done = 0; done < cols; done += chunk) {
      std::size_t count = std::min(chunk, cols - done);
      reader.read(count, inputs, wide);
      values.resize(count);
      text.clear();
      if (run_values(Slice{&keyed, r.kind, csv, &inputs, &wide}, run, 0, count, done == 0, values.data(), text) ==
          Finite::NotAll)
        throw not_finite(r.output);
      write_values(out, csv, text, values);
      if (r.progress) r.progress(reader.consumed(), reader.header().count());
    }
    if (csv) out.write("\n", 1);
  }
}

}  // namespace

void stream_evaluate(StreamRequest r) {
  FileFormat inputs = format_of(r.inputs);
  if (inputs != FileFormat::Npy && r.output.empty()) r.output = "-";
  switch (inputs) {
    case FileFormat::Csv: return stream_evaluate_csv(r);
    case FileFormat::Json: return stream_evaluate_json(r);
    case FileFormat::Npy: break;  // read row by row below
  }
  NpyReader reader(r.inputs);
  const NpyHeader& h = reader.header();
  bool csv = format_of(r.output) == FileFormat::Csv;
  std::size_t rows = h.shape.size() == 2 ? h.shape[0] : 1, cols = h.shape.size() == 2 ? h.shape[1] : h.shape[0];
  AtomicFile out(r.output);
  if (!csv) out.write(npy_f8_header(h.shape));
  std::size_t chunk = std::max<std::size_t>(1, r.chunk_values);
  if (cols <= chunk)
    stream_whole_rows(r, reader, out, csv, rows, cols, chunk);
  else
    stream_long_rows(r, reader, out, csv, rows, cols, chunk);
  out.commit();
}

}  // namespace palcheck::oracle
