// Loading oracle problems (see oracle_problem.h).
#include "oracle/eval/oracle_problem.h"

#include "oracle/eval/eval_document.h"
#include "oracle/formats/csv_format.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"
#include "oracle/formats/oracle_files.h"
#include "util/out_of_memory.h"

#include <optional>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// Re-throws an InputError with the file name in front, unless it already starts with it.
template <class F>
auto in_file(const std::string& source, F&& f) {
  try {
    return f();
  } catch (const InputError& e) {
    throw InputError(in_source(source, e.what()));
  }
}

std::string cell_name(const std::string& source, std::size_t r, std::size_t c) {
  return source + ": row " + std::to_string(r) + ", column " + std::to_string(c);
}

// What grid_from_rows and the double grid of load_keyed_measure reject, worded once.
InputError not_a_grid(const std::string& source) {
  return InputError(source + ": a grid needs an L x L weight matrix");
}

// A .npy grid holds every entry of its matrix, so it must be square: a 3 x 2 array is no more a
// grid with its last column left out than a 2 x 3 one is.
void check_square_npy(const std::string& source, std::size_t rows, std::size_t cols) {
  if (rows != cols)
    throw InputError(source + ": a grid needs an L x L weight matrix; this .npy array is " + std::to_string(rows) +
                     " x " + std::to_string(cols));
}

InputError row_too_long(const std::string& source, std::size_t r, std::size_t entries, std::size_t L) {
  return InputError(source + ": row " + std::to_string(r) + " has " + std::to_string(entries) +
                    " entries, the grid has L = " + std::to_string(L));
}

InputError above_diagonal(const std::string& source, std::size_t r, std::size_t c, const Q& w) {
  return InputError(cell_name(source, r, c) + ": weight " + to_string(w) +
                    " above the diagonal (alpha_i < beta_j is outside the Preisach half-plane)");
}

}  // namespace

Grid grid_from_rows(const NumberRows& rows, const Q& delta) {
  if (rows.one_dimensional || rows.rows.empty()) throw not_a_grid(rows.source);
  check_grid_size(rows.rows.size(), rows.source);
  Grid grid{delta, static_cast<int>(rows.rows.size()), {}};
  for (std::size_t r = 0; r < rows.rows.size(); ++r) {
    if (rows.rows[r].size() > rows.rows.size())
      throw row_too_long(rows.source, r, rows.rows[r].size(), rows.rows.size());
    for (std::size_t c = 0; c < rows.rows[r].size(); ++c) {
      const Q& w = rows.rows[r][c];
      if (w == 0) continue;
      if (c > r) throw above_diagonal(rows.source, r, c, w);
      grid.weights.push_back({static_cast<int>(r + 1), static_cast<int>(c + 1), w});
    }
  }
  return grid;
}

Measure relays_from_rows(const NumberRows& rows) {
  Measure mu;
  if (rows.one_dimensional) throw InputError(rows.source + ": a relay list needs rows alpha, beta[, weight]");
  for (std::size_t r = 0; r < rows.rows.size(); ++r) {
    const auto& row = rows.rows[r];
    if (row.size() != 2 && row.size() != 3)
      throw InputError(rows.source + ": row " + std::to_string(r) + " has " + std::to_string(row.size()) +
                       " columns; a relay is alpha, beta[, weight] (for a grid matrix pass --grid-delta)");
    if (row[0] < row[1])
      throw InputError(rows.source + ": row " + std::to_string(r) + ": alpha (" + to_string(row[0]) + ") < beta (" +
                       to_string(row[1]) + "): not in the Preisach half-plane alpha >= beta");
    mu.relays.push_back({{row[0], row[1]}, row.size() == 3 ? row[2] : Q(1)});
  }
  return mu;
}

