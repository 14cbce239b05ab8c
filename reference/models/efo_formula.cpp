// EFO formulas and their evaluator (see efo_formula.h).
#include "efo_formula.h"

#include <stdexcept>

namespace palcheck {
namespace {

FormulaPtr node(Formula::Kind kind, std::string var = {}, std::string var2 = {}, Q c = 0,
                std::vector<FormulaPtr> args = {}) {
  return std::make_shared<const Formula>(Formula{kind, std::move(var), std::move(var2), std::move(c), std::move(args)});
}

std::size_t lookup(const Assignment& env, const std::string& var) {
  auto it = env.find(var);
  if (it == env.end()) throw std::invalid_argument("free variable " + var);
  return it->second;
}

}  // namespace

std::string to_string(const ExtremumReading& r) {
  return std::string("endpoints=") + (r.endpoints ? "yes" : "no") + ",plateau=" + (r.strict ? "strict" : "non-strict");
}

std::vector<ExtremumReading> all_extremum_readings() {
  return {{true, true}, {true, false}, {false, true}, {false, false}};
}

std::vector<bool> extremal_positions(const std::vector<Q>& u, const ExtremumReading& reading) {
  std::vector<bool> e(u.size(), false);
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (i == 0 || i + 1 == u.size()) {
      e[i] = reading.endpoints;
      continue;
    }
    const Q &a = u[i - 1], &b = u[i], &c = u[i + 1];
    e[i] = reading.strict ? ((b > a && b > c) || (b < a && b < c)) : ((b >= a && b >= c) || (b <= a && b <= c));
  }
  return e;
}

FormulaPtr efo_true() { return node(Formula::Kind::True); }
FormulaPtr efo_ge(const std::string& var, const Q& c) { return node(Formula::Kind::Ge, var, {}, c); }
FormulaPtr efo_le(const std::string& var, const Q& c) { return node(Formula::Kind::Le, var, {}, c); }
FormulaPtr efo_gt(const std::string& var, const Q& c) { return node(Formula::Kind::Gt, var, {}, c); }
FormulaPtr efo_before(const std::string& i, const std::string& j) { return node(Formula::Kind::Before, i, j); }
FormulaPtr efo_not(FormulaPtr f) { return node(Formula::Kind::Not, {}, {}, 0, {std::move(f)}); }
FormulaPtr efo_and(FormulaPtr f, FormulaPtr g) {
  return node(Formula::Kind::And, {}, {}, 0, {std::move(f), std::move(g)});
}
FormulaPtr efo_implies(FormulaPtr f, FormulaPtr g) {
  return node(Formula::Kind::Implies, {}, {}, 0, {std::move(f), std::move(g)});
}
FormulaPtr efo_exists(const std::string& var, FormulaPtr body) {
  return node(Formula::Kind::ExistsExt, var, {}, 0, {std::move(body)});
}
FormulaPtr efo_forall(const std::string& var, FormulaPtr body) {
  return node(Formula::Kind::ForallExt, var, {}, 0, {std::move(body)});
}

bool holds(const FormulaPtr& phi, const std::vector<Q>& u, const ExtremumReading& reading, const Assignment& env) {
  using K = Formula::Kind;
  switch (phi->kind) {
    case K::True: return true;
    case K::False: return false;
    case K::Ge: return u.at(lookup(env, phi->var)) >= phi->constant;
    case K::Le: return u.at(lookup(env, phi->var)) <= phi->constant;
    case K::Gt: return u.at(lookup(env, phi->var)) > phi->constant;
    case K::Before: return lookup(env, phi->var) < lookup(env, phi->var2);
    case K::Not: return !holds(phi->args[0], u, reading, env);
    case K::And: return holds(phi->args[0], u, reading, env) && holds(phi->args[1], u, reading, env);
    case K::Or: return holds(phi->args[0], u, reading, env) || holds(phi->args[1], u, reading, env);
    case K::Implies: return !holds(phi->args[0], u, reading, env) || holds(phi->args[1], u, reading, env);
    case K::ExistsExt:
    case K::ForallExt: {
      const bool exists = phi->kind == K::ExistsExt;
      std::vector<bool> e = extremal_positions(u, reading);
      for (std::size_t i = 0; i < u.size(); ++i) {
        if (!e[i]) continue;
        Assignment inner = env;
        inner[phi->var] = i;
        if (holds(phi->args[0], u, reading, inner) == exists) return exists;
      }
      return !exists;
    }
  }
  throw std::logic_error("unknown formula kind");
}

Q value(const ExtAggTerm& term, const std::vector<Q>& u, const ExtremumReading& reading, const Assignment& env) {
  std::vector<bool> e = extremal_positions(u, reading);
  Q sum = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (!e[i]) continue;
    Assignment inner = env;
    inner[term.var] = i;
    if (holds(term.phi, u, reading, inner)) sum += term.a * u[i] + term.b;
  }
  return sum;
}

FormulaPtr relay_formula(const Q& alpha, const Q& beta) {
  return efo_exists(
      "t*", efo_and(efo_ge("t*", alpha), efo_forall("t", efo_implies(efo_before("t*", "t"), efo_gt("t", beta)))));
}

std::string to_string(const FormulaPtr& phi) {
  using K = Formula::Kind;
  switch (phi->kind) {
    case K::True: return "T";
    case K::False: return "F";
    case K::Ge: return "u_" + phi->var + " >= " + to_string(phi->constant);
    case K::Le: return "u_" + phi->var + " <= " + to_string(phi->constant);
    case K::Gt: return "u_" + phi->var + " > " + to_string(phi->constant);
    case K::Before: return phi->var + " <ext " + phi->var2;
    case K::Not: return "not (" + to_string(phi->args[0]) + ")";
    case K::And: return "(" + to_string(phi->args[0]) + " and " + to_string(phi->args[1]) + ")";
    case K::Or: return "(" + to_string(phi->args[0]) + " or " + to_string(phi->args[1]) + ")";
    case K::Implies: return "(" + to_string(phi->args[0]) + " -> " + to_string(phi->args[1]) + ")";
    case K::ExistsExt: return "exists^ext " + phi->var + " " + to_string(phi->args[0]);
    case K::ForallExt: return "forall^ext " + phi->var + " " + to_string(phi->args[0]);
  }
  return "?";
}

}  // namespace palcheck
