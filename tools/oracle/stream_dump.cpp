// Dumps and traces streamed (see stream_dump.h). One pass over the inputs feeds each token to the
// reference pieces the whole-batch path runs (the keyed run, PreisachMemory, every relay by eq:relay)
// and appends its entry to every list it belongs to. A list is written as nlohmann's dump(indent)
// writes it (PrettyJson); one that comes after another in its file is spooled until that one ends:
// the dump's per-sequence lists after each sequence, the output's lists after the last. Errors keep
// the whole-batch path's precedence: a bad input is thrown when met; format_outputs' objection (the
// first in row order), then the dump's (a value with no finite double), after the last token.
#include "tools/oracle/stream_dump.h"

#include "reference/keyed_pal.h"
#include "reference/preisach_memory.h"
#include "reference/relay.h"
#include "tools/oracle/csv_format.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/npy_format.h"
#include "tools/oracle/stream_eval.h"
#include "tools/oracle/stream_output.h"

#include <nlohmann/json.hpp>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
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
  /// Writes everything held to `out` (an OutputFile or a Spool) and empties the spool.
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

// Reads the inputs in order: begin() before a sequence, token() per value, end() after it.
struct InputVisitor {
  std::function<void()> begin, end;
  std::function<void(const Q&)> token;
};

// Whether the file's sequences come as a batch (a 1-D .npy is one sequence).
bool batched_inputs(const std::string& path) {
  if (format_of(path) == FileFormat::Csv) return true;
  return NpyReader(path).header().shape.size() == 2;
}

void read_inputs(const DumpRequest& r, const InputVisitor& visit) {
  const std::string& path = r.sources.inputs;
  if (format_of(path) == FileFormat::Csv) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open file");
    in.seekg(0, std::ios::end);
    auto total = static_cast<std::size_t>(in.tellg());
    in.seekg(0);
    CsvReader reader(in, path, r.sources.csv_header);
    std::string_view cell;
    for (std::size_t tokens = 0; reader.next_row();) {
      visit.begin();
      while (reader.next_cell(cell)) {
        visit.token(csv_value(cell, reader.line(), reader.column(), path));
        if (++tokens % kStreamPartValues == 0 && r.progress) r.progress(reader.consumed(), total);
      }
      visit.end();
    }
    if (r.progress) r.progress(total, total);
    return;
  }
  NpyReader reader(path);
  const NpyHeader& h = reader.header();
  std::size_t rows = h.shape.size() == 2 ? h.shape[0] : 1, cols = h.shape.size() == 2 ? h.shape[1] : h.shape[0];
  std::vector<double> values;
  std::vector<std::pair<std::size_t, Q>> wide;
  for (std::size_t row = 0; row < rows; ++row) {
    visit.begin();
    for (std::size_t done = 0; done < cols; done += kStreamPartValues) {
      std::size_t count = std::min(kStreamPartValues, cols - done);
      reader.read(count, values, wide);
      auto w = wide.begin();
      for (std::size_t k = 0; k < count; ++k) {
        if (w != wide.end() && w->first == k)
          visit.token((w++)->second);
        else
          visit.token(*rational_from_double(values[k]));
      }
      if (r.progress) r.progress(reader.consumed(), h.count());
    }
    visit.end();
  }
}

}  // namespace

bool dump_streamable(const DumpRequest& r) {
  const ProblemSources& s = r.sources;
  if (!s.document.empty() || s.measures.size() != 1 || !s.w_in.empty() || !s.w_out.empty()) return false;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(s.inputs, ec)) return false;
  if (!s.inputs.ends_with(".csv") && !(s.inputs.ends_with(".npy") && npy_read_by_rows(s.inputs))) return false;
  if (r.output.empty() || r.output == "-" || r.output.ends_with(".json")) return true;
  if (r.trace) return false;
  if (r.output.ends_with(".csv")) return r.kind != ValueKind::Both;
  return r.output.ends_with(".npy") && r.kind == ValueKind::Double;
}

