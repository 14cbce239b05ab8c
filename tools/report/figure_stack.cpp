// Figure 3 (alg:stack, def:stack, prop:sufficiency, lem:pop_one): Algorithm 1's stack as printed beside
// the classical memory, token by token, on the headline input under the headline's reading.
#include "reference/algorithm1.h"
#include "reference/preisach_memory.h"
#include "tools/report/figure_common.h"

#include <set>

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

// The Algorithm 1 reading the instance names ("algorithm1" option, or "stack" = "algorithm1:<reading>").
std::optional<Algorithm1Options> named_algorithm1_reading(const Instance& instance) {
  std::string name;
  if (auto it = instance.options.find("algorithm1"); it != instance.options.end())
    name = it->second;
  else if (auto s = instance.options.find("stack");
           s != instance.options.end() && s->second.rfind("algorithm1:", 0) == 0)
    name = s->second.substr(11);
  if (name.empty()) return std::nullopt;
  for (FirstInput first : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast last : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) {
      Algorithm1Options options{first, last};
      if (to_string(options) == name) return options;
    }
  return std::nullopt;
}

std::string pairs(const std::vector<StackPair>& stack) {
  std::string out = "[";
  for (std::size_t i = 0; i < stack.size(); ++i)
    out += (i ? ", (" : "(") + to_string(stack[i].M) + ", " + to_string(stack[i].m) + ")";
  return out + "]";
}

}  // namespace

std::vector<Figure> stack_figures(const Instance& instance) {
  auto u_it = instance.values.find("u");
  std::optional<Algorithm1Options> options = named_algorithm1_reading(instance);
  if (u_it == instance.values.end() || u_it->second.empty() || !options) return {};
  const std::vector<Q>& u = u_it->second;
  Figure f;
  f.id = "fig3-u";
  f.caption = "Figure 3: Algorithm 1's stack (reading " + to_string(*options) +
              "; M up-triangles, m down-triangles, the pairs of a stack side by side from the bottom, so that "
              "equal pairs stay apart) beside the classical memory (open circles) after each token of u; where they "
              "disagree the stack "
              "holds values the memory does not.";
  f.data.notes.push_back(
      "figure 3: after each token n, the classical memory (oldest first) and Algorithm 1's stack "
      "(bottom first) under " +
      to_string(*options));
  f.data.header = {"n", "u", "memory", "algorithm 1 stack", "same values"};
  PreisachMemory memory(detail::initial_state(instance));
  Algorithm1 algorithm(*options);
  std::vector<std::vector<std::string>> mem_points, max_points, min_points, input;
  for (std::size_t n = 0; n < u.size(); ++n) {
    memory.step(u[n]);
    algorithm.step(u[n]);
    std::set<Q> stack_values, memory_values(memory.extrema().begin(), memory.extrema().end());
    // Pair j of k drawn at its own abscissa across the token's slot, bottom left: equal pairs stay apart.
    const std::vector<StackPair>& stack = algorithm.stack();
    for (std::size_t j = 0; j < stack.size(); ++j) {
      const StackPair& p = stack[j];
      stack_values.insert(p.M), stack_values.insert(p.m);
      Q x = Q(static_cast<long>(n)) - Q(3, 10) +
            Q(3, 5) * Q(static_cast<long>(2 * j + 1), static_cast<long>(2 * stack.size()));
      max_points.push_back({as_double(x), as_double(p.M)});
      min_points.push_back({as_double(x), as_double(p.m)});
    }
    for (const Q& e : memory.extrema()) mem_points.push_back({std::to_string(n), as_double(e)});
    input.push_back({std::to_string(n), as_double(u[n])});
    f.data.rows.push_back({std::to_string(n), exact(u[n]), detail::exact_list(memory.extrema()),
                           pairs(algorithm.stack()), stack_values == memory_values ? "yes" : "no"});
  }
  std::string s = "set xlabel \"token n\"\nset ylabel \"value\"\n" + detail::key_settings() + "set xtics 1\n";
  s += "set xrange [-0.5:" + std::to_string(u.size()) + "-0.5]\nset offsets 0, 0, graph 0.08, graph 0.08\n";
  s += data_block("input", input) + data_block("memory", mem_points);
  std::string plot = "plot $input using 1:2 with lines lc \"gray\" dt 2 title " + detail::key_title("u_n") +
                     ", \\\n"
                     "  $memory using 1:2 with points pt 6 ps 2.2 lc \"black\" title " +
                     detail::key_title("classical memory");
  if (!max_points.empty()) {
    s += data_block("stackM", max_points) + data_block("stackm", min_points);
    plot += ", \\\n  $stackM using 1:2 with points pt 9 ps 1.3 lc \"#d62728\" title " + detail::key_title("stack M") +
            ", \\\n"
            "  $stackm using 1:2 with points pt 11 ps 1.3 lc \"#1f77b4\" title " +
            detail::key_title("stack m");
  }
  f.gnuplot = s + plot + "\n";
  return {f};
}

}  // namespace palcheck::report
