// UTF-8 validity of text repeated in JSON output (see utf8_text.h).
#include "oracle/formats/utf8_text.h"

#include "util/errors.h"

#include <cstdio>

namespace palcheck::oracle {

namespace {

// The offset of the first byte that breaks UTF-8 (RFC 3629), or text.size() when none does.
std::size_t first_invalid(std::string_view text) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  for (std::size_t k = 0; k < text.size();) {
    unsigned char lead = byte(k);
    std::size_t length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                         : lead >= 0xF0 && lead <= 0xF4                 ? 4
                                                                        : 0;
    if (length == 0 || k + length > text.size()) return k;
    // The second byte's range depends on the lead (no overlong forms, surrogates or code points past U+10FFFF).
    unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    for (std::size_t c = 1; c < length; ++c) {
      unsigned char b = byte(k + c);
      if (c == 1 ? (b < low || b > high) : (b < 0x80 || b > 0xBF)) return k;
    }
    k += length;
  }
  return text.size();
}

}  // namespace

void check_utf8(std::string_view text, const std::string& where, const std::string& why) {
  std::size_t at = first_invalid(text);
  if (at == text.size()) return;
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[at]));
  throw InputError(where + ": not valid UTF-8 (byte " + byte + " at offset " + std::to_string(at) + "), and " + why);
}

}  // namespace palcheck::oracle
