# Version check for find_package(Kfuse <version>) from a kfuse source tree: the
# version is the one in the top-level CMakeLists.txt. (An installed package
# gets a generated file instead.) Any 0.x satisfies a request for 0.y <= 0.x;
# from 1.0 on the major versions must match.

file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../CMakeLists.txt" _kfuse_project
  REGEX "^project\\(kfuse VERSION [0-9.]+")
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" PACKAGE_VERSION "${_kfuse_project}")
unset(_kfuse_project)

set(PACKAGE_VERSION_COMPATIBLE FALSE)
if(PACKAGE_VERSION AND NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  string(REGEX MATCH "^[0-9]+" _kfuse_major "${PACKAGE_VERSION}")
  if(PACKAGE_FIND_VERSION_MAJOR STREQUAL _kfuse_major)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION VERSION_EQUAL PACKAGE_VERSION)
      set(PACKAGE_VERSION_EXACT TRUE)
    endif()
  endif()
  unset(_kfuse_major)
endif()
