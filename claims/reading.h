// The reading a result was obtained under, as typed values: one entry per reading dimension the result
// fixes (the relay's initial state and tie rule, the stack, the extremum endpoints and plateaus, ...), or
// "every" where it holds under each value of that dimension. The verdict over readings
// (claims/reading_verdict.h) is computed from these entries, never from the words of a result.
// Each value is written by the typed value's own to_string (reference/readings.h names each reading once).
#pragma once

#include "reference/models/efo_formula.h"
#include "reference/models/transformer_hard_attention.h"
#include "reference/readings.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// A reading dimension: a choice the paper leaves open that a verdict may depend on.
enum class ReadingKey {
  InitialState,       ///< the relay's state before the first input (InitialState)
  TieRule,            ///< how a relay resolves inputs equal to a threshold (TieRule)
  Stack,              ///< which structure plays the extremum stack (StackReading)
  FirstInput,         ///< Algorithm 1's first observation alone, where a result holds for every unset_last
  Endpoints,          ///< whether a sequence's ends count as extrema (Endpoints)
  Plateau,            ///< whether a plateau counts as an extremum (Plateau)
  PerToken,           ///< thm:complexity's "time per token" (PerToken)
  Reparametrisation,  ///< prop:rate_independence's discrete re-timing (Reparametrisation)
  InputEncoding,      ///< lem:mlp_width's encoding of the MLP's input (InputEncoding)
  Tape,               ///< how repair:thm:tc's input word reaches the transformer (Tape)
  Tokens,             ///< prop:no_copy's token values: real numbers or a finite alphabet (Tokens)
  ArgmaxTie,          ///< how hard attention resolves a tied argmax (ArgmaxTie)
};

/// "initial_state", "tie_rule", "stack", "first_input", "endpoints", "plateau", "per_token",
/// "discrete_reparametrisation", "input_encoding", "tape", "tokens", "argmax_tie".
std::string to_string(ReadingKey key);

/// The inverse of to_string(ReadingKey); nullopt for any other spelling.
std::optional<ReadingKey> parse_reading_key(const std::string& text);

/// Whether interior plateaus count as extrema (the paper never says).
enum class Plateau { Strict, NonStrict };
/// "strict" or "non-strict".
std::string to_string(Plateau p);

/// thm:complexity's "time per token": at every token, or amortised over the sequence.
enum class PerToken { EveryToken, Amortised };
/// "worst case at every token" or "amortised over the sequence".
std::string to_string(PerToken p);

/// prop:rate_independence read on sequences: one input repeated, or a point inserted between neighbours.
enum class Reparametrisation { Repeat, Insert };
/// "repeated value" or "inserted monotone point".
std::string to_string(Reparametrisation r);

/// lem:mlp_width's encoding of the MLP's input.
enum class InputEncoding { OneHot, ScalarCodes };
/// "one-hot" or "scalar codes".
std::string to_string(InputEncoding e);

/// How repair:thm:tc's input word reaches the transformer.
enum class Tape { Streamed };
/// "streamed".
std::string to_string(Tape t);

/// prop:no_copy's token values.
enum class Tokens { Real, FiniteAlphabet };
/// "real" or "finite alphabet (|Sigma| >= 2)".
std::string to_string(Tokens t);

/// One dimension of a result's reading: one value, or every value (the result holds under each).
struct ReadingValue {
  std::optional<std::string> value;  ///< the value's to_string; nullopt: every value of the dimension
  std::string note;                  ///< why, in words (shown, never compared)

  /// True when the result holds under every value of the dimension.
  bool every() const { return !value.has_value(); }
  /// "0", "every (the history is a symbolic prior state)" and the like.
  std::string text() const;
  /// Equal in value and note.
  bool operator==(const ReadingValue&) const = default;
};

/// A result's reading, by dimension.
using Reading = std::map<ReadingKey, ReadingValue>;

/// One dimension fixed to a value (a note may say more about it).
std::pair<ReadingKey, ReadingValue> reading(InitialState s, std::string note = "");
/// The tie rule.
std::pair<ReadingKey, ReadingValue> reading(TieRule t);
/// The stack: "classical-memory" or "algorithm1:first=...,unset_last=...".
std::pair<ReadingKey, ReadingValue> reading(const StackReading& s, std::string note = "");
/// Algorithm 1's first-input reading alone ("first=empty" or "first=push-pair").
std::pair<ReadingKey, ReadingValue> reading(FirstInput f);
/// The extremum endpoints.
std::pair<ReadingKey, ReadingValue> reading(Endpoints e);
/// The plateaus.
std::pair<ReadingKey, ReadingValue> reading(Plateau p);
/// thm:complexity's per-token reading.
std::pair<ReadingKey, ReadingValue> reading(PerToken p, std::string note = "");
/// prop:rate_independence's discrete re-timing.
std::pair<ReadingKey, ReadingValue> reading(Reparametrisation r);
/// lem:mlp_width's input encoding.
std::pair<ReadingKey, ReadingValue> reading(InputEncoding e);
/// repair:thm:tc's tape.
std::pair<ReadingKey, ReadingValue> reading(Tape t, std::string note = "");
/// prop:no_copy's token values.
std::pair<ReadingKey, ReadingValue> reading(Tokens t);
/// Hard attention's tie rule.
std::pair<ReadingKey, ReadingValue> reading(ArgmaxTie t);
/// Both dimensions of an extremum reading (endpoints and plateaus).
Reading reading(const ExtremumReading& e);
/// Every value of `key`: the result holds under each, for the reason `note`.
std::pair<ReadingKey, ReadingValue> every(ReadingKey key, std::string note);

/// The dimensions a claim row's option name covers ("stack" names the stack, "algorithm1" the stack and
/// its first-input reading, "extremum_endpoints" the endpoints and plateaus); throws
/// std::invalid_argument on an unknown name.
std::vector<ReadingKey> reading_keys(const std::string& option);

/// `reading` as "key" -> text, for people (JSON, show).
std::map<std::string, std::string> reading_text(const Reading& reading);

}  // namespace palcheck
