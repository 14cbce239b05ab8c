// Arb balls behind palcheck's own type (see ball.h).
#include "ball.h"

#include <arb.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace palcheck {

static_assert(sizeof(arb_struct) == 48, "Ball's storage holds one arb_struct");

namespace {

// q as an fmpq (a copy: Boost's mpq_t and FLINT's fmpq are different representations).
struct Fraction {
  fmpq_t value;
  explicit Fraction(const Q& q) {
    fmpq_init(value);
    fmpq_set_mpq(value, q.backend().data());
  }
  ~Fraction() { fmpq_clear(value); }
  Fraction(const Fraction&) = delete;
  Fraction& operator=(const Fraction&) = delete;
};

// Arb's exponents are unbounded (logistic(-10^1000) is about 2^(-1.4 * 10^1000)) and no rational can hold
// such a number: ends this far out are rounded outwards to 2^(+-kExponentLimit), which is beyond every
// number a document can write (kMaxNumberChars decimal digits are fewer than 3.4 * 10^6 bits).
constexpr slong kExponentLimit = slong(1) << 23;
static_assert(kExponentLimit > 4 * static_cast<slong>(kMaxNumberChars));

// 2^e exactly.
Q power_of_two(slong e) {
  Q out(1);
  if (e >= 0) {
    mpz_mul_2exp(mpq_numref(out.backend().data()), mpq_numref(out.backend().data()), static_cast<mp_bitcnt_t>(e));
  } else {
    mpz_mul_2exp(mpq_denref(out.backend().data()), mpq_denref(out.backend().data()), static_cast<mp_bitcnt_t>(-e));
  }
  return out;
}

// x as an exact rational when 2^-kExponentLimit <= |x| < 2^kExponentLimit (or x = 0); a tinier x as the
// bound 0 or +-2^-kExponentLimit on the side `upward` asks for; nullopt for a larger x (no finite bound).
std::optional<Q> to_rational(const arf_t x, bool upward) {
  if (arf_is_zero(x)) return Q(0);
  if (arf_cmpabs_2exp_si(x, kExponentLimit) >= 0) return std::nullopt;
  if (arf_cmpabs_2exp_si(x, -kExponentLimit) < 0) {
    bool positive = arf_sgn(x) > 0;
    if (positive == upward) return positive ? power_of_two(-kExponentLimit) : Q(-power_of_two(-kExponentLimit));
    return Q(0);
  }
  fmpq_t f;
  fmpq_init(f);
  arf_get_fmpq(f, x);
  mpq_t m;
  mpq_init(m);
  fmpq_get_mpq(m, f);
  Q out(m);
  mpq_clear(m);
  fmpq_clear(f);
  return out;
}

// The precision an end of x is rounded outwards to: mid - rad exactly can need 10^1000 bits (1 minus a
// radius of 2^(-10^1000)); 64 bits beyond the midpoint's own keep an exact ball's ends exact.
slong end_precision(arb_srcptr x, long bits) {
  return std::max<slong>(bits, arf_bits(arb_midref(x))) + 64;
}

// The sign of x - q, for a q a document can write (|q| within 2^(+-kExponentLimit), or 0).
int compare(const arf_t x, const Q& q) {
  if (arf_cmpabs_2exp_si(x, kExponentLimit) >= 0) return arf_sgn(x);
  if (!arf_is_zero(x) && arf_cmpabs_2exp_si(x, -kExponentLimit) < 0) return q == 0 ? arf_sgn(x) : (q > 0 ? -1 : 1);
  Q value = *to_rational(x, false);
  return value < q ? -1 : value > q ? 1 : 0;
}

double rounded(const arf_t x, arf_rnd_t rnd) {
  if (arf_is_nan(x)) return std::numeric_limits<double>::quiet_NaN();
  // arf_get_d rounds but saturates to the largest double: past it the honest bound is an infinity.
  static const double largest = std::numeric_limits<double>::max();
  double d = arf_get_d(x, rnd);
  if (d == largest && rnd == ARF_RND_CEIL) {
    arf_t m;
    arf_init(m);
    arf_set_d(m, largest);
    if (arf_cmp(x, m) > 0) d = INFINITY;
    arf_clear(m);
  } else if (d == -largest && rnd == ARF_RND_FLOOR) {
    arf_t m;
    arf_init(m);
    arf_set_d(m, -largest);
    if (arf_cmp(x, m) < 0) d = -INFINITY;
    arf_clear(m);
  }
  return d;
}

}  // namespace

