// def:pal, def:mpal (eq:mpal): what `palcheck eval` and `palcheck compare` evaluate in the
// test-oracle mode: one measure (PAL) or H heads (MPAL), and a batch of sequences, read
// from JSON, CSV or .npy files.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/measure.h"
#include "reference/mpal.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace palcheck::oracle {

/// A PAL or MPAL problem over a batch of sequences.
struct OracleProblem {
  InitialState initial = InitialState::Off;           ///< every relay's state before u_0
  Measure measure;                                    ///< PAL's measure (a grid is expanded here)
  std::optional<Grid> grid;                           ///< the grid, when the measure was given as one
  std::vector<std::vector<Q>> sequences;              ///< PAL inputs, one list per sequence
  std::vector<MpalHead> heads;                        ///< MPAL heads; non-empty means MPAL
  std::vector<std::vector<QVector>> token_sequences;  ///< MPAL inputs: sequences of tokens of length d
  bool batched = false;                               ///< inputs came as a batch (outputs are written as one)

  /// Whether this is MPAL.
  bool is_mpal() const { return !heads.empty(); }
  /// Number of sequences.
  std::size_t size() const { return is_mpal() ? token_sequences.size() : sequences.size(); }
  /// Length of sequence s.
  std::size_t length(std::size_t s) const { return is_mpal() ? token_sequences[s].size() : sequences[s].size(); }
  /// Values per token: 1 for PAL, d for MPAL.
  std::size_t width() const { return is_mpal() ? heads[0].w_out.size() : 1; }
};

/// Where a problem comes from (command-line options of eval and compare).
struct ProblemSources {
  std::string document;                           ///< a JSON document with measure and inputs (eval's format)
  std::optional<nlohmann::json> parsed_document;  ///< `document` already read (standard input reads once)
  std::vector<std::string> measures;          ///< measure files: one for PAL, one per head (or one for all) for MPAL
  std::string inputs;                         ///< inputs file
  std::string w_in, w_out;                    ///< MPAL projections, H x d each
  std::optional<Q> grid_delta;                ///< measure files hold a grid weight matrix with this spacing (> 0)
  std::optional<InitialState> initial_state;  ///< overrides the document's
  RelayColumns columns;                       ///< column order of CSV/.npy relay files (--convention columns=)
  CsvHeader csv_header = CsvHeader::Auto;     ///< --header: the first row of every CSV file is a header
};

/// Reads and checks a problem; InputError naming the file and position of anything wrong.
OracleProblem load_problem(const ProblemSources& sources);

/// load_problem's PAL measure from files (one --measure), its grid and initial state, without reading
/// the inputs: the sequences are left empty for a caller that streams them.
OracleProblem load_pal_measure(const ProblemSources& sources);

/// load_problem's MPAL heads from files (--w-in, --w-out, one --measure or one per head), with its
/// checks, without reading the inputs: the sequences are left empty for a caller that streams them.
OracleProblem load_mpal_heads(const ProblemSources& sources);

/// An error of the file `source` as load_problem words it: the file's name in front, unless the message
/// already starts with it.
std::string in_source(const std::string& source, const std::string& message);

/// What load_problem says of token n of an MPAL sequence (`where`) whose length is not d.
std::string token_length_message(const std::string& where, std::size_t n, std::size_t length, std::size_t d);

/// The problem of a JSON document: eval's format, where "inputs" may also be a batch (list of
/// lists) and "heads" (each {"w_in", "w_out", and "relays" or "grid"}) makes it MPAL.
OracleProblem problem_from_document(const nlohmann::json& doc, const std::string& source);

/// Relays from rows alpha, beta[, weight] (CSV, .npy, numpy arrays); InputError naming the row.
Measure relays_from_rows(const NumberRows& rows);

/// A grid from an L x L weight matrix (row i-1 holds mu_ij); entries above the diagonal must be 0.
Grid grid_from_rows(const NumberRows& rows, const Q& delta);

/// A measure file alone (JSON relays or grid, CSV/.npy rows in `columns` order, or with `grid_delta`
/// a grid weight matrix); InputError naming the file.
Measure load_measure_file(const std::string& path, const std::optional<Q>& grid_delta, const RelayColumns& columns);

/// The keyed measure of a measure file, as load_problem reads it; a grid weight matrix in .npy
/// is keyed straight from its doubles (machine arithmetic, no GMP rationals). InputError naming the file.
KeyedMeasure load_keyed_measure(const std::string& path, const std::optional<Q>& grid_delta,
                                const RelayColumns& columns, CsvHeader header = CsvHeader::Auto);

/// Whether a document needs the oracle mode (a batch of inputs, MPAL heads or declared conventions).
bool needs_oracle_mode(const nlohmann::json& doc);

}  // namespace palcheck::oracle
