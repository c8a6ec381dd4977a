// The odds runner's per-game trace (sim/traces.py's TraceRecorder and play_trace): one
// game with the whole Time Pile, the policy's Victory Pile thresholds at each Tax Increase,
// and for a policy that plays the last turn, the branches where the last-turn rule acts.
#pragma once

#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "policies/last_turn.hpp"

namespace coop {

struct Trace {
  int finish_turn = 0;  // the turn the last contract was completed; 0 if never
  std::vector<std::pair<int, int>> events;  // per Tax Increase: (turn, threshold)
  std::vector<std::pair<int, bool>> endings;  // per branch: (turn, won)
};

// traces.play_trace; `policy` is a fresh policy (it is started by the game)
Trace play_trace(const Deck& deck, const Contracts& contracts, int players, int time_pile,
                 u128 seed, Policy& policy, int dealt_time, int removed = 0, int stride = 1);

// traces.outcome: (won, Victory Pile moves) for the trace's game with `budget` turns.
std::pair<bool, int> outcome(const Trace& trace, int budget);

// traces.branch_asked: does a budget `top` less a multiple of `stride` end its game at
// `turn`, given the Tax Increases `events` so far?
bool branch_asked(const std::vector<std::pair<int, int>>& events, int turn, int top,
                  int stride);

}  // namespace coop
