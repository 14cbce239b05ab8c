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
  if (u > previous_) {
    s.branch = Algorithm1Step::Branch::Rise;
    bool assigned = false;
    Q m_last;
    while (!stack_.empty() && stack_.back().M < u) {
      m_last = stack_.back().m;
      assigned = true;
      s.popped.push_back(stack_.back());
      stack_.pop_back();
    }
    if (!assigned) {
      m_last = fallback(true);
      s.last_defaulted = true;
    }
    persisted_m_last_ = m_last;
    s.pushed = true;
    s.push = {u, m_last};
    stack_.push_back(s.push);
  } else if (u < previous_) {
    s.branch = Algorithm1Step::Branch::Fall;
    bool assigned = false;
    Q M_last;
    while (!stack_.empty() && stack_.back().m > u) {
      M_last = stack_.back().M;
      assigned = true;
      s.popped.push_back(stack_.back());
      stack_.pop_back();
    }
    if (!assigned) {
      M_last = fallback(false);
      s.last_defaulted = true;
    }
    persisted_M_last_ = M_last;
    s.pushed = true;
    s.push = {M_last, u};
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
