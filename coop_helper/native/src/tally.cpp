#include "tally.hpp"

namespace coop {

std::pair<bool, int> outcome(const Trace& trace, int budget) {
  long long moves = 0;
  int started = 0;
  bool won = true;
  for (const auto& [turn, threshold] : trace.events) {
    if (turn != started) {
      if (turn > budget - moves) {  // no Time Pile card at the start of this turn
        won = false;
        break;
      }
      started = turn;
    }
    long long need = threshold > 1 ? threshold : 1;
    if (budget - moves - turn >= need) moves += 1;
  }
  int finish = trace.finish_turn;
  if (finish == 0 || (finish != started && finish > budget - moves)) won = false;
  for (const auto& [turn, branch_won] : trace.endings)
    if (turn == budget - moves) return {branch_won, static_cast<int>(moves)};
  return {won, static_cast<int>(moves)};
}

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

void tally_trace(const Trace& trace, int top, std::vector<long long>& wins,
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
