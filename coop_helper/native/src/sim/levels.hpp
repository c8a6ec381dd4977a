// The odds' count of wins per budget of turns (sim/levels.py's WinsByBudget.add), over
// traces already played.
#pragma once

#include <utility>
#include <vector>

#include "sim/traces.hpp"

namespace coop {

// WinsByBudget.add for one trace: `wins[b]` and `moves[b]` (made -> count, in first-seen
// order) for every budget b below `top` the game wins.
void add_wins_by_budget(const Trace& trace, int top, std::vector<long long>& wins,
                        std::vector<std::vector<std::pair<int, long long>>>& moves);

}  // namespace coop
