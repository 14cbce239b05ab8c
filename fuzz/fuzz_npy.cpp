// libFuzzer target: the .npy reader (oracle/formats/npy_format.h): header, shape arithmetic, data, and
// the exact value of every element.
#include "oracle/formats/npy_format.h"
#include "util/errors.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace palcheck::oracle;
  using palcheck::InputError;
  try {
    NpyArray a = parse_npy(std::string(reinterpret_cast<const char*>(data), size), "fuzz.npy");
    for (std::size_t i = 0; i < a.rows(); ++i)
      for (std::size_t k = 0; k < a.cols(); ++k) (void)a.exact(i * a.cols() + k);
  } catch (const InputError&) {
  }
  return 0;
}
