// Colour and width of the command line's text (see terminal.h).
#include "tools/cli/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <utility>

namespace palcheck::cli {

namespace {

// Each verdict's colour (ANSI SGR): refutations red, ill-posed statements magenta, proofs green, searches
// that found nothing cyan, what cannot or did not decide yellow or plain.
constexpr std::pair<const char*, const char*> kVerdictColors[] = {
    {"REFUTED", "1;31"},    {"ILL-POSED", "35"}, {"PROVED", "1;32"}, {"BOUNDED", "32"}, {"HELD", "36"},
    {"NOT-CHECKABLE", "2"}, {"UNKNOWN", "33"},   {"TIMEOUT", "33"},  {"ERROR", "1;33"},
};

constexpr std::size_t kNarrowest = 40;  // a terminal narrower than this still gets 40 columns

bool word_edge(const std::string& text, std::size_t at) {
  return at >= text.size() || text[at] == ' ' || text[at] == '\n' || text[at] == ',';
}

}  // namespace

void add_color_option(CLI::App& app, ColorChoice& choice) {
  auto read = [&choice](const std::string& text) {
    for (std::size_t k = 0; k < std::size(kColorChoices); ++k)
      if (text == kColorChoices[k]) {
        choice = static_cast<ColorChoice>(k);
        return;
      }
    throw CLI::ValidationError("--color", "expected auto, always or never, got \"" + text + "\"");
  };
  std::vector<CLI::App*> commands{&app};
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(command);
  for (CLI::App* command : commands)
    command
        ->add_option_function<std::string>("--color", read,
                                           "Verdict words in colour: auto (on a terminal, unless NO_COLOR is set), "
                                           "always or never")
        ->type_name("WHEN")
        ->default_str("auto");
}

TextStyle text_style(ColorChoice choice, int fd) {
  bool terminal = isatty(fd) == 1;
  const char* no_color = std::getenv("NO_COLOR");
  TextStyle style;
  style.color = choice == ColorChoice::Always ||
                (choice == ColorChoice::Auto && terminal && (no_color == nullptr || *no_color == '\0'));
  winsize size{};
  if (terminal && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    style.width = std::max<std::size_t>(size.ws_col, kNarrowest);
  return style;
}

std::string verdict_colored(const std::string& word, const TextStyle& style) {
  if (!style.color) return word;
  for (const auto& [verdict, color] : kVerdictColors)
    if (word == verdict) return std::string("\x1b[") + color + "m" + word + "\x1b[0m";
  return word;
}

std::string color_verdict_words(const std::string& text, const TextStyle& style, std::size_t count) {
  if (!style.color) return text;
  std::string out;
  std::size_t at = 0, colored = 0;
  while (at < text.size() && colored < count) {
    std::size_t best = std::string::npos;
    const char* found = nullptr;
    for (const auto& [verdict, color] : kVerdictColors) {
      std::string word = verdict;
      for (std::size_t k = text.find(word, at); k != std::string::npos; k = text.find(word, k + 1))
        if ((k == 0 || word_edge(text, k - 1)) && word_edge(text, k + word.size())) {
          if (k < best) best = k, found = verdict;
          break;
        }
    }
    if (!found) break;
    std::string word = found;
    out += text.substr(at, best - at) + verdict_colored(word, style);
    at = best + word.size();
    ++colored;
  }
  return out + text.substr(at);
}

std::vector<std::string> wrap_line(const std::string& line, std::size_t width, std::size_t indent) {
  std::vector<std::string> lines;
  std::string rest = line, prefix;
  while (prefix.size() + rest.size() > width) {
    std::size_t room = width > prefix.size() ? width - prefix.size() : 1;
    std::size_t cut = rest.rfind(' ', room);
    std::size_t kept = cut;
    while (kept != std::string::npos && kept > 0 && rest[kept - 1] == ' ') --kept;
    if (cut == std::string::npos || kept == 0) cut = kept = room;  // no space to break at: cut the word
    lines.push_back(prefix + rest.substr(0, kept));
    rest.erase(0, rest.find_first_not_of(' ', cut));
    prefix.assign(indent, ' ');
    if (rest.find_first_not_of(' ') == std::string::npos) return lines;
  }
  lines.push_back(prefix + rest);
  return lines;
}

}  // namespace palcheck::cli
