// Figure 5 (thm:complexity, thm:complexity:depth, prop:complexity, tab:complexity): measured cost against
// size on log-log axes with the claimed bound. A result's own measured family ("cost_family": {"name",
// "size", "cost", "bound", "points": [[size, cost], ...]}) is drawn when the verify JSON carries one;
// otherwise the depth family of thm:complexity:depth (the nested zig-zag) is measured on the reference.
#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"
#include "tools/report/figure_common.h"

#include <algorithm>

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

// One measured series with the bound it is claimed to obey (bound values at the same sizes).
struct CostSeries {
  std::string name;        // what is measured
  std::string bound_name;  // the claimed bound, e.g. "k <= n"
  std::vector<Q> sizes, costs, bounds;
};

// The nested zig-zag of n tokens: n, -n, n-1, -(n-1), ... (thm:complexity:depth's witness family).
std::vector<Q> nested_zigzag(std::size_t n) {
  std::vector<Q> u;
  for (std::size_t t = 0; t < n; ++t) {
    Q amplitude(static_cast<long>(n - t / 2));
    u.push_back(t % 2 == 0 ? amplitude : Q(-amplitude));
  }
  return u;
}

std::vector<CostSeries> depth_family(std::size_t largest) {
  CostSeries memory{"classical memory entries k after n tokens", "claimed k <= n", {}, {}, {}};
  CostSeries work{"Algorithm 1 pushes + pops over n tokens, then one token above all",
                  "claimed amortised O(1) per token: 2n + 2",
                  {},
                  {},
                  {}};
  CostSeries burst{"Algorithm 1 pops on that one last token", "claimed per token O(log k): log2(n) + 1", {}, {}, {}};
  for (std::size_t n = 1; n <= largest; n = n < 8 ? n + 1 : n * 2) {
    std::vector<Q> u = nested_zigzag(n);
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

// A result's own family, if the verify JSON carries one.
std::vector<CostSeries> json_family(const nlohmann::json& results) {
  std::vector<CostSeries> series;
  for (const nlohmann::json& r : results) {
    auto family = r.find("cost_family");
    if (family == r.end() || !family->is_object() || !family->contains("points")) continue;
    CostSeries s{
        family->value("name", std::string("cost")), family->value("bound", std::string("claimed bound")), {}, {}, {}};
    for (const nlohmann::json& p : (*family)["points"]) {
      if (!p.is_array() || p.size() < 2) continue;
      auto number = [](const nlohmann::json& v) {
        return v.is_string() ? parse_rational(v.get<std::string>()) : rational_from_double(v.get<double>());
      };
      std::optional<Q> size = number(p[0]), cost = number(p[1]);
      std::optional<Q> bound = p.size() > 2 ? number(p[2]) : std::nullopt;
      if (!size || !cost || *size <= 0) continue;
      s.sizes.push_back(*size), s.costs.push_back(*cost), s.bounds.push_back(bound ? *bound : Q(0));
    }
    if (!s.sizes.empty()) series.push_back(s);
  }
  return series;
}

}  // namespace

bool is_cost_claim(const std::string& label) {
  return label.find("complexity") != std::string::npos || label.find("cost") != std::string::npos;
}

std::vector<Figure> cost_figures(const ReportClaim& claim) {
  if (!is_cost_claim(claim.claim.label)) return {};
  std::vector<CostSeries> series = json_family(claim.results());
  bool measured_here = series.empty();
  if (measured_here) series = depth_family(256);
  Figure f;
  f.id = "fig5-cost";
  f.caption = std::string(
                  "Figure 5: measured cost against size n on log-log axes (points) with the claimed bound "
                  "(dashed), ") +
              (measured_here ? "measured on the reference over thm:complexity:depth's nested zig-zag "
                               "u = (n, -n, n-1, -(n-1), ...) followed by one token above every maximum."
                             : "from the verify run's measured family.");
  f.data.notes.push_back("figure 5: series, n, measured cost, claimed bound at n (exact)");
  f.data.header = {"series", "n", "cost", "bound"};
  std::string s =
      "set logscale xy 2\nset xlabel \"size n\"\nset ylabel \"cost\"\nset key outside below\n"
      "set format x \"%g\"\nset format y \"%g\"\n";
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
            std::to_string(7 + 2 * i) + " ps 1.2 lc " + quoted(detail::colour(i)) + " title " + quoted(c.name);
    if (!bound.empty()) {
      s += data_block("bound" + id, bound);
      plot += ", \\\n  $bound" + id + " using 1:2 with lines dt 2 lw 1.5 lc " + quoted(detail::colour(i)) + " title " +
              quoted(c.bound_name);
    }
  }
  f.gnuplot = s + plot + "\n";
  return {f};
}

}  // namespace palcheck::report
