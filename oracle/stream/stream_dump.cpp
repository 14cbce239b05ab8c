// Dumps and traces streamed (see stream_dump.h). One pass over the inputs feeds each token to the
// reference pieces the whole-batch path runs (the keyed run, PreisachMemory, every relay by eq:relay;
// for MPAL (def:mpal) one of each per head, fed the head's signal) and appends its entry to every
// list it belongs to. A list is written as nlohmann's dump(indent)
// writes it (PrettyJson); one that comes after another in its file is spooled until that one ends:
// the dump's per-sequence lists after each sequence, the output's lists after the last. Errors keep
// the whole-batch path's precedence: a bad input is thrown when met; format_outputs' objection (the
// first in row order), then the dump's (a value with no finite double), after the last token; an
// MPAL token of the wrong length after every input is read, as load_problem checks it.
#include "oracle/stream/stream_dump.h"

#include "oracle/formats/csv_format.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/keyed/keyed_pal.h"
#include "oracle/stream/json_stream_eval.h"
#include "oracle/stream/stream_eval.h"
#include "oracle/stream/stream_output.h"
#include "reference/preisach_memory.h"
#include "reference/relay.h"

#include <nlohmann/json.hpp>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>

namespace palcheck::oracle {

namespace {

// JSON text as nlohmann's dump(indent) writes it, a value at a time: `depth` is the nesting of the
// first value written (the indentation of its closing bracket).
class PrettyJson {
 public:
  PrettyJson(std::string& out, std::size_t indent, std::size_t depth) : out_(&out), indent_(indent), depth_(depth) {}

  /// Begins an array ('[') or object ('{') as the next value.
  void open(char bracket) {
    element();
    *out_ += bracket;
    counts_.push_back(0);
  }
  /// Ends the innermost array (']') or object ('}'); an empty one stays "[]" or "{}".
  void close(char bracket) {
    std::size_t n = counts_.back();
    counts_.pop_back();
    if (n) {
      *out_ += '\n';
      spaces(depth_ + counts_.size());
    }
    *out_ += bracket;
  }
  /// An object's key; the next value is its value.
  void key(std::string_view k) {
    element();
    *out_ += '"';
    *out_ += k;
    *out_ += "\": ";
    keyed_ = true;
  }
  /// A value's text (empty: where text written elsewhere goes).
  void value(std::string_view text) {
    element();
    *out_ += text;
  }

 private:
  void element() {
    if (keyed_ || counts_.empty()) {
      keyed_ = false;
      return;
    }
    *out_ += counts_.back()++ ? ",\n" : "\n";
    spaces(depth_ + counts_.size());
  }
  void spaces(std::size_t level) { out_->append(level * indent_, ' '); }

  std::string* out_;
  std::size_t indent_, depth_;
  std::vector<std::size_t> counts_;
  bool keyed_ = false;
};

constexpr std::size_t kBuffer = std::size_t{1} << 16;

// A list's text while the text before it is written: in memory up to kBuffer, the rest in an
// anonymous temporary file, which the system removes however the process ends.
class Spool {
 public:
  Spool() = default;
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;
  ~Spool() {
    if (file_) std::fclose(file_);
  }

  std::string text;  ///< appended to; spill() moves it to the file when large

  void spill() {
    if (text.size() >= kBuffer) flush();
  }
  /// Appends bytes.
  void write(const char* data, std::size_t size) {
    text.append(data, size);
    spill();
  }
  /// Writes everything held to `out` (an AtomicFile or a Spool) and empties the spool.
  template <class Out>
  void copy_to(Out& out) {
    if (file_) {
      flush();
      std::rewind(file_);
      std::string block(kBuffer, '\0');
      std::size_t n;
      while ((n = std::fread(block.data(), 1, block.size(), file_)) > 0) out.write(block.data(), n);
      if (std::ferror(file_) || ftruncate(fileno(file_), 0) != 0) throw InputError("a temporary file: read failed");
      std::rewind(file_);
    }
    out.write(text.data(), text.size());
    text.clear();
  }

 private:
  void flush() {
    if (!file_ && !(file_ = std::tmpfile())) throw InputError("cannot create a temporary file");
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size())
      throw InputError("a temporary file: write failed (is the temporary folder full?)");
    text.clear();
  }

