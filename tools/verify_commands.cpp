// `palcheck list|verify|show|replay` (issue: claim registry and honest verdicts).
#include "commands.h"

namespace palcheck::cli {

CommandHandler add_claim_commands(CLI::App&) { return {}; }

}  // namespace palcheck::cli
