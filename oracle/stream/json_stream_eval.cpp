// JSON batches streamed (see json_stream_eval.h). A SAX reader walks the document once to check it
// as the whole-batch path would (any doubt: not streamed, so every message stays the whole-batch
// path's) and to count its rows, then once more to hand each row, read exactly as parse_number reads
// it, to a part; a full part is evaluated on the threads (for_parts) and written in order.
#include "oracle/stream/json_stream_eval.h"

#include "oracle/formats/json_input.h"
#include "oracle/stream/stream_output.h"
#include "util/parallel.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace palcheck::oracle {

namespace {

using nlohmann::json;

// SAX handler: hands the values of the inputs to a RowVisitor; ok() is false when the document is
// anything but inputs of the accepted kind that the whole-batch path reads without error.
class InputsReader : public nlohmann::json_sax<json> {
 public:
  InputsReader(JsonInputs accepted, const RowVisitor& visit, std::function<void()> every_part)
      : accepted_(accepted), visit_(visit), every_part_(std::move(every_part)) {}

  bool ok() const { return ok_ && found_ && (rows_ > 0 || accepted_ == JsonInputs::BatchOrSequence); }

  bool null() override { return scalar(std::nullopt); }
  bool boolean(bool) override { return scalar(std::nullopt); }
  bool number_integer(number_integer_t v) override { return scalar(Q(static_cast<long long>(v))); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(Q(static_cast<unsigned long long>(v))); }
  bool number_float(number_float_t v, const string_t& text) override {
    if (!json_number_problem(v, text).empty()) return off();
    return scalar(parse_rational(json(v).dump()));  // as parse_number reads a float
  }
  bool string(string_t& v) override { return scalar(at_inputs() || in_row() ? parse_rational(v) : Q(0)); }
  bool binary(binary_t&) override { return off(); }
  bool key(string_t& k) override {
    if (!keys_.back().insert(k).second) return off();  // parse_json_text refuses a key given twice
    if (depth_ == 1 && top_object_) {
      inputs_next_ = k == "inputs";
      if (inputs_next_ && found_) return off();  // the DOM keeps the last of two: not streamed
    }
    return true;
  }
  bool start_object(std::size_t) override {
    if (depth_ == 0) top_object_ = true;
    if (inputs_value_next() || at_inputs() || in_row()) return off();
    keys_.emplace_back();
    return open();
  }
  bool start_array(std::size_t) override {
    if (depth_ == 0 || inputs_value_next()) {
      found_ = true;
      inputs_depth_ = depth_ + 1;
    } else if (at_inputs() && row_depth_ != inputs_depth_) {
      if (row_depth_ == 0) shape(inputs_depth_ + 1);
      if (visit_.begin) visit_.begin();
    } else if (at_inputs() || in_row()) {
      return off();
    }
    return open();
  }
  bool end_object() override {
    keys_.pop_back();
    return close();
  }
  bool end_array() override {
    if (at_inputs()) {
      if (row_depth_ == 0 && accepted_ == JsonInputs::BatchOrSequence) {  // [] is one empty sequence
        shape(inputs_depth_);
        if (visit_.begin) visit_.begin();
      }
      if (row_depth_ == inputs_depth_) end_row();
      inputs_depth_ = row_depth_ = 0;
      inputs_next_ = false;
    } else if (in_row()) {
      end_row();
    }
    return close();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return off(); }

 private:
  bool at_inputs() const { return inputs_depth_ != 0 && depth_ == inputs_depth_; }
  bool in_row() const { return row_depth_ != 0 && depth_ == row_depth_; }
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
  // The depth of the rows' values: one below the inputs (a batch) or the inputs themselves (one sequence).
  void shape(std::size_t row_depth) {
    row_depth_ = row_depth;
    if (visit_.shape) visit_.shape(row_depth == inputs_depth_);
  }
  void end_row() {
    if (visit_.end) visit_.end();
    ++rows_;
    counted();  // a run of empty rows reports its progress too
  }
  void counted() {
    if (++counted_ % kStreamPartValues == 0 && every_part_) every_part_();
  }
  // A value: a row's number, or anything outside the inputs; nullopt (not a number) only outside.
  bool scalar(std::optional<Q> value) {
    if (depth_ == 0 || inputs_value_next()) return off();
    if (at_inputs() && row_depth_ == 0) {
      if (accepted_ != JsonInputs::BatchOrSequence) return off();
      shape(inputs_depth_);
      if (visit_.begin) visit_.begin();
    }
    if (at_inputs() && row_depth_ != inputs_depth_) return off();
    if (!at_inputs() && !in_row()) return true;
    if (!value) return off();
    if (visit_.value) visit_.value(std::move(*value));
    counted();
    return true;
  }

  JsonInputs accepted_;
  const RowVisitor& visit_;
  std::function<void()> every_part_;
  std::vector<std::set<std::string>> keys_;  // of each open object, so far
  std::size_t depth_ = 0, inputs_depth_ = 0, row_depth_ = 0, rows_ = 0, counted_ = 0;  // counted_: values and rows
  bool top_object_ = false, inputs_next_ = false, found_ = false, ok_ = true;
};

}  // namespace

bool read_json_inputs(const std::string& path, JsonInputs accepted, const RowVisitor& visit,
                      const std::function<void(std::size_t bytes)>& progress) {
  std::ifstream in(path, std::ios::binary);
  return in && read_json_inputs(in, accepted, visit, progress);
}

bool read_json_inputs(std::istream& in, JsonInputs accepted, const RowVisitor& visit,
                      const std::function<void(std::size_t bytes)>& progress) {
  InputsReader reader(accepted, visit, [&] {
    if (progress) progress(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)));
  });
  json::sax_parse(in, &reader);
  return reader.ok();
}

std::optional<std::pair<std::size_t, std::size_t>> json_batch_shape(const std::string& path) {
  std::size_t rows = 0, cols = 0;
  RowVisitor count{{}, {}, [&](Q&&) { cols += rows == 0; }, [&] { ++rows; }};
  if (!read_json_inputs(path, JsonInputs::Batch, count)) return std::nullopt;
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
    return NpyShape{s->first, s->second};
  };
  write_batch(r.output, r.kind, r.initial, shape,
              [&](AtomicFile& out, FileFormat format, ValueKind kind, std::size_t cols, std::size_t& rows) {
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
                std::size_t consumed = 0;
                RowVisitor rows_in{{},
                                   [&] { part.emplace_back(); },
                                   [&](Q&& q) { part.back().push_back(keyed.key(q)); },
                                   [&] {
                                     values += part.back().size() + 1;  // + 1: a run of empty rows still fills a part
                                     if (values >= part_values) flush(consumed);
                                   }};
                bool batch = read_json_inputs(r.inputs, JsonInputs::Batch, rows_in,
                                              [&](std::size_t bytes) { consumed = bytes; });
                if (!batch) throw InputError(r.inputs + ": changed while it was read");
                flush(total_bytes);
                rows = row;
                return objection;
              });
}

}  // namespace palcheck::oracle
