// Verdicts from Z3 answers, confirmed by cvc5 (see judgement.h).
#include "smt/judgement.h"

#include "smt/bmc_bound.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace palcheck::smt {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string bmc_bound(std::size_t n) {
  return "sequences of at most " + std::to_string(n) + " inputs (bounded model check)";
}

CheckResult solver_result(const QueryOutcome& outcome, const std::string& method) {
  CheckResult r;
  r.verdict = Verdict::Unknown;  // the caller decides unless the solvers disagree
  r.method = method;
  r.details.emplace_back("z3", to_string(outcome.answer));
  r.details.emplace_back(outcome.second.solver, to_string(outcome.second.reply));
  if (!outcome.smt2_path.empty()) r.details.emplace_back("smt2", outcome.smt2_path);
  r.second_solver = SecondSolver{outcome.second.solver, to_string(outcome.second.reply)};
  if (solvers_disagree(outcome)) {
    r.verdict = Verdict::Error;
    r.summary = "the solvers disagree: Z3 says " + to_string(outcome.answer) + ", " + outcome.second.solver + " says " +
                to_string(outcome.second.reply) + " on " + outcome.smt2_path;
  } else if (const std::optional<std::string> stop = backstop_stop(outcome)) {
    r.verdict = Verdict::Error;
    r.summary = *stop;
  }
  return r;
}

bool confirmed_unsat(const QueryOutcome& outcome) {
  return outcome.answer == SolverAnswer::Unsat && outcome.second.reply.is(SolverAnswer::Unsat);
}

CheckResult judge(const QueryOutcome& outcome, const Judgement& j) {
  CheckResult r = solver_result(outcome, j.method);
  r.reading = j.reading;
  r.interpretation = j.interpretation;
  if (r.verdict == Verdict::Error) return r;
  switch (outcome.answer) {
    case SolverAnswer::Unsat:
      r.hypotheses_used = outcome.core;
      r.hypotheses_used.insert(r.hypotheses_used.end(), j.implicit.begin(), j.implicit.end());
      r.details.emplace_back("unsat core", outcome.core.empty() ? "(no hypothesis needed)" : join(outcome.core));
      if (!confirmed_unsat(outcome)) {
        // PROVED needs both solvers: a Z3 proof that cvc5 could not confirm is not one.
        r.verdict = Verdict::Unknown;
        r.summary = "Z3 says unsat but " + outcome.second.solver + " did not confirm (" + to_string(outcome.second.reply) +
                    "): " + j.proved;
        break;
      }
      r.verdict = j.bound.empty() ? Verdict::Proved : Verdict::Bounded;
      r.bound = j.bound;
      // A reading-specific proof says so in the one line a reader sees first.
      r.summary = j.implicit.empty() ? j.proved : j.proved + " [under: " + join(j.implicit) + "]";
      break;
    case SolverAnswer::Sat:
      if (!j.witness) {
        r.verdict = Verdict::Error;
        r.summary = "Z3 found a model where a proof was expected, and this check has no replayable witness";
        break;
      }
      r.verdict = Verdict::Refuted;
      r.summary = j.refuted;
      r.counterexample = j.witness(*outcome.model);
      break;
    case SolverAnswer::Unknown:
    case SolverAnswer::Error:
    case SolverAnswer::NotAsked:
    case SolverAnswer::Backstop: {
      r.verdict = stopped_at_a_limit(outcome.reason_unknown) ? Verdict::Timeout : Verdict::Unknown;
      r.summary = "Z3 gave up: " + outcome.reason_unknown;
      r.details.emplace_back("reason_unknown", outcome.reason_unknown);
      break;
    }
  }
  return r;
}

CheckResult judge_induction(const std::vector<InductionCase>& cases, const Judgement& j) {
  CheckResult r;
  r.method = "induction";
  r.reading = j.reading;
  r.interpretation = j.interpretation;
  bool all = true;
  for (const InductionCase& k : cases) {
    CheckResult one = solver_result(k.outcome, "induction");
    if (one.verdict == Verdict::Error) return one;
    all = all && confirmed_unsat(k.outcome);
    r.details.emplace_back(k.name, "z3 " + to_string(k.outcome.answer) + ", cvc5 " + to_string(k.outcome.second.reply) +
                                       (k.outcome.smt2_path.empty() ? "" : " (" + k.outcome.smt2_path + ")"));
    for (const std::string& h : k.outcome.core)
      if (std::find(r.hypotheses_used.begin(), r.hypotheses_used.end(), h) == r.hypotheses_used.end())
        r.hypotheses_used.push_back(h);
  }
  r.second_solver = SecondSolver{cvc5_version(), all ? "unsat" : "not all unsat (see details)"};
  if (all) {
    r.verdict = Verdict::Proved;
    r.summary = j.proved;
    r.hypotheses_used.insert(r.hypotheses_used.end(), j.implicit.begin(), j.implicit.end());
  } else {
    r.verdict = Verdict::Unknown;
    r.summary = "the induction did not close: " + j.proved;
    for (const InductionCase& k : cases)
      if (k.outcome.answer == SolverAnswer::Unknown)
        r.summary = "Z3 gave up on " + k.name + ": " + k.outcome.reason_unknown;
    r.hypotheses_used.clear();
  }
  return r;
}

