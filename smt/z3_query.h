// The machinery every Z3 checker shares (all labels checked in proofs/): named hypotheses as
// assumption literals, so that an unsat core names the hypotheses a proof needed; deterministic limits
// (rlimit and fixed seeds) with a wall-clock limit behind them for the procedures Z3 does not count; a
// standalone .smt2 file per query on request.
#pragma once

#include "claims/claim.h"
#include "reference/rational.h"
#include "smt/second_solver.h"
#include "smt/term.h"
#include "util/pending_removal.h"

#include <future>
#include <list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace palcheck::smt {

/// The answer of one query with everything a verdict needs.
struct QueryOutcome {
  SolverAnswer answer = SolverAnswer::Unknown;  ///< sat / unsat / unknown
  std::string reason_unknown;                   ///< Z3's reason when unknown
  std::vector<std::string> core;                ///< hypotheses in the unsat core (when unsat)
  std::optional<smt::Model> model;              ///< the model (when sat)
  std::string smt2_path;                        ///< the dumped query (kept only when RunConfig::smt2_dir is set)
  SecondAnswer second;                          ///< cvc5's answer to the same SMT-LIB2 text
};

/// A query Z3 has answered while cvc5 may still be running on its dump (see Query::start).
class PendingOutcome {
 public:
  /// Waits for cvc5 and returns both answers; call once.
  QueryOutcome get();

 private:
  friend class Query;
  PendingOutcome(QueryOutcome outcome, std::future<SecondAnswer> second, std::string path, std::string keep_dir,
                 std::string key, PendingRemoval scratch);
  QueryOutcome outcome_;
  std::future<SecondAnswer> second_;
  std::string path_;      // the dump cvc5 reads
  std::string keep_dir_;  // RunConfig::smt2_dir: the dump stays, with both answers appended
  std::string key_;       // the dump's text with cvc5's limit and search: identical queries ask cvc5 once
  PendingRemoval scratch_;  // a dump in the temporary folder, removed if the run is stopped
};

/// One satisfiability query: background facts, named hypotheses, seeds and rlimit from RunConfig.
class Query {
 public:
  /// A fresh solver in `ctx`; `name` names the .smt2 dump.
  Query(smt::Context& ctx, const RunConfig& config, std::string name);
  ~Query();

  /// Asserts a fact that is part of the encoding (definitions, the negated goal).
  void fact(const smt::Term& e);
  /// Asserts every fact of an encoding (an unrolling's transition constraints).
  void facts(const std::vector<smt::Term>& es);
  /// Asserts a hypothesis under a name; it appears in the unsat core when a proof needs it.
  void hypothesis(const std::string& name, const smt::Term& e);
  /// Runs the query in Z3 and in cvc5 (through an SMT-LIB2 dump, kept when RunConfig::smt2_dir is set).
  QueryOutcome check();
  /// Runs Z3 and starts cvc5 on the dump (its search heuristic picked by Z3's answer) without waiting.
  PendingOutcome start();

  /// Another query in the same context (a side question of the claim), kept as long as this one: Z3's
  /// answers depend on which solvers are still alive, so a side query must not be freed before this one
  /// is checked.
  Query& sibling(std::string name);

  /// The context of the query.
  smt::Context& ctx() { return ctx_; }

 private:
  std::string smt2();
  std::string file_name() const;
  class Solver;  // Z3's solver, seeded
  Solver& solver();

  smt::Context& ctx_;
  const RunConfig& config_;
  std::string name_;
  std::unique_ptr<Solver> solver_;
  std::vector<smt::Term> literals_;
  std::vector<std::string> names_;
  std::list<Query> siblings_;
};

/// True when Z3's reason for "unknown" is one of its limits (resources, wall clock): a TIMEOUT, not UNKNOWN.
bool stopped_at_a_limit(const std::string& reason);

/// True when one solver says sat and the other unsat.
bool solvers_disagree(const QueryOutcome& outcome);

/// What an ERROR says when the wall-clock backstop stopped either solver on this query; nullopt otherwise.
std::optional<std::string> backstop_stop(const QueryOutcome& outcome);

/// The same for one query of an induction, by name.
std::optional<std::string> backstop_stop(const std::string& query, const SolverReply& z3, const SolverReply& cvc5);

/// Removes the query dumps a killed run left in `folder` (SIGKILL: no handler runs): files of this user
/// named palcheck-PID-N-NAME.smt2 whose process is gone and that were not modified for kStaleSeconds
/// (util/temporary_name.h); returns how many. The first query of a run sweeps the temporary folder. A
/// dump kept for an ERROR is renamed palcheck-disagreement-PID-N-NAME.smt2, which the sweep leaves.
int sweep_stale_query_dumps(const std::string& folder);

/// Z3's answer in `outcome` as a reply (its reason when unknown).
SolverReply z3_reply(const QueryOutcome& outcome);

/// Real constants name0, name1, ... (a symbolic input sequence of n values).
std::vector<smt::Term> symbolic_sequence(smt::Context& ctx, const std::string& name, std::size_t n);

/// The exact values of `es` in `model`.
std::vector<Q> model_values(const smt::Model& model, const std::vector<smt::Term>& es);

/// The exact value of `e` in `model` (completed); throws if it is not a rational numeral.
Q model_value(const smt::Model& model, const smt::Term& e);

/// The integer value of `e` in `model`.
long long model_int(const smt::Model& model, const smt::Term& e);

/// The Z3 numeral of an exact rational.
smt::Term real_val(smt::Context& ctx, const Q& q);

/// A Z3 numeral back as an exact rational; throws if `e` is not a rational numeral.
Q numeral_value(const smt::Term& e);

}  // namespace palcheck::smt