void* Ball::raw() { return storage_; }
const void* Ball::raw() const { return storage_; }

// The one way into a Ball's arb_struct, so that helpers outside the class reach it too.
struct BallAccess {
  static arb_ptr of(Ball& b) { return static_cast<arb_ptr>(b.raw()); }
  static arb_srcptr of(const Ball& b) { return static_cast<arb_srcptr>(b.raw()); }
};

#define ARB(b) (BallAccess::of(b))
#define CARB(b) (BallAccess::of(static_cast<const Ball&>(b)))

Ball::Ball(long bits) : bits_(bits) { arb_init(ARB(*this)); }

Ball::Ball(const Q& q, long bits) : bits_(bits) {
  arb_init(ARB(*this));
  Fraction f(q);
  arb_set_fmpq(ARB(*this), f.value, bits);
}

Ball::Ball(const Ball& other) : bits_(other.bits_) {
  arb_init(ARB(*this));
  arb_set(ARB(*this), CARB(other));
}

Ball::Ball(Ball&& other) noexcept : bits_(other.bits_) {
  arb_init(ARB(*this));
  arb_swap(ARB(*this), ARB(other));
}

Ball& Ball::operator=(const Ball& other) {
  if (this != &other) {
    arb_set(ARB(*this), CARB(other));
    bits_ = other.bits_;
  }
  return *this;
}

Ball& Ball::operator=(Ball&& other) noexcept {
  arb_swap(ARB(*this), ARB(other));
  std::swap(bits_, other.bits_);
  return *this;
}

Ball::~Ball() { arb_clear(ARB(*this)); }

std::optional<Q> Ball::lower() const {
  if (!finite()) return std::nullopt;
  arf_t u;
  arf_init(u);
  arb_get_lbound_arf(u, CARB(*this), end_precision(CARB(*this), bits_));
  std::optional<Q> out = to_rational(u, false);
  arf_clear(u);
  return out;
}

std::optional<Q> Ball::upper() const {
  if (!finite()) return std::nullopt;
  arf_t u;
  arf_init(u);
  arb_get_ubound_arf(u, CARB(*this), end_precision(CARB(*this), bits_));
  std::optional<Q> out = to_rational(u, true);
  arf_clear(u);
  return out;
}

double Ball::lower_double() const {
  if (!finite()) return -INFINITY;
  arf_t u;
  arf_init(u);
  arb_get_lbound_arf(u, CARB(*this), end_precision(CARB(*this), bits_));
  double d = rounded(u, ARF_RND_FLOOR);
  arf_clear(u);
  return d;
}

double Ball::upper_double() const {
  if (!finite()) return INFINITY;
  arf_t u;
  arf_init(u);
  arb_get_ubound_arf(u, CARB(*this), end_precision(CARB(*this), bits_));
  double d = rounded(u, ARF_RND_CEIL);
  arf_clear(u);
  return d;
}

double Ball::mid_double() const {
  const arf_struct* m = arb_midref(CARB(*this));
  if (arf_is_nan(m)) return std::numeric_limits<double>::quiet_NaN();
  double d = arf_get_d(m, ARF_RND_NEAR);
  if (std::fabs(d) == std::numeric_limits<double>::max()) {
    arf_t x;
    arf_init(x);
    arf_set_d(x, d);
    if (arf_cmpabs(m, x) > 0) d = d > 0 ? INFINITY : -INFINITY;
    arf_clear(x);
  }
  return d;
}

