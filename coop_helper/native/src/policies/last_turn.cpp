// last_turn.py
#include "policies/last_turn.hpp"

namespace coop {

std::pair<bool, int> last_turn_look(const Table& table, bool again, Rng& rng, const Policy& team) {
  const LastTurnBounds bounds = team.last_turn_bounds();
  if (again || !looks(table, bounds)) return {again, -1};
  std::unique_ptr<Policy> copy = team.clone();
  const int left_open = left_open_on_stopping(table, rng, *copy);
  return {draws_on(left_open, bounds), left_open};
}

}  // namespace coop
