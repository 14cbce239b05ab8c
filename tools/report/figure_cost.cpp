// Figure 5 (thm:complexity, thm:complexity:depth, prop:complexity, tab:complexity, abstract:cost): measured
// cost against size on log-log axes with the claimed bound. The families the verify run measured (each
// result's CostFamily, claims/measured_cost.h) are drawn when it has them; otherwise the depth family of
// thm:complexity:depth (the nested zig-zag) is measured here on the reference.
#include "claims/cost_families.h"
#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"
#include "tools/report/figure_common.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

// One measured series with the bound it is claimed to obey (bound values at the same sizes).
struct CostSeries {
  std::string name;         // what is measured, in full (the data table's series column)
  std::string bound_name;   // the claimed bound, in full
  std::string key;          // the legend's short name of the measured series
  std::string bound_key;    // the legend's short name of the bound
  std::string family = {};  // the input family measured ("" for the depth family)
  std::vector<Q> sizes = {}, costs = {}, bounds = {};
};

std::vector<CostSeries> depth_family(std::size_t largest) {
  CostSeries memory{"classical memory entries k after n tokens", "claimed k <= n", "memory entries k",
                    "claimed k <= n"};
  CostSeries work{"Algorithm 1 pushes + pops over n tokens, then one token above all",
                  "claimed amortised O(1) per token: 2n + 2", "Alg. 1 pushes + pops", "claimed 2n + 2"};
  CostSeries burst{"Algorithm 1 pops on that one last token", "claimed per token O(log k): log2(n) + 1",
                   "pops at the last token", "claimed log2(n) + 1"};
  for (std::size_t n = 1; n <= largest; n = n < 8 ? n + 1 : n * 2) {
    std::vector<Q> u = cost::nested_zigzag(n);
    PreisachMemory mem;
    Algorithm1 algorithm;
    std::size_t operations = 0;
    for (const Q& x : u) {
      mem.step(x);
      Algorithm1Step step = algorithm.step(x);
      operations += step.popped.size() + (step.pushed ? 1 : 0);
    }
    Algorithm1Step last = algorithm.step(Q(static_cast<long>(n + 1)));
    operations += last.popped.size() + (last.pushed ? 1 : 0);
    Q size(static_cast<long>(n));
    std::size_t log2 = 0;
    while ((std::size_t{1} << (log2 + 1)) <= n) ++log2;
    memory.sizes.push_back(size), memory.costs.push_back(Q(static_cast<long>(mem.extrema().size()))),
        memory.bounds.push_back(size);
    work.sizes.push_back(size), work.costs.push_back(Q(static_cast<long>(operations))),
        work.bounds.push_back(Q(static_cast<long>(2 * n + 2)));
    burst.sizes.push_back(size), burst.costs.push_back(Q(static_cast<long>(last.popped.size()))),
        burst.bounds.push_back(Q(static_cast<long>(log2 + 1)));
  }
  return {memory, work, burst};
}

// The series of a family a result measured (see CostFamily), named by its quantity, family and verdict.
CostSeries measured_series(const ReportResult& result) {
  const CostFamily& family = *result.result.cost;
  CostSeries s{family.quantity, "claimed " + family.bound, family.quantity, "claimed " + family.bound, family.family};
  for (const CostPoint& p : family.points)
    s.sizes.push_back(p.size), s.costs.push_back(p.cost), s.bounds.push_back(p.bound);
  s.name += (family.family.empty() ? "" : " on " + family.family) + " (" + to_string(result.result.verdict) + ")";
  s.bound_name += " for " + s.name.substr(0, s.name.find(" on "));
  return s;
}

// "1.02": two decimals of a fitted slope.
std::string two_decimals(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", x);
  return buffer;
}

// A legend entry with its slope first, so that the cut to the legend's width keeps the slope.
std::string slope_key(const std::string& key, std::optional<double> slope) {
  return slope ? "slope " + two_decimals(*slope) + ": " + key : key;
}

}  // namespace