std::optional<double> Ball::nearest_double() const {
  if (!finite()) return std::nullopt;
  if (exact()) {
    double d = mid_double();
    if (!std::isfinite(d)) return std::nullopt;
    // The nearest double of an exact dyadic: both neighbours of its ends are the same double.
    return d;
  }
  arf_t lo, hi;
  arf_init(lo);
  arf_init(hi);
  arb_get_lbound_arf(lo, CARB(*this), end_precision(CARB(*this), bits_));
  arb_get_ubound_arf(hi, CARB(*this), end_precision(CARB(*this), bits_));
  double a = arf_get_d(lo, ARF_RND_NEAR), b = arf_get_d(hi, ARF_RND_NEAR);
  // Round-to-nearest is monotone: when both ends round to one double, every point between does too.
  // A tie between two doubles is broken by arf_get_d the same way as by any correctly rounded
  // conversion, so the result is the double nearest the real for every real in the ball.
  std::optional<double> out;
  if (a == b && std::isfinite(a) && std::fabs(a) < std::numeric_limits<double>::max()) out = a;
  arf_clear(lo);
  arf_clear(hi);
  return out;
}

bool Ball::finite() const { return arb_is_finite(CARB(*this)) != 0; }

bool Ball::exact() const { return arb_is_exact(CARB(*this)) != 0; }

bool Ball::width_at_most(const Q& w) const {
  if (!finite()) return false;
  if (exact()) return w >= 0;
  // The width is 2 rad; a radius bounded only by 2^-kExponentLimit counts as that bound.
  arf_t r;
  arf_init(r);
  arf_set_mag(r, arb_radref(CARB(*this)));
  std::optional<Q> rad = to_rational(r, true);
  arf_clear(r);
  return rad && 2 * *rad <= w;
}

bool Ball::contains(const Q& q) const {
  Fraction f(q);
  return arb_contains_fmpq(CARB(*this), f.value) != 0;
}

std::string Ball::to_string(long digits) const {
  char* text = arb_get_str(CARB(*this), digits, 0);
  std::string out(text);
  flint_free(text);
  return out;
}

namespace {

long wider(const Ball& a, const Ball& b) { return a.bits() > b.bits() ? a.bits() : b.bits(); }

// Arb's f(out, a, b, prec) at the wider precision, and f(out, a, prec) at a's.
Ball binary(void (*f)(arb_ptr, arb_srcptr, arb_srcptr, slong), const Ball& a, const Ball& b) {
  Ball out(wider(a, b));
  f(ARB(out), CARB(a), CARB(b), out.bits());
  return out;
}

Ball unary(void (*f)(arb_ptr, arb_srcptr, slong), const Ball& a) {
  Ball out(a.bits());
  f(ARB(out), CARB(a), out.bits());
  return out;
}

}  // namespace

Ball operator+(const Ball& a, const Ball& b) { return binary(arb_add, a, b); }

Ball operator-(const Ball& a, const Ball& b) { return binary(arb_sub, a, b); }

Ball operator*(const Ball& a, const Ball& b) { return binary(arb_mul, a, b); }

Ball operator/(const Ball& a, const Ball& b) { return binary(arb_div, a, b); }

Ball& Ball::operator+=(const Ball& b) {
  if (b.bits_ > bits_) bits_ = b.bits_;
  arb_add(ARB(*this), CARB(*this), CARB(b), bits_);
  return *this;
}

Ball add_scaled(const Ball& a, const Q& w, const Ball& b) {
  Ball out(a);
  if (w == 0) return out;
  out += scaled(w, b);
  return out;
}

Ball scaled(const Q& w, const Ball& a) {
  Ball out(a.bits());
  if (w == 0) return out;
  const __mpq_struct* r = w.backend().data();
  if (mpz_cmp_ui(mpq_denref(r), 1) == 0 && mpz_fits_slong_p(mpq_numref(r))) {
    arb_mul_si(ARB(out), CARB(a), mpz_get_si(mpq_numref(r)), out.bits());
    return out;
  }
  Fraction f(w);
  arb_mul_fmpz(ARB(out), CARB(a), fmpq_numref(f.value), out.bits());
  arb_div_fmpz(ARB(out), ARB(out), fmpq_denref(f.value), out.bits());
  return out;
}