namespace {

struct LoadedMeasure {
  Measure measure;
  std::optional<Grid> grid;
};

LoadedMeasure measure_from_bytes(const std::string& bytes, const std::string& path, const std::optional<Q>& grid_delta,
                                 const RelayColumns& columns, CsvHeader header) {
  if (input_format(path, bytes) == FileFormat::Json) {
    json doc = parse_json_text(bytes, path);
    return in_file(path, [&] {
      LoadedMeasure m{parse_measure(doc), std::nullopt};
      if (has_grid(doc)) m.grid = parse_grid(doc);
      return m;
    });
  }
  NumberRows rows = rows_from_bytes(bytes, path, "", header);
  if (!grid_delta) {
    rows.rows = reorder_relay_rows(rows.rows, columns, path);
    return {relays_from_rows(rows), std::nullopt};
  }
  if (input_format(path, bytes) == FileFormat::Npy && !rows.one_dimensional && !rows.rows.empty())
    check_square_npy(path, rows.rows.size(), rows.rows.front().size());
  Grid grid = grid_from_rows(rows, *grid_delta);
  return {measure_from_grid(grid), grid};
}

LoadedMeasure load_measure(const std::string& path, const std::optional<Q>& grid_delta, const RelayColumns& columns,
                           CsvHeader header) {
  return measure_from_bytes(read_source(path), path, grid_delta, columns, header);  // read once: may be a pipe
}

// A .npy grid matrix as doubles, checked as grid_from_rows checks it; nullopt when an integer
// entry is beyond 2^53 (a double would round it).
std::optional<DoubleGrid> double_grid(const NpyArray& a, const std::string& path, const Q& delta) {
  if (a.shape.size() != 2 || a.rows() < 1) throw not_a_grid(path);
  check_square_npy(path, a.rows(), a.cols());
  check_grid_size(a.rows(), path);
  DoubleGrid grid{delta, a.rows(), a.cols(), a.reals};
  if (a.reals.empty() && !a.integers.empty()) {
    constexpr std::int64_t kExact = std::int64_t{1} << 53;
    for (std::int64_t v : a.integers) {
      if (v > kExact || v < -kExact) return std::nullopt;
      grid.weights.push_back(static_cast<double>(v));
    }
  }
  for (std::size_t r = 0; r < grid.L; ++r)
    for (std::size_t c = r + 1; c < grid.cols; ++c)
      if (grid.weights[r * grid.cols + c] != 0) throw above_diagonal(path, r, c, a.exact(r * grid.cols + c));
  return grid;
}

std::vector<QVector> projection_rows(const std::string& path, const std::string& key, CsvHeader header) {
  NumberRows rows = load_rows(path, key, header);
  if (rows.one_dimensional) return {rows.rows[0]};
  return rows.rows;
}

void check_tokens(const std::vector<QVector>& tokens, std::size_t d, const std::string& where) {
  for (std::size_t n = 0; n < tokens.size(); ++n)
    if (tokens[n].size() != d) throw InputError(token_length_message(where, n, tokens[n].size(), d));
}

void check_heads(const std::vector<MpalHead>& heads, const std::string& where) {
  std::size_t d = heads[0].w_in.size();
  if (d == 0) throw InputError(where + ": head 0 has an empty W_I; the model dimension d must be at least 1");
  for (std::size_t h = 0; h < heads.size(); ++h) {
    if (heads[h].w_in.size() != d || heads[h].w_out.size() != d)
      throw InputError(where + ": head " + std::to_string(h) + " has W_I of length " +
                       std::to_string(heads[h].w_in.size()) + " and W_O of length " +
                       std::to_string(heads[h].w_out.size()) + "; both must have length d = " + std::to_string(d));
  }
}

QVector vector_from_json(const json& v, const std::string& field) {
  NumberRows r = rows_from_json(v, field);
  if (!r.one_dimensional) throw InputError(field + ": expected a flat list of numbers");
  return r.rows[0];
}

// --initial-state over the document's.
void set_initial_state(OracleProblem& p, const ProblemSources& src) {
  if (src.initial_state) p.initial = *src.initial_state;
}

}  // namespace

Measure load_measure_file(const std::string& path, const std::optional<Q>& grid_delta, const RelayColumns& columns) {
  return load_measure(path, grid_delta, columns, CsvHeader::Auto).measure;
}

KeyedMeasure load_keyed_measure(const std::string& path, const std::optional<Q>& grid_delta,
                                const RelayColumns& columns, CsvHeader header) {
  std::string bytes = read_source(path);  // once: the path may be a pipe
  if (grid_delta && input_format(path, bytes) == FileFormat::Npy)
    if (auto grid = double_grid(parse_npy(bytes, path), path, *grid_delta))
      return building(path, "the sums of its grid", [&] { return KeyedMeasure::from_grid(*grid); });
  Measure mu = building(path, "its measure (" + std::to_string(bytes.size()) + " bytes)",
                        [&] { return measure_from_bytes(bytes, path, grid_delta, columns, header).measure; });
  std::string relays = std::to_string(mu.relays.size());
  return building(path, "the sums of its " + relays + " relays", [&] { return KeyedMeasure(std::move(mu)); });
}

bool needs_oracle_mode(const json& doc) {
  if (!doc.is_object()) return false;
  if (doc.contains("heads") || doc.contains("conventions")) return true;
  auto it = doc.find("inputs");
  return it != doc.end() && it->is_array() && !it->empty() && (*it)[0].is_array();
}

