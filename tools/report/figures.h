// The report's figures: exact data computed on the reference from a claim's headline counterexample,
// each with a gnuplot script that draws it and a data table (exact fractions and their doubles) that
// sits next to the picture, so every plotted point can be read back exactly.
//   fig 1 (figure_sequence.cpp): the input against token index, relay thresholds, relay states as bands;
//   fig 2 (figure_sequence.cpp): the Preisach half-plane, relays by state, the memory's staircase;
//   fig 1 (figure_pop_signal.cpp): lem:pop_one, the input then the POP signal, marked and labelled;
//   fig 3 (figure_stack.cpp):    Algorithm 1's stack beside the classical memory, token by token;
//   fig 4 (figure_tc.cpp):       thm:tc, interpreter and construction configurations side by side;
//         (figure_encoding.cpp) the encoding lemmas: codes, the printed and the nearest TOP decoder;
//   fig 5 (figure_cost.cpp):     measured cost against size on log-log axes with the claimed bound.
#pragma once

#include "tools/report/report_input.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::report {

/// A table of exact data: header and rows of text.
struct DataTable {
  std::vector<std::string> header;             ///< column names
  std::vector<std::vector<std::string>> rows;  ///< one row per point
  std::vector<std::string> notes;              ///< what the columns mean, written as "# " lines
};

/// One figure of a claim page. Its caption begins "Figure T" with T its type (1 to 5 above); the page
/// renumbers its figures in order.
struct Figure {
  std::string id;       ///< file stem suffix, e.g. "fig1-u"
  std::string caption;  ///< what it shows, one or two sentences
  std::string gnuplot;  ///< the plot commands (no terminal, no output); empty for a table-only figure
  DataTable data;       ///< the exact data the figure draws
};

/// Figures 1 and 2 for every input sequence of the instance (values "u", "v"); none without one.
std::vector<Figure> sequence_figures(const Instance& instance);

/// Other sequences of the instance (x, y, fields, ...) against their index, when it has no "u".
std::vector<Figure> other_sequence_figures(const Instance& instance);

/// Figure 3 when the instance names an Algorithm 1 reading and has a sequence "u"; none otherwise.
std::vector<Figure> stack_figures(const Instance& instance);

/// Figure 1 for lem:pop_one's encoded stack (scenario encoded-stack-every-reading, values u and eps): the input,
/// then the POP signal M_{top-1} + 2 eps marked and labelled with its exact value against the two top maxima.
std::vector<Figure> pop_signal_figures(const Instance& instance);

/// Figure 4 for a printed-side-by-side instance of thm:tc (library machine, word, steps): the printed
/// construction next to the interpreter up to the first difference, and the repaired construction.
std::vector<Figure> tc_figures(const Instance& instance);

/// Figure 4 for the encoding lemmas (scenarios z3-top-decode, z3-code-below-grid): codes, decoders, grid.
std::vector<Figure> encoding_figures(const Instance& instance);

/// Figure 4's repaired half alone, for repair:thm:tc: machine `machine` on `word` for `steps` steps.
Figure tc_repair_figure(const std::string& machine, const std::string& word, std::size_t steps);

/// Figure 5 for a cost claim: the families its results measured (their CostFamily), else the depth family of
/// thm:complexity:depth measured on the reference.
std::vector<Figure> cost_figures(const ReportClaim& claim);

/// The least-squares slope of log2(cost) against log2(size) over the points with both positive (figure 5's
/// fitted slope); nullopt with fewer than two such points or a single size.
std::optional<double> log_log_slope(const std::vector<Q>& sizes, const std::vector<Q>& costs);

/// Whether the claim is about cost (time, memory, depth): figure 5 applies.
bool is_cost_claim(const std::string& label);

/// The exact text of q and its double, for tables.
std::string exact(const Q& q);
/// The double nearest q as gnuplot reads it back (17 significant digits).
std::string as_double(const Q& q);

/// The data table as tab-separated text: notes as "# " lines, the header, then the rows.
std::string to_tsv(const DataTable& table);

}  // namespace palcheck::report
