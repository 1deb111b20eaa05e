// libFuzzer target: proof files as `dfpn verify` reads them (Hex and Go),
// then the verifier on whatever they state. Bad input may only end in the
// reader's errors or a rejected proof.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "dfpn/base/proof.h"
#include "dfpn/proof_sgf.h"
#include "dfpn/sgf_codec.h"

namespace {

template <class G>
void read_and_verify(const dfpn::sgf::Node& root) {
  using Codec = dfpn::cli::SgfCodec<G>;
  try {
    const G start = Codec::setup(root);
    for (dfpn::Player winner : {dfpn::Player::Black, dfpn::Player::White}) {
      const auto proof = dfpn::cli::proof_from_sgf<G>(start, root, winner, Codec::parse);
      dfpn::verify_proof(start, proof, winner, dfpn::Outcome::Proven);
    }
  } catch (const std::invalid_argument&) {  // the readers' errors (HexSgfError, GoSgfError) are these too
  } catch (const std::domain_error&) {
  } catch (const std::logic_error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  dfpn::sgf::Node root;
  try {
    root = dfpn::sgf::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const dfpn::sgf::ParseError&) {
    return 0;
  }
  read_and_verify<dfpn::games::HexGame>(root);
  read_and_verify<dfpn::games::GoGame>(root);
  return 0;
}
