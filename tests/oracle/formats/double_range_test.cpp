// The range of the double paths (oracle/formats/double_range.h) and the UTF-8 check of text repeated
// in JSON (utf8_text.h): the doubles within a domain are checked by stepping with std::nextafter around
// the ends, not by the rounding under test; the offsets of bad UTF-8 are those Python's decoder reports
// for the same bytes (UnicodeDecodeError.start: overlong, surrogate, past U+10FFFF, truncated).
#include "oracle/formats/double_range.h"
#include "oracle/formats/utf8_text.h"
#include "tests/oracle/error_of.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace palcheck::oracle {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Q exact(double d) { return *rational_from_double(d); }

constexpr double kMax = std::numeric_limits<double>::max();

TEST(DoubleRange, EndsBeyondTheLargestDoubleAreRefusedNamingTheRange) {
  Q beyond = *parse_rational("1e400");
  std::string e = error_of([&] { doubles_within(Q(0), beyond, "--convention domain", "why"); });
  EXPECT_EQ(e, std::string("--convention domain = 1e+400 is beyond the range of a double (") + kDoubleRangeText +
                   "), and why");
  e = error_of([&] { nearest_double_value(-*parse_rational("1.5e309"), "relay 0 alpha", "why"); });
  EXPECT_TRUE(contains(e, "relay 0 alpha = -1.5e+309 is beyond")) << e;
  e = error_of([&] { nearest_double_value(Q(beyond + 1), "w", "why"); });
  EXPECT_TRUE(contains(e, "w = 1e+400 is beyond")) << e;  // 17 significant digits of its 401
  EXPECT_EQ(nearest_double_value(exact(kMax), "w", "why"), exact(kMax));
  EXPECT_EQ(nearest_double_value(Q(1, 10), "w", "why"), exact(0.1));
}

TEST(DoubleRange, TheDoublesWithinADomainAreTheInnermostOnes) {
  // [0, 1/10]: 0.1 as a double lies above 1/10, so the last double inside is the one below it.
  double below = std::nextafter(0.1, 0.0);
  ASSERT_GT(exact(0.1), Q(1, 10));
  ASSERT_LT(exact(below), Q(1, 10));
  auto [lo, hi] = doubles_within(Q(0), Q(1, 10), "d", "why");
  EXPECT_EQ(lo, Q(0));
  EXPECT_EQ(hi, exact(below));
  // [1/3, 2/3] from both sides, and the widest domain of doubles as it is.
  auto [third, two_thirds] = doubles_within(Q(1, 3), Q(2, 3), "d", "why");
  for (double d : {1.0 / 3, std::nextafter(1.0 / 3, 1.0)}) {
    if (exact(d) >= Q(1, 3) && exact(std::nextafter(d, 0.0)) < Q(1, 3)) {
      EXPECT_EQ(third, exact(d));
    }
  }
  for (double d : {2.0 / 3, std::nextafter(2.0 / 3, 0.0)}) {
    if (exact(d) <= Q(2, 3) && exact(std::nextafter(d, 1.0)) > Q(2, 3)) {
      EXPECT_EQ(two_thirds, exact(d));
    }
  }
  auto widest = doubles_within(exact(-kMax), exact(kMax), "d", "why");
  EXPECT_EQ(widest.first, exact(-kMax));
  EXPECT_EQ(widest.second, exact(kMax));
}

TEST(DoubleRange, ADomainThatHoldsNoDoubleIsRefused) {
  Q least = exact(std::numeric_limits<double>::denorm_min());
  // Between 0 and the least subnormal, and just past the largest double (it rounds to it, but lies above).
  for (const auto& [lo, hi] : {std::pair<Q, Q>{least / 4, least / 2}, {exact(kMax) + 1, exact(kMax) + 2}}) {
    std::string e = error_of([&] { doubles_within(lo, hi, "domain", "why"); });
    EXPECT_TRUE(contains(e, "domain = [") && contains(e, "] holds no double, and why")) << e;
  }
  EXPECT_EQ(doubles_within(least, least, "d", "why"), std::make_pair(least, least));
}

TEST(Utf8Text, ValidTextPassesAndTheFirstBadByteIsNamed) {
  for (std::string good : {"", "cat", "caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf"})
    EXPECT_EQ(error_of([&] { check_utf8(good, "--command", "why"); }), "") << good;
  // Each with the offset of its first bad byte: lone continuation, overlong, surrogate, past U+10FFFF,
  // truncated, a lead byte 0xFF.
  const std::pair<std::string, std::string> bad[] = {
      {"a\x80", "0x80 at offset 1"},     {"\xc0\xaf", "0xC0 at offset 0"},     {"x\xed\xa0\x80", "0xED at offset 1"},
      {"\xf4\x90\x80\x80", "0xF4 at offset 0"}, {"ab\xe2\x82", "0xE2 at offset 2"}, {"cat \xff", "0xFF at offset 4"}};
  for (const auto& [text, where] : bad) {
    std::string e = error_of([&] { check_utf8(text, "--command", "why"); });
    EXPECT_EQ(e, "--command: not valid UTF-8 (byte " + where + "), and why") << e;
  }
}

}  // namespace
}  // namespace palcheck::oracle