  std::FILE* file_ = nullptr;
};

std::string quoted(const Q& q) { return '"' + to_string(q) + '"'; }

std::string json_double(double d) { return nlohmann::json(d).dump(); }

char csv_double_buffer[32];
std::string_view csv_double(double d) {
  int n = std::snprintf(csv_double_buffer, sizeof csv_double_buffer, "%.17g", d);
  return {csv_double_buffer, static_cast<std::size_t>(n)};
}

// A list of per-token entries, one per sequence (or a list of those for a batch), spooled.
struct SpooledList {
  Spool spool;
  PrettyJson json;
  SpooledList(std::size_t indent, std::size_t depth) : json(spool.text, indent, depth) {}
};

std::string document_name(const ProblemSources& s) { return s.document == "-" ? "stdin" : s.document; }

// Runs f, an error in it worded as problem_from_document words the document's errors.
template <class F>
void in_document(const ProblemSources& s, F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    throw InputError(in_source(document_name(s), e.what()));
  }
}

// A CSV file's rows, one sequence each, read from `in` (`total` bytes, for the progress).
void read_csv(std::istream& in, std::size_t total, const DumpRequest& r, const RowVisitor& visit) {
  const std::string& path = r.sources.inputs;
  CsvReader reader(in, path, r.sources.csv_header);
  std::string_view cell;
  visit.shape(false);
  for (std::size_t tokens = 0; reader.next_row();) {
    visit.begin();
    while (reader.next_cell(cell)) {
      visit.value(csv_value(cell, reader.line(), reader.column(), path));
      if (++tokens % kStreamPartValues == 0 && r.progress) r.progress(reader.consumed(), total);
    }
    visit.end();
  }
  if (r.progress) r.progress(total, total);
}

// A .npy file read by rows (npy_read_by_rows): a 1-D array is one sequence, a 2-D one a sequence per row.
void read_npy(const DumpRequest& r, const RowVisitor& visit) {
  NpyReader reader(r.sources.inputs);
  const NpyHeader& h = reader.header();
  std::size_t rows = h.shape.size() == 2 ? h.shape[0] : 1, cols = h.shape.size() == 2 ? h.shape[1] : h.shape[0];
  std::vector<double> values;
  std::vector<std::pair<std::size_t, Q>> wide;
  visit.shape(h.shape.size() == 1);
  for (std::size_t row = 0; row < rows; ++row) {
    visit.begin();
    for (std::size_t done = 0; done < cols; done += kStreamPartValues) {
      std::size_t count = std::min(kStreamPartValues, cols - done);
      reader.read(count, values, wide);
      auto w = wide.begin();
      for (std::size_t k = 0; k < count; ++k) {
        if (w != wide.end() && w->first == k)
          visit.value(std::move((w++)->second));
        else
          visit.value(*rational_from_double(values[k]));
      }
      if (r.progress) r.progress(reader.consumed(), h.count());
    }
    visit.end();
  }
}

