// Which sanitizer instruments this build, as 0/1 macros for #if:
// DFPN_UNDER_ASAN and DFPN_UNDER_TSAN. GCC names the sanitizers with
// macros; clang (before 17) answers only through __has_feature.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define DFPN_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DFPN_UNDER_ASAN 1
#endif
#endif
#ifndef DFPN_UNDER_ASAN
#define DFPN_UNDER_ASAN 0
#endif

#if defined(__SANITIZE_THREAD__)
#define DFPN_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DFPN_UNDER_TSAN 1
#endif
#endif
#ifndef DFPN_UNDER_TSAN
#define DFPN_UNDER_TSAN 0
#endif
