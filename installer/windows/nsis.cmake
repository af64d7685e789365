# NSIS installer settings (untested here; see docs/installing.md). Needs NSIS 3 (makensis on PATH).
set(CPACK_NSIS_PACKAGE_NAME "clusterplan ${PROJECT_VERSION}")
set(CPACK_NSIS_DISPLAY_NAME "clusterplan")
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "clusterplan")
set(CPACK_NSIS_INSTALLED_ICON_NAME "clusterplan.exe")
set(CPACK_NSIS_MUI_ICON "${CMAKE_CURRENT_SOURCE_DIR}/windows/clusterplan.ico")
set(CPACK_NSIS_MUI_UNIICON "${CMAKE_CURRENT_SOURCE_DIR}/windows/clusterplan.ico")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)  # offers to put clusterplan-cli on PATH
set(CPACK_NSIS_EXECUTABLES_DIRECTORY ".")
set(CPACK_NSIS_CREATE_ICONS_EXTRA
    "CreateShortCut '$SMPROGRAMS\\\\$STARTMENU_FOLDER\\\\clusterplan.lnk' '$INSTDIR\\\\clusterplan.exe'")
set(CPACK_NSIS_DELETE_ICONS_EXTRA "Delete '$SMPROGRAMS\\\\$START_MENU\\\\clusterplan.lnk'")
set(CPACK_NSIS_URL_INFO_ABOUT "")
