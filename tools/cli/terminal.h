// What the stream a command writes its text to can show: verdict words in colour on a terminal (never
// with NO_COLOR set or --color=never) and lines wrapped to the terminal's width (100 columns elsewhere,
// so that a file or a pipe gets the same text on every machine).
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace palcheck::cli {

/// --color's answers: colour on a terminal only (auto), always, or never.
enum class ColorChoice { Auto, Always, Never };

/// The spellings --color takes, in ColorChoice's order.
inline constexpr const char* kColorChoices[] = {"auto", "always", "never"};

/// Width a text wraps to where its stream is no terminal.
inline constexpr std::size_t kPlainWidth = 100;

/// How to write text for one stream: whether verdict words get colour, and the width lines wrap to.
struct TextStyle {
  bool color = false;
  std::size_t width = kPlainWidth;
};

/// Adds --color WHEN (auto, always, never) storing into `choice` to `app` and to each of its subcommands, so
/// that it goes before or after the command's name.
void add_color_option(CLI::App& app, ColorChoice& choice);

/// The style of file descriptor `fd`: colour when `choice` is Always, or Auto on a terminal with
/// NO_COLOR unset or empty; the terminal's columns (at least 40) on a terminal, else kPlainWidth.
TextStyle text_style(ColorChoice choice, int fd);

/// `word` (a verdict's name) in its colour when style.color, else as it is.
std::string verdict_colored(const std::string& word, const TextStyle& style);

/// `text` with its first `count` whole verdict words coloured (verdict_colored); as it is without colour.
std::string color_verdict_words(const std::string& text, const TextStyle& style, std::size_t count);

/// `line` broken at spaces into lines of at most `width` characters, every line after the first
/// indented by `indent` spaces; a word longer than a line is cut.
std::vector<std::string> wrap_line(const std::string& line, std::size_t width, std::size_t indent);

}  // namespace palcheck::cli
