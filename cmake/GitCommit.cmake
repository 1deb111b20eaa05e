# Writes OUTPUT (a C++ source defining dfpn::cli::git_commit()) with the
# commit of SOURCE_DIR, touching it only when the commit changes, so reports
# name the exact code that produced them without rebuilding every time.
execute_process(COMMAND git describe --always --dirty --abbrev=12
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(content "namespace dfpn::cli { const char* git_commit() { return \"${commit}\"; } }\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL content)
  file(WRITE ${OUTPUT} "${content}")
endif()
