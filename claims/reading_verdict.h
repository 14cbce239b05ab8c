// The verdict rule over readings (docs/decisions.md): a claim is REFUTED only when it is refuted under every
// reading its statement admits; when some reading refutes it and another holds, it is ILL-POSED (its
// truth depends on a choice the paper does not make), with the verdict of each reading. A refutation of
// a proof step or of a fixed parameter says nothing about readings of the statement and is left out.
// The classical memory in place of Algorithm 1's stack is a repair, not a reading: where a claim also
// has results under Algorithm 1, its classical-memory results are left out too.
#pragma once

#include "claims/claim.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace palcheck {

/// One claim's verdict with the verdict of each admitted reading (empty when there is one reading).
struct ReadingVerdict {
  Verdict verdict = Verdict::NotCheckable;                  ///< the claim's verdict
  std::vector<std::pair<std::string, Verdict>> by_reading;  ///< "key=value, ..." -> verdict, sorted
  std::string line;  ///< e.g. "REFUTED under 11 of 12 readings (...); HELD under ..." (empty when not split)
};

/// The reading a result was obtained under, as "key" -> "value" over the reading dimensions of the claim
/// (its row's options; the stack: Algorithm 1's completion; for extremal positions: endpoints and plateau),
/// from the result's typed reading. A dimension the result holds under every value of is left out.
std::map<std::string, std::string> reading_of(const Claim& claim, const CheckResult& result);

/// The headline of a refuted claim: the strongest statement refutation (claims/headline.h): one that covers
/// every reading at once (reading_of is empty and it names no single completion of Algorithm 1) first, then
/// a general result before a generated instance, then the smallest; never the classical-memory repair of a
/// claim judged under Algorithm 1; nullptr when there is none.
const CheckResult* headline_for(const Claim& claim, const std::vector<CheckResult>& results);

/// What a claim that is not PROVED owes its sub-claim proofs: "; PROVED as a sub-claim only (what is
/// left: ...)", naming the part of the statement their assumptions leave out; "" when there is none.
std::string sub_claim_line(Verdict claim_verdict, const std::vector<CheckResult>& results);

/// combine() per reading, then the rule above.
ReadingVerdict combine_readings(const Claim& claim, const std::vector<CheckResult>& results);

}  // namespace palcheck
