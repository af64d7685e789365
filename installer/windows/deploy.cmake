# Windows (untested on this project's CI, which is Debian): installs the executables at the root
# of the installation, then runs windeployqt on them so that the Qt DLLs, the platform plugin
# (qwindows.dll), the style and image-format plugins and the translations go next to them.
# Other DLLs the executables need (QCustomPlot, SQLite) are found with CMake's runtime
# dependency scan in the directories of CMAKE_PREFIX_PATH (a Qt or vcpkg installation).
get_target_property(_qmake_location Qt6::qmake IMPORTED_LOCATION)
get_filename_component(_qt_bin_dir "${_qmake_location}" DIRECTORY)
find_program(WINDEPLOYQT_EXECUTABLE windeployqt HINTS "${_qt_bin_dir}" REQUIRED)

set(_dll_dirs "${_qt_bin_dir}")
foreach(_p IN LISTS CMAKE_PREFIX_PATH)
  list(APPEND _dll_dirs "${_p}/bin")
endforeach()

install(TARGETS ${cli_targets}
        RUNTIME_DEPENDENCY_SET clusterplan_runtime
        RUNTIME DESTINATION .)
install(RUNTIME_DEPENDENCY_SET clusterplan_runtime
        PRE_EXCLUDE_REGEXES "api-ms-.*" "ext-ms-.*" "^[Qq]t6.*"
        POST_EXCLUDE_REGEXES ".*[Ss]ystem32/.*\\.dll"
        DIRECTORIES ${_dll_dirs}
        RUNTIME DESTINATION .)

if(CLUSTERPLAN_BUILD_GUI)
  target_sources(clusterplan PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/windows/clusterplan.rc)
  set_target_properties(clusterplan PROPERTIES WIN32_EXECUTABLE ON)
  install(CODE "
    execute_process(
      COMMAND \"${WINDEPLOYQT_EXECUTABLE}\" --release --no-compiler-runtime --no-opengl-sw
              --no-system-d3d-compiler --dir \"\${CMAKE_INSTALL_PREFIX}\"
              \"\${CMAKE_INSTALL_PREFIX}/clusterplan.exe\" \"\${CMAKE_INSTALL_PREFIX}/clusterplan-render.exe\"
      RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR \"windeployqt failed (\${_rc})\")
    endif()
    # clusterplan-render (report, chart) draws on the offscreen platform, which windeployqt
    # does not copy by default.
    file(COPY \"${_qt_bin_dir}/../plugins/platforms/qoffscreen.dll\"
         DESTINATION \"\${CMAKE_INSTALL_PREFIX}/platforms\")
  ")
  # The C++ runtime (MSVC): the redistributable DLLs, next to the executables.
  set(CMAKE_INSTALL_SYSTEM_RUNTIME_DESTINATION .)
  include(InstallRequiredSystemLibraries)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/cli.md DESTINATION doc)