Ball sqrt_nonnegative(const Ball& a) { return unary(arb_sqrtpos, a); }

Ball relu(const Ball& a) {
  Ball out(a.bits());
  arb_nonnegative_part(ARB(out), CARB(a));
  return out;
}

Ball squared(const Ball& a) { return unary(arb_sqr, a); }

std::pair<Ball, Ball> sin_cos(const Ball& a) {
  Ball s(a.bits()), c(a.bits());
  arb_sin_cos(ARB(s), ARB(c), CARB(a), a.bits());
  return {std::move(s), std::move(c)};
}

Ball exp(const Ball& a) { return unary(arb_exp, a); }

Ball tanh(const Ball& a) { return unary(arb_tanh, a); }

Ball artanh(const Ball& a) { return unary(arb_atanh, a); }

Ball logistic(const Ball& a) {
  // 1/(1 + e^-a) = (1 + tanh(a/2))/2: tanh stays bounded where e^-a overflows.
  Ball half(a.bits());
  arb_mul_2exp_si(ARB(half), CARB(a), -1);
  Ball t = tanh(half);
  Ball out(a.bits());
  arb_add_ui(ARB(out), CARB(t), 1, out.bits());
  arb_mul_2exp_si(ARB(out), ARB(out), -1);
  return out;
}

Ball Ball::pi(long bits) {
  Ball out(bits);
  arb_const_pi(ARB(out), bits);
  return out;
}

Ball join(const Ball& a, const Ball& b) {
  // From the ends, not arb_union: that one widens a ball at 0 joined to 1 to [+/- 1.01].
  Ball out(wider(a, b));
  if (!a.finite() || !b.finite()) {
    arb_indeterminate(ARB(out));
    return out;
  }
  arf_t lo, hi, other;
  arf_init(lo);
  arf_init(hi);
  arf_init(other);
  arb_get_lbound_arf(lo, CARB(a), end_precision(CARB(a), a.bits()));
  arb_get_lbound_arf(other, CARB(b), end_precision(CARB(b), b.bits()));
  arf_min(lo, lo, other);
  arb_get_ubound_arf(hi, CARB(a), end_precision(CARB(a), a.bits()));
  arb_get_ubound_arf(other, CARB(b), end_precision(CARB(b), b.bits()));
  arf_max(hi, hi, other);
  arb_set_interval_arf(ARB(out), lo, hi, out.bits());
  arf_clear(lo);
  arf_clear(hi);
  arf_clear(other);
  return out;
}

Ball intersect(const Ball& a, const Ball& b) {
  Ball out(wider(a, b));
  if (!arb_intersection(ARB(out), CARB(a), CARB(b), out.bits())) return a;
  return out;
}

std::optional<int> certain_sign(const Ball& a, const Q& q) {
  if (!a.finite()) return std::nullopt;
  if (a.contains(q)) {
    if (a.exact()) return 0;
    return std::nullopt;
  }
  // q is outside the ball: the midpoint's side is every point's side.
  return compare(arb_midref(CARB(a)), q) > 0 ? 1 : -1;
}

std::pair<Q, Q> ends_within(const std::function<Ball(long bits)>& compute, const Q& width, long first_bits,
                            const std::string& what) {
  for (long bits = std::max(first_bits, 2L); bits <= kMaxEnclosureBits; bits *= 2) {
    Ball b = compute(bits);
    if (b.width_at_most(width)) {
      std::optional<Q> lo = b.lower(), hi = b.upper();
      if (lo && hi) return {*lo, *hi};
    }
  }
  throw std::domain_error(what + ": no enclosure of width " + to_string(width) + " within " +
                          std::to_string(kMaxEnclosureBits) + " bits");
}

std::string arb_version_string() { return arb_version; }

#undef ARB
#undef CARB

}  // namespace palcheck
