// def:pal_transformer, rem:pe, def:relay: the conventions of real transformer code, declared once like the
// relay conventions (conventions.h) and named as causes by the Python oracle's compare. The paper's model
// is post-LN with LayerNorm's biased variance and eps inside the square root, positions counted from 0,
// PE interleaved (sin, cos, sin, ...) and added to the stream every part reads; implementations differ.
// Each convention has one spelling, `key=value`; the same keys and values form a JSON object.
#pragma once

#include "reference/readings.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace palcheck::oracle {

/// LayerNorm's variance: divided by d (the paper's, torch.nn.LayerNorm) or by d - 1 (torch.var's default).
enum class LnVariance { Biased, Unbiased };
/// Where LayerNorm's eps goes: sqrt(var + eps) (the paper's, torch) or sqrt(var) + eps.
enum class LnEps { Inside, Outside };
/// Where LayerNorm sits: after the residual sum (post, the paper's) or on the sub-layer's input (pre).
enum class LnPlacement { Post, Pre };
/// How PE's coordinates are laid out: sin, cos, sin, ... per frequency (the paper's), or all sines then all cosines.
enum class PeLayout { Interleaved, Halves };
/// What PE is added to: the stream every part reads (the paper's), only the first layer's heads' input,
/// or the stream but not the first layer's heads' input (rem:pe's reading).
enum class PeInto { Stream, Heads, Residual };
/// Which residual sums a layer makes: both (the paper's), or one dropped (a defect more than a convention,
/// declared here so that compare can name it as a cause).
enum class Residual { Both, NoMpal, NoMlp };
/// The states a head's relays take: {0, 1} (the paper's) or {-1, +1}.
enum class HeadStates { ZeroOne, PlusMinusOne };

/// Every convention of the whole model, the paper's by default.
struct TransformerConventions {
  LnVariance ln_variance = LnVariance::Biased;         ///< ln_variance=biased|unbiased
  LnEps ln_eps = LnEps::Inside;                        ///< ln_eps=inside|outside
  LnPlacement ln_placement = LnPlacement::Post;        ///< ln_placement=post|pre
  int pe_start = 0;                                    ///< pe_start=0|1: the first token's position
  PeLayout pe_layout = PeLayout::Interleaved;          ///< pe_layout=interleaved|halves
  PeInto pe_into = PeInto::Stream;                     ///< pe_into=stream|heads|residual
  Residual residual = Residual::Both;                   ///< residual=both|no-mpal|no-mlp
  TieRule tie = TieRule::AsPrinted;                    ///< tie_rule= as for PAL (conventions.h)
  HeadStates states = HeadStates::ZeroOne;             ///< states=01|pm1
  InitialState initial = InitialState::Off;            ///< initial_state=0|1
};

/// Applies one `key=value`; InputError naming the key (or the value and the key's values) otherwise.
void apply_transformer_convention(TransformerConventions& c, const std::string& key, const std::string& value);

/// Applies a JSON object of the same keys (values as strings or numbers); InputError naming `where`.key.
void apply_transformer_conventions(TransformerConventions& c, const nlohmann::json& object, const std::string& where);

/// The conventions as a JSON object in their spellings, every key present.
nlohmann::json transformer_conventions_json(const TransformerConventions& c);

/// Every key and its values, the paper's first: the alternatives compare tries when naming a cause.
std::vector<std::pair<std::string, std::vector<std::string>>> transformer_convention_values();

}  // namespace palcheck::oracle