// The inputs in order, with the whole-batch path's errors (load_problem's) where it meets them. A
// document's come from the document already read; a regular CSV, row-major .npy or JSON file is
// read as it is evaluated (JSON once before, to check it as the whole-batch path would); anything
// else (a pipe, JSON the check refuses, a name without a known extension) is read whole, as
// load_rows reads it: memory O(its bytes), still none for the outputs. Every function of `visit` is set.
void read_inputs(const DumpRequest& r, const RowVisitor& visit) {
  const ProblemSources& s = r.sources;
  if (!s.document.empty())
    return in_document(s, [&] { visit_json_rows(s.parsed_document->at("inputs"), "inputs", visit); });
  const std::string& path = s.inputs;
  std::error_code ec;
  const bool regular = std::filesystem::is_regular_file(path, ec);
  const std::size_t total = regular ? std::filesystem::file_size(path, ec) : 0;
  if (regular && path.ends_with(".csv")) {
    std::ifstream in = open_input(path);
    return read_csv(in, total, r, visit);
  }
  if (regular && path.ends_with(".npy") && npy_read_by_rows(path)) return read_npy(r, visit);
  if (regular && path.ends_with(".json") && read_json_inputs(path, JsonInputs::BatchOrSequence, {})) {
    auto progress = [&](std::size_t bytes) {
      if (r.progress) r.progress(bytes, total);
    };
    if (!read_json_inputs(path, JsonInputs::BatchOrSequence, visit, progress))
      throw InputError(path + ": changed while it was read");
    return progress(total);
  }
  std::string bytes = read_source(path);
  switch (input_format(path, bytes)) {
    case FileFormat::Npy: {
      NpyArray a = parse_npy(bytes, path);
      bytes = std::string();
      visit.shape(a.shape.size() == 1);
      for (std::size_t i = 0; i < a.rows(); ++i) {
        visit.begin();
        for (std::size_t k = 0; k < a.cols(); ++k) visit.value(a.exact(i * a.cols() + k));
        visit.end();
      }
      return;
    }
    case FileFormat::Csv: {
      std::size_t size = bytes.size();
      std::istringstream in(std::move(bytes));
      return read_csv(in, size, r, visit);
    }
    case FileFormat::Json: {
      nlohmann::json doc = parse_json_text(bytes, path);
      bytes = std::string();
      if (doc.is_object()) {
        if (!doc.contains("inputs")) throw InputError(path + ": missing key \"inputs\"");
        return visit_json_rows(doc.at("inputs"), path + ": inputs", visit);
      }
      return visit_json_rows(doc, path + ": inputs", visit);
    }
  }
}

// The problem without its sequences: load_problem's measure or heads and initial state, with its
// errors; a document's read from a copy without its inputs.
OracleProblem problem_head(const ProblemSources& s) {
  OracleProblem p;
  if (!s.document.empty()) {
    nlohmann::json head = nlohmann::json::object();
    for (const auto& [key, value] : s.parsed_document->items())
      if (key != "inputs") head[key] = value;
    head["inputs"] = nlohmann::json::array();
    p = problem_from_document(head, document_name(s));
  } else {
    p = s.w_in.empty() && s.w_out.empty() ? load_pal_measure(s) : load_mpal_heads(s);
  }
  p.token_sequences.clear();
  if (s.initial_state) p.initial = *s.initial_state;
  return p;
}

// One measure along a sequence: the keyed run, and for the dump and trace the memory and every relay
// (eq:relay), with the text of the last token's changes.
struct Track {
  const Measure& mu;
  KeyedMeasure keyed;
  std::optional<KeyedRun> run;
  std::optional<PreisachMemory> memory;
  std::vector<RelayState> relays;
  std::string removed, appended;      // the memory's change: drop `removed` extrema, append `appended`
  std::vector<std::size_t> switched;  // the relays the token switched
  SpooledList memory_list{1, 5}, relay_list{1, 5}, signal_list{1, 5};  // an MPAL head's lists in the dump

  explicit Track(const Measure& measure) : mu(measure), keyed(measure) {}

  void begin(InitialState initial, bool with_memory, bool with_relays) {
    run.emplace(keyed, initial);
    if (with_memory) memory.emplace(initial);
    if (with_relays) relays.assign(mu.relays.size(), static_cast<RelayState>(initial));
  }
  void step(const Q& x) {
    run->step(keyed.key(x));
    if (memory) {
      std::size_t before = memory->extrema().size();
      MemoryStepEffect effect = memory->step(x);
      removed = "0";
      appended = "null";
      if (effect.pushed || effect.replaced) {
        removed = std::to_string(before + 1 - memory->extrema().size());
        appended = quoted(memory->extrema().back());
      }
    }
    switched.clear();
    for (std::size_t k = 0; k < relays.size(); ++k) {
      RelayState next = step_relay(mu.relays[k].thresholds, x, relays[k]);
      if (next != relays[k]) switched.push_back(k);
      relays[k] = next;
    }
  }
  // The token's entries: [removed, appended] and, with a trace, the relays switched.
  void changes(PrettyJson& memory_json, PrettyJson& relays_json, bool trace) const {
    memory_json.open('[');
    memory_json.value(removed);
    memory_json.value(appended);
    memory_json.close(']');
    if (!trace) return;
    relays_json.open('[');
    for (std::size_t k : switched) relays_json.value(std::to_string(k));
    relays_json.close(']');
  }
};