Instance Witness::operator()(const smt::Model& model) const {
  Instance inst{label, scenario, options, fixed};
  for (const auto& [key, terms] : read) inst.values[key] = model_values(model, terms);
  return inst;
}

CheckResult prove(const RunConfig& config, const std::string& name,
                  const std::function<Judgement(smt::Context&, Query&)>& claim) {
  return prove_each(
             config, 1, [&](std::size_t) { return name; },
             [&](smt::Context& c, Query& q, std::size_t) { return claim(c, q); })
      .front();
}

QueryOutcome ask(const RunConfig& config, const std::string& name,
                 const std::function<void(smt::Context&, Query&)>& build) {
  smt::Context c;
  Query q(c, config, name);
  build(c, q);
  QueryOutcome outcome = q.check();
  outcome.model.reset();
  return outcome;
}

std::vector<CheckResult> prove_each(const RunConfig& config, std::size_t count,
                                    const std::function<std::string(std::size_t)>& name,
                                    const std::function<Judgement(smt::Context&, Query&, std::size_t)>& claim) {
  // Each query keeps its context until it is judged (a witness reads the model in it), and no longer:
  // at most two contexts live at once, whatever the number of items.
  struct Open {
    std::unique_ptr<smt::Context> context;
    std::unique_ptr<Query> query;
    Judgement judgement;
    std::optional<PendingOutcome> pending;
  };
  std::vector<Open> open(count);
  std::vector<CheckResult> out;
  auto finish = [&](Open& o) {
    out.push_back(judge(o.pending->get(), o.judgement));
    // What refers to the context goes before it.
    o.pending.reset();
    o.judgement = Judgement{};
    o.query.reset();
    o.context.reset();
  };
  for (std::size_t i = 0; i < count; ++i) {
    Open& o = open[i];
    o.context = std::make_unique<smt::Context>();
    o.query = std::make_unique<Query>(*o.context, config, name(i));
    o.judgement = claim(*o.context, *o.query, i);
    // One cvc5 at a time beside Z3: the previous query's answer is collected before the next cvc5 starts.
    PendingOutcome started = o.query->start();
    if (i > 0) finish(open[i - 1]);
    o.pending.emplace(std::move(started));
  }
  if (count > 0) finish(open[count - 1]);
  return out;
}

std::vector<CheckResult> bmc_each(
    const RunConfig& config, std::size_t count, const std::function<std::string(std::size_t)>& name,
    const std::function<Judgement(smt::Context&, Query&, std::size_t, std::size_t)>& claim) {
  // The shorter lengths only choose n: Z3 alone, no dump. A sat answer is asked again at its length by
  // prove_each, so the result, its second solver and its dump are those of one ordinary query.
  RunConfig probe = config;
  probe.second_solver = false;
  probe.smt2_dir.clear();
  const std::size_t longest = bmc_length();
  std::vector<std::size_t> length(count, longest);
  std::vector<std::optional<std::string>> stopped(count);
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t n = 2; n < longest; ++n) {
      smt::Context c;
      Query q(c, probe, name(i));
      claim(c, q, i, n);
      QueryOutcome o = q.check();
      // A length the backstop stopped would let the machine's load choose the counterexample's length.
      stopped[i] = backstop_stop(o);
      if (o.answer == SolverAnswer::Sat || stopped[i]) {
        length[i] = n;
        break;
      }
    }
  std::vector<CheckResult> out = prove_each(
      config, count, name, [&](smt::Context& c, Query& q, std::size_t i) { return claim(c, q, i, length[i]); });
  for (std::size_t i = 0; i < count; ++i)
    if (stopped[i]) {
      out[i].verdict = Verdict::Error;
      out[i].summary = *stopped[i] + " (at length " + std::to_string(length[i]) + ")";
    }
  // A shorter length whose query came back without a model after all (a wall-clock limit): the bound.
  for (std::size_t i = 0; i < count; ++i)
    if (length[i] < longest && out[i].verdict != Verdict::Refuted && out[i].verdict != Verdict::Error)
      out[i] = prove_each(
                   config, 1, [&](std::size_t) { return name(i); },
                   [&](smt::Context& c, Query& q, std::size_t) { return claim(c, q, i, longest); })
                   .front();
  return out;
}

}  // namespace palcheck::smt
