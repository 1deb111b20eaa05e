# Warnings are errors on our own code (not on dependencies' headers, which
# come in as SYSTEM includes).
function(dfpn_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
    # GCC 12 reports std::string concatenation at -O3 as overlapping memcpy
    # (GCC bug 105329, a false positive inside libstdc++).
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)
endfunction()
