// def:pal_transformer: `palcheck compare` on a transformer document, the command line's
// palcheck_oracle.transformer.compare for outputs given as a file. The reference runs until every output
// ball is narrower than atol (to the cap, transformer_run.h); an output agrees only when every point of
// its ball is within atol + rtol |x| of it, differs when no point is, and is undecided otherwise. The
// first difference is named by its cause: the change of one declared convention (else of two) under which
// the reference agrees with every output, tried on the tokens up to that difference and then on all of
// them, and the first layer and part where the reference's runs under the two part; else float64
// rounding at a relay within its bound of a threshold (transformer_rounding.h), placed at that relay.
#pragma once

#include "oracle/transformer/transformer_document.h"
#include "oracle/transformer/transformer_run.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace palcheck::oracle {

/// The tolerance of a comparison: |actual - x| <= atol + rtol |x| for the exact x.
struct TransformerTolerance {
  Q atol;  ///< >= 0
  Q rtol;  ///< >= 0
};

/// Whether every output ball of `run` lies within the tolerance of `actual` (n rows of d, as the run's).
bool outputs_agree(const TransformerRun& run, const std::vector<std::vector<Q>>& actual,
                   const TransformerTolerance& tolerance);

/// Compares `actual` (one row of d exact values per token) with the reference on `doc`'s tokens:
/// {"agree", "status" (agree, disagree, undecided, nothing compared), "tokens", "bits", "undecided",
/// "undetermined", "failures"}, as palcheck_oracle.transformer.compare returns for outputs alone.
/// InputError when `actual` is not n rows of d.
nlohmann::json compare_transformer_outputs(const TransformerDocument& doc, const std::vector<std::vector<Q>>& actual,
                                           const TransformerTolerance& tolerance, const std::string& source);

/// One line on standard error for a report of compare_transformer_outputs.
std::string summarize_transformer_report(const nlohmann::json& report);

}  // namespace palcheck::oracle
