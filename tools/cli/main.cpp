// The palcheck command line: each subcommand lives in its own file (see commands.h).
#include "tools/cli/commands.h"
#include "tools/cli/did_you_mean.h"
#include "tools/cli/help_examples.h"
#include "tools/cli/terminal.h"
#include "tools/cli/version.h"
#include "reference/gmp_allocation.h"
#include "util/atomic_write.h"
#include "util/errors.h"
#include "util/pending_removal.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

// A first argument that is neither an option nor a command is a mistyped command: names the nearest one
// (CLI11 alone would answer "A subcommand is required") and says whether it was.
bool refused_unknown_command(CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
    names.push_back(command->get_name());
  if (std::find(names.begin(), names.end(), argv[1]) != names.end()) return false;
  std::cerr << "palcheck: unknown command " << argv[1] << palcheck::cli::did_you_mean(argv[1], names)
            << " (palcheck --help lists the commands)\n";
  return true;
}

// Parses the arguments: the exit code when parsing ends the run (--help, --version, a bad option).
std::optional<int> parse(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    if (code != 0) return 2;
    try {  // --help and --version: their text is the output, so a failed write of it is a failure
      palcheck::flush_standard_output();
    } catch (const palcheck::InputError& failed) {
      std::cerr << "palcheck: " << failed.what() << "\n";
      return 2;
    }
    return 0;
  } catch (const palcheck::InputError& e) {  // an option read into its type as it is parsed
    std::cerr << "palcheck: " << e.what() << "\n";
    return 2;
  }
  return std::nullopt;
}

// Runs the chosen command: its exit code (0 when no handler takes it), or 2 with the failure named on
// standard error.
int run(CLI::App& app, std::vector<palcheck::cli::CommandHandler>& handlers) {
  try {
    for (auto& handler : handlers) {
      if (!handler) continue;
      if (int code = handler(); code >= 0) {
        palcheck::flush_standard_output();  // a failed write to stdout is exit 2, never 0
        return code;
      }
    }
  } catch (const palcheck::InputError& e) {
    std::cerr << "palcheck: " << e.what() << "\n";
    return 2;
  } catch (const palcheck::WriteError& e) {  // an output that could not be written: named, with the reason
    std::cerr << "palcheck: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {  // where no `building` named what (util/out_of_memory.h)
    std::cerr << "palcheck " << app.get_subcommands().front()->get_name()
              << ": not enough memory for this input (see docs/hardening.md)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "palcheck: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  palcheck::install_exit_cleanup();      // temporary files and child processes undone on every exit
  palcheck::throw_bad_alloc_from_gmp();  // out of memory in GMP: a std::bad_alloc (run() names it), not an abort
  CLI::App app{"palcheck: exact reference of the Preisach Attention Layer and machine checks of its paper"};
  app.set_version_flag("--version", palcheck::cli::version_text(),
                       "Print palcheck's version (and git commit) and exit");
  app.require_subcommand(1);
  palcheck::cli::ColorChoice color = palcheck::cli::ColorChoice::Auto;
  std::vector<palcheck::cli::CommandHandler> handlers{
      palcheck::cli::add_eval_command(app),    palcheck::cli::add_claim_commands(app, color),
      palcheck::cli::add_oracle_commands(app), palcheck::cli::add_report_command(app),
      palcheck::cli::add_fuzz_command(app),
  };
  palcheck::cli::add_color_option(app, color);
  palcheck::cli::add_help_examples(app);
  if (refused_unknown_command(app, argc, argv)) return 2;
  if (std::optional<int> code = parse(app, argc, argv)) return *code;
  return run(app, handlers);
}
