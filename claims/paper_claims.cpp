// The claim table, the only place a claim is stated: every asserting statement of
// ../shared/paper/preisach-attention.tex by label, then the labels of ours ("ours": true): unlabelled
// statements, sub-claims "label:part", repairs "repair:label" and ref:* properties of the reference.
// Checkers and replayers live with their method (proofs/, properties/, claims/constructions, ...) and
// may only name a label of this table: the registry throws otherwise.
#include "claims/areas.h"

#include <algorithm>
#include <string>
#include <vector>

namespace palcheck {
namespace {

// "a; b; c" -> {"a", "b", "c"}; "" -> {}.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = std::min(text.find("; ", start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 2;
  }
  return out;
}

// Whose label a row is: the paper's, or ours (sub-claim, repair, ref:* property, unlabelled statement).
enum class Origin { Paper, Ours };

void add(Registry& r, Origin origin, std::string label, std::string number, std::string kind, std::string section,
         std::string statement, const std::string& hypotheses, const std::string& readings) {
  r.add(Claim{std::move(label), std::move(kind), std::move(section), std::move(statement), split_list(hypotheses),
              split_list(readings), origin == Origin::Ours, std::move(number)});
}

// One row per claim: label, the number the paper prints (LaTeX's numbering of the paper's \newtheorem
// counters, sections, \appendix, equations and floats, worked out once from its source), kind, section,
// statement, hypotheses and the readings (options) its verdict may depend on, the last two as
// "; "-separated lists.
void paper(Registry& r, std::string label, std::string number, std::string kind, std::string section,
           std::string statement, const std::string& hypotheses, const std::string& readings) {
  add(r, Origin::Paper, std::move(label), std::move(number), std::move(kind), std::move(section), std::move(statement),
      hypotheses, readings);
}

// A label of ours for what the paper does not print as a statement of its own has no number.
void ours(Registry& r, std::string label, std::string kind, std::string section, std::string statement,
          const std::string& hypotheses, const std::string& readings) {
  add(r, Origin::Ours, std::move(label), "", std::move(kind), std::move(section), std::move(statement), hypotheses,
      readings);
}

// A statement the paper prints with a number but no \label: a label of ours, with the paper's number.
void unlabelled(Registry& r, std::string label, std::string number, std::string kind, std::string section,
                std::string statement, const std::string& hypotheses, const std::string& readings) {
  add(r, Origin::Ours, std::move(label), std::move(number), std::move(kind), std::move(section), std::move(statement),
      hypotheses, readings);
}

}  // namespace

