// Stopping where stopping wins (policies/stop_wins.py): at a draw with one or two contracts
// open, play the rest of the turn through and stop if that completes every contract.
#pragma once

#include "policies/base.hpp"

namespace coop {

// stop_wins.stopping_may_win: a cheap necessary condition for "stopping now wins"
// (take_time_coins: stop_wins.TAKE_TIME_COINS, handed over from Python).
bool stopping_may_win(const Table& table, int take_time_coins);

// stop_wins.stopping_wins: does stopping now complete every open contract this turn?
// Played through by a clone of `team` where the table is in reach of a win at all.
bool stopping_wins(const Table& table, Rng& rng, const Policy& team, int take_time_coins);

}  // namespace coop
