// alg:stack as printed (see algorithm1.h).
#include "algorithm1.h"

namespace palcheck {

Algorithm1::Algorithm1(Algorithm1Options options) : options_(options) {}

Algorithm1Step Algorithm1::step(const Q& u) {
  Algorithm1Step s{u, Algorithm1Step::Branch::First, {}, false, {}, false};
  if (!has_previous_) {
    has_previous_ = true;
    previous_ = u;
    persisted_m_last_ = persisted_M_last_ = u;
    if (options_.first == FirstInput::PushPair) {
      s.pushed = true;
      s.push = {u, u};
      stack_.push_back(s.push);
    }
    return s;
  }
  auto fallback = [&](bool want_min) -> Q {
    switch (options_.unset_last) {
      case UnsetLast::PreviousInput: return previous_;
      case UnsetLast::Top:
        if (stack_.empty()) return previous_;
        return want_min ? stack_.back().m : stack_.back().M;
      case UnsetLast::Persist: return want_min ? persisted_m_last_ : persisted_M_last_;
    }
    return previous_;
  };
  // The two printed branches are mirror images: a rise pops the pairs whose M lies below u and pushes
  // (u, m_last); a fall pops the pairs whose m lies above u and pushes (M_last, u).
  if (u != previous_) {
    bool rise = u > previous_;
    s.branch = rise ? Algorithm1Step::Branch::Rise : Algorithm1Step::Branch::Fall;
    bool assigned = false;
    Q last;  // m_last on a rise, M_last on a fall
    while (!stack_.empty() && (rise ? stack_.back().M < u : stack_.back().m > u)) {
      last = rise ? stack_.back().m : stack_.back().M;
      assigned = true;
      s.popped.push_back(stack_.back());
      stack_.pop_back();
    }
    if (!assigned) {
      last = fallback(rise);
      s.last_defaulted = true;
    }
    (rise ? persisted_m_last_ : persisted_M_last_) = last;
    s.pushed = true;
    s.push = rise ? StackPair{u, last} : StackPair{last, u};
    stack_.push_back(s.push);
  } else {
    s.branch = Algorithm1Step::Branch::Equal;
  }
  previous_ = u;
  return s;
}

std::vector<std::vector<StackPair>> algorithm1_trace(const std::vector<Q>& u, Algorithm1Options options) {
  Algorithm1 alg(options);
  std::vector<std::vector<StackPair>> trace;
  for (const Q& x : u) {
    alg.step(x);
    trace.push_back(alg.stack());
  }
  return trace;
}

}  // namespace palcheck
