// The clairvoyant bound (policies/clairvoyant.py): see clairvoyant.hpp.
#include "policies/clairvoyant.hpp"

#include <stdexcept>

namespace coop {

void ClairvoyantSearch::rollout_start(const Table&, RolloutStart& out, uint64_t& seed) {
  if (game_ == nullptr) throw std::logic_error("a clairvoyant search watches no game");
  out.hidden = game_->hidden;
  seed = rng.getrandbits(62);  // seeds the rollout policies' generators only
  out.game_rng = *game_->rng;
}

}  // namespace coop
