// fuzz-impl's requests and replies, bounded (see impl_reply.h).
#include "oracle/fuzz/impl_reply.h"

#include "oracle/formats/double_range.h"
#include "oracle/formats/json_input.h"

#include <cmath>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

Q as_double(const Q& q, const std::string& where) {
  return nearest_double_value(q, where, "the command under test computes in doubles");
}

}  // namespace

Measure measure_as_doubles(const Measure& mu, const std::string& source) {
  Measure out = mu;
  for (std::size_t k = 0; k < out.relays.size(); ++k) {
    WeightedRelay& w = out.relays[k];
    std::string where = source + ": relay " + std::to_string(k);
    w.thresholds.alpha = as_double(w.thresholds.alpha, where + " alpha");
    w.thresholds.beta = as_double(w.thresholds.beta, where + " beta");
    w.weight = as_double(w.weight, where + " weight");
  }
  return out;
}

ImplReply parse_impl_reply(const std::string& line) {
  ImplReply reply;
  reply.read = line;
  json doc;
  try {
    doc = parse_json_text(line, "reply");
  } catch (const InputError& e) {
    reply.error = std::string(e.what()) + " (" + shown(line) + ")";
    return reply;
  }
  if (!doc.is_object()) {
    reply.error = "reply is not a JSON object: " + shown(line);
  } else if (doc.contains("error")) {
    reply.error = "the command reported: " + shown(doc["error"]);
  } else if (!doc.contains("outputs") || !doc["outputs"].is_array()) {
    reply.error = "reply has no \"outputs\" list: " + shown(line);
  } else {
    // null is an undefined output (JSON has no NaN; JavaScript writes NaN as null).
    bool any_undefined = false;
    for (const json& v : doc["outputs"]) {
      if (v.is_null()) {
        reply.outputs.emplace_back(0);
        reply.undefined.resize(reply.outputs.size(), 0);
        reply.undefined.back() = 1;
        any_undefined = true;
        continue;
      }
      std::optional<Q> q = v.is_number() ? rational_from_double(v.get<double>()) : std::nullopt;
      if (!q) {
        reply.error = "output " + shown(v) + " is not a finite number";
        reply.outputs.clear();
        reply.undefined.clear();
        any_undefined = false;
        break;
      }
      reply.outputs.push_back(*q);
    }
    if (any_undefined) reply.undefined.resize(reply.outputs.size(), 0);
  }
  return reply;
}

}  // namespace palcheck::oracle
