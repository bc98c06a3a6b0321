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
  # Kokkos 4.x sets no Kokkos_INCLUDE_DIRS: its targets name the headers and
  # the library that scripts compiling by hand need.
  if(NOT EXISTS "${KFUSE_KOKKOS_INCLUDE_DIR}/Kokkos_Core.hpp")
    set(KFUSE_KOKKOS_INCLUDE_DIR "")
    foreach(_target IN ITEMS Kokkos::kokkoscore Kokkos::kokkos)
      if(TARGET ${_target} AND NOT KFUSE_KOKKOS_INCLUDE_DIR)
        get_target_property(_incs ${_target} INTERFACE_INCLUDE_DIRECTORIES)
        foreach(_dir IN LISTS _incs)
          if(NOT KFUSE_KOKKOS_INCLUDE_DIR AND EXISTS "${_dir}/Kokkos_Core.hpp")
            set(KFUSE_KOKKOS_INCLUDE_DIR "${_dir}")
          endif()
        endforeach()
      endif()
    endforeach()
  endif()
  if(TARGET Kokkos::kokkoscore)
    foreach(_prop IN ITEMS IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION
                           IMPORTED_LOCATION_RELWITHDEBINFO IMPORTED_LOCATION_NOCONFIG
                           IMPORTED_LOCATION_DEBUG)
      get_target_property(_loc Kokkos::kokkoscore ${_prop})
      if(_loc AND NOT KFUSE_KOKKOS_CORE_LIBRARY_PATH)
        set(KFUSE_KOKKOS_CORE_LIBRARY_PATH "${_loc}" CACHE FILEPATH
          "The Kokkos core library scripts link by hand")
      endif()
    endforeach()
  endif()
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

# Paths and flags for scripts that compile Kokkos programs by hand
# (scripts/demo.sh, the end-to-end tests): an OpenMP Kokkos needs -fopenmp
# to compile and to link.
find_library(KFUSE_KOKKOS_CORE_LIBRARY_PATH NAMES kokkoscore trilinos_kokkoscore
  HINTS ${Kokkos_LIBRARY_DIRS} ${KFUSE_KOKKOS_INCLUDE_DIR}/../lib NO_DEFAULT_PATH)
find_library(KFUSE_KOKKOS_CORE_LIBRARY_PATH NAMES kokkoscore trilinos_kokkoscore)
set(KFUSE_KOKKOS_FLAGS "")
if("OPENMP" IN_LIST Kokkos_DEVICES OR Kokkos_ENABLE_OPENMP)
  set(KFUSE_KOKKOS_FLAGS "-fopenmp")
endif()
file(WRITE ${CMAKE_BINARY_DIR}/kokkos-paths.env
  "KOKKOS_INC=${KFUSE_KOKKOS_INCLUDE_DIR}\nKOKKOS_LIB=${KFUSE_KOKKOS_CORE_LIBRARY_PATH}\nKOKKOS_FLAGS=\"${KFUSE_KOKKOS_FLAGS}\"\n")
