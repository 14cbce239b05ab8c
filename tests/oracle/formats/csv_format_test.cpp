// The CSV reader (csv_format.h): cells read without GMP have GMP's exact value and key; line ends and
// separators that cannot be told apart are errors, not guesses; a first row is a header only when
// none of its cells is a number in any spelling; a row is read a cell at a time, whatever its length.
#include "oracle/formats/csv_format.h"

#include "tests/oracle/error_of.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 2525;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Number-like text around the 64-bit limits: signs, dots, exponents, zeros, fractions, and junk.
std::string numberish(std::mt19937_64& rng) {
  static const char* pieces[] = {"0",  "1",  "9", "00", "5",  "12345678901234567", "922337203685477580",
                                 "8",  ".",  "e", "E",  "-",  "+",                 "/",
                                 "e-", "e+", "7", "3",  "18", "1000",              "0000000000000000000"};
  std::string s;
  for (std::size_t n = 1 + rng() % 6; n > 0; --n) s += pieces[rng() % std::size(pieces)];
  return s;
}

TEST(CsvFormat, MachineFractionsEqualTheExactReading) {
  std::mt19937_64 rng(kSeed);
  int machine = 0;
  for (int c = 0; c < 200000; ++c) {
    std::string text = numberish(rng);
    std::int64_t num, den;
    std::optional<Q> exact = parse_rational(text);
    if (parse_machine_fraction(text, num, den)) {
      ++machine;
      ASSERT_GT(den, 0) << text;
      ASSERT_TRUE(exact) << text << " (seed " << kSeed << ")";
      ASSERT_EQ(Q(num, den), *exact) << text;
    }
  }
  EXPECT_GT(machine, 20000);
  for (const char* text : {"999999999999999999", "-9223372036854775.8e2", "0.000000000000000001", "1/-8", "+.5e-0",
                           "5.", "100000000000000000e-2", "0e1000", "3/922337203685477580"}) {
    std::int64_t num, den;
    ASSERT_TRUE(parse_machine_fraction(text, num, den)) << text;
    EXPECT_EQ(Q(num, den), *parse_rational(text)) << text;
  }
  for (const char* text : {"9223372036854775808", "1e-19", "0e1001", "1/0", "", ".", "1e", "0x10", " 1"}) {
    std::int64_t num, den;
    EXPECT_FALSE(parse_machine_fraction(text, num, den)) << text;
  }
}

TEST(CsvFormat, KeysOfMachineFractionsEqualExactKeys) {
  // Thresholds on a lattice of 1/10 (no double holds most of them) and of 1/4, one beyond 64 bits
  // (the exact route), probed at, next to and between them.
  std::mt19937_64 rng(kSeed + 1);
  for (int c = 0; c < 300; ++c) {
    Measure mu;
    Q step = c % 2 ? Q(1, 10) : Q(1, 4);
    for (int r = 0; r < 1 + c % 7; ++r) {
      Q a = step * static_cast<int>(rng() % 20), b = a - step * static_cast<int>(rng() % 5);
      mu.relays.push_back({{a, b}, Q(1)});
    }
    if (c % 10 == 0) mu.relays.push_back({{Q(1, 3) + Q(boost::multiprecision::mpz_int(1) << 70), Q(0)}, Q(1)});
    KeyedMeasure keyed(mu);
    for (int k = 0; k < 60; ++k) {
      std::int64_t den = c % 2 ? 10 : 4, num = static_cast<std::int64_t>(rng() % 50) - 5;
      if (k % 3 == 0) num = num * 1000000000 + static_cast<std::int64_t>(rng() % 3) - 1, den *= 1000000000;
      if (k % 7 == 0) den = 3;
      ASSERT_EQ(keyed.key(num, den), keyed.key(Q(num, den))) << num << "/" << den << " case " << c;
    }
  }
}

std::vector<std::vector<Q>> rows_of(const std::string& text) { return parse_csv(text, "t.csv").rows; }

