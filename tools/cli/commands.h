// The subcommands of the palcheck command line; each file adds its own to the app.
// A command's handler returns the process exit code (0 ok, 1 a check failed or differed, 2 bad usage/input,
// 3 no verdict: an output the oracle could not determine, or nothing compared).
#pragma once

#include "tools/cli/terminal.h"

#include <CLI/CLI.hpp>

#include <functional>

namespace palcheck::cli {

/// The exit code of a run with no verdict: an output its balls did not determine, or a compare of no token
/// (docs/oracle.md).
inline constexpr int kExitUndetermined = 3;

/// Handler run after parsing when its subcommand was chosen.
using CommandHandler = std::function<int()>;

/// `eval` (eval_command.cpp).
CommandHandler add_eval_command(CLI::App& app);
/// `list`, `verify`, `show`, `replay` (verify_commands.cpp); one handler for whichever was chosen; `color` is
/// --color's answer, read when the handler runs.
CommandHandler add_claim_commands(CLI::App& app, const ColorChoice& color);
/// `compare` and the oracle formats (oracle_commands.cpp).
CommandHandler add_oracle_commands(CLI::App& app);
/// `report` (report_command.cpp).
CommandHandler add_report_command(CLI::App& app);
/// `fuzz-impl`, the differential tester of another implementation (fuzz_command.cpp).
CommandHandler add_fuzz_command(CLI::App& app);

}  // namespace palcheck::cli
