// Batch evaluation and output formats (see oracle_eval.h).
#include "oracle/eval/oracle_eval.h"

#include "oracle/formats/csv_format.h"
#include "oracle/formats/npy_format.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/name_table.h"
#include "reference/preisach_memory.h"
#include "reference/relay.h"
#include "util/errors.h"
#include "util/parallel.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <string_view>
#include <utility>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// The one spelling of each kind, read and written alike.
constexpr NameTable<ValueKind, 3> kValueKindNames{
    {{ValueKind::Exact, "exact"}, {ValueKind::Double, "double"}, {ValueKind::Both, "both"}}};

std::string double_text(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

json exact_list(const std::vector<Q>& v) {
  json a = json::array();
  for (const Q& q : v) a.push_back(to_string(q));
  return a;
}

// A non-finite double would be written as JSON null, a CSV "inf" or an .npy inf without a word.
double finite(double d) {
  if (!std::isfinite(d)) throw InputError(no_finite_double_message());
  return d;
}

json double_list(const std::vector<double>& v) {
  json a = json::array();
  for (double d : v) a.push_back(finite(d));
  return a;
}

json double_list(const std::vector<Q>& v) {
  json a = json::array();
  for (const Q& q : v) a.push_back(finite(to_double(q)));
  return a;
}

// One sequence's values as JSON: a flat list (PAL) or a list of rows of `width` (MPAL).
template <class T, class F>
json shaped(const std::vector<T>& values, std::size_t width, bool mpal, F&& list) {
  if (!mpal) return list(values);
  json rows = json::array();
  for (std::size_t n = 0; n * width < values.size(); ++n)
    rows.push_back(list(std::vector<T>(values.begin() + n * width, values.begin() + (n + 1) * width)));
  return rows;
}

// The memory as a change log, one [removed, appended] per token: drop the last `removed` extrema, then append
// `appended` (the token's input; null: nothing). O(n) in size, where the memory per token is O(n * depth).
json memory_changes_json(const std::vector<Q>& u, InitialState initial) {
  json per_token = json::array();
  PreisachMemory memory(initial);
  for (const Q& x : u) {
    std::size_t before = memory.extrema().size();
    MemoryStepEffect effect = memory.step(x);
    if (!effect.pushed && !effect.replaced)
      per_token.push_back(json::array({0, nullptr}));
    else  // the entries below the new top are the old ones minus those replaced or wiped
      per_token.push_back(json::array({before + 1 - memory.extrema().size(), to_string(memory.extrema().back())}));
  }
  return per_token;
}

// The relays (indices in measure order) each token switched, by eq:relay relay by relay; every relay starts at
// the initial state. O(n + switches) in size, O(R) in memory.
json relay_changes_json(const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  std::vector<RelayState> state(mu.relays.size(), static_cast<RelayState>(initial));
  json per_token = json::array();
  for (const Q& x : u) {
    json switched = json::array();
    for (std::size_t r = 0; r < state.size(); ++r) {
      RelayState next = step_relay(mu.relays[r].thresholds, x, state[r]);
      if (next != state[r]) switched.push_back(r);
      state[r] = next;
    }
    per_token.push_back(std::move(switched));
  }
  return per_token;
}

}  // namespace

std::string to_string(ValueKind kind) { return name_in(kValueKindNames, kind, ""); }

std::optional<ValueKind> parse_value_kind(const std::string& text) { return value_in(kValueKindNames, text); }

std::string no_finite_double_message() {
  return "a value has no finite double (its magnitude exceeds 1.8e308): write --values exact";
}

std::string not_rectangular_message(std::size_t r, std::size_t length, std::size_t cols) {
  return ".npy holds a rectangular batch: sequence " + std::to_string(r) + " has length " + std::to_string(length) +
         ", sequence 0 has " + std::to_string(cols);
}

json measure_json(const Measure& mu) {
  json relays = json::array();
  for (const WeightedRelay& r : mu.relays)
    relays.push_back({{"alpha", to_string(r.thresholds.alpha)},
                      {"beta", to_string(r.thresholds.beta)},
                      {"weight", to_string(r.weight)}});
  return {{"relays", relays}};
}

void BatchOutputs::add(std::vector<Q> values, bool with_exact, bool with_approx) {
  if (with_approx) {
    std::vector<double> d;
    for (const Q& q : values) d.push_back(to_double(q));
    approx.push_back(std::move(d));
  }
  if (with_exact) exact.push_back(std::move(values));
}

