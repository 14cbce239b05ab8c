// libFuzzer target: the conventions of another implementation (oracle/eval/conventions.h), one
// `--convention KEY=VALUE` per line, and fuzz-impl's generators (def:relay, def:pal) on the domain they
// declare. A set of conventions read must write back to the same JSON and read again to it; a domain
// fuzz-impl takes must yield, in every family of cases, finite doubles inside it (a domain beyond the
// doubles once crashed the generators, which dereferenced the missing double of an infinity).
#include "oracle/eval/conventions.h"
#include "oracle/fuzz/fuzz_cases.h"
#include "oracle/fuzz/fuzz_impl.h"
#include "util/errors.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck;
  using namespace palcheck::oracle;
  FuzzOptions o;
  o.measure.relays = {{{Q(1), Q(0)}, Q(1)}, {{Q(1, 3), Q(-2)}, Q(1, 2)}, {{Q(0), Q(0)}, Q(2)}};
  try {
    std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
    for (std::string line; std::getline(lines, line);) apply_convention_option(o.conventions, line);
    check_domain_in_doubles(o.conventions, "--convention domain");
  } catch (const InputError&) {
    return 0;
  }
  nlohmann::json written = conventions_json(o.conventions);
  Conventions back;
  apply_convention_json(back, written, "conventions");
  if (conventions_json(back) != written) std::abort();
  for (std::uint64_t index = 0; index < fuzz_families().size(); ++index) {
    std::string family;
    for (const Q& q : fuzz_case_inputs(o, index, family)) {
      std::optional<Q> as_double = rational_from_double(to_double(q));
      if (!as_double || *as_double != q) std::abort();
      if (o.conventions.domain && (q < o.conventions.domain->first || q > o.conventions.domain->second)) std::abort();
    }
  }
  return 0;
}
