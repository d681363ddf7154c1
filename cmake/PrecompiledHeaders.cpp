// The translation unit that builds the shared precompiled headers
// (cmake/TofuPrecompiledHeaders.cmake); it has no code of its own.