TEST(CsvFormat, LineEndsAreToldApartOrRefused) {
  std::vector<std::vector<Q>> two{{Q(1), Q(2)}, {Q(3), Q(4)}};
  EXPECT_EQ(rows_of("1,2\n3,4\n"), two);
  EXPECT_EQ(rows_of("1,2\r\n3,4\r\n"), two);
  EXPECT_EQ(rows_of("1,2\r3,4\r"), two);  // CR alone, as the first line ends
  EXPECT_EQ(rows_of("# note\r\r1,2\r3,4"), two);
  EXPECT_EQ(error_of([] { parse_csv("1,2\n3,4\r5,6\n", "t.csv"); }),
            "t.csv: line 2: a carriage return alone ends some lines and a line feed others: the rows cannot be told "
            "apart (use one kind of line end)");
  EXPECT_TRUE(contains(error_of([] { parse_csv("1,2\r3,4\n", "t.csv"); }), "t.csv: line 2: a carriage return alone"));
}

TEST(CsvFormat, OtherSeparatorsAreRefusedNamingThem) {
  for (auto [text, name] : {std::pair{"1;2;3\n", "';'"}, std::pair{"1\t2\t3", "tabs"}, std::pair{"0.5 0.25 1/8\n", "spaces"},
                            std::pair{"1,5;2,5\n", "';'"}}) {
    std::string message = error_of([t = text] { parse_csv(t, "s.csv"); });
    EXPECT_TRUE(contains(message, "s.csv: line 1, column ")) << message;
    EXPECT_TRUE(contains(message, std::string("holds numbers separated by ") + name)) << message;
  }
}

TEST(CsvFormat, AHeaderHasNoNumberInAnySpelling) {
  EXPECT_EQ(parse_csv("alpha,beta\n2,1\n", "h.csv").header, (std::vector<std::string>{"alpha", "beta"}));
  EXPECT_EQ(parse_csv("u0,\"u 1\"\n2,1\n", "h.csv").header, (std::vector<std::string>{"u0", "u 1"}));
  for (const char* text : {"nan,inf\n1,2\n", "inf,-inf", "1e1001,2\n", "0x1p3,x\n", "x,NaN\n1,2\n"}) {
    std::string message = error_of([t = text] { parse_csv(t, "h.csv"); });
    EXPECT_TRUE(contains(message, "h.csv: line 1, column ")) << text << ": " << message;
  }
  EXPECT_EQ(parse_csv("nan,inf\n1,2\n", "h.csv", CsvHeader::Declared).rows, (std::vector<std::vector<Q>>{{Q(1), Q(2)}}));
}

TEST(CsvFormat, ALongRowIsReadACellAtATime) {
  // Cells across the reader's buffer boundaries, quoted and spaced, in one row of 200000 cells.
  std::string text;
  std::vector<Q> expected;
  for (int k = 0; k < 200000; ++k) {
    text += k ? "," : "";
    text += k % 3 == 0 ? "\" " + std::to_string(k) + "/8 \"" : std::to_string(k) + "e-3";
    expected.push_back(k % 3 == 0 ? Q(k, 8) : Q(k, 1000));
  }
  std::istringstream in(text + "\r\n");
  CsvReader reader(in, "long.csv", CsvHeader::Auto);
  ASSERT_TRUE(reader.next_row());
  std::string_view cell;
  for (std::size_t k = 0; k < expected.size(); ++k) {
    ASSERT_TRUE(reader.next_cell(cell));
    ASSERT_EQ(csv_value(cell, reader.line(), reader.column(), "long.csv"), expected[k]) << "cell " << k;
    ASSERT_EQ(reader.column(), k + 1);
  }
  EXPECT_FALSE(reader.next_cell(cell));
  EXPECT_FALSE(reader.next_row());
  EXPECT_EQ(reader.consumed(), text.size() + 2);
}

}  // namespace
}  // namespace palcheck::oracle
