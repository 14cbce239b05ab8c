// The named readings (see readings.h): one spelling each, in one name table per enum (name_table.h).
#include "readings.h"

#include "name_table.h"

namespace palcheck {

namespace {

// The value among `all` whose to_string is `text`.
template <class T>
std::optional<T> parse_among(const std::vector<T>& all, const std::string& text) {
  for (const T& value : all)
    if (to_string(value) == text) return value;
  return std::nullopt;
}

constexpr NameTable<InitialState, 2> kInitialStates{{{InitialState::Off, "0"}, {InitialState::On, "1"}}};

constexpr NameTable<TieRule, 5> kTieRules{{
    {TieRule::AsPrinted, "as-printed"},
    {TieRule::OffFirst, "off-first"},
    {TieRule::Strict, "strict"},
    {TieRule::StrictAlpha, "strict-alpha"},
    {TieRule::StrictBeta, "strict-beta"},
}};

constexpr NameTable<FirstInput, 2> kFirstInputs{{{FirstInput::Empty, "first=empty"},
                                                  {FirstInput::PushPair, "first=push-pair"}}};

constexpr NameTable<UnsetLast, 3> kUnsetLasts{{
    {UnsetLast::PreviousInput, "unset_last=previous-input"},
    {UnsetLast::Top, "unset_last=top"},
    {UnsetLast::Persist, "unset_last=persist"},
}};

constexpr NameTable<Endpoints, 2> kEndpoints{{{Endpoints::Excluded, "excluded"}, {Endpoints::Included, "included"}}};

}  // namespace

std::string to_string(InitialState s) { return name_in(kInitialStates, s); }

std::optional<InitialState> parse_initial_state(const std::string& text) { return value_in(kInitialStates, text); }

std::vector<TieRule> all_tie_rules() { return values_in(kTieRules); }

std::string to_string(TieRule rule) { return name_in(kTieRules, rule); }

std::optional<TieRule> parse_tie_rule(const std::string& text) { return value_in(kTieRules, text); }

std::string to_string(FirstInput f) { return name_in(kFirstInputs, f); }

std::string to_string(UnsetLast l) { return name_in(kUnsetLasts, l, "unset_last=?"); }

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

std::string to_string(Endpoints e) { return name_in(kEndpoints, e); }

std::optional<Endpoints> parse_endpoints(const std::string& text) { return value_in(kEndpoints, text); }

}  // namespace palcheck
