# macOS (untested on this project's CI, which is Debian): clusterplan becomes an app bundle,
# clusterplan.app, with clusterplan-cli and clusterplan-render inside it (Contents/MacOS); macdeployqt copies the Qt
# frameworks, the cocoa platform plugin and QCustomPlot into the bundle and fixes their install
# names. CPack's DragNDrop generator puts the bundle in a disk image.
get_target_property(_qmake_location Qt6::qmake IMPORTED_LOCATION)
get_filename_component(_qt_bin_dir "${_qmake_location}" DIRECTORY)
find_program(MACDEPLOYQT_EXECUTABLE macdeployqt HINTS "${_qt_bin_dir}" REQUIRED)

# The icon: an .icns made from the committed PNGs with Apple's iconutil.
set(_iconset ${CMAKE_CURRENT_BINARY_DIR}/clusterplan.iconset)
set(_icns ${CMAKE_CURRENT_BINARY_DIR}/clusterplan.icns)
set(_icon_dir ${CMAKE_CURRENT_SOURCE_DIR}/icons/hicolor)
add_custom_command(
  OUTPUT ${_icns}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${_iconset}
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/16x16/apps/clusterplan.png ${_iconset}/icon_16x16.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/32x32/apps/clusterplan.png ${_iconset}/icon_16x16@2x.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/32x32/apps/clusterplan.png ${_iconset}/icon_32x32.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/64x64/apps/clusterplan.png ${_iconset}/icon_32x32@2x.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/128x128/apps/clusterplan.png ${_iconset}/icon_128x128.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/256x256/apps/clusterplan.png ${_iconset}/icon_128x128@2x.png
  COMMAND ${CMAKE_COMMAND} -E copy ${_icon_dir}/256x256/apps/clusterplan.png ${_iconset}/icon_256x256.png
  COMMAND iconutil -c icns -o ${_icns} ${_iconset}
  DEPENDS ${_icon_dir}/256x256/apps/clusterplan.png)
target_sources(clusterplan PRIVATE ${_icns})
set_source_files_properties(${_icns} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)

set_target_properties(clusterplan PROPERTIES
  MACOSX_BUNDLE ON
  MACOSX_BUNDLE_BUNDLE_NAME clusterplan
  MACOSX_BUNDLE_GUI_IDENTIFIER io.github.clusterplan
  MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
  MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
  MACOSX_BUNDLE_ICON_FILE clusterplan.icns
  MACOSX_BUNDLE_INFO_PLIST ${CMAKE_CURRENT_SOURCE_DIR}/macos/Info.plist.in)

install(TARGETS clusterplan BUNDLE DESTINATION .)
install(TARGETS clusterplan-cli clusterplan-render RUNTIME DESTINATION clusterplan.app/Contents/MacOS)
install(CODE "
  execute_process(
    COMMAND \"${MACDEPLOYQT_EXECUTABLE}\" \"\${CMAKE_INSTALL_PREFIX}/clusterplan.app\"
            \"-executable=\${CMAKE_INSTALL_PREFIX}/clusterplan.app/Contents/MacOS/clusterplan-cli\"
            \"-executable=\${CMAKE_INSTALL_PREFIX}/clusterplan.app/Contents/MacOS/clusterplan-render\"
            -always-overwrite
    RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR \"macdeployqt failed (\${_rc})\")
  endif()
")
