// `palcheck compare` and the oracle formats (issue: test-oracle mode).
#include "commands.h"

namespace palcheck::cli {

CommandHandler add_oracle_commands(CLI::App&) { return {}; }

}  // namespace palcheck::cli
