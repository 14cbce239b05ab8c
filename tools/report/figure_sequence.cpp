// Figures 1 and 2 (def:relay, def:preisach, prop:wiping, prop:sufficiency): the headline input against
// token index with the relays involved, and the Preisach half-plane at the failing (last) token with
// every relay at a pair of input values coloured by its state and the staircase of the classical memory.
#include "reference/preisach_memory.h"
#include "tools/report/figure_common.h"

#include <algorithm>
#include <set>

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

// Relays named by the instance itself (a relay under test), as (alpha, beta) pairs.
std::vector<Thresholds> named_relays(const Instance& instance) {
  std::vector<Thresholds> relays;
  for (auto [a, b] : {std::pair{"alpha", "beta"}, std::pair{"alpha_r", "beta_r"}}) {
    auto alpha = instance.values.find(a), beta = instance.values.find(b);
    if (alpha == instance.values.end() || beta == instance.values.end()) continue;
    for (std::size_t i = 0; i < std::min(alpha->second.size(), beta->second.size()); ++i)
      if (alpha->second[i] >= beta->second[i]) relays.push_back({alpha->second[i], beta->second[i]});
  }
  return relays;
}

// The relays figure 1 follows: the named ones, else the relays between consecutive memory entries at the
// last token (at most four, the most recent), else the relay spanning the whole input.
std::vector<Thresholds> involved_relays(const Instance& instance, const std::vector<Q>& u, InitialState initial) {
  std::vector<Thresholds> relays = named_relays(instance);
  if (!relays.empty()) return relays;
  PreisachMemory memory(initial);
  for (const Q& x : u) memory.step(x);
  const std::vector<Q>& e = memory.extrema();
  for (std::size_t i = e.size() > 5 ? e.size() - 5 : 0; i + 1 < e.size(); ++i)
    relays.push_back({std::max(e[i], e[i + 1]), std::min(e[i], e[i + 1])});
  if (relays.empty()) relays.push_back({*std::max_element(u.begin(), u.end()), *std::min_element(u.begin(), u.end())});
  return relays;
}

// A token position shifted by a fraction of a token, as gnuplot reads a data field.
std::string at(std::size_t n, double shift) {
  return as_double(Q(static_cast<long>(n)) + *rational_from_double(shift));
}

std::string relay_name(const Thresholds& t) { return "(" + to_string(t.alpha) + ", " + to_string(t.beta) + ")"; }