std::optional<double> log_log_slope(const std::vector<Q>& sizes, const std::vector<Q>& costs) {
  std::vector<std::pair<double, double>> points;
  for (std::size_t i = 0; i < sizes.size() && i < costs.size(); ++i)
    if (sizes[i] > 0 && costs[i] > 0)
      points.push_back({std::log2(to_double(sizes[i])), std::log2(to_double(costs[i]))});
  if (points.size() < 2) return std::nullopt;
  double mx = 0, my = 0;
  for (const auto& [x, y] : points) mx += x, my += y;
  mx /= static_cast<double>(points.size()), my /= static_cast<double>(points.size());
  double sxy = 0, sxx = 0;
  for (const auto& [x, y] : points) sxy += (x - mx) * (y - my), sxx += (x - mx) * (x - mx);
  if (sxx == 0) return std::nullopt;
  return sxy / sxx;
}

bool is_cost_claim(const std::string& label) {
  return label.find("complexity") != std::string::npos || label.find("cost") != std::string::npos;
}

std::vector<Figure> cost_figures(const ReportClaim& claim) {
  if (!is_cost_claim(claim.claim.label)) return {};
  std::vector<CostSeries> series;
  for (const ReportResult& r : claim.results)
    if (r.result.cost) series.push_back(measured_series(r));
  bool measured_here = series.empty();
  if (measured_here) series = depth_family(256);
  // The legend names a series by its quantity, and by its family's first word too when the figure has several.
  std::set<std::string> families;
  for (const CostSeries& c : series) families.insert(c.family);
  if (families.size() > 1)
    for (CostSeries& c : series) c.key += ", " + c.family.substr(0, c.family.find('-'));
  Figure f;
  f.id = "fig5-cost";
  f.caption = std::string(
                  "Figure 5: measured cost against size n on log-log axes (points) with the claimed bound "
                  "(dashed), ") +
              (measured_here ? "measured on the reference over thm:complexity:depth's nested zig-zag "
                               "u = (n, -n, n-1, -(n-1), ...) followed by one token above every maximum."
                             : "one series per measured family of the verify run (the tables in its details; "
                               "values as printed there).");
  f.caption +=
      " Each series' slope on the log-log axes (least squares of log cost on log n; 1 is linear growth) "
      "is in the legend and the data.";
  f.data.notes.push_back("figure 5: series, n, measured cost, claimed bound at n (exact)");
  for (const CostSeries& c : series) {
    std::optional<double> measured = log_log_slope(c.sizes, c.costs), bound = log_log_slope(c.sizes, c.bounds);
    f.data.notes.push_back("fitted log-log slope of " + c.name + ": " + (measured ? two_decimals(*measured) : "none") +
                           " (claimed bound: " + (bound ? two_decimals(*bound) : "none") + ")");
  }
  f.data.header = {"series", "n", "cost", "bound"};
  std::string s = "set logscale xy 2\nset xlabel \"size n\"\nset ylabel \"cost\"\n" + detail::key_settings() +
                  "set format x \"%.0f\"\nset format y \"%.0f\"\n";
  std::string plot;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const CostSeries& c = series[i];
    std::vector<std::vector<std::string>> points, bound;
    for (std::size_t j = 0; j < c.sizes.size(); ++j) {
      f.data.rows.push_back({c.name, exact(c.sizes[j]), exact(c.costs[j]), exact(c.bounds[j])});
      // Log axes have no zero: a zero cost is drawn at 1/2 and listed exactly in the table.
      points.push_back({as_double(c.sizes[j]), c.costs[j] > 0 ? as_double(c.costs[j]) : "0.5"});
      if (c.bounds[j] > 0) bound.push_back({as_double(c.sizes[j]), as_double(c.bounds[j])});
    }
    std::string id = std::to_string(i);
    s += data_block("cost" + id, points);
    plot += std::string(plot.empty() ? "plot " : ", \\\n  ") + "$cost" + id + " using 1:2 with points pt " +
            std::to_string(7 + 2 * i) + " ps 1.2 lc " + quoted(detail::colour(i)) + " title " +
            detail::key_title(slope_key(c.key, log_log_slope(c.sizes, c.costs)));
    if (!bound.empty()) {
      s += data_block("bound" + id, bound);
      plot += ", \\\n  $bound" + id + " using 1:2 with lines dt 2 lw 1.5 lc " + quoted(detail::colour(i)) + " title " +
              detail::key_title(slope_key(c.bound_key, log_log_slope(c.sizes, c.bounds)));
    }
  }
  f.gnuplot = s + plot + "\n";
  return {f};
}

}  // namespace palcheck::report
