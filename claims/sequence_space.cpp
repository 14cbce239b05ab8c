// Enumerating the sequences over an alphabet, shortest first (see sequence_space.h).
#include "claims/sequence_space.h"

namespace palcheck {

std::optional<std::vector<Q>> first_sequence(const std::vector<Q>& alphabet, std::size_t max_length,
                                             const std::function<bool(const std::vector<Q>&)>& found) {
  for (std::size_t length = 1; length <= max_length; ++length) {
    std::vector<std::size_t> digits(length, 0);
    while (true) {
      std::vector<Q> u;
      for (std::size_t d : digits) u.push_back(alphabet[d]);
      if (found(u)) return u;
      std::size_t k = 0;
      while (k < length && ++digits[k] == alphabet.size()) digits[k++] = 0;
      if (k == length) break;
    }
  }
  return std::nullopt;
}

CheckResult enumeration_result(std::uint64_t cases, const std::string& space) {
  CheckResult r;
  r.method = "enumeration";
  r.cases = cases;
  r.details = {{"space", space + ", shortest first (deterministic, no seed)"}};
  return r;
}

}  // namespace palcheck
