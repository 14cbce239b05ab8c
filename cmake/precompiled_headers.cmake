# Precompiled headers: Boost.Multiprecision over GMP, nlohmann's JSON, Z3's C++ API, RapidCheck and
# GoogleTest take one to three seconds each to parse, and most files include one of them; parsed once per
# target instead of once per file, they take a quarter off the build's CPU time, which helps keep the test
# command's second (sanitizer) build within CI's hour. Not CLI11: its namespace-scope validators are
# constructed in every file that includes it, which under the sanitizers made files that do not use it
# cost half as much again. Each layer gets only headers it may include (docs/architecture.md).
# PALCHECK_PRECOMPILED_HEADERS=OFF builds every file from its own includes alone.
option(PALCHECK_PRECOMPILED_HEADERS "Precompile the heavy library headers once per target" ON)
# GCC 12 then reports false -Wstringop-overflow and -Warray-bounds on libstdc++'s inlined string copy (the
# family of GCC bug 105329): a precompiled header no longer marks it a system header, where they are
# hidden. Out-of-bounds accesses are what the sanitizer stage of scripts/test.sh looks for.
if(PALCHECK_PRECOMPILED_HEADERS AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU"
   AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12 AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  add_compile_options(-Wno-stringop-overflow -Wno-array-bounds)
endif()

set(PALCHECK_PCH_STANDARD <algorithm> <cstdint> <functional> <map> <memory> <optional> <sstream> <string>
    <string_view> <utility> <vector>)

## palcheck_precompile(target header...): the standard headers and the given ones, precompiled for target.
function(palcheck_precompile target)
  if(PALCHECK_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE ${PALCHECK_PCH_STANDARD} <boost/multiprecision/gmp.hpp> ${ARGN})
  endif()
endfunction()
