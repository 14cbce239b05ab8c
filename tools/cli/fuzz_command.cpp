// `palcheck fuzz-impl`: def:relay, def:pal, prop:wiping checked on another
// implementation that runs as a command speaking JSON lines (protocol in docs/oracle.md): one request
// per line on its standard input, one reply per line on its standard output. The search itself is
// oracle/fuzz/fuzz_impl.h. Exit 0 no failure, 1 failures, 2 bad input.
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/eval/conventions.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/input_limits.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/fuzz/fuzz_impl.h"
#include "oracle/formats/utf8_text.h"
#include "oracle/fuzz/impl_reply.h"
#include "tools/cli/commands.h"
#include "tools/cli/number_option.h"
#include "tools/cli/oracle_cli.h"
#include "util/atomic_file.h"
#include "util/atomic_write.h"
#include "util/errors.h"
#include "util/pending_removal.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: conventions, measures, the differential tester
using nlohmann::json;

namespace {

// The implementation as a child process, started on first use and again after it dies. A call
// that gets no reply line within the per-call limit stops the child's whole process group (the
// command runs under `sh -c`, so the implementation is a grandchild): a hung implementation is a
// failed case, never a hung palcheck.
class ChildProcess {
 public:
  ChildProcess(std::string command, double call_seconds) : command_(std::move(command)), call_seconds_(call_seconds) {}
  ~ChildProcess() { stop(); }

  /// One request line, one reply line (without its newline); nullopt on a dead, silent or slow child,
  /// with the reason in `why`.
  std::optional<std::string> exchange(const std::string& line, std::string& why) {
    if (pid_ < 0 && !start()) {
      why = "the command could not be started";
      return std::nullopt;
    }
    std::string request = line + "\n";
    for (std::size_t sent = 0; sent < request.size();) {
      ssize_t n = ::write(to_, request.data() + sent, request.size() - sent);
      if (n <= 0) {
        stop();
        why = "the command exited or closed its input";
        return std::nullopt;
      }
      sent += static_cast<std::size_t>(n);
    }
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(call_seconds_);
    for (;;) {
      if (auto end = pending_.find('\n'); end != std::string::npos) {
        std::string reply = pending_.substr(0, end);
        pending_.erase(0, end + 1);
        return reply;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      pollfd p{from_, POLLIN, 0};
      int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) {
        stop();
        why = "no reply within " + (std::ostringstream() << call_seconds_).str() +
              " s (--call-timeout); the command was stopped";
        return std::nullopt;
      }
      char buffer[65536];
      ssize_t got = ::read(from_, buffer, sizeof buffer);
      if (got <= 0) {
        stop();
        why = "the command exited or closed its output without a reply";
        return std::nullopt;
      }
      if (pending_.size() + static_cast<std::size_t>(got) > kMaxReplyBytes) {
        stop();
        why = "a reply longer than " + std::to_string(kMaxReplyBytes) + " bytes; the command was stopped";
        return std::nullopt;
      }
      pending_.append(buffer, static_cast<std::size_t>(got));
    }
  }

