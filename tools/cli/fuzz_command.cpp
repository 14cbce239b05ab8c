// `palcheck fuzz-impl` (issue #14): def:relay, def:pal, prop:wiping checked on another
// implementation that runs as a command speaking JSON lines (protocol in README.md): one request
// per line on its standard input, one reply per line on its standard output. The search itself is
// tools/oracle/fuzz_impl.h. Exit 0 no failure, 1 failures, 2 bad input.
#include "tools/cli/commands.h"
#include "tools/cli/number_option.h"
#include "tools/oracle/atomic_write.h"
#include "tools/oracle/conventions.h"
#include "tools/oracle/fuzz_impl.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/oracle_files.h"
#include "tools/oracle/oracle_problem.h"

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

namespace palcheck::cli {

using namespace oracle;  // the oracle library: conventions, measures, the differential tester
using nlohmann::json;

namespace {

// The implementation as a child process, started on first use and again after it dies.
class ChildProcess {
 public:
  explicit ChildProcess(std::string command) : command_(std::move(command)) {}
  ~ChildProcess() { stop(); }

  // One request line, one reply line; empty on a dead or silent child.
  std::string exchange(const std::string& line) {
    if (!to_ && !start()) return {};
    if (std::fputs((line + "\n").c_str(), to_) == EOF || std::fflush(to_) == EOF) {
      stop();
      return {};
    }
    char* buffer = nullptr;
    std::size_t size = 0;
    ssize_t got = getline(&buffer, &size, from_);
    std::string reply = got > 0 ? std::string(buffer, static_cast<std::size_t>(got)) : std::string();
    std::free(buffer);
    if (got <= 0) stop();
    return reply;
  }

