// Beamer's direction optimisation for the batched design's BFS (Beamer,
// Asanovic and Patterson, SC 2012; bc_pull.hpp declares, bc_batched.cpp
// calls): the rule that picks a push or a pull step per level. The pull
// step itself is in bc_batched.cpp, beside the push step: its functions
// launch kernels, and the OpenMP target runs the level loop that calls them
// as one parallel region only when it sees their bodies in the same file
// (docs/language.md, "Host loops": a team function).
#include "bc_pull.hpp"

namespace bc {

// Beamer's rule (`direction`): whether a level of `size` items with `arcs`
// arcs pulls, `unreached` the arcs of the unreached pairs, `before` the
// size of the level before, `pulling` whether that one pulled, `pairs`
// the rows x vertices.
bool pulls(const direction &dir, bool pulling, long long arcs, long long unreached, long long size,
           long long before, long long pairs) {
  switch (dir.mode) {
  case direction::push: return false;
  case direction::pull: return true;
  case direction::automatic: break;
  }
  if (!pulling)
    return static_cast<double>(arcs) * dir.alpha > static_cast<double>(unreached);
  return !(static_cast<double>(size) * dir.beta < static_cast<double>(pairs) && size < before);
}

} // namespace bc
