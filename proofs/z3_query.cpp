// Query machinery for the Z3 checkers (see z3_query.h).
#include "proofs/z3_query.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <stdexcept>

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
  z3::expr literal = ctx_.bool_const(("hyp!" + std::to_string(names_.size()) + "!" + name).c_str());
  solver_.add(z3::implies(literal, e));
  literals_.push_back(literal);
  names_.push_back(name);
}

std::string Query::dump() const {
  std::string file;
  for (char c : name_) file += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  std::filesystem::create_directories(config_.smt2_dir);
  std::filesystem::path path = std::filesystem::path(config_.smt2_dir) / (file + ".smt2");
  // The dump asserts the hypotheses outright: `z3 file.smt2` then answers the same question.
  z3::solver copy(ctx_);
  for (const z3::expr& a : solver_.assertions()) copy.add(a);
  for (const z3::expr& l : literals_) copy.add(l);
  std::ofstream out(path);
  out << "; palcheck query " << name_ << "\n" << copy.to_smt2();
  return path.string();
}

QueryOutcome Query::check() {
  QueryOutcome outcome;
  if (!config_.smt2_dir.empty()) outcome.smt2_path = dump();
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
  return outcome;
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
