// The claim table: every asserting statement of ../shared/paper/preisach-attention.tex, by label.
// Labels of ours ("ours": true) name unlabelled statements and point to their section.
// Checkers live with their method (proofs/, properties/, claims/constructions, ...).
#include "claims/areas.h"

namespace palcheck {
namespace {

void add(Registry& r, std::string label, std::string kind, std::string section, std::string statement,
         std::vector<std::string> hypotheses = {}, std::vector<std::string> interpretations = {}, bool ours = false) {
  r.add(Claim{std::move(label), std::move(kind), std::move(section), std::move(statement), std::move(hypotheses),
              std::move(interpretations), ours});
}

}  // namespace

void register_paper_claims(Registry& r) {
  // §2 Background: the Preisach operator and the extremum stack.
  add(r, "def:relay", "definition", "sec:preisach_bg",
      "The relay is 1 if u_n >= alpha, else 0 if u_n <= beta, else it keeps its state at n-1.",
      {"(alpha,beta) in T: alpha >= beta"}, {"initial_state", "tie_rule"});
  add(r, "def:preisach", "definition", "sec:preisach_bg",
      "The Preisach operator integrates relay outputs against a signed measure mu in L^1(T).", {},
      {"initial_state"});
  add(r, "prop:rate_independence", "proposition", "sec:preisach_bg",
      "For every non-decreasing bijection phi of [0,T], P_mu[u o phi] = P_mu[u] o phi.",
      {"phi non-decreasing bijection of [0,T]"}, {"discrete_reparametrisation"});
  add(r, "prop:wiping", "proposition", "sec:preisach_bg",
      "Given alternating extrema M_i > m_i > M_{i+1} > ..., if M_{i+1} > M_i then the output after M_{i+1} "
      "is as if M_i had not occurred.",
      {"M_i > m_i > M_{i+1} > m_{i+1}", "M_{i+1} > M_i"}, {"stack"});
  add(r, "prop:universal", "proposition", "sec:preisach_bg",
      "Preisach operators with mu in L^2(T) are dense in continuous causal rate-independent functionals on "
      "C([0,T]) under the uniform topology.");
  add(r, "def:stack", "definition", "sec:stack_bg",
      "The extremum stack is [(M_1,m_1),...,(M_k,m_k)] with M_1 > ... > M_k and m_1 > ... > m_k, (M_i, m_i) a "
      "local maximum and its subsequent local minimum.",
      {}, {"stack", "algorithm1"});
  add(r, "prop:sufficiency", "proposition", "sec:stack_bg",
      "P_mu[u](n) is a function of the extremum stack Pi_n alone: equal stacks give equal outputs for all mu.",
      {}, {"stack", "algorithm1", "initial_state"});
  add(r, "alg:stack", "algorithm", "sec:stack_bg",
      "Algorithm 1 maintains the extremum stack of def:stack (the classical Preisach memory) token by token.", {},
      {"algorithm1"});
  add(r, "prop:complexity", "proposition", "sec:stack_bg",
      "Algorithm 1 pushes and pops each element at most once (amortised O(1) per step), uses O(k) space with "
      "k <= n, and a relay state is read from Pi_n in O(log k) by binary search.",
      {}, {"algorithm1"});
  add(r, "def:attention", "definition", "sec:transformer_bg",
      "Scaled dot-product attention softmax(qK^T/sqrt(d))V and hard attention by argmax.", {}, {}, true);

  // §3 PAL.
  add(r, "def:pal", "definition", "sec:pal",
      "PAL_mu(u_{0:n}) = sum_{i>=j} mu_ij relay(alpha_i = i*Delta, beta_j = j*Delta)[u](n) on the grid G_L.", {},
      {"initial_state"});
  add(r, "def:mpal", "definition", "sec:pal",
      "MPAL(x_{0:n}) = sum_h W_O^(h) PAL_{mu^(h)}(W_I^(h) x_{0:n}) with W_I^(h) in R^{1 x d}, W_O^(h) in R^d.");
  add(r, "def:pal_transformer", "definition", "sec:pal",
      "z^(0)_n = x_n + PE(n); each layer applies LN(z + MPAL(z)) then LN(z + MLP(z)) with sinusoidal PE.");
  add(r, "prop:pal_preisach", "proposition", "sec:pal",
      "PAL_mu is the Preisach operator of the atomic measure sum mu_ij delta_(alpha_i,beta_j); as L -> inf, "
      "Delta -> 0 with L*Delta = C, PAL_mu -> P_mu uniformly on C([0,C]).",
      {"L*Delta = C fixed"}, {"initial_state"});
  add(r, "prop:attention_pal", "proposition", "sec:pal",
      "Softmax attention is a continuous relaxation of PAL: relay -> softmax weight, mu -> V, and rate-independence "
      "is broken by position.");

  // §4 Turing completeness.
  add(r, "def:encoding", "definition", "sec:tc",
      "code*(a_i, d) = C_max - [d(k+1)+i]Delta with C_max = D_max(k+1)Delta, i in 1..k, d in 0..D_max.",
      {"Delta > 0", "1 <= i <= k", "0 <= d <= D_max"});
  add(r, "lem:monotone", "lemma", "sec:tc", "For all i, i' in 1..k and d >= 0: code*(a_i', d+1) < code*(a_i, d).",
      {"Delta > 0", "1 <= i <= k", "1 <= i' <= k", "d >= 0"});
  add(r, "lem:stack_ops", "lemma", "sec:tc",
      "PUSH(a_i) = (code*(a_i,d+1)+eps, code*(a_i,d+1)-eps), POP = M_{top-1}+2eps and TOP = Dec(M_top) realise "
      "the stack operations without erroneous wiping.",
      {"eps > 0", "eps < Delta/2", "depth >= 3"}, {"stack", "algorithm1", "initial_state"});
  add(r, "def:autoregressive", "definition", "sec:tc",
      "In the autoregressive regime the signal channels of z_n are fed back as x_{n+1} and the extremum stacks are "
      "the sole recurrent state.");
  add(r, "lem:decode_stack", "lemma", "sec:tc",
      "For stacks of depth <= k over K = (k+1)|Gamma| values there are H = ceil(log2 K) PAL heads whose outputs in "
      "{0,1}^H identify the stack injectively.");
  add(r, "thm:tc", "theorem", "sec:tc",
      "Every two-stack PDA is simulated step by step by a single-layer PAL-Transformer with H = 4 heads, one MLP "
      "and O(log(n|Gamma|)) bits of precision.",
      {}, {"stack", "initial_state"});
  add(r, "cor:depth", "corollary", "sec:tc",
      "Some language is recognised by a 1-layer PAL-Transformer but needs Omega(log n) layers for any transformer "
      "with O(1) heads.");
  add(r, "cor:vpal_tc", "corollary", "sec:tc",
      "A single-layer vector PAL (W_I in R^{2 x d}) with one head is Turing-complete.");
  add(r, "rem:backprop", "remark", "sec:tc",
      "The stateful sigmoid relaxation s_{n+1} = s_n[1-sig_tau(beta-u_n)] + (1-s_n) sig_tau(u_n-alpha) relaxes the "
      "relay as tau -> 0.");
  add(r, "rem:pe", "remark", "sec:tc",
      "PE is used by the MLP only and is not passed through the MPAL heads, so the MPAL output stays "
      "rate-independent.");
  add(r, "rem:heads_dims", "remark", "sec:tc",
      "H scalar heads are exchangeable with one H-dimensional vPAL head (H L^2 vs L^{2H} parameters); the minimal TC "
      "architecture is scalar PAL at H = 2 or vPAL at H = 1.");

  // §5 Separation.
  add(r, "thm:separation", "theorem", "sec:separation",
      "F_PAL \\ F_Tr and F_Tr \\ F_PAL are both non-empty for bounded-depth PAL-Transformers and transformers.");
  add(r, "prop:range", "proposition", "sec:separation",
      "f_range(u_{0:n}) = max u - min u is computable by a 1-layer PAL in O(1) time.", {}, {"initial_state"});
  add(r, "prop:range_hard", "proposition", "sec:separation",
      "No transformer with O(1) layers and O(1) heads computes f_range exactly (MAX is not in AC^0).");
  add(r, "prop:copy", "proposition", "sec:separation",
      "f_copy(x_{0:n}, p) = x_p is computable by a 1-layer hard-attention transformer.");
  add(r, "prop:no_copy", "proposition", "sec:separation",
      "No PAL-Transformer of any depth or head count computes f_copy for all sequences and positions.");
  add(r, "rem:prob_fix", "remark", "sec:separation",
      "For i.i.d. continuous inputs an interior position is a local extremum with probability 2/3.");
  add(r, "thm:rate_independence", "theorem", "sec:separation",
      "Every function computable by a PAL-Transformer is rate-independent; standard attention is not.");

  // §6 Logical characterisation.
  add(r, "def:efo", "definition", "sec:characterisation",
      "EFO: first-order logic over extremal positions with ExtAgg (sums over extremal positions weighted by mu) and "
      "no quantification over arbitrary positions.");
  add(r, "thm:efo", "theorem", "sec:characterisation",
      "f is computable by a bounded-depth PAL-Transformer iff it is definable in EFO.", {},
      {"extremum_endpoints", "initial_state"});
  add(r, "rem:efo_vs_fo", "remark", "sec:characterisation",
      "EFO is strictly inside FO+Aggregate, and EFO expresses f_range, which has no bounded-depth FO definition.", {},
      {}, true);

  // §7 Complexity.
  add(r, "thm:complexity", "theorem", "sec:complexity",
      "A single-layer H-head PAL-Transformer takes O(H log k d) per token, O(H n log n d) in total and O(H k d) "
      "memory. Reading per_token (ours): 'time per token' at every token, as printed, or amortised, since the "
      "theorem has no proof and its only support, prop:complexity, bounds the stack work amortised.",
      {}, {"per_token"});
  add(r, "tab:complexity", "table", "sec:complexity",
      "Table 1: PAL and vPAL take O(n log n d) time and O(kd) memory, are TC at depth O(1) with H = 4 and H = 1; "
      "softmax transformers are not TC; hard-attention transformers need depth O(log n).");
  add(r, "sec:complexity:advantages", "remark", "sec:complexity",
      "PAL is predicted to outperform attention on rate-independent tasks with long episodic memory.", {}, {}, true);

  // §8 Random-field Ising model.
  add(r, "prop:preisach_rfim", "proposition", "sec:rfim",
      "The mean-field RFIM at T = 0 is a Preisach operator with mu = P((alpha+beta)/2) delta(alpha-beta-2Jm), "
      "thresholds alpha_i = -h_i - Jm, beta_i = -h_i + Jm.");
  add(r, "rem:rfim_structure", "remark", "sec:rfim",
      "Return-point memory of the RFIM is precisely the wiping property, and the extremum stack is the minimal "
      "sufficient statistic of its history.", {}, {}, true);
  add(r, "prop:ising_streaming", "proposition", "sec:rfim",
      "With mu*(alpha,beta) = alpha 1[alpha = -beta], PAL(u_{0:n}) = sum_t J_t relay_{J_t,-J_t}[u](t) = "
      "mean-field energy + O(n^{1/2}).");
  add(r, "rem:maxcut", "remark", "sec:rfim",
      "CUT(S) = (E_max - E(sigma))/2, and the running mean-field energy lower-bounds the cut value.");
  add(r, "prop:hopfield_pal", "proposition", "sec:rfim",
      "The stack retains exactly the patterns whose strengths are local extrema; retained relays have disjoint "
      "support; capacity k <= n_ext(u_{1:P}).",
      {}, {"stack", "extremum_endpoints"});
  add(r, "rem:retrieval", "remark", "sec:rfim",
      "Query q = M_s activates relay (M_s + eps, M_s - eps) uniquely for the pattern at stack position s.", {}, {},
      true);
  add(r, "prop:bp_pal", "proposition", "sec:rfim",
      "With u_t = artanh(m_t) and mu* = (1/2)log((1+tanh a)/(1-tanh a)) 1[a = -b], PAL(u_{0:n}) = m_n exactly on "
      "tree MRFs.");
  add(r, "prop:criticality", "proposition", "sec:rfim",
      "Scalar PAL with Gaussian measure of variance Delta^2 has a phase transition at Delta_c = J with mean-field "
      "RFIM universality.");
  add(r, "rem:criticality_learning", "remark", "sec:rfim",
      "Training PAL near Delta_c is a principled alternative to spectral-radius regularisation.", {}, {}, true);
  add(r, "tab:ising_summary", "table", "sec:rfim",
      "Summary table: PAL updates in O(log k) per token and inherits the RFIM universality class.", {}, {}, true);

  // Appendix A: EFO.
  add(r, "def:efo_syntax", "definition", "app:efo_proof",
      "EFO grammar with atoms u_i <= c, u_i >= c, i <_ext j, connectives, extremal quantifiers and "
      "ExtAgg_i[f(i), phi(i)] = sum over extremal i satisfying phi of f(x_i).",
      {}, {"extremum_endpoints"});
  add(r, "def:efo_semantics", "definition", "app:efo_proof",
      "x |= phi by first-order semantics restricted to extremal positions E(x).", {}, {"extremum_endpoints"});
  add(r, "lem:ext_indicator", "lemma", "app:efo_proof",
      "1[i in E(x)] = relay(alpha_i+eps, alpha_i-eps)[u](i) - relay(alpha_i+eps, alpha_i-eps)[u](i-1) with "
      "alpha_i = u_i.",
      {"eps > 0"}, {"extremum_endpoints", "initial_state"});
  add(r, "lem:threshold", "lemma", "app:efo_proof",
      "At an extremal position i, 1[u_i >= c] = relay(c+eps, c-eps)[u](i).", {"eps > 0", "i extremal"},
      {"extremum_endpoints", "initial_state"});
  add(r, "lem:boolean", "lemma", "app:efo_proof",
      "On {0,1}: AND = ReLU(r1+r2-1), OR = ReLU(r1+r2) - ReLU(r1+r2-1), NOT = 1-r1.", {"r1, r2 in {0,1}"});
  add(r, "lem:extAgg", "lemma", "app:efo_proof",
      "ExtAgg_i[f(x_i), phi(i)] is one MPAL head with mu = f(Dec(alpha,beta)) 1[phi at (alpha,beta)]; a relay is on "
      "iff the stack holds a pair within eps of its thresholds.",
      {}, {"extremum_endpoints", "initial_state"});
  add(r, "lem:exists_ext", "lemma", "app:efo_proof",
      "x |= exists^ext i phi(i) iff ReLU(ExtAgg_i[1, phi(i)]) > 0.", {}, {"extremum_endpoints"});
  add(r, "eq:relay_efo", "equation", "app:efo_proof",
      "relay(alpha,beta)[u](n) = 1 iff some extremal t* <= n has u_t* >= alpha and every later extremal t has "
      "u_t > beta.",
      {}, {"extremum_endpoints", "initial_state"});
  add(r, "app:efo_proof", "theorem", "app:efo_proof",
      "Full structural-induction proof of thm:efo: relays, weighted sums, MLPs and heads are EFO-definable, and "
      "every EFO construct compiles to PAL with one layer per ExtAgg nesting level.",
      {}, {"extremum_endpoints", "initial_state"});
  add(r, "cor:decidability", "corollary", "app:efo_proof",
      "Whether f is in F_PAL is decidable for functions over finite alphabets (via EFO definability).");
  add(r, "cor:strict_inclusion", "corollary", "app:efo_proof",
      "EFO is strictly contained in FO+Aggregate, witnessed by f_copy; the reverse fails because f_range is in EFO "
      "but not in bounded-depth FO+Aggregate.");
  add(r, "cor:depth_nesting", "corollary", "app:efo_proof",
      "Depth-k PAL-Transformers implement exactly the EFO formulae of nesting depth k.");

  // Appendix B: auxiliary lemmas of §4.
  add(r, "lem:pop_one", "lemma", "app:tc_aux",
      "The POP signal u_{n+1} = M_{top-1} + 2eps removes exactly the top pair (M_top, m_top) and no other.",
      {"eps > 0", "M_top < M_{top-1}"}, {"stack", "algorithm1"});
  add(r, "lem:push_no_wipe", "lemma", "app:tc_aux",
      "The PUSH signal u_{n+1} = code*(a_i, d+1) + eps does not trigger wiping (given M_top = code*(a_j,d) + eps, "
      "eps < Delta/2).",
      {"eps > 0", "eps < Delta/2", "M_top = code*(a_j,d) + eps"}, {"stack", "algorithm1"});
  add(r, "lem:mlp_width", "lemma", "app:tc_aux",
      "The 2-PDA transition function is a two-layer ReLU MLP of width O(|Q||Sigma||Gamma|^2) by one indicator "
      "neuron per table entry.",
      {}, {"input_encoding"});

  // Appendix C: sparse attention.
  add(r, "prop:sparse", "proposition", "app:sparse",
      "PAL_mu(u_{0:n}) = sum over extremal positions i of a_i v_i with a_i = mu(alpha(u_i), beta(u_{i-1})) and "
      "v_i = relay(alpha(u_i), .).",
      {}, {"extremum_endpoints"});

  // Abstract and introduction: claims not tied to a numbered statement.
  add(r, "intro:properties", "remark", "sec:intro",
      "Rate-independence, wiping, stack sufficiency (minimal sufficient statistic) and universal approximation "
      "motivate PAL.",
      {}, {}, true);
  add(r, "abstract:cost", "remark", "sec:intro",
      "PAL inference costs O(n log n) in total versus O(n^2) for standard attention.", {}, {}, true);
}

}  // namespace palcheck
