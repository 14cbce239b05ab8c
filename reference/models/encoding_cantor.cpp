// def:encoding (see encoding_cantor.h).
#include "encoding_cantor.h"

namespace palcheck {

namespace {

long floor_long(const Q& q) { return floor_q(q).convert_to<long>(); }
int mod(long a, int m) { return static_cast<int>(((a % m) + m) % m); }

}  // namespace

Q CantorEncoding::c_max() const { return Q(d_max) * (k + 1) * delta; }

Q CantorEncoding::code(int i, int d) const { return c_max() - Q(d * (k + 1) + i) * delta; }

int CantorEncoding::decode_printed(const Q& m_top) const { return mod(floor_long((c_max() - m_top) / delta), k + 1); }

int CantorEncoding::decode_nearest(const Q& m_top) const {
  return mod(floor_long((c_max() - m_top) / delta + Q(1, 2)), k + 1);
}

int CantorEncoding::depth_nearest(const Q& m_top) const {
  long n = floor_long((c_max() - m_top) / delta + Q(1, 2));
  return static_cast<int>((n - mod(n, k + 1)) / (k + 1));
}

}  // namespace palcheck
