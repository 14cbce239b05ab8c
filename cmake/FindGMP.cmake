# Finds GMP (Debian libgmp-dev) and defines the imported target GMP::GMP.
# Installed beside palcheckConfig.cmake so that find_package(palcheck) finds GMP the same way.
if(NOT TARGET GMP::GMP)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(PC_GMP QUIET gmp)
  endif()
  find_path(GMP_INCLUDE_DIR gmp.h HINTS ${PC_GMP_INCLUDE_DIRS})
  find_library(GMP_LIBRARY gmp HINTS ${PC_GMP_LIBRARY_DIRS})
  include(FindPackageHandleStandardArgs)
  find_package_handle_standard_args(GMP REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR)
  if(GMP_FOUND)
    add_library(GMP::GMP UNKNOWN IMPORTED)
    set_target_properties(GMP::GMP PROPERTIES IMPORTED_LOCATION "${GMP_LIBRARY}"
                          INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
  endif()
endif()
