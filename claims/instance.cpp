// Typed access to an instance's values and options (see instance.h): one error rule, a missing or
// malformed field throws BadInstance naming it.
#include "claims/instance.h"

namespace palcheck {

namespace {

[[noreturn]] void bad(const std::string& field, const std::string& why) { throw BadInstance(field + " " + why); }

std::string value_field(const std::string& key) { return "values[\"" + key + "\"]"; }

std::string option_field(const std::string& key) { return "options[\"" + key + "\"]"; }

// A parsed option, or BadInstance naming the option and what it may be.
template <class T, class Parse>
T parsed_option(const Instance& instance, const std::string& key, Parse parse, const std::string& expected) {
  const std::string& text = option(instance, key);
  auto value = parse(text);
  if (!value) bad(option_field(key), "is \"" + text + "\", not " + expected);
  return *value;
}

}  // namespace

const std::vector<Q>& list(const Instance& instance, const std::string& key) {
  auto it = instance.values.find(key);
  if (it == instance.values.end()) bad(value_field(key), "is missing");
  return it->second;
}

const std::vector<Q>& list(const Instance& instance, const std::string& key, std::size_t length) {
  return list(instance, key, length, length);
}

const std::vector<Q>& list(const Instance& instance, const std::string& key, std::size_t min_length,
                           std::size_t max_length) {
  const std::vector<Q>& v = list(instance, key);
  if (v.size() < min_length || v.size() > max_length)
    bad(value_field(key),
        "has " + std::to_string(v.size()) + " numbers, not " +
            (min_length == max_length ? std::to_string(min_length)
                                      : std::to_string(min_length) + ".." + std::to_string(max_length)));
  return v;
}

const Q& scalar(const Instance& instance, const std::string& key) { return list(instance, key, 1).front(); }

long integer(const Instance& instance, const std::string& key, long low, long high) {
  const Q& q = scalar(instance, key);
  if (floor_q(q) != q || q < low || q > high)
    bad(value_field(key),
        "is " + to_string(q) + ", not an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
  return numerator(q).convert_to<long>();
}

std::size_t index(const Instance& instance, const std::string& key, std::size_t high) {
  return static_cast<std::size_t>(integer(instance, key, 0, static_cast<long>(high)));
}

const std::string& option(const Instance& instance, const std::string& key) {
  auto it = instance.options.find(key);
  if (it == instance.options.end()) bad(option_field(key), "is missing");
  return it->second;
}

const std::string& option(const Instance& instance, const std::string& key, const std::vector<std::string>& allowed) {
  const std::string& text = option(instance, key);
  std::string names;
  for (const std::string& a : allowed) {
    if (a == text) return text;
    names += (names.empty() ? "" : " or ") + a;
  }
  bad(option_field(key), "is \"" + text + "\", not " + names);
}

InitialState initial_state(const Instance& instance) {
  return parsed_option<InitialState>(instance, "initial_state", parse_initial_state, "0 or 1");
}

StackReading stack_reading(const Instance& instance) {
  return parsed_option<StackReading>(instance, "stack", parse_stack_reading,
                                     "classical-memory or algorithm1:first=...,unset_last=...");
}

Algorithm1Options algorithm1_reading(const Instance& instance) {
  return parsed_option<Algorithm1Options>(instance, "algorithm1", parse_algorithm1_reading,
                                          "first=empty|push-pair,unset_last=previous-input|top|persist");
}

Endpoints endpoints(const Instance& instance) {
  return parsed_option<Endpoints>(instance, "endpoints", parse_endpoints, "excluded or included");
}

}  // namespace palcheck