// One claim per line (grep a label to read its whole row): the table is kept out of clang-format.
// clang-format off
void register_paper_claims(Registry& r) {
  // §2 Background: the Preisach operator and the extremum stack.
  paper(r, "def:relay", "Definition 2.1", "definition", "sec:preisach_bg", "The relay is 1 if u_n >= alpha, else 0 if u_n <= beta, else it keeps its state at n-1.", "(alpha,beta) in T: alpha >= beta", "initial_state; tie_rule");
  paper(r, "def:preisach", "Definition 2.2", "definition", "sec:preisach_bg", "The Preisach operator integrates relay outputs against a signed measure mu in L^1(T).", "", "initial_state");
  paper(r, "prop:rate_independence", "Proposition 2.3", "proposition", "sec:preisach_bg", "For every non-decreasing bijection phi of [0,T], P_mu[u o phi] = P_mu[u] o phi.", "phi non-decreasing bijection of [0,T]", "discrete_reparametrisation");
  paper(r, "prop:wiping", "Proposition 2.4", "proposition", "sec:preisach_bg", "Given alternating extrema M_i > m_i > M_{i+1} > ..., if M_{i+1} > M_i then the output after M_{i+1} is as if M_i had not occurred.", "M_i > m_i > M_{i+1} > m_{i+1}; M_{i+1} > M_i", "stack");
  paper(r, "prop:universal", "Proposition 2.5", "proposition", "sec:preisach_bg", "Preisach operators with mu in L^2(T) are dense in continuous causal rate-independent functionals on C([0,T]) under the uniform topology.", "", "");
  paper(r, "def:stack", "Definition 2.6", "definition", "sec:stack_bg", "The extremum stack is [(M_1,m_1),...,(M_k,m_k)] with M_1 > ... > M_k and m_1 > ... > m_k, (M_i, m_i) a local maximum and its subsequent local minimum.", "", "stack; algorithm1");
  paper(r, "prop:sufficiency", "Proposition 2.7", "proposition", "sec:stack_bg", "P_mu[u](n) is a function of the extremum stack Pi_n alone: equal stacks give equal outputs for all mu.", "", "stack; algorithm1; initial_state");
  paper(r, "alg:stack", "Algorithm 1", "algorithm", "sec:stack_bg", "Algorithm 1 maintains the extremum stack of def:stack (the classical Preisach memory) token by token.", "", "algorithm1");
  paper(r, "prop:complexity", "Proposition 2.8", "proposition", "sec:stack_bg", "Algorithm 1 pushes and pops each element at most once (amortised O(1) per step), uses O(k) space with k <= n, and a relay state is read from Pi_n in O(log k) by binary search.", "", "algorithm1");
  ours(r, "def:attention", "definition", "sec:transformer_bg", "Scaled dot-product attention softmax(qK^T/sqrt(d))V and hard attention by argmax.", "", "");

  // §3 PAL.
  paper(r, "def:pal", "Definition 3.1", "definition", "sec:pal", "PAL_mu(u_{0:n}) = sum_{i>=j} mu_ij relay(alpha_i = i*Delta, beta_j = j*Delta)[u](n) on the grid G_L.", "", "initial_state");
  paper(r, "def:mpal", "Definition 3.2", "definition", "sec:pal", "MPAL(x_{0:n}) = sum_h W_O^(h) PAL_{mu^(h)}(W_I^(h) x_{0:n}) with W_I^(h) in R^{1 x d}, W_O^(h) in R^d.", "", "");
  paper(r, "def:pal_transformer", "Definition 3.3", "definition", "sec:pal", "z^(0)_n = x_n + PE(n); each layer applies LN(z + MPAL(z)) then LN(z + MLP(z)) with sinusoidal PE.", "", "");
  paper(r, "prop:pal_preisach", "Proposition 3.4", "proposition", "sec:pal", "PAL_mu is the Preisach operator of the atomic measure sum mu_ij delta_(alpha_i,beta_j); as L -> inf, Delta -> 0 with L*Delta = C, PAL_mu -> P_mu uniformly on C([0,C]).", "L*Delta = C fixed", "initial_state");
  paper(r, "prop:attention_pal", "Proposition 3.5", "proposition", "sec:pal", "Softmax attention is a continuous relaxation of PAL: relay -> softmax weight, mu -> V, and rate-independence is broken by position.", "", "");

  // §4 Turing completeness.
  paper(r, "def:encoding", "Definition 4.1", "definition", "sec:tc", "code*(a_i, d) = C_max - [d(k+1)+i]Delta with C_max = D_max(k+1)Delta, i in 1..k, d in 0..D_max.", "Delta > 0; 1 <= i <= k; 0 <= d <= D_max", "");
  paper(r, "lem:monotone", "Lemma 4.2", "lemma", "sec:tc", "For all i, i' in 1..k and d >= 0: code*(a_i', d+1) < code*(a_i, d).", "Delta > 0; 1 <= i <= k; 1 <= i' <= k; d >= 0", "");
  paper(r, "lem:stack_ops", "Lemma 4.3", "lemma", "sec:tc", "PUSH(a_i) = (code*(a_i,d+1)+eps, code*(a_i,d+1)-eps), POP = M_{top-1}+2eps and TOP = Dec(M_top) realise the stack operations without erroneous wiping.", "eps > 0; eps < Delta/2; depth >= 3", "stack; algorithm1; initial_state");
  paper(r, "def:autoregressive", "Definition 4.4", "definition", "sec:tc", "In the autoregressive regime the signal channels of z_n are fed back as x_{n+1} and the extremum stacks are the sole recurrent state.", "", "stack; algorithm1; initial_state");
  paper(r, "lem:decode_stack", "Lemma 4.5", "lemma", "sec:tc", "For stacks of depth <= k over K = (k+1)|Gamma| values there are H = ceil(log2 K) PAL heads whose outputs in {0,1}^H identify the stack injectively.", "", "");
  paper(r, "thm:tc", "Theorem 4.6", "theorem", "sec:tc", "Every two-stack PDA is simulated step by step by a single-layer PAL-Transformer with H = 4 heads, one MLP and O(log(n|Gamma|)) bits of precision.", "", "stack; initial_state");
  paper(r, "cor:depth", "Corollary 4.7", "corollary", "sec:tc", "Some language is recognised by a 1-layer PAL-Transformer but needs Omega(log n) layers for any transformer with O(1) heads.", "", "");
  paper(r, "cor:vpal_tc", "Corollary 4.8", "corollary", "sec:tc", "A single-layer vector PAL (W_I in R^{2 x d}) with one head is Turing-complete.", "", "");
  paper(r, "rem:backprop", "Remark 4.9", "remark", "sec:tc", "The stateful sigmoid relaxation s_{n+1} = s_n[1-sig_tau(beta-u_n)] + (1-s_n) sig_tau(u_n-alpha) relaxes the relay as tau -> 0.", "", "");
  paper(r, "rem:pe", "Remark 4.10", "remark", "sec:tc", "PE is used by the MLP only and is not passed through the MPAL heads, so the MPAL output stays rate-independent.", "", "");
  paper(r, "rem:heads_dims", "Remark 4.11", "remark", "sec:tc", "H scalar heads are exchangeable with one H-dimensional vPAL head (H L^2 vs L^{2H} parameters); the minimal TC architecture is scalar PAL at H = 2 or vPAL at H = 1.", "", "");

  // §5 Separation.
  paper(r, "thm:separation", "Theorem 5.1", "theorem", "sec:separation", "F_PAL \\ F_Tr and F_Tr \\ F_PAL are both non-empty for bounded-depth PAL-Transformers and transformers.", "", "");
  paper(r, "prop:range", "Proposition 5.2", "proposition", "sec:separation", "f_range(u_{0:n}) = max u - min u is computable by a 1-layer PAL in O(1) time.", "", "initial_state");
  paper(r, "prop:range_hard", "Proposition 5.3", "proposition", "sec:separation", "No transformer with O(1) layers and O(1) heads computes f_range exactly (MAX is not in AC^0).", "", "");
  paper(r, "prop:copy", "Proposition 5.4", "proposition", "sec:separation", "f_copy(x_{0:n}, p) = x_p is computable by a 1-layer hard-attention transformer.", "", "");
  paper(r, "prop:no_copy", "Proposition 5.5", "proposition", "sec:separation", "No PAL-Transformer of any depth or head count computes f_copy for all sequences and positions.", "0 <= p < n; p given at the query position n (as q_n = PE(p) in prop:copy's proof)", "tokens");
  paper(r, "rem:prob_fix", "Remark 5.6", "remark", "sec:separation", "For i.i.d. continuous inputs an interior position is a local extremum with probability 2/3.", "", "");
  paper(r, "thm:rate_independence", "Theorem 5.7", "theorem", "sec:separation", "Every function computable by a PAL-Transformer is rate-independent; standard attention is not.", "", "");

  // §6 Logical characterisation.
  paper(r, "def:efo", "Definition 6.1", "definition", "sec:characterisation", "EFO: first-order logic over extremal positions with ExtAgg (sums over extremal positions weighted by mu) and no quantification over arbitrary positions.", "", "");
  paper(r, "thm:efo", "Theorem 6.2", "theorem", "sec:characterisation", "f is computable by a bounded-depth PAL-Transformer iff it is definable in EFO.", "", "extremum_endpoints; initial_state");
  unlabelled(r, "rem:efo_vs_fo", "Remark 6.3", "remark", "sec:characterisation", "EFO is strictly inside FO+Aggregate, and EFO expresses f_range, which has no bounded-depth FO definition.", "", "");

  // §7 Complexity.
  paper(r, "thm:complexity", "Theorem 7.1", "theorem", "sec:complexity", "A single-layer H-head PAL-Transformer takes O(H log k d) per token, O(H n log n d) in total and O(H k d) memory. Reading per_token (ours): 'time per token' at every token, as printed, or amortised, since the theorem has no proof and its only support, prop:complexity, bounds the stack work amortised.", "", "per_token");
  paper(r, "tab:complexity", "Table 1", "table", "sec:complexity", "Table 1: PAL and vPAL take O(n log n d) time and O(kd) memory, are TC at depth O(1) with H = 4 and H = 1; softmax transformers are not TC; hard-attention transformers need depth O(log n).", "", "");
  ours(r, "sec:complexity:advantages", "remark", "sec:complexity", "PAL is predicted to outperform attention on rate-independent tasks with long episodic memory.", "", "");

  // §9 Random-field Ising model.
  paper(r, "prop:preisach_rfim", "Proposition 9.1", "proposition", "sec:rfim", "The mean-field RFIM at T = 0 is a Preisach operator with mu = P((alpha+beta)/2) delta(alpha-beta-2Jm), thresholds alpha_i = -h_i - Jm, beta_i = -h_i + Jm.", "", "");
  unlabelled(r, "rem:rfim_structure", "Remark 9.2", "remark", "sec:rfim", "Return-point memory of the RFIM is precisely the wiping property, and the extremum stack is the minimal sufficient statistic of its history.", "", "");
  paper(r, "prop:ising_streaming", "Proposition 9.3", "proposition", "sec:rfim", "With mu*(alpha,beta) = alpha 1[alpha = -beta], PAL(u_{0:n}) = sum_t J_t relay_{J_t,-J_t}[u](t) = mean-field energy + O(n^{1/2}).", "", "");
  paper(r, "rem:maxcut", "Remark 9.4", "remark", "sec:rfim", "CUT(S) = (E_max - E(sigma))/2, and the running mean-field energy lower-bounds the cut value.", "", "");
  paper(r, "prop:hopfield_pal", "Proposition 9.5", "proposition", "sec:rfim", "The stack retains exactly the patterns whose strengths are local extrema; retained relays have disjoint support; capacity k <= n_ext(u_{1:P}).", "", "stack; extremum_endpoints");
  unlabelled(r, "rem:retrieval", "Remark 9.6", "remark", "sec:rfim", "Query q = M_s activates relay (M_s + eps, M_s - eps) uniquely for the pattern at stack position s.", "", "");
  paper(r, "prop:bp_pal", "Proposition 9.7", "proposition", "sec:rfim", "With u_t = artanh(m_t) and mu* = (1/2)log((1+tanh a)/(1-tanh a)) 1[a = -b], PAL(u_{0:n}) = m_n exactly on tree MRFs.", "", "");
  paper(r, "prop:criticality", "Proposition 9.8", "proposition", "sec:rfim", "Scalar PAL with Gaussian measure of variance Delta^2 has a phase transition at Delta_c = J with mean-field RFIM universality.", "", "");
  unlabelled(r, "rem:criticality_learning", "Remark 9.9", "remark", "sec:rfim", "Training PAL near Delta_c is a principled alternative to spectral-radius regularisation.", "", "");
  ours(r, "tab:ising_summary", "table", "sec:rfim", "Summary table: PAL updates in O(log k) per token and inherits the RFIM universality class.", "", "");

  // Appendix A: EFO.
  paper(r, "def:efo_syntax", "Definition A.1", "definition", "app:efo_proof", "EFO grammar with atoms u_i <= c, u_i >= c, i <_ext j, connectives, extremal quantifiers and ExtAgg_i[f(i), phi(i)] = sum over extremal i satisfying phi of f(x_i).", "", "extremum_endpoints");
  paper(r, "def:efo_semantics", "Definition A.2", "definition", "app:efo_proof", "x |= phi by first-order semantics restricted to extremal positions E(x).", "", "extremum_endpoints");
  paper(r, "lem:ext_indicator", "Lemma A.3", "lemma", "app:efo_proof", "1[i in E(x)] = relay(alpha_i+eps, alpha_i-eps)[u](i) - relay(alpha_i+eps, alpha_i-eps)[u](i-1) with alpha_i = u_i.", "eps > 0", "extremum_endpoints; initial_state");
  paper(r, "lem:threshold", "Lemma A.4", "lemma", "app:efo_proof", "At an extremal position i, 1[u_i >= c] = relay(c+eps, c-eps)[u](i).", "eps > 0; i extremal", "extremum_endpoints; initial_state");
  paper(r, "lem:boolean", "Lemma A.5", "lemma", "app:efo_proof", "On {0,1}: AND = ReLU(r1+r2-1), OR = ReLU(r1+r2) - ReLU(r1+r2-1), NOT = 1-r1.", "r1, r2 in {0,1}", "");
  paper(r, "lem:extAgg", "Lemma A.6", "lemma", "app:efo_proof", "ExtAgg_i[f(x_i), phi(i)] is one MPAL head with mu = f(Dec(alpha,beta)) 1[phi at (alpha,beta)]; a relay is on iff the stack holds a pair within eps of its thresholds.", "", "extremum_endpoints; initial_state");
  paper(r, "lem:exists_ext", "Lemma A.7", "lemma", "app:efo_proof", "x |= exists^ext i phi(i) iff ReLU(ExtAgg_i[1, phi(i)]) > 0.", "", "extremum_endpoints");
  paper(r, "eq:relay_efo", "Equation (30)", "equation", "app:efo_proof", "relay(alpha,beta)[u](n) = 1 iff some extremal t* <= n has u_t* >= alpha and every later extremal t has u_t > beta.", "", "extremum_endpoints; initial_state");
  paper(r, "app:efo_proof", "Appendix A", "theorem", "app:efo_proof", "Full structural-induction proof of thm:efo: relays, weighted sums, MLPs and heads are EFO-definable, and every EFO construct compiles to PAL with one layer per ExtAgg nesting level.", "", "extremum_endpoints; initial_state");
  paper(r, "cor:decidability", "Corollary A.8", "corollary", "app:efo_proof", "Whether f is in F_PAL is decidable for functions over finite alphabets (via EFO definability).", "", "");
  paper(r, "cor:strict_inclusion", "Corollary A.9", "corollary", "app:efo_proof", "EFO is strictly contained in FO+Aggregate, witnessed by f_copy; the reverse fails because f_range is in EFO but not in bounded-depth FO+Aggregate.", "", "");
  paper(r, "cor:depth_nesting", "Corollary A.10", "corollary", "app:efo_proof", "Depth-k PAL-Transformers implement exactly the EFO formulae of nesting depth k.", "", "");

  // Appendix B: auxiliary lemmas of §4.
  paper(r, "lem:pop_one", "Lemma B.1", "lemma", "app:tc_aux", "The POP signal u_{n+1} = M_{top-1} + 2eps removes exactly the top pair (M_top, m_top) and no other.", "eps > 0; M_top < M_{top-1}; under the Cantor-depth encoding (the stack's maxima are pushed codes code*(a, d) + eps)", "stack; algorithm1");
  paper(r, "lem:push_no_wipe", "Lemma B.2", "lemma", "app:tc_aux", "The PUSH signal u_{n+1} = code*(a_i, d+1) + eps does not trigger wiping (given M_top = code*(a_j,d) + eps, eps < Delta/2).", "eps > 0; eps < Delta/2; M_top = code*(a_j,d) + eps", "stack; algorithm1");
  paper(r, "lem:mlp_width", "Lemma B.3", "lemma", "app:tc_aux", "The 2-PDA transition function is a two-layer ReLU MLP of width O(|Q||Sigma||Gamma|^2) by one indicator neuron per table entry.", "", "input_encoding");

  // Appendix C: sparse attention.
  paper(r, "prop:sparse", "Proposition C.1", "proposition", "app:sparse", "PAL_mu(u_{0:n}) = sum over extremal positions i of a_i v_i with a_i = mu(alpha(u_i), beta(u_{i-1})) and v_i = relay(alpha(u_i), .).", "", "extremum_endpoints");

  // Abstract and introduction: claims not tied to a numbered statement.
  ours(r, "intro:properties", "remark", "sec:intro", "Rate-independence, wiping, stack sufficiency (minimal sufficient statistic) and universal approximation motivate PAL.", "", "");
  ours(r, "abstract:cost", "remark", "sec:intro", "PAL inference costs O(n log n) in total versus O(n^2) for standard attention.", "", "");

  // Claims of ours: sub-claims "label:part" (a checkable part of a paper label), repairs "repair:label" (the
  // statement that holds where the paper's fails) and ref:* properties of the reference. Listed after the
  // paper's labels, in the order `palcheck list` has always shown them.
  ours(r, "def:relay:well-defined", "sub-claim", "sec:preisach_bg", "With an initial state (0 or 1) eq:relay defines every relay state, and PAL computed from the classical memory equals PAL by definition, relay by relay.", "initial state 0 or 1 given", "initial_state; tie_rule");
  ours(r, "def:pal:grid", "sub-claim", "sec:pal", "With an initial state and Delta > 0, eq:pal is well defined on G_L and the grid fast path of MemoryPal equals the sum of relay states by definition.", "Delta > 0; initial state 0 or 1 given", "initial_state");
  ours(r, "def:mpal:vpal", "sub-claim", "sec:pal", "The vector extension vPAL (W_I in R^{2 x d}, measure over (alpha, beta, theta)) named in def:mpal is a definition the rest of the paper can use.", "", "");
  ours(r, "thm:complexity:depth", "sub-claim", "sec:complexity", "The extremum stack depth k can equal the sequence length n (nested zig-zag of shrinking amplitude), so the memory O(Hkd) of thm:complexity is O(Hnd) in the worst case, the same order as attention.", "", "algorithm1; initial_state");
  ours(r, "tab:complexity:tc-columns", "sub-claim", "sec:complexity", "The Depth-for-TC and Heads-for-TC entries of the PAL (O(1), H = 4) and vPAL (O(1), H = 1) rows hold.", "", "stack; initial_state");
  ours(r, "rem:heads_dims:parameters", "sub-claim", "sec:tc", "H scalar heads on G_L need H*L^2 measure parameters and one H-dimensional vPAL head, read as the H-fold product of grid half-planes, L^(2H) (orders of growth).", "", "");
  ours(r, "def:encoding:injective", "sub-claim", "sec:tc", "Codes of distinct (i, d) differ by at least Delta, so code* is injective, for every k, D_max and Delta > 0.", "Delta > 0; 1 <= i <= k; 0 <= d <= D_max", "");
  ours(r, "prop:rate_independence:discrete", "sub-claim", "sec:preisach_bg", "Repeating one input, or inserting one point between two neighbouring inputs (hence any finite number of both), leaves every relay state, so PAL_mu for every mu, unchanged at the corresponding times, for every sequence.", "alpha >= beta; the inserted point lies between its neighbours", "initial_state; discrete_reparametrisation");
  ours(r, "def:encoding:grid", "sub-claim", "sec:tc", "Every Cantor-depth code is a positive threshold i*Delta (i >= 1) of the grid of def:pal, as lem:decode_stack's index(i,j) needs.", "Delta > 0; 1 <= i <= k; 0 <= d <= D_max", "");
  ours(r, "repair:lem:stack_ops:top", "repair", "sec:tc", "TOP repaired: with M_top = code*(a_i,d) + eps and 0 < eps < Delta/2, ceil((C_max - M_top)/Delta) mod (k+1) = i.", "Delta > 0; eps > 0; eps < Delta/2; 1 <= i <= k; 0 <= d", "");
  ours(r, "repair:lem:threshold", "repair", "app:efo_proof", "1[u_i >= c] = relay(c, c)[u](i) at every position (eps = 0, printed tie rule); with eps > 0 the identity holds whenever u_i is outside the dead band (c-eps, c+eps).", "eps = 0, or eps > 0 and |u_i - c| >= eps", "");

  // One statement, two methods: proofs/ deletes an excursion (s < r) under a bounded model check, properties/
  // deletes a passed extremum M (a one-point case) or the pair M, m (an excursion) on generated sequences.
  ours(r, "repair:prop:wiping", "repair", "sec:preisach_bg", "Classical wiping-out: an excursion (a maximum u_s, the minimum u_r closing it, every value in between) inside a monotone pass from u_{s-1} to u_{r+1} (u_{s-1} <= u_r, u_s <= u_{r+1}, or the dual) can be deleted, and so can an extremum M once a reversal m and an input M2 beyond it follow (m < M <= M2, or the dual): every relay state, hence every PAL output, is unchanged afterwards.", "alpha >= beta; excursion inside a monotone pass, or extremum passed after a reversal", "initial_state");
  ours(r, "prop:complexity:counts", "sub-claim", "sec:stack_bg", "Algorithm 1 pushes exactly one pair per step whose input differs from the previous one (none on equal inputs; one at u_0 only under first=push-pair), pops at most what it pushed, and its depth never exceeds the number of inputs.", "", "algorithm1");
  ours(r, "repair:lem:pop_one", "repair", "app:tc_aux", "POP repaired: on a stack of depth >= 2 with M_top < M_{top-1}, the rising signal M_{top-1} - eps with 0 < eps < M_{top-1} - M_top removes exactly the top pair (Algorithm 1, every reading; classical memory).", "eps > 0; eps < M_{top-1} - M_top; depth >= 2; the signal rises above u_n", "stack; algorithm1");
  ours(r, "ref:memory_equals_definition", "property", "sec:preisach_bg", "PAL computed from the classical Preisach memory equals PAL by definition, and every relay state read from the memory equals the relay run over the whole sequence.", "", "initial_state");
  ours(r, "ref:return_point_memory", "property", "sec:preisach_bg", "Return-point memory: after a fall from h to a, an excursion inside [a, h] that comes back to a restores every relay (mirrored for a rise): a minor loop closes where it started.", "", "initial_state");
  ours(r, "ref:congruency", "property", "sec:preisach_bg", "Congruency of minor loops: from a reversal point a reached by a fall from above the path, the same input path changes every relay (hence PAL_mu) by the same amount whatever the earlier history.", "", "initial_state");
  ours(r, "ref:algorithm1_steps", "property", "sec:preisach_bg", "Algorithm 1's recorded steps: each step pops exactly the top pairs the printed test removes, in order, then pushes one pair (none on equal inputs).", "", "initial_state");
  ours(r, "prop:no_copy:bare_memory", "sub-claim", "sec:separation", "The key step of prop:no_copy's proof for the bare memory: two sequences that differ only at a position p inside a strictly ascending segment have equal extremum stacks at n (so equal bare PAL-head outputs).", "", "initial_state");
  ours(r, "repair:thm:tc", "repair", "sec:tc", "Every two-stack PDA is simulated, two tokens per step, by a single-layer PAL-Transformer with H = 4 heads on grid measures with weights in {1, -1, -(|Gamma|-1)}, one ReLU MLP layer of width 2|Q|(|Sigma|+1)(|Gamma|+1)^2 + 2, and integer stack-channel signals in [1, 4(n+3)(|Gamma|+1)] (O(log(n|Gamma|)) bits), on a nested encoding that respects Preisach wiping; acceptance is not modelled.", "two tokens per machine step; input streamed on channel 4; relays start off; layer normalisation read as the identity; delta pushes or pops one symbol per stack and reads one input symbol per step (the paper's delta writes strings); the reader heads' measures are built for a stack-depth bound D_max <= n (as def:encoding's codes are): a family of transformers, one per bound, not one fixed model", "tape; initial_state");
  ours(r, "repair:thm:tc:library", "sub-claim", "sec:tc", "repair:thm:tc for each two-stack PDA of the library (anbn, brackets, anbncn, counter, shuttle; |Gamma| in {2, 3}): at every step count and stack depth, after each machine step the heads' memories encode both stacks exactly and the readers output the tops.", "two tokens per machine step; input streamed on channel 4; relays start off; layer normalisation read as the identity; the reader heads' measures are built for a stack-depth bound D_max", "tape; initial_state");
  ours(r, "thm:separation:tr_only", "sub-claim", "sec:separation", "The second half of thm:separation: some function computed by a bounded-depth transformer (f_range, by one hard-attention layer) is computed by no PAL-Transformer of any depth.", "", "argmax_tie");
  ours(r, "thm:separation:pal_only", "sub-claim", "sec:separation", "The first half of thm:separation: some function computed by a bounded-depth PAL-Transformer is computed by no bounded-depth transformer.", "", "");
  ours(r, "prop:no_copy:equal_stacks", "sub-claim", "sec:separation", "The key step of prop:no_copy's proof: any PAL-Transformer outputs the same value on two sequences with equal extremum stacks.", "", "initial_state");
  ours(r, "prop:attention_pal:item3", "sub-claim", "sec:pal", "Item 3 of prop:attention_pal, read as: attention loses rate-independence only through absolute position (q.k_j with PE), so softmax attention without PE would be rate-independent.", "", "");
  ours(r, "prop:pal_preisach:convergence", "sub-claim", "sec:pal", "With mu_ij = Delta^2 (cell masses of the uniform density on 0 <= beta <= alpha <= C), sup_u |PAL_mu(u_{0:n}) - P_mu[u](n)| -> 0 as L -> inf with L*Delta = C.", "L*Delta = C fixed; mu_ij = Delta^2", "");
  ours(r, "rem:backprop:off_ties", "sub-claim", "sec:tc", "If no input equals a threshold, the tau -> 0 limit of the sigmoid relaxation satisfies s_{n+1} = relay[u](n) for every n (s_0 the initial state).", "", "");
  ours(r, "prop:criticality:delta_c", "sub-claim", "sec:rfim", "The mean-field RFIM at T = 0 with Gaussian random fields of standard deviation R has its critical disorder at R_c = J, as the proof of prop:criticality cites from Dahmen-Sethna.", "Gaussian random fields; mean-field coupling J", "");
  ours(r, "rem:maxcut:identity", "sub-claim", "sec:rfim", "With E of eq:ising_energy, h = 0, J_ij = -w_ij for edge weights w_ij >= 0 and E_max = max_sigma E, CUT(sigma) = (E_max - E(sigma))/2 for the optimal cut.", "h = 0; w_ij >= 0; J_ij = -w_ij", "");
  ours(r, "prop:hopfield_pal:distinct_pairs", "sub-claim", "sec:rfim", "The retained stack pairs (M_s, m_s) are pairwise distinct: maxima strictly decrease and minima strictly increase along the stack.", "", "");
}
// clang-format on

}  // namespace palcheck
