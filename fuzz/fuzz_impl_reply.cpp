// libFuzzer target: a reply line of the command `palcheck fuzz-impl` tests (oracle/fuzz/
// impl_reply.h), read as fuzz-impl reads it. Whatever the line, the result is outputs or an error.
#include "oracle/fuzz/impl_reply.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  palcheck::oracle::ImplReply reply =
      palcheck::oracle::parse_impl_reply(std::string(reinterpret_cast<const char*>(data), size));
  if (reply.error.empty())
    for (const palcheck::Q& q : reply.outputs) (void)palcheck::to_string(q);
  return 0;
}
