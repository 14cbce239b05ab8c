// Text palcheck repeats in the JSON it writes (a command, a file name): JSON holds only UTF-8, so such
// text is checked as it is given, and refused naming the option, rather than failing at the write.
#pragma once

#include <string>
#include <string_view>

namespace palcheck::oracle {

/// InputError "WHERE: not valid UTF-8 (byte 0xNN at offset K), and WHY" unless `text` is valid UTF-8
/// (no overlong forms, surrogates or code points past U+10FFFF, as nlohmann's writer requires).
void check_utf8(std::string_view text, const std::string& where, const std::string& why);

}  // namespace palcheck::oracle
