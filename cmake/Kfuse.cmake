# kfuse from CMake: a target's instrumented (profiling) and fused variants, and
# `kfuse check` as a CTest test. find_package(Kfuse) includes this file
# (KfuseConfig.cmake); include() it directly if you prefer.
#
#   kfuse_add_instrumented_executable(<new> <target> [PROJECT_ROOT <dir>])
#   kfuse_add_fused_executable(<new> <target> PROFILE <file>
#                              [PROJECT_ROOT <dir>] [OUTPUT_DIR <dir>])
#   kfuse_add_check_test(<name> <target> PROFILE <file> [PROJECT_ROOT <dir>]
#                        [MIN_SHARE <x>] [ARGS <arg>...])
#
# Each new executable gets the sources, include directories, definitions,
# compile options and features, link libraries and options of <target> as they
# are when the function is called: call it after <target> is set up.
#
# Cache variables:
#   KFUSE_EXECUTABLE    the kfuse program (looked for beside this file: in
#                       <prefix>/bin, or <kfuse source>/build/bin; then in
#                       PATH); inside the kfuse build its `kfuse` target is
#                       used instead
#   KFUSE_INCLUDE_DIR   the header-only runtime (<kfuse/runtime/Guard.hpp>),
#                       also provided as the target Kfuse::runtime
#   KFUSE_PROJECT_ROOT  the directory site ids are relative to (default: the
#                       top-level source directory); profiling and fusing must
#                       agree on it, so a profile committed under the project
#                       stays valid wherever the project is checked out

include_guard(GLOBAL)
if(CMAKE_VERSION VERSION_LESS 3.21)
  # Generator expressions in <LANG>_COMPILER_LAUNCHER need 3.21.
  message(FATAL_ERROR "Kfuse.cmake needs CMake 3.21 or newer (this is ${CMAKE_VERSION})")
endif()
# Functions keep the policies in effect where they are defined.
cmake_policy(PUSH)
cmake_policy(VERSION 3.21)