BatchOutputs evaluate_problem(const OracleProblem& p, ValueKind kind, unsigned threads) {
  BatchOutputs out;
  out.width = p.width();
  bool exact = kind != ValueKind::Double, approx = kind != ValueKind::Exact;
  if (!p.is_mpal()) {
    KeyedMeasure keyed(p.measure);
    if (exact) out.exact.resize(p.size());
    if (approx) out.approx.resize(p.size());
    for_parts(p.size(), threads, [&](std::size_t s) {
      const std::vector<Q>& u = p.sequences[s];
      if (exact) {
        out.exact[s] = keyed.outputs(u, p.initial);
        if (approx) {
          out.approx[s].reserve(u.size());
          for (const Q& q : out.exact[s]) out.approx[s].push_back(to_double(q));
        }
      } else {
        out.approx[s] = keyed.outputs_double(u, p.initial);
      }
    });
    return out;
  }
  std::vector<std::unique_ptr<KeyedMeasure>> keyed;
  for (const MpalHead& h : p.heads) keyed.push_back(std::make_unique<KeyedMeasure>(h.mu));
  for (const auto& x : p.token_sequences) {
    std::vector<Q> rows(x.size() * out.width, Q(0));
    for (std::size_t h = 0; h < p.heads.size(); ++h) {
      std::vector<Q> pal = keyed[h]->outputs(project(p.heads[h].w_in, x), p.initial);
      for (std::size_t n = 0; n < x.size(); ++n)
        for (std::size_t k = 0; k < out.width; ++k) rows[n * out.width + k] += p.heads[h].w_out[k] * pal[n];
    }
    out.add(std::move(rows), exact, approx);
  }
  return out;
}

namespace {

// The outputs as a JSON document: exact and/or double values (undefined ones null), and with `trace`
// the memory and relay changes of every PAL sequence.
std::string outputs_json_text(const OracleProblem& p, const BatchOutputs& o, ValueKind kind, bool trace) {
  bool mpal = p.is_mpal();
  std::size_t w = o.width;
  json doc;
  doc["initial_state"] = static_cast<int>(p.initial);
  auto put = [&](const char* key, auto&& per_sequence) {
    json all = json::array();
    for (std::size_t s = 0; s < p.size(); ++s) all.push_back(per_sequence(s));
    doc[key] = p.batched ? all : all.at(0);
  };
  // An undefined output (before every relay is decided, when so declared) is null.
  auto undefined_as_null = [&](json list, std::size_t s) {
    for (std::size_t k = 0; !mpal && k < list.size(); ++k)
      if (o.is_undefined(s, k)) list[k] = nullptr;
    return list;
  };
  if (kind != ValueKind::Double)
    put("outputs", [&](std::size_t s) {
      return undefined_as_null(shaped(o.exact[s], w, mpal, [](const auto& v) { return exact_list(v); }), s);
    });
  if (kind != ValueKind::Exact)
    put(kind == ValueKind::Double ? "outputs" : "outputs_double", [&](std::size_t s) {
      return undefined_as_null(shaped(o.approx[s], w, mpal, [](const auto& v) { return double_list(v); }), s);
    });
  if (trace && !mpal) {
    put("memory_changes", [&](std::size_t s) { return memory_changes_json(p.sequences[s], p.initial); });
    put("relay_changes", [&](std::size_t s) { return relay_changes_json(p.measure, p.sequences[s], p.initial); });
  }
  return doc.dump(2) + "\n";
}

// The rows of a CSV or .npy output: one a PAL sequence, or one a token of the single MPAL sequence.
struct OutputRows {
  const OracleProblem& p;
  std::size_t w;
  bool mpal = p.is_mpal();
  std::size_t count = mpal ? p.length(0) : p.size();

  std::pair<std::size_t, std::size_t> row_of(std::size_t r) const {  // (sequence, first value)
    return mpal ? std::pair{std::size_t{0}, r * w} : std::pair{r, std::size_t{0}};
  }
  std::size_t length(std::size_t r) const { return mpal ? w : p.length(r); }
};

std::string outputs_csv_text(const OutputRows& rows, const BatchOutputs& o, ValueKind kind) {
  if (kind == ValueKind::Both) throw InputError("CSV holds one kind of value: choose --values exact or double");
  std::vector<std::vector<std::string>> cells;
  for (std::size_t r = 0; r < rows.count; ++r) {
    auto [s, first] = rows.row_of(r);
    std::vector<std::string> line;
    for (std::size_t k = 0; k < rows.length(r); ++k)
      line.push_back(o.is_undefined(s, first + k) ? std::string("nan")
                     : kind == ValueKind::Exact   ? to_string(o.exact[s][first + k])
                                                  : double_text(finite(o.approx[s][first + k])));
    cells.push_back(std::move(line));
  }
  return format_csv({}, cells);
}

std::string outputs_npy_bytes(const OutputRows& rows, const BatchOutputs& o, ValueKind kind) {
  if (kind != ValueKind::Double)
    throw InputError(".npy holds doubles: use --values double (or JSON/CSV for exact values)");
  std::vector<double> flat;
  std::size_t cols = rows.count ? rows.length(0) : 0;
  for (std::size_t r = 0; r < rows.count; ++r) {
    if (rows.length(r) != cols) throw InputError(not_rectangular_message(r, rows.length(r), cols));
    auto [s, first] = rows.row_of(r);
    for (std::size_t k = 0; k < cols; ++k)
      flat.push_back(o.is_undefined(s, first + k) ? std::nan("") : finite(o.approx[s][first + k]));
  }
  if (!rows.mpal && !rows.p.batched) return format_npy_f8({cols}, flat);
  return format_npy_f8({rows.count, cols}, flat);
}

}  // namespace

