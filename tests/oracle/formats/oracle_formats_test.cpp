// Test-oracle formats: .npy (C and Fortran order) and CSV both ways, and their bad-input
// messages (file and position).
#include "oracle/formats/csv_format.h"
#include "oracle/formats/npy_format.h"
#include "tests/oracle/error_of.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace palcheck::oracle {
namespace {

// A .npy file built by hand (format 1.0), independently of format_npy_f8.
template <class T>
std::string npy_bytes(const std::string& descr, const std::string& shape, const std::vector<T>& values,
                      const std::string& order = "False") {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': " + shape + ", }\n";
  std::string out = std::string("\x93NUMPY", 6) + '\x01' + '\x00';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  std::string data(sizeof(T) * values.size(), '\0');
  std::memcpy(data.data(), values.data(), data.size());
  return out + data;
}

TEST(OracleNpy, WrittenArraysReadBackExactly) {
  std::vector<double> values{0.1, -2.5, 1e300, 5e-324, 3.0, -0.0};
  NpyArray a = parse_npy(format_npy_f8({2, 3}, values), "x.npy");
  ASSERT_EQ(a.shape, (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(a.rows(), 2u);
  for (std::size_t k = 0; k < values.size(); ++k) EXPECT_EQ(a.exact(k), *rational_from_double(values[k]));
  NpyArray b = parse_npy(format_npy_f8({3}, {1.0, 2.0, 0.5}), "y.npy");
  EXPECT_EQ(b.shape, (std::vector<std::size_t>{3}));
  EXPECT_EQ(b.exact(2), Q(1, 2));
}

TEST(OracleNpy, ReadsEachDtypeAtItsBinaryValue) {
  NpyArray f4 = parse_npy(npy_bytes<float>("<f4", "(2,)", {0.1f, -1.5f}), "f4.npy");
  EXPECT_EQ(f4.exact(0), *rational_from_double(static_cast<double>(0.1f)));
  EXPECT_NE(f4.exact(0), Q(1, 10));  // binary value, not the decimal 0.1
  NpyArray i4 = parse_npy(npy_bytes<std::int32_t>("<i4", "(1, 2)", {-7, 9}), "i4.npy");
  EXPECT_EQ(i4.exact(0), Q(-7));
  EXPECT_EQ(i4.cols(), 2u);
  NpyArray i8 = parse_npy(npy_bytes<std::int64_t>("<i8", "(1,)", {std::int64_t{1} << 62}), "i8.npy");
  EXPECT_EQ(i8.exact(0), Q(boost::multiprecision::mpz_int(1) << 62));
}

TEST(OracleNpy, FortranOrderIsReadInCOrder) {
  // Column-major on disk: the 2 x 3 matrix [[1, 2, 3], [4, 5, 6]] is stored 1, 4, 2, 5, 3, 6.
  NpyArray a = parse_npy(npy_bytes<double>("<f8", "(2, 3)", {1, 4, 2, 5, 3, 6}, "True"), "f.npy");
  for (std::size_t k = 0; k < 6; ++k) EXPECT_EQ(a.exact(k), Q(static_cast<int>(k) + 1));
  NpyArray i = parse_npy(npy_bytes<std::int32_t>("<i4", "(3, 1)", {7, 8, 9}, "True"), "g.npy");
  EXPECT_EQ(i.exact(2), Q(9));
}

TEST(OracleNpy, BadFilesNameTheFileAndPosition) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(error_of([&] {
              parse_npy(npy_bytes<double>("<f8", "(2, 2)", {1, 2, nan, 4}), "a.npy");
            }).find("a.npy: element [1, 0] is not finite"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_npy("hello", "b.npy"); }).find("b.npy: not a .npy file"), std::string::npos);
  EXPECT_NE(error_of([&] {
              parse_npy(npy_bytes<double>("<f8", "(2, 3)", {1, 2, nan, 4, 5, 6}, "True"), "c.npy");
            }).find("c.npy: element [0, 1] is not finite"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              parse_npy(npy_bytes<double>("<f8", "(1, 1, 2)", {1, 2}), "d.npy");
            }).find("3 dimensions"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              parse_npy(npy_bytes<double>("<f8", "(3,)", {1, 2}), "e.npy");
            }).find("bytes"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_npy(npy_bytes<std::int16_t>("<i2", "(1,)", {1}), "f.npy"); }).find("'<i2'"),
            std::string::npos);
}

TEST(OracleCsv, RowsReadExactlyAndWriteBack) {
  CsvTable t = parse_csv("alpha,beta,weight\n2,1,0.75\n# comment\n\n3, 0.5 ,1/3\n", "m.csv");
  EXPECT_EQ(t.header, (std::vector<std::string>{"alpha", "beta", "weight"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][2], Q(3, 4));
  EXPECT_EQ(t.rows[1][1], Q(1, 2));
  EXPECT_EQ(t.rows[1][2], Q(1, 3));
  std::string text = format_csv({"a", "b"}, {{"1/3", "-2"}, {"7"}});
  CsvTable back = parse_csv(text, "w.csv");
  EXPECT_EQ(back.header, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(back.rows, (std::vector<std::vector<Q>>{{Q(1, 3), Q(-2)}, {Q(7)}}));
}

TEST(OracleCsv, BadCellNamesLineAndColumn) {
  EXPECT_EQ(error_of([] { parse_csv("1,2\n3,nan\n", "in.csv"); }),
            "in.csv: line 2, column 2: not an exact finite number: \"nan\"");
}

TEST(OracleDecimals, LeadingZerosAreDecimalNotOctal) {
  EXPECT_EQ(*parse_rational("0.75"), Q(3, 4));
  EXPECT_EQ(*parse_rational("0.0625"), Q(1, 16));
  EXPECT_EQ(*parse_rational("007"), Q(7));
}

}  // namespace
}  // namespace palcheck::oracle
