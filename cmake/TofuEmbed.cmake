# tofu_embed_files(<target> <variable> <output.inc> FILES f1 f2 ...)
# Adds a custom target <target> that regenerates <output.inc>, a C++ array
# <variable> of {name, text} entries, whenever one of the files changes.
function(tofu_embed_files target variable output)
  cmake_parse_arguments(ARG "" "" "FILES" ${ARGN})
  list(SORT ARG_FILES)
  string(REPLACE ";" "|" file_list "${ARG_FILES}")
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} "-DFILES=${file_list}" -DOUTPUT=${output}
            -DVARIABLE=${variable}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedTextFiles.cmake
    DEPENDS ${ARG_FILES} ${PROJECT_SOURCE_DIR}/cmake/EmbedTextFiles.cmake
    COMMENT "Embedding ${variable}"
    VERBATIM)
  add_custom_target(${target} DEPENDS ${output})
endfunction()