 private:
  bool start() {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return false;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[0]), close(in[1]), close(out[0]), close(out[1]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = fdopen(in[1], "w");
    from_ = fdopen(out[0], "r");
    return pid_ > 0 && to_ && from_;
  }
  void stop() {
    if (to_) std::fclose(to_);
    if (from_) std::fclose(from_);
    to_ = from_ = nullptr;
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  std::string command_;
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
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
               {"states", state_set_name(c.states)},
               {"output_map", {double_of(c.output.a), double_of(c.output.b), double_of(c.output.c)}},
               {"initial_state", static_cast<int>(initial)}};
  std::string line = child.exchange(request.dump());
  ImplReply reply;
  if (line.empty()) {
    reply.error = "the command exited or closed its output without a reply";
    return reply;
  }
  json doc = json::parse(line, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    reply.error = "reply is not a JSON object: " + line.substr(0, 200);
  } else if (doc.contains("error")) {
    reply.error = "the command reported: " + doc["error"].dump();
  } else if (!doc.contains("outputs") || !doc["outputs"].is_array()) {
    reply.error = "reply has no \"outputs\" list: " + line.substr(0, 200);
  } else {
    for (const json& v : doc["outputs"]) {
      auto q = v.is_number() ? rational_from_double(v.get<double>()) : std::nullopt;
      if (!q) {
        reply.error = "output " + v.dump() + " is not a finite number";
        reply.outputs.clear();
        break;
      }
      reply.outputs.push_back(*q);
    }
  }
  return reply;
}

}  // namespace

CommandHandler add_fuzz_command(CLI::App& app) {
  struct Options {
    std::string command, measure, grid_delta, domain, report;
    std::vector<std::string> conventions;
    int initial_state = 0;
    std::uint64_t seed = 0;
    std::size_t max_cases = 400;
    double seconds = 120;
    std::optional<std::size_t> only_case;
  };
  auto o = std::make_shared<Options>();
  auto* fuzz = app.add_subcommand("fuzz-impl",
                                  "Differential testing of another PAL implementation (a command speaking "
                                  "JSON lines) against the exact reference");
  fuzz->add_option("--command", o->command,
                   "The implementation: a shell command reading requests and writing replies, "
                   "one JSON object per line (README: fuzz-impl)")
      ->required();
  fuzz->add_option("--measure", o->measure, "Relays: JSON (relays or grid), or CSV/.npy rows alpha,beta[,weight]")
      ->required();
  fuzz->add_option("--grid-delta", o->grid_delta,
                   "The CSV/.npy measure is an L x L grid weight matrix with this spacing");
  fuzz->add_option("--convention", o->conventions,
                   "KEY=VALUE, repeatable: states=01|pm1, output=a,b,c, columns=..., "
                   "atol=, rtol= (as for compare)");
  add_count_option(fuzz, "--initial-state", o->initial_state, 0, 1, "The reference's relay state before the first input");
  fuzz->add_option("--domain", o->domain, "LO,HI: the input range the implementation accepts (thresholds included)");
  add_count_option(fuzz, "--seed", o->seed, 0, UINT64_MAX, "Seed; every case derives from the seed and its number");
  add_count_option(fuzz, "--max-cases", o->max_cases, 1, 1'000'000, "Case budget");
  fuzz->add_option("--seconds", o->seconds, "Time budget in seconds (default 120); whichever budget ends first");
  fuzz->add_option("--case", o->only_case, "Run only this case number (the replay of a failure)");
  fuzz->add_option("--report", o->report, "Write the JSON report to this file instead of standard output");
  return [fuzz, o]() -> int {
    if (!*fuzz) return -1;
    FuzzOptions f;
    for (const std::string& option : o->conventions) apply_convention_option(f.conventions, option);
    if (f.conventions.output.a == 0) throw InputError("--convention output: a must be nonzero");
    f.measure = load_measure_file(o->measure, o->grid_delta, f.conventions.columns);
    // The command sees doubles: the reference takes the relays at the same values.
    for (WeightedRelay& w : f.measure.relays) {
      w.thresholds.alpha = *rational_from_double(to_double(w.thresholds.alpha));
      w.thresholds.beta = *rational_from_double(to_double(w.thresholds.beta));
      w.weight = *rational_from_double(to_double(w.weight));
    }
    if (o->initial_state != 0 && o->initial_state != 1) throw InputError("--initial-state: expected 0 or 1");
    f.initial = static_cast<InitialState>(o->initial_state);
    if (!o->domain.empty()) {
      auto comma = o->domain.find(',');
      auto lo = parse_rational(o->domain.substr(0, comma)),
           hi = comma == std::string::npos ? std::nullopt : parse_rational(o->domain.substr(comma + 1));
      if (!lo || !hi || *hi < *lo)
        throw InputError("--domain: expected LO,HI with LO <= HI, got \"" + o->domain + "\"");
      f.domain = std::make_pair(*lo, *hi);
    }
    if (o->seconds <= 0) throw InputError("--seconds: expected a positive number");
    f.seed = o->seed;
    f.max_cases = o->max_cases;
    f.seconds = o->seconds;
    f.only_case = o->only_case;
    f.relays = RelaysPerCall::Sent;
    std::string base =
        "palcheck fuzz-impl --command " + shell_quote(o->command) + " --measure " + shell_quote(o->measure);
    if (!o->grid_delta.empty()) base += " --grid-delta " + o->grid_delta;
    for (const std::string& c : o->conventions) base += " --convention " + shell_quote(c);
    if (o->initial_state) base += " --initial-state 1";
    if (!o->domain.empty()) base += " --domain " + o->domain;
    base += " --seed " + std::to_string(o->seed);
    f.replay = [base, o](std::optional<std::size_t> k) {
      return k ? base + " --case " + std::to_string(*k)
               : base + " --max-cases " + std::to_string(o->max_cases) + " --seconds " +
                     (std::ostringstream() << o->seconds).str();
    };
    f.progress = [](const std::string& line) { std::cerr << line << "\n"; };
    std::signal(SIGPIPE, SIG_IGN);  // a dead child is a failure, not the end of palcheck
    ChildProcess child(o->command);
    Implementation impl = [&](const Measure& mu, const std::vector<double>& inputs) {
      return ask(child, mu, inputs, f.conventions, f.initial);
    };
    std::cerr << "fuzz-impl: seed " << f.seed << "; replay: " << f.replay(std::nullopt) << "\n";
    json report = fuzz_implementation(impl, f);
    write_atomically(o->report.empty() ? "-" : o->report, report.dump(2) + "\n");
    std::cerr << "fuzz-impl: " << report["cases"] << " case(s), " << report["failures"].size() << " failure(s)";
    for (const json& failure : report["failures"])
      std::cerr << "\n  " << failure["property"].get<std::string>() << ": " << failure["tokens"] << " token(s) "
                << failure["inputs"].dump() << ", relays " << failure["relays"].size()
                << "; replay: " << failure["replay"].get<std::string>();
    std::cerr << "\n";
    return report["passed"].get<bool>() ? 0 : 1;
  };
}

}  // namespace palcheck::cli
