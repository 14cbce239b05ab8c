// The named readings (see readings.h): one spelling each, parsed back by matching to_string.
#include "readings.h"

namespace palcheck {

namespace {

// The value among `all` whose to_string is `text`.
template <class T>
std::optional<T> parse_among(const std::vector<T>& all, const std::string& text) {
  for (const T& value : all)
    if (to_string(value) == text) return value;
  return std::nullopt;
}

}  // namespace

std::string to_string(InitialState s) { return s == InitialState::On ? "1" : "0"; }

std::optional<InitialState> parse_initial_state(const std::string& text) {
  return parse_among(std::vector<InitialState>{InitialState::Off, InitialState::On}, text);
}

std::vector<TieRule> all_tie_rules() {
  return {TieRule::AsPrinted, TieRule::OffFirst, TieRule::Strict, TieRule::StrictAlpha, TieRule::StrictBeta};
}

std::string to_string(TieRule rule) {
  switch (rule) {
    case TieRule::AsPrinted: return "as-printed";
    case TieRule::OffFirst: return "off-first";
    case TieRule::Strict: return "strict";
    case TieRule::StrictAlpha: return "strict-alpha";
    case TieRule::StrictBeta: return "strict-beta";
  }
  return "?";
}

std::optional<TieRule> parse_tie_rule(const std::string& text) { return parse_among(all_tie_rules(), text); }

std::string to_string(FirstInput f) { return f == FirstInput::Empty ? "first=empty" : "first=push-pair"; }

std::string to_string(UnsetLast l) {
  switch (l) {
    case UnsetLast::PreviousInput: return "unset_last=previous-input";
    case UnsetLast::Top: return "unset_last=top";
    case UnsetLast::Persist: return "unset_last=persist";
  }
  return "unset_last=?";
}

std::string to_string(const Algorithm1Options& o) { return to_string(o.first) + "," + to_string(o.unset_last); }

std::vector<Algorithm1Options> all_algorithm1_readings() {
  std::vector<Algorithm1Options> out;
  for (FirstInput f : {FirstInput::Empty, FirstInput::PushPair})
    for (UnsetLast l : {UnsetLast::PreviousInput, UnsetLast::Top, UnsetLast::Persist}) out.push_back({f, l});
  return out;
}

std::optional<Algorithm1Options> parse_algorithm1_reading(const std::string& text) {
  return parse_among(all_algorithm1_readings(), text);
}

std::string to_string(const StackReading& r) {
  return r.classical() ? "classical-memory" : "algorithm1:" + to_string(r.algorithm1);
}

std::vector<StackReading> all_stack_readings() {
  std::vector<StackReading> out{StackReading{}};
  for (const Algorithm1Options& o : all_algorithm1_readings()) out.push_back({StackKind::Algorithm1, o});
  return out;
}

std::optional<StackReading> parse_stack_reading(const std::string& text) {
  return parse_among(all_stack_readings(), text);
}

std::string to_string(Endpoints e) { return e == Endpoints::Excluded ? "excluded" : "included"; }

std::optional<Endpoints> parse_endpoints(const std::string& text) {
  return parse_among(std::vector<Endpoints>{Endpoints::Excluded, Endpoints::Included}, text);
}

}  // namespace palcheck