Figure input_figure(const std::string& name, const std::vector<Q>& u, const std::vector<Thresholds>& relays,
                    InitialState initial) {
  Figure f;
  f.id = "fig1-" + name;
  std::size_t n = u.size();
  f.caption = "Figure 1 (" + name + "): the input " + name +
              " against token index n, the thresholds of the relays "
              "involved (alpha dashed, beta dotted) and each relay's state as a band under the plot (filled: on); "
              "the dotted vertical line marks the failing token n = " +
              std::to_string(n - 1) + ".";
  std::vector<std::vector<RelayState>> states;
  for (const Thresholds& t : relays) states.push_back(run_relay(t, u, initial));

  f.data.notes.push_back("figure 1: input " + name + " and relay states; initial relay state " +
                         std::to_string(static_cast<int>(initial)));
  for (std::size_t r = 0; r < relays.size(); ++r)
    f.data.notes.push_back("relay " + std::to_string(r + 1) + ": alpha = " + to_string(relays[r].alpha) +
                           ", beta = " + to_string(relays[r].beta));
  f.data.header = {"n", name, name + " (double)"};
  for (std::size_t r = 0; r < relays.size(); ++r) f.data.header.push_back("relay " + std::to_string(r + 1));
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::string> row{std::to_string(i), exact(u[i]), as_double(u[i])};
    for (const auto& s : states) row.push_back(std::to_string(s[i]));
    f.data.rows.push_back(row);
  }

  Q lo = *std::min_element(u.begin(), u.end()), hi = *std::max_element(u.begin(), u.end());
  for (const Thresholds& t : relays) lo = std::min(lo, t.beta), hi = std::max(hi, t.alpha);
  Q span = hi > lo ? Q(hi - lo) : Q(1);
  Q band = span / 6;
  Q bottom = lo - band * static_cast<long>(relays.size() + 1);
  std::string s = "set xlabel \"token n\"\nset ylabel \"value\"\n" + detail::key_settings();
  s += "set xrange [-0.5:" + std::to_string(n) + "-0.5]\nset yrange [" + as_double(bottom) + ":" +
       as_double(hi + band) + "]\nset xtics 1\n";
  s += "set arrow from " + std::to_string(n - 1) + ", graph 0 to " + std::to_string(n - 1) + ", graph 1 nohead dt 3\n";
  std::vector<std::vector<std::string>> input;
  for (std::size_t i = 0; i < n; ++i) input.push_back({std::to_string(i), as_double(u[i])});
  s += data_block("input", input);
  std::string plot =
      "plot $input using 1:2 with linespoints lw 2 pt 7 lc \"black\" title " + detail::key_title(name + "_n");
  for (std::size_t r = 0; r < relays.size(); ++r) {
    std::string id = std::to_string(r + 1);
    const std::string& c = detail::colour(r);
    s += data_block("alpha" + id, {{"-0.5", as_double(relays[r].alpha)}, {at(n, -0.5), as_double(relays[r].alpha)}});
    s += data_block("beta" + id, {{"-0.5", as_double(relays[r].beta)}, {at(n, -0.5), as_double(relays[r].beta)}});
    Q top = lo - band * static_cast<long>(r) - band / 4, low = top - band / 2;
    std::vector<std::vector<std::string>> on, off;
    for (std::size_t i = 0; i < n; ++i)
      (states[r][i] ? on : off)
          .push_back({std::to_string(i), as_double((top + low) / 2), at(i, -0.45), at(i, 0.45), as_double(low),
                      as_double(top)});
    s += "set label " + quoted("relay " + id + " " + relay_name(relays[r])) + " at -0.45, " +
         as_double(top + band / 6) + " left font \",9\"\n";
    plot += ", \\\n  $alpha" + id + " using 1:2 with lines dt 2 lw 1.5 lc " + quoted(c) + " title " +
            quoted("alpha " + id + " = " + to_string(relays[r].alpha));
    plot += ", \\\n  $beta" + id + " using 1:2 with lines dt 3 lw 1.5 lc " + quoted(c) + " title " +
            quoted("beta " + id + " = " + to_string(relays[r].beta));
    if (!on.empty()) {
      s += data_block("on" + id, on);
      plot += ", \\\n  $on" + id + " using 1:2:3:4:5:6 with boxxyerror fs solid 0.8 lc " + quoted(c) + " notitle";
    }
    if (!off.empty()) {
      s += data_block("off" + id, off);
      plot += ", \\\n  $off" + id + " using 1:2:3:4:5:6 with boxxyerror fs empty lc " + quoted(c) + " notitle";
    }
  }
  f.gnuplot = s + plot + "\n";
  return f;
}

// The staircase of the memory in the (beta, alpha) plane: a maximum sets the alpha of a horizontal run,
// a minimum the beta of a vertical one; it starts at the plot's edge and ends on the diagonal at the input.
std::vector<std::pair<Q, Q>> staircase(const PreisachMemory& memory, const Q& left, const Q& top) {
  const std::vector<Q>& e = memory.extrema();
  std::vector<std::pair<Q, Q>> points;  // (beta, alpha)
  if (e.empty()) return points;
  Q beta = left, alpha = top;
  if (memory.is_maximum(0))
    alpha = e[0];
  else
    beta = e[0];
  points.emplace_back(beta, alpha);
  for (std::size_t i = 1; i < e.size(); ++i) {
    if (memory.is_maximum(i))
      alpha = e[i];
    else
      beta = e[i];
    points.emplace_back(beta, alpha);
  }
  points.emplace_back(e.back(), e.back());
  return points;
}

