// Same seed, same result: the whole-paper `palcheck verify` JSON is byte-identical whatever else is on
// the command line (an earlier checker read past a temporary and its verdict changed with --out).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(VerifyRepeatability, WholePaperJsonDoesNotDependOnOtherOptions) {
  std::string dir = ::testing::TempDir();
  std::string plain = dir + "verify_plain.json", with_out = dir + "verify_with_out.json";
  std::string bin = PALCHECK_BINARY;
  ASSERT_EQ(std::system((bin + " verify --seed 3 --json " + plain + " >/dev/null 2>&1").c_str()), 0);
  ASSERT_EQ(
      std::system(
          (bin + " verify --seed 3 --json " + with_out + " --out " + dir + "verify_replays >/dev/null 2>&1").c_str()),
      0);
  std::string a = slurp(plain), b = slurp(with_out);
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == b) << "the JSON of two runs with seed 3 differ";
}

}  // namespace
