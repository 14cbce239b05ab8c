// The plain eval document of `palcheck eval`: exact PAL outputs (def:pal) for a measure and an input sequence, with an
// optional per-token trace (relays switched, memory) for oracle users.
#pragma once

#include "oracle/formats/input_file.h"

#include <nlohmann/json.hpp>

#include <string>

namespace palcheck::oracle {

/// Evaluates one eval document; throws InputError on bad input. `trace` adds per-token detail.
nlohmann::json evaluate_document(const nlohmann::json& doc, bool trace);

}  // namespace palcheck::oracle
