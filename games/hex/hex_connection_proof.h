// Certificates for virtual connections, and a checker that trusts nothing
// H-search computed. A certificate lists the steps that build one
// connection from the board: adjacencies, edge templates (edge_templates.h), and
// the two combination rules whose soundness is Anshelevich's theorem:
//
// * And: a connection x-m and a connection m-y with disjoint carriers (and
//   neither end inside the other's carrier). Through a group or edge of the
//   side, two fulls make a full, a full and a semi a semi (same key);
//   through an empty cell m, two fulls make a semi whose key is m.
// * Or: semi-connections between the same two ends whose carriers (keys
//   included) have nothing in common make a full: whatever cell the
//   opponent takes misses one of them, and its key completes it.
//
// The checker recomputes every end, carrier and adjacency from the cells,
// so a step H-search got wrong is caught here. (The template is a lemma:
// tests/games/h_search_test.cpp proves it by the rules alone.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"
#include "games/hex/connection_certificate.h"
#include "games/hex/hex_board.h"

namespace dfpn::games {

// As text, for proofs (dfpn/base/proof.h certified leaves, the VC property of
// proof SGF): the side ("B" or "W"), then per step ";" and the rule (A
// adjacent, T template, N and, O or). Comma lists are "-" when empty.
// * Full: both ends, the key, the carrier's cells and the parents, e.g.
//   "B;A 2 -1 -1 - -;A 2 -2 -1 - -;N -1 -2 -1 - 0,1".
// * Compact: what the checker cannot derive. An adjacency names its ends,
//   a template its ends and carrier, an And or Or only its parents, e.g.
//   "B;A 2 -1;A 2 -2;N 0,1". Carriers, growing step by step, were most of
//   a large proof file's bytes.
// The reader takes both, step by step; a step read compact is written
// compact in either form.
enum class CertificateText { Compact, Full };
std::string to_text(const ConnectionCertificate& certificate, CertificateText form = CertificateText::Compact);
// Nothing (and `error` says why) if the text is not a certificate.
std::optional<ConnectionCertificate> parse_certificate(const std::string& text, std::string& error);

// Why the certificate does not prove that `side` connects its edges on
// `cells` (0 empty, 1 Black, 2 White; row-major, size n), or nothing if it
// does.
std::optional<std::string> check_connection(const HexCells& cells, int n, bool side_to_move,
                                            const ConnectionCertificate& certificate);

}  // namespace dfpn::games
