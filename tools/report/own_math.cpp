// Formulas in palcheck's own sentences (see own_math.h).
#include "tools/report/own_math.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string_view>

namespace palcheck::report {
namespace {

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Letter names TeX writes with a backslash.
bool is_tex_name(std::string_view name) {
  static constexpr std::array<std::string_view, 27> names{"alpha", "beta", "gamma", "delta",  "Delta", "epsilon", "eps",
                                                          "zeta",  "eta",  "theta", "lambda", "mu",    "nu",      "xi",
                                                          "pi",    "Pi",   "rho",   "sigma",  "Sigma", "tau",     "phi",
                                                          "Phi",   "chi",  "psi",   "omega",  "Omega", "sum"};
  return std::find(names.begin(), names.end(), name) != names.end();
}

// A run of letters inside a formula: a TeX name with its backslash, a name of several letters upright.
std::string letters_tex(std::string_view run, bool in_script) {
  if (run == "eps") return "\\varepsilon ";
  if (is_tex_name(run)) return "\\" + std::string(run) + " ";
  if (run.size() == 1 || (in_script && run.size() == 2)) return std::string(run);
  return "\\mathrm{" + std::string(run) + "}";
}

// The end of a bracketed script starting at `open` ('{' or '('), past its closing bracket; nullopt if unclosed.
std::optional<std::size_t> bracket_end(const std::string& s, std::size_t open) {
  char o = s[open], c = o == '{' ? '}' : ')';
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    depth += s[i] == o ? 1 : s[i] == c ? -1 : 0;
    if (depth == 0) return i + 1;
  }
  return std::nullopt;
}

// The inside of a script or a base, in TeX: letter runs as above, >= <= -> and " x " as symbols.
std::string inner_tex(std::string_view s, bool in_script) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (is_alpha(s[i])) {
      std::size_t j = i;
      while (j < s.size() && is_alpha(s[j])) ++j;
      std::string_view run = s.substr(i, j - i);
      bool times = run == "x" && i > 0 && s[i - 1] == ' ' && j < s.size() && s[j] == ' ';
      out += times ? "\\times " : letters_tex(run, in_script);
      i = j;
    } else if (s.substr(i, 2) == "^(") {
      // A parenthesised superscript inside a script, as at the top level: mu^(h) -> \mu^{(h)}.
      std::size_t open = i + 1, depth = 0, close = open;
      for (; close < s.size(); ++close) {
        depth += s[close] == '(' ? 1 : s[close] == ')' ? -1 : 0;
        if (depth == 0) break;
      }
      if (close == s.size()) {
        out += s[i++];
        continue;
      }
      out += "^{(" + inner_tex(s.substr(open + 1, close - open - 1), true) + ")}";
      i = close + 1;
    } else if (s.substr(i, 2) == ">=") {
      out += "\\ge ", i += 2;
    } else if (s.substr(i, 2) == "<=") {
      out += "\\le ", i += 2;
    } else if (s.substr(i, 2) == "->") {
      out += "\\to ", i += 2;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// The formula starting at `start` (a letter not inside an identifier): its end and TeX, or nullopt.
std::optional<std::pair<std::size_t, std::string>> formula_at(const std::string& s, std::size_t start) {
  std::size_t i = start;
  while (i < s.size() && is_alpha(s[i])) ++i;
  std::string tex = letters_tex(std::string_view(s).substr(start, i - start), false);
  std::size_t scripts = 0;
  while (i + 1 < s.size() && (s[i] == '_' || s[i] == '^')) {
    char mark = s[i];
    std::size_t body = i + 1;
    if (s[body] == '{' || (mark == '^' && s[body] == '(')) {
      std::optional<std::size_t> end = bracket_end(s, body);
      if (!end) return std::nullopt;
      std::string_view inside = std::string_view(s).substr(body + 1, *end - body - 2);
      std::string script = inner_tex(inside, true);
      tex += std::string(1, mark) + "{" + (s[body] == '(' ? "(" + script + ")" : script) + "}";
      i = *end;
    } else {
      std::size_t end = body;
      while (end < s.size() && is_alnum(s[end])) ++end;
      if (end == body || end - body > 3 || (end < s.size() && s[end] == '_')) return std::nullopt;
      tex += std::string(1, mark) + "{" + inner_tex(std::string_view(s).substr(body, end - body), true) + "}";
      i = end;
    }
    ++scripts;
  }
  if (scripts == 0) return std::nullopt;
  if (i < s.size() && (is_alnum(s[i]) || s[i] == '_')) return std::nullopt;
  if (i + 1 < s.size() && s[i] == '.' && is_alpha(s[i + 1])) return std::nullopt;
  std::string_view whole = std::string_view(s).substr(start, i - start);
  if (whole.find_first_of("#$%&~\\") != std::string_view::npos) return std::nullopt;
  // A space matters in TeX only between a command and a letter: drop the others.
  std::string tidy;
  for (std::size_t k = 0; k < tex.size(); ++k)
    if (tex[k] != ' ' || (k + 1 < tex.size() && is_alpha(tex[k + 1]) && !tidy.empty() && tidy.back() != ' '))
      tidy += tex[k];
  return std::make_pair(i, tidy);
}

}  // namespace

std::vector<TextPiece> own_math(const std::string& sentence) {
  std::vector<TextPiece> out;
  auto words = [&](std::string_view w) {
    if (w.empty()) return;
    if (!out.empty() && out.back().kind == PieceKind::Words)
      out.back().text += w;
    else
      out.push_back({PieceKind::Words, std::string(w)});
  };
  std::size_t i = 0;
  while (i < sentence.size()) {
    char before = i == 0 ? ' ' : sentence[i - 1];
    bool starts =
        is_alpha(sentence[i]) && !is_alnum(before) && std::string_view("_:/\\").find(before) == std::string_view::npos;
    std::size_t word_end = i;
    while (word_end < sentence.size() && (is_alnum(sentence[word_end]) || sentence[word_end] == '_')) ++word_end;
    if (word_end == i) word_end = i + 1;
    if (starts)
      if (auto formula = formula_at(sentence, i)) {
        out.push_back({PieceKind::Formula, formula->second});
        i = formula->first;
        continue;
      }
    words(std::string_view(sentence).substr(i, word_end - i));
    i = word_end;
  }
  return out;
}

}  // namespace palcheck::report