Figure plane_figure(const std::string& name, const std::vector<Q>& u, const std::vector<Thresholds>& named,
                    InitialState initial) {
  Figure f;
  f.id = "fig2-" + name;
  std::set<Q> values(u.begin(), u.end());
  for (const Thresholds& t : named) values.insert(t.alpha), values.insert(t.beta);
  std::vector<Thresholds> relays;
  for (auto a = values.rbegin(); a != values.rend(); ++a)
    for (const Q& b : values)
      if (b <= *a) relays.push_back({*a, b});
  PreisachMemory memory(initial);
  for (const Q& x : u) memory.step(x);
  Q lo = *values.begin(), hi = *values.rbegin();
  Q pad = hi > lo ? Q((hi - lo) / 8) : Q(1);
  std::vector<std::pair<Q, Q>> stair = staircase(memory, lo - pad, hi + pad);
  f.caption = "Figure 2 (" + name +
              "): the Preisach half-plane alpha >= beta at the failing token n = " + std::to_string(u.size() - 1) +
              ": every relay whose thresholds are input values (or the relay under "
              "test), filled when on, open when off, and the staircase drawn from the classical memory " +
              detail::exact_list(memory.extrema()) + ".";
  f.data.notes.push_back("figure 2: relay states of " + name + " at token " + std::to_string(u.size() - 1) +
                         " and the memory's staircase (beta, alpha); initial relay state " +
                         std::to_string(static_cast<int>(initial)));
  f.data.notes.push_back("classical memory: " + detail::exact_list(memory.extrema()));
  f.data.header = {"kind", "alpha", "beta", "alpha (double)", "beta (double)", "state"};
  std::vector<std::vector<std::string>> on, off, line;
  for (const Thresholds& t : relays) {
    RelayState state = run_relay(t, u, initial).back();
    if (state != memory.relay_state(t))
      throw std::logic_error("report: relay " + relay_name(t) + " read from the memory differs from its run");
    f.data.rows.push_back(
        {"relay", exact(t.alpha), exact(t.beta), as_double(t.alpha), as_double(t.beta), std::to_string(state)});
    (state ? on : off).push_back({as_double(t.beta), as_double(t.alpha)});
  }
  for (const auto& [b, a] : stair) {
    f.data.rows.push_back({"staircase", exact(a), exact(b), as_double(a), as_double(b), ""});
    line.push_back({as_double(b), as_double(a)});
  }
  std::string s = "set xlabel \"beta\"\nset ylabel \"alpha\"\nset size ratio -1\n" + detail::key_settings();
  s += "set xrange [" + as_double(lo - pad) + ":" + as_double(hi + pad) + "]\nset yrange [" + as_double(lo - pad) +
       ":" + as_double(hi + pad) + "]\n";
  s += data_block("diagonal", {{as_double(lo - pad), as_double(lo - pad)}, {as_double(hi + pad), as_double(hi + pad)}});
  s += data_block("stair", line);
  std::string plot = "plot $diagonal using 1:2 with lines lc \"gray\" title " + detail::key_title("alpha = beta") +
                     ", \\\n"
                     "  $stair using 1:2 with lines lw 2 lc \"black\" title " +
                     detail::key_title("memory staircase");
  if (!on.empty()) {
    s += data_block("on", on);
    plot += ", \\\n  $on using 1:2 with points pt 7 ps 1.4 lc \"#d62728\" title " + detail::key_title("relay on");
  }
  if (!off.empty()) {
    s += data_block("off", off);
    plot += ", \\\n  $off using 1:2 with points pt 6 ps 1.4 lc \"#1f77b4\" title " + detail::key_title("relay off");
  }
  f.gnuplot = s + plot + "\n";
  return f;
}

}  // namespace

std::vector<Figure> sequence_figures(const Instance& instance) {
  std::vector<Figure> figures;
  InitialState initial = detail::initial_state(instance);
  for (const char* name : {"u", "v"}) {
    auto it = instance.values.find(name);
    if (it == instance.values.end() || it->second.empty()) continue;
    std::vector<Thresholds> relays = involved_relays(instance, it->second, initial);
    figures.push_back(input_figure(name, it->second, relays, initial));
    figures.push_back(plane_figure(name, it->second, named_relays(instance), initial));
  }
  return figures;
}

std::vector<Figure> other_sequence_figures(const Instance& instance) {
  if (instance.values.count("u")) return {};
  Figure f;
  f.id = "fig1-lists";
  f.caption =
      "Figure 1: the instance's lists of numbers against their index (this instance has no relay input "
      "sequence u; parameters of models are in the exact values above).";
  f.data.notes.push_back("figure 1: every list of two or more numbers of the instance, by index");
  f.data.header = {"list", "index", "value", "value (double)"};
  std::string s = "set xlabel \"index\"\nset ylabel \"value\"\n" + detail::key_settings();
  std::string plot;
  std::size_t series = 0;
  for (const auto& [name, list] : instance.values) {
    if (list.size() < 2 || name.find('.') != std::string::npos) continue;
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < list.size(); ++i) {
      f.data.rows.push_back({name, std::to_string(i), exact(list[i]), as_double(list[i])});
      rows.push_back({std::to_string(i), as_double(list[i])});
    }
    std::string block = "list" + std::to_string(series);
    s += data_block(block, rows);
    plot += std::string(plot.empty() ? "plot " : ", \\\n  ") + "$" + block + " using 1:2 with linespoints lw 2 pt " +
            std::to_string(5 + 2 * (series % 4)) + " lc " + quoted(detail::colour(series)) + " title " +
            detail::key_title(name);
    ++series;
  }
  if (series == 0) return {};
  f.gnuplot = s + plot + "\n";
  return {f};
}

}  // namespace palcheck::report
