// Figure 4 for the encoding lemmas (def:encoding, def:encoding:grid, lem:stack_ops TOP): the codes
// code*(a_i, d) of the headline's parameters on the value axis at the symbol they encode, with what the
// printed TOP decoder and the nearest-code reading return for the PUSH maximum code* + eps, and the lowest
// threshold Delta of def:pal's grid.
#include "reference/models/encoding_cantor.h"
#include "tools/report/figure_common.h"

#include <algorithm>

namespace palcheck::report {
namespace {

using detail::data_block;
using detail::quoted;

// The named scalar, or none: a headline without one leaves the figure out rather than the report refused.
std::optional<Q> optional_scalar(const Instance& instance, const std::string& key) {
  auto it = instance.values.find(key);
  if (it == instance.values.end() || it->second.size() != 1) return std::nullopt;
  return it->second.front();
}

int small_int(const Q& q, int lo, int hi) {
  return std::clamp(static_cast<int>(boost::multiprecision::numerator(q).convert_to<long>()), lo, hi);
}

// The plotted points: each code at its symbol index, and the symbols both decoders read from code* + eps.
struct EncodingPoints {
  std::vector<std::vector<std::string>> codes, printed, nearest, headline;
  Q lo, hi;  ///< the values' range, with Delta
};

// One data row per code (i, d) for d <= depth into `rows`, the headline (head_i, head_d) marked, and the points.
EncodingPoints encoding_points(const CantorEncoding& enc, const Q& eps, int depth, int head_i, int head_d,
                               std::vector<std::vector<std::string>>& rows) {
  EncodingPoints pts{{}, {}, {}, {}, enc.delta, enc.delta};
  for (int dd = 0; dd <= depth; ++dd)
    for (int ii = 1; ii <= enc.k; ++ii) {
      Q code = enc.code(ii, dd), pushed = code + eps;
      int p = enc.decode_printed(pushed), n = enc.decode_nearest(pushed);
      bool is_head = ii == head_i && dd == head_d;
      rows.push_back({std::to_string(ii), std::to_string(dd), exact(code), exact(pushed), std::to_string(p),
                      std::to_string(n), is_head ? "yes" : ""});
      pts.lo = std::min({pts.lo, code, pushed}), pts.hi = std::max({pts.hi, code, pushed});
      pts.codes.push_back({as_double(code), std::to_string(ii)});
      pts.printed.push_back({as_double(pushed), std::to_string(p)});
      pts.nearest.push_back({as_double(pushed), std::to_string(n)});
      if (is_head) pts.headline.push_back({as_double(code), std::to_string(ii)});
    }
  return pts;
}

// The gnuplot script: the points, the lowest grid threshold Delta dashed.
std::string encoding_script(const EncodingPoints& pts, const Q& delta) {
  std::string s = std::string("set xlabel \"value (a maximum M of the memory)\"\nset ylabel \"symbol index\"\n") +
                  detail::key_settings() + "set ytics 1\nset offsets 0, 0, 0.5, 0.5\n";
  Q pad = (pts.hi - pts.lo) / 10 + delta / 4;
  s += "set xrange [" + as_double(pts.lo - pad) + ":" + as_double(pts.hi + pad) + "]\n";
  s += "set arrow from " + as_double(delta) + ", graph 0 to " + as_double(delta) +
       ", graph 1 nohead dt 2 lc \"gray40\"\n";
  s += data_block("codes", pts.codes) + data_block("printed", pts.printed) + data_block("nearest", pts.nearest);
  std::string plot = "plot $codes using 1:2 with points pt 6 ps 2 lc \"black\" title " +
                     detail::key_title("code*(a_i, d) at i") +
                     ", \\\n"
                     "  $printed using 1:2 with points pt 4 ps 1.4 lc \"#d62728\" title " +
                     detail::key_title("printed TOP of code* + eps") +
                     ", \\\n"
                     "  $nearest using 1:2 with points pt 2 ps 1.4 lc \"#1f77b4\" title " +
                     detail::key_title("nearest TOP of code* + eps");
  if (!pts.headline.empty()) {
    s += data_block("headline", pts.headline);
    plot +=
        ", \\\n  $headline using 1:2 with points pt 7 ps 2 lc \"black\" title " + detail::key_title("headline code");
  }
  return s + plot + "\n";
}

}  // namespace

std::vector<Figure> encoding_figures(const Instance& instance) {
  if (instance.scenario != "z3-top-decode" && instance.scenario != "z3-code-below-grid") return {};
  std::optional<Q> k = optional_scalar(instance, "k"), d_max = optional_scalar(instance, "D_max"),
                   delta = optional_scalar(instance, "Delta"), i = optional_scalar(instance, "i"),
                   d = optional_scalar(instance, "d");
  if (!k || !d_max || !delta || !i || !d || *delta <= 0) return {};
  Q eps = optional_scalar(instance, "eps").value_or(Q(0));
  CantorEncoding enc{small_int(*k, 1, 8), small_int(*d_max, 0, 8), *delta};
  int depth = std::max({enc.d_max, small_int(*d, 0, 8), 1});
  int head_i = small_int(*i, 1, enc.k), head_d = small_int(*d, 0, 8);
  Figure f;
  f.id = "fig4-encoding";
  f.caption = "Figure 4 (encoding): code*(a_i, d) for k = " + std::to_string(enc.k) +
              ", D_max = " + std::to_string(enc.d_max) + ", Delta = " + to_string(enc.delta) +
              " at the symbol index i it encodes "
              "(circles), and the symbol the printed TOP decoder (squares) and the nearest-code reading (crosses) "
              "read from the PUSH maximum code* + eps, eps = " +
              to_string(eps) + "; the headline code (i = " + std::to_string(head_i) +
              ", d = " + std::to_string(head_d) +
              ") is filled; the dashed line is the "
              "lowest grid threshold Delta of def:pal.";
  f.data.notes.push_back("figure 4 (encoding): k = " + std::to_string(enc.k) +
                         ", D_max = " + std::to_string(enc.d_max) + ", Delta = " + to_string(enc.delta) +
                         ", eps = " + to_string(eps) + ", C_max = " + to_string(enc.c_max()));
  f.data.header = {"i", "d", "code*(a_i, d)", "code* + eps", "printed TOP", "nearest TOP", "headline"};
  EncodingPoints pts = encoding_points(enc, eps, depth, head_i, head_d, f.data.rows);
  f.gnuplot = encoding_script(pts, enc.delta);
  return {f};
}

}  // namespace palcheck::report
