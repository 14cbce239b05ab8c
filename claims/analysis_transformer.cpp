// def:pal_transformer: the PAL-Transformer as printed. Its layer equations define z_n^(l) twice,
// its PE feeds the MPAL heads (which rem:pe denies), and LayerNorm at d = 1 forgets its input.
#include "claims/analysis_registration.h"

namespace palcheck::analysis {
namespace {

// LayerNorm without its affine part, numerator only: z - mean(z). Exact; the division by the
// standard deviation cannot bring back what the numerator lost.
std::vector<Q> centred(const std::vector<Q>& z) {
  Q mean = 0;
  for (const Q& x : z) mean += x;
  mean /= static_cast<long>(z.size());
  std::vector<Q> out;
  for (const Q& x : z) out.push_back(x - mean);
  return out;
}

std::vector<CheckResult> check_definition(const RunConfig&) {
  // At d = 1 every token is centred to 0, so LN returns its bias whatever the input and the head outputs.
  bool forgets = true;
  for (long p = -5; p <= 5; ++p)
    for (long q = 1; q <= 4; ++q) forgets = forgets && centred({Q(p, q)}) == std::vector<Q>{Q(0)};
  std::vector<std::pair<std::string, std::string>> details{
      {"exact point 1",
       "z_n^(l) = LN(z_n^(l-1) + MPAL^(l)(z_{0:n}^(l-1))) and z_n^(l) = LN(z_n^(l) + MLP^(l)(z_n^(l))): "
       "the same symbol is defined twice, the second time in terms of itself; the evident reading "
       "(the second line is the layer's output) is the one the construction checkers use"},
      {"exact point 2",
       "z_n^(0) = x_n + PE(n) is the input of MPAL^(1), so PE passes through the heads; rem:pe says "
       "PE 'is not passed through the MPAL heads' (see rem:pe, thm:rate_independence)"},
      {"exact point 3",
       "'sinusoidal position encoding' fixes no frequencies or dimension; the construction checkers "
       "use (sin n, cos n) at d = 2 and say so"},
      {"d = 1", forgets ? "LayerNorm's centring maps every 1-dimensional token to 0 (checked on 44 rationals), so at "
                          "d = 1 the layer's output is its bias whatever the input"
                        : "LayerNorm's centring did not vanish at d = 1 (unexpected)"}};
  CheckResult r = analysis_result(forgets ? Verdict::IllPosed : Verdict::Error,
                                  "the layer equations define z_n^(l) twice (the second in terms of itself) and feed "
                                  "PE(n) into the MPAL heads, which rem:pe says they do not receive",
                                  std::move(details));
  return {r};
}

}  // namespace

void register_transformer_analyses(Registry& registry) {
  registry.add(Checker{"def:pal_transformer", "analysis", check_definition});
}

}  // namespace palcheck::analysis
