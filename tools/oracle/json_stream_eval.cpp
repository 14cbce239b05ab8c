// JSON batches streamed (see json_stream_eval.h). A SAX reader walks the document once to check it
// as the whole-batch path would (any doubt: not streamed, so every message stays the whole-batch
// path's) and to count its rows, then once more to hand each row, read exactly as parse_number reads
// it, to a part; a full part is evaluated on the threads (for_parts) and written in order.
#include "tools/oracle/json_stream_eval.h"

#include "tools/oracle/json_input.h"
#include "tools/oracle/parallel.h"
#include "tools/oracle/stream_output.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

namespace palcheck::oracle {

namespace {

using nlohmann::json;

// SAX handler: calls on_row with the exact values of each row of the batch; ok() is false when the
// document is anything but a batch the whole-batch path reads without error.
class BatchReader : public nlohmann::json_sax<json> {
 public:
  explicit BatchReader(std::function<void(const std::vector<Q>&)> on_row) : on_row_(std::move(on_row)) {}

  bool ok() const { return ok_ && found_ && rows_ > 0; }

  bool null() override { return scalar(std::nullopt); }
  bool boolean(bool) override { return scalar(std::nullopt); }
  bool number_integer(number_integer_t v) override { return scalar(Q(static_cast<long long>(v))); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(Q(static_cast<unsigned long long>(v))); }
  bool number_float(number_float_t v, const string_t& text) override {
    if (!json_number_problem(v, text).empty()) return off();
    return scalar(parse_rational(json(v).dump()));  // as parse_number reads a float
  }
  bool string(string_t& v) override { return scalar(in_row() ? parse_rational(v) : std::optional<Q>(Q(0))); }
  bool binary(binary_t&) override { return off(); }
  bool key(string_t& k) override {
    if (depth_ == 1 && top_object_) {
      inputs_next_ = k == "inputs";
      if (inputs_next_ && found_) return off();  // the DOM keeps the last of two: not streamed
    }
    return true;
  }
  bool start_object(std::size_t) override {
    if (depth_ == 0) top_object_ = true;
    if (inputs_value_next() || in_inputs() || in_row()) return off();
    return open();
  }
  bool start_array(std::size_t) override {
    if (depth_ == 0 || inputs_value_next()) {
      found_ = true;
      inputs_depth_ = depth_ + 1;
    } else if (in_inputs()) {
      row_.clear();
    } else if (in_row()) {
      return off();
    }
    return open();
  }
  bool end_object() override { return close(); }
  bool end_array() override {
    if (in_row()) {
      on_row_(row_);
      ++rows_;
    } else if (in_inputs()) {
      inputs_depth_ = 0;
      inputs_next_ = false;
    }
    return close();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return off(); }

 private:
  bool in_inputs() const { return inputs_depth_ != 0 && depth_ == inputs_depth_; }
  bool in_row() const { return inputs_depth_ != 0 && depth_ == inputs_depth_ + 1; }
  bool inputs_value_next() const { return depth_ == 1 && top_object_ && inputs_next_ && inputs_depth_ == 0; }
  bool off() { return ok_ = false; }
  bool open() {
    if (depth_ >= kMaxJsonDepth) return off();
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }
  // A value: a row's number, or anything outside the inputs; nullopt (not a number) only outside.
  bool scalar(std::optional<Q> value) {
    if (depth_ == 0 || inputs_value_next() || in_inputs()) return off();
    if (!in_row()) return true;
    if (!value) return off();
    row_.push_back(std::move(*value));
    return true;
  }

  std::function<void(const std::vector<Q>&)> on_row_;
  std::vector<Q> row_;
  std::size_t depth_ = 0, inputs_depth_ = 0, rows_ = 0;
  bool top_object_ = false, inputs_next_ = false, found_ = false, ok_ = true;
};

// Reads `path` with a BatchReader; whether it is a batch the streamed eval reads. on_row also gets the
// stream, whose position is the progress of a long read.
bool read_batch(const std::string& path, const std::function<void(const std::vector<Q>&, std::istream&)>& on_row) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  BatchReader reader([&](const std::vector<Q>& row) { on_row(row, in); });
  json::sax_parse(in, &reader);
  return reader.ok();
}

}  // namespace

std::optional<std::pair<std::size_t, std::size_t>> json_batch_shape(const std::string& path) {
  std::size_t rows = 0, cols = 0;
  if (!read_batch(path, [&](const std::vector<Q>& row, std::istream&) { cols = rows++ == 0 ? row.size() : cols; }))
    return std::nullopt;
  return std::pair{rows, cols};
}

void stream_evaluate_json(const StreamRequest& r) {
  const KeyedMeasure& keyed = *r.keyed;
  std::error_code size_error;
  const std::size_t total_bytes = std::filesystem::file_size(r.inputs, size_error);
  unsigned threads = std::max(1u, r.threads);
  std::size_t part_values = std::clamp<std::size_t>(r.chunk_values, 1, kStreamPartValues);
  auto shape = [&] {
    auto s = json_batch_shape(r.inputs);
    if (!s) throw InputError(r.inputs + ": changed while it was read");
    return *s;
  };
  write_batch(r.output, r.kind, r.initial, shape,
              [&](OutputFile& out, FileFormat format, ValueKind kind, std::size_t cols, std::size_t& rows) {
                std::vector<std::vector<int>> part;
                std::vector<RowOutputs> groups(threads, RowOutputs(format, kind));
                std::optional<std::string> objection;
                std::size_t values = 0, row = 0;
                // A part's rows in `threads` runs of consecutive rows, written in order.
                auto flush = [&](std::size_t consumed) {
                  std::size_t per = (part.size() + threads - 1) / threads;
                  for_parts(threads, threads, [&](std::size_t g) {
                    groups[g].clear();
                    for (std::size_t i = g * per; i < std::min(part.size(), (g + 1) * per); ++i)
                      groups[g].add(keyed, r.initial, part[i].data(), part[i].size(), row == 0 && i == 0);
                  });
                  for (const RowOutputs& g : groups) g.give(out, row, cols, objection);
                  part.clear();
                  values = 0;
                  if (!objection && r.progress && !size_error) r.progress(consumed, total_bytes);
                };
                bool batch = read_batch(r.inputs, [&](const std::vector<Q>& u, std::istream& in) {
                  std::vector<int> keys(u.size());
                  for (std::size_t k = 0; k < u.size(); ++k) keys[k] = keyed.key(u[k]);
                  values += keys.size() + 1;  // + 1: a run of empty rows still fills a part
                  part.push_back(std::move(keys));
                  if (values >= part_values) flush(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)));
                });
                if (!batch) throw InputError(r.inputs + ": changed while it was read");
                flush(total_bytes);
                rows = row;
                return objection;
              });
}

}  // namespace palcheck::oracle
