// The paper's TeX: title, statements by label, section headings (see paper_tex.h).
#include "tools/report/paper_tex.h"

#include <fstream>
#include <sstream>

namespace palcheck::report {
namespace {

// The balanced {...} group starting at text[open] == '{', without the braces.
std::optional<std::string> braced(const std::string& text, std::size_t open) {
  if (open >= text.size() || text[open] != '{') return std::nullopt;
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
      continue;
    }
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return std::nullopt;
}

// The sectioning command (\section, \subsection, \section*) that directly precedes `at`, if any.
std::optional<std::size_t> heading_before(const std::string& text, std::size_t at) {
  std::size_t line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
  std::size_t previous = line_start == std::string::npos ? 0 : text.rfind('\n', line_start == 0 ? 0 : line_start - 1);
  std::size_t from = previous == std::string::npos ? 0 : previous;
  std::size_t hit = text.find("section", from);
  if (hit == std::string::npos || hit >= at) return std::nullopt;
  std::size_t slash = text.rfind('\\', hit);
  return slash == std::string::npos || slash < from ? std::nullopt : std::optional<std::size_t>(slash);
}

}  // namespace

PaperTex PaperTex::load(const std::string& path) {
  PaperTex paper;
  std::ifstream in(path, std::ios::binary);
  if (!in) return paper;
  std::ostringstream text;
  text << in.rdbuf();
  paper.text_ = text.str();
  return paper;
}

std::optional<std::string> PaperTex::title() const {
  std::size_t at = text_.find("\\title{");
  if (at == std::string::npos) return std::nullopt;
  return braced(text_, at + 6);
}

std::optional<std::size_t> PaperTex::position(const std::string& label) const {
  std::size_t at = text_.find("\\label{" + label + "}");
  return at == std::string::npos ? std::nullopt : std::optional<std::size_t>(at);
}

std::optional<std::string> PaperTex::section_title(const std::string& label) const {
  std::optional<std::size_t> at = position(label);
  if (!at) return std::nullopt;
  std::optional<std::size_t> heading = heading_before(text_, *at);
  if (!heading) return std::nullopt;
  return braced(text_, text_.find('{', *heading));
}

std::optional<std::string> PaperTex::statement(const std::string& label) const {
  std::optional<std::size_t> at = position(label);
  if (!at) return std::nullopt;
  if (std::optional<std::size_t> heading = heading_before(text_, *at)) {
    std::size_t end = text_.find('\n', *at);
    return text_.substr(*heading, (end == std::string::npos ? text_.size() : end) - *heading);
  }
  // The innermost environment that encloses the label: walk back over \begin's until one is still open.
  std::size_t search = *at;
  while (search > 0) {
    std::size_t begin = text_.rfind("\\begin{", search - 1);
    if (begin == std::string::npos) break;
    std::optional<std::string> env = braced(text_, begin + 6);
    search = begin;
    if (!env) continue;
    std::string close = "\\end{" + *env + "}";
    std::size_t end = text_.find(close, begin);
    if (end == std::string::npos || end < *at) continue;
    return text_.substr(begin, end + close.size() - begin);
  }
  return std::nullopt;
}

}  // namespace palcheck::report
