// What `palcheck --version` prints: the project's version and, when built from a git checkout, the commit
// (cmake/version.cmake writes the definition at every build).
#pragma once

namespace palcheck::cli {

/// "palcheck 0.1.0", or "palcheck 0.1.0 (git <describe>)" when built from a git checkout.
const char* version_text();

}  // namespace palcheck::cli
