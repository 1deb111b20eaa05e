# DFPN_SANITIZE=address,undefined or thread instruments everything we build.
if(DFPN_SANITIZE)
  message(STATUS "dfpn: building with -fsanitize=${DFPN_SANITIZE}")
  # -O1 -g1 (after the build type's flags, so they win): half the compile time
  # of -O2 -g on our template-heavy code, still line numbers in every report.
  add_compile_options(-fsanitize=${DFPN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all -O1 -g1)
  add_link_options(-fsanitize=${DFPN_SANITIZE})
endif()
