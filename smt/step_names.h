// The constants that name one step of an unrolled transition system (the bounded model checks over
// Algorithm 1, proofs/encode_algorithm1, and over the classical memory of prop:wiping and def:stack,
// proofs/encode_memory): each is "<base>_<name>" and equals the step's value, so that a model names every
// state of the run and the next step reads constants, not ever-growing terms.
#pragma once

#include "smt/term.h"

#include <string>
#include <utility>
#include <vector>

namespace palcheck::smt {

/// Names the values of one step: each call makes the constant "<base>_<name>" of its sort and records
/// "constant = value" in `facts`, in call order.
class StepNames {
 public:
  /// Constants of `ctx` named after `base`, their equalities appended to `facts`.
  StepNames(Context& ctx, std::string base, std::vector<Term>& facts)
      : ctx_(ctx), base_(std::move(base)), facts_(facts) {}

  /// A Real constant equal to `value`.
  Term real(const std::string& name, const Term& value) { return named(ctx_.real_const(full(name).c_str()), value); }
  /// An Int constant equal to `value`.
  Term integer(const std::string& name, const Term& value) { return named(ctx_.int_const(full(name).c_str()), value); }
  /// A Bool constant equal to `value`.
  Term boolean(const std::string& name, const Term& value) { return named(ctx_.bool_const(full(name).c_str()), value); }

 private:
  std::string full(const std::string& name) const { return base_ + "_" + name; }
  Term named(Term constant, const Term& value) {
    facts_.push_back(constant == value);
    return constant;
  }

  Context& ctx_;
  std::string base_;
  std::vector<Term>& facts_;
};

}  // namespace palcheck::smt