std::string format_outputs(const OracleProblem& p, const BatchOutputs& o, FileFormat format, ValueKind kind,
                           bool trace) {
  if (format != FileFormat::Json) {
    if (trace) throw InputError("--trace: per-token memory and relay states are written as JSON only");
    if (p.is_mpal() && p.size() != 1)
      throw InputError("a batch of MPAL sequences is written as JSON only (CSV and .npy hold one sequence, n x d)");
  }
  switch (format) {
    case FileFormat::Json: return outputs_json_text(p, o, kind, trace);
    case FileFormat::Csv: return outputs_csv_text(OutputRows{p, o.width}, o, kind);
    case FileFormat::Npy: return outputs_npy_bytes(OutputRows{p, o.width}, o, kind);
  }
  throw std::logic_error("format_outputs: a file format without a writer");
}

json dump_head(const OracleProblem& p) {
  json doc;
  doc["palcheck_dump"] = 2;
  doc["conventions"] = {{"tie_rule", "u >= alpha -> 1 first, else u <= beta -> 0, else hold"},
                        {"initial_state", static_cast<int>(p.initial)},
                        {"memory_changes",
                         "per token [removed, appended]: the memory (dominant extrema, oldest first, last = current "
                         "input; empty before the first token) drops its last `removed` entries, then gets "
                         "`appended` unless null"},
                        {"relay_changes",
                         "per token the indices (measure order) of the relays that switched; every relay starts at "
                         "initial_state"}};
  if (p.is_mpal()) {
    json heads = json::array();
    for (const MpalHead& h : p.heads) {
      json head = measure_json(h.mu);
      head["w_in"] = exact_list(h.w_in);
      head["w_out"] = exact_list(h.w_out);
      heads.push_back(head);
    }
    doc["heads"] = heads;
  } else {
    doc["measure"] = measure_json(p.measure);
    if (p.grid) {
      json weights = json::array();
      for (const GridWeight& g : p.grid->weights) weights.push_back({g.i, g.j, to_string(g.weight)});
      doc["measure"]["grid"] = {{"delta", to_string(p.grid->delta)}, {"L", p.grid->L}, {"weights", weights}};
    }
  }
  return doc;
}

json dump_json(const OracleProblem& p, const BatchOutputs& o, bool relay_states) {
  json doc = dump_head(p);
  json sequences = json::array();
  for (std::size_t s = 0; s < p.size(); ++s) {
    json seq;
    if (p.is_mpal()) {
      json tokens = json::array(), tokens_d = json::array(), heads = json::array();
      for (const QVector& t : p.token_sequences[s]) {
        tokens.push_back(exact_list(t));
        tokens_d.push_back(double_list(t));
      }
      seq["inputs"] = tokens;
      seq["inputs_double"] = tokens_d;
      for (const MpalHead& h : p.heads) {
        std::vector<Q> signal = project(h.w_in, p.token_sequences[s]);
        json head{{"signal", exact_list(signal)}, {"memory_changes", memory_changes_json(signal, p.initial)}};
        if (relay_states) head["relay_changes"] = relay_changes_json(h.mu, signal, p.initial);
        heads.push_back(head);
      }
      seq["heads"] = heads;
    } else {
      seq["inputs"] = exact_list(p.sequences[s]);
      seq["inputs_double"] = double_list(p.sequences[s]);
      seq["memory_changes"] = memory_changes_json(p.sequences[s], p.initial);
      if (relay_states) seq["relay_changes"] = relay_changes_json(p.measure, p.sequences[s], p.initial);
    }
    seq["outputs"] = shaped(o.exact[s], o.width, p.is_mpal(), [](const auto& v) { return exact_list(v); });
    seq["outputs_double"] = shaped(o.exact[s], o.width, p.is_mpal(), [](const auto& v) { return double_list(v); });
    sequences.push_back(seq);
  }
  doc["sequences"] = sequences;
  return doc;
}

}  // namespace palcheck::oracle
