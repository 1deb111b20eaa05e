// Whether this build runs under a sanitizer: oracle-heavy tests check fewer
// cases there (the same code, several times slower).
#pragma once

#include "dfpn/base/sanitizers.h"

namespace dfpn::testing {

inline constexpr bool kSanitized = DFPN_UNDER_ASAN || DFPN_UNDER_TSAN;

}  // namespace dfpn::testing
