// The paper's TeX: title, statements by label, section headings (see paper_tex.h).
#include "tools/report/paper_tex.h"

#include "oracle/formats/input_file.h"
#include "tools/report/tex_group.h"
#include "tools/report/tex_text.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

namespace palcheck::report {
namespace {

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
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error(path + ": a folder, not a TeX file");
  if (::access(path.c_str(), R_OK) != 0) throw std::runtime_error(path + ": cannot read it");
  paper.text_ = oracle::read_source(path);
  if (paper.text_.empty()) throw std::runtime_error(path + ": empty");
  paper.numbers_ = tex_numbers(paper.text_);
  return paper;
}

std::vector<std::pair<std::string, std::string>> PaperTex::macros() const {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t preamble_end = std::min(text_.find("\\begin{document}"), text_.size());
  // A macro name, as \name or {\name}, at `at`; moves `at` past it.
  auto name_at = [&](std::size_t& at) -> std::optional<std::string> {
    while (at < preamble_end && (text_[at] == ' ' || text_[at] == '\n')) ++at;
    if (at < preamble_end && text_[at] == '{') {
      std::optional<std::string> inner = braced_group(text_, at);
      if (!inner) return std::nullopt;
      at += inner->size() + 2;
      return *inner;
    }
    std::size_t start = at;
    if (at < preamble_end && text_[at] == '\\') ++at;
    while (at < preamble_end && std::isalpha(static_cast<unsigned char>(text_[at]))) ++at;
    return at > start + 1 ? std::optional<std::string>(text_.substr(start, at - start)) : std::nullopt;
  };
  for (std::size_t at = 0; (at = text_.find('\\', at)) < preamble_end;) {
    std::size_t word = at + 1;
    while (word < preamble_end && std::isalpha(static_cast<unsigned char>(text_[word]))) ++word;
    std::string command = text_.substr(at + 1, word - at - 1);
    bool star = word < preamble_end && text_[word] == '*';
    std::size_t next = word + (star ? 1 : 0);
    at = word;
    if (command != "newcommand" && command != "renewcommand" && command != "DeclareMathOperator") continue;
    std::optional<std::string> name = name_at(next);
    if (!name || name->empty() || (*name)[0] != '\\') continue;
    while (next < preamble_end && text_[next] == '[') next = text_.find(']', next) + 1;  // argument count
    while (next < preamble_end && (text_[next] == ' ' || text_[next] == '\n')) ++next;
    std::optional<std::string> body = braced_group(text_, next);
    if (!body) continue;
    at = next + body->size() + 2;
    if (command == "DeclareMathOperator")
      out.push_back({*name, (star ? "\\operatorname*{" : "\\operatorname{") + *body + "}"});
    else
      out.push_back({*name, *body});
  }
  return out;
}

std::optional<std::string> PaperTex::title() const {
  std::size_t at = text_.find("\\title{");
  if (at == std::string::npos) return std::nullopt;
  return braced_group(text_, at + 6);
}

std::optional<std::size_t> PaperTex::position(const std::string& label) const {
  std::size_t at = text_.find("\\label{" + label + "}");
  return at == std::string::npos ? std::nullopt : std::optional<std::size_t>(at);
}

std::optional<TexNumber> PaperTex::number(const std::string& label) const {
  auto at = numbers_.find(label);
  return at == numbers_.end() ? std::nullopt : std::optional<TexNumber>(at->second);
}

std::optional<std::string> PaperTex::section_title(const std::string& label) const {
  std::optional<std::size_t> at = position(label);
  if (!at) return std::nullopt;
  std::optional<std::size_t> heading = heading_before(text_, *at);
  if (!heading) return std::nullopt;
  return braced_group(text_, text_.find('{', *heading));
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
    std::optional<std::string> env = braced_group(text_, begin + 6);
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