// Writes the output and the dump as the tokens come: shape(), then per sequence begin(), pal() or
// mpal() per token and end(), then finish(). Everything is spooled, and the files made in finish(),
// one after the other, so that at most one temporary file beside an output exists at a time (the one
// an interrupt removes).
class DumpWriter {
 public:
  DumpWriter(const DumpRequest& r, OracleProblem problem)
      : r_(r),
        p_(std::move(problem)),
        output_(r.output.empty() ? "-" : r.output),
        format_(format_of(output_)),
        mpal_(p_.is_mpal()),
        dumping_(!r.dump.empty()),
        exact_out_(r.kind != ValueKind::Double),
        double_out_(r.kind != ValueKind::Exact),
        no_finite_(no_finite_double_message()) {
    if (mpal_)
      for (const MpalHead& h : p_.heads) tracks_.push_back(std::make_unique<Track>(h.mu));
    else
      tracks_.push_back(std::make_unique<Track>(p_.measure));
    // The output's JSON lists in the order dump(2) sorts them (no trace for MPAL, as format_outputs).
    if (format_ == FileFormat::Json) {
      if (r.trace && !mpal_) lists_.emplace_back("memory_changes", &out_memory_);
      if (exact_out_) lists_.emplace_back("outputs", &out_exact_);
      if (double_out_) lists_.emplace_back(exact_out_ ? "outputs_double" : "outputs", &out_double_);
      if (r.trace && !mpal_) lists_.emplace_back("relay_changes", &out_relays_);
    }
    // The dump: its head now, each sequence's lists (a PAL one's inputs written as they come) spooled
    // until it ends.
    if (mpal_) dump_lists_.emplace_back("inputs", &dump_inputs_);
    dump_lists_.emplace_back("inputs_double", &dump_inputs_double_);
    if (!mpal_) dump_lists_.emplace_back("memory_changes", &dump_memory_);
    dump_lists_.emplace_back("outputs", &dump_exact_);
    dump_lists_.emplace_back("outputs_double", &dump_double_);
    if (r.trace && !mpal_) dump_lists_.emplace_back("relay_changes", &dump_relays_);
    if (dumping_) {
      nlohmann::json head = dump_head(p_);
      head["sequences"] = nullptr;  // sorts last: its value is written here
      dump_.text = head.dump(1);
      dump_.text.resize(dump_.text.size() - std::string_view("null\n}").size());
      sequences_.emplace(dump_.text, 1, 1);
      sequences_->open('[');
    }
  }

  /// Before the first sequence: whether the inputs are a batch (the output then holds a list per sequence).
  void shape(bool batched) {
    batched_ = batched;
    if (batched)
      for (auto& [key, list] : lists_) list->json.open('[');
  }

  void begin() {
    for (auto& t : tracks_) {
      t->begin(p_.initial, dumping_ || (r_.trace && !mpal_), r_.trace);
      if (dumping_ && mpal_)
        for (auto& [key, list] : head_lists(*t)) list->json.open('[');
    }
    length_ = 0;
    row_finite_ = true;
    each_list([](SpooledList& l) { l.json.open('['); });
    if (dumping_) {
      sequences_->open('{');
      if (!mpal_) {
        sequences_->key("inputs");
        sequences_->open('[');
      }
    }
  }

  void pal(const Q& x) {
    Track& t = *tracks_[0];
    t.step(x);
    std::optional<Q> y;
    if (exact_out_ || dumping_) y = t.run->exact();
    // The output's double: to_double of the exact value, as evaluate_problem gives it with both kinds.
    double y_double = 0;
    if (double_out_ || dumping_) y_double = y ? to_double(*y) : t.run->nearest_double();
    switch (format_) {
      case FileFormat::Json:
        if (exact_out_) out_exact_.json.value(quoted(*y));
        if (double_out_) out_double_.json.value(json_double(finite(y_double, objection_)));
        break;
      case FileFormat::Csv:
        if (length_) out_.text += ',';
        if (exact_out_)
          out_.text += to_string(*y);
        else
          out_.text += csv_double(finite(y_double, objection_));
        break;
      case FileFormat::Npy:
        if (!std::isfinite(y_double)) row_finite_ = false;
        npy_data_.text.append(reinterpret_cast<const char*>(&y_double), sizeof y_double);
        break;
    }
    if (r_.trace) t.changes(out_memory_.json, out_relays_.json, true);
    if (dumping_) {
      sequences_->value(quoted(x));
      dump_inputs_double_.json.value(json_double(finite(to_double(x), dump_objection_)));
      t.changes(dump_memory_.json, dump_relays_.json, r_.trace);
      dump_exact_.json.value(quoted(*y));
      dump_double_.json.value(json_double(finite(y_double, dump_objection_)));
      dump_.spill();
    }
    spill();
  }

