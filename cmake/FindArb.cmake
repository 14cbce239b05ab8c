# Finds Arb (Debian libflint-arb-dev: arb.h, libflint-arb) and FLINT under it; defines Arb::Arb.
# Installed beside palcheckConfig.cmake so that find_package(palcheck) finds Arb the same way.
if(NOT TARGET Arb::Arb)
  find_path(ARB_INCLUDE_DIR arb.h)
  find_library(ARB_LIBRARY NAMES flint-arb arb)
  find_library(FLINT_LIBRARY flint)
  include(FindPackageHandleStandardArgs)
  find_package_handle_standard_args(Arb REQUIRED_VARS ARB_LIBRARY FLINT_LIBRARY ARB_INCLUDE_DIR)
  if(Arb_FOUND)
    add_library(Arb::Arb UNKNOWN IMPORTED)
    set_target_properties(Arb::Arb PROPERTIES IMPORTED_LOCATION "${ARB_LIBRARY}"
                          INTERFACE_INCLUDE_DIRECTORIES "${ARB_INCLUDE_DIR}"
                          INTERFACE_LINK_LIBRARIES "${FLINT_LIBRARY}")
  endif()
endif()