 private:
  bool start() {
    int in[2], out[2];
    if (pipe(in) != 0) return false;
    if (pipe(out) != 0) {
      close(in[0]), close(in[1]);
      return false;
    }
    pid_ = fork();
    if (pid_ == 0) {
      setpgid(0, 0);
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[0]), close(in[1]), close(out[0]), close(out[1]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    if (pid_ < 0) {
      stop();
      return false;
    }
    setpgid(pid_, pid_);  // also here: whichever of parent and child runs first, the group exists
    group_ = std::make_unique<PendingChild>(pid_);  // killed too if palcheck is stopped by a signal
    return true;
  }
  void stop() {
    if (to_ >= 0) close(to_);
    if (from_ >= 0) close(from_);
    to_ = from_ = -1;
    pending_.clear();
    if (pid_ > 0) {
      ::kill(-pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    group_.reset();
    pid_ = -1;
  }

  std::string command_;
  double call_seconds_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string pending_;
  std::unique_ptr<PendingChild> group_;
};

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

json double_of(const Q& q) { return to_double(q); }

ImplReply ask(ChildProcess& child, const Measure& mu, const std::vector<double>& inputs, const Conventions& c,
              InitialState initial) {
  json relays = json::array();
  for (const WeightedRelay& w : mu.relays)
    relays.push_back({double_of(w.thresholds.alpha), double_of(w.thresholds.beta), double_of(w.weight)});
  json request{{"relays", relays},
               {"inputs", inputs},
               {"states", to_string(c.states)},
               {"output_map", {double_of(c.output.a), double_of(c.output.b), double_of(c.output.c)}},
               {"initial_state", static_cast<int>(initial)},
               {"conventions", conventions_json(c)}};
  ImplReply reply;
  std::optional<std::string> answer = child.exchange(request.dump(), reply.error);
  return answer ? parse_impl_reply(*answer) : reply;
}

// What the fuzz-impl command line says.
struct FuzzCommandOptions {
  std::string command, measure, report;
  std::optional<Q> grid_delta;
  std::string grid_delta_text;  // as given: the replay repeats it
  std::vector<std::string> conventions;
  InitialState initial_state = InitialState::Off;
  std::uint64_t seed = 1;  // the same default as verify's
  std::size_t max_cases = 400;
  double seconds = 120;
  double call_seconds = 10;
  std::optional<std::size_t> only_case;
};

void add_fuzz_options(CLI::App* fuzz, const std::shared_ptr<FuzzCommandOptions>& o) {
  fuzz->add_option("--command", o->command,
                   "The implementation: a shell command reading requests and writing replies, "
                   "one JSON object per line (docs/oracle.md: fuzz-impl)")
      ->required()
      ->type_name("COMMAND");
  fuzz->add_option("--measure", o->measure, "Relays: JSON (relays or grid), or CSV/.npy rows alpha,beta[,weight]")
      ->required()
      ->type_name("FILE");
  fuzz->add_option_function<std::string>(
          "--grid-delta",
          [o](const std::string& text) {
            o->grid_delta = parse_grid_delta(text);
            o->grid_delta_text = text;
          },
          "The CSV/.npy measure is an L x L grid weight matrix with this spacing (an exact number)")
      ->type_name("NUMBER");
  fuzz->add_option("--convention", o->conventions,
                   "The implementation's conventions (as for eval and compare; domain= bounds the generated "
                   "inputs): " + conventions_help())
      ->type_name("KEY=VALUE");
  add_count_option(fuzz, "--initial-state", o->initial_state, 0, 1,
                   "The reference's relay state before the first input");
  add_count_option(fuzz, "--seed", o->seed, 0, UINT64_MAX, "Seed; every case derives from the seed and its number");
  add_count_option(fuzz, "--max-cases", o->max_cases, 1, kMaxFuzzCases, "Case budget");
  fuzz->add_option("--seconds", o->seconds, "Time budget in seconds for the search and its shrinking (default 120); whichever budget ends first")
      ->type_name("SECONDS");
  fuzz->add_option("--call-timeout", o->call_seconds,
                   "Seconds one call may take before the command is stopped and the case fails (default 10)")
      ->type_name("SECONDS");
  fuzz->add_option_function<std::string>(
          "--case", [o](const std::string& text) { o->only_case = parse_count(text, "--case", 0, kMaxFuzzCases - 1); },
          "Run only this case number (0..999999; the replay of a failure)")
      ->type_name("UINT");
  fuzz->add_option("--report", o->report, "Write the JSON report to this file instead of standard output")
      ->type_name("FILE");
}

// The command line that repeats this run, less its budget or case.
std::string replay_base(const FuzzCommandOptions& o) {
  std::string base = "palcheck fuzz-impl --command " + shell_quote(o.command) + " --measure " + shell_quote(o.measure);
  if (o.grid_delta) base += " --grid-delta " + o.grid_delta_text;
  for (const std::string& c : o.conventions) base += " --convention " + shell_quote(c);
  if (o.initial_state == InitialState::On) base += " --initial-state 1";
  if (o.call_seconds != 10) base += " --call-timeout " + (std::ostringstream() << o.call_seconds).str();
  return base + " --seed " + std::to_string(o.seed);
}

// The search's options from the command line's, checked.
FuzzOptions fuzz_options(const std::shared_ptr<FuzzCommandOptions>& o) {
  FuzzOptions f;
  const char* why = "the report (JSON, which holds only UTF-8) repeats it in its replay lines";
  check_utf8(o->command, "--command", why);
  // An empty command runs nothing: every case would fail as "the implementation's error", a verdict on
  // an implementation that was never given.
  if (o->command.find_first_not_of(" \t\n") == std::string::npos)
    throw InputError("--command: expected a shell command that runs the implementation, got an empty one");
  check_utf8(o->measure, "--measure", why);
  for (const std::string& option : o->conventions) check_utf8(option, "--convention", why);
  for (const std::string& option : o->conventions) apply_convention_option(f.conventions, option);
  if (f.conventions.output.a == 0) throw InputError("--convention output: a must be nonzero");
  check_domain_in_doubles(f.conventions, "--convention domain");
  check_paths({{"--report", o->report}}, {{"--measure", o->measure}});
  // The command sees doubles: the reference takes the relays at the same values.
  f.measure = measure_as_doubles(load_measure_file(o->measure, o->grid_delta, f.conventions.columns), o->measure);
  f.initial = o->initial_state;
  if (!(o->seconds > 0)) throw InputError("--seconds: expected a positive number");
  if (!(o->call_seconds > 0 && o->call_seconds <= 86400))
    throw InputError("--call-timeout: expected a number of seconds in (0, 86400]");
  f.seed = o->seed;
  f.max_cases = o->max_cases;
  f.seconds = fuzz_seconds(o->seconds, "--seconds");
  f.only_case = o->only_case;
  f.relays = RelaysPerCall::Sent;
  f.replay = [base = replay_base(*o), o](std::optional<std::size_t> k) {
    return k ? base + " --case " + std::to_string(*k)
             : base + " --max-cases " + std::to_string(o->max_cases) + " --seconds " +
                   (std::ostringstream() << o->seconds).str();
  };
  f.progress = [](const std::string& line) { std::cerr << line << "\n"; };
  return f;
}

// The report's gist on standard error: the counts, and each root cause once with its smallest witness,
// the cases it explains and the witness's replay.
void print_fuzz_summary(const json& report) {
  std::cerr << "fuzz-impl: " << report["cases"] << " case(s), ";
  if (!report.contains("root_causes")) {
    std::cerr << "0 failure(s)\n";
    return;
  }
  std::cerr << report["failing_cases"] << " failing case(s), " << report["root_causes"].size() << " root cause(s)";
  for (const json& root : report["root_causes"]) {
    const json& w = root["witness"];
    std::cerr << "\n  " << root["cause"].get<std::string>();
    if (root.contains("conventions")) std::cerr << " " << root["conventions"].dump();
    std::cerr << " (" << root["failing_cases"] << " case(s)";
    for (const json& joint : root.value("joint", json::array()))
      std::cerr << ", " << joint["failing_cases"] << " more with " << joint["with"].get<std::string>();
    for (const json& stray : root.value("folded", json::array()))
      std::cerr << ", " << stray["failing_cases"] << " folded from " << stray["cause"].get<std::string>();
    std::cerr << "): " << w["tokens"] << " token(s) "
              << w["inputs_double"].dump();
    if (w.contains("relays")) std::cerr << ", " << w["relays"].size() << " relay(s)";
    if (w.contains("expected") && w.contains("actual")) {
      std::string expected = w["expected"].get<std::string>();
      std::cerr << "; token " << w["token"] << ": expected " << with_decimal(expected, w["expected_double"].get<double>())
                << ", got ";
      if (w["actual"].is_null()) {
        std::cerr << "no number";
      } else {
        std::string actual = w["actual"].get<std::string>();
        Q difference = *parse_rational(actual) - *parse_rational(expected);
        std::cerr << with_decimal(actual, w["actual_double"].get<double>()) << ", difference "
                  << with_decimal(to_string(difference), to_double(difference));
      }
    }
    std::cerr << "; replay: " << w["replay"].get<std::string>();
  }
  std::cerr << "\n";
}

}  // namespace

CommandHandler add_fuzz_command(CLI::App& app) {
  auto o = std::make_shared<FuzzCommandOptions>();
  auto* fuzz = app.add_subcommand("fuzz-impl",
                                  "Differential testing of another PAL implementation (a command speaking "
                                  "JSON lines) against the exact reference");
  add_fuzz_options(fuzz, o);
  return [fuzz, o]() -> int {
    if (!*fuzz) return -1;
    FuzzOptions f = fuzz_options(o);
    std::signal(SIGPIPE, SIG_IGN);  // a dead child is a failure, not the end of palcheck
    ChildProcess child(o->command, o->call_seconds);
    Implementation impl = [&](const Measure& mu, const std::vector<double>& inputs) {
      return ask(child, mu, inputs, f.conventions, f.initial);
    };
    std::cerr << "fuzz-impl: seed " << f.seed << "; replay: " << f.replay(std::nullopt) << "\n";
    json report = fuzz_implementation(impl, f);
    write_file_atomically(o->report.empty() ? "-" : o->report, report.dump(2) + "\n");
    print_fuzz_summary(report);
    // No case, or no failure but a case no precision compared: no verdict, neither a pass nor a failure.
    if (report["cases"] == 0) {
      std::cerr << "fuzz-impl: no case was checked (the time budget ended first), so nothing passed\n";
      return kExitUndetermined;
    }
    if (report["failures"].empty() && !report["undecided_cases"].empty()) {
      std::cerr << "fuzz-impl: no case failed, but " << report["undecided_cases"].size()
                << " case(s) stayed on the tolerance's edge at every precision, so nothing passed\n";
      return kExitUndetermined;
    }
    return report["passed"].get<bool>() ? 0 : 1;
  };
}

}  // namespace palcheck::cli
