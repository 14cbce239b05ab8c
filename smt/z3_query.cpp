// Query machinery for the Z3 checkers (see z3_query.h).
#include "smt/z3_query.h"

#include "util/atomic_file.h"
#include "util/temporary_name.h"

#include <z3++.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include <sys/stat.h>
#include <unistd.h>

namespace palcheck::smt {

namespace {

z3::context& z3_of(smt::Context& c) { return *static_cast<z3::context*>(c.native()); }
z3::expr z3_of(const smt::Term& t) { return z3::expr(z3_of(t.ctx()), static_cast<Z3_ast>(t.native())); }

// The wall-clock backstop of one Z3 call, in Z3's milliseconds.
std::chrono::milliseconds backstop(const RunConfig& config) {
  return std::chrono::milliseconds(std::min<std::uint64_t>(config.query_seconds * 1000, 4'000'000'000u));
}

z3::solver seeded_solver(z3::context& ctx, const RunConfig& config) {
  // The seed is the solver's own parameter, not a global one: Z3's smt and sat engines read `random_seed`
  // from the solver's parameters before the module's, so each query carries its own seed and limits.
  const unsigned seed = static_cast<unsigned>(config.seed % 1000003);
  z3::solver solver(ctx);
  z3::params p(ctx);
  p.set("rlimit", static_cast<unsigned>(config.rlimit));
  // Z3 4.8 does not count resources in every procedure (its nonlinear arithmetic can run for minutes under
  // some seeds without reaching the rlimit): a wall-clock backstop ends every call, and is no answer.
  p.set("timeout", static_cast<unsigned>(backstop(config).count()));
  p.set("random_seed", seed);
  solver.set(p);
  return solver;
}

// cvc5's answers by query text (with its rlimit and search): a claim checked twice (two labels sharing
// a checker) asks cvc5 once.
std::mutex answers_mutex;
std::map<std::string, SecondAnswer> answers;

std::optional<SecondAnswer> answered(const std::string& key) {
  std::lock_guard<std::mutex> lock(answers_mutex);
  auto found = answers.find(key);
  return found == answers.end() ? std::nullopt : std::optional<SecondAnswer>(found->second);
}

void remember(const std::string& key, const SecondAnswer& answer) {
  std::lock_guard<std::mutex> lock(answers_mutex);
  answers.emplace(key, answer);
}

// A product of two non-numerals, or a division or modulus by a non-numeral, anywhere in `e`: Z3's
// arith-max-deg probe misses those under an ite and in div/mod, and cvc5 rejects them in a linear logic.
bool nonlinear(const z3::expr& e, std::set<unsigned>& seen) {
  if (!e.is_app() || !seen.insert(e.id()).second) return false;
  Z3_decl_kind kind = e.decl().decl_kind();
  unsigned unknowns = 0;
  for (unsigned i = 0; i < e.num_args(); ++i) unknowns += e.arg(i).is_numeral() ? 0 : 1;
  bool divides = kind == Z3_OP_DIV || kind == Z3_OP_IDIV || kind == Z3_OP_MOD || kind == Z3_OP_REM;
  if ((kind == Z3_OP_MUL && unknowns > 1) || (divides && !e.arg(1).is_numeral())) return true;
  for (unsigned i = 0; i < e.num_args(); ++i)
    if (nonlinear(e.arg(i), seen)) return true;
  return false;
}

// Where the query's dump goes: under its file name in smt2_dir when dumps are kept, else a temporary
// file that `scratch` removes (the first such call also sweeps the dumps of runs that died).
std::filesystem::path dump_path(const RunConfig& config, const std::string& file_name, PendingRemoval& scratch) {
  if (!config.smt2_dir.empty()) {
    std::filesystem::create_directories(config.smt2_dir);
    return std::filesystem::path(config.smt2_dir) / file_name;
  }
  static unsigned counter = 0;
  static const int swept = sweep_stale_query_dumps(std::filesystem::temp_directory_path().string());
  (void)swept;
  std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("palcheck-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + file_name);
  scratch = PendingRemoval(path.string(), RemovalKind::File);
  return path;
}

// How cvc5 is asked: for a model after Z3's sat, else for a refutation (a linear one in a linear logic).
Cvc5Search cvc5_search(SolverAnswer z3, const std::string& text) {
  const bool linear = text.find("(set-logic QF_LRA)") != std::string::npos ||
                      text.find("(set-logic QF_LIA)") != std::string::npos ||
                      text.find("(set-logic QF_LIRA)") != std::string::npos;
  return z3 == SolverAnswer::Sat ? Cvc5Search::ModelSearch
         : linear                ? Cvc5Search::LinearRefutation
                                 : Cvc5Search::Refutation;
}

// cvc5's answer to the dump at `path`: NotAsked when `key` is empty, the one remembered under `key`, or a
// run started now.
std::future<SecondAnswer> second_answer(const std::string& key, const std::string& path, const RunConfig& config,
                                        Cvc5Search search) {
  std::optional<SecondAnswer> known;
  if (key.empty())
    known = SecondAnswer{cvc5_version(), {SolverAnswer::NotAsked, ""}};
  else
    known = answered(key);
  if (!known) return start_cvc5(path, config.rlimit, search, config.query_seconds);
  std::promise<SecondAnswer> ready;
  ready.set_value(*known);
  return ready.get_future();
}

}  // namespace

class Query::Solver : public z3::solver {
 public:
  explicit Solver(z3::solver s) : z3::solver(std::move(s)) {}
};

Query::Query(smt::Context& ctx, const RunConfig& config, std::string name)
    : ctx_(ctx), config_(config), name_(std::move(name)) {}

Query::~Query() = default;

Query::Solver& Query::solver() {
  // Made at first use, as if the query had been declared there: a claim may first run other queries
  // in the same context, and Z3's answers depend on that order.
  if (!solver_) solver_ = std::make_unique<Solver>(seeded_solver(z3_of(ctx_), config_));
  return *solver_;
}

void Query::fact(const smt::Term& e) { solver().add(z3_of(e)); }

Query& Query::sibling(std::string name) { return siblings_.emplace_back(ctx_, config_, std::move(name)); }

void Query::facts(const std::vector<smt::Term>& es) {
  for (const smt::Term& e : es) solver().add(z3_of(e));
}

void Query::hypothesis(const std::string& name, const smt::Term& e) {
  // Standard SMT-LIB2 forbids '|' and '\\' inside a quoted symbol: the literal's name keeps the rest.
  std::string symbol = "hyp!" + std::to_string(names_.size()) + "!";
  for (char c : name) symbol += (c == '|' || c == '\\') ? '!' : c;
  z3::expr literal = z3_of(ctx_).bool_const(symbol.c_str());
  solver().add(z3::implies(literal, z3_of(e)));
  literals_.emplace_back(ctx_, static_cast<Z3_ast>(literal));
  names_.push_back(name);
}

std::string Query::file_name() const {
  std::string file;
  for (char c : name_) file += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return file + ".smt2";
}

std::string Query::smt2() {
  // The dump asserts the hypotheses outright: `z3 file.smt2` and `cvc5 file.smt2` answer the same question.
  z3::context& ctx = z3_of(ctx_);
  z3::solver copy(ctx);
  z3::goal goal(ctx);
  for (const z3::expr& a : solver().assertions()) {
    copy.add(a);
    goal.add(a);
  }
  for (const smt::Term& l : literals_) copy.add(z3_of(l));
  std::string body = copy.to_smt2();
  // The narrowest standard logic: cvc5 is about twice as fast under QF_AUFLIRA as under ALL, and two to
  // three times faster again under QF_LIRA (no arrays, no uninterpreted functions) than under QF_AUFLIRA.
  std::string logic = "QF_AUFLIRA";
  if (z3::probe(ctx, "has-quantifiers")(goal) > 0 || body.find("(Array") != std::string::npos)
    logic = "ALL";
  // Quantifier-free from here, so the probes' quantified fragments are the QF_ ones (Z3's is-qflira refuses
  // some goals that its is-lira accepts and cvc5 reads as QF_LIRA).
  else if (z3::probe(ctx, "is-lra")(goal) > 0)
    logic = "QF_LRA";
  else if (z3::probe(ctx, "is-lia")(goal) > 0)
    logic = "QF_LIA";
  else if (z3::probe(ctx, "is-lira")(goal) > 0)
    logic = "QF_LIRA";
  else if (z3::probe(ctx, "arith-max-deg")(goal) > 1 || [&] {
             std::set<unsigned> seen;
             for (const z3::expr& a : solver().assertions())
               if (nonlinear(a, seen)) return true;
             return false;
           }())
    logic = "QF_UFNIRA";
  return "; palcheck query " + name_ + "\n(set-logic " + logic + ")\n" + body;
}

PendingOutcome Query::start() {
  QueryOutcome outcome;
  PendingRemoval scratch;
  const std::filesystem::path path = dump_path(config_, file_name(), scratch);
  if (!config_.smt2_dir.empty()) outcome.smt2_path = path.string();
  // The dump is cvc5's input; without cvc5 it is written (and made) only where it is kept.
  const bool dumped = config_.second_solver || !config_.smt2_dir.empty();
  const std::string text = dumped ? smt2() : std::string();
  if (dumped) write_file_atomically(path.string(), text);
  z3::expr_vector literals(z3_of(ctx_));
  for (const smt::Term& l : literals_) literals.push_back(z3_of(l));
  const auto started = std::chrono::steady_clock::now();
  switch (solver().check(literals)) {
    case z3::sat:
      outcome.answer = SolverAnswer::Sat;
      outcome.model.emplace(ctx_, static_cast<Z3_model>(solver_->get_model()));
      break;
    case z3::unsat:
      outcome.answer = SolverAnswer::Unsat;
      for (const z3::expr& c : solver_->unsat_core())
        for (unsigned i = 0; i < literals.size(); ++i)
          if (z3::eq(c, literals[static_cast<int>(i)])) outcome.core.push_back(names_[i]);
      break;
    case z3::unknown:
      // Stopped at the wall-clock backstop rather than by the rlimit: the machine's load chose it.
      outcome.answer = std::chrono::steady_clock::now() - started >= backstop(config_)
                           ? SolverAnswer::Backstop
                           : SolverAnswer::Unknown;
      // The limits and the seed the answer depends on, so that a TIMEOUT can be re-run as it was.
      outcome.reason_unknown = solver_->reason_unknown() + " (seed " + std::to_string(config_.seed) + ", rlimit " +
                               std::to_string(config_.rlimit) + ", wall-clock limit " +
                               std::to_string(config_.query_seconds) + " s)";
      break;
  }
  Cvc5Search search = cvc5_search(outcome.answer, text);
  // cvc5's answers are remembered by this key; a query cvc5 is not asked has none.
  std::string key = config_.second_solver
                        ? std::to_string(config_.rlimit) + " " + std::to_string(static_cast<int>(search)) + "\n" + text
                        : "";
  std::future<SecondAnswer> second = second_answer(key, path.string(), config_, search);
  return PendingOutcome(std::move(outcome), std::move(second), path.string(), config_.smt2_dir, std::move(key),
                        std::move(scratch));
}

QueryOutcome Query::check() { return start().get(); }

PendingOutcome::PendingOutcome(QueryOutcome outcome, std::future<SecondAnswer> second, std::string path,
                               std::string keep_dir, std::string key, PendingRemoval scratch)
    : outcome_(std::move(outcome)),
      second_(std::move(second)),
      path_(std::move(path)),
      keep_dir_(std::move(keep_dir)),
      key_(std::move(key)),
      scratch_(std::move(scratch)) {}

QueryOutcome PendingOutcome::get() {
  QueryOutcome outcome = std::move(outcome_);
  outcome.second = second_.get();
  // A backstop's stop is this moment's load, not the query's answer: it is not remembered.
  if (!key_.empty() && !backstopped(outcome.second.reply)) remember(key_, outcome.second);
  // A disagreement keeps its query file, so that the ERROR it becomes names a file both solvers can re-read;
  // in the temporary folder under a name the sweep of killed runs' dumps leaves alone.
  if (solvers_disagree(outcome)) {
    if (keep_dir_.empty()) {
      std::filesystem::path kept = std::filesystem::path(path_).parent_path() /
                                   ("palcheck-disagreement-" + std::filesystem::path(path_).filename().string().substr(9));
      std::error_code ec;
      std::filesystem::rename(path_, kept, ec);
      if (!ec) path_ = kept.string();
    }
    outcome.smt2_path = path_;
  } else if (keep_dir_.empty())
    std::filesystem::remove(path_);  // no error if it was never written
  scratch_.release();
  if (!keep_dir_.empty() || solvers_disagree(outcome)) {
    // The kept dump records both answers, so that it can be checked against both binaries later.
    std::ifstream in(path_);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    write_file_atomically(path_, text + "; z3 answered: " + to_string(outcome.answer) +
                                     "\n; cvc5 answered: " + to_string(outcome.second.reply) + "\n");
  }
  return outcome;
}

int sweep_stale_query_dumps(const std::string& folder) {
  int removed = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    // palcheck-PID-N-NAME.smt2, PID and N decimal: the form Query::start gives its dumps, and no other.
    const std::string prefix = "palcheck-", suffix = ".smt2";
    if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    std::size_t at = prefix.size(), pid_end = name.find('-', at);
    if (pid_end == std::string::npos || pid_end == at || pid_end - at > 9) continue;
    std::size_t n_end = name.find('-', pid_end + 1);
    if (n_end == std::string::npos || n_end == pid_end + 1) continue;
    auto digits = [&](std::size_t from, std::size_t to) {
      return std::all_of(name.begin() + static_cast<long>(from), name.begin() + static_cast<long>(to),
                         [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digits(at, pid_end) || !digits(pid_end + 1, n_end)) continue;
    const long pid = std::stol(name.substr(at, pid_end - at));
    if (pid <= 0 || pid == ::getpid() || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
        std::time(nullptr) - st.st_mtime < kStaleSeconds)
      continue;
    if (::unlink(it->path().c_str()) == 0) ++removed;
  }
  return removed;
}

bool stopped_at_a_limit(const std::string& reason) {
  for (const char* word : {"resource", "canceled", "timeout"})
    if (reason.find(word) != std::string::npos) return true;
  return false;
}

bool solvers_disagree(const QueryOutcome& outcome) {
  return (outcome.answer == SolverAnswer::Sat && outcome.second.reply.is(SolverAnswer::Unsat)) ||
         (outcome.answer == SolverAnswer::Unsat && outcome.second.reply.is(SolverAnswer::Sat));
}

std::optional<std::string> backstop_stop(const std::string& query, const SolverReply& z3, const SolverReply& cvc5) {
  const SolverReply* stopped = backstopped(z3) ? &z3 : backstopped(cvc5) ? &cvc5 : nullptr;
  if (!stopped) return std::nullopt;
  return std::string(stopped == &z3 ? "Z3" : "cvc5") + " was " + to_string(*stopped) + (query.empty() ? "" : " on " + query) +
         ": the machine's load ended it before its resource limit did, so nothing is claimed; run it again on a " +
         "less loaded machine";
}

std::optional<std::string> backstop_stop(const QueryOutcome& outcome) {
  return backstop_stop(outcome.smt2_path, z3_reply(outcome), outcome.second.reply);
}

SolverReply z3_reply(const QueryOutcome& outcome) {
  const bool why = outcome.answer == SolverAnswer::Unknown || outcome.answer == SolverAnswer::Backstop;
  return {outcome.answer, why ? outcome.reason_unknown : ""};
}

std::vector<smt::Term> symbolic_sequence(smt::Context& ctx, const std::string& name, std::size_t n) {
  std::vector<smt::Term> u;
  for (std::size_t t = 0; t < n; ++t) u.push_back(ctx.real_const((name + std::to_string(t)).c_str()));
  return u;
}

std::vector<Q> model_values(const smt::Model& model, const std::vector<smt::Term>& es) {
  std::vector<Q> out;
  for (const smt::Term& e : es) out.push_back(model_value(model, e));
  return out;
}

Q numeral_value(const smt::Term& e) {
  if (!e.is_numeral()) throw std::runtime_error("not a rational numeral: " + e.to_string());
  std::optional<Q> q = parse_rational(Z3_get_numeral_string(z3_of(e.ctx()), static_cast<Z3_ast>(e.native())));
  if (!q) throw std::runtime_error("unparsable numeral: " + e.to_string());
  return *q;
}

Q model_value(const smt::Model& model, const smt::Term& e) { return numeral_value(model.eval(e, true)); }

long long model_int(const smt::Model& model, const smt::Term& e) {
  Q q = model_value(model, e);
  if (denominator(q) != 1) throw std::runtime_error("not an integer: " + e.to_string());
  return numerator(q).convert_to<long long>();
}

smt::Term real_val(smt::Context& ctx, const Q& q) { return ctx.real_val(palcheck::to_string(q).c_str()); }

}  // namespace palcheck::smt
