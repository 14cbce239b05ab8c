// Query machinery for the Z3 checkers (see z3_query.h).
#include "proofs/z3_query.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <unistd.h>

namespace palcheck::proofs {

namespace {

z3::solver seeded_solver(z3::context& ctx, const RunConfig& config) {
  // Seeds are global parameters in Z3 4.8 and must be set before the solver exists.
  int seed = static_cast<int>(config.seed % 1000003);
  z3::set_param("smt.random_seed", seed);
  z3::set_param("sat.random_seed", seed);
  z3::solver solver(ctx);
  z3::params p(ctx);
  p.set("rlimit", static_cast<unsigned>(config.rlimit));
  p.set("random_seed", static_cast<unsigned>(seed));
  solver.set(p);
  return solver;
}

}  // namespace

Query::Query(z3::context& ctx, const RunConfig& config, std::string name)
    : ctx_(ctx), config_(config), name_(std::move(name)), solver_(seeded_solver(ctx, config)), literals_(ctx) {}

void Query::fact(const z3::expr& e) { solver_.add(e); }

void Query::hypothesis(const std::string& name, const z3::expr& e) {
  // Standard SMT-LIB2 forbids '|' and '\\' inside a quoted symbol: the literal's name keeps the rest.
  std::string symbol = "hyp!" + std::to_string(names_.size()) + "!";
  for (char c : name) symbol += (c == '|' || c == '\\') ? '!' : c;
  z3::expr literal = ctx_.bool_const(symbol.c_str());
  solver_.add(z3::implies(literal, e));
  literals_.push_back(literal);
  names_.push_back(name);
}

std::string Query::file_name() const {
  std::string file;
  for (char c : name_) file += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return file + ".smt2";
}

std::string Query::smt2() const {
  // The dump asserts the hypotheses outright: `z3 file.smt2` and `cvc5 file.smt2` answer the same question.
  z3::solver copy(ctx_);
  z3::goal goal(ctx_);
  for (const z3::expr& a : solver_.assertions()) {
    copy.add(a);
    goal.add(a);
  }
  for (const z3::expr& l : literals_) copy.add(l);
  std::string body = copy.to_smt2();
  // The narrowest standard logic: cvc5 is about twice as fast under QF_AUFLIRA as under ALL.
  std::string logic = "QF_AUFLIRA";
  if (z3::probe(ctx_, "has-quantifiers")(goal) > 0 || body.find("(Array") != std::string::npos) logic = "ALL";
  else if (z3::probe(ctx_, "arith-max-deg")(goal) > 1) logic = "QF_UFNIRA";
  return "; palcheck query " + name_ + "\n(set-logic " + logic + ")\n" + body;
}

QueryOutcome Query::check() {
  QueryOutcome outcome;
  std::filesystem::path path;
  if (!config_.smt2_dir.empty()) {
    std::filesystem::create_directories(config_.smt2_dir);
    path = std::filesystem::path(config_.smt2_dir) / file_name();
    outcome.smt2_path = path.string();
  } else {
    static unsigned counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("palcheck-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + file_name());
  }
  {
    std::ofstream out(path);
    out << smt2();
  }
  switch (solver_.check(literals_)) {
    case z3::sat:
      outcome.answer = SolverAnswer::Sat;
      outcome.model = solver_.get_model();
      break;
    case z3::unsat:
      outcome.answer = SolverAnswer::Unsat;
      for (const z3::expr& c : solver_.unsat_core())
        for (unsigned i = 0; i < literals_.size(); ++i)
          if (z3::eq(c, literals_[static_cast<int>(i)])) outcome.core.push_back(names_[i]);
      break;
    case z3::unknown:
      outcome.answer = SolverAnswer::Unknown;
      outcome.reason_unknown = solver_.reason_unknown();
      break;
  }
  outcome.second = run_cvc5(path.string(), config_.rlimit);
  // A disagreement keeps its query file, so that the ERROR it becomes names a file both solvers can re-read.
  if (solvers_disagree(outcome)) outcome.smt2_path = path.string();
  else if (config_.smt2_dir.empty()) std::filesystem::remove(path);
  return outcome;
}

bool solvers_disagree(const QueryOutcome& outcome) {
  return (outcome.answer == SolverAnswer::Sat && outcome.second.answer == "unsat") ||
         (outcome.answer == SolverAnswer::Unsat && outcome.second.answer == "sat");
}

std::string to_string(SolverAnswer a) {
  switch (a) {
    case SolverAnswer::Sat: return "sat";
    case SolverAnswer::Unsat: return "unsat";
    case SolverAnswer::Unknown: return "unknown";
  }
  return "unknown";
}

Q numeral_value(const z3::expr& e) {
  if (!e.is_numeral()) throw std::runtime_error("not a rational numeral: " + e.to_string());
  std::optional<Q> q = parse_rational(Z3_get_numeral_string(e.ctx(), e));
  if (!q) throw std::runtime_error("unparsable numeral: " + e.to_string());
  return *q;
}

Q model_value(const z3::model& model, const z3::expr& e) { return numeral_value(model.eval(e, true)); }

long long model_int(const z3::model& model, const z3::expr& e) {
  Q q = model_value(model, e);
  if (denominator(q) != 1) throw std::runtime_error("not an integer: " + e.to_string());
  return numerator(q).convert_to<long long>();
}

z3::expr real_val(z3::context& ctx, const Q& q) { return ctx.real_val(palcheck::to_string(q).c_str()); }

}  // namespace palcheck::proofs
