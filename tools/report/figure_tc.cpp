// Figure 4 (thm:tc, repair:thm:tc): the two-stack interpreter and the construction of thm:tc side by side,
// step by step up to the first difference (the printed stack channels), and the repaired construction
// (nested encoding, claims/constructions/tc_*) running in step on the same machine and word.
#include "claims/instance.h"
#include "reference/models/pda_library.h"
#include "reference/models/tc_printed.h"
#include "reference/models/tc_repair.h"
#include "tools/report/figures.h"

namespace palcheck::report {
namespace {

DataTable side_by_side_table(const SideBySide& run, const std::string& construction) {
  DataTable table;
  table.header = {"step", "interpreter", construction, "agree"};
  for (const SideBySideRow& row : run.rows)
    table.rows.push_back({std::to_string(row.step), row.interpreter, row.construction, row.agree ? "yes" : "no"});
  return table;
}

}  // namespace

Figure tc_repair_figure(const std::string& machine, const std::string& word, std::size_t steps) {
  RepairReport repair = run_repair_tc(library_machine(machine), word, steps);
  Figure f;
  f.id = "fig4-repair";
  f.caption =
      "Figure 4 (repair): the repaired construction (nested encoding, 4 heads, 1 MLP layer) and the "
      "interpreter on " +
      machine + " with word \"" + word + "\", " + std::to_string(repair.run.rows.size()) + " rows: " +
      (repair.run.first_difference ? "first difference at step " + std::to_string(*repair.run.first_difference)
                                   : std::string("in step throughout")) +
      ".";
  f.data = side_by_side_table(repair.run, "repaired construction");
  f.data.notes = {"figure 4: repaired construction on " + machine + " \"" + word + "\" for " + std::to_string(steps) +
                  " steps; tokens " + std::to_string(repair.tokens) + ", largest |value| " + to_string(repair.max_abs)};
  return f;
}

std::vector<Figure> tc_figures(const Instance& instance) {
  if (instance.scenario != "printed-side-by-side") return {};
  std::string machine = option(instance, "machine"), word = option(instance, "word");
  PrintedTcOptions options;
  options.top = option(instance, "top") == to_string(TopReading::Nearest) ? TopReading::Nearest : TopReading::Printed;
  options.delta = scalar(instance, "delta");
  options.eps = scalar(instance, "eps");
  auto steps = static_cast<std::size_t>(static_cast<long>(scalar(instance, "steps").convert_to<double>()));
  std::vector<Figure> figures;
  // The headline's reading of TOP first; under the printed TOP the run stops at step 0, so the forgiving
  // reading (nearest code) follows to show where the PUSH signals fail next.
  std::vector<TopReading> readings{options.top};
  if (options.top == TopReading::Printed) readings.push_back(TopReading::Nearest);
  for (TopReading reading : readings) {
    options.top = reading;
    SideBySide printed = run_printed_tc(library_machine(machine), word, steps, options);
    Figure f;
    f.id = "fig4-printed-" + to_string(reading);
    f.caption =
        "Figure 4: the interpreter's configuration and the printed construction's, read back from its stack "
        "channels (TOP read " +
        to_string(reading) + ", Delta = " + to_string(options.delta) + ", eps = " + to_string(options.eps) + "), on " +
        machine + " with word \"" + word + "\", up to the first difference" +
        (printed.first_difference ? " at step " + std::to_string(*printed.first_difference) : std::string()) + ".";
    f.data = side_by_side_table(printed, "printed construction");
    f.data.notes = {"figure 4: printed construction on " + machine + " \"" + word + "\", TOP read " +
                    to_string(reading)};
    figures.push_back(f);
  }
  figures.push_back(tc_repair_figure(machine, word, steps));
  return figures;
}

}  // namespace palcheck::report
