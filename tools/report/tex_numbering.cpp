// LaTeX's numbering of a document's labels (see tex_numbering.h).
#include "tools/report/tex_numbering.h"

#include "tools/report/tex_group.h"

#include <cctype>
#include <optional>
#include <set>
#include <vector>

namespace palcheck::report {
namespace {

// The source without comments: from an unescaped % to the end of its line.
std::string without_comments(const std::string& tex) {
  std::string out;
  out.reserve(tex.size());
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '\\' && i + 1 < tex.size()) {
      out += tex.substr(i, 2);
      ++i;
    } else if (tex[i] == '%') {
      while (i < tex.size() && tex[i] != '\n') ++i;
      if (i < tex.size()) out += '\n';
    } else {
      out += tex[i];
    }
  }
  return out;
}

// A theorem-like environment of \newtheorem: the counter it steps and the name it prints.
struct Theorem {
  std::string counter;
  std::string name;
};

// Environments of amsmath and LaTeX that number each line ending in \\ (multline numbers one).
const std::set<std::string> kLineNumbered{"align", "gather", "eqnarray", "flalign", "alignat"};
const std::set<std::string> kOneNumber{"equation", "multline"};
const std::map<std::string, std::string> kFloats{{"algorithm", "Algorithm"}, {"table", "Table"}, {"figure", "Figure"}};

// One open environment: its name and the label number it hides until it closes (environments are groups).
struct OpenEnvironment {
  std::string name;
  std::optional<TexNumber> outer;
};

class Numbering {
 public:
  explicit Numbering(const std::string& tex) : tex_(without_comments(tex)) {}

  std::map<std::string, TexNumber> run() {
    std::size_t body = tex_.find("\\begin{document}");
    for (std::size_t at = 0; (at = tex_.find('\\', at)) != std::string::npos;) {
      if (at + 1 < tex_.size() && tex_[at + 1] == '\\') {
        end_line(at);
        at += 2;
        continue;
      }
      std::size_t word = at + 1;
      while (word < tex_.size() && std::isalpha(static_cast<unsigned char>(tex_[word]))) ++word;
      std::string command = tex_.substr(at + 1, word - at - 1);
      bool star = word < tex_.size() && tex_[word] == '*';
      std::size_t next = word + (star ? 1 : 0);
      std::size_t command_at = at;
      at = std::max(word, at + 2);
      if (command == "newtheorem") {
        if (!star) new_theorem(next);
        continue;
      }
      if (body == std::string::npos || next <= body) continue;
      if (command == "section" || command == "subsection" || command == "subsubsection") {
        if (!star) section(command == "section" ? 0 : command == "subsection" ? 1 : 2);
      } else if (command == "appendix") {
        appendix_ = true;
        levels_ = {0, 0, 0};
      } else if (command == "begin" || command == "end") {
        std::optional<std::string> env = group_at(next);
        if (!env) continue;
        if (command == "begin")
          begin(*env, next + env->size() + 2);
        else
          end(*env, command_at);
      } else if (command == "label") {
        if (std::optional<std::string> label = group_at(next)) label_(*label);
      } else if (command == "caption") {
        caption();
      } else if (command == "nonumber" || command == "notag") {
        line_numbered_ = false;
      } else if (command == "tag") {
        if (std::optional<std::string> tag = group_at(next)) line_tag_ = *tag;
      }
    }
    return numbers_;
  }

 private:
  std::optional<std::string> group_at(std::size_t at) const {
    while (at < tex_.size() && std::isspace(static_cast<unsigned char>(tex_[at]))) ++at;
    return at < tex_.size() && tex_[at] == '{' ? braced_group(tex_, at) : std::nullopt;
  }

  std::optional<std::string> option_at(std::size_t& at) const {
    while (at < tex_.size() && std::isspace(static_cast<unsigned char>(tex_[at]))) ++at;
    if (at >= tex_.size() || tex_[at] != '[') return std::nullopt;
    std::size_t close = tex_.find(']', at);
    if (close == std::string::npos) return std::nullopt;
    std::string inside = tex_.substr(at + 1, close - at - 1);
    at = close + 1;
    return inside;
  }

  // \newtheorem{env}[shared]{Name} or \newtheorem{env}{Name}[within]: a counter numbered within sections
  // prints "4.6" and restarts at each section; any other prints "6" and never restarts.
  void new_theorem(std::size_t at) {
    std::optional<std::string> env = group_at(at);
    if (!env) return;
    at = tex_.find('{', at) + env->size() + 2;
    std::optional<std::string> shared = option_at(at);
    std::optional<std::string> name = group_at(at);
    if (!name) return;
    at = tex_.find('{', at) + name->size() + 2;
    theorems_[*env] = {shared ? *shared : *env, *name};
    if (!shared) by_section_[*env] = option_at(at) == std::optional<std::string>("section");
  }

