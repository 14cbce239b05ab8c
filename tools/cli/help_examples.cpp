// The examples of every command's --help (see help_examples.h); each is a command line that runs as shown
// (ctest's cli_help_examples checks that every command has some and that their options are the command's).
#include "tools/cli/help_examples.h"

#include <algorithm>
#include <string>
#include <utility>

namespace palcheck::cli {

namespace {

// Command name, then its examples: the command line and what it does.
const std::pair<const char*, const char*> kExamples[] = {
    {"list",
     "palcheck list                      # every claim with its number and statement\n"
     "palcheck list --json claims.json"},
    {"verify",
     "palcheck verify                    # the whole paper: a verdict for every claim\n"
     "palcheck verify lem:pop_one sec:tc --seed 2 --out replays\n"
     "palcheck verify --json run.json    # the report as JSON, the table on standard output"},
    {"merge",
     "palcheck verify --shard 1/2 --json s1.json; palcheck verify --shard 2/2 --json s2.json\n"
     "palcheck merge s1.json s2.json --json run.json --out replays"},
    {"show", "palcheck show lem:pop_one           # the claim, its readings and its whole evidence"},
    {"replay", "palcheck verify lem:pop_one --out replays; palcheck replay replays/lem_pop_one.json"},
    {"report",
     "palcheck report --out r                          # runs verify, writes r/index.html\n"
     "palcheck report --from run.json --replays replays --out r"},
    {"eval",
     "palcheck eval relays.json           # inputs and measure in one JSON document\n"
     "palcheck eval --measure relays.csv --inputs u.csv -o out.csv --values exact"},
    {"compare",
     "palcheck compare --measure mu.npy --grid-delta 1/8 --inputs u.npy --actual theirs.npy --report same.json"},
    {"fuzz-impl", "palcheck fuzz-impl --command \"python3 my_pal.py\" --measure relays.csv --report fuzz.json"},
};

}  // namespace

void add_help_examples(CLI::App& app) {
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
    for (const auto& [name, examples] : kExamples)
      if (command->get_name() == name) {
        std::string text = examples;
        std::string footer = text.find('\n') == std::string::npos ? "Example:" : "Examples:";
        for (std::size_t at = 0; at < text.size();) {
          std::size_t end = std::min(text.find('\n', at), text.size());
          footer += "\n  " + text.substr(at, end - at);
          at = end + 1;
        }
        command->footer(footer);
      }
}

}  // namespace palcheck::cli
