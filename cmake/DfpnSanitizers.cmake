# DFPN_SANITIZE=address,undefined or thread instruments everything we build.
if(DFPN_SANITIZE)
  message(STATUS "dfpn: building with -fsanitize=${DFPN_SANITIZE}")
  add_compile_options(-fsanitize=${DFPN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all -g)
  add_link_options(-fsanitize=${DFPN_SANITIZE})
endif()
