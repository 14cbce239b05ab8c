// Hostile inputs against the readers (JSON, numbers, CSV, .npy, files): each is refused with
// InputError naming the file and the field, or read right; none crashes, hangs or loses a row.
#include "oracle/eval/eval_document.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/csv_format.h"
#include "oracle/formats/input_limits.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"
#include "reference/rational.h"
#include "tests/oracle/error_of.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <tuple>

#include <unistd.h>

namespace palcheck::oracle {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string nested(std::size_t depth, const std::string& leaf = "0") {
  return std::string(depth, '[') + leaf + std::string(depth, ']');
}

std::string npy_header(const std::string& shape) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ", }\n";
  return std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size() & 0xff) +
         static_cast<char>(header.size() >> 8) + header;
}

TEST(HostileNumbers, ExponentsBeyondTheRangeAreRefusedBeforeAnyBigNumberWork) {
  // These took 35 s, 7 s and 14 s (a quadratic power loop); refused now, and the range's ends are read.
  for (const char* text : {"1e999999", "0e625005", "1e888882/", "1e1001", "1e-1001", "1e00000000001001"})
    EXPECT_FALSE(parse_rational(text).has_value()) << text;
  EXPECT_EQ(*parse_rational("1e1000"), Q(boost::multiprecision::pow(boost::multiprecision::mpz_int(10), 1000)));
  EXPECT_EQ(*parse_rational("-25e-1000") * Q(boost::multiprecision::pow(boost::multiprecision::mpz_int(10), 1000)),
            Q(-25));
  EXPECT_EQ(*parse_rational("3e0000000000002"), Q(300));
  // A long fraction is a big power of ten; computed by squaring it is immediate.
  auto start = std::chrono::steady_clock::now();
  auto tiny = parse_rational("0." + std::string(200000, '0') + "1");
  ASSERT_TRUE(tiny.has_value());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
}

TEST(HostileJson, DeepNestingIsRefusedWhereverItIs) {
  // initial_state and grid.L at 10^5 levels crashed printing the value, inputs at 2*10^5 copying it.
  std::string docs[] = {R"({"relays": [], "inputs": [0], "initial_state": )" + nested(100000) + "}",
                        R"({"grid": {"delta": 1, "L": )" + nested(100000) + R"(, "weights": []}, "inputs": [0]})",
                        R"({"relays": [], "inputs": )" + nested(200000) + "}"};
  for (const std::string& doc : docs) {
    std::string e = error_of([&] { parse_json_text(doc, "deep.json"); });
    EXPECT_TRUE(contains(e, "deep.json: ") && contains(e, "nested deeper than 64 levels")) << e.substr(0, 300);
    EXPECT_LT(e.size(), 400u);
  }
  EXPECT_NO_THROW(parse_json_text(nested(63), "ok.json"));
}

TEST(HostileJson, NumbersThatADoubleCannotHoldAreReported) {
  std::string under = error_of([] { parse_json_text(R"({"inputs": [0, 1e-400]})", "u.json"); });
  EXPECT_EQ(under,
            "u.json: inputs[1]: JSON number 1e-400 underflows to 0 as a double; write it as a string "
            "(\"1e-400\") for its exact value");
  std::string over = error_of([] { parse_json_text(R"({"relays": [{"weight": 1e400}]})", "o.json"); });
  EXPECT_TRUE(contains(over, "o.json: relays[0].weight: malformed JSON") && contains(over, "1e400")) << over;
  std::string range = error_of([] { parse_json_text(R"([0e625005])", "r.json"); });
  EXPECT_TRUE(contains(range, "r.json: [0]: JSON number 0e625005 is outside the exact range")) << range;
  // As strings they are exact (within the exponent range).
  nlohmann::json doc = parse_json_text(R"({"inputs": ["1e-400", 0.0, -0e5]})", "s.json");
  EXPECT_EQ(
      parse_number(doc["inputs"][0], "x") * Q(boost::multiprecision::pow(boost::multiprecision::mpz_int(10), 400)),
      Q(1));
  EXPECT_EQ(parse_number(doc["inputs"][1], "x"), Q(0));
}

TEST(HostileJson, MessagesQuoteAShortPrefixOfAValue) {
  std::string long_text(100000, '7');
  std::string e = error_of([&] { parse_number(nlohmann::json("x" + long_text), "inputs[0]"); });
  EXPECT_TRUE(contains(e, "inputs[0]: not an exact number")) << e.substr(0, 200);
  EXPECT_LT(e.size(), 300u);
  nlohmann::json deep = parse_json_text(nested(60), "d.json");
  std::string state = error_of([&] { parse_initial_state(nlohmann::json{{"initial_state", deep}}); });
  EXPECT_EQ(state, "initial_state: expected 0 or 1, got a list of 1");
}

