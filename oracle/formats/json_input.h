// def:pal, def:relay: reading measures, inputs and initial states from the JSON of `palcheck eval`
// (format in docs/oracle.md). Every error names the offending field.
#pragma once

#include "oracle/formats/input_limits.h"
#include "reference/measure.h"
#include "util/errors.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace palcheck::oracle {

/// An exact number from a JSON number or string; `field` names it in errors.
Q parse_number(const nlohmann::json& value, const std::string& field);

/// `object[key]`; InputError naming `where` when `object` is not an object or has no `key`.
const nlohmann::json& require(const nlohmann::json& object, const std::string& key, const std::string& where);

/// How a relay may be written: an object {alpha, beta, weight}, or also a row [alpha, beta(, weight)].
enum class RelayForms { Objects, ObjectsOrRows };

/// One relay written in one of `forms` (weight 1 unless given); InputError naming `where` unless alpha >= beta.
WeightedRelay parse_relay(const nlohmann::json& value, const std::string& where, RelayForms forms);

/// The measure of a document: "relays" or "grid" (exactly one of them).
Measure parse_measure(const nlohmann::json& doc);

/// InputError naming `source` unless a grid of size L fits a table of kMaxTableCells sums; checked
/// before the table is allocated.
void check_grid_size(std::size_t L, const std::string& source);

/// The grid of a document if it has one (for the grid fast path).
bool has_grid(const nlohmann::json& doc);

/// The grid of a document; only when has_grid(doc).
Grid parse_grid(const nlohmann::json& doc);

/// "inputs": a list of numbers.
std::vector<Q> parse_inputs(const nlohmann::json& doc);

/// "initial_state": 0 or 1, default 0.
InitialState parse_initial_state(const nlohmann::json& doc);

/// Why parse_json_text refuses a JSON number with a fraction or exponent (read as `value`, written as
/// `text`): an exponent beyond +-kMaxDecimalExponent, or underflow to 0; "" when it takes it.
std::string json_number_problem(double value, const std::string& text);

/// Parses text as JSON, naming `source` and the field in the error: malformed text, nesting beyond
/// kMaxJsonDepth, a key given twice in one object, numbers with an exponent beyond
/// +-kMaxDecimalExponent, longer than kMaxNumberChars or that underflow to 0 as doubles.
nlohmann::json parse_json_text(const std::string& text, const std::string& source);

/// parse_json_text keeping the objects' key order (shard files, whose merge reproduces verify's bytes).
nlohmann::ordered_json parse_ordered_json_text(const std::string& text, const std::string& source);

/// A value for an error message: at most a short prefix of a scalar's text, never a whole list or object.
std::string shown(const nlohmann::json& value);

/// At most a short prefix of `text`, with its length when cut.
std::string shown(const std::string& text);

}  // namespace palcheck::oracle
