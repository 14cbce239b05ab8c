// KaTeX (its script, style sheet and WOFF2 fonts, from Debian's libjs-katex or npm's katex at build time),
// carried in the binary and copied into every HTML report's katex/ folder: formulas are typeset in the
// reader's browser with no network and no dependency on the machine that views the report.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace palcheck::report {

/// One bundled file.
struct EmbeddedFile {
  std::string name;           ///< path inside the report's katex/ folder, e.g. "fonts/KaTeX_Main-Regular.woff2"
  const unsigned char* data;  ///< its bytes
  std::size_t size;           ///< how many
};

/// The files of KaTeX the report bundles; "katex.min.js" and "katex.min.css" among them.
const std::vector<EmbeddedFile>& katex_files();

}  // namespace palcheck::report
