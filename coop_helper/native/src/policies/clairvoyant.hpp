// The clairvoyant bound (policies/clairvoyant.py): the search player handed the true hidden
// cards and the game's own generator (so the true order of every draw to come) instead of
// guesses. For measurement only: it sees what no table sees, so nothing behind the odds,
// setup, the atlas or the page plays it.
#pragma once

#include "engine/game.hpp"
#include "policies/search.hpp"

namespace coop {

class ClairvoyantSearch : public SearchPolicy {
 public:
  using SearchPolicy::SearchPolicy;

  const char* name() const override { return "clairvoyant_search"; }

  // The game whose hidden cards and generator the rollouts start from (set before the
  // first decision; the game outlives every decision).
  void watch(const Game* game) { game_ = game; }

 protected:
  void rollout_start(const Table& table, RolloutStart& out, uint64_t& seed) override;

 private:
  const Game* game_ = nullptr;
};

}  // namespace coop
