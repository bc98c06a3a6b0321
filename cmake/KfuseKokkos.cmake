# Finds Kokkos and provides the target kfuse::kokkos.
#
# Debian's libtrilinos-kokkos-dev (Kokkos 3.4.1, Serial) ships a TriBITS
# package whose targets either lack include directories or (in some builds)
# list a non-existent /usr/lib/include; we repair that here. Any other Kokkos
# (OpenMP, CUDA, 4.x) is found through Kokkos_ROOT and used as it is.

find_package(Kokkos CONFIG QUIET)

add_library(kfuse_kokkos INTERFACE)
add_library(kfuse::kokkos ALIAS kfuse_kokkos)

if(TARGET Kokkos::kokkos)
  # Drop include directories that do not exist (the Debian package bug).
  get_target_property(_kfuse_incs Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
  if(_kfuse_incs)
    set(_kfuse_good_incs)
    foreach(_dir IN LISTS _kfuse_incs)
      if(_dir MATCHES "^\\$<" OR EXISTS "${_dir}")
        list(APPEND _kfuse_good_incs "${_dir}")
      endif()
    endforeach()
    set_target_properties(Kokkos::kokkos PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${_kfuse_good_incs}")
  endif()
  target_link_libraries(kfuse_kokkos INTERFACE Kokkos::kokkos)
  if(Kokkos_INCLUDE_DIRS AND EXISTS "${Kokkos_INCLUDE_DIRS}")
    target_include_directories(kfuse_kokkos SYSTEM INTERFACE ${Kokkos_INCLUDE_DIRS})
  endif()
  set(KFUSE_KOKKOS_INCLUDE_DIR "${Kokkos_INCLUDE_DIRS}")
else()
  # The TriBITS package (or none): use the headers and library directly.
  find_path(KFUSE_KOKKOS_INCLUDE_DIR Kokkos_Core.hpp
    HINTS ${Kokkos_INCLUDE_DIRS} PATH_SUFFIXES trilinos)
  find_library(KFUSE_KOKKOS_CORE_LIBRARY
    NAMES kokkoscore trilinos_kokkoscore HINTS ${Kokkos_LIBRARY_DIRS})
  if(NOT KFUSE_KOKKOS_INCLUDE_DIR OR NOT KFUSE_KOKKOS_CORE_LIBRARY)
    message(FATAL_ERROR "Kokkos not found: install libtrilinos-kokkos-dev "
      "(scripts/test.sh does) or pass -DKokkos_ROOT=<prefix>")
  endif()
  target_include_directories(kfuse_kokkos SYSTEM INTERFACE ${KFUSE_KOKKOS_INCLUDE_DIR})
  target_link_libraries(kfuse_kokkos INTERFACE ${KFUSE_KOKKOS_CORE_LIBRARY} ${CMAKE_DL_LIBS})
endif()
target_compile_features(kfuse_kokkos INTERFACE cxx_std_17)
message(STATUS "kfuse: Kokkos headers in ${KFUSE_KOKKOS_INCLUDE_DIR}")

# Paths for scripts that compile fused sources by hand (scripts/demo.sh).
find_library(KFUSE_KOKKOS_CORE_LIBRARY_PATH NAMES kokkoscore trilinos_kokkoscore
  HINTS ${Kokkos_LIBRARY_DIRS} ${KFUSE_KOKKOS_INCLUDE_DIR}/../lib)
file(WRITE ${CMAKE_BINARY_DIR}/kokkos-paths.env
  "KOKKOS_INC=${KFUSE_KOKKOS_INCLUDE_DIR}\nKOKKOS_LIB=${KFUSE_KOKKOS_CORE_LIBRARY_PATH}\n")
