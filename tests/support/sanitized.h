// Whether this build runs under a sanitizer: oracle-heavy tests check fewer
// cases there (the same code, several times slower).
#pragma once

namespace dfpn::testing {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace dfpn::testing
