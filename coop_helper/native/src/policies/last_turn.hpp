// The last turn (policies/last_turn.py): a team that knows no turn follows plays for the
// win alone. The play-through itself plays the engine: left_open_on_stopping, declared in
// policies/base.hpp, is defined in engine/fork.cpp.
#pragma once

#include <utility>

#include "policies/base.hpp"

namespace coop {

// last_turn.last_turn_view is the engine's (engine/game.hpp), beside the play-through.

// last_turn.draws_on
inline bool draws_on(int left_open, const LastTurnBounds& bounds) {
  return 0 < left_open && left_open <= bounds.short_max;
}

// last_turn.looks
inline bool looks(const Table& table, const LastTurnBounds& bounds) {
  return table.n_open > 0 && table.n_open <= bounds.open_max && table.unseen_total > 0;
}

// last_turn.last_turn_look: (draw again?, contracts the play-through left open or -1).
// `team.clone()` plays the turn through (Python's `team()`).
std::pair<bool, int> last_turn_look(const Table& table, bool again, Rng& rng, const Policy& team);

}  // namespace coop