TEST(HostileNpy, ShapesAreCheckedIntegers) {
  // (9223372036854775808, 2) wrapped the element count to 0 and crashed; (3, -4) was read as (3, 4).
  struct Case {
    std::string shape, data, message;
  };
  std::vector<Case> cases{{"(9223372036854775808, 2)", "", "a size above the limit"},
                          {"(18446744073709551616,)", "", "a size above the limit"},
                          {"(4294967296, 4294967296)", "", "more than 4294967296 elements"},
                          {"(3, -4)", std::string(96, '\0'), "\"-4\" is not a size"},
                          {"(3.5, 2)", "", "\"3.5\" is not a size"},
                          {"(3, , 2)", "", "an empty size"},
                          {"(65537, 0)", "", "empty rows"}};
  for (const Case& c : cases) {
    std::string e = error_of([&] { parse_npy(npy_header(c.shape) + c.data, "s.npy"); });
    EXPECT_TRUE(contains(e, "s.npy: ") && contains(e, c.message)) << c.shape << ": " << e;
  }
  EXPECT_EQ(parse_npy(npy_header("(3, 0)"), "z.npy").rows(), 3u);
  // A 60 kB shape tuple overflowed the stack inside std::regex (found by fuzz_npy).
  std::string wide = "(" + std::string(60000, ' ') + "2,)";
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': " + wide + ", }\n";
  std::string bytes = std::string("\x93NUMPY\x02\x00", 8) + static_cast<char>(header.size() & 0xff) +
                      static_cast<char>((header.size() >> 8) & 0xff) + static_cast<char>(header.size() >> 16) + '\0' +
                      header + std::string(16, '\0');
  EXPECT_EQ(parse_npy(bytes, "wide.npy").shape, (std::vector<std::size_t>{2}));
  EXPECT_EQ(parse_npy(npy_header("(2,)") + std::string(16, '\0'), "one.npy").shape, (std::vector<std::size_t>{2}));
}

