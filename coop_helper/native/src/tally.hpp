// The odds' count of wins per budget of turns (sim/traces.py's outcome, sim/levels.py's
// Tally.add), over traces already played.
#pragma once

#include <utility>
#include <vector>

#include "trace.hpp"

namespace coop {

// traces.outcome: (won, Victory Pile moves) for the trace's game with `budget` turns.
std::pair<bool, int> outcome(const Trace& trace, int budget);

// Tally.add for one trace: `wins[b]` and `moves[b]` (made -> count, in first-seen order)
// for every budget b below `top` the game wins.
void tally_trace(const Trace& trace, int top, std::vector<long long>& wins,
                 std::vector<std::vector<std::pair<int, long long>>>& moves);

}  // namespace coop
