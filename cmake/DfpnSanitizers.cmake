# DFPN_SANITIZE=address,undefined or thread instruments everything we build.
if(DFPN_SANITIZE)
  message(STATUS "dfpn: building with -fsanitize=${DFPN_SANITIZE}")
  # -O1 -g1 (after the build type's flags, so they win): half the compile time
  # of -O2 -g on our template-heavy code, still line numbers in every report.
  add_compile_options(-fsanitize=${DFPN_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all -O1 -g1)
  add_link_options(-fsanitize=${DFPN_SANITIZE})
endif()

# -DDFPN_FUZZ=ON (clang): ASan+UBSan everywhere, at -O1 -g1 as above; the
# coverage that guides libFuzzer only where outside input is read (below).
if(DFPN_FUZZ)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -O1 -g1)
  add_link_options(-fsanitize=address,undefined)
endif()

# Sources that read outside input (files, GTP): with -DDFPN_FUZZ=ON they get
# libFuzzer's coverage, which guides the fuzz targets through them. The
# search and the games' knowledge behind them stay uninstrumented: coverage
# there says nothing about the input and slows the tests built alongside.
# Source properties are per directory: call this where the target is made.
function(dfpn_fuzz_coverage)
  if(DFPN_FUZZ)
    set_source_files_properties(${ARGN} PROPERTIES COMPILE_OPTIONS -fsanitize=fuzzer-no-link)
  endif()
endfunction()
