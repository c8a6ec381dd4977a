// The odds' count of wins per budget of turns (sim/levels.py's WinsByBudget.add).
#include "sim/levels.hpp"

namespace coop {

namespace {

void count(std::vector<std::pair<int, long long>>& at, int made) {
  for (auto& entry : at) {
    if (entry.first == made) {
      entry.second += 1;
      return;
    }
  }
  at.emplace_back(made, 1);
}

}  // namespace

void add_wins_by_budget(const Trace& trace, int top, std::vector<long long>& wins,
                        std::vector<std::vector<std::pair<int, long long>>>& moves) {
  int finish = trace.finish_turn;
  if (trace.endings.empty()) {
    if (!finish) return;
    if (trace.events.empty()) {  // won with any budget of at least `finish` turns
      for (int budget = finish; budget < top; ++budget) {
        wins[budget] += 1;
        count(moves[budget], 0);
      }
      return;
    }
  }
  int first = !trace.endings.empty() ? 0 : (finish < top ? finish : top);
  for (int budget = first; budget < top; ++budget) {
    auto [won, made] = outcome(trace, budget);
    if (won) {
      wins[budget] += 1;
      count(moves[budget], made);
    }
  }
}

}  // namespace coop