  void mpal(const QVector& x) {
    // eq:mpal: the sum over the heads of W_O times PAL of the head's signal W_I x.
    QVector row(p_.width(), Q(0));
    for (std::size_t h = 0; h < tracks_.size(); ++h) {
      Track& t = *tracks_[h];
      Q signal = project(p_.heads[h].w_in, {x})[0];
      t.step(signal);
      Q y = t.run->exact();
      for (std::size_t k = 0; k < row.size(); ++k) row[k] += p_.heads[h].w_out[k] * y;
      if (dumping_) {
        t.signal_list.json.value(quoted(signal));
        t.changes(t.memory_list.json, t.relay_list.json, r_.trace);
      }
    }
    switch (format_) {
      case FileFormat::Json:
        if (exact_out_) exact_row(out_exact_.json, row);
        if (double_out_) double_row(out_double_.json, row, objection_);
        break;
      case FileFormat::Csv:
        for (std::size_t k = 0; k < row.size(); ++k) {
          if (k) out_.text += ',';
          out_.text += exact_out_ ? to_string(row[k]) : csv_double(finite(to_double(row[k]), objection_));
        }
        out_.text += '\n';
        break;
      case FileFormat::Npy:
        for (const Q& v : row) {
          double d = finite(to_double(v), objection_);
          npy_data_.text.append(reinterpret_cast<const char*>(&d), sizeof d);
        }
        break;
    }
    if (dumping_) {
      exact_row(dump_inputs_.json, x);
      double_row(dump_inputs_double_.json, x, dump_objection_);
      exact_row(dump_exact_.json, row);
      double_row(dump_double_.json, row, dump_objection_);
    }
    spill();
  }

  void end() {
    each_list([](SpooledList& l) { l.json.close(']'); });
    if (format_ == FileFormat::Csv && !mpal_) out_.text += '\n';
    if (format_ == FileFormat::Npy && !mpal_) {
      if (rows_ == 0) cols_ = length_;
      if (!objection_ && length_ != cols_)
        objection_ = not_rectangular_message(rows_, length_, cols_);
      else if (!objection_ && !row_finite_)
        objection_ = no_finite_;
    }
    if (mpal_) npy_rows_ = length_;
    if (dumping_) {
      if (mpal_) {
        sequences_->key("heads");
        sequences_->open('[');
        for (auto& t : tracks_) {
          sequences_->open('{');
          for (auto& [key, list] : head_lists(*t)) {
            list->json.close(']');
            sequences_->key(key);
            sequences_->value("");
            list->spool.copy_to(dump_);
          }
          sequences_->close('}');
        }
        sequences_->close(']');
      } else {
        sequences_->close(']');
      }
      for (auto& [key, list] : dump_lists_) {
        sequences_->key(key);
        sequences_->value("");
        list->spool.copy_to(dump_);
      }
      sequences_->close('}');
    }
    ++rows_;
  }

