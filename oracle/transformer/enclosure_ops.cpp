// Interval operations of the run (see enclosure_ops.h).
#include "oracle/transformer/enclosure_ops.h"

#include <gmp.h>

namespace palcheck::oracle {

namespace {

// q rounded down (up) to a multiple of 2^-bits, through GMP's integer division.
Q to_grid(const Q& q, unsigned bits, bool up) {
  mpz_t scaled, quotient;
  mpz_init(scaled);
  mpz_init(quotient);
  mpz_mul_2exp(scaled, mpq_numref(q.backend().data()), bits);
  if (up) mpz_cdiv_q(quotient, scaled, mpq_denref(q.backend().data()));
  else mpz_fdiv_q(quotient, scaled, mpq_denref(q.backend().data()));
  Q out;
  mpq_set_num(out.backend().data(), quotient);
  mpz_set_ui(mpq_denref(out.backend().data()), 1);
  mpz_mul_2exp(mpq_denref(out.backend().data()), mpq_denref(out.backend().data()), bits);
  mpq_canonicalize(out.backend().data());
  mpz_clear(scaled);
  mpz_clear(quotient);
  return out;
}

}  // namespace

QInterval scaled(const Q& w, const QInterval& a) {
  if (w >= 0) return {w * a.lo, w * a.hi};
  return {w * a.hi, w * a.lo};
}

void add_scaled(QInterval& a, const Q& w, const QInterval& b) {
  if (w == 0) return;
  if (w > 0) {
    a.lo += w * b.lo;
    a.hi += w * b.hi;
  } else {
    a.lo += w * b.hi;
    a.hi += w * b.lo;
  }
}

QInterval weighted_sum(const QVector& w, const IVector& z) {
  QInterval s{Q(0), Q(0)};
  for (std::size_t i = 0; i < w.size(); ++i) add_scaled(s, w[i], z[i]);
  return s;
}

QInterval squared(const QInterval& a) {
  if (a.lo >= 0) return {a.lo * a.lo, a.hi * a.hi};
  if (a.hi <= 0) return {a.hi * a.hi, a.lo * a.lo};
  Q lo2 = a.lo * a.lo, hi2 = a.hi * a.hi;
  return {Q(0), lo2 > hi2 ? lo2 : hi2};
}

QInterval times_positive(const QInterval& a, const QInterval& b) {
  if (a.lo >= 0) return {a.lo * b.lo, a.hi * b.hi};
  if (a.hi <= 0) return {a.lo * b.hi, a.hi * b.lo};
  return {a.lo * b.hi, a.hi * b.hi};
}

QInterval rounded_out(const QInterval& a, unsigned bits) { return {to_grid(a.lo, bits, false), to_grid(a.hi, bits, true)}; }

}  // namespace palcheck::oracle
