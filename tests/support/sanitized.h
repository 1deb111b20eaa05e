// Whether this build runs under a sanitizer: oracle-heavy tests check fewer
// cases there (the same code, several times slower). GCC names the
// sanitizers with macros; clang (before 17) only through __has_feature.
#pragma once

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define DFPN_TESTS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DFPN_TESTS_SANITIZED 1
#endif

namespace dfpn::testing {

#ifdef DFPN_TESTS_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace dfpn::testing
