# Export the libraries so that other CMake projects can
#   find_package(dfpn CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE dfpn::search dfpn::testgames)
include(CMakePackageConfigHelpers)

install(TARGETS dfpn_base dfpn_tt dfpn_search dfpn_parallel dfpn_testgames dfpn_hex dfpn_sgf dfpn_go
        EXPORT dfpnTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${DFPN_INSTALL_INCLUDEDIR})
install(EXPORT dfpnTargets NAMESPACE dfpn:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/dfpn)
foreach(dir dfpn tt games parallel)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir} DESTINATION ${DFPN_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h")
endforeach()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/dfpnConfig.cmake.in
  ${CMAKE_BINARY_DIR}/dfpnConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/dfpn)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/dfpnConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/dfpnConfig.cmake ${CMAKE_BINARY_DIR}/dfpnConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/dfpn)