TEST(HostileCsv, NoRowIsTakenForAHeaderSilently) {
  // A byte order mark is not data: both rows are read.
  CsvTable bom = parse_csv(
      "\xEF\xBB\xBF"
      "0,1,2\n3,4\n",
      "bom.csv");
  EXPECT_TRUE(bom.header.empty());
  EXPECT_EQ(bom.rows.size(), 2u);
  // A trailing comma or a letter O in the first row is an error naming the cell, not a header.
  EXPECT_EQ(error_of([] { parse_csv("0,1,2,\n3,4\n", "t.csv"); }),
            "t.csv: line 1, column 4: not an exact finite number: \"\" (a header row must have no numeric cell, or "
            "pass --header)");
  EXPECT_TRUE(contains(error_of([] { parse_csv("O,1,2\n3,4\n", "o.csv"); }), "o.csv: line 1, column 1"));
  // A declared header is dropped whatever it holds; an undeclared all-text row is a header.
  CsvTable declared = parse_csv("0,1\n2,3\n", "d.csv", CsvHeader::Declared);
  EXPECT_EQ(declared.header, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(declared.rows.size(), 1u);
  EXPECT_EQ(parse_csv("alpha,beta\n2,1\n", "h.csv").header, (std::vector<std::string>{"alpha", "beta"}));
}

TEST(HostileCsv, ABlankCellIsAnErrorNamingIt) {
  // Found by libFuzzer: a cell of spaces reached the digit reader as an empty span (UBSan's null offset).
  EXPECT_EQ(error_of([] { parse_csv("a.0!,05lpha,beti,w\n\n3, ,e-\n", "b.csv"); }),
            "b.csv: line 3, column 2: not an exact finite number: \"\"");
  EXPECT_EQ(error_of([] { parse_csv("0,1\n\n3, \n", "c.csv"); }),
            "c.csv: line 3, column 2: not an exact finite number: \"\"");
}

TEST(HostileCsv, AFirstRowIsAHeaderOnlyWhenEveryCellIsAName) {
  // A one-row file of one over-long number, or of NUL bytes, was taken for a header: no rows, exit 0.
  std::string long_number(kMaxNumberText + 1, '7');
  EXPECT_TRUE(contains(error_of([&] { parse_csv(long_number + "\n", "l.csv"); }), "l.csv: line 1, column 1: "));
  EXPECT_TRUE(
      contains(error_of([] { parse_csv(std::string(3, '\0') + ",1\n", "z.csv"); }), "z.csv: line 1, column 1: "));
  EXPECT_TRUE(contains(error_of([] { parse_csv("u,\x01\n1,2\n", "c.csv"); }), "c.csv: line 1, column 2: "));
  for (const char* name : {"u", "x_1", "L\xC3\xA4nge", "alpha (V)"}) {
    EXPECT_TRUE(is_header_name(name)) << name;
    EXPECT_EQ(parse_csv(std::string(name) + ",b\n1,2\n", "h.csv").rows.size(), 1u) << name;
  }
  for (const char* cell : {"", "12", "nan", "-inf", "1e1001", "1;2", "+-", "u\x01v", "u\x7Fv"})
    EXPECT_FALSE(is_header_name(cell)) << cell;
}

TEST(HostileCsv, QuotesAreReadAsRfc4180Says) {
  // "0""3" is the cell 0"3 (a doubled quote is one quote), not 03.
  EXPECT_EQ(error_of([] { parse_csv("\"0\"\"3\"\n", "q.csv"); }),
            "q.csv: line 1, column 1: not an exact finite number: \"0\"3\" (a header row must have no numeric cell, or "
            "pass --header)");
  CsvTable quoted = parse_csv("\"a,b\", \"c\"\"d\" ,\"e\nf\"\n\"1\",2,\" 3 \"\n4,\"5\",6\n", "q.csv");
  EXPECT_EQ(quoted.header, (std::vector<std::string>{"a,b", "c\"d", "e\nf"}));
  EXPECT_EQ(quoted.rows, (std::vector<std::vector<Q>>{{Q(1), Q(2), Q(3)}, {Q(4), Q(5), Q(6)}}));
  // A line end inside quotes still counts: the bad cell is on line 4.
  EXPECT_TRUE(contains(error_of([] { parse_csv("\"a\nb\",c\n1,2\n3,x\n", "n.csv"); }), "n.csv: line 4, column 2: "));
  struct Case {
    std::string text, message;
  };
  std::vector<Case> cases{{"1,2\"3\"\n", "line 1, column 2: a quote inside an unquoted cell"},
                          {"1,\"2\"3\n", "line 1, column 2: text after the closing quote"},
                          {"1\n2,\"3\n4\n", "line 2, column 2: a quoted cell is not closed"}};
  for (const Case& c : cases) {
    std::string e = error_of([&] { parse_csv(c.text, "e.csv"); });
    EXPECT_TRUE(contains(e, "e.csv: " + c.message)) << c.text << ": " << e;
  }
}

TEST(HostileCsv, ACellIsBoundedBeforeItIsHeld) {
  // A 1 GiB cell cost 3 GB: a cell is refused as it passes the bound, wherever it is.
  std::string big(kMaxCsvCellBytes + 1, 'x');
  for (const std::string& text : {big + "\n", "1,2\n3," + big, "\"" + big + "\"\n"}) {
    std::string e = error_of([&] { parse_csv(text, "big.csv"); });
    EXPECT_TRUE(contains(e, "big.csv: line ") && contains(e, "a cell longer than 1048576 bytes")) << e.substr(0, 200);
  }
  std::string widest = std::string(kMaxCsvCellBytes - kMaxNumberText, ' ') + std::string(kMaxNumberText, '1');
  EXPECT_EQ(parse_csv(widest + "\n", "w.csv").rows.size(), 1u);
}

TEST(HostileNpy, AGridMatrixIsSquare) {
  // A 3 x 2 grid was read as a lower triangle with its last column left out; 2 x 3 was refused.
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("palcheck_npy_grid_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (auto [shape, rows, cols] : {std::tuple{"(3, 2)", 3, 2}, std::tuple{"(2, 3)", 2, 3}}) {
    std::string path = (dir / "grid.npy").string();
    std::ofstream(path, std::ios::binary) << npy_header(shape) << std::string(8 * rows * cols, '\0');
    std::string expected = "a grid needs an L x L weight matrix; this .npy array is " + std::to_string(rows) + " x " +
                           std::to_string(cols);
    for (const std::string& e : {error_of([&] { load_measure_file(path, Q(1), RelayColumns{}); }),
                                 error_of([&] { load_keyed_measure(path, Q(1), RelayColumns{}); })})
      EXPECT_EQ(e, path + ": " + expected);
  }
  std::filesystem::remove_all(dir);
}

TEST(HostileFiles, AFolderIsNotAFile) {
  std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_EQ(error_of([&] { read_source(dir); }), dir + ": is a folder, not a file");
}

}  // namespace
}  // namespace palcheck::oracle