# This file is in a kfuse source tree (<src>/cmake/Kfuse.cmake, the program
# in <src>/build/bin) or an installed package (<prefix>/lib/cmake/Kfuse/).
get_filename_component(_kfuse_tree "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
if(EXISTS "${_kfuse_tree}/include/kfuse/runtime/Guard.hpp")
  set(_kfuse_hint_bin "${_kfuse_tree}/build/bin")
  set(_kfuse_hint_include "${_kfuse_tree}/include")
else()
  get_filename_component(_kfuse_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
  set(_kfuse_hint_bin "${_kfuse_prefix}/bin")
  set(_kfuse_hint_include "${_kfuse_prefix}/include")
endif()
find_path(KFUSE_INCLUDE_DIR kfuse/runtime/Guard.hpp HINTS "${_kfuse_hint_include}"
  DOC "kfuse's header-only runtime (the directory holding kfuse/runtime/)")
if(NOT PROJECT_NAME STREQUAL "kfuse")
  find_program(KFUSE_EXECUTABLE kfuse HINTS "${_kfuse_hint_bin}" DOC "The kfuse program")
endif()
set(KFUSE_PROJECT_ROOT "${CMAKE_SOURCE_DIR}" CACHE PATH
  "Directory that kfuse site ids are relative to (profiling and fusing must agree)")

if(KFUSE_INCLUDE_DIR AND NOT TARGET Kfuse::runtime)
  # GLOBAL: this file is read once, whichever directory finds the package first.
  add_library(Kfuse::runtime INTERFACE IMPORTED GLOBAL)
  set_target_properties(Kfuse::runtime PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${KFUSE_INCLUDE_DIR}")
endif()

# Sets <cmd> to the kfuse program for a command line and <dep> to what a rule
# running it depends on: the `kfuse` target inside the kfuse build, else
# KFUSE_EXECUTABLE.
function(_kfuse_program cmd dep)
  if(TARGET kfuse)
    get_target_property(_type kfuse TYPE)
    if(_type STREQUAL "EXECUTABLE")
      set(${cmd} "$<TARGET_FILE:kfuse>" PARENT_SCOPE)
      set(${dep} kfuse PARENT_SCOPE)
      return()
    endif()
  endif()
  if(NOT KFUSE_EXECUTABLE)
    message(FATAL_ERROR "kfuse: the kfuse program was not found; "
      "pass -DKFUSE_EXECUTABLE=/path/to/kfuse")
  endif()
  set(${cmd} "${KFUSE_EXECUTABLE}" PARENT_SCOPE)
  set(${dep} "${KFUSE_EXECUTABLE}" PARENT_SCOPE)
endfunction()

# kfuse reads compile commands from the build's compile_commands.json.
function(_kfuse_require_compile_commands caller)
  if(NOT CMAKE_GENERATOR MATCHES "Makefiles|Ninja")
    message(FATAL_ERROR "${caller} needs compile_commands.json, which only the Makefile "
      "and Ninja generators write (this is ${CMAKE_GENERATOR})")
  endif()
endfunction()

# Sets <out> to the absolute project root: <given> if not empty, else
# KFUSE_PROJECT_ROOT.
function(_kfuse_root out given)
  if(NOT given)
    set(given "${KFUSE_PROJECT_ROOT}")
  endif()
  get_filename_component(_root "${given}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(${out} "${_root}" PARENT_SCOPE)
endfunction()

# Sets <out> to the sources of <target> with absolute paths (generator
# expressions are kept as they are).
function(_kfuse_target_sources out target)
  get_target_property(_sources ${target} SOURCES)
  get_target_property(_src_dir ${target} SOURCE_DIR)
  get_target_property(_bin_dir ${target} BINARY_DIR)
  set(_result)
  foreach(_s IN LISTS _sources)
    if(_s MATCHES "^\\$<" OR IS_ABSOLUTE "${_s}")
      list(APPEND _result "${_s}")
    elseif(EXISTS "${_src_dir}/${_s}")
      list(APPEND _result "${_src_dir}/${_s}")
    else()
      # A source generated into the build tree.
      list(APPEND _result "${_bin_dir}/${_s}")
    endif()
  endforeach()
  set(${out} "${_result}" PARENT_SCOPE)
endfunction()

# Sets <out> to the C++ sources among <sources> that lie under <root> (what
# kfuse rewrites; the extensions are those `kfuse instrument` recognises).
function(_kfuse_fusable_sources out root sources)
  set(_result)
  foreach(_s IN LISTS sources)
    if(_s MATCHES "^\\$<" OR NOT _s MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C|cp|CPP|CC)$")
      continue()
    endif()
    file(RELATIVE_PATH _rel "${root}" "${_s}")
    if(NOT _rel MATCHES "^\\.\\./" AND NOT IS_ABSOLUTE "${_rel}")
      list(APPEND _result "${_s}")
    endif()
  endforeach()
  set(${out} "${_result}" PARENT_SCOPE)
endfunction()

# Creates the executable <new> from <sources> with the build settings of
# <target>.
function(_kfuse_clone_executable new target sources)
  get_target_property(_type ${target} TYPE)
  if(NOT _type STREQUAL "EXECUTABLE")
    # FIXME: libraries (an instrumented executable links the original,
    # uninstrumented library, so kernels in a library are not profiled).
    message(FATAL_ERROR "kfuse: '${target}' is a ${_type}; only executables are supported")
  endif()
  add_executable(${new} ${sources})
  foreach(_prop IN ITEMS
      INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS COMPILE_FEATURES
      COMPILE_FLAGS LINK_LIBRARIES LINK_OPTIONS LINK_DIRECTORIES LINK_FLAGS
      CXX_STANDARD CXX_STANDARD_REQUIRED CXX_EXTENSIONS CXX_VISIBILITY_PRESET
      VISIBILITY_INLINES_HIDDEN POSITION_INDEPENDENT_CODE
      INTERPROCEDURAL_OPTIMIZATION LINKER_LANGUAGE ENABLE_EXPORTS
      BUILD_RPATH INSTALL_RPATH MSVC_RUNTIME_LIBRARY)
    get_target_property(_value ${target} ${_prop})
    if(NOT _value STREQUAL "_value-NOTFOUND")
      if(_prop STREQUAL "LINK_LIBRARIES")
        # Entries "::@(dir)" mark target_link_libraries calls from other
        # directories; they mean nothing on another target.
        list(FILTER _value EXCLUDE REGEX "^::@")
      endif()
      set_property(TARGET ${new} PROPERTY ${_prop} "${_value}")
    endif()
  endforeach()
  # kfuse rewrites the file named on the compile line; a unity source would
  # hide the real ones behind #include.
  set_target_properties(${new} PROPERTIES UNITY_BUILD OFF)
  # FIXME: properties set on source files (set_source_files_properties) do not
  # follow them into the fused copies.
endfunction()

#[=======================================================================[.rst:
kfuse_add_instrumented_executable(<new> <target> [PROJECT_ROOT <dir>])

Adds the executable <new>: <target> built with ``kfuse instrument`` as its
compiler launcher, so every Kokkos launch records itself and a run writes a
profile to ``$KFUSE_PROFILE`` (default ``kfuse-profile.json`` in the working
directory). The runtime is header-only; no extra link step is needed.
#]=======================================================================]
function(kfuse_add_instrumented_executable new target)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "PROJECT_ROOT" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "kfuse_add_instrumented_executable: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _kfuse_program(_kfuse _kfuse_dep)
  _kfuse_root(_root "${ARG_PROJECT_ROOT}")
  _kfuse_target_sources(_sources ${target})
  _kfuse_clone_executable(${new} ${target} "${_sources}")
  # The launcher form reads the root only from the environment.
  set_target_properties(${new} PROPERTIES
    CXX_COMPILER_LAUNCHER
      "${CMAKE_COMMAND};-E;env;KFUSE_PROJECT_ROOT=${_root};${_kfuse};instrument;--"
    # Same files as <target>: one entry per file keeps the database unambiguous.
    EXPORT_COMPILE_COMMANDS OFF)
  # FIXME: a rebuilt kfuse does not recompile instrumented objects (only a
  # changed launcher path does); the objects would need to depend on it.
  if(TARGET "${_kfuse_dep}")
    add_dependencies(${new} ${_kfuse_dep})
  endif()
endfunction()

#[=======================================================================[.rst:
kfuse_add_fused_executable(<new> <target> PROFILE <file>
                           [PROJECT_ROOT <dir>] [OUTPUT_DIR <dir>])

Adds the executable <new>: <target> compiled from fused copies of its sources.
A build step runs ``kfuse fuse --output-dir`` on the C++ sources of <target>
that lie under the project root, through the compile database of this build
(EXPORT_COMPILE_COMMANDS is turned on for <target>); it re-runs when a source,
the profile or kfuse changes. Other sources are compiled as they are. While
the profile does not exist, <new> is left out of the default build (with a
warning) and CMake configures again once it appears.
OUTPUT_DIR defaults to ``<current binary dir>/kfuse-fused/<new>``.
#]=======================================================================]
function(kfuse_add_fused_executable new target)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "PROFILE;PROJECT_ROOT;OUTPUT_DIR" "")
  if(ARG_UNPARSED_ARGUMENTS OR NOT ARG_PROFILE)
    message(FATAL_ERROR "usage: kfuse_add_fused_executable(<new> <target> PROFILE <file> "
      "[PROJECT_ROOT <dir>] [OUTPUT_DIR <dir>])")
  endif()
  _kfuse_require_compile_commands(kfuse_add_fused_executable)
  _kfuse_program(_kfuse _kfuse_dep)
  _kfuse_root(_root "${ARG_PROJECT_ROOT}")
  get_filename_component(_profile "${ARG_PROFILE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(_no_profile FALSE)
  if(NOT EXISTS "${_profile}")
    # The first profile is written after configuring: leave <new> out of the
    # default build until then, and configure again when the profile appears.
    set(_no_profile TRUE)
    message(WARNING "kfuse: profile '${_profile}' does not exist yet, so '${new}' is not "
      "built by default: run the instrumented variant with KFUSE_PROFILE=${_profile}")
    get_filename_component(_profile_dir "${_profile}" DIRECTORY)
    if(IS_DIRECTORY "${_profile_dir}")
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_profile_dir}")
    endif()
  endif()
  set(_out "${CMAKE_CURRENT_BINARY_DIR}/kfuse-fused/${new}")
  if(ARG_OUTPUT_DIR)
    get_filename_component(_out "${ARG_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()

  _kfuse_target_sources(_sources ${target})
  _kfuse_fusable_sources(_inputs "${_root}" "${_sources}")
  if(NOT _inputs)
    message(FATAL_ERROR "kfuse: '${target}' has no C++ source under the project root '${_root}'")
  endif()
  set(_fused)
  set(_new_sources)
  set(_source_dirs)
  foreach(_s IN LISTS _sources)
    if(_s IN_LIST _inputs)
      file(RELATIVE_PATH _rel "${_root}" "${_s}")
      list(APPEND _fused "${_out}/${_rel}")
      list(APPEND _new_sources "${_out}/${_rel}")
      get_filename_component(_dir "${_s}" DIRECTORY)
      list(APPEND _source_dirs "${_dir}")
    else()
      list(APPEND _new_sources "${_s}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _source_dirs)

  # kfuse reads the compile commands of <target>'s sources from this build.
  set_target_properties(${target} PROPERTIES EXPORT_COMPILE_COMMANDS ON)
  # Run from the project root, so the fused code names the profile by its
  # path in the project (profile=profiles/app.json), not this checkout's.
  set(_profile_arg "${_profile}")
  file(RELATIVE_PATH _rel "${_root}" "${_profile}")
  if(NOT _rel MATCHES "^\\.\\./" AND NOT IS_ABSOLUTE "${_rel}")
    set(_profile_arg "${_rel}")
  endif()
  add_custom_command(
    OUTPUT ${_fused}
    COMMAND "${_kfuse}" fuse -p "${CMAKE_BINARY_DIR}" --profile "${_profile_arg}"
            --project-root "${_root}" --output-dir "${_out}" ${_inputs}
    DEPENDS ${_inputs} "${_profile}" ${_kfuse_dep}
    WORKING_DIRECTORY "${_root}"
    COMMENT "kfuse: fusing the sources of ${target} with ${_profile_arg}"
    VERBATIM)

  _kfuse_clone_executable(${new} ${target} "${_new_sources}")
  # The copies still include their neighbours ("relax.hpp") from the original
  # directories, and the fused code includes <kfuse/runtime/Guard.hpp>.
  target_include_directories(${new} PRIVATE ${_source_dirs})
  if(NOT TARGET Kfuse::runtime)
    message(FATAL_ERROR "kfuse: the runtime headers were not found; "
      "pass -DKFUSE_INCLUDE_DIR=<kfuse>/include")
  endif()
  target_link_libraries(${new} PRIVATE Kfuse::runtime)
  # The fused copies' own compile commands, for kfuse_add_check_test.
  set_target_properties(${new} PROPERTIES
    EXCLUDE_FROM_ALL ${_no_profile}
    EXPORT_COMPILE_COMMANDS ON
    KFUSE_FUSED_FROM "${target}"
    KFUSE_FUSED_DIR "${_out}"
    KFUSE_FUSED_SOURCES "${_fused}")
endfunction()

#[=======================================================================[.rst:
kfuse_add_check_test(<name> <target> PROFILE <file> [PROJECT_ROOT <dir>]
                     [MIN_SHARE <x>] [ARGS <arg>...])

Adds the CTest test <name>: ``kfuse check`` on the C++ sources of <target>,
which fails (exit 1) when a hot chain of the profile could be fused but is not.
For a target made by kfuse_add_fused_executable the fused copies are checked
(the code that is built and shipped); build it before running the test.
ARGS are passed to ``kfuse check`` as they are (``--verbose``, ``--format=sarif``).
#]=======================================================================]
function(kfuse_add_check_test name target)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "PROFILE;PROJECT_ROOT;MIN_SHARE" "ARGS")
  if(ARG_UNPARSED_ARGUMENTS OR NOT ARG_PROFILE)
    message(FATAL_ERROR "usage: kfuse_add_check_test(<name> <target> PROFILE <file> "
      "[PROJECT_ROOT <dir>] [MIN_SHARE <x>] [ARGS <arg>...])")
  endif()
  _kfuse_require_compile_commands(kfuse_add_check_test)
  _kfuse_program(_kfuse _kfuse_dep)
  get_filename_component(_profile "${ARG_PROFILE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_target_property(_fused_dir ${target} KFUSE_FUSED_DIR)
  if(_fused_dir)
    # The copies sit at <fused dir>/<path relative to the project root>, so
    # with the fused directory as root their site ids are the profile's.
    get_target_property(_files ${target} KFUSE_FUSED_SOURCES)
    set(_root "${_fused_dir}")
  else()
    _kfuse_root(_root "${ARG_PROJECT_ROOT}")
    _kfuse_target_sources(_sources ${target})
    _kfuse_fusable_sources(_files "${_root}" "${_sources}")
    set_target_properties(${target} PROPERTIES EXPORT_COMPILE_COMMANDS ON)
  endif()
  set(_min_share)
  if(DEFINED ARG_MIN_SHARE)
    set(_min_share "--min-share=${ARG_MIN_SHARE}")
  endif()
  add_test(NAME ${name}
    COMMAND "${_kfuse}" check -p "${CMAKE_BINARY_DIR}" --profile "${_profile}"
            --project-root "${_root}" ${_min_share} ${ARG_ARGS} ${_files})
  set_tests_properties(${name} PROPERTIES LABELS kfuse)
endfunction()

cmake_policy(POP)
