# Package configuration for find_package(Kfuse): the functions of Kfuse.cmake
# (kfuse_add_instrumented_executable, kfuse_add_fused_executable,
# kfuse_add_check_test) and the target Kfuse::runtime.
#
# From a kfuse source tree without installing: -DKfuse_DIR=<kfuse>/cmake (kfuse
# is then looked for in <kfuse>/build/bin, or give -DKFUSE_EXECUTABLE=...).
# Debian's Kokkos 3.4 package needs a repair that kfuse ships:
# include(${Kfuse_DIR}/KfuseKokkos.cmake) gives the target kfuse::kokkos.

include(${CMAKE_CURRENT_LIST_DIR}/Kfuse.cmake)

set(Kfuse_FOUND TRUE)
if(NOT TARGET kfuse AND NOT (KFUSE_EXECUTABLE AND EXISTS "${KFUSE_EXECUTABLE}"))
  set(Kfuse_FOUND FALSE)
  set(Kfuse_NOT_FOUND_MESSAGE "the kfuse program was not found (KFUSE_EXECUTABLE='${KFUSE_EXECUTABLE}'): build kfuse, put it in PATH or pass -DKFUSE_EXECUTABLE=/path/to/kfuse")
elseif(NOT TARGET Kfuse::runtime)
  set(Kfuse_FOUND FALSE)
  set(Kfuse_NOT_FOUND_MESSAGE "kfuse's runtime headers (kfuse/runtime/Guard.hpp) were not found: pass -DKFUSE_INCLUDE_DIR=<kfuse>/include")
endif()
if(Kfuse_FOUND AND NOT ${CMAKE_FIND_PACKAGE_NAME}_FIND_QUIETLY)
  if(TARGET kfuse)
    message(STATUS "Kfuse: the kfuse target of this build")
  else()
    message(STATUS "Kfuse: ${KFUSE_EXECUTABLE}")
  endif()
endif()
