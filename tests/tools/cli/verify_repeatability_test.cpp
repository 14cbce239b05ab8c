// Same seed, same result: the whole-paper `palcheck verify` JSON is byte-identical whatever else is on
// the command line (an earlier checker read past a temporary and its verdict changed with --out).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(VerifyRepeatability, WholePaperJsonDoesNotDependOnOtherOptions) {
  // A folder of this run's own: --out refuses a folder that palcheck did not make, as an older build's may be.
  std::string pattern = ::testing::TempDir() + "verify_repeatability_XXXXXX";
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  std::string dir = pattern + "/";
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
  std::filesystem::remove_all(dir);
}

}  // namespace