  std::string section_number() const {
    std::string top = appendix_ ? std::string(1, static_cast<char>('A' + levels_[0] - 1)) : std::to_string(levels_[0]);
    for (std::size_t level = 1; level < levels_.size() && levels_[level] > 0; ++level)
      top += "." + std::to_string(levels_[level]);
    return top;
  }

  void section(std::size_t level) {
    ++levels_[level];
    for (std::size_t deeper = level + 1; deeper < levels_.size(); ++deeper) levels_[deeper] = 0;
    if (level == 0)
      for (auto& [counter, value] : counters_)
        if (by_section_[counter]) value = 0;
    current_ = TexNumber{appendix_ ? "Appendix" : "Section", section_number()};
  }

  void begin(const std::string& env, std::size_t body) {
    open_.push_back({env, current_});
    if (auto theorem = theorems_.find(env); theorem != theorems_.end()) {
      const std::string& counter = theorem->second.counter;
      std::string n = std::to_string(++counters_[counter]);
      std::string top = section_number().substr(0, section_number().find('.'));
      current_ = TexNumber{theorem->second.name, by_section_[counter] ? top + "." + n : n};
    } else if (kLineNumbered.count(env) || kOneNumber.count(env)) {
      start_line(body, true);
    } else if (env.back() == '*' && (kLineNumbered.count(env.substr(0, env.size() - 1)) ||
                                     kOneNumber.count(env.substr(0, env.size() - 1)))) {
      start_line(body, false);
    }
  }

  void end(const std::string& env, std::size_t at) {
    if (open_.empty()) return;
    if (math_ && open_.size() == math_depth_ && open_.back().name == env) {
      // amsmath ignores a \\ that ends the last line: an empty last line gets no number.
      bool empty_last = lines_ > 0 && tex_.find_first_not_of(" \t\n", line_start_) >= at;
      if (!empty_last) finish_line();
      math_ = false;
    }
    current_ = open_.back().outer;
    open_.pop_back();
  }

  void start_line(std::size_t at, bool numbered) {
    math_ = true;
    math_numbered_ = numbered;
    math_depth_ = open_.size();
    lines_ = 0;
    line_start_ = at;
    line_numbered_ = numbered;
    line_tag_.reset();
    line_labels_.clear();
  }

  void finish_line() {
    std::optional<TexNumber> number;
    if (line_tag_)
      number = TexNumber{"Equation", *line_tag_};
    else if (line_numbered_)
      number = TexNumber{"Equation", std::to_string(++equations_)};
    for (const std::string& label : line_labels_)
      if (number)
        numbers_[label] = *number;
      else if (current_)
        numbers_[label] = *current_;
    line_labels_.clear();
  }

  // A \\ ends a line of a line-numbered environment only at its own level (not inside cases or aligned).
  void end_line(std::size_t at) {
    if (!math_ || open_.size() != math_depth_ || !kLineNumbered.count(base_name(open_.back().name))) return;
    finish_line();
    ++lines_;
    line_start_ = at + 2;
    line_numbered_ = math_numbered_;
    line_tag_.reset();
  }

  static std::string base_name(const std::string& env) {
    return !env.empty() && env.back() == '*' ? env.substr(0, env.size() - 1) : env;
  }

  void label_(const std::string& label) {
    if (math_) {
      line_labels_.push_back(label);
      return;
    }
    if (current_) numbers_[label] = *current_;
  }

  void caption() {
    for (auto open = open_.rbegin(); open != open_.rend(); ++open)
      if (auto f = kFloats.find(base_name(open->name)); f != kFloats.end()) {
        current_ = TexNumber{f->second, std::to_string(++floats_[f->first])};
        return;
      }
  }

  std::string tex_;
  std::map<std::string, Theorem> theorems_;
  std::map<std::string, int> counters_;
  std::map<std::string, bool> by_section_;
  std::map<std::string, int> floats_;
  std::vector<int> levels_{0, 0, 0};
  bool appendix_ = false;
  int equations_ = 0;
  std::optional<TexNumber> current_;
  std::vector<OpenEnvironment> open_;
  bool math_ = false;
  bool math_numbered_ = false;
  std::size_t math_depth_ = 0;
  int lines_ = 0;
  std::size_t line_start_ = 0;
  bool line_numbered_ = false;
  std::optional<std::string> line_tag_;
  std::vector<std::string> line_labels_;
  std::map<std::string, TexNumber> numbers_;
};

}  // namespace

std::string TexNumber::printed() const { return name + " " + (name == "Equation" ? "(" + number + ")" : number); }

std::map<std::string, TexNumber> tex_numbers(const std::string& tex) { return Numbering(tex).run(); }

}  // namespace palcheck::report
