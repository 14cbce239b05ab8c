// Figure 1 of lem:pop_one's encoded-stack counterexample: the input that leaves the stack, then the POP
// signal M_{top-1} + 2 eps the lemma sends, marked and labelled with its exact value, against the two
// maxima it is meant to tell apart (it should remove M_top's pair and keep M_{top-1}'s, and exceeds both).
#include "reference/preisach_memory.h"
#include "tools/report/figure_common.h"

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

constexpr const char* kEncodedStack = "encoded-stack-every-reading";

const Q* single(const Instance& instance, const char* name) {
  auto it = instance.values.find(name);
  return it == instance.values.end() || it->second.size() != 1 ? nullptr : &it->second.front();
}

// A horizontal line across the plot at y, labelled at its right end.
std::string level(const std::string& text, const Q& y, const std::string& colour) {
  return "set arrow from graph 0, first " + as_double(y) + " to graph 1, first " + as_double(y) +
         " nohead dt 2 lw 1.2 lc " + quoted(colour) + "\nset label " + quoted(text) + " at graph 0.02, first " +
         as_double(y) + " offset 0, 0.6 textcolor " + quoted(colour) + " font \",9\"\n";
}

}  // namespace

std::vector<Figure> pop_signal_figures(const Instance& instance) {
  auto u_it = instance.values.find("u");
  const Q* eps = single(instance, "eps");
  if (instance.scenario != kEncodedStack || u_it == instance.values.end() || u_it->second.empty() || !eps) return {};
  const std::vector<Q>& u = u_it->second;
  PreisachMemory memory;  // the classical memory from -infinity: the stack's maxima as eq:push leaves them
  for (const Q& x : u) memory.step(x);
  std::vector<Q> maxima;
  for (std::size_t i = 0; i < memory.extrema().size(); ++i)
    if (memory.is_maximum(i)) maxima.push_back(memory.extrema()[i]);
  if (maxima.size() < 2) return {};
  const Q& top = maxima.back();
  const Q& below = maxima[maxima.size() - 2];
  Q signal = below + 2 * *eps;
  std::size_t n = u.size();
  Figure f;
  f.id = "fig1-pop";
  f.caption = "Figure 1: the input u token by token, then at n = " + std::to_string(n) +
              " the POP signal M_{top-1} + 2 eps = " + to_string(signal) +
              " (star, labelled). It should remove only the top pair (M_top = " + to_string(top) +
              ") and keep M_{top-1} = " + to_string(below) +
              " (dashed levels), yet it rises above M_{top-1}, "
              "so the rising step removes that pair too.";
  f.data.notes.push_back("figure 1 (lem:pop_one): token n, value, what it is (exact and as drawn)");
  f.data.header = {"n", "value", "value (double)", "what"};
  std::vector<std::vector<std::string>> input;
  for (std::size_t i = 0; i < n; ++i) {
    f.data.rows.push_back({std::to_string(i), exact(u[i]), as_double(u[i]), "input u_n"});
    input.push_back({std::to_string(i), as_double(u[i])});
  }
  f.data.rows.push_back({std::to_string(n), exact(signal), as_double(signal), "POP signal M_{top-1} + 2 eps"});
  std::string s = "set xlabel \"token n\"\nset ylabel \"value\"\n" + detail::key_settings() + "set xtics 1\n" +
                  "set xrange [-0.5:" + std::to_string(n) + ".5]\nset offsets 0, 0, graph 0.12, graph 0.08\n";
  s += level("M_top " + to_string(top), top, "#1f77b4") + level("M_{top-1} " + to_string(below), below, "#2ca02c");
  s += "set label " + quoted("POP signal " + to_string(signal)) + " at " + std::to_string(n) + ", " +
       as_double(signal) + " right offset -1.2, 0.9 textcolor \"#d62728\" font \",10\"\n";
  s += data_block("input", input) + data_block("signal", {{std::to_string(n), as_double(signal)}});
  f.gnuplot = s + "plot $input using 1:2 with linespoints lw 2 pt 7 lc \"gray40\" title " + detail::key_title("u_n") +
              ", \\\n  $signal using 1:2 with points pt 3 ps 3 lw 2 lc \"#d62728\" title " +
              detail::key_title("POP signal") + "\n";
  return {f};
}

}  // namespace palcheck::report
