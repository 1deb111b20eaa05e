// The rule every algorithm uses to follow its best line: at each node the
// child best for the side to move (least cost for it to win), and among
// equals the one that costs the opponent most (the longest resistance).
#pragma once

#include "dfpn/base/types.h"

namespace dfpn {

// Whether `candidate` goes before `incumbent` on the line, at an OR node
// (attacker to move) or an AND node; numbers in the attacker's view.
constexpr bool better_on_line(bool is_or, Numbers candidate, Numbers incumbent) {
  const ProofNumber mine = is_or ? candidate.pn : candidate.dn, best = is_or ? incumbent.pn : incumbent.dn;
  const ProofNumber theirs = is_or ? candidate.dn : candidate.pn, best_theirs = is_or ? incumbent.dn : incumbent.pn;
  return mine < best || (mine == best && theirs > best_theirs);
}

}  // namespace dfpn
