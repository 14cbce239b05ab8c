// def:efo, def:efo_syntax, def:efo_semantics, eq:relay_efo: EFO formulas and terms over scalar
// sequences and their evaluator. The paper leaves "local extremum" open at the two ends of a sequence
// and on plateaus, so the set E of extremal positions is a reading (ExtremumReading) and every verdict
// that evaluates a formula says which reading it used.
#pragma once

#include "../rational.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace palcheck {

/// Which positions of u_{0:n} count as extremal.
struct ExtremumReading {
  bool endpoints = true;  ///< positions 0 and n are extremal
  bool strict = true;     ///< interior i needs u_i > both neighbours or < both; else >= both or <= both
};

/// "endpoints=yes,plateau=strict" and the like.
std::string to_string(const ExtremumReading& reading);

/// The four readings, in a fixed order.
std::vector<ExtremumReading> all_extremum_readings();

/// E(u_{0:n}) as a mask over positions 0..n.
std::vector<bool> extremal_positions(const std::vector<Q>& u, const ExtremumReading& reading);

struct Formula;
/// A shared, immutable formula.
using FormulaPtr = std::shared_ptr<const Formula>;

/// One node of an EFO formula (def:efo_syntax); variables are names bound by the quantifiers.
struct Formula {
  /// The node kinds; Gt (u_i > c) is the negation of Le, used by eq:relay_efo.
  enum class Kind { True, False, Ge, Le, Gt, Before, Not, And, Or, Implies, ExistsExt, ForallExt };
  Kind kind;                     ///< what this node is
  std::string var, var2;         ///< the variable(s) of an atom or the bound variable of a quantifier
  Q constant;                    ///< c of an atom
  std::vector<FormulaPtr> args;  ///< operands
};

/// ExtAgg_i[a * u_i + b, phi(i)] (eq:extAgg with an affine f): a sum over extremal i satisfying phi.
struct ExtAggTerm {
  std::string var;  ///< the bound variable i
  Q a, b;           ///< f(u_i) = a * u_i + b
  FormulaPtr phi;   ///< the condition
};

/// Builders.
FormulaPtr efo_true();
FormulaPtr efo_ge(const std::string& var, const Q& c);
FormulaPtr efo_le(const std::string& var, const Q& c);
FormulaPtr efo_gt(const std::string& var, const Q& c);
FormulaPtr efo_before(const std::string& i, const std::string& j);
FormulaPtr efo_not(FormulaPtr f);
FormulaPtr efo_and(FormulaPtr f, FormulaPtr g);
FormulaPtr efo_implies(FormulaPtr f, FormulaPtr g);
FormulaPtr efo_exists(const std::string& var, FormulaPtr body);
FormulaPtr efo_forall(const std::string& var, FormulaPtr body);

/// Variable assignment: name -> position.
using Assignment = std::map<std::string, std::size_t>;

/// u_{0:n} |= phi under the assignment, quantifiers ranging over E(u) (def:efo_semantics).
bool holds(const FormulaPtr& phi, const std::vector<Q>& u, const ExtremumReading& reading, const Assignment& env = {});

/// The value of an ExtAgg term on u_{0:n}.
Q value(const ExtAggTerm& term, const std::vector<Q>& u, const ExtremumReading& reading, const Assignment& env = {});

/// eq:relay_efo: exists^ext t* [u_t* >= alpha and forall^ext t (t* <_ext t -> u_t > beta)].
FormulaPtr relay_formula(const Q& alpha, const Q& beta);

/// Readable text of a formula.
std::string to_string(const FormulaPtr& phi);

}  // namespace palcheck
