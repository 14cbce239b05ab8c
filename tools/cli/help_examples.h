// An example for every command's --help: the footer CLI11 prints under the options.
#pragma once

#include <CLI/CLI.hpp>

namespace palcheck::cli {

/// Sets the footer of each of `app`'s subcommands to its examples (help_examples.cpp holds them).
void add_help_examples(CLI::App& app);

}  // namespace palcheck::cli
