// def:pal_transformer, def:mpal, rem:pe: the PAL-Transformer as printed. z^(0)_n = x_n + PE(n) feeds
// the MPAL heads and the residual stream alike; each layer is LN(z + MPAL(z)) then LN(z + MLP(z)).
// Sinusoidal PE and LayerNorm's sqrt leave the rationals, so the model runs on rigorous enclosures;
// a relay whose input enclosure straddles a threshold is reported as undecided, never guessed.
#pragma once

#include "../measure.h"
#include "../rational.h"
#include "transformer_hard_attention.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace palcheck {

/// One MPAL head of def:mpal: scalar signal w_in . z, measure mu, written back along w_out.
struct PalHeadSpec {
  QVector w_in;   ///< W_I^(h), length d
  QVector w_out;  ///< W_O^(h), length d
  Measure mu;     ///< mu^(h) (grid or any finite list of relays)
};

/// The two-layer ReLU network of def:pal_transformer: w2 ReLU(w1 z + b1) + b2; no rows means MLP = 0.
struct MlpSpec {
  QMatrix w1;  ///< hidden x d
  QVector b1;  ///< hidden
  QMatrix w2;  ///< d x hidden
  QVector b2;  ///< d
};

/// Layer normalisation gamma * (z - mean) / sqrt(var + eps) + beta (biased variance; d = 1 gives beta).
struct LayerNormSpec {
  Q eps;          ///< > 0
  QVector gamma;  ///< gain, length d
  QVector beta;   ///< bias, length d
};

/// One layer: the MPAL sub-layer with its LayerNorm, then the MLP sub-layer with its LayerNorm.
struct PalLayerSpec {
  std::vector<PalHeadSpec> heads;  ///< the MPAL heads
  LayerNormSpec ln_mpal;           ///< LN after z + MPAL(z)
  MlpSpec mlp;                     ///< the MLP
  LayerNormSpec ln_mlp;            ///< LN after z + MLP(z)
};

/// A whole PAL-Transformer. PE(n) = (sin(w_0 n), cos(w_0 n), sin(w_1 n), ...); Vaswani's frequencies are
/// 10000^(-2k/d): w_0 = 1 exactly, the others irrational, so a spec lists the (rational) ones it uses.
struct PalTransformerSpec {
  std::size_t d = 2;                    ///< model dimension
  bool sinusoidal_pe = true;            ///< false: z^(0) = x (no PE at all)
  std::vector<Q> pe_frequencies{Q(1)};  ///< w_k, k < d/2
  std::vector<PalLayerSpec> layers;     ///< the layers, first to last
};

/// Thrown when an enclosure cannot decide a relay's step (the input straddles a threshold).
struct RelayUndecided : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What a run computed: per layer the MPAL output, and the final tokens z^(L).
struct PalTransformerRun {
  std::vector<std::vector<IVector>> mpal;  ///< mpal[l][n]: MPAL^(l) output at position n
  std::vector<IVector> output;             ///< z^(L)_n for every n
};

/// PE(n) as enclosures of width <= 2^-bits.
IVector positional_encoding(const PalTransformerSpec& spec, std::size_t n, unsigned bits);

/// The most bits run_pal_transformer spends before it reports a relay undecided.
inline constexpr unsigned kMaxReferenceBits = 4096;

/// Runs the PAL-Transformer on tokens x (each of length d), relays from `initial`, its enclosures rounded
/// outwards to 2^-bits, then to twice the bits while a relay is undecided; throws RelayUndecided past
/// kMaxReferenceBits.
PalTransformerRun run_pal_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                                      InitialState initial, unsigned bits = 128);

/// LayerNorm of one token, rigorously enclosed.
IVector layer_norm(const LayerNormSpec& ln, const IVector& z, unsigned bits);

/// Tokens flattened row by row, and back (length must be a multiple of d).
std::vector<Q> flatten(const std::vector<QVector>& x);
std::vector<QVector> unflatten(const std::vector<Q>& flat, std::size_t d);

/// LayerNorm with gain 1 and bias 0.
LayerNormSpec plain_layer_norm(std::size_t d, const Q& eps);

}  // namespace palcheck