  /// Throws the first objection (format_outputs', then the dump's), else writes the dump, then the output.
  void finish() {
    if (batched_)
      for (auto& [key, list] : lists_) list->json.close(']');
    if (mpal_ && format_ != FileFormat::Json && rows_ != 1)
      objection_ = "a batch of MPAL sequences is written as JSON only (CSV and .npy hold one sequence, n x d)";
    if (objection_)
      throw InputError((output_ == "-" ? std::string("standard output") : output_) + ": " + *objection_);
    if (dump_objection_) throw InputError(*dump_objection_);
    if (dumping_) {
      sequences_->close(']');
      dump_.text += "\n}\n";
      AtomicFile file(r_.dump);
      dump_.copy_to(file);
      file.commit();
    }
    AtomicFile file(output_);
    switch (format_) {
      case FileFormat::Json: {
        std::string head;
        PrettyJson doc(head, 2, 0);
        doc.open('{');
        doc.key("initial_state");
        doc.value(std::to_string(static_cast<int>(p_.initial)));
        for (auto& [key, list] : lists_) {
          doc.key(key);
          doc.value("");
          file.write(head);
          head.clear();
          list->spool.copy_to(file);
        }
        doc.close('}');
        file.write(head + "\n");
        break;
      }
      case FileFormat::Npy:
        if (mpal_)
          file.write(npy_f8_header({npy_rows_, npy_rows_ ? p_.width() : 0}));
        else
          file.write(batched_ ? npy_f8_header({rows_, cols_}) : npy_f8_header({cols_}));
        npy_data_.copy_to(file);
        break;
      case FileFormat::Csv: out_.copy_to(file); break;
    }
    file.commit();
  }

  /// Counts a token of the sequence (after pal() or mpal()).
  void counted() { ++length_; }

 private:
  double finite(double d, std::optional<std::string>& objection) const {
    if (!std::isfinite(d) && !objection) objection = no_finite_;
    return d;
  }
  // An MPAL head's lists in the dump, in the order dump(1) sorts them.
  std::vector<std::pair<const char*, SpooledList*>> head_lists(Track& t) const {
    std::vector<std::pair<const char*, SpooledList*>> lists{{"memory_changes", &t.memory_list}};
    if (r_.trace) lists.emplace_back("relay_changes", &t.relay_list);
    lists.emplace_back("signal", &t.signal_list);
    return lists;
  }
  static void exact_row(PrettyJson& json, const QVector& row) {
    json.open('[');
    for (const Q& q : row) json.value(quoted(q));
    json.close(']');
  }
  void double_row(PrettyJson& json, const QVector& row, std::optional<std::string>& objection) const {
    json.open('[');
    for (const Q& q : row) json.value(json_double(finite(to_double(q), objection)));
    json.close(']');
  }
  template <class F>
  void each_list(F&& f) {
    for (auto& [key, list] : lists_) f(*list);
    if (dumping_)
      for (auto& [key, list] : dump_lists_) f(*list);
  }
  void spill() {
    each_list([](SpooledList& l) { l.spool.spill(); });
    for (auto& t : tracks_)
      for (SpooledList* l : {&t->memory_list, &t->relay_list, &t->signal_list}) l->spool.spill();
    out_.spill();
    npy_data_.spill();
  }

  const DumpRequest& r_;
  OracleProblem p_;
  const std::string output_;
  const FileFormat format_;
  const bool mpal_, dumping_, exact_out_, double_out_;
  const std::string no_finite_;
  std::vector<std::unique_ptr<Track>> tracks_;
  std::optional<std::string> objection_, dump_objection_;
  bool batched_ = false, row_finite_ = true;
  std::size_t rows_ = 0, length_ = 0, cols_ = 0, npy_rows_ = 0;
  // The output: CSV rows and .npy data as they come; JSON's lists each on its own.
  Spool out_, npy_data_;
  std::vector<std::pair<std::string, SpooledList*>> lists_;
  SpooledList out_memory_{2, 1}, out_exact_{2, 1}, out_double_{2, 1}, out_relays_{2, 1};
  // The dump.
  Spool dump_;
  std::optional<PrettyJson> sequences_;
  std::vector<std::pair<const char*, SpooledList*>> dump_lists_;
  SpooledList dump_inputs_{1, 3}, dump_inputs_double_{1, 3}, dump_memory_{1, 3}, dump_exact_{1, 3},
      dump_double_{1, 3}, dump_relays_{1, 3};
};

// An MPAL problem's tokens, with load_problem's errors: a token whose length is not d is named after
// every input is read (load_problem reads them all first), and nothing is evaluated after it.
class MpalTokens {
 public:
  MpalTokens(DumpWriter& writer, std::size_t d) : writer_(writer), d_(d) {}

