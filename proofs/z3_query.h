// The machinery every Z3 checker shares (all labels checked in proofs/): named hypotheses as
// assumption literals, so that an unsat core names the hypotheses a proof needed; deterministic
// limits (rlimit and fixed seeds, never wall-clock); a standalone .smt2 file per query on request.
#pragma once

#include "claims/claim.h"
#include "proofs/second_solver.h"
#include "reference/rational.h"

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// What Z3 answered.
enum class SolverAnswer { Sat, Unsat, Unknown };

/// The answer of one query with everything a verdict needs.
struct QueryOutcome {
  SolverAnswer answer = SolverAnswer::Unknown;  ///< sat / unsat / unknown
  std::string reason_unknown;                   ///< Z3's reason when unknown
  std::vector<std::string> core;                ///< hypotheses in the unsat core (when unsat)
  std::optional<z3::model> model;               ///< the model (when sat)
  std::string smt2_path;                        ///< the dumped query (kept only when RunConfig::smt2_dir is set)
  SecondAnswer second;                          ///< cvc5's answer to the same SMT-LIB2 text
};

/// One satisfiability query: background facts, named hypotheses, seeds and rlimit from RunConfig.
class Query {
 public:
  /// A fresh solver in `ctx`; `name` names the .smt2 dump.
  Query(z3::context& ctx, const RunConfig& config, std::string name);

  /// Asserts a fact that is part of the encoding (definitions, the negated goal).
  void fact(const z3::expr& e);
  /// Asserts a hypothesis under a name; it appears in the unsat core when a proof needs it.
  void hypothesis(const std::string& name, const z3::expr& e);
  /// Runs the query in Z3 and in cvc5 (through an SMT-LIB2 dump, kept when RunConfig::smt2_dir is set).
  QueryOutcome check();

  /// The context of the query.
  z3::context& ctx() { return ctx_; }

 private:
  std::string smt2() const;
  std::string file_name() const;

  z3::context& ctx_;
  const RunConfig& config_;
  std::string name_;
  z3::solver solver_;
  z3::expr_vector literals_;
  std::vector<std::string> names_;
};

/// True when one solver says sat and the other unsat.
bool solvers_disagree(const QueryOutcome& outcome);

/// "sat", "unsat" or "unknown".
std::string to_string(SolverAnswer a);

/// The exact value of `e` in `model` (completed); throws if it is not a rational numeral.
Q model_value(const z3::model& model, const z3::expr& e);

/// The integer value of `e` in `model`.
long long model_int(const z3::model& model, const z3::expr& e);

/// The Z3 numeral of an exact rational.
z3::expr real_val(z3::context& ctx, const Q& q);

/// A Z3 numeral back as an exact rational; throws if `e` is not a rational numeral.
Q numeral_value(const z3::expr& e);

}  // namespace palcheck::proofs
