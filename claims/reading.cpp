// Typed readings (see reading.h).
#include "claims/reading.h"

#include "reference/name_table.h"

#include <array>
#include <stdexcept>

namespace palcheck {
namespace {

constexpr NameTable<ReadingKey, 12> kKeys{{
    {ReadingKey::InitialState, "initial_state"},
    {ReadingKey::TieRule, "tie_rule"},
    {ReadingKey::Stack, "stack"},
    {ReadingKey::FirstInput, "first_input"},
    {ReadingKey::Endpoints, "endpoints"},
    {ReadingKey::Plateau, "plateau"},
    {ReadingKey::PerToken, "per_token"},
    {ReadingKey::Reparametrisation, "discrete_reparametrisation"},
    {ReadingKey::InputEncoding, "input_encoding"},
    {ReadingKey::Tape, "tape"},
    {ReadingKey::Tokens, "tokens"},
    {ReadingKey::ArgmaxTie, "argmax_tie"},
}};

std::pair<ReadingKey, ReadingValue> one(ReadingKey key, std::string value, std::string note = "") {
  return {key, ReadingValue{std::move(value), std::move(note)}};
}

}  // namespace

std::string to_string(ReadingKey key) { return name_in(kKeys, key, ""); }

std::optional<ReadingKey> parse_reading_key(const std::string& text) { return value_in(kKeys, text); }

std::string to_string(Plateau p) { return p == Plateau::Strict ? "strict" : "non-strict"; }

std::string to_string(PerToken p) {
  return p == PerToken::EveryToken ? "worst case at every token" : "amortised over the sequence";
}

std::string to_string(Reparametrisation r) {
  return r == Reparametrisation::Repeat ? "repeated value" : "inserted monotone point";
}

std::string to_string(InputEncoding e) { return e == InputEncoding::OneHot ? "one-hot" : "scalar codes"; }

std::string to_string(Tape) { return "streamed"; }

std::string to_string(Tokens t) { return t == Tokens::Real ? "real" : "finite alphabet (|Sigma| >= 2)"; }

std::string ReadingValue::text() const {
  std::string head = value ? *value : "every";
  return note.empty() ? head : head + " (" + note + ")";
}

std::pair<ReadingKey, ReadingValue> reading(InitialState s, std::string note) {
  return one(ReadingKey::InitialState, to_string(s), std::move(note));
}
std::pair<ReadingKey, ReadingValue> reading(TieRule t) { return one(ReadingKey::TieRule, to_string(t)); }
std::pair<ReadingKey, ReadingValue> reading(const StackReading& s, std::string note) {
  return one(ReadingKey::Stack, to_string(s), std::move(note));
}
std::pair<ReadingKey, ReadingValue> reading(FirstInput f) { return one(ReadingKey::FirstInput, to_string(f)); }
std::pair<ReadingKey, ReadingValue> reading(Endpoints e) { return one(ReadingKey::Endpoints, to_string(e)); }
std::pair<ReadingKey, ReadingValue> reading(Plateau p) { return one(ReadingKey::Plateau, to_string(p)); }
std::pair<ReadingKey, ReadingValue> reading(PerToken p, std::string note) {
  return one(ReadingKey::PerToken, to_string(p), std::move(note));
}
std::pair<ReadingKey, ReadingValue> reading(Reparametrisation r) {
  return one(ReadingKey::Reparametrisation, to_string(r));
}
std::pair<ReadingKey, ReadingValue> reading(InputEncoding e) { return one(ReadingKey::InputEncoding, to_string(e)); }
std::pair<ReadingKey, ReadingValue> reading(Tape t, std::string note) {
  return one(ReadingKey::Tape, to_string(t), std::move(note));
}
std::pair<ReadingKey, ReadingValue> reading(Tokens t) { return one(ReadingKey::Tokens, to_string(t)); }
std::pair<ReadingKey, ReadingValue> reading(ArgmaxTie t) { return one(ReadingKey::ArgmaxTie, to_string(t)); }

Reading reading(const ExtremumReading& e) {
  return {reading(e.endpoints ? Endpoints::Included : Endpoints::Excluded),
          reading(e.strict ? Plateau::Strict : Plateau::NonStrict)};
}

std::pair<ReadingKey, ReadingValue> every(ReadingKey key, std::string note) {
  return {key, ReadingValue{std::nullopt, std::move(note)}};
}

std::vector<ReadingKey> reading_keys(const std::string& option) {
  if (option == "algorithm1") return {ReadingKey::Stack, ReadingKey::FirstInput};
  if (option == "extremum_endpoints") return {ReadingKey::Endpoints, ReadingKey::Plateau};
  if (std::optional<ReadingKey> key = parse_reading_key(option)) return {*key};
  throw std::invalid_argument("no reading dimension is named \"" + option + "\"");
}

std::map<std::string, std::string> reading_text(const Reading& reading) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : reading) out[to_string(key)] = value.text();
  return out;
}

}  // namespace palcheck