  /// A RowVisitor handing on each row as a token of the sequence `where` (one_dimensional_empty: a
  /// flat empty list is no token, as a document's inputs are read).
  RowVisitor tokens(std::string where, bool document) {
    return {[this, document](bool one_dimensional) { flat_empty_is_none_ = document && one_dimensional; },
            [this] { token_.clear(); },
            [this](Q&& q) { token_.push_back(std::move(q)); },
            [this, where] {
              if (flat_empty_is_none_ && token_.empty()) return;
              if (token_.size() != d_ && !error_) error_ = token_length_message(where, n_, token_.size(), d_);
              if (!error_) {
                writer_.mpal(token_);
                writer_.counted();
              }
              ++n_;
            }};
  }
  /// Between sequences.
  void next_sequence() { n_ = 0; }
  /// Throws the first token of the wrong length, if any.
  void check() const {
    if (error_) throw InputError(*error_);
  }

 private:
  DumpWriter& writer_;
  std::size_t d_, n_ = 0;
  QVector token_;
  bool flat_empty_is_none_ = false;
  std::optional<std::string> error_;
};

// Reads an MPAL problem's inputs into `writer`: a document's (a sequence of tokens, or a batch of
// them, as problem_from_document reads them) or the --inputs file's rows (one sequence).
void read_mpal(const DumpRequest& r, const OracleProblem& p, DumpWriter& writer) {
  const ProblemSources& s = r.sources;
  MpalTokens tokens(writer, p.heads[0].w_in.size());
  if (s.document.empty()) {
    writer.shape(false);
    writer.begin();
    RowVisitor visit = tokens.tokens(s.inputs, false);
    visit.shape = [](bool) {};  // the file's rows are the tokens of one sequence
    read_inputs(r, visit);
    tokens.check();
    return writer.end();
  }
  const nlohmann::json& in = s.parsed_document->at("inputs");  // a list: dump_streamable
  const bool batched = !in.empty() && in[0].is_array() && !in[0].empty() && in[0][0].is_array();
  writer.shape(batched);
  // Every sequence is read before a token of the wrong length is named.
  auto each_sequence = [&](auto&& f) {
    if (!batched) return f(in, std::string("inputs"), std::string("inputs[0]"));
    for (std::size_t k = 0; k < in.size(); ++k)
      f(in[k], "inputs[" + std::to_string(k) + "]", "inputs[" + std::to_string(k) + "]");
  };
  in_document(s, [&] {
    each_sequence([&](const nlohmann::json& sequence, const std::string& field, const std::string& where) {
      writer.begin();
      visit_json_rows(sequence, field, tokens.tokens(where, true));
      writer.end();
      tokens.next_sequence();
    });
    tokens.check();
  });
}

}  // namespace

bool dump_streamable(const DumpRequest& r) {
  const ProblemSources& s = r.sources;
  if (!s.document.empty()) {
    if (!s.measures.empty() || !s.inputs.empty() || !s.w_in.empty() || !s.w_out.empty() || !s.parsed_document)
      return false;
    const nlohmann::json& doc = *s.parsed_document;
    if (!doc.is_object() || !doc.contains("inputs")) return false;
    if (doc.contains("heads") && !doc.at("inputs").is_array()) return false;
  } else if (s.measures.empty() || s.inputs.empty()) {
    return false;
  } else if (s.w_in.empty() && s.w_out.empty() && s.measures.size() != 1) {
    return false;
  }
  if (r.output.empty() || r.output == "-" || r.output.ends_with(".json")) return true;
  if (r.trace) return false;
  if (r.output.ends_with(".csv")) return r.kind != ValueKind::Both;
  return r.output.ends_with(".npy") && r.kind == ValueKind::Double;
}

void stream_dump(const DumpRequest& r) {
  OracleProblem p = problem_head(r.sources);
  DumpWriter writer(r, p);
  if (p.is_mpal()) {
    read_mpal(r, p, writer);
  } else {
    RowVisitor visit{[&](bool one_sequence) { writer.shape(!one_sequence); }, [&] { writer.begin(); },
                     [&](Q&& x) {
                       writer.pal(x);
                       writer.counted();
                     },
                     [&] { writer.end(); }};
    read_inputs(r, visit);
  }
  writer.finish();
}

}  // namespace palcheck::oracle
