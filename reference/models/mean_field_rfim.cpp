// The T = 0 mean-field RFIM of eq:rfim (see mean_field_rfim.h).
#include "mean_field_rfim.h"

#include <stdexcept>

namespace palcheck::physics {

MeanFieldRfim::MeanFieldRfim(RfimModel model, int initial_spin) : model_(std::move(model)) {
  if (model_.fields.empty()) throw std::invalid_argument("RFIM needs at least one spin");
  if (model_.J <= 0) throw std::invalid_argument("RFIM needs J > 0");
  if (initial_spin != 1 && initial_spin != -1) throw std::invalid_argument("initial spin must be +1 or -1");
  spins_.assign(model_.fields.size(), initial_spin);
  sum_ = initial_spin * static_cast<long>(spins_.size());
}

Q MeanFieldRfim::magnetisation() const { return Q(sum_, static_cast<long>(spins_.size())); }

Q MeanFieldRfim::local_field(std::size_t i) const {
  long others = model_.self == SelfCoupling::Included ? sum_ : sum_ - spins_[i];
  return model_.J * Q(others, static_cast<long>(spins_.size())) + model_.fields[i] + H_;
}

std::size_t MeanFieldRfim::drive(const Q& H) {
  H_ = H;
  std::size_t flips = 0;
  for (;;) {
    // The most unstable spin: largest |local field| among spins pointing against it.
    std::size_t worst = spins_.size();
    Q worst_strength = 0;
    for (std::size_t i = 0; i < spins_.size(); ++i) {
      Q f = local_field(i);
      Q against = spins_[i] == -1 ? f : Q(-f);
      if (against > worst_strength) {
        worst_strength = against;
        worst = i;
      }
    }
    if (worst == spins_.size()) return flips;
    spins_[worst] = -spins_[worst];
    sum_ += 2 * spins_[worst];
    ++flips;
  }
}

std::vector<Q> rfim_magnetisation(const RfimModel& model, const std::vector<Q>& H, int initial_spin) {
  MeanFieldRfim rfim(model, initial_spin);
  std::vector<Q> m;
  m.reserve(H.size());
  for (const Q& h : H) {
    rfim.drive(h);
    m.push_back(rfim.magnetisation());
  }
  return m;
}

std::vector<int> rfim_final_spins(const RfimModel& model, const std::vector<Q>& H, int initial_spin) {
  MeanFieldRfim rfim(model, initial_spin);
  for (const Q& h : H) rfim.drive(h);
  return rfim.spins();
}

}  // namespace palcheck::physics