OracleProblem problem_from_document(const json& doc, const std::string& source) {
  return in_file(source, [&] {
    OracleProblem p;
    p.initial = parse_initial_state(doc);
    if (!doc.is_object() || !doc.contains("inputs")) throw InputError("document: missing key \"inputs\"");
    if (doc.contains("heads")) {
      const json& heads = doc.at("heads");
      if (!heads.is_array() || heads.empty()) throw InputError("heads: expected a non-empty list of heads");
      for (std::size_t h = 0; h < heads.size(); ++h) {
        std::string where = "heads[" + std::to_string(h) + "]";
        if (!heads[h].is_object()) throw InputError(where + ": expected an object");
        for (const char* key : {"w_in", "w_out"})
          if (!heads[h].contains(key)) throw InputError(where + ": missing key \"" + std::string(key) + "\"");
        p.heads.push_back({vector_from_json(heads[h].at("w_in"), where + ".w_in"),
                           vector_from_json(heads[h].at("w_out"), where + ".w_out"), parse_measure(heads[h])});
      }
      check_heads(p.heads, "heads");
      const json& in = doc.at("inputs");
      if (!in.is_array()) throw InputError("inputs: expected a list of tokens or a list of sequences of tokens");
      p.batched = !in.empty() && in[0].is_array() && !in[0].empty() && in[0][0].is_array();
      if (p.batched) {
        for (std::size_t s = 0; s < in.size(); ++s) {
          std::string where = "inputs[" + std::to_string(s) + "]";
          NumberRows r = rows_from_json(in[s], where);
          p.token_sequences.push_back(r.one_dimensional && r.rows[0].empty() ? std::vector<QVector>{} : r.rows);
        }
      } else {
        NumberRows r = rows_from_json(in, "inputs");
        p.token_sequences.push_back(r.one_dimensional && r.rows[0].empty() ? std::vector<QVector>{} : r.rows);
      }
      for (std::size_t s = 0; s < p.token_sequences.size(); ++s)
        check_tokens(p.token_sequences[s], p.heads[0].w_in.size(), "inputs[" + std::to_string(s) + "]");
      return p;
    }
    p.measure = parse_measure(doc);
    if (has_grid(doc)) p.grid = parse_grid(doc);
    NumberRows r = rows_from_json(doc.at("inputs"), "inputs");
    p.batched = !r.one_dimensional;
    p.sequences = std::move(r.rows);
    return p;
  });
}

OracleProblem load_problem(const ProblemSources& src) {
  OracleProblem p;
  if (!src.document.empty()) {
    if (!src.measures.empty() || !src.inputs.empty() || !src.w_in.empty())
      throw InputError("give either a JSON document or --measure/--inputs files, not both");
    std::string name = src.document == "-" ? "stdin" : src.document;
    p = problem_from_document(
        src.parsed_document ? *src.parsed_document : parse_json_text(read_source(src.document), name), name);
  } else {
    if (src.measures.empty()) throw InputError("no measure: give a JSON document or --measure FILE");
    if (src.inputs.empty()) throw InputError("no inputs: give a JSON document or --inputs FILE");
    bool mpal = !src.w_in.empty() || !src.w_out.empty();
    if (!mpal) {
      if (src.measures.size() != 1) throw InputError("--measure: PAL takes one measure (several are for MPAL heads)");
      p = load_pal_measure(src);
      NumberRows r = load_rows(src.inputs, "inputs", src.csv_header);
      p.batched = !r.one_dimensional;
      p.sequences = std::move(r.rows);
    } else {
      p = load_mpal_heads(src);
      NumberRows r = load_rows(src.inputs, "inputs", src.csv_header);
      p.token_sequences.push_back(r.rows);
      check_tokens(p.token_sequences[0], p.heads[0].w_in.size(), src.inputs);
    }
  }
  set_initial_state(p, src);
  return p;
}

OracleProblem load_mpal_heads(const ProblemSources& src) {
  if (src.w_in.empty() || src.w_out.empty()) throw InputError("MPAL needs both --w-in and --w-out");
  std::vector<QVector> w_in = projection_rows(src.w_in, "w_in", src.csv_header),
                       w_out = projection_rows(src.w_out, "w_out", src.csv_header);
  if (w_in.empty()) throw InputError(src.w_in + ": no head (no row of W_I)");
  if (w_in.size() != w_out.size())
    throw InputError(src.w_out + ": " + std::to_string(w_out.size()) + " heads, " + src.w_in + " has " +
                     std::to_string(w_in.size()));
  if (src.measures.size() != 1 && src.measures.size() != w_in.size())
    throw InputError("--measure: give one measure for all heads or one per head (" + std::to_string(w_in.size()) +
                     "), got " + std::to_string(src.measures.size()));
  OracleProblem p;
  for (std::size_t h = 0; h < w_in.size(); ++h) {
    const std::string& file = src.measures[src.measures.size() == 1 ? 0 : h];
    p.heads.push_back({w_in[h], w_out[h], load_measure(file, src.grid_delta, src.columns, src.csv_header).measure});
  }
  check_heads(p.heads, src.w_in + " and " + src.w_out);
  return p;
}

std::string in_source(const std::string& source, const std::string& message) {
  return message.rfind(source, 0) == 0 ? message : source + ": " + message;
}

std::string token_length_message(const std::string& where, std::size_t n, std::size_t length, std::size_t d) {
  return where + ": token " + std::to_string(n) + " has length " + std::to_string(length) +
         ", the model dimension d (length of W_I) is " + std::to_string(d);
}

OracleProblem load_pal_measure(const ProblemSources& src) {
  OracleProblem p;
  LoadedMeasure m = load_measure(src.measures[0], src.grid_delta, src.columns, src.csv_header);
  p.measure = std::move(m.measure);
  p.grid = std::move(m.grid);
  set_initial_state(p, src);
  return p;
}

}  // namespace palcheck::oracle
