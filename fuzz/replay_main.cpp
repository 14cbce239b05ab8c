// The fuzz harnesses without libFuzzer (the ordinary build, hence CI and the sanitizer stage): each file
// named on the command line, or held in a folder named there, is given once to the harness's
// LLVMFuzzerTestOneInput, so that the seed corpus and every known reproducer (regressions.py) run as
// ctest tests; a crash, an uncaught exception or a sanitizer report fails the test. Exit 1 when no file
// was read, so that a missing corpus cannot pass.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    fs::path arg = argv[i];
    if (fs::is_directory(arg)) {
      std::vector<fs::path> inside;
      for (const fs::directory_entry& entry : fs::directory_iterator(arg))
        if (entry.is_regular_file()) inside.push_back(entry.path());
      std::sort(inside.begin(), inside.end());
      files.insert(files.end(), inside.begin(), inside.end());
    } else {
      files.push_back(arg);
    }
  }
  std::size_t run = 0;
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cerr << file.string() << ": cannot be read\n";
      return 1;
    }
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ++run;
  }
  std::cout << run << " input(s) run\n";
  return run > 0 ? 0 : 1;
}
