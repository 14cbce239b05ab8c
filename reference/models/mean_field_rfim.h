// prop:preisach_rfim, rem:rfim_structure, prop:criticality: the mean-field random-field Ising model of
// eq:rfim at T = 0, simulated exactly. Spins flip one at a time (most unstable first) until every spin is
// stable, after each new value of the driving field H. A spin flips only when its local field has
// strictly the opposite sign (sign(0) is left undefined by the paper: a spin with local field 0 stays).
#pragma once

#include "../rational.h"

#include <vector>

namespace palcheck::physics {

/// Whether the mean field a spin feels includes its own spin.
enum class SelfCoupling {
  Included,  ///< local field J m + h_i + H with m = (1/N) sum_j sigma_j, as printed after eq:rfim
  Excluded,  ///< local field (J/N) sum_{j != i} sigma_j + h_i + H, from the Hamiltonian eq:rfim
};

/// One disorder realisation of the mean-field RFIM.
struct RfimModel {
  Q J;                                         ///< coupling J > 0
  std::vector<Q> fields;                       ///< random fields h_i (N = fields.size())
  SelfCoupling self = SelfCoupling::Included;  ///< which local field
};

/// The T = 0 single-spin-flip dynamics of one model, driven field by field.
class MeanFieldRfim {
 public:
  /// Starts with every spin at `initial_spin` (-1: H came from -infinity; +1: from +infinity).
  MeanFieldRfim(RfimModel model, int initial_spin = -1);

  /// Sets the field to H and relaxes to a stable state; returns the spins that flipped.
  std::size_t drive(const Q& H);

  /// The spins, +1 or -1.
  const std::vector<int>& spins() const { return spins_; }

  /// The magnetisation m = (1/N) sum_i sigma_i.
  Q magnetisation() const;

  /// The local field of spin i at the current state and field.
  Q local_field(std::size_t i) const;

 private:
  RfimModel model_;
  std::vector<int> spins_;
  long sum_ = 0;  // sum of the spins
  Q H_;
};

/// m after each field of the sequence, from the initial spin.
std::vector<Q> rfim_magnetisation(const RfimModel& model, const std::vector<Q>& H, int initial_spin = -1);

/// The spin configuration after the whole sequence.
std::vector<int> rfim_final_spins(const RfimModel& model, const std::vector<Q>& H, int initial_spin = -1);

}  // namespace palcheck::physics
