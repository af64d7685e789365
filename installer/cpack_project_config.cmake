# Read by cpack once per generator (CPACK_PROJECT_CONFIG_FILE): settings that differ by generator.
if(CPACK_GENERATOR STREQUAL "TGZ")
  # The tarball holds a relocatable tree: clusterplan-VERSION-Linux/bin/clusterplan, share/...
  set(CPACK_PACKAGING_INSTALL_PREFIX "/")
  set(CPACK_SET_DESTDIR OFF)
endif()
