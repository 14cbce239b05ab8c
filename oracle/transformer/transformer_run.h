// def:pal_transformer, def:mpal, def:relay: the whole PAL-Transformer on Arb balls, in an implementation's
// conventions, keeping every part's values for diagnosis. Unlike the reference's run
// (reference/models/transformer_pal.h), a relay whose input ball straddles a threshold does not stop it:
// the relay is reported (token, layer, head, relay) and its state is carried as "0 or 1" until an input
// decides it, so every later ball still holds the true value, never a guess. The precision is adaptive:
// run_transformer_to doubles the bits until every relay is decided and every output is as narrow as the
// caller needs, up to kMaxTransformerBits; depth costs bits, not truth.
#pragma once

#include "oracle/eval/float_format.h"
#include "oracle/transformer/positional_encoding.h"
#include "oracle/transformer/transformer_conventions.h"
#include "reference/models/transformer_pal.h"

#include <functional>
#include <optional>
#include <vector>

namespace palcheck::oracle {

/// One layer's parts at every token, as balls: [n][h] the heads' PAL outputs in the declared states,
/// [n][i] the rest. Post-LN: ln_mpal = LN(z + MPAL(z)), ln_mlp = LN(.. + MLP(..)), the layer's output;
/// pre-LN: ln_mpal, ln_mlp the LayerNorms the sub-layers read.
struct TransformerLayerRun {
  std::vector<BVector> inputs;   ///< each head's input w_in . (what it reads)
  std::vector<BVector> heads;    ///< PAL of each head
  std::vector<BVector> mpal;     ///< sum over heads of w_out * PAL
  std::vector<BVector> ln_mpal;  ///< see above
  std::vector<BVector> mlp;      ///< the MLP's output
  std::vector<BVector> ln_mlp;   ///< see above
  std::vector<BVector> stream;   ///< the layer's output z^(l)
};

/// A relay the ball of its input could not decide.
struct UndecidedRelay {
  std::size_t token, layer, head, relay;  ///< where
  Ball input;                             ///< the head's input ball there
};

/// One head reading another input at one token: what the implementation's rounding made of w_in . z.
struct MovedInput {
  std::size_t token, layer, head;  ///< where
  Q input;                         ///< the input every relay of the head reads there instead
};

/// A relay whose input lies within the implementation's rounding of a threshold, where the input on that
/// threshold's other side would leave it in the other state: a place rounding may have switched it.
struct NearThreshold {
  MovedInput moved;       ///< the head, and an input on the threshold's other side within the bound
  std::size_t relay = 0;  ///< the relay whose threshold it is
  bool at_alpha = true;   ///< the threshold is its alpha (else its beta)
  double distance = 0;    ///< |input - threshold| (the ball's midpoint)
  double bound = 0;       ///< the rounding bound there (rounding_bound, float_format.h)
};

/// What a run is asked to do besides the reference's own run: heads reading moved inputs, and, with
/// `near` (the implementation's format), the relays within its rounding bound of a threshold listed.
struct RunProbe {
  std::vector<MovedInput> moved;     ///< heads that read another input at one token
  std::optional<FloatFormat> near;   ///< none: list none
};

/// A whole run: PE, every layer's parts, the output, the undecided relays and the precision used.
struct TransformerRun {
  std::vector<BVector> pe;                  ///< PE at each token's position (empty without PE)
  std::vector<TransformerLayerRun> layers;  ///< per layer
  std::vector<UndecidedRelay> undecided;    ///< in the order met (layer, head, token)
  std::vector<NearThreshold> near;          ///< with RunProbe::near: in the order met (layer, head, token)
  long bits = 0;                            ///< the working precision of this run
  const std::vector<BVector>& output() const { return layers.back().stream; }  ///< z^(L)
};

/// The working precision of a model of no layer (a double's 53 bits and a margin), the bits each layer
/// adds to it, and the cap: past it a run reports what it could not decide.
inline constexpr long kFirstTransformerBits = 120;
inline constexpr long kBitsPerLayer = 4;
inline constexpr long kMaxTransformerBits = 4096;

/// The first precision run_transformer_to tries: kFirstTransformerBits + kBitsPerLayer per layer, rounded
/// up to whole 64-bit words (a ball loses about 3.5 bits a layer: runs at fewer bits would be wasted).
long first_bits(const PalTransformerSpec& spec);

/// What the caller needs of the balls, so that the run knows when it has enough bits.
struct PrecisionGoal {
  std::optional<Q> width;  ///< every output ball at most this wide; none: the double nearest it determined
  bool parts = false;      ///< the layers' parts too (compare reads them)
  long max_bits = kMaxTransformerBits;  ///< the cap
};

/// Called between layers and every kTokensBetweenInterrupts tokens of a long run; it stops the run by
/// throwing (Python's Ctrl-C). Empty: never called.
using Interrupt = std::function<void()>;
inline constexpr std::size_t kTokensBetweenInterrupts = 4096;

/// Runs `spec` on tokens `x` under `c` at one precision; std::invalid_argument if a token's length is not d.
TransformerRun run_transformer(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                               const TransformerConventions& c, long bits = kFirstTransformerBits,
                               const Interrupt& interrupt = {}, const RunProbe& probe = {});

/// Whether a ball meets the goal (narrow enough, or its nearest double determined).
bool determined(const Ball& b, const PrecisionGoal& goal);

/// Whether a ball lies wholly beyond the double range (no double to determine; more bits change nothing).
bool beyond_doubles(const Ball& b);

/// Whether a run meets the goal: every relay decided and every output (and part) determined.
bool meets(const TransformerRun& run, const PrecisionGoal& goal);

/// Runs at first_bits(spec), then at twice the bits (the cap at last) while the run does not meet the goal:
/// the last run, which may still hold undecided relays (a true tie stays one) or undetermined outputs.
TransformerRun run_transformer_to(const PalTransformerSpec& spec, const std::vector<QVector>& x,
                                  const TransformerConventions& c, const PrecisionGoal& goal,
                                  const Interrupt& interrupt = {}, const RunProbe& probe = {});

}  // namespace palcheck::oracle
