// libFuzzer target: the SGF reader and the Hex and Go positions read from
// it. Bad input may only end in the readers' own errors.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "games/go/go_sgf.h"
#include "games/hex/hex_sgf.h"
#include "games/sgf/sgf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dfpn;
  sgf::Node root;
  try {
    root = sgf::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const sgf::ParseError&) {
    return 0;
  }
  sgf::write(root);
  try {
    games::hex_from_sgf(root);
  } catch (const games::HexSgfError&) {
  }
  try {
    games::go_from_sgf(root, games::go_settings_from_sgf(root));
  } catch (const games::GoSgfError&) {
  }
  return 0;
}
