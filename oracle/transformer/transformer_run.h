// def:pal_transformer, def:mpal, def:relay: the whole PAL-Transformer on rigorous enclosures, in an
// implementation's conventions, keeping every part's values for diagnosis. Unlike the reference's run
// (reference/models/transformer_pal.h), a relay whose input enclosure straddles a threshold does not stop
// it: the relay is reported (token, layer, head, relay) and its state is carried as "0 or 1" until an
// input decides it, so every later enclosure still holds the true value, never a guess.
#pragma once

#include "oracle/transformer/transformer_conventions.h"
#include "reference/models/transformer_pal.h"

#include <vector>

namespace palcheck::oracle {

/// One layer's parts at every token, as enclosures: [n][h] the heads' PAL outputs in the declared states,
/// [n][i] the rest. Post-LN: ln_mpal = LN(z + MPAL(z)), ln_mlp = LN(.. + MLP(..)), the layer's output;
/// pre-LN: ln_mpal, ln_mlp the LayerNorms the sub-layers read.
struct TransformerLayerRun {
  std::vector<IVector> inputs;   ///< each head's input w_in . (what it reads)
  std::vector<IVector> heads;    ///< PAL of each head
  std::vector<IVector> mpal;     ///< sum over heads of w_out * PAL
  std::vector<IVector> ln_mpal;  ///< see above
  std::vector<IVector> mlp;      ///< the MLP's output
  std::vector<IVector> ln_mlp;   ///< see above
  std::vector<IVector> stream;   ///< the layer's output z^(l)
};

/// A relay the enclosure of its input could not decide.
struct UndecidedRelay {
  std::size_t token, layer, head, relay;  ///< where
  QInterval input;                        ///< the head's input enclosure there
};

/// A whole run: PE, every layer's parts, the output and the undecided relays.
struct TransformerRun {
  std::vector<IVector> pe;                 ///< PE at each token's position (empty without PE)
  std::vector<TransformerLayerRun> layers; ///< per layer
  std::vector<UndecidedRelay> undecided;   ///< in the order met (layer, head, token)
  const std::vector<IVector>& output() const { return layers.back().stream; }  ///< z^(L)
};

/// Enclosure widths after each rounding step: 2^-bits (64: about 5e-20, far below a double's half unit near 1).
inline constexpr unsigned kTransformerBits = 64;

/// Runs `spec` on tokens `x` under `c`; std::invalid_argument if a token's length is not d.
TransformerRun run_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                               const TransformerConventions& c, unsigned bits = kTransformerBits);

}  // namespace palcheck::oracle
