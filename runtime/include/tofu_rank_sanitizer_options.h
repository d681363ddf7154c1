/*===- tofu_rank_sanitizer_options.h - ASan defaults of rank programs -----===*
 *
 * Included once by the main of each program that runs as an MPI rank (the
 * harness's EntryMain.cpp, tofu-jit, the runtime's test): in a sanitized
 * build (scripts/setup.sh --sanitize) it gives the program AddressSanitizer
 * defaults of its own. Elsewhere it defines nothing.
 *
 * - fast_unwind_on_malloc=0: OpenMPI's libraries have no frame pointers, so
 *   the fast unwinder stops at the allocation and the leak suppressions
 *   (scripts/sanitizers/lsan.supp) cannot see that OpenMPI made it.
 * - handle_segv/sigbus/sigfpe=0: a crashing rank dies of its signal, which
 *   tofu-rank reports naming the rank (docs/reliability.md), instead of
 *   ASan's exit status 1. Memory errors ASan detects are still reported.
 *
 * tofu-jit defines TOFU_RANK_HOSTS_JIT first: it compiles the module with
 * LLVM in the rank, and the slow unwinder on every one of LLVM's
 * allocations makes a two-op module's run take minutes. It keeps the fast
 * unwinder, so OpenMPI's allocations cannot be told apart, and it turns
 * leak checking off; the harness code it shares with the AOT programs
 * (libtofu_run_support) is leak-checked in those.
 *
 *===----------------------------------------------------------------------===*/
#ifndef TOFU_RANK_SANITIZER_OPTIONS_H
#define TOFU_RANK_SANITIZER_OPTIONS_H

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if __has_feature(address_sanitizer) || defined(__SANITIZE_ADDRESS__)
#ifdef TOFU_RANK_HOSTS_JIT
extern "C" const char *__asan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0";
}
/* LeakSanitizer's hook: it overrides ASAN_OPTIONS's detect_leaks. */
extern "C" int __lsan_is_turned_off() { return 1; }
#else
extern "C" const char *__asan_default_options() {
  return "fast_unwind_on_malloc=0:handle_segv=0:handle_sigbus=0:"
         "handle_sigfpe=0";
}
#endif
#endif

#endif /* TOFU_RANK_SANITIZER_OPTIONS_H */
