// The command line on a terminal, end to end: `verify` and `show` colour their verdict words on a
// pseudo-terminal and wrap to its width; NO_COLOR (any non-empty value) and --color=never give exactly
// the bytes a pipe gets; --color=always colours a pipe; every command's --help ends with examples whose
// options are that command's.
#include "tests/tools/cli/palcheck_process.h"

#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <sstream>

namespace palcheck::cli_test {
namespace {

// Claims that verify judges in a few seconds, one of them with a long evidence line.
const std::string kClaims = "def:relay prop:range lem:pop_one";

// What `palcheck ARGS` writes to standard output when that is a pseudo-terminal of `columns` columns (raw,
// so that "\n" stays "\n"), with `environment` ("NO_COLOR=1", or "" for none) set; stderr is dropped.
std::string on_terminal(const std::string& args, unsigned short columns, const std::string& environment = "") {
  termios raw{};
  cfmakeraw(&raw);
  winsize size{};
  size.ws_col = columns;
  size.ws_row = 50;
  int terminal = -1;
  pid_t child = forkpty(&terminal, nullptr, &raw, &size);
  if (child == 0) {
    std::string command = "exec env -u NO_COLOR " + environment + " " + PALCHECK_BINARY + " " + args + " 2>/dev/null";
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = ::read(terminal, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
  close(terminal);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << args;
  return out;
}

// What it writes to a pipe.
std::string on_pipe(const std::string& args) {
  return shell("env -u NO_COLOR " + std::string(PALCHECK_BINARY) + " " + args).out;
}

// The text without its SGR escapes (ESC [ digits-and-semicolons m); a scan, not std::regex
// (docs/decisions.md: a warning is an error).
std::string plain(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "\x1b[") == 0) {
      std::size_t end = text.find_first_not_of("0123456789;", i + 2);
      if (end != std::string::npos && text[end] == 'm') {
        i = end;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

bool colored(const std::string& text) { return text.find("\x1b[") != std::string::npos; }

std::size_t widest(const std::string& text) {
  std::istringstream in(text);
  std::size_t most = 0;
  for (std::string line; std::getline(in, line);) most = std::max(most, line.size());
  return most;
}

TEST(TerminalCli, VerifyOnATerminalColoursItsVerdictsAndWrapsToTheTerminalsWidth) {
  std::string pipe = on_pipe("verify " + kClaims);
  EXPECT_FALSE(colored(pipe));
  EXPECT_LE(widest(pipe), 100u) << "a pipe gets 100 columns";
  EXPECT_GT(widest(on_pipe("verify " + kClaims + " --json - 2>/dev/null")), 100u) << "a JSON line is not wrapped";
  std::string wide = on_terminal("verify " + kClaims, 100);
  EXPECT_TRUE(colored(wide)) << wide;
  EXPECT_EQ(plain(wide), pipe);
  std::string narrow = on_terminal("verify " + kClaims, 60);
  EXPECT_LE(widest(plain(narrow)), 60u) << plain(narrow);
  EXPECT_GT(std::count(narrow.begin(), narrow.end(), '\n'), std::count(pipe.begin(), pipe.end(), '\n'));
}

TEST(TerminalCli, NoColorAndColorNeverGiveThePipesBytes) {
  std::string pipe = on_pipe("verify " + kClaims);
  for (const auto& [environment, args] : std::vector<std::pair<std::string, std::string>>{
           {"NO_COLOR=1", "verify " + kClaims},
           {"NO_COLOR=no", "verify " + kClaims},
           {"", "verify " + kClaims + " --color=never"},
           {"", "verify --color never " + kClaims},
           {"", "--color=never verify " + kClaims},
       })
    EXPECT_EQ(on_terminal(args, 100, environment), pipe) << environment << " " << args;
  EXPECT_TRUE(colored(on_terminal("verify " + kClaims, 100, "NO_COLOR="))) << "an empty NO_COLOR is unset";
  std::string show_pipe = on_pipe("show lem:pop_one");
  std::string show = on_terminal("show lem:pop_one", 100);
  EXPECT_NE(show.find("verdict: \x1b["), std::string::npos) << show;
  EXPECT_EQ(plain(show), show_pipe);
  EXPECT_EQ(on_terminal("show lem:pop_one", 100, "NO_COLOR=1"), show_pipe);
}

TEST(TerminalCli, ColorAlwaysColoursAPipeAndABadAnswerIsRefused) {
  std::string always = on_pipe("verify " + kClaims + " --color=always");
  EXPECT_TRUE(colored(always));
  EXPECT_EQ(plain(always), on_pipe("verify " + kClaims));
  expect_usage_errors({{"verify lem:pop_one --color=sometimes", "--color: expected auto, always or never"},
                       {"--color= verify lem:pop_one", "--color"}});
}

// Every command named in `palcheck --help`.
std::vector<std::string> commands() {
  std::string help = run_palcheck("--help").out;
  std::vector<std::string> names;
  std::istringstream in(help.substr(help.find("Subcommands:")));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line) && line.rfind("  ", 0) == 0) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

TEST(TerminalCli, EveryCommandsHelpEndsWithExamplesOfItsOwnOptions) {
  std::vector<std::string> names = commands();
  ASSERT_GE(names.size(), 9u);
  for (const std::string& name : names) {
    std::string help = run_palcheck(name + " --help").out;
    std::size_t examples = help.find("\nExample");
    ASSERT_NE(examples, std::string::npos) << name << ":\n" << help;
    std::istringstream in(help.substr(examples));
    std::size_t own = 0;
    for (std::string line; std::getline(in, line);) {
      std::size_t at = line.find("palcheck " + name + " ");
      if (at == std::string::npos) continue;
      ++own;
      std::string command = line.substr(at, line.find_first_of(";#", at) - at);
      std::istringstream words(command);
      for (std::string word; words >> word;) {
        if (word.rfind("--", 0) == 0) {
          EXPECT_NE(help.find("  " + word.substr(0, word.find('='))), std::string::npos) << name << ": " << word;
        }
      }
    }
    EXPECT_GE(own, 1u) << name << ": no example of the command itself";
  }
}

}  // namespace
}  // namespace palcheck::cli_test
