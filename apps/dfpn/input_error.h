// Bad input from the user: reported as one line, exit status 2.
#pragma once

#include <stdexcept>

namespace dfpn::cli {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace dfpn::cli