void stream_dump(const DumpRequest& r) {
  OracleProblem p = load_pal_measure(r.sources);
  KeyedMeasure keyed(p.measure);
  const std::string output = r.output.empty() ? "-" : r.output;
  const FileFormat format = format_of(output);
  const bool batched = batched_inputs(r.sources.inputs), dumping = !r.dump.empty();
  const bool exact_out = r.kind != ValueKind::Double, double_out = r.kind != ValueKind::Exact;
  std::optional<std::string> objection, dump_objection;
  const std::string no_finite = no_finite_double_message();

  // Everything is spooled, and the files made only at the end, one after the other, so that at most one
  // temporary file beside an output exists at a time (the one an interrupt removes). The output: CSV
  // rows and .npy data as they come; JSON's lists each on its own, in the order dump(2) sorts them.
  Spool out, npy_data;
  std::vector<std::pair<std::string, SpooledList*>> lists;
  SpooledList out_memory(2, 1), out_exact(2, 1), out_double(2, 1), out_relays(2, 1);
  if (format == FileFormat::Json) {
    if (r.trace) lists.emplace_back("memory_changes", &out_memory);
    if (exact_out) lists.emplace_back("outputs", &out_exact);
    if (double_out) lists.emplace_back(exact_out ? "outputs_double" : "outputs", &out_double);
    if (r.trace) lists.emplace_back("relay_changes", &out_relays);
  }
  // The dump: its head now, each sequence's inputs as they come, its other lists spooled until it ends.
  Spool dump;
  std::optional<PrettyJson> sequences;
  SpooledList dump_inputs_double(1, 3), dump_memory(1, 3), dump_exact(1, 3), dump_double(1, 3), dump_relays(1, 3);
  std::vector<std::pair<const char*, SpooledList*>> dump_lists{{"inputs_double", &dump_inputs_double},
                                                               {"memory_changes", &dump_memory},
                                                               {"outputs", &dump_exact},
                                                               {"outputs_double", &dump_double}};
  if (r.trace) dump_lists.emplace_back("relay_changes", &dump_relays);
  if (dumping) {
    nlohmann::json head = dump_head(p);
    head["sequences"] = nullptr;  // sorts last: its value is written here
    dump.text = head.dump(1);
    dump.text.resize(dump.text.size() - std::string_view("null\n}").size());
    sequences.emplace(dump.text, 1, 1);
    sequences->open('[');
  }

  auto each_list = [&](auto&& f) {
    for (auto& [key, list] : lists) f(*list);
    if (dumping)
      for (auto& [key, list] : dump_lists) f(*list);
  };
  if (batched)  // the output's lists hold a list per sequence; the dump's are per sequence
    for (auto& [key, list] : lists) list->json.open('[');

  // Per sequence.
  std::optional<KeyedRun> run;
  std::optional<PreisachMemory> memory;
  std::vector<RelayState> relays;
  std::size_t row = 0, length = 0, cols = 0;
  bool row_finite = true;
  auto finite = [&](double d, std::optional<std::string>& o) {
    if (!std::isfinite(d) && !o) o = no_finite;
    return d;
  };

  InputVisitor visit;
  visit.begin = [&] {
    run.emplace(keyed, p.initial);
    memory.emplace(p.initial);
    if (r.trace) relays.assign(p.measure.relays.size(), static_cast<RelayState>(p.initial));
    length = 0;
    row_finite = true;
    each_list([](SpooledList& l) { l.json.open('['); });
    if (dumping) {
      sequences->open('{');
      sequences->key("inputs");
      sequences->open('[');
    }
  };
  visit.token = [&](const Q& x) {
    run->step(keyed.key(x));
    std::optional<Q> y;
    if (exact_out || dumping || r.kind == ValueKind::Both) y = run->exact();
    // The output's double: to_double of the exact value, as evaluate_problem gives it with both kinds.
    double y_double = 0;
    if (double_out || dumping) y_double = y ? to_double(*y) : run->nearest_double();
    if (format == FileFormat::Json) {
      if (exact_out) out_exact.json.value(quoted(*y));
      if (double_out) out_double.json.value(json_double(finite(y_double, objection)));
    } else if (format == FileFormat::Csv) {
      if (length) out.text += ',';
      if (exact_out)
        out.text += to_string(*y);
      else
        out.text += csv_double(finite(y_double, objection));
    } else {
      if (!std::isfinite(y_double)) row_finite = false;
      npy_data.text.append(reinterpret_cast<const char*>(&y_double), sizeof y_double);
    }
    // The memory's change: [removed, appended].
    std::string removed, appended = "null";
    if (r.trace || dumping) {
      std::size_t before = memory->extrema().size();
      MemoryStepEffect effect = memory->step(x);
      removed = "0";
      if (effect.pushed || effect.replaced) {
        removed = std::to_string(before + 1 - memory->extrema().size());
        appended = quoted(memory->extrema().back());
      }
    }
    std::vector<std::size_t> switched;
    if (r.trace)
      for (std::size_t k = 0; k < relays.size(); ++k) {
        RelayState next = step_relay(p.measure.relays[k].thresholds, x, relays[k]);
        if (next != relays[k]) switched.push_back(k);
        relays[k] = next;
      }
    auto changes = [&](PrettyJson& memory_json, PrettyJson& relays_json) {
      memory_json.open('[');
      memory_json.value(removed);
      memory_json.value(appended);
      memory_json.close(']');
      if (!r.trace) return;
      relays_json.open('[');
      for (std::size_t k : switched) relays_json.value(std::to_string(k));
      relays_json.close(']');
    };
    if (r.trace) changes(out_memory.json, out_relays.json);
    if (dumping) {
      sequences->value(quoted(x));
      dump_inputs_double.json.value(json_double(finite(to_double(x), dump_objection)));
      changes(dump_memory.json, dump_relays.json);
      dump_exact.json.value(quoted(*y));
      dump_double.json.value(json_double(finite(y_double, dump_objection)));
      dump.spill();
    }
    each_list([](SpooledList& l) { l.spool.spill(); });
    out.spill();
    npy_data.spill();
    ++length;
  };
  visit.end = [&] {
    each_list([](SpooledList& l) { l.json.close(']'); });
    if (format == FileFormat::Csv) out.text += '\n';
    if (format == FileFormat::Npy) {
      if (row == 0) cols = length;
      if (!objection && length != cols)
        objection = not_rectangular_message(row, length, cols);
      else if (!objection && !row_finite)
        objection = no_finite;
    }
    if (dumping) {
      sequences->close(']');
      for (auto& [key, list] : dump_lists) {
        sequences->key(key);
        sequences->value("");
        list->spool.copy_to(dump);
      }
      sequences->close('}');
    }
    ++row;
  };
  read_inputs(r, visit);
  if (batched)
    for (auto& [key, list] : lists) list->json.close(']');

  if (objection) throw InputError((output == "-" ? std::string("standard output") : output) + ": " + *objection);
  if (dump_objection) throw InputError(*dump_objection);
  if (dumping) {
    sequences->close(']');
    dump.text += "\n}\n";
    OutputFile file(r.dump);
    dump.copy_to(file);
    file.commit();
  }
  OutputFile file(output);
  if (format == FileFormat::Json) {
    std::string head;
    PrettyJson doc(head, 2, 0);
    doc.open('{');
    doc.key("initial_state");
    doc.value(std::to_string(static_cast<int>(p.initial)));
    for (auto& [key, list] : lists) {
      doc.key(key);
      doc.value("");
      file.write(head);
      head.clear();
      list->spool.copy_to(file);
    }
    doc.close('}');
    file.write(head + "\n");
  } else if (format == FileFormat::Npy) {
    file.write(batched ? npy_f8_header({row, cols}) : npy_f8_header({cols}));
    npy_data.copy_to(file);
  } else {
    out.copy_to(file);
  }
  file.commit();
}

}  // namespace palcheck::oracle
