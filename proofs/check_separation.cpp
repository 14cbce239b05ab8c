// prop:no_copy, thm:separation, thm:separation:tr_only, thm:separation:pal_only: decided by the
// finite-image lemma (finite_image.h) and the range transformer (range_transformer.h). prop:no_copy holds
// over real tokens and over every alphabet of two symbols or more (p given at the query position).
// thm:separation splits into its two directions: F_Tr \ F_PAL is PROVED with f_range (the paper's own
// witness, on the other side: a transformer computes it, no PAL-Transformer does); F_PAL \ F_Tr is
// NOT-CHECKABLE (a lower bound for every bounded-depth transformer); the theorem is their conjunction.
#include "proofs/checkers.h"
#include "proofs/finite_image.h"
#include "proofs/range_transformer.h"
#include "smt/mutation.h"
#include "smt/query_chain.h"

#include <algorithm>

namespace palcheck::proofs {

using namespace smt;

namespace {

CheckResult no_copy_result(const RunConfig& config, FiniteImageTarget target) {
  CheckResult r = chain_report(prove_finite_image(config, target), finite_image_claim(target), "induction");
  pin(r, {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut}, [&] {
    return chain_mutants(config, finite_image_mutants(target),
                         [&](const RunConfig& settings, FiniteImageChange change) {
                           return prove_finite_image(settings, target, change);
                         });
  });
  r.details.emplace_back("the paper's proof",
                         "its key step (equal extremum stacks give equal outputs) is refuted: see "
                         "prop:no_copy:equal_stacks; the statement holds by the finite-image lemma instead");
  r.details.emplace_back("scope",
                         "p must reach the network after x_p (at the query, as q_n = PE(p) in prop:copy); "
                         "nothing is claimed for encodings that mark position p in the sequence");
  return r;
}

// Both proofs of one direction as one result: their queries, both texts, proved when both are.
InductionProof joined(const InductionProof& a, const InductionProof& b) {
  InductionProof out = a;
  out.invariant = a.invariant + "; and " + b.invariant;
  out.step = a.step + "; and " + b.step;
  out.ghosts = a.ghosts + "; and " + b.ghosts;
  out.queries.insert(out.queries.end(), b.queries.begin(), b.queries.end());
  out.proved = a.proved && b.proved;
  return out;
}

CheckResult tr_only_result(const RunConfig& config, const InductionProof& no_pal, ArgmaxTie tie) {
  InductionClaim transformer = range_transformer_claim(tie),
                 pal = finite_image_claim(FiniteImageTarget::RangeRealTokens);
  InductionClaim claim{"f_range is in F_Tr \\ F_PAL: " + transformer.summary + "; and " + pal.summary,
                       transformer.reading, transformer.interpretation, transformer.hypotheses};
  claim.reading.insert(pal.reading.begin(), pal.reading.end());
  for (const auto& [k, v] : pal.interpretation) claim.interpretation.emplace(k, v);
  claim.hypotheses.insert(claim.hypotheses.end(), pal.hypotheses.begin(), pal.hypotheses.end());
  CheckResult r = chain_report(joined(prove_range_transformer(config, tie), no_pal), claim, "induction");
  pin(r, {ModelDefinition::AttentionReadOut, ModelDefinition::RelayStep}, [&] {
    std::vector<MutantResult> out = chain_mutants(config, range_transformer_mutants(tie),
                                                  [&](const RunConfig& settings, RangeTransformerChange change) {
                                                    return prove_range_transformer(settings, tie, change);
                                                  });
    for (MutantResult& m : chain_mutants(config, finite_image_mutants(FiniteImageTarget::RangeRealTokens),
                                         [](const RunConfig& settings, FiniteImageChange change) {
                                           return prove_finite_image(settings, FiniteImageTarget::RangeRealTokens,
                                                                     change);
                                         }))
      out.push_back(std::move(m));
    return out;
  });
  r.details.emplace_back("second witness",
                         "f_copy over real tokens: prop:copy (one hard-attention head, PE (j, j^2), every n) and "
                         "prop:no_copy (tokens = real)");
  return r;
}

std::vector<CheckResult> tr_only(const RunConfig& config) {
  InductionProof no_pal = prove_finite_image(config, FiniteImageTarget::RangeRealTokens);
  return {tr_only_result(config, no_pal, ArgmaxTie::Leftmost), tr_only_result(config, no_pal, ArgmaxTie::Average)};
}

CheckResult pal_only_result() {
  return make_result(Verdict::NotCheckable, "analysis",
                     "F_PAL \\ F_Tr needs a function some PAL-Transformer computes and no bounded-depth transformer "
                     "does: a lower bound for every bounded-depth transformer, which no run can establish; the "
                     "paper's witness f_range lies on the other side (thm:separation:tr_only)",
                     {{"the paper's witness",
                       "f_range: a 1-layer hard-attention transformer computes it (prop:range_hard is refuted, "
                       "thm:separation:tr_only proves it for every n) and no PAL-Transformer does (prop:range, and "
                       "the finite-image lemma for every depth)"},
                      {"cited bound", "prop:range_hard's AC^0 argument: MAX is in AC^0 (Hastad's bound is for PARITY)"},
                      {"what would decide it",
                       "a function of F_PAL with a lower bound for every bounded-depth transformer; none is offered"}});
}

std::vector<CheckResult> separation(const RunConfig& config) {
  CheckResult pal = pal_only_result();
  std::vector<CheckResult> tr = tr_only(config);
  // The second half is PROVED when it is under every tie reading; otherwise the first reading's other verdict.
  auto open = std::find_if(tr.begin(), tr.end(), [](const CheckResult& r) { return r.verdict != Verdict::Proved; });
  Verdict tr_verdict = open == tr.end() ? Verdict::Proved : open->verdict;
  // A conjunction: PROVED needs both halves, so the first half's NOT-CHECKABLE decides unless the second is open.
  Verdict verdict = open == tr.end() ? pal.verdict : tr_verdict;
  CheckResult r = make_result(
      verdict, "analysis",
      "a conjunction of two directions: F_PAL \\ F_Tr is NOT-CHECKABLE (a lower bound for every bounded-depth "
      "transformer); F_Tr \\ F_PAL is " +
          to_string(tr_verdict) + " (f_range: thm:separation:tr_only)",
      {{"F_PAL \\ F_Tr", to_string(pal.verdict) + ": " + pal.summary},
       {"F_Tr \\ F_PAL", to_string(tr_verdict) + ": " + tr.front().summary},
       {"the proof's witnesses",
        "f_range is offered for F_PAL \\ F_Tr but lies in F_Tr \\ F_PAL; f_copy is offered for F_Tr \\ F_PAL and "
        "lies there over real tokens (prop:copy, prop:no_copy), though prop:no_copy's printed proof is invalid"}});
  r.interpretation = {{"F_Tr", "functions of bounded-depth hard-attention transformers (Perez et al.)"},
                      {"F_PAL", "functions of bounded-depth PAL-Transformers (def:pal_transformer)"}};
  return {r};
}

}  // namespace

void register_separation_checkers(Registry& r) {
  r.add(Checker{"prop:no_copy", "induction", [](const RunConfig& config) {
                  return std::vector<CheckResult>{no_copy_result(config, FiniteImageTarget::CopyRealTokens),
                                                  no_copy_result(config, FiniteImageTarget::CopyFiniteAlphabet)};
                }});
  r.add(Checker{"thm:separation:tr_only", "induction", tr_only});
  r.add(Checker{"thm:separation:pal_only", "analysis",
                [](const RunConfig&) { return std::vector<CheckResult>{pal_only_result()}; }});
  r.add(Checker{"thm:separation", "analysis", separation});
}

}  // namespace palcheck::proofs
